using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

namespace Amber.Load
{
    public sealed class Order
    {
        public int Id { get; set; }
        public string Customer { get; set; } = "";
        public List<Line> Lines { get; set; } = new List<Line>();
        public Dictionary<string, string> Notes { get; set; } = new Dictionary<string, string>();

        public decimal Total() => Lines.Sum(l => l.Quantity * l.Price);

        public static Order Random(Random random)
        {
            var order = new Order { Id = random.Next(), Customer = Text(random, random.Next(0, 40)) };
            int lines = random.Next(0, 24);
            for (int i = 0; i < lines; i++)
                order.Lines.Add(new Line { Sku = Text(random, random.Next(1, 12)), Quantity = random.Next(1, 100), Price = random.Next(0, 100_000) / 100m });
            int notes = random.Next(0, 4);
            for (int i = 0; i < notes; i++) order.Notes["n" + i] = Text(random, random.Next(0, 30));
            return order;
        }

        internal static string Text(Random random, int length)
        {
            const string Alphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éßø€";
            var chars = new char[length];
            for (int i = 0; i < length; i++) chars[i] = Alphabet[random.Next(Alphabet.Length)];
            return new string(chars);
        }
    }

    public sealed class Line
    {
        public string Sku { get; set; } = "";
        public int Quantity { get; set; }
        public decimal Price { get; set; }
    }

    /// <summary>The order as the server read it, and the total it computed.</summary>
    public sealed class OrderReceipt
    {
        public Order Echo { get; set; } = new Order();
        public decimal Total { get; set; }
    }

    public sealed class Reading
    {
        public string Sensor { get; set; } = "";
        public double[] Values { get; set; } = Array.Empty<double>();
        public DateTime At { get; set; }

        public static Reading Random(Random random)
        {
            var values = new double[random.Next(0, 64)];
            for (int i = 0; i < values.Length; i++) values[i] = Math.Round(random.NextDouble() * 1000, 3);
            return new Reading { Sensor = Order.Text(random, random.Next(1, 16)), Values = values, At = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(random.Next()) };
        }
    }

    /// <summary>What the server counted of a stream of readings (or of one reading over HTTP).</summary>
    public sealed class ReadingSummary
    {
        public int Readings { get; set; }
        public int Values { get; set; }
        public double Sum { get; set; }
        public string Sensors { get; set; } = "";

        public static ReadingSummary Of(IEnumerable<Reading> readings)
        {
            var summary = new ReadingSummary();
            foreach (Reading r in readings) summary.Add(r);
            return summary;
        }

        public void Add(Reading r)
        {
            Readings++;
            Values += r.Values.Length;
            foreach (double v in r.Values) Sum += v;
            Sensors += r.Sensor + ";";
        }

        public bool SameAs(ReadingSummary other) =>
            Readings == other.Readings && Values == other.Values && Sensors == other.Sensors && Math.Abs(Sum - other.Sum) <= 1e-6 * Math.Max(1, Math.Abs(Sum));
    }

    /// <summary>The gRPC contract: a unary call and a client-streaming call.</summary>
    [AmberService(Name = "amber.load.Load")]
    public interface ILoadService
    {
        Task<OrderReceipt> Place(Order order, CancellationToken ct = default);

        Task<ReadingSummary> Upload(IAsyncEnumerable<Reading> readings, CancellationToken ct = default);
    }

    public sealed class LoadService : ILoadService
    {
        public Task<OrderReceipt> Place(Order order, CancellationToken ct = default) =>
            Task.FromResult(new OrderReceipt { Echo = order, Total = order.Total() });

        public async Task<ReadingSummary> Upload(IAsyncEnumerable<Reading> readings, CancellationToken ct = default)
        {
            var summary = new ReadingSummary();
            await foreach (Reading r in readings.WithCancellation(ct)) summary.Add(r);
            return summary;
        }
    }
}
