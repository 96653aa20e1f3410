using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Service contracts: an interface named at a type parameter marked [AmberService] (or marked itself) gets a
    /// generated service: one description per method, a binding that calls an implementation, and a client. These
    /// tests run the generated code over an in-memory transport that really serializes every request and response, so
    /// what travels is what a network transport would send.
    /// </summary>
    public class ServiceTests
    {
        /// <summary>
        /// A transport in one process: the binder keeps each handler by path; the invoker writes each message to bytes and
        /// reads it back on the other side. Appended to a source whose usings bring System, System.Collections.Generic,
        /// System.Threading.Tasks, Amber and Amber.Services.
        /// </summary>
        private const string Loopback = @"
namespace Transport
{
    public sealed class Loopback : IAmberServiceBinder, IAmberServiceInvoker
    {
        private readonly Dictionary<string, object> _handlers = new Dictionary<string, object>();
        private readonly object _service;
        public List<string> Sent { get; } = new List<string>();

        public Loopback(object service, AmberService definition)
        {
            _service = service;
            definition.Bind(this);
        }

        private T Travel<T>(T message)
        {
            byte[] bytes = AmberSerializer.Serialize(message);
            Sent.Add(typeof(T).Name + ':' + bytes.Length);
            return AmberSerializer.Deserialize<T>(bytes)!;
        }

        private async IAsyncEnumerable<T> TravelAll<T>(IAsyncEnumerable<T> items)
        {
            await foreach (T item in items) yield return Travel(item);
        }

        public void Unary<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, Task<TResponse>> handler) where TRequest : class where TResponse : class => _handlers[method.ToString()] = handler;
        public void ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, IAsyncEnumerable<TResponse>> handler) where TRequest : class where TResponse : class => _handlers[method.ToString()] = handler;
        public void ClientStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, Task<TResponse>> handler) where TRequest : class where TResponse : class => _handlers[method.ToString()] = handler;
        public void DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, IAsyncEnumerable<TResponse>> handler) where TRequest : class where TResponse : class => _handlers[method.ToString()] = handler;

        private static AmberCallContext Server(AmberCallContext client) => new AmberCallContext(""server saw: "" + client.Transport, client.CancellationToken);

        public async Task<TResponse> UnaryAsync<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context) where TRequest : class where TResponse : class =>
            Travel(await ((Func<object, TRequest, AmberCallContext, Task<TResponse>>)_handlers[method.ToString()])(_service, Travel(request), Server(context)));
        public IAsyncEnumerable<TResponse> ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context) where TRequest : class where TResponse : class =>
            TravelAll(((Func<object, TRequest, AmberCallContext, IAsyncEnumerable<TResponse>>)_handlers[method.ToString()])(_service, Travel(request), Server(context)));
        public async Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context) where TRequest : class where TResponse : class =>
            Travel(await ((Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, Task<TResponse>>)_handlers[method.ToString()])(_service, TravelAll(requests), Server(context)));
        public IAsyncEnumerable<TResponse> DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context) where TRequest : class where TResponse : class =>
            TravelAll(((Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, IAsyncEnumerable<TResponse>>)_handlers[method.ToString()])(_service, TravelAll(requests), Server(context)));
    }
}";

        [Fact]
        public void Every_call_kind_travels_through_the_generated_client_and_binding()
        {
            const string source = @"
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Amber;
using Amber.Services;
using Transport;

namespace Shop
{
    public sealed class Order { public string Customer { get; set; } = """"; public List<int> Lines { get; set; } = new List<int>(); }
    public sealed record Receipt(string Customer, int Total);
    public enum Level { Low, High }

    public interface IOrders
    {
        Task<Receipt> Place(Order order, CancellationToken ct = default);
        Task<int> Add(int a, int b);
        ValueTask<string> Describe(string name, Level level, int? count, AmberCallContext context = default);
        Task Ping();
        ValueTask<Level> Current();
        IAsyncEnumerable<Receipt> History(string customer, int take);
        IAsyncEnumerable<int> Countdown(int from, CancellationToken ct);
        Task<int> Sum(IAsyncEnumerable<int> values, CancellationToken ct = default);
        Task<Receipt> Total(IAsyncEnumerable<Order> orders);
        IAsyncEnumerable<string> Echo(IAsyncEnumerable<string> lines, AmberCallContext context);
    }

    public sealed class Orders : IOrders
    {
        public int Pings;
        public Task<Receipt> Place(Order order, CancellationToken ct) => Task.FromResult(new Receipt(order.Customer, order.Lines.Sum()));
        public Task<int> Add(int a, int b) => Task.FromResult(a + b);
        public ValueTask<string> Describe(string name, Level level, int? count, AmberCallContext context) => new ValueTask<string>(name + '/' + level + '/' + (count?.ToString() ?? ""none"") + '/' + context.Transport);
        public Task Ping() { Pings++; return Task.CompletedTask; }
        public ValueTask<Level> Current() => new ValueTask<Level>(Level.High);
        public async IAsyncEnumerable<Receipt> History(string customer, int take) { for (int i = 0; i < take; i++) { await Task.Yield(); yield return new Receipt(customer, i); } }
        public async IAsyncEnumerable<int> Countdown(int from, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken ct) { for (int i = from; i > 0; i--) { await Task.Yield(); yield return i; } }
        public async Task<int> Sum(IAsyncEnumerable<int> values, CancellationToken ct) { int s = 0; await foreach (int v in values) s += v; return s; }
        public async Task<Receipt> Total(IAsyncEnumerable<Order> orders) { int t = 0; string c = """"; await foreach (Order o in orders) { t += o.Lines.Sum(); c += o.Customer; } return new Receipt(c, t); }
        public async IAsyncEnumerable<string> Echo(IAsyncEnumerable<string> lines, AmberCallContext context) { await foreach (string l in lines) yield return l.ToUpperInvariant(); }
    }

    public static class Use
    {
        private static async IAsyncEnumerable<T> Items<T>(params T[] items) { foreach (T i in items) { await Task.Yield(); yield return i; } }
        private static async Task<string> All<T>(IAsyncEnumerable<T> items) { var l = new List<string>(); await foreach (T i in items) l.Add(i!.ToString()!); return string.Join(""+"", l); }

        public static string Run() => RunAsync().GetAwaiter().GetResult();

        private static async Task<string> RunAsync()
        {
            var impl = new Orders();
            var transport = new Loopback(impl, AmberServices.Get(typeof(IOrders)));
            IOrders client = AmberServices.CreateClient<IOrders>(transport);
            var parts = new List<string>
            {
                (await client.Place(new Order { Customer = ""ada"", Lines = { 2, 3 } })).ToString(),
                (await client.Add(20, 22)).ToString(),
                await client.Describe(""x"", Level.High, null, new AmberCallContext(""opts"", default)),
                await client.Describe(""y"", Level.Low, 7),
            };
            await client.Ping();
            parts.Add(""pings="" + impl.Pings);
            parts.Add((await client.Current()).ToString());
            parts.Add(await All(client.History(""bo"", 3)));
            parts.Add(await All(client.Countdown(3, default)));
            parts.Add((await client.Sum(Items(1, 2, 3, 4))).ToString());
            parts.Add((await client.Total(Items(new Order { Customer = ""a"", Lines = { 1 } }, new Order { Customer = ""b"", Lines = { 2, 3 } }))).ToString());
            parts.Add(await All(client.Echo(Items(""hi"", ""there""), default)));
            AmberService d = AmberServices.Get(typeof(IOrders));
            parts.Add(d.Name + "":"" + string.Join("","", d.Methods.Select(m => m.Name + ""="" + m.Kind + ""("" + m.RequestType.Name + ""->"" + m.ResponseType.Name + "")"")));
            parts.Add(string.Join("","", transport.Sent.Distinct()));
            return string.Join("" | "", parts);
        }
    }
}";
            string result = (string)Execution.Call(source + Loopback, "Shop.Use", "Run")!;
            string[] parts = result.Split(" | ");
            Assert.Equal("Receipt { Customer = ada, Total = 5 }", parts[0]);
            Assert.Equal("42", parts[1]);
            Assert.Equal("x/High/none/server saw: opts", parts[2]);
            Assert.Equal("y/Low/7/server saw: ", parts[3]);
            Assert.Equal("pings=1", parts[4]);
            Assert.Equal("High", parts[5]);
            Assert.Equal("Receipt { Customer = bo, Total = 0 }+Receipt { Customer = bo, Total = 1 }+Receipt { Customer = bo, Total = 2 }", parts[6]);
            Assert.Equal("3+2+1", parts[7]);
            Assert.Equal("10", parts[8]);
            Assert.Equal("Receipt { Customer = ab, Total = 6 }", parts[9]);
            Assert.Equal("HI+THERE", parts[10]);
            // The single reference-type parameter and result travel as themselves; anything else in generated messages.
            Assert.Equal("Shop.Orders:Place=Unary(Order->Receipt),Add=Unary(Add_Request->Add_Response),Describe=Unary(Describe_Request->Describe_Response),"
                + "Ping=Unary(Ping_Request->Ping_Response),Current=Unary(Current_Request->Current_Response),History=ServerStreaming(History_Request->Receipt),"
                + "Countdown=ServerStreaming(Countdown_Request->Countdown_Response),Sum=ClientStreaming(Sum_Item->Sum_Response),Total=ClientStreaming(Order->Receipt),"
                + "Echo=DuplexStreaming(Echo_Item->Echo_Response)", parts[11]);
            // Messages are plain Amber objects: a packed request of two ints is a few bytes, a completion is an empty object.
            System.Console.WriteLine(parts[12]);
            Assert.Contains("Add_Request:", parts[12]);
        }

        /// <summary>
        /// A contract marked [AmberService] is generated with no call naming it, and travels by the name it sets; a client
        /// on an older version of the contract (one parameter fewer, a message without a member) and a server on the newer
        /// one understand each other both ways: what one side lacks is skipped, what it misses takes the parameter's default.
        /// </summary>
        [Fact]
        public void Contract_versions_with_one_name_understand_each_other()
        {
            const string source = @"
using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Amber;
using Amber.Services;
using Transport;

namespace V1
{
    public sealed class Item { public string Name { get; set; } = """"; }

    [AmberService(Name = ""shop.Catalog"")]
    public interface ICatalog
    {
        Task<string> Find(string name, int limit);
        Task<Item> Get(Item item);
    }

    public sealed class Catalog : ICatalog
    {
        public Task<string> Find(string name, int limit) => Task.FromResult(""v1:"" + name + ':' + limit);
        public Task<Item> Get(Item item) => Task.FromResult(new Item { Name = item.Name + ""@v1"" });
    }
}

namespace V2
{
    public sealed class Item { public string Name { get; set; } = """"; public int Stock { get; set; } = -1; }

    [AmberService(Name = ""shop.Catalog"")]
    public interface ICatalog
    {
        Task<string> Find(string name, int limit, bool exact = true, string region = ""eu"");
        Task<Item> Get(Item item);
    }

    public sealed class Catalog : ICatalog
    {
        public Task<string> Find(string name, int limit, bool exact, string region) => Task.FromResult(""v2:"" + name + ':' + limit + ':' + exact + ':' + region);
        public Task<Item> Get(Item item) => Task.FromResult(new Item { Name = item.Name + ""@v2"", Stock = item.Stock + 1 });
    }
}

namespace Run
{
    /// <summary>Binds the server's contract and calls it with the other version's client: the paths must be the same.</summary>
    public sealed class Across : IAmberServiceInvoker
    {
        private readonly Loopback _server;
        public Across(Loopback server) { _server = server; }
        public Task<TResponse> UnaryAsync<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context) where TRequest : class where TResponse : class =>
            _server.Cross<TRequest, TResponse>(method, request);
        public IAsyncEnumerable<TResponse> ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context) where TRequest : class where TResponse : class => throw new NotSupportedException();
        public Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context) where TRequest : class where TResponse : class => throw new NotSupportedException();
        public IAsyncEnumerable<TResponse> DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context) where TRequest : class where TResponse : class => throw new NotSupportedException();
    }

    public static class Use
    {
        public static string Run() => RunAsync().GetAwaiter().GetResult();

        private static async Task<string> RunAsync()
        {
            AmberService s1 = AmberServices.Get(typeof(V1.ICatalog)), s2 = AmberServices.Get(typeof(V2.ICatalog));
            var oldClient = (V1.ICatalog)s1.CreateClient(new Across(new Loopback(new V2.Catalog(), s2)));
            var newClient = (V2.ICatalog)s2.CreateClient(new Across(new Loopback(new V1.Catalog(), s1)));
            V1.Item a = await oldClient.Get(new V1.Item { Name = ""pen"" });
            V2.Item b = await newClient.Get(new V2.Item { Name = ""ink"", Stock = 5 });
            return string.Join("" | "", s1.Name, s2.Name, await oldClient.Find(""pen"", 3), await newClient.Find(""ink"", 4, false, ""us""), a.Name, b.Name + ':' + b.Stock);
        }
    }
}";
            const string cross = @"
