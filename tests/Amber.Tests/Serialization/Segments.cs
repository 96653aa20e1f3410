using System;
using System.Buffers;

namespace Amber.Tests.Serialization
{
    /// <summary>Builds multi-segment <see cref="ReadOnlySequence{T}"/>s over a payload.</summary>
    internal static class Segments
    {
        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }

        /// <summary>A sequence of the given chunks, in order (empty chunks allowed).</summary>
        public static ReadOnlySequence<byte> Of(params ReadOnlyMemory<byte>[] chunks)
        {
            if (chunks.Length == 0) return ReadOnlySequence<byte>.Empty;
            var first = new Segment(chunks[0], 0);
            Segment last = first;
            for (int i = 1; i < chunks.Length; i++) last = last.Append(chunks[i]);
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        /// <summary>Two segments, the first <paramref name="at"/> bytes long (each copied, so no segment shares memory).</summary>
        public static ReadOnlySequence<byte> SplitAt(byte[] data, int at) =>
            Of(data.AsSpan(0, at).ToArray(), data.AsSpan(at).ToArray());

        /// <summary>One segment per byte.</summary>
        public static ReadOnlySequence<byte> OneByte(byte[] data)
        {
            var chunks = new ReadOnlyMemory<byte>[data.Length];
            for (int i = 0; i < data.Length; i++) chunks[i] = new[] { data[i] };
            return Of(chunks);
        }
    }
}
