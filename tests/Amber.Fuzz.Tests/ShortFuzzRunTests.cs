using System.Linq;
using System.Text;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Targets;
using Xunit;
using Xunit.Abstractions;

namespace Amber.Fuzz.Tests
{
    /// <summary>The short deterministic fuzz run of <c>dotnet test</c>: every target, a fixed seed, a fixed number of executions.</summary>
    public class ShortFuzzRunTests
    {
        private const long Iterations = 400;
        private readonly ITestOutputHelper _output;

        public ShortFuzzRunTests(ITestOutputHelper output) => _output = output;

        [Fact]
        public void Every_target_survives_a_short_run_with_a_fixed_seed()
        {
            // On a 512 KB stack, as the command line runs it: nesting that needs a bigger stack is a finding.
            FuzzReport? report = null;
            var thread = new System.Threading.Thread(() =>
            {
                using var engine = new FuzzEngine(FuzzTarget.All, new FuzzOptions { Seed = 20261122, Iterations = Iterations });
                report = engine.Run();
            }, 512 * 1024);
            thread.Start();
            thread.Join();
            Assert.NotNull(report);

            var summary = new StringBuilder();
            foreach (Finding f in report.Findings) summary.AppendLine(f + "\n" + f.Details + "\n" + System.Convert.ToHexString(f.Input));
            _output.WriteLine($"{report.TotalExecutions} executions in {report.Elapsed.TotalSeconds:N1} s, {report.Targets.Sum(t => t.Signatures)} signatures");
            Assert.True(report.Findings.Count == 0, summary.ToString());

            Assert.Equal(101, report.Targets.Count);   // 16 models through their entry points (the checked one among them), the connection target and four relays
            foreach (TargetStats t in report.Targets)
            {
                // Seeds plus the mutated inputs; the seeds are valid payloads, so each target also saw successes,
                // and mutation reached more than a handful of distinct failures.
                Assert.True(t.Executions >= Iterations, t.Target.Name);
                Assert.True(t.Successes >= 6, $"{t.Target.Name}: {t.Successes} successes");
                Assert.True(t.Signatures >= 20, $"{t.Target.Name}: {t.Signatures} signatures");
            }
        }

        [Fact]
        public void The_same_seed_gives_the_same_run()
        {
            var targets = FuzzTarget.Select("Scene");
            int[] Run()
            {
                using var engine = new FuzzEngine(targets, new FuzzOptions { Seed = 7, Iterations = 200 });
                return engine.Run().Targets.Select(t => t.Signatures * 100000 + t.CorpusSize).ToArray();
            }
            Assert.Equal(Run(), Run());
        }

        [Fact]
        public void Every_seed_payload_reads_back_through_every_entry_point()
        {
            using var engine = new FuzzEngine(FuzzTarget.All, new FuzzOptions { Iterations = 1 });
            foreach (FuzzTarget t in FuzzTarget.All)
            {
                foreach (byte[] seed in t.Model.MakeSeeds(1))
                {
                    ExecutionResult r = engine.Execute(t, seed, Delivery.Choose(t.Entry, seed.Length, new System.Random(3)).WithOptions(0));
                    // A relay may refuse a seed of its model (KeptRelayTests says which); it never fails one otherwise.
                    Assert.True(r.Error == null || (t.Entry == EntryPoint.Relay && r.Error is AmberException), $"{t.Name}: {r.Error}");
                }
            }
        }
    }
}
