using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using ProtoBuf;

// One contract for both contenders. protobuf-net needs its attributes (a service name, member numbers); Amber ignores
// them and reads the plain interface and classes. Both use the same service name, so both send the same method path.
namespace Amber.Grpc.Bench
{
    [ProtoBuf.Grpc.Configuration.Service("bench.OrderDesk")]
    [AmberService(Name = "bench.OrderDesk")]
    public interface IOrderDesk
    {
        Task<Receipt> Place(Order order);
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

    /// <summary>The one implementation both servers serve.</summary>
    public sealed class OrderDesk : IOrderDesk
    {
        public Task<Receipt> Place(Order order) => Task.FromResult(Receipt.For(order));
    }
}
