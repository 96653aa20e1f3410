using System;
using System.Collections.Generic;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads
{
    /// <summary>The relay's network message.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class MessageEnvelope
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public bool IsInternal { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public DateTime TimeStamp { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Guid MessageId { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? Header { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Guid From { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Guid To { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), NullWrappedCollection, Id(6)]
        public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    public sealed class EnvelopeWorkload : Workload
    {
        public override string Name => "envelope";

        public override string Description => "one network message: Header \"Test\", fresh From/To Guids, everything else default";

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            var random = new Random(BenchScale.Seed);
            var value = new MessageEnvelope { Header = "Test", From = NewGuid(random), To = NewGuid(random) };
            yield return new WorkloadCase<MessageEnvelope>(Name, 1, value, Compare);
        }

        internal static Guid NewGuid(Random random)
        {
            var bytes = new byte[16];
            random.NextBytes(bytes);
            return new Guid(bytes);
        }

        public static void Compare(Comparer c, MessageEnvelope e, MessageEnvelope a)
        {
            c.Equal("IsInternal", e.IsInternal, a.IsInternal);
            c.Equal("TimeStamp", e.TimeStamp, a.TimeStamp);
            c.Equal("TimeStamp.Kind", e.TimeStamp.Kind, a.TimeStamp.Kind);
            c.Equal("MessageId", e.MessageId, a.MessageId);
            c.Equal("Header", e.Header, a.Header);
            c.Equal("From", e.From, a.From);
            c.Equal("To", e.To, a.To);
            // null and empty are the same message for this workload: the brief's test message has no pairs.
            if ((e.KeyValuePairs?.Count ?? 0) != 0 || (a.KeyValuePairs?.Count ?? 0) != 0)
                c.Map("KeyValuePairs", e.KeyValuePairs, a.KeyValuePairs, (cc, p, x, y) => cc.Equal(p, x, y));
        }
    }
}