namespace Transport
{
    public sealed partial class Loopback
    {
        /// <summary>A request of one version's message type written, and read as the bound method's own request type.</summary>
        public async Task<TResponse> Cross<TRequest, TResponse>(AmberServiceMethod method, TRequest request) where TRequest : class where TResponse : class
        {
            object handler = _handlers[method.ToString()];
            Type[] types = handler.GetType().GetGenericArguments();
            var written = new System.Buffers.ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(written, request, typeof(TRequest));
            object serverRequest = AmberSerializer.Deserialize(written.WrittenSpan, types[1])!;
            Task task = (Task)handler.GetType().GetMethod(""Invoke"")!.Invoke(handler, new object?[] { _service, serverRequest, default(AmberCallContext) })!;
            await task;
            object response = task.GetType().GetProperty(""Result"")!.GetValue(task)!;
            var answered = new System.Buffers.ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(answered, response, response.GetType());
            return AmberSerializer.Deserialize<TResponse>(answered.WrittenSpan)!;
        }
    }
}";
            string result = (string)Execution.Call(source + Loopback.Replace("public sealed class Loopback", "public sealed partial class Loopback") + cross, "Run.Use", "Run")!;
            Assert.Equal("shop.Catalog | shop.Catalog | v2:pen:3:True:eu | v1:ink:4 | pen@v2 | ink@v1:-1", result);
        }

        [Fact]
        public void A_service_class_serves_each_contract_it_implements()
        {
            const string source = @"
using System;
using System.Linq;
using System.Threading.Tasks;
using Amber.Services;

namespace App
{
    public interface IClock { Task<long> Now(); }
    public interface IGreeter { Task<string> Greet(string name); }
    public sealed class Both : IClock, IGreeter, IDisposable
    {
        public Task<long> Now() => Task.FromResult(42L);
        public Task<string> Greet(string name) => Task.FromResult(""hi "" + name);
        public void Dispose() { }
    }

    public static class Hosting
    {
        public static void Map<[Amber.AmberService] TService>() where TService : class { }
    }

    public static class Use
    {
        public static string Run()
        {
            Hosting.Map<Both>();
            return string.Join("","", AmberServices.ImplementedBy(typeof(Both)).Select(s => s.Name).OrderBy(n => n));
        }
    }
}";
            Assert.Equal("App.Clock,App.Greeter", Execution.Call(source, "App.Use", "Run"));
        }

        [Theory]
        [InlineData("Task<T> Get<T>(int id);", "Get", "it is generic")]
        [InlineData("Task<int> Move(ref int position);", "Move", "passed by reference")]
        [InlineData("int Count();", "Count", "it returns 'int'")]
        [InlineData("int Size { get; }", "Size", "a property is not one")]
        [InlineData("Task<int> Sum(IAsyncEnumerable<int> values, int start);", "Sum", "it takes a stream and other data")]
        [InlineData("Task<int> Wait(CancellationToken a, AmberCallContext b);", "Wait", "two parameters for the call itself")]
        [InlineData("Task<int> Find(int id); Task<int> Find(string name);", "Find", "another method of the contract has that name")]
        public void A_method_that_cannot_be_a_remote_call_is_reported_on_it(string member, string name, string why)
        {
            string source = @"
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

namespace App
{
    public interface IApi { Task<string> Fine(string s); " + member + @" }
    public static class Use { public static IApi Client(IAmberServiceInvoker i) => AmberServices.CreateClient<IApi>(i); }
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB014", d.Id);
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            Assert.StartsWith("'" + name + "' of service contract 'App.IApi' cannot be a remote call: ", d.GetMessage());
            Assert.Contains(why, d.GetMessage());
            Assert.Contains("Fix:", d.GetMessage());
            // On the member itself, in the interface.
            Assert.Contains(name, source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
            // No half service: nothing of the contract is generated.
            Assert.DoesNotContain(run.Result.GeneratedSources, s => s.HintName.StartsWith("AmberService_", System.StringComparison.Ordinal));
        }

        [Theory]
        [InlineData("public sealed class Plain { public Task<int> Now() => Task.FromResult(1); }", "Plain", "it implements no interface whose methods all return Task")]
        [InlineData("public struct Point { }", "Point", "only an interface, or a class implementing one, can be a service")]
        public void A_service_named_without_a_contract_is_reported_at_the_call(string declaration, string name, string why)
        {
            string source = @"
using System.Threading.Tasks;

namespace App
{
    " + declaration + @"
    public static class Hosting { public static void Map<[Amber.AmberService] T>() { } }
    public static class Use { public static void Run() => Hosting.Map<" + name + @">(); }
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB015", d.Id);
            Assert.Contains("'App." + name + "' is named as a service, but " + why, d.GetMessage());
            Assert.Equal("Hosting.Map<" + name + ">()", source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
        }

        [Fact]
        public void A_parameter_type_Amber_cannot_serve_stops_the_contract_with_the_member_named()
        {
            const string source = @"
using System;
using System.Threading.Tasks;
using Amber.Services;

namespace App
{
    public interface IApi { Task<int> Run(Action callback, int times); }
    public static class Use { public static IApi Client(IAmberServiceInvoker i) => AmberServices.CreateClient<IApi>(i); }
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB016", d.Id);
            Assert.Contains("App.IApi.Run(callback)", d.GetMessage());
            Assert.Contains("a delegate", d.GetMessage());
            Assert.DoesNotContain(run.Result.GeneratedSources, s => s.HintName.StartsWith("AmberService_", System.StringComparison.Ordinal));
        }
    }
}
