using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace Amber.Internal
{
    /// <summary>A growable buffer writer over pooled arrays, reused per thread by the byte[] and Stream entry points.</summary>
    internal sealed class PooledBufferWriter : IBufferWriter<byte>
    {
        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static PooledBufferWriter? t_cached;

        private const int MaxArrayLength = 0x7FFFFFC7;

        private byte[] _buffer;
        private int _written;

        private PooledBufferWriter(int initialSize) => _buffer = ArrayPool<byte>.Shared.Rent(initialSize);

        public static PooledBufferWriter Rent()
        {
            PooledBufferWriter? w = t_cached;
            if (w != null) { t_cached = null; return w; }
            return new PooledBufferWriter(4096);
        }

        public static void Return(PooledBufferWriter writer)
        {
            writer._written = 0;
            if (writer._buffer.Length > 1024 * 1024)
            {
                // Do not keep a huge buffer alive on the thread after one big payload.
                ByteBuffers.Return(writer._buffer);
                writer._buffer = ArrayPool<byte>.Shared.Rent(4096);
            }
            t_cached = writer;
        }

        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

        public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

        public void Advance(int count)
        {
            if (count < 0 || _written + count > _buffer.Length) throw new ArgumentOutOfRangeException(nameof(count));
            _written += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsMemory(_written);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsSpan(_written);
        }

        private void Ensure(int sizeHint)
        {
            if (sizeHint < 1) sizeHint = 1;
            if (_buffer.Length - _written >= sizeHint) return;
            long needed = (long)_written + sizeHint;
            long size = Math.Max(needed, (long)_buffer.Length * 2);
            if (size > MaxArrayLength) size = Math.Max(needed, MaxArrayLength);
            byte[] bigger = ArrayPool<byte>.Shared.Rent((int)size);
            _buffer.AsSpan(0, _written).CopyTo(bigger);
            ByteBuffers.Return(_buffer);
            _buffer = bigger;
        }
    }
}
