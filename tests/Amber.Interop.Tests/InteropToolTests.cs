using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Amber.Interop.Model;
using Amber.Json;
using Xunit;

namespace Amber.Interop.Tests
{
    /// <summary>A temporary directory written by <c>write</c>, shared by the tests of one class.</summary>
    public sealed class WrittenDirectory : IDisposable
    {
        /// <summary>Writes every case into a new temporary directory.</summary>
        public WrittenDirectory()
        {
            Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "amber-interop-" + Guid.NewGuid().ToString("N"));
            var output = new StringWriter();
            Code = InteropTool.Run(new[] { "write", Path }, output, new StringWriter());
            Output = output.ToString();
        }

        /// <summary>The directory.</summary>
        public string Path { get; }

        /// <summary>The exit code of <c>write</c>.</summary>
        public int Code { get; }

        /// <summary>What <c>write</c> printed.</summary>
        public string Output { get; }

        /// <summary>A new subdirectory holding the given files of <c>dotnet/</c> (all by default).</summary>
        public string CopyDotnet(string subdir, Func<string, bool>? which = null)
        {
            string target = System.IO.Path.Combine(Path, subdir);
            Directory.CreateDirectory(target);
            foreach (string file in Directory.GetFiles(System.IO.Path.Combine(Path, InteropTool.DotnetDir)))
            {
                string name = System.IO.Path.GetFileNameWithoutExtension(file);
                if (which == null || which(name)) File.Copy(file, System.IO.Path.Combine(target, System.IO.Path.GetFileName(file)));
            }
            return target;
        }

