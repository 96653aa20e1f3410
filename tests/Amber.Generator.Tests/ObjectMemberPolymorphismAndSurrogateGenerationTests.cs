using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// What the generator emits for members declared as object, former type names, generic subclasses, surrogates and
    /// subclasses from other assemblies (docs/format.md §7.1): the parts of the generated code a runtime test
    /// cannot see, such as which cases a dispatcher has.
    /// </summary>
    public class ObjectMemberPolymorphismAndSurrogateGenerationTests
    {
        private static string Hex(uint tag) => "0x" + tag.ToString("X8", CultureInfo.InvariantCulture) + "u";

        private static uint TagOf(string csharpName)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in Encoding.UTF8.GetBytes(csharpName))
            {
                h ^= b;
                h *= 0x01000193;
            }
            return h;
        }

        private static GeneratorRun RunClean(CSharpCompilation input)
        {
            var inputErrors = input.GetDiagnostics().Where(x => x.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(inputErrors.Count == 0, "The test input does not compile:\n" + GeneratorHarness.Describe(inputErrors));
            GeneratorRun run = GeneratorHarness.Run(input);
            Assert.Null(run.Result.Exception);
            Assert.True(run.Diagnostics.IsEmpty, GeneratorHarness.Describe(run.Diagnostics));
            var problems = GeneratorHarness.Problems(run.Output);
            Assert.True(problems.IsEmpty, GeneratorHarness.Describe(problems));
            return run;
        }

        private static string AllGenerated(GeneratorRun run) =>
            string.Join("\n", run.Result.GeneratedSources.Select(s => s.SourceText.ToString()));

        [Fact]
        public void Members_declared_as_object_and_collections_of_object_are_served_without_AMB001()
        {
            const string source = @"
using System.Collections.Generic;
using Amber;

public class Bag
{
    public object? One { get; set; }
    public List<object>? List { get; set; }
    public object[]? Array { get; set; }
    public Dictionary<string, object>? Map { get; set; }
    public Dictionary<int, List<object>>? Nested { get; set; }
}

public static class Use
{
    public static byte[] Save(Bag b) => AmberSerializer.Serialize(b);
}";
            GeneratorRun run = RunClean(GeneratorHarness.CreateCompilation(source));
            string codec = run.Generated("AmberCodec_Bag.g.cs");
            // Five members, each written and read through the list of known types: at least one call per member each way.
            Assert.True(codec.Split("AmberKnownTypes.WriteObject(").Length - 1 >= 5, codec);
            Assert.True(codec.Split("AmberKnownTypes.ReadObject(").Length - 1 >= 5, codec);
        }

        [Fact]
        public void Every_codec_is_registered_by_the_module_initializer_with_its_typed_shape()
        {
            const string source = @"
using Amber;

namespace Game
{
    public class Sword { public int Damage { get; set; } }
    public class Hero { public Sword? Weapon { get; set; } public object? Pocket { get; set; } }

    public static class Use
    {
        public static byte[] Save(Hero h) => AmberSerializer.Serialize(h);
    }
}";
            GeneratorRun run = RunClean(GeneratorHarness.CreateCompilation(source));
            string roots = run.Generated("AmberRoots.g.cs");
            // Hero is a root, Sword only a member: both are known where object is declared.
            Assert.Contains("Type = typeof(global::Game.Hero),", roots);
            Assert.Contains("Type = typeof(global::Game.Sword),", roots);
            Assert.Contains("[global::System.Runtime.CompilerServices.ModuleInitializer]", roots);
        }

        private const string RenamedSource = @"
using System.Collections.Generic;
using Amber;

namespace Game
{
    public abstract class Loot { public string? Name { get; set; } }

    [AmberFormerName(""Old.Items.Blade"")]
    [AmberFormerName(""Older.Knife"")]
    public class Blade : Loot { public int Sharpness { get; set; } }

    public class Gem : Loot { public int Carats { get; set; } }

    public class Bag { public Loot? Main { get; set; } public List<Loot>? All { get; set; } }

    public static class Use
    {
        public static byte[] Save(Bag b) => AmberSerializer.Serialize(b);
    }
}";

        [Fact]
        public void A_former_type_name_is_the_written_tag_and_the_other_names_are_extra_case_labels()
        {
            GeneratorRun run = RunClean(GeneratorHarness.CreateCompilation(RenamedSource));
            string poly = run.Generated("AmberPolymorphism.g.cs");
            uint first = TagOf("Old.Items.Blade"), second = TagOf("Older.Knife"), current = TagOf("Game.Blade");
            Assert.Contains("case " + Hex(first) + ":", poly);
            Assert.Contains("case " + Hex(second) + ":   // a former name", poly);
            Assert.Contains("case " + Hex(current) + ":   // a former name", poly);
            Assert.Contains("case " + Hex(TagOf("Game.Gem")) + ":", poly);

            // The typed shape carries the first former name's tag; the registration lists the others.
            string codec = run.Generated("AmberCodec_Game_DBlade.g.cs");
            Assert.Contains(Hex(first), codec);
            Assert.DoesNotContain(Hex(current), codec);
            string roots = run.Generated("AmberRoots.g.cs");
            int blade = roots.IndexOf("Type = typeof(global::Game.Blade),", System.StringComparison.Ordinal);
            Assert.True(blade > 0, roots);
            string registration = roots.Substring(blade, roots.IndexOf("});", blade, System.StringComparison.Ordinal) - blade);
            Assert.Contains("FormerTags = new uint[] { " + Hex(second) + ", " + Hex(current) + " },", registration);
        }

        [Fact]
        public void A_former_type_name_that_is_another_cases_name_is_reported()
        {
            string source = RenamedSource.Replace("[AmberFormerName(\"Older.Knife\")]", "[AmberFormerName(\"Game.Gem\")]");
            Assert.NotEqual(RenamedSource, source);
            var input = GeneratorHarness.CreateCompilation(source);
            GeneratorRun run = GeneratorHarness.Run(input);
            // Reported on each member declared as the base; whichever of the two types the generator meets first, both are named.
            Assert.Equal(2, run.Diagnostics.Length);
            Assert.All(run.Diagnostics, d =>
            {
                Assert.Equal("AMB001", d.Id);
                Assert.Contains("Game.Gem", d.GetMessage());
                Assert.Contains("Game.Blade", d.GetMessage());
            });
        }

        [Fact]
        public void Generic_subclasses_are_cases_of_the_closed_bases_whose_arguments_they_can_take()
        {
            const string source = @"
using System.Collections.Generic;
using Amber;

namespace G
{
    public abstract class Slot<T> { public T? Value { get; set; } }
    public class Plain<T> : Slot<T> { }
    public class Number<T> : Slot<T> where T : struct { }
    public class Counted<T> : Slot<T> where T : class, new() { }
    public class Listed<T> : Slot<List<T>> { }
    public class Pair<TA, TB> : Slot<TA> { public TB? Other { get; set; } }
    public class Item { }

    public class Rack
    {
        public Slot<int>? Number { get; set; }
        public Slot<string>? Text { get; set; }
        public Slot<Item>? Thing { get; set; }
        public Slot<List<int>>? Lists { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Rack r) => AmberSerializer.Serialize(r);
    }
}";
            GeneratorRun run = RunClean(GeneratorHarness.CreateCompilation(source));
            string poly = run.Generated("AmberPolymorphism.g.cs");
            Dictionary<string, string> dispatchers = Dispatchers(poly);

            string ints = dispatchers["global::G.Slot<int>"];
            Assert.Contains("typeof(global::G.Plain<int>)", ints);
            Assert.Contains("typeof(global::G.Number<int>)", ints);
            Assert.DoesNotContain("Counted", ints);       // int is not a class
            Assert.DoesNotContain("Pair", ints);          // TB cannot be inferred
            Assert.Contains("case " + Hex(TagOf("G.Plain<int>")) + ":", ints);

            string strings = dispatchers["global::G.Slot<string>"];
            Assert.Contains("typeof(global::G.Plain<string>)", strings);
            Assert.DoesNotContain("Number", strings);     // string is not a struct
            Assert.DoesNotContain("Counted", strings);    // string has no parameterless constructor

            string items = dispatchers["global::G.Slot<global::G.Item>"];
            Assert.Contains("typeof(global::G.Counted<global::G.Item>)", items);
            Assert.Contains("case " + Hex(TagOf("G.Counted<G.Item>")) + ":", items);

            string lists = dispatchers["global::G.Slot<global::System.Collections.Generic.List<int>>"];
            Assert.Contains("typeof(global::G.Listed<int>)", lists);
            Assert.Contains("typeof(global::G.Plain<global::System.Collections.Generic.List<int>>)", lists);
        }

        [Fact]
        public void A_type_nested_in_a_generic_type_is_not_inferred_as_a_case_and_does_not_stop_the_generator()
        {
            // Outer<T>.Inner derives from Slot<T> but has no type parameters of its own (T is its container's), and
            // Outer<T>.Deep<U> would stay open in T: neither can be constructed from Slot<int> alone.
            const string source = @"
using Amber;

namespace G
{
    public abstract class Slot<T> { public T? Value { get; set; } }
    public class Plain<T> : Slot<T> { }
    public class Outer<T>
    {
        public class Inner : Slot<T> { public int A { get; set; } }
        public class Deep<U> : Slot<U> { public T? B { get; set; } }
        public class Other : Loot { }
    }
    public abstract class Loot { public int C { get; set; } }
    public class Gem : Loot { }
    public class Rack { public Slot<int>? Number { get; set; } public Loot? Thing { get; set; } }

    public static class Use
    {
        public static byte[] Save(Rack r) => AmberSerializer.Serialize(r);
    }
}";
            GeneratorRun run = RunClean(GeneratorHarness.CreateCompilation(source));
            Dictionary<string, string> dispatchers = Dispatchers(run.Generated("AmberPolymorphism.g.cs"));
            Assert.Contains("typeof(global::G.Plain<int>)", dispatchers["global::G.Slot<int>"]);
            Assert.DoesNotContain("Outer", dispatchers["global::G.Slot<int>"]);
            Assert.Contains("typeof(global::G.Gem)", dispatchers["global::G.Loot"]);
            Assert.DoesNotContain("Outer", dispatchers["global::G.Loot"]);
        }

        [Fact]
        public void A_surrogate_declared_on_its_type_without_conversions_is_AMB009_at_that_attribute()
        {
            const string source = @"
using Amber;

public struct Color { public Color(uint packed) { Packed = packed; } public uint Packed { get; } }

[AmberSurrogate(typeof(Color))]
public struct ColorSurrogate { public uint Packed; }   // no conversion operators

public class Paint { public Color Tint { get; set; } }

public static class Use
{
    public static byte[] Save(Paint p) => AmberSerializer.Serialize(p);
}";
            GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(source));
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB009", d.Id);
            Assert.Contains("implicit operator ColorSurrogate(Color value)", d.GetMessage());
            Microsoft.CodeAnalysis.Text.TextSpan span = d.Location.SourceSpan;
            Assert.Equal("AmberSurrogate(typeof(Color))", source.Substring(span.Start, span.Length));
        }

        /// <summary>The generated dispatcher classes, keyed by the declared type their summary names (XML escapes undone).</summary>
        private static Dictionary<string, string> Dispatchers(string poly)
        {
            const string marker = "/// <summary>Amber dispatcher for members declared as ";
            var result = new Dictionary<string, string>();
            string[] parts = poly.Split(marker);
            foreach (string part in parts.Skip(1))
            {
                string declared = part.Substring(0, part.IndexOf(".</summary>", System.StringComparison.Ordinal)).Replace("&lt;", "<").Replace("&gt;", ">");
                result[declared] = part;
            }
            return result;
        }

        // ------------------------------------------------------------------ subclasses from other assemblies

        private static MetadataReference Library(string name, string source, params MetadataReference[] extra)
        {
            CSharpCompilation lib = CSharpCompilation.Create(name,
                new[] { CSharpSyntaxTree.ParseText(source, GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References.AddRange(extra),
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable,
                    specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic> { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress }));
            using var stream = new MemoryStream();
            EmitResult emitted = lib.Emit(stream);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));
            return MetadataReference.CreateFromImage(stream.ToArray());
        }

        private static CSharpCompilation WithReferences(string source, params MetadataReference[] extra) =>
            GeneratorHarness.CreateCompilation(source).AddReferences(extra);

        private const string ShapesSource = @"
