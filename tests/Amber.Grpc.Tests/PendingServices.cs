// What the Amber generator writes for the contracts of this project (one service class per contract interface,
// registered by a module initializer), written out by hand until the generator writes it. Nothing else belongs here.
#pragma warning disable CS1591, CA1707, IDE1006, SA1300, SA1307, SA1401

using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Grpc.Tests.CodeFirst;
using Amber.Services;

[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Ping_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Ping_Response))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Add_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Count_Response))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Describe_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Inspect_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Wait_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.Find_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.GiveUp_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Calculator_AmberService.GiveUp_Response))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.GreeterV1_AmberService.Greet_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.GreeterV2_AmberService.Greet_Request))]
[assembly: Amber.AmberSerializable(typeof(string))]
[assembly: Amber.AmberSerializable(typeof(Sum))]
[assembly: Amber.AmberSerializable(typeof(Order))]
[assembly: Amber.AmberSerializable(typeof(Receipt))]
[assembly: Amber.AmberSerializable(typeof(TickRequest))]
[assembly: Amber.AmberSerializable(typeof(Tick))]
[assembly: Amber.AmberSerializable(typeof(Part))]
[assembly: Amber.AmberSerializable(typeof(Total))]
[assembly: Amber.AmberSerializable(typeof(Echo))]
[assembly: Amber.AmberSerializable(typeof(CallInfo))]
[assembly: Amber.AmberSerializable(typeof(Amber.Grpc.Tests.CodeFirst.V1.Greeting))]
[assembly: Amber.AmberSerializable(typeof(Amber.Grpc.Tests.CodeFirst.V2.Greeting))]

namespace PendingServices
{
    internal static class Registration
    {
        [ModuleInitializer]
        internal static void Register()
        {
            AmberServices.Register(new Calculator_AmberService());
            AmberServices.Register(new GreeterV1_AmberService());
            AmberServices.Register(new GreeterV2_AmberService());
        }
    }

    public sealed class Calculator_AmberService : AmberService
    {
        private const string ServiceName = "Amber.Grpc.Tests.CodeFirst.Calculator";
        private static readonly AmberServiceMethod s_Add = new AmberServiceMethod(ServiceName, "Add", AmberCallKind.Unary, typeof(Add_Request), typeof(Sum));
        private static readonly AmberServiceMethod s_Place = new AmberServiceMethod(ServiceName, "Place", AmberCallKind.Unary, typeof(Order), typeof(Receipt));
        private static readonly AmberServiceMethod s_Ticks = new AmberServiceMethod(ServiceName, "Ticks", AmberCallKind.ServerStreaming, typeof(TickRequest), typeof(Tick));
        private static readonly AmberServiceMethod s_Upload = new AmberServiceMethod(ServiceName, "Upload", AmberCallKind.ClientStreaming, typeof(Part), typeof(Total));
        private static readonly AmberServiceMethod s_Chat = new AmberServiceMethod(ServiceName, "Chat", AmberCallKind.DuplexStreaming, typeof(Echo), typeof(Echo));
        private static readonly AmberServiceMethod s_Ping = new AmberServiceMethod(ServiceName, "Ping", AmberCallKind.Unary, typeof(Ping_Request), typeof(Ping_Response));
        private static readonly AmberServiceMethod s_Count = new AmberServiceMethod(ServiceName, "Count", AmberCallKind.Unary, typeof(string), typeof(Count_Response));
        private static readonly AmberServiceMethod s_Describe = new AmberServiceMethod(ServiceName, "Describe", AmberCallKind.Unary, typeof(Describe_Request), typeof(string));
        private static readonly AmberServiceMethod s_Inspect = new AmberServiceMethod(ServiceName, "Inspect", AmberCallKind.Unary, typeof(Inspect_Request), typeof(CallInfo));
        private static readonly AmberServiceMethod s_Wait = new AmberServiceMethod(ServiceName, "Wait", AmberCallKind.Unary, typeof(Wait_Request), typeof(Sum));
        private static readonly AmberServiceMethod s_Find = new AmberServiceMethod(ServiceName, "Find", AmberCallKind.Unary, typeof(Find_Request), typeof(Order));
        private static readonly AmberServiceMethod s_GiveUp = new AmberServiceMethod(ServiceName, "GiveUp", AmberCallKind.Unary, typeof(GiveUp_Request), typeof(GiveUp_Response));
        private static readonly AmberServiceMethod[] s_methods = { s_Add, s_Place, s_Ticks, s_Upload, s_Chat, s_Ping, s_Count, s_Describe, s_Inspect, s_Wait, s_Find, s_GiveUp };

