// context=grpc-orders: the service class behind Amber.Grpc's README's IOrders contract.
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

public sealed class OrdersService : IOrders
{
    public Task<Receipt> Place(Order order, CancellationToken ct) => Task.FromResult(new Receipt { OrderId = order.Id });

    public Task<decimal> Quote(string sku, int quantity) => Task.FromResult(1m * quantity);

    public async IAsyncEnumerable<Status> Track(TrackRequest request, AmberCallContext context)
    {
        await Task.Yield();
        yield return new Status(request.OrderId, "sent");
    }

    public async Task<Summary> PlaceAll(IAsyncEnumerable<Order> orders, CancellationToken ct)
    {
        int n = 0;
        await foreach (Order o in orders) n++;
        return new Summary(n, 0);
    }

    public async IAsyncEnumerable<Receipt> Live(IAsyncEnumerable<Order> orders, AmberCallContext context)
    {
        await foreach (Order o in orders) yield return new Receipt { OrderId = o.Id };
    }

    public Task Ping() => Task.CompletedTask;
}
