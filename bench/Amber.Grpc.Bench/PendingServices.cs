// What the Amber generator writes for IOrderDesk (a service class registered by a module initializer), written out by
// hand until the generator writes it. Nothing else belongs here.
#pragma warning disable CS1591

using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Amber.Grpc.Bench;
using Amber.Services;

[assembly: Amber.AmberSerializable(typeof(Order))]
[assembly: Amber.AmberSerializable(typeof(Receipt))]

namespace PendingServices
{
    internal static class Registration
    {
        [ModuleInitializer]
        internal static void Register() => AmberServices.Register(new OrderDesk_AmberService());
    }

    public sealed class OrderDesk_AmberService : AmberService
    {
        private const string ServiceName = "bench.OrderDesk";
        private static readonly AmberServiceMethod s_Place = new AmberServiceMethod(ServiceName, "Place", AmberCallKind.Unary, typeof(Order), typeof(Receipt));
        private static readonly AmberServiceMethod[] s_methods = { s_Place };

        public OrderDesk_AmberService() : base(typeof(IOrderDesk), ServiceName) { }

        public override IReadOnlyList<AmberServiceMethod> Methods => s_methods;

        public override void Bind(IAmberServiceBinder binder) =>
            binder.Unary<Order, Receipt>(s_Place, static (service, request, context) => ((IOrderDesk)service).Place(request));

        public override object CreateClient(IAmberServiceInvoker invoker) => new Client(invoker);

        private sealed class Client : IOrderDesk
        {
            private readonly IAmberServiceInvoker _invoker;

            public Client(IAmberServiceInvoker invoker) => _invoker = invoker;

            public System.Threading.Tasks.Task<Receipt> Place(Order order) => _invoker.UnaryAsync<Order, Receipt>(s_Place, order, default);
        }
    }
}
