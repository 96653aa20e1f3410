using System;
using System.Buffers;
using System.IO;

namespace Amber.Internal
{
    /// <summary>
    /// A buffer writer that passes its bytes on to a stream every 64 KB, so serializing one large value
    /// to a stream needs one small pooled buffer, never the whole payload in memory.
    /// </summary>
    internal sealed class StreamBufferWriter : IBufferWriter<byte>, IDisposable
    {
        private const int Size = 64 * 1024;
        private readonly Stream _destination;
        private byte[] _buffer = ArrayPool<byte>.Shared.Rent(Size);
        private int _used;

        public StreamBufferWriter(Stream destination) => _destination = destination;

        public void Advance(int count)
        {
            if (count < 0 || _used + count > _buffer.Length) throw new ArgumentOutOfRangeException(nameof(count));
            _used += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsMemory(_used);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Ensure(sizeHint);
            return _buffer.AsSpan(_used);
        }

        private void Ensure(int sizeHint)
        {
            int need = Math.Max(sizeHint, 1);
            if (_buffer.Length - _used >= need) return;
            Flush();
            if (_buffer.Length < need)
            {
                ByteBuffers.Return(_buffer);
                _buffer = ArrayPool<byte>.Shared.Rent(need);
            }
        }

        /// <summary>Writes the buffered bytes to the stream.</summary>
        public void Flush()
        {
            if (_used == 0) return;
            _destination.Write(_buffer, 0, _used);
            _used = 0;
        }

        public void Dispose()
        {
            byte[] b = _buffer;
            _buffer = Array.Empty<byte>();
            if (b.Length > 0) ByteBuffers.Return(b);
        }
    }
}
