using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// A type parameter marked [AmberRoot] makes each concrete type given for it a root: at a call of a generic method
    /// (type arguments written or inferred), and wherever a generic type is named. The generator knows the marker,
    /// not the methods and types that carry it, so a user's own generic code and a referenced library's serve as
    /// Amber's entry points do.
    /// </summary>
    public class RootMarkerTests
    {
        private const string Registered = @"
        static string Has(System.Type t) => AmberFormatterRegistry.IsRegistered(t) ? ""+"" : ""-"";";

        [Fact]
        public void A_call_of_a_marked_generic_method_makes_the_inferred_type_argument_a_root()
        {
            const string source = @"
using Amber;

namespace T
{
    public class Order { public string? Item { get; set; } }
    public class Invoice { public int Total { get; set; } }
    public class Unused { public int X { get; set; } }

    public static class Store
    {
        public static byte[] Save<[AmberRoot] TValue>(TValue value) => AmberSerializer.Serialize(value);
        public static byte[] SaveUnmarked<TValue>(TValue value) => AmberSerializer.Serialize(value);
    }

    public static class Use
    {" + Registered + @"

        public static string Run()
        {
            byte[] bytes = Store.Save(new Order { Item = ""tea"" });
            string unmarked;
            try { Store.SaveUnmarked(new Invoice()); unmarked = ""served""; }
            catch (AmberException) { unmarked = ""refused""; }
            return Has(typeof(Order)) + Has(typeof(Invoice)) + Has(typeof(Unused)) + "" "" + AmberSerializer.Deserialize<Order>(bytes)!.Item + "" "" + unmarked;
        }
    }
}";
            Assert.Equal("+-- tea refused", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void A_polymorphic_roots_concrete_types_get_formatters_of_their_own()
        {
            // Only the base is named; a value handed over as its runtime type (by Type) still finds its formatter.
            const string source = @"
using Amber;

namespace T
{
    public abstract class Shape { public string? Name { get; set; } }
    public class Circle : Shape { public double Radius { get; set; } }
    public sealed class Square : Shape { public double Side { get; set; } }

    public static class Use
    {" + Registered + @"

        public static string Run()
        {
            byte[] named = AmberSerializer.Serialize<Shape>(new Circle { Name = ""c"", Radius = 2 });
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            Shape shape = new Square { Name = ""s"", Side = 3 };
            AmberSerializer.Serialize(buffer, shape, shape.GetType());
            var back = (Square)AmberSerializer.Deserialize(buffer.WrittenSpan, typeof(Square))!;
            return Has(typeof(Shape)) + Has(typeof(Circle)) + Has(typeof(Square)) + "" "" + back.Name + back.Side + "" "" + ((Circle)AmberSerializer.Deserialize<Shape>(named)!).Radius;
        }
    }
}";
            Assert.Equal("+++ s3 2", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void A_concrete_type_that_cannot_be_served_is_reported_once_at_its_polymorphic_root()
        {
            const string source = @"
using Amber;

namespace T
{
    public abstract class Shape { public string? Name { get; set; } }
    public class Blob : Shape { public Blob(int a, int b) { } }

    public static class Use
    {
        public static byte[] Save(Shape s) => AmberSerializer.Serialize(s);
    }
}";
            GeneratorRun run = GeneratorHarness.Run(source);

            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB002", d.Id);
        }

        [Fact]
        public void An_open_type_parameter_reaching_a_marker_names_no_root_and_reports_nothing()
        {
            // The helper's own call of Amber passes the open TValue: neither a root nor a problem.
            const string source = @"
using Amber;

namespace T
{
    public static class Store
    {
        public static byte[] Save<[AmberRoot] TValue>(TValue value) => AmberSerializer.Serialize<TValue>(value);
        public static TValue? Load<[AmberRoot] TValue>(byte[] bytes) => AmberSerializer.Deserialize<TValue>(bytes);
    }
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(run.Result.GeneratedSources);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_marked_type_parameter_of_a_generic_type_makes_each_type_it_is_named_with_a_root()
        {
            // Repository<T> is named as a field's type, in a new expression, as a base type and in a parameter.
            const string source = @"
using Amber;

namespace T
{
    public class Order { public int Id { get; set; } }
    public class Line { public int Qty { get; set; } }
    public class Refund { public int Amount { get; set; } }
    public class Coupon { public string? Code { get; set; } }
    public class Unused { public int X { get; set; } }

    public class Repository<[AmberRoot] TItem>
    {
        public byte[] Put(TItem item) => AmberSerializer.Serialize(item);
    }

    public class Lines : Repository<Line> { }

    public static class Use
    {" + Registered + @"
        public static readonly Repository<Order> Orders = new Repository<Order>();
        static object Make() => new Repository<Refund>();
        static void Take(Repository<Coupon> coupons) { }

        public static string Run() => Has(typeof(Order)) + Has(typeof(Line)) + Has(typeof(Refund)) + Has(typeof(Coupon)) + Has(typeof(Unused));
    }
}";
            Assert.Equal("++++-", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Each_marked_type_parameter_of_a_method_names_its_own_root_and_an_unmarked_one_none()
        {
            const string source = @"
using Amber;

namespace T
{
    public class Request { public int Id { get; set; } }
    public class Response { public string? Text { get; set; } }
    public class Context { public int X { get; set; } }
    public class Headers { public int Y { get; set; } }

    public static class Rpc
    {
        public static int Method<[AmberRoot] TRequest, [AmberRoot] TResponse>() => 0;
        public static int Call<TContext, [AmberRoot] TMessage>(TContext context, TMessage message) => 0;
    }

    public static class Use
    {" + Registered + @"

        public static string Run()
        {
            Rpc.Method<Request, Response>();
            Rpc.Call(new Context(), new Headers());
            return Has(typeof(Request)) + Has(typeof(Response)) + Has(typeof(Context)) + Has(typeof(Headers));
        }
    }
}";
            Assert.Equal("++-+", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Nested_marked_helpers_name_the_root_at_the_outermost_concrete_call()
        {
            const string source = @"
using System.Collections.Generic;
using Amber;

namespace T
{
    public class Order { public int Id { get; set; } }
    public class Line { public int Qty { get; set; } }

    public static class Store
    {
        public static byte[] Save<[AmberRoot] TValue>(TValue value) => Write(value);
        static byte[] Write<[AmberRoot] TInner>(TInner value) => AmberSerializer.Serialize(value);
        public static byte[] SaveAll<[AmberRoot] TValue>(IEnumerable<TValue> values)
        {
            var all = new List<byte>();
            foreach (TValue v in values) all.AddRange(Save(v));
            return all.ToArray();
        }
    }

    public static class Use
    {" + Registered + @"

        public static string Run()
        {
            Store.Save(new Order());
            Store.SaveAll(new[] { new Line() });
            return Has(typeof(Order)) + Has(typeof(Line));
        }
    }
}";
            // The inner calls pass open types: only the outermost calls name concrete ones.
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            string roots = run.Generated("AmberRoots.g.cs");
            Assert.Contains("global::T.Order", roots);
            Assert.Contains("global::T.Line", roots);
            Assert.Equal("++", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Markers_in_a_referenced_assembly_make_this_projects_uses_roots()
        {
            // A library that uses Amber marks a method, a generic type and an extension method whose type arguments
            // all come from its receiver; this project names its own types only through them.
            CSharpCompilation library = CSharpCompilation.Create("Library",
                new[] { CSharpSyntaxTree.ParseText(@"
using Amber;

namespace Lib
{
    public static class Store { public static byte[] Put<[AmberRoot] T>(T value) => AmberSerializer.Serialize(value); }
    public sealed class Box<[AmberRoot] T> { }
    public sealed class Channel<TKey, TValue> { }
    public static class ChannelExtensions
    {
        public static Channel<TKey, TValue> UseAmberValues<TKey, [AmberRoot] TValue>(this Channel<TKey, TValue> channel) => channel;
    }
}", GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            using var image = new MemoryStream();
            EmitResult emitted = library.Emit(image);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));

            const string source = @"
using Lib;

namespace App
{
    public class Order { public int Id { get; set; } }
    public class Parcel { public int Weight { get; set; } }
    public class Key { public int K { get; set; } }
    public class Event { public string? Name { get; set; } }

    public static class Use
    {
        public static byte[] Save(Order o) => Lib.Store.Put(o);
        static Lib.Box<Parcel>? s_box;
        public static object Wire(Lib.Channel<Key, Event> channel) => channel.UseAmberValues();
    }
}";
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(source).AddReferences(MetadataReference.CreateFromImage(image.ToArray()));
            GeneratorRun run = GeneratorHarness.Run(compilation);

            Assert.Empty(run.Diagnostics);
            string roots = run.Generated("AmberRoots.g.cs");
            Assert.Contains("global::App.Order", roots);
            Assert.Contains("global::App.Parcel", roots);
            Assert.Contains("global::App.Event", roots);
            Assert.DoesNotContain("global::App.Key", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output).Where(d => d.Id != "CS0169" && d.Id != "CS0414"));
        }

        [Fact]
        public void A_marker_added_in_one_file_makes_an_unchanged_call_site_in_another_a_root()
        {
            const string helpers = @"
namespace T
{
    public static class Store
    {
        public static byte[] Save<TValue>(TValue value) => Amber.AmberSerializer.Serialize(value);
    }
}";
            const string use = @"
namespace T
{
    public class Order { public int Id { get; set; } }

    public static class Use
    {
        public static byte[] Run() => Store.Save(new Order());
    }
}";
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(new[] { ("Store.cs", helpers), ("Use.cs", use) });
            GeneratorDriver driver = GeneratorHarness.CreateDriver(GeneratorHarness.ParseOptions()).RunGenerators(compilation);
            Assert.Empty(driver.GetRunResult().Results.Single().GeneratedSources);

            SyntaxTree store = compilation.SyntaxTrees.Single(t => t.FilePath == "Store.cs");
            SyntaxTree marked = CSharpSyntaxTree.ParseText(helpers.Replace("Save<TValue>", "Save<[Amber.AmberRoot] TValue>"), GeneratorHarness.ParseOptions(), "Store.cs");
            driver = driver.RunGenerators(compilation.ReplaceSyntaxTree(store, marked));

            GeneratorRunResult second = driver.GetRunResult().Results.Single();
            Assert.Empty(second.Diagnostics);
            Assert.Contains(second.GeneratedSources, s => s.HintName == "AmberCodec_T_DOrder.g.cs");
        }

        [Fact]
        public void A_marker_renamed_by_a_using_alias_is_still_the_marker()
        {
            const string source = @"
using Root = Amber.AmberRootAttribute;

namespace T
{
    public class Order { public int Id { get; set; } }

    public static class Store
    {
        public static byte[] Save<[Root] TValue>(TValue value) => Amber.AmberSerializer.Serialize(value);
    }

    public static class Use
    {
        public static string Run() { Store.Save(new Order()); return Amber.AmberFormatterRegistry.IsRegistered(typeof(Order)) ? ""+"" : ""-""; }
    }
}";
            Assert.Equal("+", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void A_same_named_attribute_of_another_namespace_is_not_the_marker()
        {
            const string source = @"
namespace Other
{
    [System.AttributeUsage(System.AttributeTargets.GenericParameter)]
    public sealed class AmberRootAttribute : System.Attribute { }
}

namespace T
{
    using Other;

    public class Order { public int Id { get; set; } }

    public static class Store
    {
        public static int Save<[AmberRoot] TValue>(TValue value) => 0;
    }

    public static class Use
    {
        public static int Run() => Store.Save(new Order());
    }
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(run.Result.GeneratedSources);
        }
    }
}
