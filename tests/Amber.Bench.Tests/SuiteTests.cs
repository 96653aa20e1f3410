using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Xml.Linq;
using Amber.Bench.Runner;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>The whole suite once in tiny mode (figures meaningless; shape and verification are what count).</summary>
    public sealed class TinyRunFixture
    {
        public TinyRunFixture()
        {
            Adapters = Peers.All();
            Rows = BenchRunner.Run(BenchOptions.Parse(new[] { "--tiny" }), Adapters);
        }

        public IReadOnlyList<ISerializerAdapter> Adapters { get; }

        public List<ResultRow> Rows { get; }
    }

    public sealed class SuiteTests : IClassFixture<TinyRunFixture>
    {
        private readonly TinyRunFixture _run;

        public SuiteTests(TinyRunFixture run)
        {
            _run = run;
        }

        [Fact]
        public void AllWorkloadsAreKnown()
        {
            string[] names = BenchRunner.AllWorkloads().Select(w => w.Name).ToArray();
            Assert.Equal(8, names.Length);
            Assert.Equal(new[] { "envelope", "bookshelf", "sportevents", "gamestate", "gamestate-noshare", "bootpayload", "vector3", "everyday" }.OrderBy(n => n), names.OrderBy(n => n));
        }

        [Fact]
        public void EveryCaseOfEveryWorkloadHasAVerifiedRowForEverySerializerThatSupportsIt()
        {
            foreach (Workload w in BenchRunner.AllWorkloads())
            {
                foreach (WorkloadCase input in w.Cases(BenchScale.Tiny, sweep: false))
                {
                    foreach (ISerializerAdapter adapter in _run.Adapters.Where(a => a.Supports(w.Name)))
                    {
                        ResultRow? row = _run.Rows.SingleOrDefault(r => r.Workload == w.Name && r.Case == input.Case && r.Objects == input.Objects && r.Serializer == adapter.Name);
                        Assert.True(row != null, $"{adapter.Name} has no row for '{input.Title}'.");
                        Assert.True(row!.Measured && row.Verified, $"{adapter.Name} × {input.Title}: {row.Note}");
                    }
                }
            }
        }

        [Fact]
        public void EverydayPrintsOneTableAndOneSummaryLinePerCase()
        {
            var text = new StringWriter();
            Report.PrintTables(text, _run.Rows, BenchRunner.AllWorkloads());
            Report.PrintSummary(text, _run.Rows);
            string[] lines = text.ToString().Split('\n');
            foreach (string label in new[] { EverydayWorkload.Records, EverydayWorkload.Rows, EverydayWorkload.Sprites, EverydayWorkload.Messages })
            {
                Assert.Single(lines, l => l.StartsWith($"## everyday: {label} (", StringComparison.Ordinal));
                // One line in the best-peer summary and one in the Amber ÷ MemoryPack block.
                Assert.Equal(2, lines.Count(l => l.StartsWith($"everyday: {label} (", StringComparison.Ordinal)));
            }
        }

        [Fact]
        public void PeersAreInTableOrder()
        {
            Assert.Equal(
                new[] { "Amber", "MemoryPack", "MemoryPack (version tolerant)", "MessagePack (int keys)", "MessagePack (contractless)", "protobuf-net", "Orleans", "Nerdbank.MessagePack", "System.Text.Json (source gen)", "Newtonsoft.Json", "Hand-written static" },
                _run.Adapters.Select(a => a.Name));
        }

        [Fact]
        public void AmberHasARowForEveryWorkload()
        {
            foreach (Workload w in BenchRunner.AllWorkloads())
            {
                Assert.True(_run.Rows.Any(r => r.Workload == w.Name && r.Serializer == "Amber" && r.Measured), $"Amber has no measured row for '{w.Name}'.");
            }
        }

        [Fact]
        public void EverySerializerHasAMeasuredRowForEveryWorkloadItSupports()
        {
            foreach (ISerializerAdapter adapter in _run.Adapters)
            {
                foreach (Workload w in BenchRunner.AllWorkloads())
                {
                    bool row = _run.Rows.Any(r => r.Workload == w.Name && r.Serializer == adapter.Name);
                    if (adapter.Supports(w.Name))
                    {
                        ResultRow? measured = _run.Rows.FirstOrDefault(r => r.Workload == w.Name && r.Serializer == adapter.Name);
                        Assert.True(measured != null, $"{adapter.Name} has no row for '{w.Name}'.");
                        Assert.True(measured!.Measured, $"{adapter.Name} × {w.Name} was not measured: {measured.Note}");
                    }
                    else
                    {
                        Assert.False(row, $"{adapter.Name} does not support '{w.Name}' but has a row.");
                    }
                }
            }
        }

        [Fact]
        public void EveryMeasuredRowIsVerified()
        {
            string[] failures = _run.Rows.Where(r => r.Measured && !r.Verified).Select(r => $"{r.Workload} × {r.Serializer}: {r.Note}").ToArray();
            Assert.True(failures.Length == 0, "Not verified:\n" + string.Join("\n", failures));
            Assert.Contains(_run.Rows, r => r.Measured);
        }

        [Fact]
        public void HandWrittenTakesPartInTheEnvelopeOnly()
        {
            Assert.Equal(new[] { "envelope" }, _run.Rows.Where(r => r.Serializer == "Hand-written static").Select(r => r.Workload).Distinct());
        }

        [Fact]
        public void CsvHasTheHeaderAndOneLinePerRow()
        {
            string path = Path.Combine(Path.GetTempPath(), "amber-bench-test-" + Guid.NewGuid().ToString("N") + ".csv");
            try
            {
                Report.WriteCsv(path, _run.Rows);
                string[] lines = File.ReadAllText(path).Split('\n');
                Assert.Equal("", lines[^1]);
                lines = lines[..^1];
                Assert.Equal("workload,serializer,objects,size_bytes,serialize_ns,deserialize_ns,serialize_alloc_bytes,deserialize_alloc_bytes,peak_ws_bytes,verified", lines[0]);
                // One line per serializer row; a reference point (vector3's memory copy) is not a serializer and stays out.
                List<ResultRow> serializers = _run.Rows.Where(r => !r.IsBaseline).ToList();
                Assert.Contains(_run.Rows, r => r.IsBaseline);
                Assert.Equal(serializers.Count, lines.Length - 1);
                for (int i = 0; i < serializers.Count; i++)
                {
                    ResultRow r = serializers[i];
                    string line = lines[i + 1];
                    // The workload column names the case too where a workload has cases of different shapes ("everyday: records").
                    Assert.StartsWith(r.Title + ",", line);
                    Assert.EndsWith(r.Verified ? ",true" : ",false", line);
                    // No serializer name has a comma today, so every line has exactly the header's ten fields.
                    Assert.Equal(10, line.Split(',').Length);
                }
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Fact]
        public void SvgIsWellFormedXml()
        {
            string path = Path.Combine(Path.GetTempPath(), "amber-bench-test-" + Guid.NewGuid().ToString("N") + ".svg");
            try
            {
                Report.WriteSvg(path, _run.Rows);
                XDocument svg = XDocument.Load(path);
                XNamespace ns = "http://www.w3.org/2000/svg";
                Assert.Equal(ns + "svg", svg.Root!.Name);
                Assert.NotEmpty(svg.Root.Descendants(ns + "rect"));
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Fact]
        public void TablesPrintEveryRow()
        {
            var text = new StringWriter();
            Report.PrintTables(text, _run.Rows, BenchRunner.AllWorkloads());
            Report.PrintSummary(text, _run.Rows);
            string printed = text.ToString();
            foreach (ResultRow r in _run.Rows) Assert.Contains(r.Serializer, printed);
        }
    }

    public sealed class CommandLineTests
    {
        [Theory]
        [InlineData("--nope")]
        [InlineData("envelope")]
        [InlineData("--tiny", "--fast")]
        public void UnknownOptionsAreRejected(params string[] args)
        {
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(args));
        }

        [Fact]
        public void ColdStartModeTakesItsRoundCount()
        {
            BenchOptions o = BenchOptions.Parse(new[] { "--coldstart", "--runs", "3" });
            Assert.True(o.ColdStart);
            Assert.Equal(3, o.Runs);
            Assert.Equal(10, BenchOptions.Parse(new[] { "--coldstart" }).Runs);
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(new[] { "--coldstart", "--runs", "0" }));
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(new[] { "--coldstart", "--runs", "many" }));
        }

        [Fact]
        public void TheDefaultRunIsQuickAndTheLongRunsAreAskedFor()
        {
            BenchOptions quick = BenchOptions.Parse(Array.Empty<string>());
            Assert.Equal("quick", quick.Mode);
            Assert.False(quick.Long);
            Assert.Same(BenchScale.Quick, quick.Scale);

            BenchOptions longer = BenchOptions.Parse(new[] { "--long" });
            Assert.Equal("long", longer.Mode);
            Assert.True(longer.Long);
            Assert.Same(BenchScale.Quick, longer.Scale);

            BenchOptions full = BenchOptions.Parse(new[] { "--full" });
            Assert.Equal("full", full.Mode);
            Assert.True(full.Long);
            Assert.Same(BenchScale.Full, full.Scale);
        }

        [Fact]
        public void AnOptionWithoutItsValueIsRejected()
        {
            Assert.Throws<ArgumentException>(() => BenchOptions.Parse(new[] { "--workload" }));
        }

        [Fact]
        public void KnownOptionsParse()
        {
            BenchOptions o = BenchOptions.Parse(new[] { "--tiny", "--workload", "envelope, vector3", "--serializer", "newtonsoft.json", "--csv", "out.csv" });
            Assert.True(o.Tiny);
            Assert.Equal(new[] { "envelope", "vector3" }, o.Workloads!.OrderBy(n => n));
            Assert.True(o.WantsSerializer("Newtonsoft.Json"));
            Assert.True(o.WantsSerializer("Amber"));
            Assert.False(o.WantsSerializer("System.Text.Json (source gen)"));
            Assert.Equal("out.csv", o.CsvPath);
        }

        [Fact]
        public void AnUnknownWorkloadMakesTheRunnerThrow()
        {
            var ex = Assert.Throws<ArgumentException>(() => BenchRunner.Run(BenchOptions.Parse(new[] { "--tiny", "--workload", "nope" }), Peers.All()));
            Assert.Contains("nope", ex.Message);
        }

        [Fact]
        public void TheSummaryMarksNoisyRatiosAndLeavesReferencePointsOut()
        {
            ResultRow Row(string name, double ns, (double, double) spread, bool baseline = false) => new ResultRow
            {
                Workload = "vector3", Serializer = name, Objects = 1, SizeBytes = 100, SerializeNs = ns, DeserializeNs = ns,
                SerializeSpread = (ns, ns), DeserializeSpread = spread, SerializeAllocBytes = 0, DeserializeAllocBytes = 0, Verified = true, IsBaseline = baseline,
            };
            var rows = new List<ResultRow>
            {
                Row("Amber", 10, (9, 11)),                       // 11 / 9 = 1.22: noisy
                Row("Peer", 20, (20, 21)),
                Row("memory copy (reference)", 1, (1, 1), baseline: true),
            };
            var text = new StringWriter();
            Report.PrintSummary(text, rows);
            string line = text.ToString().Split('\n').Single(l => l.StartsWith("vector3", StringComparison.Ordinal));
            Assert.Contains("0.50 (Peer)", line);                // serialize: steady on both sides
            Assert.Contains("~0.50 (Peer)", line);               // deserialize: Amber's rounds differ by more than 1.2x
            Assert.DoesNotContain("reference", line);
            Assert.False(Report.Noisy((10, 12)));
            Assert.True(Report.Noisy((10, 12.5)));
        }

        [Fact]
        public void OneWorkloadAndOneSerializerRunAlone()
        {
            List<ResultRow> rows = BenchRunner.Run(BenchOptions.Parse(new[] { "--tiny", "--workload", "envelope", "--serializer", "Hand-written" }), Peers.All());
            Assert.Equal(new[] { "Amber", "Hand-written static" }, rows.Select(r => r.Serializer));
            Assert.All(rows, r => Assert.True(r.Measured && r.Verified, r.Serializer + ": " + r.Note));
        }

        [Fact]
        public void PayloadHashesHaveOneLinePerRowAndMatchTheBytesWritten()
        {
            BenchOptions options = BenchOptions.Parse(new[] { "--tiny", "--workload", "envelope,everyday", "--serializer", "Amber", "--payload-hashes", "hashes.tsv" });
            Assert.Equal("hashes.tsv", options.PayloadHashesPath);
            List<string[]> lines = PayloadHashes.Rows(options, Peers.All()).Select(l => l.Split('\t')).ToList();
            List<ResultRow> rows = BenchRunner.Run(BenchOptions.Parse(new[] { "--tiny", "--workload", "envelope,everyday", "--serializer", "Amber" }), Peers.All());
            Assert.Equal(rows.Select(r => (r.Case == null ? r.Workload : r.Workload + ": " + r.Case) + "/" + r.Serializer).OrderBy(n => n, StringComparer.Ordinal),
                lines.Select(l => l[0] + "/" + l[1]).OrderBy(n => n, StringComparer.Ordinal));
            string[] envelope = lines.Single(l => l[0] == "envelope" && l[1] == "Amber");
            Assert.Equal(rows.Single(r => r.Workload == "envelope" && r.Serializer == "Amber").SizeBytes, long.Parse(envelope[2], System.Globalization.CultureInfo.InvariantCulture));
            Assert.All(lines, l => Assert.Matches("^[0-9a-f]{64}$", l[3]));
            // Written twice, the same workloads give the same bytes: a difference between two files is a change in the codec.
            Assert.Equal(lines.Select(l => string.Join("\t", l)), PayloadHashes.Rows(options, Peers.All()));
        }
    }
}
