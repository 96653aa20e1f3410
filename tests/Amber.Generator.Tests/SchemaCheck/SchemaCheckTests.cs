using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using Amber.SchemaCheck;
using Xunit;

namespace Amber.Generator.Tests.SchemaCheck
{
    /// <summary>
    /// The schema check on compiled model versions: each pair's report is exactly the one pinned, and whatever the check calls
    /// compatible is read by the runtime: a payload the old version writes reads in the new one when backward is compatible,
    /// and the reverse when forward is, so the check never promises more than Amber does.
    /// </summary>
    public sealed class SchemaCheckTests
    {
        private static readonly ConcurrentDictionary<string, ModelVersion> s_versions = new ConcurrentDictionary<string, ModelVersion>();

        private static ModelVersion Version(string source) => s_versions.GetOrAdd(source, s => new ModelVersion(s));

        public static IEnumerable<object[]> Pairs() => SchemaCheckPairs.All.Select(p => new object[] { p });

        public static IEnumerable<object[]> Chains() => SchemaCheckPairs.Chains.Select(c => new object[] { c });

        [Fact]
        public void There_are_thirty_pairs_and_three_version_chains()
        {
            Assert.True(SchemaCheckPairs.All.Length >= 30, $"{SchemaCheckPairs.All.Length} pairs");
            Assert.True(SchemaCheckPairs.Chains.Length >= 3);
            // Transitive over three baselines: a chain of four versions.
            Assert.Contains(SchemaCheckPairs.Chains, c => c.Transitive && c.Versions.Length >= 4);
            Assert.Equal(SchemaCheckPairs.All.Length, SchemaCheckPairs.All.Select(p => p.Name).Distinct().Count());
        }

        [Theory]
        [MemberData(nameof(Pairs))]
        public void Pair_reports_exactly_its_findings(SchemaCheckPairs.Pair pair)
        {
            ModelVersion before = Version(pair.Old), after = Version(pair.New);
            SchemaCheckRun run = SchemaCheckRun.Check(new[] { Document(before, "v1.schema.json") }, Document(after, "this build"), ModeOf(pair.Mode), transitive: false);
            string report = run.ToText();
            Assert.Equal(pair.Expected, Headlines(report));
            Snapshot.Verify(new[] { ("report.txt", report), ("report.json", run.ToJson()) }, "Pair_" + pair.Name);
            Assert.Equal(run.Compatible, !pair.Expected.Any(e => e.StartsWith("BREAKING", StringComparison.Ordinal)));
        }

        [Theory]
        [MemberData(nameof(Pairs))]
        public void What_the_check_calls_compatible_reads(SchemaCheckPairs.Pair pair)
        {
            ModelVersion before = Version(pair.Old), after = Version(pair.New);
            // Both directions, whatever the pair's own mode: a direction with no breaking finding must read.
            SchemaCheckRun full = SchemaCheckRun.Check(new[] { Document(before, "v1.schema.json") }, Document(after, "this build"), SchemaCheckMode.Full, transitive: false);
            bool backward = !full.Findings.Any(f => f.Breaking && f.Directions.Contains(SchemaDirection.Backward));
            bool forward = !full.Findings.Any(f => f.Breaking && f.Directions.Contains(SchemaDirection.Forward));
            if (backward)
            {
                string read = after.Read(before.Write());
                if (pair.ReadContains != null && pair.Mode != "forward") Assert.Contains(pair.ReadContains, read);
            }
            if (forward) old_reads_new(before, after);
            Assert.True(backward || forward || pair.Expected.Any(e => e.StartsWith("BREAKING", StringComparison.Ordinal)));

            static void old_reads_new(ModelVersion before, ModelVersion after) => before.Read(after.Write());
        }

        [Theory]
        [MemberData(nameof(Chains))]
        public void Chain_reports_exactly_its_findings(SchemaCheckPairs.Chain chain)
        {
            ModelVersion[] versions = chain.Versions.Select(Version).ToArray();
            var baselines = new List<SchemaDocument>();
            for (int i = 0; i < versions.Length - 1; i++) baselines.Add(Document(versions[i], $"v{i + 1}.schema.json"));
            SchemaCheckRun run = SchemaCheckRun.Check(baselines, Document(versions[^1], "this build"), ModeOf(chain.Mode), chain.Transitive);
            string report = run.ToText();
            Assert.Equal(chain.Expected, Headlines(report));
            Snapshot.Verify(new[] { ("report.txt", report) }, "Chain_" + chain.Name);

            // Each baseline the check found no breaking change against reads both ways it was checked.
            foreach ((SchemaDocument baseline, int i) in baselines.Select((b, i) => (b, i)))
            {
                bool clean = !run.Findings.Any(f => f.Breaking && f.Baselines.Contains(baseline.Label));
                if (!clean || !run.Baselines.Contains(baseline.Label)) continue;
                if (chain.Mode != "forward") versions[^1].Read(versions[i].Write());
                if (chain.Mode != "backward") versions[i].Read(versions[^1].Write());
            }
        }

