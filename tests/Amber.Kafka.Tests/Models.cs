using System.Collections.Generic;

// AmberKafkaSerializer<T> is generic: the generator sees no concrete type argument, so every key and
// value type is named here, as the package README tells users to do.
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.Order))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.CustomerKey))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.PriceV1))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.PriceV2))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.TreeNode))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.AccountBalance))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.TopicSnapshotExample.SnapshotRecord<Amber.Kafka.Tests.AccountBalance>))]
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.AccountEvent))]
[assembly: Amber.AmberSerializable(typeof(int?))]
[assembly: Amber.AmberSerializable(typeof(string))]

namespace Amber.Kafka.Tests
{
    /// <summary>A plain class with no attributes, holding nested collections.</summary>
    public sealed class Order
    {
        public string Id { get; set; } = "";
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();
        public Dictionary<string, List<int>> Tags { get; set; } = new Dictionary<string, List<int>>();
        public int[][] Grid { get; set; } = new int[0][];
    }

    public sealed class OrderLine
    {
        public string Sku { get; set; } = "";
        public int Quantity { get; set; }
        public decimal Price { get; set; }
    }

    /// <summary>A record as a message key.</summary>
    public sealed record CustomerKey(string Region, int Id);

    /// <summary>The producer's version of a price message.</summary>
    public sealed class PriceV1
    {
        public string Sku { get; set; } = "";
        public decimal Amount { get; set; }
        public string Note { get; set; } = "";
    }

    /// <summary>The consumer's newer version: <c>Note</c> removed, <c>Currency</c> added.</summary>
    public sealed class PriceV2
    {
        public string Sku { get; set; } = "";
        public decimal Amount { get; set; }
        public string Currency { get; set; } = "EUR";
    }

    /// <summary>A recursive type, to reach MaxDepth.</summary>
    public sealed class TreeNode
    {
        public string Name { get; set; } = "";
        public List<TreeNode> Children { get; set; } = new List<TreeNode>();
    }

    /// <summary>The value of the snapshot example's topic: an account's balance, compared by value.</summary>
    public sealed record AccountBalance(string Account, long Cents, string Currency);

    /// <summary>Several message kinds on one topic: the value type is an abstract base.</summary>
    public abstract class AccountEvent
    {
        public string Account { get; set; } = "";
    }

    public sealed class Deposited : AccountEvent
    {
        public long Cents { get; set; }
    }

    public sealed class Closed : AccountEvent
    {
        public string Reason { get; set; } = "";
    }
}
