using System;
using System.Buffers;
using System.Collections.Generic;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// One segment of a hand-built <see cref="ReadOnlySequence{T}"/>. Each segment's bytes live in
    /// their own array, surrounded by guard bytes, so a reader that runs past the end of a segment
    /// reads garbage (and fails a test) instead of the next segment's bytes by luck.
    /// </summary>
    public sealed class TestSegment : ReadOnlySequenceSegment<byte>
    {
        /// <summary>The value of the guard bytes placed around every segment's memory.</summary>
        public const byte Guard = 0xCC;

        private const int GuardLength = 8;

        public TestSegment(ReadOnlySpan<byte> bytes, TestSegment? previous)
        {
            var storage = new byte[bytes.Length + 2 * GuardLength];
            storage.AsSpan().Fill(Guard);
            bytes.CopyTo(storage.AsSpan(GuardLength));
            Memory = storage.AsMemory(GuardLength, bytes.Length);
            if (previous != null)
            {
                RunningIndex = previous.RunningIndex + previous.Memory.Length;
                previous.Next = this;
            }
        }
    }

    /// <summary>Builds multi-segment <see cref="ReadOnlySequence{T}"/> instances for reader tests.</summary>
    public static class TestSequences
    {
        /// <summary>A sequence whose segments are exactly <paramref name="segments"/> (empty segments allowed).</summary>
        public static ReadOnlySequence<byte> FromSegments(params byte[][] segments)
        {
            if (segments.Length == 0) return ReadOnlySequence<byte>.Empty;
            TestSegment first = new TestSegment(segments[0], null);
            TestSegment last = first;
            for (int i = 1; i < segments.Length; i++) last = new TestSegment(segments[i], last);
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        /// <summary>Splits <paramref name="data"/> at the given ascending offsets (0 and data.Length give empty segments).</summary>
        public static ReadOnlySequence<byte> SplitAt(byte[] data, params int[] offsets)
        {
            var parts = new List<byte[]>();
            int start = 0;
            foreach (int offset in offsets)
            {
                if (offset < start || offset > data.Length) throw new ArgumentOutOfRangeException(nameof(offsets));
                parts.Add(data.AsSpan(start, offset - start).ToArray());
                start = offset;
            }
            parts.Add(data.AsSpan(start).ToArray());
            return FromSegments(parts.ToArray());
        }

        /// <summary>Segments of <paramref name="chunkSize"/> bytes (the last may be shorter).</summary>
        public static ReadOnlySequence<byte> Chunked(byte[] data, int chunkSize)
        {
            if (chunkSize < 1) throw new ArgumentOutOfRangeException(nameof(chunkSize));
            var parts = new List<byte[]>();
            for (int i = 0; i < data.Length; i += chunkSize) parts.Add(data.AsSpan(i, Math.Min(chunkSize, data.Length - i)).ToArray());
            if (parts.Count == 0) parts.Add(Array.Empty<byte>());
            return FromSegments(parts.ToArray());
        }

        /// <summary>One segment per byte.</summary>
        public static ReadOnlySequence<byte> OneByteSegments(byte[] data) => Chunked(data, 1);

        /// <summary>One byte per segment with an empty segment between every two bytes (and at both ends).</summary>
        public static ReadOnlySequence<byte> OneByteSegmentsWithEmpties(byte[] data)
        {
            var parts = new List<byte[]> { Array.Empty<byte>() };
            foreach (byte b in data)
            {
                parts.Add(new[] { b });
                parts.Add(Array.Empty<byte>());
            }
            return FromSegments(parts.ToArray());
        }

        /// <summary>Every two-segment split of <paramref name="data"/>: (split offset, sequence) for offsets 0 … data.Length.</summary>
        public static IEnumerable<(int Offset, ReadOnlySequence<byte> Sequence)> AllTwoWaySplits(byte[] data)
        {
            for (int i = 0; i <= data.Length; i++) yield return (i, SplitAt(data, i));
        }
    }
}
