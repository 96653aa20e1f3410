using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using Xunit;
using Xunit.Abstractions;

namespace Amber.Tests.Compat
{
    /// <summary>
    /// Many threads serialize and deserialize at once, through every entry of the compatibility corpus
    /// (workloads, polymorphism, object members and the known-type registry, reference mode, surrogates,
    /// formatters, rows, wide shapes, V1 payloads read as V2 and back, chunked streams with each compressor,
    /// AmberFraming), and check every result: the bytes each write produces against the bytes one thread
    /// wrote alone, and each read member by member against the factory's object. Threads run the entries
    /// in different orders, so one thread's reader meets the shapes of one type written by two versions,
    /// and other types' shapes, payload after payload; some operations fail on purpose (a payload cut
    /// short) to check that the pooled writer and reader state is clean for the next operation.
    /// Bounded by an iteration count and a time budget; it asserts nothing about time.
    /// </summary>
    public class ConcurrencyStressTests
    {
        private const int Threads = 12;
        private const int IterationsPerThread = 400;
        private static readonly TimeSpan Budget = TimeSpan.FromSeconds(5);

        private readonly ITestOutputHelper _output;

        public ConcurrencyStressTests(ITestOutputHelper output) => _output = output;

        [Fact]
        public void Threads_writing_and_reading_every_corpus_entry_at_once_get_exactly_the_single_threaded_results()
        {
            IReadOnlyList<CompatEntry> entries = CompatCorpus.Entries;

            // What one thread alone writes, and that it reads back right (so a failure below is a race).
            byte[][] reference = entries.Select(e => e.Write()).ToArray();
            for (int i = 0; i < entries.Count; i++) entries[i].Verify(reference[i]);
            byte[] contactV1 = AmberSerializer.Serialize(CompatFactory.ContactV1());
            byte[] contactV2 = AmberSerializer.Serialize(CompatFactory.ContactV2());

            var failures = new ConcurrentQueue<string>();
            var operations = new int[Threads];
            using var start = new Barrier(Threads);
            var stopwatch = new Stopwatch();

            void Run(int thread)
            {
                var random = new Random(1000 + thread);
                start.SignalAndWait();
                if (thread == 0) stopwatch.Start();
                for (int iteration = 0; iteration < IterationsPerThread && (iteration < 20 || stopwatch.Elapsed < Budget); iteration++)
                {
                    int pick = random.Next(entries.Count + 4);
                    string what = pick < entries.Count ? entries[pick].Name : "special " + (pick - entries.Count);
                    try
                    {
                        if (pick < entries.Count)
                        {
                            byte[] written = entries[pick].Write();
                            if (!written.AsSpan().SequenceEqual(reference[pick]))
                                throw new InvalidOperationException($"wrote {written.Length} bytes that differ from the {reference[pick].Length} one thread wrote alone");
                            entries[pick].Verify(written);
                        }
                        else
                        {
                            Special(pick - entries.Count, random, contactV1, contactV2);
                        }

                        Interlocked.Increment(ref operations[thread]);
                    }
                    catch (Exception ex)
                    {
                        failures.Enqueue($"thread {thread}, iteration {iteration}, {what}: {ex}");
                    }
                }
            }

            var threads = Enumerable.Range(0, Threads).Select(t => new Thread(() => Run(t)) { IsBackground = true, Name = "amber-stress-" + t }).ToArray();
            foreach (Thread t in threads) t.Start();
            foreach (Thread t in threads) Assert.True(t.Join(TimeSpan.FromMinutes(2)), "a stress thread did not finish (a deadlock?)");

            _output.WriteLine($"{Threads} threads, {operations.Sum()} operations checked ({string.Join(", ", operations)}), {failures.Count} failed, {stopwatch.Elapsed.TotalSeconds:F1} s");
            Assert.True(failures.IsEmpty, $"{failures.Count} of {operations.Sum() + failures.Count} operations failed; the first:\n" + string.Join("\n\n", failures.Take(3)));
            Assert.All(operations, n => Assert.True(n >= 20, "every thread ran at least 20 operations"));
        }