        [Fact]
        public void Old_untagged_weapons_read_as_the_default_subtype()
        {
            ModelVersion before = Version(SchemaCheckPairs.All.Single(p => p.Name == "became-abstract-with-default-subtype").Old);
            ModelVersion after = Version(SchemaCheckPairs.All.Single(p => p.Name == "became-abstract-with-default-subtype").New);
            byte[] old = before.Write();
            string read = after.Read(old);
            Assert.True(read.Contains("\"$type\":\"Model.Sword\"") && read.Contains("\"Damage\":5"), read);
            // The JSON view shows the untagged object by the default subtype's members, without a $type it does not carry.
            Assert.Contains("\"Hand\":{\"Damage\":5}", after.View(old));
            Assert.Contains("\"defaultSubtype\": \"Model.Sword\"", after.Schema);
        }

        [Fact]
        public void Without_a_default_subtype_old_untagged_data_is_refused_as_the_check_says()
        {
            ModelVersion before = Version(SchemaCheckPairs.All.Single(p => p.Name == "became-abstract").Old);
            ModelVersion after = Version(SchemaCheckPairs.All.Single(p => p.Name == "became-abstract").New);
            // The version's own Amber throws it, of that load context's AmberException type.
            Exception ex = Assert.ThrowsAny<Exception>(() => after.Read(before.Write()));
            Assert.Equal(typeof(AmberException).FullName, ex.GetType().FullName);
            Assert.Contains("without a type tag", ex.Message);
        }

        /// <summary>
        /// What a breaking backward finding means at run time, shown on the old sample read by the new version: refused (an
        /// AmberException), or read to a value other than the one written, without a word.
        /// </summary>
        [Theory]
        [InlineData("renamed-without-former-name", "{}")]             // Score = 9 is lost: Points is 0, left out
        [InlineData("key-collision", "\"Score2594\":4")]            // Score = 4 read into the other member
        [InlineData("enum-value-removed", "\"Colour\":2")]          // Blue is a bare number
        [InlineData("int-to-uint", "\"Count\":14")]                 // zigzag 7 read as an unsigned 14
        [InlineData("bool-to-int", "\"Done\":-1")]                  // true (1) read as zigzag -1
        [InlineData("record-parameter-added", "{\"At\":{\"X\":1,\"Y\":2}}")]   // the constructor got Z = default(int), left out
        [InlineData("string-to-int", null)]
        [InlineData("subtype-removed", null)]
        [InlineData("struct-became-class", null)]
        [InlineData("nested-member-changed", null)]
        public void A_breaking_backward_change_is_refused_or_reads_another_value(string name, string? reads)
        {
            SchemaCheckPairs.Pair pair = SchemaCheckPairs.All.Single(p => p.Name == name);
            Assert.Contains(pair.Expected, e => e.StartsWith("BREAKING", StringComparison.Ordinal) && e.Contains("backward", StringComparison.Ordinal));
            ModelVersion before = Version(pair.Old), after = Version(pair.New);
            if (reads == null)
            {
                Exception ex = Assert.ThrowsAny<Exception>(() => after.Read(before.Write()));
                Assert.Equal(typeof(AmberException).FullName, ex.GetType().FullName);
            }
            else
            {
                Assert.Contains(reads, after.Read(before.Write()));
            }
        }

        private static SchemaCheckMode ModeOf(string mode) => mode switch
        {
            "forward" => SchemaCheckMode.Forward,
            "full" => SchemaCheckMode.Full,
            _ => SchemaCheckMode.Backward,
        };

        private static SchemaDocument Document(ModelVersion version, string label) => SchemaDocument.Parse(version.Schema, label);

        /// <summary>The report's first line per finding: severity, rule, place and directions (and baselines).</summary>
        private static string[] Headlines(string report) =>
            report.Split('\n').Skip(1).Where(l => l.Length > 0 && !l.StartsWith(' ') && !l.StartsWith("compatible:", StringComparison.Ordinal) && !l.StartsWith("not compatible:", StringComparison.Ordinal)).ToArray();
    }
}
