using System.IO;
using System.Text.Json;
using System.Text.RegularExpressions;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary>
    /// <c>amber schema check</c> on the command line: baselines as files and folders, the modes, the two reports, --accept and
    /// the exit codes CI reads (0 compatible, 1 breaking, 2 usage). The rules themselves are driven by the pair suite of the
    /// generator's tests.
    /// </summary>
    public class SchemaCheckCommandTests : ToolTestBase
    {
        /// <summary>The model's schema as `amber schema` writes it: the baseline of a release.</summary>
        private string Baseline(string name, System.Func<string, string>? change = null)
        {
            string path = Path.Combine(Directory, name);
            Assert.Equal(0, Run("schema", "--assembly", ModelAssembly, "--output", path).Code);
            if (change != null) File.WriteAllText(path, change(File.ReadAllText(path)));
            return path;
        }

        /// <summary>A baseline where Circle.Radius was a string: this build's double refuses that data.</summary>
        private static string RadiusWasAString(string schema)
        {
            string changed = Regex.Replace(schema,
                "(\"name\": \"Radius\",\\s*\"key\": \\d+,\\s*\"wireType\": )\"fixed64\"(,[^{]*\"encoding\": \\{\\s*\"scalar\": )\"Double\"",
                "$1\"bytes\"$2\"String\"");
            Assert.NotEqual(schema, changed);
            return changed;
        }

        [Fact]
        public void The_model_against_its_own_baseline_is_compatible()
        {
            string baseline = Baseline("v1.schema.json");
            ToolResult r = Run("schema", "check", "--baseline", baseline, "--assembly", ModelAssembly, "--mode", "full");
            Assert.Equal(0, r.Code);
            Assert.Equal("amber schema check: full, this build against v1.schema.json\ncompatible: 0 breaking changes, 0 compatible changes\n", r.Stdout.Replace("\r\n", "\n"));
        }

        [Fact]
        public void A_breaking_change_exits_1_with_the_rule_the_place_and_the_fix()
        {
            string baseline = Baseline("v1.schema.json", RadiusWasAString);
            ToolResult r = Run("schema", "check", "--baseline", baseline, "--assembly", ModelAssembly);
            Assert.Equal(1, r.Code);
            Assert.Contains("BREAKING member-type-changed Amber.Tool.Tests.Model.Drawings.Circle.Radius (backward)", r.Stdout);
            Assert.Contains("is String in the baseline and Double in this build", r.Stdout);
            Assert.Contains("  fix: ", r.Stdout);
            Assert.EndsWith("not compatible: 1 breaking change, 0 compatible changes\n", r.Stdout.Replace("\r\n", "\n"));
        }

        [Fact]
        public void The_json_report_has_each_finding_with_its_directions_and_baselines()
        {
            string baseline = Baseline("v1.schema.json", RadiusWasAString);
            string output = Path.Combine(Directory, "report.json");
            ToolResult r = Run("schema", "check", "--baseline", baseline, "--assembly", ModelAssembly, "--mode", "full", "--format", "json", "--output", output);
            Assert.Equal(1, r.Code);
            using JsonDocument doc = JsonDocument.Parse(File.ReadAllText(output));
            Assert.Equal("full", doc.RootElement.GetProperty("mode").GetString());
            Assert.False(doc.RootElement.GetProperty("compatible").GetBoolean());
            JsonElement[] findings = [.. doc.RootElement.GetProperty("findings").EnumerateArray()];
            Assert.Equal(2, findings.Length);   // refused both ways: one finding per direction, each its own message
            foreach (JsonElement f in findings)
            {
                Assert.Equal("member-type-changed", f.GetProperty("rule").GetString());
                Assert.Equal("breaking", f.GetProperty("severity").GetString());
                Assert.Equal("Radius", f.GetProperty("member").GetString());
                Assert.Equal("v1.schema.json", f.GetProperty("baselines")[0].GetString());
            }
        }

        [Fact]
        public void An_accepted_change_is_reported_and_does_not_fail()
        {
            string baseline = Baseline("v1.schema.json", RadiusWasAString);
            ToolResult r = Run("schema", "check", "--baseline", baseline, "--assembly", ModelAssembly,
                "--accept", "member-type-changed:Amber.Tool.Tests.Model.Drawings.Circle.Radius");
            Assert.Equal(0, r.Code);
            Assert.Contains("accepted member-type-changed Amber.Tool.Tests.Model.Drawings.Circle.Radius", r.Stdout);
            Assert.Contains(", 1 accepted", r.Stdout);
        }

        [Fact]
        public void A_folder_of_baselines_is_ordered_by_version_and_checked_transitively_on_request()
        {
            string folder = Path.Combine(Directory, "baselines");
            System.IO.Directory.CreateDirectory(folder);
            File.Move(Baseline("v2.schema.json", RadiusWasAString), Path.Combine(folder, "v2.schema.json"));
            File.Move(Baseline("v10.schema.json"), Path.Combine(folder, "v10.schema.json"));

            // v10 is the newest (not v2, as ordinal order would have it): against it alone, nothing changed.
            ToolResult newest = Run("schema", "check", "--baseline", folder, "--current", Baseline("now.json"));
            Assert.Equal(0, newest.Code);
            Assert.Contains("this build against v10.schema.json\n", newest.Stdout.Replace("\r\n", "\n"));

            ToolResult all = Run("schema", "check", "--baseline", folder, "--current", Baseline("now2.json"), "--transitive");
            Assert.Equal(1, all.Code);
            Assert.Contains("this build against v2.schema.json, v10.schema.json", all.Stdout);
            Assert.Contains("Circle.Radius (backward; v2.schema.json)", all.Stdout);
        }

        [Theory]
        [InlineData(new[] { "schema", "check", "--assembly", "X.dll" }, "needs --baseline")]
        [InlineData(new[] { "schema", "check", "--baseline", "b.json" }, "needs --assembly")]
        [InlineData(new[] { "schema", "check", "--baseline", "b.json", "--current", "c.json", "--mode", "sideways" }, "the modes are backward, forward and full")]
        [InlineData(new[] { "schema", "check", "--baseline", "b.json", "--current", "c.json", "--format", "xml" }, "the formats are text and json")]
        [InlineData(new[] { "dump", "f.bin", "--baseline", "b.json" }, "is an option of schema check")]
        [InlineData(new[] { "schema", "check", "--baseline", "missing.json", "--current", "c.json" }, "no such file or folder")]
        public void A_wrong_command_line_exits_2(string[] args, string message)
        {
            ToolResult r = Run(args);
            Assert.Equal(2, r.Code);
            Assert.Contains(message, r.Stderr);
        }

        [Fact]
        public void A_baseline_that_is_not_a_schema_document_exits_2_with_where()
        {
            string bad = WriteFile("bad.json", System.Text.Encoding.UTF8.GetBytes("{ \"format\": \"amber-schema\", \"version\": 1, \"types\": [ { \"name\": "));
            ToolResult r = Run("schema", "check", "--baseline", bad, "--current", Baseline("now.json"));
            Assert.Equal(2, r.Code);
            Assert.Contains("not a schema document", r.Stderr);
            Assert.Contains("line 1", r.Stderr);
        }
    }
}
