using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// More shapes of input than the snapshots pin: each must be served without a diagnostic, and the
    /// generated code must compile without a warning (as C# 9 too, where the input itself is C# 9).
    /// </summary>
    public class CompileTests
    {
        [Theory]
        [InlineData("keyword member names", "public class K { public int @class { get; set; } public string? @event; }", "K", true)]
        [InlineData("nested type", "public class Outer { public class Inner { public int A { get; set; } } }", "Outer.Inner", true)]
        [InlineData("struct with a constructor", "public struct S { public S(int a, string b) { A = a; B = b; } public int A { get; } public string B { get; } }", "S", true)]
        [InlineData("struct with an explicit parameterless constructor", "public struct SC { public SC() { A = 5; } public int A { get; set; } public string? B { get; set; } }", "SC", false)]
        [InlineData("struct members, nullable and in collections", "public struct P { public int A { get; set; } } public class H { public P? Maybe { get; set; } public P Sure { get; set; } public P[]? Many { get; set; } public System.Collections.Generic.List<P?>? L { get; set; } }", "H", true)]
        [InlineData("record struct", "public record struct RS(int A, string? B);", "RS", false)]
        [InlineData("sealed record with a collection parameter and a setter", "public sealed record Rec2(string Name, System.Collections.Generic.List<int> Items) { public int Extra { get; set; } }", "Rec2", true)]
        [InlineData("ids that once collided: Box<X[]> and Box<X.A.Z>", "public class X { public class A { public class Z { public int V { get; set; } } } } public class Box<T> { public T? Value { get; set; } } public class Two { public Box<X[]>? First { get; set; } public Box<X.A.Z>? Second { get; set; } }", "Two", true)]
        [InlineData("a type nested in a generic type, serialized from inside it (no concrete call site: nothing generated, no error)", "public class Catalog<T> { public class Page { public int Number { get; set; } } public static byte[] Save(Page p) => Amber.AmberSerializer.Serialize(p); }", "Catalog<int>.Page", true)]
        [InlineData("recursive type", "public class Node { public int V { get; set; } public Node? Next { get; set; } public System.Collections.Generic.List<Node>? Kids { get; set; } }", "Node", true)]
        [InlineData("nested collections of the type itself", "public class Tree { public System.Collections.Generic.Dictionary<string, System.Collections.Generic.List<Tree>>? Children { get; set; } }", "Tree", true)]
        [InlineData("constructor parameter defaults", "public class D { public D(int a = 5, string b = \"x\", double c = 1.5, Kind e = Kind.B, decimal m = 1.5m, float f = 0.1f, long l = -3, string? z = null) { A = a; B = b; C = c; E = e; M = m; F = f; L = l; Z = z; } public int A { get; } public string B { get; } public double C { get; } public Kind E { get; } public decimal M { get; } public float F { get; } public long L { get; } public string? Z { get; } } public enum Kind { A, B }", "D", true)]
        [InlineData("a constructor for get-only members beside a parameterless one", "public class Ctor2 { public Ctor2() { } public Ctor2(int a, int b) { A = a; B = b; } public int A { get; } public int B { get; set; } }", "Ctor2", true)]
        [InlineData("readonly field set by the constructor", "public class Ro { public readonly int A; public Ro(int a) { A = a; } }", "Ro", true)]
        [InlineData("hidden base member", "public class Base { public int A { get; set; } } public class Derived : Base { public new string? A { get; set; } public int B { get; set; } }", "Derived", true)]
        [InlineData("internal, protected members", "public class P1 { internal int Hidden { get; set; } public int Shown { get; set; } protected int Prot { get; set; } }", "P1", true)]
        [InlineData("KeyValuePair and Tuple", "public class T1 { public System.Collections.Generic.KeyValuePair<int, string> Kv { get; set; } public System.Tuple<int, string>? Tu { get; set; } }", "T1", true)]
        [InlineData("every scalar", "public class M { public System.DateTimeOffset At { get; set; } public System.TimeSpan Span { get; set; } public System.Guid G { get; set; } public decimal Dm { get; set; } public System.Numerics.BigInteger Bi { get; set; } public System.Uri? U { get; set; } public System.Version? V { get; set; } public System.Half H { get; set; } public System.Int128 I { get; set; } public System.UInt128 UI { get; set; } public System.DateOnly Do { get; set; } public System.TimeOnly To { get; set; } public char Ch { get; set; } public System.DateTime Dt { get; set; } public sbyte Sb { get; set; } public ushort Us { get; set; } public ulong Ul { get; set; } public float F { get; set; } public bool B { get; set; } }", "M", true)]
        [InlineData("enums of every width", "public enum Big : ulong { A = ulong.MaxValue } public enum Small : sbyte { A = -1 } public class T4 { public Big B { get; set; } public Small S { get; set; } public Big[]? Bs { get; set; } public System.Collections.Generic.Dictionary<Small, Big?>? Map { get; set; } }", "T4", true)]
        [InlineData("generic type over a reference type", "public class G<T> { public T? V { get; set; } public System.Collections.Generic.List<T>? L { get; set; } }", "G<string>", true)]
        [InlineData("generic type over a nullable value type", "public class G2<T> where T : struct { public T? V { get; set; } }", "G2<int>", true)]
        [InlineData("arrays of arrays and ranks", "public class MA { public string[,,]? S { get; set; } public int[][,]? J { get; set; } public int?[]? N { get; set; } public byte[][]? BB { get; set; } }", "MA", true)]
        [InlineData("every collection kind", "public class C { public System.Collections.Immutable.ImmutableDictionary<string, int>? D { get; set; } public System.Collections.Generic.Stack<int>? S { get; set; } public System.Collections.Generic.Queue<string>? Q { get; set; } public System.Collections.Generic.IReadOnlyList<int>? RL { get; set; } public System.Collections.Generic.IEnumerable<string>? E { get; set; } public System.Collections.Generic.SortedDictionary<int, string>? SD { get; set; } public System.Collections.Immutable.ImmutableStack<int>? IS { get; set; } public System.Collections.Immutable.ImmutableQueue<int>? IQ { get; set; } public System.Collections.Generic.LinkedList<int>? LL { get; set; } public System.Collections.Generic.SortedSet<string>? SS { get; set; } public System.Collections.ObjectModel.ReadOnlyCollection<int>? RC { get; set; } public System.Collections.Immutable.ImmutableList<int>? IL { get; set; } public System.Collections.Immutable.ImmutableHashSet<int>? IH { get; set; } public System.Collections.Generic.IReadOnlyDictionary<string, int>? RD { get; set; } public System.Collections.Generic.ISet<int>? ISet { get; set; } public System.Collections.Generic.SortedList<int, int>? SL { get; set; } }", "C", true)]
        [InlineData("packable primitives", "public class X1 { public System.Collections.Generic.List<int>? L { get; set; } public System.Collections.Generic.List<int?>? LN { get; set; } public System.Collections.Generic.HashSet<int>? H { get; set; } public float[]? F { get; set; } public bool[]? B { get; set; } public char[]? C { get; set; } }", "X1", true)]
        [InlineData("custom collection and dictionary types", "public class Col : System.Collections.Generic.List<int> { } public class Dct : System.Collections.Generic.Dictionary<string, int> { } public class Uses { public Col? C { get; set; } public Dct? D { get; set; } }", "Uses", true)]
        [InlineData("collection roots", "public class E { public int A { get; set; } }", "System.Collections.Generic.List<E>", true)]
        [InlineData("nullable struct root", "public struct V { public int A { get; set; } }", "V?", true)]
        public void Generated_code_compiles(string what, string declarations, string root, bool csharp9)
        {
            Assert.False(string.IsNullOrEmpty(what));
            CompilesClean(declarations, root, LanguageVersion.Latest);
            if (csharp9) CompilesClean(declarations, root, LanguageVersion.CSharp9);
        }

        [Fact]
        public void Required_members()
        {
            CompilesClean("public class R { public required string Name { get; set; } public int Age { get; set; } }", "R", LanguageVersion.Latest);
            CompilesClean("public class R2 { public required string Name { get; init; } public string Label { get; init; } = \"x\"; }", "R2", LanguageVersion.Latest);
        }

        [Fact]
        public void ValueTuple_members()
        {
            // Was a generator bug (`new (int, string)()`, CS8181); fixed in Parser.cs alongside these tests.
            CompilesClean("public class T { public (int, string) Pair { get; set; } public (int Id, string? Name) Named { get; set; } public System.Collections.Generic.List<(long, double)>? Many { get; set; } }", "T", LanguageVersion.Latest);
            CompilesClean("public class T { public (int, string) Pair { get; set; } public (int Id, string? Name) Named { get; set; } }", "T", LanguageVersion.CSharp9);
        }

        private static void CompilesClean(string declarations, string root, LanguageVersion version)
        {
            string source = "using Amber;\n\nnamespace N\n{\n" + declarations + "\n\npublic static class Use\n{\n"
                + "    public static byte[] Save(" + root + " x) => AmberSerializer.Serialize(x);\n"
                + "    public static " + root + (root.EndsWith("?", System.StringComparison.Ordinal) ? "" : "?") + " Load(byte[] b) => AmberSerializer.Deserialize<" + root + ">(b);\n}\n}\n";
            CSharpCompilation input = GeneratorHarness.CreateCompilation(source, version);
            var inputProblems = GeneratorHarness.Problems(input);
            Assert.True(inputProblems.IsEmpty, $"The input does not compile as {version}:\n{GeneratorHarness.Describe(inputProblems)}");

            GeneratorRun run = GeneratorHarness.Run(input);
            Assert.Null(run.Result.Exception);
            // Info diagnostics (AMB017: a member left out, such as a protected one) say something and stop nothing.
            var reported = run.Diagnostics.Where(d => d.Severity > DiagnosticSeverity.Info).ToList();
            Assert.True(reported.Count == 0, $"{version}: " + GeneratorHarness.Describe(reported));
            Assert.NotEmpty(run.Result.GeneratedSources);
            var problems = GeneratorHarness.Problems(run.Output);
            Assert.True(problems.IsEmpty, $"The generated code does not compile as {version}:\n"
                + string.Join("\n", problems.Select(d => d + "  ::  " + LineOf(d))));
        }

        private static string LineOf(Diagnostic d) =>
            d.Location.SourceTree?.GetText().Lines[d.Location.GetLineSpan().StartLinePosition.Line].ToString().Trim() ?? "";
    }
}