        public Calculator_AmberService() : base(typeof(ICalculator), ServiceName) { }

        public override IReadOnlyList<AmberServiceMethod> Methods => s_methods;

        public sealed class Add_Request { public int a; public int b; }
        public sealed class Ping_Request { }
        public sealed class Ping_Response { }
        public sealed class Count_Response { public int value; }
        public sealed class Describe_Request { public string name = null!; public int age; public double[] scores = null!; public bool vip; public Order? lastOrder; }
        public sealed class Inspect_Request { }
        public sealed class Wait_Request { public int milliseconds; }
        public sealed class Find_Request { public int id; }
        public sealed class GiveUp_Request { }
        public sealed class GiveUp_Response { }

        public override void Bind(IAmberServiceBinder binder)
        {
            binder.Unary<Add_Request, Sum>(s_Add, static (service, request, context) => ((ICalculator)service).Add(request.a, request.b, context.CancellationToken));
            binder.Unary<Order, Receipt>(s_Place, static (service, request, context) => ((ICalculator)service).Place(request, context));
            binder.ServerStreaming<TickRequest, Tick>(s_Ticks, static (service, request, context) => ((ICalculator)service).Ticks(request, context));
            binder.ClientStreaming<Part, Total>(s_Upload, static (service, requests, context) => ((ICalculator)service).Upload(requests, context.CancellationToken));
            binder.DuplexStreaming<Echo, Echo>(s_Chat, static (service, requests, context) => ((ICalculator)service).Chat(requests, context));
            binder.Unary<Ping_Request, Ping_Response>(s_Ping, static (service, request, context) => AmberServiceStreams.Then(((ICalculator)service).Ping(), new Ping_Response()));
            binder.Unary<string, Count_Response>(s_Count, static (service, request, context) => AmberServiceStreams.Then(((ICalculator)service).Count(request).AsTask(), static value => new Count_Response { value = value }));
            binder.Unary<Describe_Request, string>(s_Describe, static (service, request, context) => ((ICalculator)service).Describe(request.name, request.age, request.scores, request.vip, request.lastOrder));
            binder.Unary<Inspect_Request, CallInfo>(s_Inspect, static (service, request, context) => ((ICalculator)service).Inspect(context));
            binder.Unary<Wait_Request, Sum>(s_Wait, static (service, request, context) => ((ICalculator)service).Wait(request.milliseconds, context));
            binder.Unary<Find_Request, Order>(s_Find, static (service, request, context) => ((ICalculator)service).Find(request.id));
            binder.Unary<GiveUp_Request, GiveUp_Response>(s_GiveUp, static (service, request, context) => AmberServiceStreams.Then(((ICalculator)service).GiveUp(), new GiveUp_Response()));
        }

        public override object CreateClient(IAmberServiceInvoker invoker) => new Client(invoker);

        private sealed class Client : ICalculator
        {
            private readonly IAmberServiceInvoker _invoker;

            public Client(IAmberServiceInvoker invoker) => _invoker = invoker;

            public Task<Sum> Add(int a, int b, CancellationToken ct = default) =>
                _invoker.UnaryAsync<Add_Request, Sum>(s_Add, new Add_Request { a = a, b = b }, ct);

