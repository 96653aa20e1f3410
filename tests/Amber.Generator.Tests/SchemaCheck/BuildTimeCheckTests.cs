using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Amber.SchemaCheck;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Amber.Generator.Tests.SchemaCheck
{
    /// <summary>
    /// The schema check at build time: a baseline given to the compilation as an AdditionalFiles item marked
    /// AmberSchemaBaseline makes the generator warn on each member or type whose change breaks that version's data (AMB020
    /// to AMB022, AMB023 for a file that is not a baseline). The diagnostics are pinned as snapshots, and on every pair of the
    /// check's suite the build reports the breaking changes <c>amber schema check</c> reports.
    /// </summary>
    public sealed class BuildTimeCheckTests
    {
        private const string Prefix = "#nullable enable\nusing System;\nusing System.Collections.Generic;\nusing Amber;\n";

        private static readonly Dictionary<string, ModelVersion> s_versions = new Dictionary<string, ModelVersion>();

        /// <summary>The baseline of a model version: the schema its generated code registers at run time.</summary>
        private static string BaselineOf(string source)
        {
            lock (s_versions)
            {
                if (!s_versions.TryGetValue(source, out ModelVersion? version)) s_versions[source] = version = new ModelVersion(source);
                return version.Schema;
            }
        }

        private static ImmutableArray<Diagnostic> Build(string source, IEnumerable<(string Name, string Text)> baselines, string? mode = null, string? transitive = null)
        {
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(Source(source));
            var texts = baselines.Select(b => (AdditionalText)new Text("/project/schema/" + b.Name, b.Text)).ToImmutableArray();
            var global = new Dictionary<string, string>();
            if (mode != null) global["build_property.AmberSchemaCheckMode"] = mode;
            if (transitive != null) global["build_property.AmberSchemaCheckTransitive"] = transitive;
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new AmberGenerator().AsSourceGenerator() }, texts,
                GeneratorHarness.ParseOptions(), new Options(global));
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out _, out ImmutableArray<Diagnostic> diagnostics);
            return diagnostics;
        }

        /// <summary>The compiled text of a model: what diagnostics' spans point into.</summary>
        private static string Source(string model) => Prefix + model + "\nnamespace CheckProbe { public static class Use { public static byte[] Save(Model.Root r) => AmberSerializer.Serialize(r); } }\n";

        /// <summary>One line per diagnostic: id, severity, line and column, the text it is on, and the message.</summary>
        private static string Describe(ImmutableArray<Diagnostic> diagnostics, string source) => string.Join("\n", diagnostics
            .OrderBy(d => d.Location.SourceSpan.Start).ThenBy(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparer.Ordinal)
            .Select(d => $"{d.Id} {d.Severity} {Where(d, source)}: {d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}")) + "\n";

        private static string Where(Diagnostic d, string source)
        {
            if (d.Location.Kind == LocationKind.None) return "(no location)";
            LinePosition start = d.Location.GetLineSpan().StartLinePosition;
            return $"({start.Line + 1},{start.Character + 1}) '{source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length)}'";
        }

        private static SchemaCheckPairs.Pair Pair(string name) => SchemaCheckPairs.All.Single(p => p.Name == name);

        [Theory]
        [InlineData("string-to-int", "full")]
        [InlineData("enum-value-removed", "backward")]
        [InlineData("became-abstract", "backward")]
        [InlineData("widened-int-to-long-forward", "forward")]
        [InlineData("renamed-without-former-name", "backward")]
        [InlineData("record-parameter-added", "backward")]
        [InlineData("subtype-removed", "backward")]
        public void A_breaking_change_is_a_warning_where_it_was_made(string pair, string mode)
        {
            SchemaCheckPairs.Pair p = Pair(pair);
            ImmutableArray<Diagnostic> diagnostics = Build(p.New, new[] { ("v1.json", BaselineOf(p.Old)) }, mode);
            Assert.NotEmpty(diagnostics);
            Assert.All(diagnostics, d => Assert.Equal(DiagnosticSeverity.Warning, d.Severity));
            Assert.All(diagnostics, d => Assert.Equal(GeneratorHarness.InputPath, d.Location.GetLineSpan().Path));
            Snapshot.Verify(new[] { ("diagnostics.txt", Describe(diagnostics, Source(p.New))) }, "Build_" + pair);
        }

        [Fact]
        public void A_compatible_change_and_no_baseline_report_nothing()
        {
            SchemaCheckPairs.Pair p = Pair("became-abstract-with-default-subtype");
            Assert.Empty(Build(p.New, new[] { ("v1.json", BaselineOf(p.Old)) }, "backward"));
            Assert.Empty(Build(Pair("string-to-int").New, System.Array.Empty<(string, string)>(), "full"));
        }

        [Fact]
        public void Transitive_checks_every_baseline_and_names_the_ones_a_change_breaks()
        {
            string[] versions = SchemaCheckPairs.Chains.Single(c => c.Name == "weapon-transitive").Versions;
            var baselines = new[] { ("v2.json", BaselineOf(versions[1])), ("v1.json", BaselineOf(versions[0])) };
            ImmutableArray<Diagnostic> newest = Build(versions[2], baselines, "backward");
            ImmutableArray<Diagnostic> all = Build(versions[2], baselines, "backward", "true");
            Assert.Single(newest);
            Assert.Equal(2, all.Length);
            Snapshot.Verify(new[] { ("newest.txt", Describe(newest, Source(versions[2]))), ("transitive.txt", Describe(all, Source(versions[2]))) }, "Build_transitive");
        }

        [Fact]
        public void A_file_that_is_not_a_baseline_is_AMB023_and_checks_nothing()
        {
            SchemaCheckPairs.Pair p = Pair("string-to-int");
            ImmutableArray<Diagnostic> diagnostics = Build(p.New, new[] { ("notes.json", "{ \"format\": \"something else\" }") }, "full");
            Diagnostic d = Assert.Single(diagnostics);
            Assert.Equal("AMB023", d.Id);
            Assert.Contains("'notes.json'", d.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        }

        [Fact]
        public void An_additional_file_not_marked_as_a_baseline_is_not_read()
        {
            SchemaCheckPairs.Pair p = Pair("string-to-int");
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(Source(p.New));
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new AmberGenerator().AsSourceGenerator() },
                ImmutableArray.Create<AdditionalText>(new Text("/project/schema/v1.json", BaselineOf(p.Old))), GeneratorHarness.ParseOptions(),
                new Options(new Dictionary<string, string>(), marked: false));
            driver.RunGeneratorsAndUpdateCompilation(compilation, out _, out ImmutableArray<Diagnostic> diagnostics);
            Assert.Empty(diagnostics);
        }

        /// <summary>The build sees the model as the runtime's schema does: on every pair, it finds the breaking changes the tool finds.</summary>
        [Fact]
        public void On_every_pair_the_build_reports_the_breaking_changes_the_tool_reports()
        {
            foreach (SchemaCheckPairs.Pair p in SchemaCheckPairs.All)
            {
                string baseline = BaselineOf(p.Old);
                SchemaCheckRun tool = SchemaCheckRun.Check(new[] { SchemaDocument.Parse(baseline, "v1.json") }, SchemaDocument.Parse(BaselineOf(p.New), "this build"), SchemaCheckMode.Full, false);
                var expected = tool.Findings.Where(f => f.Breaking).Select(f => f.Rule + " " + f.Where).OrderBy(x => x, System.StringComparer.Ordinal).ToList();
                var actual = Build(p.New, new[] { ("v1.json", baseline) }, "full")
                    .Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture))
                    .Select(m => m.Substring(m.IndexOf(": ", System.StringComparison.Ordinal) + 2).Split(' ')[0] + " " + m.Substring(0, m.IndexOf(": ", System.StringComparison.Ordinal)))
                    .OrderBy(x => x, System.StringComparer.Ordinal).ToList();
                Assert.True(expected.SequenceEqual(actual), $"{p.Name}: the tool found [{string.Join("; ", expected)}], the build [{string.Join("; ", actual)}]");
            }
        }

        private sealed class Text : AdditionalText
        {
            private readonly string _text;

            public Text(string path, string text)
            {
                Path = path;
                _text = text;
            }

            public override string Path { get; }

            public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(_text);
        }

        private sealed class Options : AnalyzerConfigOptionsProvider
        {
            private readonly Values _global;
            private readonly Values _file;

            public Options(Dictionary<string, string> global, bool marked = true)
            {
                _global = new Values(global);
                _file = new Values(marked ? new Dictionary<string, string> { ["build_metadata.AdditionalFiles.AmberSchemaBaseline"] = "true" } : new Dictionary<string, string>());
            }

            public override AnalyzerConfigOptions GlobalOptions => _global;

            public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Values(new Dictionary<string, string>());

            public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _file;
        }

        private sealed class Values : AnalyzerConfigOptions
        {
            private readonly Dictionary<string, string> _values;

            public Values(Dictionary<string, string> values) => _values = values;

            public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value) => _values.TryGetValue(key, out value);
        }
    }
}
