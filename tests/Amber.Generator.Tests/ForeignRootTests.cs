using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// [assembly: AmberRootsFrom] in an integration package declares which of an engine's APIs carry Amber values: a
    /// generic type, a method's type arguments, a method's <c>object</c> argument, and service-contract interfaces. A
    /// project that references the package gets formatters for the types it names there, and only its own types; one
    /// Amber cannot serve is left to the engine with an info diagnostic, never an error.
    /// </summary>
    public class ForeignRootTests
    {
        /// <summary>An engine that knows nothing of Amber: an actor API taking object and type arguments, a state holder, a service base.</summary>
        private const string EngineSource = @"
using System;
namespace Engine
{
    public interface IService { }
    public interface IState<T> { T Value { get; set; } }
    public sealed class Reply { public int Code { get; set; } }
    public sealed class CallToken { }
    public class ActorRef
    {
        public void Tell(object message) { }
        public void Tell(object message, ActorRef sender) { }
    }
    public static class ActorRefExtensions { public static void Forward(this ActorRef target, object message) { } }
    public abstract class Hub
    {
        public virtual System.Threading.Tasks.Task OnConnected() => System.Threading.Tasks.Task.CompletedTask;
    }
    public abstract class Hub<TClient> : Hub where TClient : class { }
    public abstract class Actor
    {
        protected void Receive<T>(Action<T> handler) { }
        protected void Receive<T>(Action<T> handler, Predicate<T> when) { }
    }
}";

        /// <summary>The integration package: it references Amber and the engine and declares the engine's APIs.</summary>
        private const string PackageSource = @"
[assembly: Amber.AmberRootsFrom(typeof(Engine.IState<>))]
[assembly: Amber.AmberRootsFrom(typeof(Engine.IService))]
[assembly: Amber.AmberRootsFrom(typeof(Engine.Hub))]
[assembly: Amber.AmberRootsFrom(typeof(Engine.Hub<>), Contract = true)]
[assembly: Amber.AmberRootsFrom(typeof(Engine.Actor), ""Receive"")]
[assembly: Amber.AmberRootsFrom(typeof(Engine.ActorRef), ""Tell"", Argument = ""message"")]
[assembly: Amber.AmberRootsFrom(typeof(Engine.ActorRefExtensions), ""Forward"", Argument = ""message"")]
namespace Engine.Amber { public static class Marker { } }";

        private static (MetadataReference Engine, MetadataReference Package) Libraries()
        {
            MetadataReference engine = Emit(CSharpCompilation.Create("Engine",
                new[] { CSharpSyntaxTree.ParseText(EngineSource, GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
            MetadataReference package = Emit(CSharpCompilation.Create("Engine.Amber",
                new[] { CSharpSyntaxTree.ParseText(PackageSource, GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References.Add(engine), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
            return (engine, package);
        }

        private static MetadataReference Emit(CSharpCompilation compilation)
        {
            using var image = new MemoryStream();
            EmitResult emitted = compilation.Emit(image);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));
            return MetadataReference.CreateFromImage(image.ToArray());
        }

        private static GeneratorRun RunWithEngine(string source, bool withPackage = true)
        {
            (MetadataReference engine, MetadataReference package) = Libraries();
            CSharpCompilation compilation = GeneratorHarness.CreateCompilation(source).AddReferences(engine);
            if (withPackage) compilation = compilation.AddReferences(package);
            return GeneratorHarness.Run(compilation);
        }

        private const string App = @"
using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Engine;

namespace App
{
    public class Greet { public string? Who { get; set; } }
    public class Ping { public int N { get; set; } }
    public class Forwarded { public int Hops { get; set; } }
    public class Cart { public List<Line> Lines { get; set; } = new List<Line>(); }
    public class Line { public string? Sku { get; set; } }
    public class Order { public int Id { get; set; } }
    public record Receipt(int Id, decimal Total);
    public class Item { public string? Name { get; set; } }
    public class Page { public int Number { get; set; } }
    public class NeverNamed { public int X { get; set; } }

    public interface IShop : IService
    {
        Task<Receipt> Buy(Order order, int count, CancellationToken cancellation);
        Task<IShop> Sibling();
        IAsyncEnumerable<Item> Items(List<Page> pages);
        Task Clear();
    }

    public sealed class Counter : Actor
    {
        private readonly IState<Cart> _state;
        public Counter(IState<Cart> state)
        {
            _state = state;
            Receive<Ping>(p => { });
            Receive<string>(s => { });
            Receive<Reply>(r => { });
        }
    }

    public static class Use
    {
        public static void Send(ActorRef target, object anything)
        {
            target.Tell(new Greet { Who = ""Ada"" });
            target.Tell(anything);
            target.Tell(42, target);
            target.Forward(new Forwarded());
        }
    }
}";

        [Fact]
        public void The_types_a_project_names_at_declared_engine_APIs_get_formatters_and_the_engines_own_types_do_not()
        {
            GeneratorRun run = RunWithEngine(App);

            Assert.Empty(run.Diagnostics);
            string roots = run.Generated("AmberRoots.g.cs");
            foreach (string served in new[] { "Greet", "Ping", "Forwarded", "Cart", "Order", "Receipt", "Item", "System.Collections.Generic.List<global::App.Page>" })
            {
                Assert.Contains("AmberFormatterRegistry.Register<global::" + (served.StartsWith("System") ? served : "App." + served) + ">", roots);
            }
            Assert.DoesNotContain("global::App.NeverNamed", roots);
            Assert.DoesNotContain("global::App.IShop", roots);   // a reference to another service, passed by the engine
            Assert.DoesNotContain("global::Engine.", roots);     // the engine's own types (Reply) stay the engine's
            Assert.DoesNotContain("Register<int>", roots);
            Assert.DoesNotContain("Register<string>", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_class_derived_from_a_declared_base_and_the_contract_type_argument_of_a_declared_generic_name_their_methods_types()
        {
            const string source = @"
using System.Collections.Generic;
using System.Threading.Channels;
using System.Threading.Tasks;
using Engine;

namespace App
{
    public class ChatLine { public string? Text { get; set; } }
    public record Ack(int Id);
    public class Query { public int Max { get; set; } }
    public class Tick { public long At { get; set; } }
    public class Frame { public byte[]? Data { get; set; } }
    public class Notice { public string? Text { get; set; } }
    public class Secret { public int Code { get; set; } }
    public class Connected { public int Count { get; set; } }

    public interface IChatClient
    {
        Task Receive(Notice notice);
    }

    public sealed class ChatHub : Hub<IChatClient>
    {
        public Task<Ack> Send(ChatLine line, int room) => Task.FromResult(new Ack(room));
        public async IAsyncEnumerable<Tick> Ticks(Query query) { await Task.Yield(); yield return new Tick(); }
        public ChannelReader<Frame> Frames() => Channel.CreateUnbounded<Frame>().Reader;
        private Task Hidden(Secret secret) => Task.CompletedTask;
        public static Connected Count() => new Connected();
        public override Task OnConnected() => Task.CompletedTask;
    }
}";
            GeneratorRun run = RunWithEngine(source);

            Assert.Empty(run.Diagnostics);
            string roots = run.Generated("AmberRoots.g.cs");
            foreach (string served in new[] { "ChatLine", "Ack", "Query", "Tick", "Frame", "Notice" })
            {
                Assert.Contains("AmberFormatterRegistry.Register<global::App." + served + ">", roots);
            }
            Assert.DoesNotContain("global::App.Secret", roots);      // not public
            Assert.DoesNotContain("global::App.Connected", roots);   // static
            Assert.DoesNotContain("global::App.IChatClient", roots); // the contract itself
            Assert.DoesNotContain("global::App.ChatHub", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_nullable_value_type_named_at_a_declared_API_serves_the_type_its_boxed_value_has()
        {
            // An engine passes values as objects: a Spot? arrives as a boxed Spot or null, so Spot is served as well.
            const string source = @"
using System.Threading.Tasks;
using Engine;

namespace App
{
    public struct Spot { public int X { get; set; } }
    public enum Mood { Calm, Cross }
    public record struct Fix(double Lat, double Lon);
    public record struct Step(int N);

    public sealed class MapHub : Hub
    {
        public string Mark(Spot? spot, Mood? mood, decimal? price) => """";
        public Task<Fix?> Locate(int id) => Task.FromResult<Fix?>(null);
    }

    public static class Use
    {
        public static void Send(ActorRef target, Step? step) => target.Tell(step!);
    }
}";
            GeneratorRun run = RunWithEngine(source);

            Assert.Empty(run.Diagnostics);
            string roots = run.Generated("AmberRoots.g.cs");
            foreach (string served in new[] { "Spot", "Mood", "Fix", "Step" })
            {
                Assert.Contains("AmberFormatterRegistry.Register<global::App." + served + ">", roots);
                Assert.Contains("AmberFormatterRegistry.Register<global::App." + served + "?>", roots);
            }
            Assert.DoesNotContain("Register<decimal", roots);   // a BCL type: the engine's or the package's to serve
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void Without_the_package_the_same_project_names_no_root()
        {
            GeneratorRun run = RunWithEngine(App, withPackage: false);

            Assert.Empty(run.Diagnostics);
            Assert.DoesNotContain(run.Result.GeneratedSources, s => s.HintName == "AmberRoots.g.cs");
        }

        [Fact]
        public void A_type_Amber_cannot_serve_is_left_to_the_engine_with_an_info_diagnostic_at_the_call()
        {
            const string source = @"
using Engine;

namespace App
{
    public class Handle { public Handle(int raw, int owner) { } public int Value { get; set; } }
    public class Greet { public string? Who { get; set; } }

    public static class Use
    {
        public static void Send(ActorRef target)
        {
            target.Tell(new Handle(1, 2));
            target.Tell(new Greet());
        }
    }
}";
            GeneratorRun run = RunWithEngine(source);

            Diagnostic left = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB013", left.Id);
            Assert.Equal(DiagnosticSeverity.Info, left.Severity);
            Assert.Contains("Type 'App.Handle', passed to another library's API, gets no Amber formatter", left.GetMessage());
            Assert.Contains("has no public parameterless constructor", left.GetMessage());
            Assert.Equal("target.Tell(new Handle(1, 2))", source.Substring(left.Location.SourceSpan.Start, left.Location.SourceSpan.Length));
            string roots = run.Generated("AmberRoots.g.cs");
            Assert.Contains("Register<global::App.Greet>", roots);
            Assert.DoesNotContain("global::App.Handle", roots);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void The_same_type_named_at_an_Amber_call_is_still_an_error_there()
        {
            const string source = @"
using Engine;

namespace App
{
    public class Handle { public Handle(int raw, int owner) { } public int Value { get; set; } }

    public static class Use
    {
        public static void Send(ActorRef target)
        {
            target.Tell(new Handle(1, 2));
            Amber.AmberSerializer.Serialize(new Handle(1, 2));
        }
    }
}";
            GeneratorRun run = RunWithEngine(source);

            Assert.Contains(run.Diagnostics, d => d.Id == "AMB002" && d.Severity == DiagnosticSeverity.Error);
            Assert.Contains(run.Diagnostics, d => d.Id == "AMB013");
        }

        [Fact]
        public void A_declaration_naming_an_assembly_the_project_does_not_reference_declares_nothing_and_the_others_still_work()
        {
            // A package may declare a server-only API (a silo's state holder) that a client project never references.
            MetadataReference silo = Emit(CSharpCompilation.Create("Engine.Silo",
                new[] { CSharpSyntaxTree.ParseText("namespace Engine.Silo { public interface IStored<T> { } }", GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
            (MetadataReference engine, _) = Libraries();
            MetadataReference package = Emit(CSharpCompilation.Create("Engine.Amber",
                new[] { CSharpSyntaxTree.ParseText(@"
[assembly: Amber.AmberRootsFrom(typeof(Engine.Silo.IStored<>))]
[assembly: Amber.AmberRootsFrom(typeof(Engine.ActorRef), ""Tell"", Argument = ""message"")]", GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References.Add(engine).Add(silo), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
            const string source = @"
namespace App
{
    public class Greet { public string? Who { get; set; } }
    public static class Use { public static void Send(Engine.ActorRef target) => target.Tell(new Greet()); }
}";
            GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(source).AddReferences(engine, package));

            Assert.Empty(run.Diagnostics);
            Assert.Contains("Register<global::App.Greet>", run.Generated("AmberRoots.g.cs"));
        }

        [Fact]
        public void A_projects_own_declaration_serves_an_API_of_a_library_it_references()
        {
            const string source = @"
[assembly: Amber.AmberRootsFrom(typeof(Engine.ActorRef), ""Tell"", Argument = ""message"")]

namespace App
{
    public class Greet { public string? Who { get; set; } }

    public static class Use
    {
        public static void Send(Engine.ActorRef target) => target.Tell(new Greet());
    }
}";
            GeneratorRun run = RunWithEngine(source, withPackage: false);

            Assert.Empty(run.Diagnostics);
            Assert.Contains("Register<global::App.Greet>", run.Generated("AmberRoots.g.cs"));
        }
    }
}