            public Task<Receipt> Place(Order order, AmberCallContext context = default) =>
                _invoker.UnaryAsync<Order, Receipt>(s_Place, order, context);

            public IAsyncEnumerable<Tick> Ticks(TickRequest request, AmberCallContext context = default) =>
                _invoker.ServerStreaming<TickRequest, Tick>(s_Ticks, request, context);

            public Task<Total> Upload(IAsyncEnumerable<Part> parts, CancellationToken ct = default) =>
                _invoker.ClientStreamingAsync<Part, Total>(s_Upload, parts, ct);

            public IAsyncEnumerable<Echo> Chat(IAsyncEnumerable<Echo> messages, AmberCallContext context = default) =>
                _invoker.DuplexStreaming<Echo, Echo>(s_Chat, messages, context);

            public Task Ping() => _invoker.UnaryAsync<Ping_Request, Ping_Response>(s_Ping, new Ping_Request(), default);

            public ValueTask<int> Count(string name) =>
                new ValueTask<int>(AmberServiceStreams.Then(_invoker.UnaryAsync<string, Count_Response>(s_Count, name, default), static response => response.value));

            public Task<string> Describe(string name, int age, double[] scores, bool vip, Order? lastOrder) =>
                _invoker.UnaryAsync<Describe_Request, string>(s_Describe, new Describe_Request { name = name, age = age, scores = scores, vip = vip, lastOrder = lastOrder }, default);

            public Task<CallInfo> Inspect(AmberCallContext context = default) =>
                _invoker.UnaryAsync<Inspect_Request, CallInfo>(s_Inspect, new Inspect_Request(), context);

            public Task<Sum> Wait(int milliseconds, AmberCallContext context = default) =>
                _invoker.UnaryAsync<Wait_Request, Sum>(s_Wait, new Wait_Request { milliseconds = milliseconds }, context);

            public Task<Order> Find(int id) => _invoker.UnaryAsync<Find_Request, Order>(s_Find, new Find_Request { id = id }, default);

            public Task GiveUp() => _invoker.UnaryAsync<GiveUp_Request, GiveUp_Response>(s_GiveUp, new GiveUp_Request(), default);
        }
    }

    public sealed class GreeterV1_AmberService : AmberService
    {
        private const string ServiceName = "tests.Greeter";
        private static readonly AmberServiceMethod s_Greet = new AmberServiceMethod(ServiceName, "Greet", AmberCallKind.Unary, typeof(Greet_Request), typeof(Amber.Grpc.Tests.CodeFirst.V1.Greeting));
        private static readonly AmberServiceMethod s_Repeat = new AmberServiceMethod(ServiceName, "Repeat", AmberCallKind.Unary, typeof(Amber.Grpc.Tests.CodeFirst.V1.Greeting), typeof(Amber.Grpc.Tests.CodeFirst.V1.Greeting));
        private static readonly AmberServiceMethod[] s_methods = { s_Greet, s_Repeat };

        public GreeterV1_AmberService() : base(typeof(Amber.Grpc.Tests.CodeFirst.V1.IGreeter), ServiceName) { }

        public override IReadOnlyList<AmberServiceMethod> Methods => s_methods;

        public sealed class Greet_Request { public string name = null!; public int times; }

        public override void Bind(IAmberServiceBinder binder)
        {
            binder.Unary<Greet_Request, Amber.Grpc.Tests.CodeFirst.V1.Greeting>(s_Greet, static (service, request, context) => ((Amber.Grpc.Tests.CodeFirst.V1.IGreeter)service).Greet(request.name, request.times, context.CancellationToken));
            binder.Unary<Amber.Grpc.Tests.CodeFirst.V1.Greeting, Amber.Grpc.Tests.CodeFirst.V1.Greeting>(s_Repeat, static (service, request, context) => ((Amber.Grpc.Tests.CodeFirst.V1.IGreeter)service).Repeat(request));
        }

        public override object CreateClient(IAmberServiceInvoker invoker) => new Client(invoker);

