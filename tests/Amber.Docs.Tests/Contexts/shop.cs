// context=shop: the message types the package READMEs name without declaring them (an order, its receipt, ...), and
// the values their fragments use (an order, a gRPC channel, a cache, a hub connection). No global using: a snippet shows its own.
global using static ShopContext;

public sealed record Order(string Id, int Quantity);
public sealed record OrderLine(string Sku, int Quantity);
public sealed class Receipt { public string OrderId { get; set; } = ""; public decimal Total { get; set; } }
public sealed record TrackRequest(string OrderId);
public sealed record Status(string OrderId, string State);
public sealed record Summary(int Count, decimal Total);
public sealed record Quote(string Symbol, double Price);
public sealed record ChatMessage(string User, string Text);

public static class ShopContext
{
    public static readonly Order order = new Order("A-1", 3);
    public static readonly string id = "A-1";
    public static readonly Grpc.Net.Client.GrpcChannel channel = Grpc.Net.Client.GrpcChannel.ForAddress("https://localhost:5001");
    public static readonly Microsoft.Extensions.Caching.Hybrid.HybridCache cache = null!;
    public static System.Threading.Tasks.ValueTask<Order> LoadOrderAsync(string id, System.Threading.CancellationToken ct) =>
        new System.Threading.Tasks.ValueTask<Order>(new Order(id, 1));
    public static readonly Confluent.Kafka.ProducerConfig producerConfig = new Confluent.Kafka.ProducerConfig();
    public static readonly Confluent.Kafka.ConsumerConfig consumerConfig = new Confluent.Kafka.ConsumerConfig();
    public static readonly Microsoft.AspNetCore.SignalR.Client.HubConnection connection = null!;
}
