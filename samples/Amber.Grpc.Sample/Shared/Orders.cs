using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

// The contract both sides compile (linked into the server and the client): a plain interface and plain classes.
namespace Shop
{
    public interface IOrders
    {
        /// <summary>Unary: one order in, one receipt out.</summary>
        Task<Receipt> Place(Order order, CancellationToken ct = default);

        /// <summary>Unary with two plain parameters and a plain result.</summary>
        Task<decimal> Quote(string sku, int quantity);

        /// <summary>Server streaming: the states of an order as they happen.</summary>
        IAsyncEnumerable<Status> Track(TrackRequest request, AmberCallContext context = default);

        /// <summary>Client streaming: many orders, one summary.</summary>
        Task<Summary> PlaceAll(IAsyncEnumerable<Order> orders, CancellationToken ct = default);

        /// <summary>Duplex streaming: a receipt for each order as it comes.</summary>
        IAsyncEnumerable<Receipt> Live(IAsyncEnumerable<Order> orders, AmberCallContext context = default);

        /// <summary>No parameters, no result.</summary>
        Task Ping();
    }

    public sealed class Order
    {
        public string Customer { get; set; } = "";
        public List<Line> Lines { get; set; } = new List<Line>();
    }

    public sealed class Line
    {
        public string Sku { get; set; } = "";
        public int Quantity { get; set; }
        public decimal Price { get; set; }
    }

    public sealed class Receipt
    {
        public string Customer { get; set; } = "";
        public int Items { get; set; }
        public decimal Total { get; set; }
    }

    public sealed class TrackRequest
    {
        public string OrderId { get; set; } = "";
    }

    public sealed class Status
    {
        public string OrderId { get; set; } = "";
        public string State { get; set; } = "";
    }

    public sealed class Summary
    {
        public int Orders { get; set; }
        public decimal Total { get; set; }
    }
}
