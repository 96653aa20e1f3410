// What the Amber generator writes for Shop.IOrders (a service class registered by a module initializer), written out by
// hand until the generator writes it. Nothing else belongs here.
#pragma warning disable CS1591, CA1707, IDE1006

using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Shop;

[assembly: Amber.AmberSerializable(typeof(PendingServices.Orders_AmberService.Quote_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Orders_AmberService.Quote_Response))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Orders_AmberService.Ping_Request))]
[assembly: Amber.AmberSerializable(typeof(PendingServices.Orders_AmberService.Ping_Response))]
[assembly: Amber.AmberSerializable(typeof(Order))]
[assembly: Amber.AmberSerializable(typeof(Receipt))]
[assembly: Amber.AmberSerializable(typeof(TrackRequest))]
[assembly: Amber.AmberSerializable(typeof(Status))]
[assembly: Amber.AmberSerializable(typeof(Summary))]

namespace PendingServices
{
    internal static class Registration
    {
        [ModuleInitializer]
        internal static void Register() => AmberServices.Register(new Orders_AmberService());
    }

    public sealed class Orders_AmberService : AmberService
    {
        private const string ServiceName = "Shop.Orders";
        private static readonly AmberServiceMethod s_Place = new AmberServiceMethod(ServiceName, "Place", AmberCallKind.Unary, typeof(Order), typeof(Receipt));
        private static readonly AmberServiceMethod s_Quote = new AmberServiceMethod(ServiceName, "Quote", AmberCallKind.Unary, typeof(Quote_Request), typeof(Quote_Response));
        private static readonly AmberServiceMethod s_Track = new AmberServiceMethod(ServiceName, "Track", AmberCallKind.ServerStreaming, typeof(TrackRequest), typeof(Status));
        private static readonly AmberServiceMethod s_PlaceAll = new AmberServiceMethod(ServiceName, "PlaceAll", AmberCallKind.ClientStreaming, typeof(Order), typeof(Summary));
        private static readonly AmberServiceMethod s_Live = new AmberServiceMethod(ServiceName, "Live", AmberCallKind.DuplexStreaming, typeof(Order), typeof(Receipt));
        private static readonly AmberServiceMethod s_Ping = new AmberServiceMethod(ServiceName, "Ping", AmberCallKind.Unary, typeof(Ping_Request), typeof(Ping_Response));
        private static readonly AmberServiceMethod[] s_methods = { s_Place, s_Quote, s_Track, s_PlaceAll, s_Live, s_Ping };

        public Orders_AmberService() : base(typeof(IOrders), ServiceName) { }

        public override IReadOnlyList<AmberServiceMethod> Methods => s_methods;

        public sealed class Quote_Request { public string sku = null!; public int quantity; }
        public sealed class Quote_Response { public decimal value; }
        public sealed class Ping_Request { }
        public sealed class Ping_Response { }

        public override void Bind(IAmberServiceBinder binder)
        {
            binder.Unary<Order, Receipt>(s_Place, static (service, request, context) => ((IOrders)service).Place(request, context.CancellationToken));
            binder.Unary<Quote_Request, Quote_Response>(s_Quote, static (service, request, context) => AmberServiceStreams.Then(((IOrders)service).Quote(request.sku, request.quantity), static value => new Quote_Response { value = value }));
            binder.ServerStreaming<TrackRequest, Status>(s_Track, static (service, request, context) => ((IOrders)service).Track(request, context));
            binder.ClientStreaming<Order, Summary>(s_PlaceAll, static (service, requests, context) => ((IOrders)service).PlaceAll(requests, context.CancellationToken));
            binder.DuplexStreaming<Order, Receipt>(s_Live, static (service, requests, context) => ((IOrders)service).Live(requests, context));
            binder.Unary<Ping_Request, Ping_Response>(s_Ping, static (service, request, context) => AmberServiceStreams.Then(((IOrders)service).Ping(), new Ping_Response()));
        }

        public override object CreateClient(IAmberServiceInvoker invoker) => new Client(invoker);

        private sealed class Client : IOrders
        {
            private readonly IAmberServiceInvoker _invoker;

            public Client(IAmberServiceInvoker invoker) => _invoker = invoker;

            public Task<Receipt> Place(Order order, CancellationToken ct = default) => _invoker.UnaryAsync<Order, Receipt>(s_Place, order, ct);

            public Task<decimal> Quote(string sku, int quantity) =>
                AmberServiceStreams.Then(_invoker.UnaryAsync<Quote_Request, Quote_Response>(s_Quote, new Quote_Request { sku = sku, quantity = quantity }, default), static response => response.value);

            public IAsyncEnumerable<Status> Track(TrackRequest request, AmberCallContext context = default) => _invoker.ServerStreaming<TrackRequest, Status>(s_Track, request, context);

            public Task<Summary> PlaceAll(IAsyncEnumerable<Order> orders, CancellationToken ct = default) => _invoker.ClientStreamingAsync<Order, Summary>(s_PlaceAll, orders, ct);

            public IAsyncEnumerable<Receipt> Live(IAsyncEnumerable<Order> orders, AmberCallContext context = default) => _invoker.DuplexStreaming<Order, Receipt>(s_Live, orders, context);

            public Task Ping() => _invoker.UnaryAsync<Ping_Request, Ping_Response>(s_Ping, new Ping_Request(), default);
        }
    }
}
