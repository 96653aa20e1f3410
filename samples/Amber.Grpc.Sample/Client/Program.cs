using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Grpc;
using Grpc.Net.Client;

namespace Shop.Client
{
    public static class Program
    {
        private static int s_failures;

        public static async Task<int> Main(string[] args)
        {
            if (args.Length != 1 || !int.TryParse(args[0], out int port))
            {
                Console.Error.WriteLine("usage: Amber.Grpc.Sample.Client <port>   (calls Shop.Orders on http://127.0.0.1:<port>; exit 0 when every answer is right)");
                return 2;
            }
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            CancellationToken ct = timeout.Token;
            using GrpcChannel channel = GrpcChannel.ForAddress($"http://127.0.0.1:{port}");
            IOrders orders = channel.CreateAmberClient<IOrders>();

            Order ada = OrderOf("Ada", ("A-1", 2, 1.25m), ("B-2", 1, 10m));
            Receipt receipt = await orders.Place(ada, ct);
            Check("unary Place", receipt.Customer == "Ada" && receipt.Items == 3 && receipt.Total == 12.50m, $"{receipt.Customer} {receipt.Items} {receipt.Total}");

            decimal quote = await orders.Quote("B-7", 4).WaitAsync(ct);
            Check("unary Quote (two parameters, a decimal result)", quote == 10.00m, quote.ToString());

            var states = new List<string>();
            await foreach (Status status in orders.Track(new TrackRequest { OrderId = "o-42" }, ct))
            {
                states.Add(status.OrderId + ":" + status.State);
            }
            Check("server streaming Track", states.SequenceEqual(new[] { "o-42:received", "o-42:packed", "o-42:shipped" }), string.Join(",", states));

            Summary summary = await orders.PlaceAll(Orders(3), ct);
            Check("client streaming PlaceAll", summary.Orders == 3 && summary.Total == 1.25m + 2.50m + 3.75m, $"{summary.Orders} {summary.Total}");

            var live = new List<string>();
            await foreach (Receipt each in orders.Live(Orders(4), ct))
            {
                live.Add(each.Customer + "=" + each.Total);
            }
            Check("duplex streaming Live", live.SequenceEqual(new[] { "c1=1.25", "c2=2.50", "c3=3.75", "c4=5.00" }), string.Join(",", live));

            await orders.Ping().WaitAsync(ct);
            Check("no parameters, no result: Ping", true, "done");

            Console.WriteLine(s_failures == 0 ? "Shop.Orders: every call kind answered right" : $"Shop.Orders: {s_failures} wrong answers");
            return s_failures == 0 ? 0 : 1;
        }

        private static async IAsyncEnumerable<Order> Orders(int count, [EnumeratorCancellation] CancellationToken ct = default)
        {
            for (int i = 1; i <= count; i++)
            {
                await Task.Yield();
                ct.ThrowIfCancellationRequested();
                yield return OrderOf("c" + i, ("A-" + i, i, 1.25m));
            }
        }

        private static Order OrderOf(string customer, params (string Sku, int Quantity, decimal Price)[] lines)
        {
            var order = new Order { Customer = customer };
            foreach ((string sku, int quantity, decimal price) in lines)
            {
                order.Lines.Add(new Line { Sku = sku, Quantity = quantity, Price = price });
            }
            return order;
        }

        private static void Check(string what, bool ok, string got)
        {
            Console.WriteLine($"{(ok ? "ok  " : "FAIL")} {what}: {got}");
            if (!ok) s_failures++;
        }
    }
}
