using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using ProtoBuf;

// Two contracts for the same four calls. protobuf-net.Grpc takes one message in and one out, so its users declare a
// request class per call and a reply class for a scalar result (IOrderDeskMessages, with its attributes: a service name,
// member numbers). Amber also takes a method as users write it, several parameters and a scalar result (IOrderDesk).
// Amber ignores protobuf-net's attributes and reads the plain classes; both contracts use one service name, so all
// contenders send the same method paths.
namespace Amber.Grpc.Bench
{
    [AmberService(Name = "bench.OrderDesk")]
    public interface IOrderDesk
    {
        /// <summary>A tiny call: two scalars in, one out.</summary>
        Task<long> Touch(long sentAt, int sequence);

        /// <summary>Several parameters, one of them a small record, and a small result.</summary>
        Task<Quote> Price(string sku, int quantity, Tier tier, DateTime? until, Address shipTo);

        /// <summary>An order of five lines in, a five-member receipt out.</summary>
        Task<Receipt> Place(Order order);

        /// <summary>A server stream of small items.</summary>
        IAsyncEnumerable<Tick> Watch(string symbol, int count, CancellationToken cancellationToken = default);
    }

    [ProtoBuf.Grpc.Configuration.Service("bench.OrderDesk")]
    [AmberService(Name = "bench.OrderDesk")]
    public interface IOrderDeskMessages
    {
        Task<TouchReply> Touch(TouchRequest request);

        Task<Quote> Price(PriceRequest request);

        Task<Receipt> Place(Order order);

        IAsyncEnumerable<Tick> Watch(WatchRequest request, CancellationToken cancellationToken = default);
    }

    [ProtoContract]
    public sealed class TouchRequest
    {
        [ProtoMember(1)] public long SentAt { get; set; }
        [ProtoMember(2)] public int Sequence { get; set; }
    }

    [ProtoContract]
    public sealed class TouchReply
    {
        [ProtoMember(1)] public long Value { get; set; }
    }

    [ProtoContract]
    public sealed class PriceRequest
    {
        [ProtoMember(1)] public string Sku { get; set; } = "";
        [ProtoMember(2)] public int Quantity { get; set; }
        [ProtoMember(3)] public Tier Tier { get; set; }
        [ProtoMember(4)] public DateTime? Until { get; set; }
        [ProtoMember(5)] public Address? ShipTo { get; set; }
    }

    [ProtoContract]
    public sealed class WatchRequest
    {
        [ProtoMember(1)] public string Symbol { get; set; } = "";
        [ProtoMember(2)] public int Count { get; set; }
    }

    public enum Tier
    {
        Standard,
        Silver,
        Gold,
        Platinum,
    }

    [ProtoContract]
    public sealed class Address
    {
        [ProtoMember(1)] public string City { get; set; } = "";
        [ProtoMember(2)] public string Postcode { get; set; } = "";
    }

    [ProtoContract]
    public sealed class Quote
    {
        [ProtoMember(1)] public decimal UnitPrice { get; set; }
        [ProtoMember(2)] public decimal Total { get; set; }
        [ProtoMember(3)] public int DeliveryDays { get; set; }

        public static Quote For(string sku, int quantity, Tier tier, DateTime? until, Address shipTo)
        {
            decimal unit = 10m + sku.Length + (int)tier * 0.25m;
            return new Quote { UnitPrice = unit, Total = unit * quantity, DeliveryDays = shipTo.Postcode.Length + (until.HasValue ? 1 : 3) };
        }
    }

    [ProtoContract]
    public sealed class Tick
    {
        [ProtoMember(1)] public int Sequence { get; set; }
        [ProtoMember(2)] public double Price { get; set; }
        [ProtoMember(3)] public long Volume { get; set; }

        public static Tick At(string symbol, int i) => new Tick { Sequence = i, Price = 100 + symbol.Length + i * 0.01, Volume = 1_000 + i };
    }

    [ProtoContract]
    public sealed class Order
    {
        [ProtoMember(1)] public long Id { get; set; }
        [ProtoMember(2)] public string Customer { get; set; } = "";
        [ProtoMember(3)] public DateTime PlacedAt { get; set; }
        [ProtoMember(4)] public List<Line> Lines { get; set; } = new List<Line>();
        [ProtoMember(5)] public string? Note { get; set; }

        public static Order Make(int seq) => new Order
        {
            Id = 1_000_000 + seq,
            Customer = "customer-" + (seq % 500),
            PlacedAt = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(seq),
            Lines = Enumerable.Range(0, 5).Select(i => new Line { Sku = "SKU-" + (seq + i) % 1000, Quantity = 1 + i, Price = 9.99m + i }).ToList(),
            Note = seq % 3 == 0 ? "leave at the door" : null,
        };
    }

    [ProtoContract]
    public sealed class Line
    {
        [ProtoMember(1)] public string Sku { get; set; } = "";
        [ProtoMember(2)] public int Quantity { get; set; }
        [ProtoMember(3)] public decimal Price { get; set; }
    }

    [ProtoContract]
    public sealed class Receipt
    {
        [ProtoMember(1)] public long OrderId { get; set; }
        [ProtoMember(2)] public string Customer { get; set; } = "";
        [ProtoMember(3)] public int Items { get; set; }
        [ProtoMember(4)] public decimal Total { get; set; }
        [ProtoMember(5)] public bool Accepted { get; set; }

        public static Receipt For(Order order) => new Receipt
        {
            OrderId = order.Id,
            Customer = order.Customer,
            Items = order.Lines.Sum(l => l.Quantity),
            Total = order.Lines.Sum(l => l.Quantity * l.Price),
            Accepted = true,
        };

        public bool Matches(Order order) =>
            OrderId == order.Id && Customer == order.Customer && Accepted && Items == order.Lines.Sum(l => l.Quantity) && Total == order.Lines.Sum(l => l.Quantity * l.Price);
    }

    /// <summary>The calls as protobuf-net.Grpc's users declare them, answered by the same code.</summary>
    public sealed class OrderDeskMessages : IOrderDeskMessages
    {
        private readonly OrderDesk _desk = new OrderDesk();

        public async Task<TouchReply> Touch(TouchRequest request) => new TouchReply { Value = await _desk.Touch(request.SentAt, request.Sequence) };

        public Task<Quote> Price(PriceRequest request) => _desk.Price(request.Sku, request.Quantity, request.Tier, request.Until, request.ShipTo!);

        public Task<Receipt> Place(Order order) => _desk.Place(order);

        public IAsyncEnumerable<Tick> Watch(WatchRequest request, CancellationToken cancellationToken = default) => _desk.Watch(request.Symbol, request.Count, cancellationToken);
    }

    /// <summary>The implementation every server serves.</summary>
    public sealed class OrderDesk : IOrderDesk
    {
        public Task<long> Touch(long sentAt, int sequence) => Task.FromResult(sentAt + sequence);

        public Task<Quote> Price(string sku, int quantity, Tier tier, DateTime? until, Address shipTo) =>
            Task.FromResult(Quote.For(sku, quantity, tier, until, shipTo));

        public Task<Receipt> Place(Order order) => Task.FromResult(Receipt.For(order));

        public async IAsyncEnumerable<Tick> Watch(string symbol, int count, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            for (int i = 0; i < count; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return Tick.At(symbol, i);
            }
            await Task.CompletedTask.ConfigureAwait(false);
        }
    }
}
