using System;
using System.Collections.Generic;
using Engine;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Game
{
    // A save file: an adventure game's whole state. No type carries an attribute for any
    // serializer. Items are a class hierarchy (GameItem: weapons, ranged weapons, keys, containers
    // holding items, consumables, documents, trinkets), held through the base type in rooms,
    // inventories and containers; a character's EquippedWeapon is the same instance as one of its
    // inventory items (the save needs identity kept: GameStateWorkload asks for shared references).
    // The engine's Vector2 and Color come from a separate assembly (bench/Amber.Bench.Engine) that the
    // game does not own; Amber writes them through surrogates (Workloads/GameState/EngineSurrogates.cs).
    // Script variables (the save's, each room's and each character's memory) are
    // Dictionary<string, object> holding longs, doubles, strings and bools.

    public enum DamageType { Blunt, Slash, Pierce, Fire, Frost }

    public enum Direction { North, East, South, West }

    public enum QuestStatus { Hidden, Active, Completed, Failed }

    public enum Mood { Calm, Friendly, Suspicious, Hostile, Afraid }

    /// <summary>Anything a room, an inventory or a container can hold.</summary>
    [MemoryPackable]
    [MemoryPackUnion(0, typeof(WeaponItem))]
    [MemoryPackUnion(1, typeof(RangedWeaponItem))]
    [MemoryPackUnion(2, typeof(KeyItem))]
    [MemoryPackUnion(3, typeof(ContainerItem))]
    [MemoryPackUnion(4, typeof(ConsumableItem))]
    [MemoryPackUnion(5, typeof(DocumentItem))]
    [MemoryPackUnion(6, typeof(TrinketItem))]
    [MessagePackObject]
    [Union(0, typeof(WeaponItem))]
    [Union(1, typeof(RangedWeaponItem))]
    [Union(2, typeof(KeyItem))]
    [Union(3, typeof(ContainerItem))]
    [Union(4, typeof(ConsumableItem))]
    [Union(5, typeof(DocumentItem))]
    [Union(6, typeof(TrinketItem))]
    [ProtoContract]
    [ProtoInclude(100, typeof(WeaponItem))]
    [ProtoInclude(101, typeof(KeyItem))]
    [ProtoInclude(102, typeof(ContainerItem))]
    [ProtoInclude(103, typeof(ConsumableItem))]
    [ProtoInclude(104, typeof(DocumentItem))]
    [ProtoInclude(105, typeof(TrinketItem))]
    [GenerateSerializer]
    public abstract partial class GameItem
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Name { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string Description { get; set; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string Sprite { get; set; } = "";
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Color Tint { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public int Value { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public float Weight { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public bool IsQuestItem { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]

    [MessagePackObject]

    [ProtoContract]

    [ProtoInclude(100, typeof(RangedWeaponItem))]

    [GenerateSerializer]

    public partial class WeaponItem : GameItem
    {
        [MemoryPackOrder(9), Key(9), ProtoMember(1), Id(0)]
        public int Damage { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(2), Id(1)]
        public DamageType DamageType { get; set; }
    }

    /// <summary>A weapon with a reach: a member declared as WeaponItem may hold one.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class RangedWeaponItem : WeaponItem
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public float Range { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public int Ammo { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class KeyItem : GameItem
    {
        [MemoryPackOrder(9), Key(9), ProtoMember(1), Id(0)]
        public string DoorId { get; set; } = "";
        [MemoryPackOrder(10), Key(10), ProtoMember(2), Id(1)]
        public bool ConsumedOnUse { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class ContainerItem : GameItem
    {
        [MemoryPackOrder(9), Key(9), ProtoMember(1), Id(0)]
        public int Capacity { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(2), Id(1)]
        public bool IsLocked { get; set; }
        [MemoryPackOrder(11), Key(11), ProtoMember(3), Id(2)]
        public string? KeyId { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(4), Id(3)]
        public List<GameItem> Contents { get; set; } = new List<GameItem>();
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class ConsumableItem : GameItem
    {
        [MemoryPackOrder(9), Key(9), ProtoMember(1), Id(0)]
        public int? HealAmount { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(2), Id(1)]
        public int Charges { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class DocumentItem : GameItem
    {
        [MemoryPackOrder(9), Key(9), ProtoMember(1), Id(0)]
        public string Text { get; set; } = "";
    }

    /// <summary>A curio with nothing beyond the common members.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class TrinketItem : GameItem
    {
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Exit
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public Direction Direction { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string TargetRoomId { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? DoorId { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public bool IsLocked { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public bool IsHidden { get; set; }
    }

    /// <summary>Scenery placed in a room.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Prop
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Sprite { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public Vector2 Scale { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public float Rotation { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Color Tint { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public int Layer { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public bool Visible { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public string? Interaction { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Room
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Name { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string Description { get; set; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string Music { get; set; } = "";
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Vector2 Size { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Color Ambient { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public Color? Fog { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public bool Visited { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public int VisitCount { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        public List<Exit> Exits { get; set; } = new List<Exit>();
        [MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        public List<Prop> Props { get; set; } = new List<Prop>();
        [MemoryPackOrder(11), Key(11), ProtoMember(12), Id(11)]
        public List<GameItem> Items { get; set; } = new List<GameItem>();
        [MemoryPackOrder(12), Key(12), Id(12)]
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class GameCharacter
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Name { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string RoomId { get; set; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Direction Facing { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Color Tint { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public int Health { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public int MaxHealth { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public int Gold { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        public Mood Mood { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        public int Level { get; set; }
        [MemoryPackOrder(11), Key(11), ProtoMember(12), Id(11)]
        public long Experience { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(13), Id(12)]
        public List<GameItem> Inventory { get; set; } = new List<GameItem>();

        /// <summary>One of the Inventory's items (the same instance), or null.</summary>
        [MemoryPackOrder(13), Key(13), ProtoMember(14), Id(13)]
        [WeaponItemUnionFormatter]
        public WeaponItem? EquippedWeapon { get; set; }

        [MemoryPackOrder(14), Key(14), ProtoMember(15), Id(14)]
        public string? DialogueNode { get; set; }
        [MemoryPackOrder(15), Key(15), ProtoMember(16), Id(15)]
        public List<string> DialogueSeen { get; set; } = new List<string>();
        [MemoryPackOrder(16), Key(16), ProtoMember(17), Id(16)]
        public Dictionary<string, int> Stats { get; set; } = new Dictionary<string, int>();
        [MemoryPackOrder(17), Key(17), ProtoMember(18), Id(17)]
        public Dictionary<string, int> Relationships { get; set; } = new Dictionary<string, int>();
        [MemoryPackOrder(18), Key(18), Id(18)]
        public Dictionary<string, object> Memory { get; set; } = new Dictionary<string, object>();
        [MemoryPackOrder(19), Key(19), ProtoMember(20), Id(19)]
        public List<Vector2> PatrolPath { get; set; } = new List<Vector2>();
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class QuestStep
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Text { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public bool Done { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? Hint { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Quest
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string Id { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Title { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string Description { get; set; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public QuestStatus Status { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public int Stage { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public DateTime? StartedAt { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public DateTime? CompletedAt { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public List<QuestStep> Steps { get; set; } = new List<QuestStep>();
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public string? RewardItemId { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class CameraState
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public Vector2 Position { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public float Zoom { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Color Fade { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? FollowCharacterId { get; set; }
    }

    /// <summary>The whole save.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class GameState
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public int SaveVersion { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string SaveSlot { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string GameVersion { get; set; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public DateTime SavedAt { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public TimeSpan PlayTime { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public string CurrentRoomId { get; set; } = "";
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public GameCharacter Player { get; set; } = new GameCharacter();
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public List<GameCharacter> Characters { get; set; } = new List<GameCharacter>();
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public List<Room> Rooms { get; set; } = new List<Room>();
        [MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        public List<Quest> Quests { get; set; } = new List<Quest>();
        [MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        public Dictionary<string, bool> QuestFlags { get; set; } = new Dictionary<string, bool>();
        [MemoryPackOrder(11), Key(11), Id(11)]
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
        [MemoryPackOrder(12), Key(12), ProtoMember(13), Id(12)]
        public CameraState Camera { get; set; } = new CameraState();
        [MemoryPackOrder(13), Key(13), ProtoMember(14), Id(13)]
        public List<string> Journal { get; set; } = new List<string>();
    }
}