        private sealed class Client : Amber.Grpc.Tests.CodeFirst.V1.IGreeter
        {
            private readonly IAmberServiceInvoker _invoker;

            public Client(IAmberServiceInvoker invoker) => _invoker = invoker;

            public Task<Amber.Grpc.Tests.CodeFirst.V1.Greeting> Greet(string name, int times, CancellationToken ct = default) =>
                _invoker.UnaryAsync<Greet_Request, Amber.Grpc.Tests.CodeFirst.V1.Greeting>(s_Greet, new Greet_Request { name = name, times = times }, ct);

            public Task<Amber.Grpc.Tests.CodeFirst.V1.Greeting> Repeat(Amber.Grpc.Tests.CodeFirst.V1.Greeting greeting) =>
                _invoker.UnaryAsync<Amber.Grpc.Tests.CodeFirst.V1.Greeting, Amber.Grpc.Tests.CodeFirst.V1.Greeting>(s_Repeat, greeting, default);
        }
    }

    public sealed class GreeterV2_AmberService : AmberService
    {
        private const string ServiceName = "tests.Greeter";
        private static readonly AmberServiceMethod s_Greet = new AmberServiceMethod(ServiceName, "Greet", AmberCallKind.Unary, typeof(Greet_Request), typeof(Amber.Grpc.Tests.CodeFirst.V2.Greeting));
        private static readonly AmberServiceMethod s_Repeat = new AmberServiceMethod(ServiceName, "Repeat", AmberCallKind.Unary, typeof(Amber.Grpc.Tests.CodeFirst.V2.Greeting), typeof(Amber.Grpc.Tests.CodeFirst.V2.Greeting));
        private static readonly AmberServiceMethod[] s_methods = { s_Greet, s_Repeat };

        public GreeterV2_AmberService() : base(typeof(Amber.Grpc.Tests.CodeFirst.V2.IGreeter), ServiceName) { }

        public override IReadOnlyList<AmberServiceMethod> Methods => s_methods;

        // A parameter's default value is its member's initializer: a request from a client that lacks it reads as the default.
        public sealed class Greet_Request { public string name = null!; public int times; public string punctuation = "!"; }

        public override void Bind(IAmberServiceBinder binder)
        {
            binder.Unary<Greet_Request, Amber.Grpc.Tests.CodeFirst.V2.Greeting>(s_Greet, static (service, request, context) => ((Amber.Grpc.Tests.CodeFirst.V2.IGreeter)service).Greet(request.name, request.times, request.punctuation, context.CancellationToken));
            binder.Unary<Amber.Grpc.Tests.CodeFirst.V2.Greeting, Amber.Grpc.Tests.CodeFirst.V2.Greeting>(s_Repeat, static (service, request, context) => ((Amber.Grpc.Tests.CodeFirst.V2.IGreeter)service).Repeat(request));
        }

        public override object CreateClient(IAmberServiceInvoker invoker) => new Client(invoker);

        private sealed class Client : Amber.Grpc.Tests.CodeFirst.V2.IGreeter
        {
            private readonly IAmberServiceInvoker _invoker;

            public Client(IAmberServiceInvoker invoker) => _invoker = invoker;

            public Task<Amber.Grpc.Tests.CodeFirst.V2.Greeting> Greet(string name, int times, string punctuation = "!", CancellationToken ct = default) =>
                _invoker.UnaryAsync<Greet_Request, Amber.Grpc.Tests.CodeFirst.V2.Greeting>(s_Greet, new Greet_Request { name = name, times = times, punctuation = punctuation }, ct);

            public Task<Amber.Grpc.Tests.CodeFirst.V2.Greeting> Repeat(Amber.Grpc.Tests.CodeFirst.V2.Greeting greeting) =>
                _invoker.UnaryAsync<Amber.Grpc.Tests.CodeFirst.V2.Greeting, Amber.Grpc.Tests.CodeFirst.V2.Greeting>(s_Repeat, greeting, default);
        }
    }
}
