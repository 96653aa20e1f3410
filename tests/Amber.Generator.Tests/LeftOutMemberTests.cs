using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// AMB017 (info): a member that looks like data (it has storage of its own) but is left out of the data is reported on
    /// its declaration, saying why and how to include or silence it. Computed properties, ignored members and members that
    /// are served are not reported, and the type is still served.
    /// </summary>
    public class LeftOutMemberTests
    {
        private const string Source = @"
using Amber;
using System.Collections.Generic;

public class Account
{
    private readonly List<string> _tags = new List<string>();
    private decimal _limit;
    private int _audits;
    private System.IServiceProvider? _services;

    public Account() { _services = null; }

    public int Id { get; set; }
    public decimal Balance { get; private set; }
    public string Created { get; } = ""now"";
    private int Secret { get; set; }
    protected long Version { get; set; }
    public readonly int Fixed;
    public string Label { get; init; } = """";
    public int Twice => Id * 2;
    public int Computed { get { return Id + 1; } }
    public decimal Limit { get => _limit; set => _limit = value; }
    public IReadOnlyList<string> Tags => _tags;
    [AmberIgnore] public int Scratch { get; private set; }
    [AmberInclude] public int Kept { get; private set; }
    [System.NonSerialized] private int _cache;

    public void Touch() { _audits++; _cache++; _services?.GetService(typeof(int)); }
}

public record Point(int X, int Y)
{
    public int Sum => X + Y;
}

public static class Use
{
    public static byte[] Save(Account a) => AmberSerializer.Serialize(a);
    public static byte[] Save(Point p) => AmberSerializer.Serialize(p);
}";

        private static GeneratorRun RunIt() => GeneratorHarness.Run(Source);

        [Fact]
        public void Each_left_out_member_with_storage_gets_one_info_on_its_declaration()
        {
            GeneratorRun run = RunIt();
            Assert.All(run.Diagnostics, d => Assert.Equal("AMB017", d.Id));
            Assert.All(run.Diagnostics, d => Assert.Equal(DiagnosticSeverity.Info, d.Severity));
            string[] at = run.Diagnostics.Select(d => Source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length)).OrderBy(x => x, System.StringComparer.Ordinal).ToArray();
            Assert.Equal(new[] { "Balance", "Created", "Fixed", "Secret", "Version", "_audits" }, at);
            Assert.All(run.Diagnostics, d => Assert.Equal(GeneratorHarness.InputPath, d.Location.GetLineSpan().Path));
        }

        [Theory]
        [InlineData("Balance", "Member 'Account.Balance' (type 'decimal') is not serialized: its setter is private. To serialize it, mark it [AmberInclude]")]
        [InlineData("Created", "Member 'Account.Created' (type 'string') is not serialized: it has no setter, and no constructor Amber uses has a parameter of its name. To serialize it, add a constructor parameter named 'created'")]
        [InlineData("Secret", "Member 'Account.Secret' (type 'int') is not serialized: it is private. To serialize it, mark it [AmberInclude]")]
        [InlineData("Version", "Member 'Account.Version' (type 'long') is not serialized: it is protected.")]
        [InlineData("Fixed", "Member 'Account.Fixed' (type 'int') is not serialized: it is readonly, and no constructor Amber uses has a parameter of its name.")]
        [InlineData("_audits", "Member 'Account._audits' (type 'int') is not serialized: it is private.")]
        public void The_info_says_why_the_member_is_left_out_and_how_to_include_or_silence_it(string member, string start)
        {
            Diagnostic d = Assert.Single(RunIt().Diagnostics, x => x.GetMessage().Contains("'Account." + member + "'"));
            string message = d.GetMessage();
            Assert.StartsWith(start, message);
            Assert.Contains("to say it is left out on purpose, mark it [AmberIgnore]", message);
            Assert.EndsWith("(See docs/diagnostics/AMB017.md in the Amber package.)", message);
        }

        [Fact]
        public void Computed_backing_ignored_included_and_served_members_are_not_reported()
        {
            string all = string.Join("\n", RunIt().Diagnostics.Select(d => d.GetMessage()));
            foreach (string quiet in new[] { "Id", "Label", "Twice", "Computed", "Limit", "Tags", "_tags", "_limit", "_services", "Scratch", "Kept", "_cache", "EqualityContract" })
            {
                Assert.DoesNotContain("'Account." + quiet + "'", all);
            }
            Assert.DoesNotContain("Point.", all);   // a positional record: its properties are constructor parameters, Sum is computed
        }

        [Fact]
        public void A_type_with_left_out_members_is_still_served_and_compiles()
        {
            GeneratorRun run = RunIt();
            string[] files = run.Result.GeneratedSources.Select(s => s.HintName).ToArray();
            Assert.Contains("AmberCodec_Account.g.cs", files);
            Assert.Contains("AmberCodec_Point.g.cs", files);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_left_out_member_of_a_base_type_is_reported_once_at_the_base()
        {
            const string source = @"
using Amber;

public class Entity { public int Id { get; set; } public long Stamp { get; private set; } }

public class Order : Entity { public string? Name { get; set; } }

public class Invoice : Entity { public decimal Total { get; set; } }

public static class Use
{
    public static byte[] Save(Order o) => AmberSerializer.Serialize(o);
    public static byte[] Save(Invoice i) => AmberSerializer.Serialize(i);
    public static byte[] Save(Entity e) => AmberSerializer.Serialize(e);
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB017", d.Id);
            Assert.StartsWith("Member 'Entity.Stamp' (type 'long') is not serialized: its setter is private.", d.GetMessage());
            Assert.Equal("Stamp", source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
        }

        [Fact]
        public void A_get_only_property_a_constructor_sets_is_served_not_reported()
        {
            const string source = @"
using Amber;

public class Money
{
    public Money(decimal amount, string currency) { Amount = amount; Currency = currency; }
    public decimal Amount { get; }
    public string Currency { get; }
}

public static class Use { public static byte[] Save(Money m) => AmberSerializer.Serialize(m); }";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
        }
    }
}
