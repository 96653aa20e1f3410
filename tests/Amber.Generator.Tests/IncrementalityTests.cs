using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// The pipeline caches: edits that do not touch a serialized type leave the model step Cached or
    /// Unchanged and produce no new source; edits that do touch one change it. The model holds no
    /// Roslyn object that would keep a compilation alive or defeat caching.
    /// </summary>
    public class IncrementalityTests
    {
        private const string ModelFile = @"
using System.Collections.Generic;

namespace Shop
{
    // The order of the shop.
    public class Order
    {
        public int Id { get; set; }
        public string? Customer { get; set; }
        public List<Line>? Lines { get; set; }
    }

    public record Line(string Sku, int Quantity);
}";

        private const string UseFile = @"
using Amber;

namespace Shop
{
    public static class Store
    {
        public static byte[] Save(Order o) => AmberSerializer.Serialize(o);

        public static int Unrelated(int x)
        {
            return x + 1;
        }
    }
}";

        private static readonly string[] s_ourSteps = { AmberGenerator.CallSitesStep, AmberGenerator.ModelStep, AmberGenerator.CodecGroupsStep };

        public static IEnumerable<object[]> UnrelatedEdits => new[]
        {
            new object[] { "add an unrelated file" },
            new object[] { "edit a comment in the model file" },
            new object[] { "edit an unrelated method body next to the call site" },
            new object[] { "add an unrelated method to a serialized type's file" },
        };

        [Theory]
        [MemberData(nameof(UnrelatedEdits))]
        public void Unrelated_edit_keeps_the_model_cached(string edit)
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);

            CSharpCompilation edited = edit switch
            {
                "add an unrelated file" => compilation.AddSyntaxTrees(Parse(
                    "namespace Other { public class Unrelated { public int Z() => 42; } }", "Other.cs")),
                "edit a comment in the model file" => Replace(compilation, "Model.cs", "// The order of the shop.", "// Orders, as the shop keeps them."),
                "edit an unrelated method body next to the call site" => Replace(compilation, "Use.cs", "return x + 1;", "return x * 2 + 1;"),
                "add an unrelated method to a serialized type's file" => Replace(compilation, "Model.cs",
                    "public record Line", "public static class Helpers { public static int Two() => 2; }\n\n    public record Line"),
                _ => throw new ArgumentOutOfRangeException(nameof(edit)),
            };

            driver = driver.RunGenerators(edited);
            GeneratorRunResult second = driver.GetRunResult().Results.Single();
            Assert.Null(second.Exception);

            ImmutableArray<IncrementalGeneratorRunStep> modelSteps = second.TrackedSteps[AmberGenerator.ModelStep];
            Assert.NotEmpty(modelSteps);
            foreach (IncrementalGeneratorRunStep step in modelSteps)
            {
                foreach ((object _, IncrementalStepRunReason reason) in step.Outputs)
                {
                    Assert.True(reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged,
                        $"After '{edit}' the {AmberGenerator.ModelStep} step output is {reason}");
                }
            }

            // No new source: the output step did not run again, and the sources are the same.
            Assert.NotEmpty(second.TrackedOutputSteps);
            foreach (KeyValuePair<string, ImmutableArray<IncrementalGeneratorRunStep>> output in second.TrackedOutputSteps)
            {
                foreach (IncrementalGeneratorRunStep step in output.Value)
                {
                    foreach ((object _, IncrementalStepRunReason reason) in step.Outputs)
                    {
                        Assert.True(reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged,
                            $"After '{edit}' the output step {output.Key} is {reason}");
                    }
                }
            }
            Assert.Equal(Sources(first), Sources(second));
        }

        [Fact]
        public void An_edit_inside_a_method_body_runs_no_step_after_the_model()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);

            driver = driver.RunGenerators(Replace(compilation, "Use.cs", "return x + 1;", "int y = x * 3;\n            return y + 1;"));
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            // The call sites are bound again (their semantic model is new) and name the same roots.
            AssertEveryOutput(second, AmberGenerator.CallSitesStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
            // The model is rebuilt from the new compilation and equals the last one, so nothing after it runs.
            AssertEveryOutput(second, AmberGenerator.ModelStep, IncrementalStepRunReason.Unchanged);
            AssertEveryOutput(second, AmberGenerator.CodecGroupsStep, IncrementalStepRunReason.Cached);
            AssertNoSourceOutputRan(second);
            Assert.Equal(Sources(first), Sources(second));
        }

        [Fact]
        public void A_second_call_site_for_a_served_type_changes_no_output()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);

            driver = driver.RunGenerators(Replace(compilation, "Use.cs",
                "public static int Unrelated(int x)", "public static Order Load(byte[] b) => AmberSerializer.Deserialize<Order>(b);\n\n        public static int Unrelated(int x)"));
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            Assert.Equal(2, second.TrackedSteps[AmberGenerator.CallSitesStep].Length);
            AssertEveryOutput(second, AmberGenerator.ModelStep, IncrementalStepRunReason.Unchanged);
            AssertEveryOutput(second, AmberGenerator.CodecGroupsStep, IncrementalStepRunReason.Cached);
            AssertNoSourceOutputRan(second);
            Assert.Equal(Sources(first), Sources(second));
        }

        [Fact]
        public void A_new_type_emits_its_codec_and_leaves_every_other_codec_group_cached()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);

            CSharpCompilation edited = compilation.AddSyntaxTrees(Parse(@"
using Amber;

namespace Shop
{
    public class Coupon
    {
        public string? Code { get; set; }
        public decimal Off { get; set; }
    }

    public static class Coupons
    {
        public static byte[] Save(Coupon c) => AmberSerializer.Serialize(c);
    }
}", "Coupon.cs"));
            driver = driver.RunGenerators(edited);
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            IncrementalStepRunReason[] groups = second.TrackedSteps[AmberGenerator.CodecGroupsStep].SelectMany(s => s.Outputs).Select(o => o.Reason).ToArray();
            Assert.Equal(AmberGenerator.CodecGroupCount, groups.Length);
            Assert.Equal(1, groups.Count(r => r == IncrementalStepRunReason.Modified));
            Assert.Equal(AmberGenerator.CodecGroupCount - 1, groups.Count(r => r == IncrementalStepRunReason.Unchanged));

            // One more file; every codec that was there is the same text; the registration names the new root.
            Dictionary<string, string> before = Sources(first).ToDictionary(x => x.Item1, x => x.Item2);
            Dictionary<string, string> after = Sources(second).ToDictionary(x => x.Item1, x => x.Item2);
            Assert.Equal(new[] { "AmberCodec_Shop_DCoupon.g.cs" }, after.Keys.Except(before.Keys).ToArray());
            Assert.Empty(before.Keys.Except(after.Keys));
            foreach (string codec in before.Keys.Where(k => k.StartsWith("AmberCodec_", StringComparison.Ordinal)))
            {
                Assert.Equal(before[codec], after[codec]);
            }
            Assert.Contains("Shop.Coupon", after["AmberRoots.g.cs"]);
        }

        [Fact]
        public void Adding_a_member_to_a_serialized_type_changes_the_model()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);

            CSharpCompilation edited = Replace(compilation, "Model.cs",
                "public string? Customer { get; set; }", "public string? Customer { get; set; }\n        public decimal Total { get; set; }");
            driver = driver.RunGenerators(edited);
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            IncrementalStepRunReason reason = Assert.Single(Assert.Single(second.TrackedSteps[AmberGenerator.ModelStep]).Outputs).Reason;
            Assert.Equal(IncrementalStepRunReason.Modified, reason);
            Assert.NotEqual(Sources(first), Sources(second));
            Assert.Contains("\"Total\"", second.GeneratedSources.Single(s => s.HintName == "AmberCodec_Shop_DOrder.g.cs").SourceText.ToString());
        }

        [Fact]
        public void Changing_a_type_reached_only_through_a_member_changes_the_model()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult _);

            CSharpCompilation edited = Replace(compilation, "Model.cs", "public record Line(string Sku, int Quantity);", "public record Line(string Sku, long Quantity);");
            driver = driver.RunGenerators(edited);
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            IncrementalStepRunReason reason = Assert.Single(Assert.Single(second.TrackedSteps[AmberGenerator.ModelStep]).Outputs).Reason;
            Assert.Equal(IncrementalStepRunReason.Modified, reason);
        }

        [Fact]
        public void Model_holds_no_symbols_syntax_or_compilations()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult first);
            driver = driver.RunGenerators(Replace(compilation, "Use.cs", "return x + 1;", "return x - 1;"));
            GeneratorRunResult second = driver.GetRunResult().Results.Single();

            foreach (GeneratorRunResult result in new[] { first, second })
            {
                var walker = new RoslynObjectWalker();
                foreach (string name in s_ourSteps)
                {
                    Assert.True(result.TrackedSteps.ContainsKey(name), $"step {name} was not tracked");
                    foreach (IncrementalGeneratorRunStep step in result.TrackedSteps[name])
                    {
                        for (int i = 0; i < step.Outputs.Length; i++)
                        {
                            walker.Walk(step.Outputs[i].Value, $"{name}.Outputs[{i}]");
                        }
                    }
                }
                Assert.True(walker.Problems.Count == 0, "The model holds Roslyn objects:\n" + string.Join("\n", walker.Problems));
                // The walk saw the model itself, not just an empty list.
                Assert.Contains(walker.VisitedTypes, t => t.Name == "MemberModel");
                Assert.Contains(walker.VisitedTypes, t => t.Name == "TypeRef");
            }
        }

        [Fact]
        public void Walker_finds_roslyn_objects()
        {
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation("class C { }");
            INamedTypeSymbol symbol = compilation.GetTypeByMetadataName("C")!;
            SyntaxNode node = compilation.SyntaxTrees[0].GetRoot();
            var samples = new (string Name, object Value)[]
            {
                ("compilation", Tuple.Create(1, (object)compilation)),
                ("symbol", new List<object> { "x", new object[] { symbol } }),
                ("syntax", new KeyValuePair<string, SyntaxNode>("k", node)),
                ("semantic model", ImmutableArray.Create((object)compilation.GetSemanticModel(compilation.SyntaxTrees[0]))),
            };
            foreach ((string name, object value) in samples)
            {
                var walker = new RoslynObjectWalker();
                walker.Walk(value, name);
                Assert.True(walker.Problems.Count > 0, $"the walker missed the {name}");
            }
        }

        /// <summary>A service contract marked [AmberService]: editing a method body elsewhere re-emits nothing; a new contract method changes its service and adds its request type.</summary>
        [Fact]
        public void A_service_contract_is_emitted_again_only_when_it_changes()
        {
            (CSharpCompilation compilation, GeneratorDriver driver) = FirstRun(out GeneratorRunResult _);
            compilation = compilation.AddSyntaxTrees(Parse(@"
using System.Threading.Tasks;

namespace Shop
{
    [Amber.AmberService]
    public interface IOrders
    {
        Task<Order> Find(int id);
    }
}", "Orders.cs"));
            driver = driver.RunGenerators(compilation);
            GeneratorRunResult first = driver.GetRunResult().Results.Single();
            Assert.Empty(first.Diagnostics);
            Assert.Contains(first.GeneratedSources, x => x.HintName == "AmberService_Shop_DIOrders.g.cs");

            driver = driver.RunGenerators(Replace(compilation, "Use.cs", "return x + 1;", "return x * 2 + 1;"));
            GeneratorRunResult second = driver.GetRunResult().Results.Single();
            AssertEveryOutput(second, AmberGenerator.ServiceSitesStep, IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged);
            AssertEveryOutput(second, AmberGenerator.ModelStep, IncrementalStepRunReason.Unchanged);
            AssertNoSourceOutputRan(second);
            Assert.Equal(Sources(first), Sources(second));

            driver = driver.RunGenerators(Replace(compilation, "Orders.cs", "Task<Order> Find(int id);", "Task<Order> Find(int id);\n        Task Cancel(int id, string reason);"));
            GeneratorRunResult third = driver.GetRunResult().Results.Single();
            Assert.Empty(third.Diagnostics);
            AssertEveryOutput(third, AmberGenerator.ModelStep, IncrementalStepRunReason.Modified);
            Assert.Contains("Cancel_Request", third.GeneratedSources.Single(x => x.HintName == "AmberService_Shop_DIOrders.g.cs").SourceText.ToString());
            Assert.Contains(third.GeneratedSources, x => x.HintName == "AmberCodec_Amber_DGenerated_DAmberService__Shop__DIOrders_DCancel__Request.g.cs");
        }

        // ------------------------------------------------------------------ helpers

        private static (CSharpCompilation Compilation, GeneratorDriver Driver) FirstRun(out GeneratorRunResult result)
        {
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(new[] { ("Model.cs", ModelFile), ("Use.cs", UseFile) });
            Assert.Empty(GeneratorHarness.Problems(compilation));
            GeneratorDriver driver = GeneratorHarness.CreateDriver(GeneratorHarness.ParseOptions());
            driver = driver.RunGenerators(compilation);
            result = driver.GetRunResult().Results.Single();
            Assert.Null(result.Exception);
            Assert.Empty(result.Diagnostics);
            Assert.Contains(result.GeneratedSources, s => s.HintName == "AmberCodec_Shop_DOrder.g.cs");
            return (compilation, driver);
        }

        private static void AssertEveryOutput(GeneratorRunResult result, string step, params IncrementalStepRunReason[] expected)
        {
            ImmutableArray<IncrementalGeneratorRunStep> runs = result.TrackedSteps[step];
            Assert.NotEmpty(runs);
            foreach (IncrementalGeneratorRunStep run in runs)
            {
                foreach ((object _, IncrementalStepRunReason reason) in run.Outputs)
                {
                    Assert.True(expected.Contains(reason), $"the {step} step gave {reason}, not {string.Join(" or ", expected)}");
                }
            }
        }

        private static void AssertNoSourceOutputRan(GeneratorRunResult result)
        {
            foreach (KeyValuePair<string, ImmutableArray<IncrementalGeneratorRunStep>> output in result.TrackedOutputSteps)
            {
                foreach (IncrementalGeneratorRunStep run in output.Value)
                {
                    foreach ((object _, IncrementalStepRunReason reason) in run.Outputs)
                    {
                        Assert.True(reason == IncrementalStepRunReason.Cached, $"the output step {output.Key} gave {reason}");
                    }
                }
            }
        }

        private static SyntaxTree Parse(string text, string path) =>
            CSharpSyntaxTree.ParseText(text, GeneratorHarness.ParseOptions(), path);

        private static CSharpCompilation Replace(CSharpCompilation compilation, string path, string oldText, string newText)
        {
            SyntaxTree tree = compilation.SyntaxTrees.Single(t => t.FilePath == path);
            string text = tree.GetText().ToString();
            Assert.Contains(oldText, text);
            return compilation.ReplaceSyntaxTree(tree, Parse(text.Replace(oldText, newText), path));
        }

        private static List<(string, string)> Sources(GeneratorRunResult result) =>
            result.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString())).ToList();
    }

    /// <summary>
    /// Walks an object graph through fields (and the properties of the generator's own types) and
    /// records every path that reaches a symbol, syntax, a semantic model or a compilation.
    /// </summary>
    internal sealed class RoslynObjectWalker
    {
        private static readonly Type[] s_forbidden =
        {
            typeof(ISymbol), typeof(SyntaxNode), typeof(SyntaxTree), typeof(SemanticModel), typeof(Compilation), typeof(Location),
        };

        private static readonly Assembly s_generatorAssembly = typeof(AmberGenerator).Assembly;

        private readonly HashSet<object> _seen = new HashSet<object>(ReferenceEqualityComparer.Instance);

        public List<string> Problems { get; } = new List<string>();

        public HashSet<Type> VisitedTypes { get; } = new HashSet<Type>();

        public void Walk(object? value, string path) => Walk(value, path, 0);

        private void Walk(object? value, string path, int depth)
        {
            if (value is null) return;
            Type type = value.GetType();
            foreach (Type f in s_forbidden)
            {
                if (f.IsInstanceOfType(value))
                {
                    Problems.Add($"{path} is a {f.Name} ({type.FullName})");
                    return;
                }
            }
            if (type.IsPrimitive || type.IsEnum || value is string || value is decimal || value is Type) return;
            if (!type.IsValueType && !_seen.Add(value)) return;
            if (depth > 200) { Problems.Add($"{path}: the object graph is deeper than 200"); return; }
            VisitedTypes.Add(type);

            if (value is Array array)
            {
                int i = 0;
                foreach (object? item in array) Walk(item, $"{path}[{i++}]", depth + 1);
                return;
            }

            for (Type? t = type; t != null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
            {
                foreach (FieldInfo field in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (field.FieldType.IsPointer || field.FieldType.IsByRef || field.FieldType.IsByRefLike) continue;
                    Walk(field.GetValue(value), path + "." + field.Name, depth + 1);
                }
                if (t.Assembly != s_generatorAssembly) continue;
                foreach (PropertyInfo property in t.GetProperties(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (property.GetIndexParameters().Length > 0 || property.GetMethod is null || property.PropertyType.IsByRefLike) continue;
                    Walk(property.GetValue(value), path + "." + property.Name, depth + 1);
                }
            }

            if (value is IEnumerable enumerable && type.Assembly == s_generatorAssembly)
            {
                int i = 0;
                foreach (object? item in enumerable) Walk(item, $"{path}<{i++}>", depth + 1);
            }
        }
    }
}
