using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Internal
{
    /// <summary>
    /// A buffer writer made of pooled 64 KB segments: it grows without copying and never asks for an
    /// array large enough to land on the Large Object Heap (85,000 bytes and up). Its contents read back
    /// as a multi-segment <see cref="ReadOnlySequence{T}"/>.
    /// </summary>
    internal sealed class SegmentedBuffer : IBufferWriter<byte>, IDisposable
    {
        internal const int SegmentSize = 64 * 1024;

        // Segments come from a pool of their own: the shared pool keeps only a few arrays of a size per core, so a
        // payload of a few megabytes (tens of segments) would allocate most of its segments anew on every call and
        // drop them again. This pool keeps up to 64 segments (4 MB) between calls.
        private static readonly ArrayPool<byte> s_segments = ArrayPool<byte>.Create(SegmentSize, 64);

        private readonly List<byte[]> _segments = new List<byte[]>();
        private readonly List<int> _lengths = new List<int>();   // bytes used in each segment

        /// <summary>Bytes written.</summary>
        public long Length { get; private set; }

        public void Advance(int count)
        {
            int last = _segments.Count - 1;
            if (count < 0 || last < 0 || _lengths[last] + count > SegmentSize) throw new ArgumentOutOfRangeException(nameof(count));
            _lengths[last] += count;
            Length += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => Current(sizeHint);

        public Span<byte> GetSpan(int sizeHint = 0) => Current(sizeHint).Span;

        private Memory<byte> Current(int sizeHint)
        {
            if (sizeHint > SegmentSize) throw new ArgumentOutOfRangeException(nameof(sizeHint), sizeHint, $"At most {SegmentSize} bytes at a time.");
            int last = _segments.Count - 1;
            if (last < 0 || SegmentSize - _lengths[last] < Math.Max(sizeHint, 1))
            {
                // A new segment; the unused tail of the previous one simply stays unused.
                _segments.Add(s_segments.Rent(SegmentSize));
                _lengths.Add(0);
                last++;
            }
            return _segments[last].AsMemory(_lengths[last], SegmentSize - _lengths[last]);
        }

        /// <summary>The written bytes, one memory block per segment.</summary>
        public IEnumerable<ReadOnlyMemory<byte>> Blocks()
        {
            for (int i = 0; i < _segments.Count; i++)
            {
                if (_lengths[i] > 0) yield return _segments[i].AsMemory(0, _lengths[i]);
            }
        }

        /// <summary>The written bytes as a sequence over the segments (valid until the next write or reset).</summary>
        public ReadOnlySequence<byte> AsSequence()
        {
            Chunk? first = null, last = null;
            foreach (ReadOnlyMemory<byte> block in Blocks())
            {
                if (first == null) first = last = new Chunk(block, 0);
                else last = last!.Append(block);
            }
            return first == null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
        }

        public void WriteTo(Stream destination)
        {
            foreach (ReadOnlyMemory<byte> block in Blocks()) destination.Write(block.Span);
        }

        public async ValueTask WriteToAsync(Stream destination, CancellationToken cancellationToken)
        {
            foreach (ReadOnlyMemory<byte> block in Blocks()) await destination.WriteAsync(block, cancellationToken).ConfigureAwait(false);
        }

        /// <summary>Returns every segment to the pool; the buffer is empty and usable again.</summary>
        public void Reset()
        {
            foreach (byte[] s in _segments) s_segments.Return(s);
            _segments.Clear();
            _lengths.Clear();
            Length = 0;
        }

        public void Dispose() => Reset();

        private sealed class Chunk : ReadOnlySequenceSegment<byte>
        {
            public Chunk(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Chunk Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Chunk(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }
}
