using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Threading;
using System.Threading.Tasks;
using Amber.SignalR;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

// A type only the hub's parameters name (the client sends it through InvokeAsync<Receipt>'s arguments, which
// registers it too; the line keeps the server side independent of the client code).
[assembly: Amber.AmberSerializable(typeof(Orders.Order))]

namespace Orders
{
    public record Line(string Sku, int Quantity, decimal Price);

    public class Order
    {
        public string Customer { get; set; } = "";
        public List<Line> Lines { get; set; } = new List<Line>();
    }

    public record Receipt(string Customer, int Items, decimal Total);

    /// <summary>A hub parameter declared as an interface: the value travels with its type's tag.</summary>
    public interface IPayment
    {
        decimal Amount { get; }
    }

    public sealed record Card(string Last4, decimal Amount) : IPayment;

    public sealed record Voucher(string Code, decimal Amount) : IPayment;

    public sealed class OrderHub : Hub
    {
        public async Task<Receipt> Place(Order order)
        {
            var receipt = new Receipt(order.Customer, order.Lines.Sum(l => l.Quantity), order.Lines.Sum(l => l.Quantity * l.Price));
            await Clients.Caller.SendAsync("Placed", receipt);
            return receipt;
        }

        public string Pay(IPayment payment) => payment switch
        {
            Card c => "card " + c.Last4 + " " + c.Amount,
            Voucher v => "voucher " + v.Code + " " + v.Amount,
            _ => "unknown",
        };
    }

    public static class Program
    {
        public static async Task<int> Main()
        {
            TimeSpan timeout = TimeSpan.FromSeconds(20);
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.WebHost.UseKestrel(k => k.Listen(IPAddress.Loopback, 0));
            builder.Logging.ClearProviders();
            builder.Services.AddSignalR().AddAmberProtocol();
            await using WebApplication app = builder.Build();
            app.UseWebSockets();
            app.MapHub<OrderHub>("/orders");
            await app.StartAsync().WaitAsync(timeout);
            string url = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First() + "/orders";

            await using HubConnection connection = new HubConnectionBuilder()
                .WithUrl(url, HttpTransportType.WebSockets)
                .AddAmberProtocol()
                .Build();
            var pushed = new TaskCompletionSource<Receipt>(TaskCreationOptions.RunContinuationsAsynchronously);
            connection.On<Receipt>("Placed", r => pushed.TrySetResult(r));
            await connection.StartAsync().WaitAsync(timeout);

            var order = new Order { Customer = "ada", Lines = { new Line("tea", 2, 3.5m), new Line("cup", 1, 6m) } };
            Receipt receipt = await connection.InvokeAsync<Receipt>("Place", order).WaitAsync(timeout);
            Receipt push = await pushed.Task.WaitAsync(timeout);
            string card = await connection.InvokeAsync<string>("Pay", new Card("4242", 13m)).WaitAsync(timeout);
            string voucher = await connection.InvokeAsync<string>("Pay", new Voucher("TEA", 3.5m)).WaitAsync(timeout);
            var expected = new Receipt("ada", 3, 13m);
            await app.StopAsync().WaitAsync(timeout);
            bool ok = receipt == expected && push == expected && card == "card 4242 13" && voucher == "voucher TEA 3.5";
            Console.WriteLine((ok ? "OK" : "FAILED") + ": " + receipt + ", " + card + ", " + voucher + " over the 'amber' protocol");
            return ok ? 0 : 1;
        }
    }
}
