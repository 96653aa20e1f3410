using System;
using System.Collections.Generic;

namespace Amber.Akka.Bench
{
    /// <summary>The marker the bound serializer of each pair of systems is bound to.</summary>
    public interface IBenchMessage
    {
        /// <summary>Whether the message is the one <see cref="Workload.Make"/> built for <paramref name="seq"/>, member by member.</summary>
        bool IsIntact(int seq);
    }

    /// <summary>A small message: a market tick.</summary>
    public sealed record Tick(int Seq, string Symbol, double Price, long Volume) : IBenchMessage
    {
        public static Tick Make(int seq) => new Tick(seq, "SYM" + (seq % 97), 100 + seq * 0.25, 1000L * seq);

        public bool IsIntact(int seq) => Seq == seq && Symbol == "SYM" + (seq % 97) && Price == 100 + seq * 0.25 && Volume == 1000L * seq;
    }

    public sealed record OrderLine(string Sku, int Quantity, decimal UnitPrice);

    /// <summary>A larger message: an order with five lines and two tags.</summary>
    public sealed record OrderPlaced(int Seq, string OrderId, Guid Customer, DateTime At, List<OrderLine> Lines, Dictionary<string, string> Tags) : IBenchMessage
    {
        private static readonly DateTime Epoch = new DateTime(2025, 1, 1, 0, 0, 0, DateTimeKind.Utc);

        public static OrderPlaced Make(int seq)
        {
            var lines = new List<OrderLine>();
            for (int i = 0; i < 5; i++) lines.Add(new OrderLine("SKU-" + (seq + i) % 1000, i + 1, 9.99m + i));
            return new OrderPlaced(seq, "order-" + seq, CustomerOf(seq), Epoch.AddSeconds(seq), lines,
                new Dictionary<string, string> { ["channel"] = "web", ["region"] = "eu-" + seq % 3 });
        }

        public bool IsIntact(int seq)
        {
            if (Seq != seq || OrderId != "order-" + seq || Customer != CustomerOf(seq) || At != Epoch.AddSeconds(seq) || Lines.Count != 5) return false;
            for (int i = 0; i < 5; i++)
            {
                if (Lines[i] != new OrderLine("SKU-" + (seq + i) % 1000, i + 1, 9.99m + i)) return false;
            }
            return Tags.Count == 2 && Tags["channel"] == "web" && Tags["region"] == "eu-" + seq % 3;
        }

        private static Guid CustomerOf(int seq) => new Guid(seq, 7, 9, 1, 2, 3, 4, 5, 6, 7, 8);
    }

    /// <summary>What the receiving side saw of one burst.</summary>
    public sealed record BurstDone(int Received, int Bad);
}
