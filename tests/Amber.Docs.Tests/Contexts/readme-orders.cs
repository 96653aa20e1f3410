// context=readme-orders: the service class behind the README's IOrders contract (its gRPC example).
public sealed class OrdersService : IOrders
{
    public System.Threading.Tasks.Task<Receipt> Place(Order order, System.Threading.CancellationToken ct) =>
        System.Threading.Tasks.Task.FromResult(new Receipt { OrderId = order.Id });

    public System.Threading.Tasks.Task<int> Count(string customer, System.DateOnly since) => System.Threading.Tasks.Task.FromResult(0);

    public async System.Collections.Generic.IAsyncEnumerable<Receipt> History(string customer)
    {
        await System.Threading.Tasks.Task.Yield();
        yield return new Receipt();
    }
}