namespace Shapes
{
    public abstract class Figure { public string? Label { get; set; } }
    public class Dot : Figure { public int X { get; set; } }
}";

        private const string PluginSource = @"
namespace Plugin
{
    public class Star : Shapes.Figure { public int Points { get; set; } }
    public class Polygon : Shapes.Figure { public int Sides { get; set; } }
}";

        [Fact]
        public void A_subclass_from_a_third_assembly_is_a_case_only_when_AmberSerializable_names_it()
        {
            MetadataReference shapes = Library("Shapes", ShapesSource);
            MetadataReference plugin = Library("Plugin", PluginSource, shapes);
            const string app = @"
using Amber;

[assembly: AmberSerializable(typeof(Plugin.Polygon))]

public class Canvas { public Shapes.Figure? Main { get; set; } }

public static class Use
{
    public static byte[] Save(Canvas c) => AmberSerializer.Serialize(c);
}";
            GeneratorRun run = RunClean(WithReferences(app, shapes, plugin));
            string figure = Dispatchers(run.Generated("AmberPolymorphism.g.cs"))["global::Shapes.Figure"];
            Assert.Contains("typeof(global::Shapes.Dot)", figure);          // the base's own assembly is searched
            Assert.Contains("typeof(global::Plugin.Polygon)", figure);      // named
            Assert.DoesNotContain("Plugin.Star", figure);                   // neither: found at run time, if registered
            Assert.Contains("AmberKnownTypes.TryWrite(ref w, v)", figure);
            Assert.Contains("AmberKnownTypes.TryReadOther<global::Shapes.Figure>", figure);
        }

        [Fact]
        public void A_surrogate_declared_on_its_type_in_a_referenced_assembly_that_uses_Amber_applies()
        {
            MetadataReference lib = Library("Gauges", @"
namespace Gauges
{
    public sealed class Gauge
    {
        private readonly double _f;
        private Gauge(double f) { _f = f; }
        public static Gauge Of(double f) => new Gauge(f);
        public double Fraction() => _f;
    }

    [Amber.AmberSurrogate(typeof(Gauge))]
    public struct GaugeSurrogate
    {
        public double Fraction { get; set; }
        public static implicit operator GaugeSurrogate(Gauge g) => new GaugeSurrogate { Fraction = g.Fraction() };
        public static implicit operator Gauge(GaugeSurrogate s) => Gauge.Of(s.Fraction);
    }
}");
            const string app = @"
using System.Collections.Generic;
using Amber;

public class Panel { public Gauges.Gauge? Fuel { get; set; } public List<Gauges.Gauge>? All { get; set; } }

public static class Use
{
    public static byte[] Save(Panel p) => AmberSerializer.Serialize(p);
}";
            GeneratorRun run = RunClean(WithReferences(app, lib));
            string codec = run.Generated("AmberCodec_Panel.g.cs");
            Assert.Contains("(global::Gauges.GaugeSurrogate)", codec);
            Assert.Contains("AmberCodec_Gauges_DGaugeSurrogate", codec);
        }
    }
}
