using System.Collections.Generic;

namespace Amber.Akka.Tests
{
    /// <summary>The marker every message, event and snapshot of these tests carries: the one type bound to Amber.</summary>
    public interface IShopMessage { }

    public sealed record OrderLine(string Sku, int Quantity, decimal UnitPrice);

    /// <summary>Sent only as the interface (the generator sees INotice at Tell, and Notice as its implementation).</summary>
    public interface INotice : IShopMessage { }

    public sealed record Notice(string Text, int Level) : INotice;

    /// <summary>Held by <see cref="Mail"/> as its interface, and sent on its own only as object: Amber has its codec, not a formatter of its own.</summary>
    public interface IAttachment { }

    public sealed record Attachment(string Name, int Size) : IAttachment, IShopMessage;

    public sealed record Mail(string Subject, IAttachment Attachment) : IShopMessage;

    public sealed record PlaceOrder(string OrderId, List<OrderLine> Lines, Dictionary<string, string> Notes) : IShopMessage;

    public sealed record OrderAccepted(string OrderId, int LineCount, decimal Total, string HandledBy) : IShopMessage;

    public sealed record BurstItem(int Seq, string Text, long[] Values) : IShopMessage
    {
        public static BurstItem Make(int seq) => new BurstItem(seq, "item " + seq, new long[] { seq, (long)seq * seq, -seq });

        public bool IsIntact(int expectedSeq) =>
            Seq == expectedSeq && Text == "item " + expectedSeq && Values.Length == 3 &&
            Values[0] == expectedSeq && Values[1] == (long)expectedSeq * expectedSeq && Values[2] == -expectedSeq;
    }

    /// <summary>What the receiving side of a burst saw: how many arrived, how many were intact and in order.</summary>
    public sealed record BurstReport(int Received, int Intact, int FirstBadSeq) : IShopMessage;

    public sealed record Greeting(string Text, Dictionary<string, int> Counts) : IShopMessage;

    /// <summary>Bound to Amber (it carries the marker), but no code names it where Amber's generator looks: Amber has no formatter for it.</summary>
    public sealed class Unserved : IShopMessage
    {
        public string Name { get; set; } = "";
    }

    // Persistence: commands, events, a snapshot.
    public sealed record AddItem(string Sku, int Quantity) : IShopMessage;

    public sealed record ItemAdded(string Sku, int Quantity) : IShopMessage;

    public sealed record TakeSnapshot(string Reason) : IShopMessage;

    public sealed record SnapshotTaken(long SequenceNr) : IShopMessage;

    public sealed record GetCart(string CartId) : IShopMessage;

    public sealed record CartLine(string Sku, int Quantity);

    public sealed record CartSnapshot(List<CartLine> Lines, long TakenAt) : IShopMessage;

    public sealed record CartState(List<CartLine> Lines, long RecoveredSnapshotAt, int EventsReplayed) : IShopMessage;
}

namespace Amber.Akka.Tests.V1
{
    /// <summary>The first version of a ledger event: a Note the next version drops.</summary>
    public sealed class LedgerEntry : IShopMessage
    {
        public string Account { get; set; } = "";
        public long AmountCents { get; set; }
        public string Note { get; set; } = "";
    }
}

namespace Amber.Akka.Tests.V2
{
    /// <summary>The next version of <see cref="V1.LedgerEntry"/>: Note removed, Currency and Tags added.</summary>
    public sealed class LedgerEntry : IShopMessage
    {
        public string Account { get; set; } = "";
        public long AmountCents { get; set; }
        public string Currency { get; set; } = "EUR";
        public List<string> Tags { get; set; } = new List<string>();
    }
}

namespace Amber.Akka.Tests
{
    public sealed record Persisted(long SequenceNr) : IShopMessage;

    public sealed record GetLedger(string Account) : IShopMessage;
}

namespace Amber.Akka.Tests
{
    /// <summary>A struct message, which code may hold as Reading? before it sends it.</summary>
    public record struct Reading(int Sensor, double Value) : IShopMessage;

    /// <summary>A struct message bound to Amber by its own name in HOCON: no served interface makes it known.</summary>
    public record struct Gauge(int Sensor, double Value);
}
