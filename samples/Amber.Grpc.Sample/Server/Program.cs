using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Shop.Server
{
    /// <summary>The implementation: a plain class, made by gRPC per call.</summary>
    public sealed class OrdersService : IOrders
    {
        public Task<Receipt> Place(Order order, CancellationToken ct = default) => Task.FromResult(ReceiptOf(order));

        public Task<decimal> Quote(string sku, int quantity) => Task.FromResult(quantity * (sku.StartsWith("B", StringComparison.Ordinal) ? 2.50m : 1.25m));

        public async IAsyncEnumerable<Status> Track(TrackRequest request, AmberCallContext context = default)
        {
            foreach (string state in new[] { "received", "packed", "shipped" })
            {
                await Task.Yield();
                context.CancellationToken.ThrowIfCancellationRequested();
                yield return new Status { OrderId = request.OrderId, State = state };
            }
        }

        public async Task<Summary> PlaceAll(IAsyncEnumerable<Order> orders, CancellationToken ct = default)
        {
            var summary = new Summary();
            await foreach (Order order in orders.WithCancellation(ct))
            {
                summary.Orders++;
                summary.Total += ReceiptOf(order).Total;
            }
            return summary;
        }

        public async IAsyncEnumerable<Receipt> Live(IAsyncEnumerable<Order> orders, AmberCallContext context = default)
        {
            await foreach (Order order in orders.WithCancellation(context.CancellationToken))
            {
                yield return ReceiptOf(order);
            }
        }

        public Task Ping() => Task.CompletedTask;

        private static Receipt ReceiptOf(Order order) => new Receipt
        {
            Customer = order.Customer,
            Items = order.Lines.Sum(l => l.Quantity),
            Total = order.Lines.Sum(l => l.Quantity * l.Price),
        };
    }

    public static class Program
    {
        public static async Task<int> Main(string[] args)
        {
            if (args.Length != 1 || !int.TryParse(args[0], out int port))
            {
                Console.Error.WriteLine("usage: Amber.Grpc.Sample.Server <port>   (serves Shop.Orders on http://127.0.0.1:<port>, HTTP/2 cleartext)");
                return 2;
            }
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, port, o => o.Protocols = HttpProtocols.Http2));
            builder.Logging.ClearProviders();
            builder.Services.AddAmberGrpc();
            await using WebApplication app = builder.Build();
            app.MapAmberGrpcService<OrdersService>();
            await app.StartAsync();
            Console.WriteLine($"Shop.Orders listening on http://127.0.0.1:{port}");
            await app.WaitForShutdownAsync();
            return 0;
        }
    }
}
