using System.Collections.Generic;
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
    /// A compilation's roots are modelled together, each type once; every root is still judged as if it were
    /// the only one: served when nothing it reaches is reported, reported (where the problem is, or at its own
    /// call site) when something is.
    /// </summary>
    public class ManyRootsTests
    {
        [Fact]
        public void A_root_that_reaches_a_reported_type_is_not_served_and_a_root_sharing_its_other_types_is()
        {
            const string source = @"
using Amber;

public class Shared { public int X { get; set; } }

public class Good { public Shared? S { get; set; } }

public class Bad
{
    public Shared? S { get; set; }
    public System.Action? Callback { get; set; }
}

public static class Use
{
    public static byte[] SaveBad(Bad b) => AmberSerializer.Serialize(b);
    public static byte[] SaveGood(Good g) => AmberSerializer.Serialize(g);
}";
            GeneratorRun run = GeneratorHarness.Run(source);

            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB016", d.Id);
            Assert.Contains("Bad.Callback", d.GetMessage());
            string[] files = run.Result.GeneratedSources.Select(s => s.HintName).ToArray();
            Assert.Contains("AmberCodec_Good.g.cs", files);
            Assert.Contains("AmberCodec_Shared.g.cs", files);
            Assert.DoesNotContain("AmberCodec_Bad.g.cs", files);
            string roots = run.Generated("AmberRoots.g.cs");
            Assert.Contains("global::Good", roots);
            Assert.DoesNotContain("global::Bad", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_type_from_another_assembly_that_cannot_be_modelled_is_reported_at_each_member_holding_it()
        {
            // Random has a parameterless constructor and nothing to serialize: the problem is the type's, and it is not in
            // this source, so each member of that type is reported at its declaration, by its name.
            const string source = @"
using Amber;

public class First { public System.Random? Dice { get; set; } }

public class Second { public System.Random? Other { get; set; } public System.Random? Again { get; set; } }

public static class Use
{
    public static byte[] SaveFirst(First f) => AmberSerializer.Serialize(f);
    public static byte[] SaveSecond(Second s) => AmberSerializer.Serialize(s);
}";
            GeneratorRun run = GeneratorHarness.Run(source);

            Diagnostic[] found = run.Diagnostics.Where(x => x.Id == "AMB001").ToArray();
            Assert.Equal(3, found.Length);
            Assert.Equal(found.Length, run.Diagnostics.Length);
            foreach ((string member, string name) in new[] { ("First.Dice", "Dice"), ("Second.Other", "Other"), ("Second.Again", "Again") })
            {
                Diagnostic d = Assert.Single(found, x => x.GetMessage().Contains("'" + member + "'"));
                Assert.Contains("has type 'System.Random?'", d.GetMessage());
                Assert.Contains("no public settable members", d.GetMessage());
                Assert.Equal(name, source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
            }
            Assert.DoesNotContain("AmberCodec_First.g.cs", run.Result.GeneratedSources.Select(s => s.HintName));
        }

        [Fact]
        public void A_root_whose_name_a_referenced_assembly_also_has_is_the_type_its_call_site_names()
        {
            // Shop.Order exists twice: in a referenced library and in this project (which wins, CS0436). A call site's
            // root is found again by name in the model step, and where the name is ambiguous, from the call site itself.
            CSharpCompilation vendor = CSharpCompilation.Create("Vendor",
                new[] { CSharpSyntaxTree.ParseText("namespace Shop { public class Order { public int Legacy { get; set; } } }", GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            using var image = new MemoryStream();
            EmitResult emitted = vendor.Emit(image);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));

            const string source = @"
using Amber;
using System.Collections.Generic;

namespace Shop
{
    public class Order { public string? Name { get; set; } }

    public static class Use
    {
        public static byte[] Save(Order o) => AmberSerializer.Serialize(o);
        public static byte[] SaveAll(List<Order> all) => AmberSerializer.Serialize(all);
    }
}";
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(source).AddReferences(MetadataReference.CreateFromImage(image.ToArray()));
            GeneratorRun run = GeneratorHarness.Run(compilation);

            Assert.Empty(run.Diagnostics);
            string codec = run.Generated("AmberCodec_Shop_DOrder.g.cs");
            Assert.Contains("\"Name\"", codec);
            Assert.DoesNotContain("Legacy", codec);
            string roots = run.Generated("AmberRoots.g.cs");
            Assert.Contains("global::System.Collections.Generic.List<global::Shop.Order>", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output).Where(d => d.Id != "CS0436"));
        }

        [Fact]
        public void A_root_named_through_an_extern_alias_is_the_type_of_that_assembly()
        {
            // Two referenced assemblies declare Shop.Order; the call site names the first through an extern alias. Its
            // name alone finds both, so the model step finds the root again from the call site.
            MetadataReference Library(string name, string members)
            {
                CSharpCompilation lib = CSharpCompilation.Create(name,
                    new[] { CSharpSyntaxTree.ParseText("namespace Shop { public class Order { " + members + " } }", GeneratorHarness.ParseOptions()) },
                    GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
                using var image = new MemoryStream();
                EmitResult emitted = lib.Emit(image);
                Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));
                return MetadataReference.CreateFromImage(image.ToArray());
            }

            const string source = @"
extern alias first;
using Amber;

public static class Use
{
    public static byte[] Save(first::Shop.Order o) => AmberSerializer.Serialize(o);
}";
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(source).AddReferences(
                Library("First", "public int FirstOnly { get; set; }").WithAliases(new[] { "first" }),
                Library("Second", "public int SecondOnly { get; set; }"));
            GeneratorRun run = GeneratorHarness.Run(compilation);

            Assert.Empty(run.Diagnostics);
            string codec = run.Generated("AmberCodec_Shop_DOrder.g.cs");
            Assert.Contains("FirstOnly", codec);
            Assert.DoesNotContain("SecondOnly", codec);
        }

        [Fact]
        public void A_call_site_per_type_emits_the_same_codecs_as_one_root_that_reaches_them_all()
        {
            const int count = 40;
            string Model(bool callSitePerType)
            {
                var sb = new StringBuilder("using Amber;\nusing System.Collections.Generic;\n");
                for (int i = 0; i < count; i++)
                {
                    string next = i + 1 < count ? $"public C{i + 1}? Next {{ get; set; }}" : "public int Last { get; set; }";
                    sb.Append($"public class C{i} {{ public int Id {{ get; set; }} public string? Name {{ get; set; }} public List<int>? Values {{ get; set; }} {next} }}\n");
                }
                sb.Append("public static class Use {\n");
                for (int i = 0; i < (callSitePerType ? count : 1); i++)
                {
                    sb.Append($"  public static byte[] Save{i}(C{i} v) => AmberSerializer.Serialize(v);\n");
                }
                sb.Append("}\n");
                return sb.ToString();
            }

            GeneratorRun one = GeneratorHarness.Run(Model(callSitePerType: false));
            GeneratorRun each = GeneratorHarness.Run(Model(callSitePerType: true));

            Assert.Empty(one.Diagnostics);
            Assert.Empty(each.Diagnostics);
            string[] codecs = one.Result.GeneratedSources.Select(s => s.HintName).Where(n => n.StartsWith("AmberCodec_", System.StringComparison.Ordinal)).OrderBy(n => n).ToArray();
            Assert.Equal(count, codecs.Length);
            foreach (string codec in codecs)
            {
                Assert.Equal(one.Generated(codec), each.Generated(codec));
            }
            Assert.Empty(GeneratorHarness.Problems(each.Output));
        }
    }
}
