using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Framework types: the ones served compile with their generated code and no diagnostic; the ones refused get AMB018 at
    /// the member, naming what to use instead, and no code.
    /// </summary>
    public class BclTypeDiagnosticTests
    {
        private static string Holder(string memberType) => @"
using Amber;

public class Holder
{
    public int Id { get; set; }
    public " + memberType + @" Value { get; set; } = default!;
}

public static class Use
{
    public static byte[] Save(Holder h) => AmberSerializer.Serialize(h);
}";

        [Theory]
        [InlineData("System.Collections.ArrayList", "List<object>")]
        [InlineData("System.Collections.Hashtable", "Dictionary<TKey, object>")]
        [InlineData("System.Collections.Queue", "Queue<T>")]
        [InlineData("System.Collections.Stack", "Stack<T>")]
        [InlineData("System.Collections.SortedList", "SortedList<TKey, TValue>")]
        [InlineData("System.Text.RegularExpressions.Regex", "pattern")]
        [InlineData("System.Text.Encoding", "WebName")]
        [InlineData("System.Text.UTF8Encoding", "WebName")]
        [InlineData("System.Collections.Generic.List<System.Collections.ArrayList>", "List<object>")]
        public void AMB018_refuses_the_type_at_the_member_and_names_what_to_use(string type, string instead)
        {
            string source = Holder(type);
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Null(run.Result.Exception);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB018", d.Id);
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            string message = d.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
            Assert.Contains("Holder.Value", message);
            Assert.Contains("Fix:", message);
            Assert.Contains(instead, message);
            Assert.EndsWith("(See docs/diagnostics/AMB018.md in the Amber package.)", message);
            Assert.Equal("Value", source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
            Assert.Empty(run.Result.GeneratedSources);
        }

        [Theory]
        [InlineData("System.Collections.Frozen.FrozenDictionary<string, int>")]
        [InlineData("System.Collections.Frozen.FrozenSet<string>")]
        [InlineData("System.Collections.Concurrent.ConcurrentDictionary<string, int>")]
        [InlineData("System.Collections.Concurrent.ConcurrentBag<int>")]
        [InlineData("System.Collections.Concurrent.ConcurrentQueue<string>")]
        [InlineData("System.Collections.Concurrent.ConcurrentStack<int>")]
        [InlineData("System.Collections.Generic.PriorityQueue<string, int>")]
        [InlineData("System.Collections.Generic.PriorityQueue<int, int>")]
        [InlineData("System.Collections.BitArray")]
        [InlineData("System.ArraySegment<int>")]
        [InlineData("System.ArraySegment<string>")]
        [InlineData("System.Memory<string>")]
        [InlineData("System.ReadOnlyMemory<double>")]
        [InlineData("System.Index")]
        [InlineData("System.Range")]
        [InlineData("System.Range?")]
        [InlineData("System.TimeZoneInfo")]
        [InlineData("System.Globalization.CultureInfo")]
        [InlineData("System.Text.StringBuilder")]
        [InlineData("System.Net.IPAddress")]
        [InlineData("System.Net.IPEndPoint")]
        [InlineData("System.Collections.Generic.Dictionary<string, System.Collections.Frozen.FrozenSet<System.Index>>")]
        public void Served_framework_types_compile_with_no_diagnostic(string type)
        {
            GeneratorRun run = GeneratorHarness.Run(Holder(type));
            Assert.Null(run.Result.Exception);
            Assert.True(run.Diagnostics.IsEmpty, GeneratorHarness.Describe(run.Diagnostics));
            var problems = GeneratorHarness.Problems(run.Output);
            Assert.True(problems.IsEmpty, GeneratorHarness.Describe(problems));
            Assert.Contains(run.Result.GeneratedSources, s => s.HintName == "AmberCodec_Holder.g.cs");
        }

        [Fact]
        public void A_StringBuilder_round_trips_as_its_string()
        {
            // Run in an assembly of its own: a StringBuilder member makes the type known to object members of its assembly.
            const string source = @"
using Amber;
using System.Text;

public class Note
{
    public StringBuilder? Text { get; set; }
    public StringBuilder? Empty { get; set; }
    public StringBuilder? Missing { get; set; }
}

public class PlainNote
{
    public string? Text { get; set; }
}

public static class Check
{
    public static string Run()
    {
        var note = new Note { Text = new StringBuilder(""h\u00e9llo"").Append('!'), Empty = new StringBuilder() };
        byte[] bytes = AmberSerializer.Serialize(note);
        Note back = AmberSerializer.Deserialize<Note>(bytes)!;
        PlainNote plain = AmberSerializer.Deserialize<PlainNote>(bytes)!;
        return back.Text + ""|"" + (back.Empty is null ? ""null"" : back.Empty.Length.ToString()) + ""|"" + (back.Missing is null ? ""null"" : ""set"") + ""|"" + plain.Text;
    }
}";
            Assert.Equal("h\u00e9llo!|0|null|h\u00e9llo!", Execution.Call(source, "Check", "Run"));
        }

        [Fact]
        public void A_StringBuilder_is_no_longer_written_as_an_object_of_its_Capacity_and_Length()
        {
            GeneratorRun run = GeneratorHarness.Run(Holder("System.Text.StringBuilder"));
            Assert.DoesNotContain(run.Result.GeneratedSources, s => s.HintName.Contains("StringBuilder"));
            Assert.Contains("global::Amber.Metadata.AmberBclValues.FromStringBuilder", run.Generated("AmberCodec_Holder.g.cs"));
        }
    }
}
