using System;
using System.Collections.Generic;
using System.Threading;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Targets;
using Xunit;

namespace Amber.Fuzz.Tests
{
    /// <summary>The oracle catches what it promises to: a fake target that misbehaves on some inputs must produce findings.</summary>
    public class OracleTests
    {
        private static readonly byte[] s_seed = { 0x16, 0x04, 0x85, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00 };   // an int[] of 1, 2, 3 (packed); the fakes do not read it

        private static FuzzTarget Fake(Func<byte[], object?> read, EntryPoint entry = EntryPoint.Span) =>
            new FuzzTarget(new FuzzModel("Fake", typeof(object),
                (f, o) => s_seed,
                (s, o) => read(s.ToArray()),
                (in System.Buffers.ReadOnlySequence<byte> s, AmberOptions? o) => read(System.Buffers.BuffersExtensions.ToArray(s)),
                (s, o) => { var m = new System.IO.MemoryStream(); s.CopyTo(m); return read(m.ToArray()); },
                (s, o) => { var m = new System.IO.MemoryStream(); s.CopyTo(m); return System.Threading.Tasks.Task.FromResult(read(m.ToArray())); }), entry);

        private static IReadOnlyList<Finding> Run(FuzzTarget target, FuzzOptions? options = null)
        {
            options ??= new FuzzOptions { Iterations = 300 };
            using var engine = new FuzzEngine(new[] { target }, options);
            return engine.Run().Findings;
        }

        [Fact]
        public void An_exception_other_than_AmberException_is_a_crash()
        {
            var findings = Run(Fake(b => b.Length != s_seed.Length ? throw new IndexOutOfRangeException() : null));
            Finding f = Assert.Single(findings);
            Assert.Equal(FindingKind.Crash, f.Kind);
            Assert.StartsWith("IndexOutOfRangeException@", f.Identity);
        }

        [Fact]
        public void A_target_whose_every_seed_fails_reports_it_and_the_run_goes_on()
        {
            // Nothing joins the corpus, so there is nothing to mutate: the seeds' finding is the result, not a crash of the engine.
            Finding f = Assert.Single(Run(Fake(_ => throw new InvalidOperationException("always"))));
            Assert.Equal(FindingKind.Crash, f.Kind);
        }

        [Fact]
        public void An_AmberException_is_a_finding_without_an_offset_inside_the_input()
        {
            var findings = Run(Fake(b => b.Length != s_seed.Length ? throw new AmberException("no offset") : null));
            Assert.Equal(FindingKind.BadAmberException, Assert.Single(findings).Kind);

            Assert.Empty(Run(Fake(b => b.Length != s_seed.Length ? throw new AmberException("fine", b.Length / 2, null) : null)));
        }

        [Fact]
        public void A_slow_execution_is_a_hang()
        {
            var findings = Run(Fake(b => { if (b.Length == 1) Thread.Sleep(400); return null; }),
                new FuzzOptions { Iterations = 300, HangLimit = TimeSpan.FromMilliseconds(200) });
            Assert.Contains(findings, f => f.Kind == FindingKind.Hang);
        }

        [Fact]
        public void Allocating_far_more_than_the_input_is_a_blow_up()
        {
            var findings = Run(Fake(b => b.Length > s_seed.Length ? new byte[8 << 20] : null));
            Finding f = Assert.Single(findings);
            Assert.Equal(FindingKind.AllocationBlowUp, f.Kind);
        }

        [Fact]
        public void A_sequence_entry_point_that_disagrees_with_the_span_one_is_a_finding()
        {
            var target = new FuzzTarget(new FuzzModel("Fake", typeof(object),
                (f, o) => s_seed,
                (s, o) => null,
                (in System.Buffers.ReadOnlySequence<byte> s, AmberOptions? o) => s.IsSingleSegment ? null : throw new AmberException("split", 0, null),
                (s, o) => null,
                (s, o) => System.Threading.Tasks.Task.FromResult<object?>(null)), EntryPoint.Sequence);
            Assert.Contains(Run(target), f => f.Kind == FindingKind.Disagreement);
        }
        private static FuzzTarget Checked(Func<byte[], object?> span, Func<byte[], object?> sequence) =>
            new FuzzTarget(new FuzzModel("Fake", typeof(Dictionary<string, object>),
                (f, o) => s_seed,
                (s, o) => span(s.ToArray()),
                (in System.Buffers.ReadOnlySequence<byte> s, AmberOptions? o) => sequence(System.Buffers.BuffersExtensions.ToArray(s)),
                (s, o) => null,
                (s, o) => System.Threading.Tasks.Task.FromResult<object?>(null)), EntryPoint.Checked);

        private static Dictionary<string, object> Bag(params int[] values)
        {
            var bag = new Dictionary<string, object>();
            for (int i = 0; i < values.Length; i++) bag["v" + i] = values[i];
            return bag;
        }

        [Fact]
        public void The_checked_read_must_give_the_span_reads_value_or_error()
        {
            // Values are compared by the bytes they write back as the root type (a dictionary the fuzzer serves here).
            Assert.Empty(Run(Checked(b => Bag(b.Length), b => Bag(b.Length))));
            Finding value = Assert.Single(Run(Checked(b => Bag(b.Length), b => Bag(b.Length, 0))));
            Assert.Equal(FindingKind.Disagreement, value.Kind);
            Assert.Contains("different values", value.Details);

            // The same error at another offset is a disagreement too.
            Finding error = Assert.Single(Run(Checked(b => throw new AmberException("bad", 0, null), b => throw new AmberException("bad", b.Length > 0 ? 1 : 0, null))));
            Assert.Equal(FindingKind.Disagreement, error.Kind);
        }

        [Fact]
        public void Checked_deliveries_cut_the_input_shorter_than_any_window()
        {
            // Every segment is shorter than a window's slack alone, so HasReserved fails for every window of every reader.
            var random = new Random(7);
            for (int i = 0; i < 200; i++)
            {
                Delivery d = Delivery.Choose(EntryPoint.Checked, random.Next(1, 300), random);
                Assert.All(d.Segments!, n => Assert.InRange(n, 1, Delivery.MaxCheckedSegment));
            }
        }
    }
}
