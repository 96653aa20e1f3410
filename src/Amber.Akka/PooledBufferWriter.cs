using System;
using System.Buffers;

namespace Amber.Akka
{
    /// <summary>
    /// A growable buffer reused by one thread: Akka wants each payload as an exact <see cref="T:byte[]"/>, so a payload is
    /// written here first and copied out once, and the only allocation per message is the array Akka keeps.
    /// </summary>
    internal sealed class PooledBufferWriter : IBufferWriter<byte>
    {
        // A buffer grown past this by one large payload is given back after it, not kept by the thread for ever.
        private const int KeepAtMost = 1 << 20;

        [ThreadStatic] private static PooledBufferWriter? t_cached;

        private byte[] _buffer;
        private int _written;

        private PooledBufferWriter() => _buffer = ArrayPool<byte>.Shared.Rent(4096);

        /// <summary>The thread's writer, empty; give it back with <see cref="Return"/>.</summary>
        public static PooledBufferWriter Rent()
        {
            PooledBufferWriter? writer = t_cached;
            t_cached = null;
            writer ??= new PooledBufferWriter();
            writer._written = 0;
            return writer;
        }

        /// <summary>Keeps <paramref name="writer"/> for the thread's next payload, unless one payload made it large.</summary>
        public static void Return(PooledBufferWriter writer)
        {
            if (writer._buffer.Length > KeepAtMost)
            {
                ArrayPool<byte>.Shared.Return(writer._buffer);
                writer._buffer = ArrayPool<byte>.Shared.Rent(4096);
            }
            t_cached = writer;
        }

        /// <summary>The bytes written, copied into an array of exactly their length.</summary>
        public byte[] ToArray() => _buffer.AsSpan(0, _written).ToArray();

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
            long wanted = Math.Max((long)_buffer.Length * 2, (long)_written + sizeHint);
            byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(wanted, int.MaxValue));
            _buffer.AsSpan(0, _written).CopyTo(larger);
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = larger;
        }
    }
}
