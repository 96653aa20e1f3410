using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Amber.Bench.Workloads;

namespace Amber.Echo
{
    /// <summary>The messages the clients send: the suite's envelope (Header "Test", fresh From/To Guids, everything else default) and a 32-byte payload.</summary>
    public static class Messages
    {
        public static MessageEnvelope Create(Random random)
        {
            Span<byte> bytes = stackalloc byte[16];
            random.NextBytes(bytes);
            var from = new Guid(bytes);
            random.NextBytes(bytes);
            return new MessageEnvelope { Header = "Test", From = from, To = new Guid(bytes) };
        }

        /// <summary>The payload of message <paramref name="sequence"/>: its number, then a pattern from it.</summary>
        public static void FillPayload(Span<byte> payload, long sequence)
        {
            BinaryPrimitives.WriteInt64LittleEndian(payload, sequence);
            for (int i = 8; i < payload.Length; i++) payload[i] = (byte)(sequence * 31 + i);
        }

        public static bool PayloadMatches(ReadOnlySpan<byte> payload, long sequence)
        {
            Span<byte> expected = stackalloc byte[EchoRun.PayloadBytes];
            FillPayload(expected, sequence);
            return payload.SequenceEqual(expected);
        }

        /// <summary>The first member that differs between the envelope sent and the one echoed, or null.</summary>
        public static string? Difference(MessageEnvelope sent, MessageEnvelope? echoed)
        {
            if (echoed == null) return "came back null";
            if (sent.IsInternal != echoed.IsInternal) return "IsInternal differs";
            if (sent.TimeStamp != echoed.TimeStamp || sent.TimeStamp.Kind != echoed.TimeStamp.Kind) return "TimeStamp differs";
            if (sent.MessageId != echoed.MessageId) return "MessageId differs";
            if (sent.Header != echoed.Header) return "Header differs";
            if (sent.From != echoed.From) return "From differs";
            if (sent.To != echoed.To) return "To differs";
            if (!SameMap(sent.KeyValuePairs, echoed.KeyValuePairs)) return "KeyValuePairs differ";
            return null;
        }

        private static bool SameMap(Dictionary<string, string>? a, Dictionary<string, string>? b)
        {
            if (a == null || b == null) return a == null && b == null;
            if (a.Count != b.Count) return false;
            foreach (KeyValuePair<string, string> pair in a)
            {
                if (!b.TryGetValue(pair.Key, out string? value) || value != pair.Value) return false;
            }
            return true;
        }
    }

    /// <summary>
    /// Round-trip times in fixed buckets, allocated once: 1 µs wide below 10 ms, 10 µs wide below 100 ms,
    /// 1 ms wide below 10 s, and one bucket above. Percentiles are read as the bucket's upper edge.
    /// </summary>
    public sealed class LatencyHistogram
    {
        private const int FineCount = 10_000, MidCount = 9_000, CoarseCount = 9_900;
        private readonly long[] _counts = new long[FineCount + MidCount + CoarseCount + 1];

        public long Count { get; private set; }

        public void Record(TimeSpan elapsed)
        {
            long us = (long)elapsed.TotalMicroseconds;
            int index = us < 10_000 ? (int)us
                : us < 100_000 ? FineCount + (int)((us - 10_000) / 10)
                : us < 10_000_000 ? FineCount + MidCount + (int)((us - 100_000) / 1000)
                : _counts.Length - 1;
            _counts[index]++;
            Count++;
        }

        public void Add(LatencyHistogram other)
        {
            for (int i = 0; i < _counts.Length; i++) _counts[i] += other._counts[i];
            Count += other.Count;
        }

        /// <summary>The round trip, in µs, that <paramref name="fraction"/> of the messages took at most.</summary>
        public double Percentile(double fraction)
        {
            if (Count == 0) return double.NaN;
            long target = (long)Math.Ceiling(Count * fraction);
            long seen = 0;
            for (int i = 0; i < _counts.Length; i++)
            {
                seen += _counts[i];
                if (seen >= target) return UpperEdge(i);
            }
            return UpperEdge(_counts.Length - 1);
        }

        private static double UpperEdge(int index) =>
            index < FineCount ? index + 1
            : index < FineCount + MidCount ? 10_000 + (index - FineCount + 1) * 10
            : index < FineCount + MidCount + CoarseCount ? 100_000 + (index - FineCount - MidCount + 1) * 1000
            : double.PositiveInfinity;
    }
}
