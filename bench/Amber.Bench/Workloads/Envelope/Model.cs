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
}