        /// <summary>Operations the corpus entries do not do: other entry points, cross-version reads back to back, and failures on purpose.</summary>
        private static void Special(int which, Random random, byte[] contactV1, byte[] contactV2)
        {
            switch (which)
            {
                case 0:
                    // One type's two versions on one thread, back to back in a random order: the reader's
                    // per-thread shape cache must not answer a V2 payload with V1's mapping, or a V2 reader with V1's.
                    for (int i = 0; i < 8; i++)
                    {
                        switch (random.Next(4))
                        {
                            case 0: DeepCompare.Equal(CompatFactory.ContactV1(), AmberSerializer.Deserialize<CompatContactV1>(contactV1)); break;
                            case 1: DeepCompare.Equal(CompatFactory.ContactV1AsV2(), AmberSerializer.Deserialize<CompatContactV2>(contactV1)); break;
                            case 2: DeepCompare.Equal(CompatFactory.ContactV2(), AmberSerializer.Deserialize<CompatContactV2>(contactV2)); break;
                            default: DeepCompare.Equal(CompatFactory.ContactV2AsV1(), AmberSerializer.Deserialize<CompatContactV1>(contactV2)); break;
                        }
                    }

                    break;

                case 1:
                    // The pooled writer and reader after a failure: a payload cut short fails, and the next
                    // operation on this thread still reads and writes exactly.
                    byte[] save = AmberSerializer.Serialize(CompatFactory.GameSave());
                    Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<GameSave>(save.AsSpan(0, random.Next(1, save.Length))));
                    byte[] refs = AmberSerializer.Serialize(CompatFactory.References(), new AmberOptions { PreserveReferences = true });
                    Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<CompatReferences>(refs.AsSpan(0, random.Next(1, refs.Length)), new AmberOptions { PreserveReferences = true }));
                    DeepCompare.Equal(CompatFactory.GameSave(), AmberSerializer.Deserialize<GameSave>(save));
                    DeepCompare.Equal(CompatFactory.References(), AmberSerializer.Deserialize<CompatReferences>(refs, new AmberOptions { PreserveReferences = true }), identity: true);
                    break;

                case 2:
                    // Writer and reader through the other entry points: a buffer writer, a split sequence, a stream, async.
                    var buffer = new ArrayBufferWriter<byte>();
                    AmberSerializer.Serialize(buffer, CompatFactory.Objects());
                    byte[] bytes = buffer.WrittenSpan.ToArray();
                    int split = random.Next(1, bytes.Length);
                    var first = new Segment(bytes.AsMemory(0, split));
                    Segment last = first.Append(bytes.AsMemory(split));
                    DeepCompare.Equal(CompatFactory.Objects(), AmberSerializer.Deserialize<CompatObjects>(new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length)));
                    var stream = new MemoryStream();
                    AmberSerializer.SerializeAsync(stream, CompatFactory.Polymorphism()).AsTask().GetAwaiter().GetResult();
                    stream.Position = 0;
                    DeepCompare.Equal(CompatFactory.Polymorphism(), AmberSerializer.DeserializeAsync<CompatPolymorphism>(stream).AsTask().GetAwaiter().GetResult());
                    break;

                default:
                    // Object values of every kind, boxed and read back through the known-type registry.
                    object[] values = { 5, "s", 2.5, CompatIntEnum.Negative, new EngineVector2 { X = 1 }, new CompatMoney(1m, "EUR"), new CompatCat("c", 1), new List<CompatNested> { new CompatNested { Id = 4 } }, new CompatSquare { Width = 3 } };
                    object value = values[random.Next(values.Length)];
                    DeepCompare.Equal(value, AmberSerializer.Deserialize<object>(AmberSerializer.Serialize<object>(value)));
                    break;
            }
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory) => Memory = memory;

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory) { RunningIndex = RunningIndex + Memory.Length };
                Next = next;
                return next;
            }
        }
    }
}
