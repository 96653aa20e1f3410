using System.Collections.Generic;

// The key and value types need no attribute: AmberKafkaSerializer<T> and the builder extensions mark their type
// parameters [AmberRoot], so each type named there is a root for the generator. The snapshot example builds
// SnapshotRecord<T> inside generic code, where no concrete type is named, so that one type is named here, as the
// package README tells users to do for a type no code names.
[assembly: Amber.AmberSerializable(typeof(Amber.Kafka.Tests.TopicSnapshotExample.SnapshotRecord<Amber.Kafka.Tests.AccountBalance>))]

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

    /// <summary>A value that counts Amber's writes of it: <see cref="OnAmberSerializing"/> runs once per write.</summary>
    public sealed class AuditedOrder : IAmberOnSerializing
    {
        public string Id { get; set; } = "";

        [AmberIgnore]
        public int Writes { get; private set; }

        public void OnAmberSerializing() => Writes++;
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
