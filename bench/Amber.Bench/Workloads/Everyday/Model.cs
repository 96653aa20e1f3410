using System;
using System.Collections.Generic;
using Engine;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Everyday
{
    // The shapes users write every day, one case each: positional records built through their
    // constructor, rows of nullables and enums, small objects made of an engine's structs, and small
    // polymorphic network messages. Amber needs no attribute on any of them; the peers' attributes are
    // the ones their users write.

    public enum Side { Buy, Sell }

    public enum Status { Ok, Warning, Fault, Offline, Calibrating }

    public enum Unit { Celsius, Percent, Pascal, Volt, Ampere, Lux }

    public enum Layer { Background, Terrain, Actors, Effects, Overlay }

    public enum Faction { Red, Blue, Green, Spectators }

    // ---------------------------------------------------------------- records

    /// <summary>One trade of a day's blotter: a positional record, built through its constructor.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Trade(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        Guid Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Symbol,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        decimal Price,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        int Quantity,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        DateTime Time,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        Side Side);

    /// <summary>The records case's root: the day's trades.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class TradeBlotter
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public List<Trade> Trades { get; set; } = new List<Trade>();
    }

    // ---------------------------------------------------------------- rows

    /// <summary>One sensor reading, as a table row maps to a class: nullables and enums.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class Reading
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public long Id { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public int? Count { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public double? Value { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public Status Status { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public DateTime? At { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Unit? Unit { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public bool Flag { get; set; }
    }

    /// <summary>The rows case's root: a page of readings.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class ReadingLog
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public List<Reading> Readings { get; set; } = new List<Reading>();
    }

    // ---------------------------------------------------------------- sprites

    /// <summary>A sprite of a 2D scene: the engine's Vector2 and Color (Amber.Bench.Engine, which the game does not own) beside plain members.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class Sprite
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public int Id { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Vector2 Velocity { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public float Rotation { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Color Tint { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public string? Name { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public Layer Layer { get; set; }
    }

    /// <summary>The sprites case's root.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class Scene
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public List<Sprite> Sprites { get; set; } = new List<Sprite>();
    }

    // ---------------------------------------------------------------- messages

    /// <summary>What a game server sends and receives: each message is one payload, declared as this base.</summary>
    [MemoryPackable]
    [MemoryPackUnion(0, typeof(ChatMessage))]
    [MemoryPackUnion(1, typeof(MoveMessage))]
    [MemoryPackUnion(2, typeof(PingMessage))]
    [MemoryPackUnion(3, typeof(AckMessage))]
    [MemoryPackUnion(4, typeof(JoinMessage))]
    [MessagePackObject]
    [Union(0, typeof(ChatMessage))]
    [Union(1, typeof(MoveMessage))]
    [Union(2, typeof(PingMessage))]
    [Union(3, typeof(AckMessage))]
    [Union(4, typeof(JoinMessage))]
    [ProtoContract]
    [ProtoInclude(10, typeof(ChatMessage))]
    [ProtoInclude(11, typeof(MoveMessage))]
    [ProtoInclude(12, typeof(PingMessage))]
    [ProtoInclude(13, typeof(AckMessage))]
    [ProtoInclude(14, typeof(JoinMessage))]
    [GenerateSerializer]
    public abstract partial class Message
    {
    }

    /// <summary>A chat line.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class ChatMessage : Message
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public int SenderId { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Text { get; set; } = "";
    }

    /// <summary>An entity moved: where to, as two floats (no engine type in the protocol).</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class MoveMessage : Message
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public int EntityId { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public float X { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public float Y { get; set; }
    }

    /// <summary>A keep-alive, with the sender's clock (Unix milliseconds).</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class PingMessage : Message
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public long SentAt { get; set; }
    }

    /// <summary>The receipt of an earlier message.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class AckMessage : Message
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public Guid MessageId { get; set; }
    }

    /// <summary>A player joins a faction.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial class JoinMessage : Message
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string PlayerName { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public Faction Faction { get; set; }
    }
}
