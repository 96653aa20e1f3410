using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Bench.Runner;
using Amber.Bench.Workloads;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>
    /// Hostile input over the bench workloads' own payloads (docs/security.md): every truncated
    /// prefix, and at every position a set of single-byte changes (0x00, 0xFF, the byte + 1, the low and
    /// high bit flipped), read through the span, sequence (one segment and 64-byte segments) and stream
    /// entry points. Each read either succeeds or throws AmberException; nothing else.
    /// The workloads' tiny payloads run to 40 KB (sportevents), so by default positions are taken with a
    /// stride that keeps each payload to about 3,000 of them (every position up to that size);
    /// AMBER_FULL_SWEEP=1 takes every position (about 3 minutes on two cores).
    /// </summary>
    public class CorruptionSweepTests
    {
        public static IEnumerable<object[]> Workloads() => BenchRunner.AllWorkloads().Select(w => new object[] { w.Name });

        /// <summary>The workload's cases at tiny scale (everyday has four, of different shapes).</summary>
        private static IEnumerable<WorkloadCase> TinyCases(string name) =>
            BenchRunner.AllWorkloads().Single(w => w.Name == name).Cases(BenchScale.Tiny, false);

        [Theory]
        [MemberData(nameof(Workloads))]
        public void Every_prefix_and_byte_change_of_the_workload_payload_reads_or_fails_with_AmberException(string name)
        {
            foreach (WorkloadCase input in TinyCases(name))
            {
                string result = input.Accept(new Sweep());
                Assert.Equal("ok", result);
            }
        }

        private sealed class Sweep : IWorkloadCaseVisitor<string>
        {
            public string Visit<T>(WorkloadCase<T> input)
            {
                AmberOptions options = (input.Needs & ShapeNeeds.SharedReferences) != 0 ? new AmberOptions { PreserveReferences = true } : AmberOptions.Default;
                SweepPayload<T>(AmberSerializer.Serialize(input.Value, options), input.Title);
                return "ok";
            }

            /// <summary>Each item's own payload, declared as the item type (the tiny case has a few dozen, each a few dozen bytes).</summary>
            public string Visit<TItem>(PayloadPerItemCase<TItem> input)
            {
                for (int i = 0; i < input.Items.Count; i++) SweepPayload<TItem>(AmberSerializer.Serialize(input.Items[i]), $"{input.Title}[{i}]");
                return "ok";
            }

            private static void SweepPayload<T>(byte[] payload, string title)
            {
                Assert.True(Read<T>(payload, "whole", span: true));

                int stride = Environment.GetEnvironmentVariable("AMBER_FULL_SWEEP") == "1" ? 1 : Math.Max(1, payload.Length / 3000);
                for (int length = 0; length < payload.Length; length += stride)
                {
                    byte[] cut = payload.AsSpan(0, length).ToArray();
                    Assert.False(Read<T>(cut, $"{title} cut to {length} of {payload.Length}", span: length % 3 != 2));
                }

                byte[] data = (byte[])payload.Clone();
                for (int i = 0; i < data.Length; i += stride)
                {
                    byte original = data[i];
                    foreach (byte changed in new[] { (byte)0x00, (byte)0xFF, (byte)(original + 1), (byte)(original ^ 0x01), (byte)(original ^ 0x80) })
                    {
                        if (changed == original) continue;
                        data[i] = changed;
                        Read<T>(data, $"{title} byte {i}: 0x{original:X2} -> 0x{changed:X2}", span: (i & 1) == 0);
                    }
                    data[i] = original;
                }
            }

            /// <summary>Reads through the span entry point or the others (alternating keeps the run short); true if it read.</summary>
            private static bool Read<T>(byte[] data, string what, bool span)
            {
                var outcomes = new List<bool>();
                if (span)
                {
                    outcomes.Add(Outcome(what + " (span)", () => AmberSerializer.Deserialize<T>(data)));
                }
                else
                {
                    outcomes.Add(Outcome(what + " (sequence)", () => AmberSerializer.Deserialize<T>(new ReadOnlySequence<byte>(data))));
                    outcomes.Add(Outcome(what + " (64-byte segments)", () => AmberSerializer.Deserialize<T>(Segments(data, 64))));
                    outcomes.Add(Outcome(what + " (stream)", () => AmberSerializer.Deserialize<T>(new MemoryStream(data))));
                    Assert.True(outcomes.Distinct().Count() == 1, what + ": the entry points disagree");
                }
                return outcomes[0];
            }

            private static bool Outcome(string what, Action read)
            {
                try
                {
                    read();
                    return true;
                }
                catch (AmberException ex)
                {
                    Assert.False(string.IsNullOrEmpty(ex.Problem), what);
                    return false;
                }
                catch (Exception ex)
                {
                    Assert.Fail($"{what}: threw {ex.GetType().Name} instead of AmberException: {ex.Message}");
                    return false;
                }
            }

            private static ReadOnlySequence<byte> Segments(byte[] data, int size)
            {
                if (data.Length <= size) return new ReadOnlySequence<byte>(data);
                var first = new Segment(data.AsMemory(0, size), 0);
                Segment last = first;
                for (int at = size; at < data.Length; at += size) last = last.Append(data.AsMemory(at, Math.Min(size, data.Length - at)));
                return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
            }

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
        }
    }
}
