using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Amber.Fuzz.Afl;
using Xunit;

namespace Amber.Fuzz.Tests
{
    /// <summary>
    /// The AFL++ harness (fuzz/Amber.Fuzz.Afl): its targets still run their seeds, and every saved fuzz finding
    /// (tests/Amber.Tests/Serialization/FuzzFindings, <c>Model.entry-hash.bin</c>, where fuzz/afl.sh copies afl-fuzz's
    /// crashes and hangs) replays through its target with no exception but an <see cref="AmberException"/>.
    /// </summary>
    public class AflFindingsTests
    {
        /// <summary>The main thread's stack under afl-fuzz (8 MB on Linux), where the harness found what it found.</summary>
        private const int StackBytes = 8 << 20;

        private static readonly TimeSpan HangLimit = TimeSpan.FromSeconds(20);

        public static TheoryData<string> Findings()
        {
            var data = new TheoryData<string>();
            foreach (string file in FindingFiles())
            {
                data.Add(Path.GetFileName(file));
            }
            return data;
        }

        private static string FindingsDirectory([CallerFilePath] string path = "") =>
            Path.Combine(Path.GetDirectoryName(path)!, "..", "Amber.Tests", "Serialization", "FuzzFindings");

        /// <summary>Every saved input whose name starts with a target the harness knows.</summary>
        private static IEnumerable<string> FindingFiles() =>
            Directory.GetFiles(FindingsDirectory(), "*.bin").Where(f => AflTargets.Find(TargetOf(f)) != null).OrderBy(f => f, StringComparer.Ordinal);

        private static string TargetOf(string file)
        {
            string name = Path.GetFileNameWithoutExtension(file);
            int dash = name.LastIndexOf('-');
            return dash < 0 ? name : name.Substring(0, dash);
        }

        [Theory]
        [MemberData(nameof(Findings))]
        public void A_saved_finding_is_read_or_refused_with_an_AmberException(string file)
        {
            Assert.Null(Replay(file));
        }

        /// <summary>Runs a saved input through its target on its own thread; returns the exception that is not an AmberException.</summary>
        private static Exception? Replay(string file)
        {
            AflTarget target = AflTargets.Find(TargetOf(file))!;
            byte[] input = File.ReadAllBytes(Path.Combine(FindingsDirectory(), file));
            Exception? error = null;
            var thread = new Thread(() =>
            {
                try
                {
                    Afl.Program.RunOne(target, input);
                }
                catch (Exception e)
                {
                    error = e;
                }
            }, StackBytes);
            thread.IsBackground = true;
            thread.Start();
            Assert.True(thread.Join(HangLimit), $"{file} still runs after {HangLimit.TotalSeconds} s (a hang)");
            return error;
        }

        [Fact]
        public void The_findings_folder_has_inputs_the_harness_replays()
        {
            // The theory above would pass with no data at all; the in-process fuzzer's Deep.span finding is one it replays, and
            // the seven Scene.json inputs afl.sh found on 2026-11-23 (a polymorphic member of a concrete declared type holding a
            // shape without a type tag, whose JSON view FromJson refused) are regression tests since the view's q<tag> descriptor.
            Assert.Contains(FindingFiles(), f => Path.GetFileName(f) == "Deep.span-497a677fab85e270.bin");
            Assert.Equal(7, FindingFiles().Count(f => Path.GetFileName(f).StartsWith("Scene.json-", StringComparison.Ordinal)));
        }

        [Fact]
        public void Every_default_target_exists_and_reads_its_seeds()
        {
            Assert.Equal(18, AflTargets.Default.Count);
            foreach (string name in AflTargets.Default)
            {
                AflTarget target = Assert.IsType<AflTarget>(AflTargets.Find(name));
                List<byte[]> seeds = target.Seeds(1);
                Assert.True(seeds.Count >= 3, name);
                foreach (byte[] seed in seeds) target.Run(seed);
            }
        }

        [Fact]
        public void An_unknown_target_or_entry_point_is_not_found()
        {
            Assert.Null(AflTargets.Find("Nope.span"));
            Assert.Null(AflTargets.Find("Scene.nope"));
            Assert.Null(AflTargets.Find("Scalars.stream"));
            Assert.Null(AflTargets.Find("Scene"));
            Assert.Null(AflTargets.Find("Kept.Nope"));
            Assert.Null(AflTargets.Find("Kept.Scalars"));   // a model without a relay
            Assert.NotNull(AflTargets.Find("Kept.Network"));
        }

        [Fact]
        public void The_sequence_targets_cut_the_input_into_segments_of_1_to_13_bytes()
        {
            byte[] input = Enumerable.Range(0, 200).Select(i => (byte)i).ToArray();
            ReadOnlySequence<byte> sequence = AflTargets.Segments(input);
            var lengths = new List<int>();
            foreach (ReadOnlyMemory<byte> segment in sequence) lengths.Add(segment.Length);
            Assert.Equal(input, sequence.ToArray());
            Assert.Equal(Enumerable.Range(1, 13), lengths.Take(13));
            Assert.Equal(1, lengths[13]);
            Assert.All(lengths, n => Assert.InRange(n, 1, 13));
            Assert.True(AflTargets.Segments(Array.Empty<byte>()).IsEmpty);
        }

        [Fact]
        public void A_crash_is_anything_but_an_AmberException()
        {
            var refuses = new AflTarget("Test.refuses", _ => AmberSerializer.Deserialize<object>(new byte[] { 0xFF }), _ => new List<byte[]>());
            Afl.Program.RunOne(refuses, Array.Empty<byte>());
            var crashes = new AflTarget("Test.crashes", _ => throw new IndexOutOfRangeException(), _ => new List<byte[]>());
            Assert.Throws<IndexOutOfRangeException>(() => Afl.Program.RunOne(crashes, Array.Empty<byte>()));
        }
    }
}