        /// <inheritdoc />
        public void Dispose()
        {
            try
            {
                Directory.Delete(Path, recursive: true);
            }
            catch (IOException)
            {
                // A temporary directory left behind harms no test.
            }
        }
    }

    /// <summary>The interop tool's write and check commands, on .NET's own payloads.</summary>
    public class InteropToolTests : IClassFixture<WrittenDirectory>
    {
        private readonly WrittenDirectory _dir;

        /// <summary>Takes the directory written once for the class.</summary>
        public InteropToolTests(WrittenDirectory dir) => _dir = dir;

        /// <summary>The names of every case, for theories.</summary>
        public static IEnumerable<object[]> CaseNames() => Cases.All.Select(c => new object[] { c.Name });

        private static (int Code, string Out, string Err) Run(params string[] args)
        {
            var output = new StringWriter();
            var error = new StringWriter();
            int code = InteropTool.Run(args, output, error);
            return (code, output.ToString(), error.ToString());
        }

        [Fact]
        public void There_are_at_least_40_cases_with_distinct_file_names()
        {
            Assert.True(Cases.All.Count >= 40, $"{Cases.All.Count} cases");
            Assert.Equal(Cases.All.Count, Cases.All.Select(c => c.Name).Distinct().Count());
            Assert.All(Cases.All, c => Assert.Matches("^[a-z0-9-]+$", c.Name));
        }

        /// <summary>The self-test: every .NET payload, copied where another implementation would write, reads back equal.</summary>
        [Fact]
        public void Check_of_the_dotnet_payloads_copied_to_a_subdirectory_finds_every_case_equal()
        {
            Assert.Equal(InteropTool.Ok, _dir.Code);
            _dir.CopyDotnet("copy");
            var (code, output, _) = Run("check", _dir.Path, "copy");
            Assert.Equal(InteropTool.Ok, code);
            int n = Cases.All.Count;
            Assert.EndsWith($"{n} cases read from copy, {n} equal\n", output.Replace("\r\n", "\n"));
            Assert.Equal(n, output.Split('\n').Count(l => l.StartsWith("equal   ", StringComparison.Ordinal)));
        }

        /// <summary>Each case on its own: its payload reads back equal to its expected value (the written value for another version's payload).</summary>
        [Theory]
        [MemberData(nameof(CaseNames))]
        public void Every_case_round_trips_in_dotnet(string name)
        {
            InteropCase c = Cases.Get(name);
            byte[] payload = File.ReadAllBytes(Path.Combine(_dir.Path, InteropTool.DotnetDir, name + ".amb"));
            Assert.Null(InteropTool.CheckOne(c, payload));
            // The expected value written as the case's own type reads back equal too: what another implementation writes.
            Assert.Null(InteropTool.CheckOne(c, InteropTool.Serialize(c.Expected(), c.Type, c.Options)));
        }

        [Fact]
        public void Cases_json_lists_every_case_with_its_type_and_options()
        {
            using JsonDocument doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(_dir.Path, "cases.json")));
            JsonElement[] entries = doc.RootElement.EnumerateArray().ToArray();
            Assert.Equal(Cases.All.Select(c => c.Name), entries.Select(e => e.GetProperty("name").GetString()));
            JsonElement order = entries.Single(e => e.GetProperty("name").GetString() == "nested-order");
            Assert.Equal("Amber.Interop.Model.Order", order.GetProperty("type").GetString());
            Assert.False(order.GetProperty("referenceMode").GetBoolean());
            Assert.False(order.TryGetProperty("writtenAs", out _));
            Assert.True(entries.Single(e => e.GetProperty("name").GetString() == "graph-cycle").GetProperty("referenceMode").GetBoolean());
            JsonElement v2 = entries.Single(e => e.GetProperty("name").GetString() == "profile-v2-read-as-v1");
            Assert.Equal("Amber.Interop.Model.Versions.V1.Profile", v2.GetProperty("type").GetString());
            Assert.Equal("Amber.Interop.Model.Versions.V2.Profile", v2.GetProperty("writtenAs").GetString());
            Assert.Equal("System.Collections.Generic.List<Amber.Interop.Model.Item>",
                entries.Single(e => e.GetProperty("name").GetString() == "root-list").GetProperty("type").GetString());
        }

        /// <summary>The schema lists every concrete case type and the subtypes and enums that only polymorphic and object members name.</summary>
        [Fact]
        public void Schema_json_lists_the_case_types_and_the_types_their_members_may_hold()
        {
            using JsonDocument doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(_dir.Path, "schema.json")));
            Assert.Equal("amber-schema", doc.RootElement.GetProperty("format").GetString());
            var names = doc.RootElement.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("name").GetString()).ToHashSet();
            foreach (InteropCase c in Cases.All.Where(c => !c.Type.IsAbstract))
            {
                Assert.Contains(c.TypeName, names);
            }
            foreach (Type t in new[] { typeof(Circle), typeof(Rectangle), typeof(Dog), typeof(Fish), typeof(Temperature), typeof(Level) })
            {
                Assert.Contains(t.FullName, names);
            }
            Assert.Contains("int", names);
            Assert.Contains("System.Collections.Generic.List<object>", names);
        }

        /// <summary>The expected JSON of a case is the JSON view of its payload: names, kinds, references.</summary>
        [Fact]
        public void Expected_json_is_the_json_view_of_each_case()
        {
            foreach (InteropCase c in Cases.All)
            {
                string path = Path.Combine(_dir.Path, "expected", c.Name + ".json");
                string json = File.ReadAllText(path);
                using JsonDocument doc = JsonDocument.Parse(json);
                Assert.Equal(AmberJson.ToJson(InteropTool.Serialize(c.Expected(), c.Type, c.Options), c.Type, c.Options) + "\n", json);
            }
            string times = File.ReadAllText(Path.Combine(_dir.Path, "expected", "times-kinds.json"));
            Assert.Contains("\"Utc\": \"2026-11-26T15:30:45.1234567Z\"", times);
            Assert.Contains("\"$ref\"", File.ReadAllText(Path.Combine(_dir.Path, "expected", "graph-cycle.json")));
            Assert.DoesNotContain("Nickname", File.ReadAllText(Path.Combine(_dir.Path, "expected", "profile-v2-read-as-v1.json")));
        }

        [Fact]
        public void A_payload_of_another_value_fails_the_check_with_the_member_path()
        {
            string sub = "changed";
            _dir.CopyDotnet(sub, n => n == "nested-order");
            Order order = (Order)Cases.Get("nested-order").Expected()!;
            order.Lines[3].Price = 1.25;
            File.WriteAllBytes(Path.Combine(_dir.Path, sub, "nested-order.amb"), InteropTool.Serialize(order, typeof(Order), AmberOptions.Default));
            var (code, output, _) = Run("check", _dir.Path, sub, "--allow-missing");
            Assert.Equal(InteropTool.Failed, code);
            Assert.Contains("DIFFERS nested-order: Order.Lines[3].Price: expected 1.5, got 1.25", output);
            Assert.Contains("1 cases read from changed, 0 equal", output);
        }

        [Fact]
        public void A_payload_that_does_not_read_fails_the_check_with_the_Amber_message()
        {
            string sub = "cut";
            string dir = _dir.CopyDotnet(sub, n => n == "nested-order" || n == "strings");
            byte[] whole = File.ReadAllBytes(Path.Combine(dir, "strings.amb"));
            File.WriteAllBytes(Path.Combine(dir, "strings.amb"), whole.AsSpan(0, whole.Length / 2).ToArray());
            var (code, output, _) = Run("check", _dir.Path, sub, "--allow-missing");
            Assert.Equal(InteropTool.Failed, code);
            Assert.Contains("DIFFERS strings: the payload does not read: ", output);
            Assert.Contains("byte offset", output);
            Assert.Contains("equal   nested-order", output);
            Assert.Contains("2 cases read from cut, 1 equal", output);
        }

        [Fact]
        public void A_missing_case_fails_the_check_unless_missing_cases_are_allowed()
        {
            string sub = "partial";
            _dir.CopyDotnet(sub, n => n == "enums");
            var (code, output, _) = Run("check", _dir.Path, sub);
            Assert.Equal(InteropTool.Failed, code);
            Assert.Contains("missing nested-order", output);
            Assert.Contains($"1 cases read from partial, 1 equal, {Cases.All.Count - 1} missing", output);
            Assert.Equal(InteropTool.Ok, Run("check", _dir.Path, sub, "--allow-missing").Code);
            Assert.Equal(InteropTool.Failed, Run("check", _dir.Path, "nothing-here").Code);
        }

        [Fact]
        public void A_file_that_names_no_case_is_reported_and_ignored()
        {
            string dir = _dir.CopyDotnet("extra", n => n == "enums");
            File.WriteAllBytes(Path.Combine(dir, "no-such-case.amb"), new byte[] { 0x15 });
            var (code, output, _) = Run("check", _dir.Path, "extra", "--allow-missing");
            Assert.Equal(InteropTool.Ok, code);
            Assert.Contains("ignored no-such-case.amb: no case of that name", output);
        }

        [Fact]
        public void A_wrong_command_line_exits_with_2_and_the_usage()
        {
            var (code, _, err) = Run("check", _dir.Path);
            Assert.Equal(InteropTool.Usage, code);
            Assert.Contains("usage:", err);
            Assert.Equal(InteropTool.Usage, Run().Code);
            Assert.Equal(InteropTool.Usage, Run("check", _dir.Path, "ts", "--bogus").Code);
            Assert.Equal(InteropTool.Usage, Run("write").Code);
        }
    }
}
