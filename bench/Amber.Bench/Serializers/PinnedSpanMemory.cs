using System;
using System.Buffers;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// A <see cref="Memory{T}"/> over a pinned span, for a peer that reads only <c>ReadOnlyMemory&lt;byte&gt;</c>
    /// or <c>ReadOnlySequence&lt;byte&gt;</c>: the payload reaches it without a copy. One instance per adapter,
    /// re-pointed per call; valid only inside the caller's <c>fixed</c> block, which is the whole read.
    /// </summary>
    internal sealed unsafe class PinnedSpanMemory : MemoryManager<byte>
    {
        private byte* _pointer;
        private int _length;

        /// <summary>The memory over <paramref name="length"/> bytes at <paramref name="pointer"/> (pinned by the caller).</summary>
        public ReadOnlyMemory<byte> Over(byte* pointer, int length)
        {
            _pointer = pointer;
            _length = length;
            return Memory;
        }

        public override Span<byte> GetSpan() => new Span<byte>(_pointer, _length);

        public override MemoryHandle Pin(int elementIndex = 0) => new MemoryHandle(_pointer + elementIndex);

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
