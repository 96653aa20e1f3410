using System;
using System.Collections.Generic;
using System.Globalization;
using Amber.Bench.Workloads.Game;
using Engine;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Game
{
    // Report 1's save file: an adventure game's whole state. No type carries an attribute for any
    // serializer. Items are a class hierarchy (GameItem: weapons, ranged weapons, keys, containers
    // holding items, consumables, documents, trinkets), held through the base type in rooms,
    // inventories and containers; a character's EquippedWeapon is the same instance as one of its
    // inventory items (the save needs identity kept: GameStateWorkload asks for shared references).
    // The engine's Vector2 and Color come from a separate assembly (bench/Amber.Bench.Engine) that the
    // game does not own; Amber writes them through surrogates (Workloads/EngineSurrogates.cs).
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

namespace Amber.Bench.Workloads
{
    public sealed class GameStateWorkload : Workload
    {
        public override string Name => "gamestate";

        public override string Description => "an adventure game's whole save: rooms, characters, inventories, quests, variables, engine Vector2/Color";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "gamestate: items are a class hierarchy held through the base type (List<GameItem> in rooms, inventories and containers, nested; EquippedWeapon declared as WeaponItem, which RangedWeaponItem derives from). "
                + "Amber: no configuration. System.Text.Json: a contract modifier sets PolymorphismOptions on GameItem and WeaponItem (\"$type\": \"Game.KeyItem\" …). Newtonsoft.Json: TypeNameHandling.Auto on those members only, with the allow-list binder. "
                + "Orleans: no configuration (it writes the runtime type's id wherever it differs from the declared type). "
                + "Nerdbank.MessagePack: a DerivedShapeMapping<GameItem> and a DerivedShapeMapping<WeaponItem> in its DerivedTypeUnions (integer aliases; the derived types' shapes from the witness class). "
                + "MemoryPack and MessagePack: unions on GameItem, and EquippedWeapon through a subclass formatter (their unions need an abstract base); protobuf-net: [ProtoInclude] on GameItem and WeaponItem.",
            "gamestate: each EquippedWeapon is the same instance as an item of the character's Inventory, and the comparison checks that the copy shares it too (ReferenceEquals) for every serializer here, Amber, the JSON peers and Nerdbank.MessagePack configured to keep references for this workload only: "
                + "Amber with AmberOptions.PreserveReferences (objects and strings written once), System.Text.Json with ReferenceHandler.Preserve (\"$id\"/\"$ref\" on every object, lists wrapped as {\"$id\", \"$values\"}; no generated fast path), Newtonsoft.Json with PreserveReferencesHandling.Objects (\"$id\"/\"$ref\" on objects); "
                + "Orleans keeps references by default in every workload (a back-reference to the object's position in the payload; no switch); "
                + "Nerdbank.MessagePack with PreserveReferences = ReferencePreservationMode.RejectCycles for this workload only (a msgpack extension for back-references). "
                + "MemoryPack (both modes), MessagePack (both rows) and protobuf-net have no reference tracking: their copies have a second WeaponItem equal to the inventory's, so identity is not checked for those rows (every member is).",
            "gamestate: the engine structs Vector2 and Color (public fields, from the separate Amber.Bench.Engine assembly, which the game does not own) are written by Amber through surrogates declared in the bench (Workloads/EngineSurrogates.cs: [assembly: AmberSurrogate], conversion operators both ways, the same members); "
                + "System.Text.Json writes their fields with IncludeFields, Newtonsoft.Json by default; "
                + "Orleans through its own surrogate mechanism, declared in the bench (Serializers/OrleansAdapter.cs: a [GenerateSerializer] surrogate struct per engine type and a [RegisterConverter] IConverter<Engine type, surrogate>); "
                + "Nerdbank.MessagePack writes their public fields directly (PolyType's source generator shapes a public struct from another assembly as it is; a marshaler on the witness's [GenerateShapeFor] would be its surrogate route, not needed here).",
            "gamestate: the script variables are Dictionary<string, object> holding long, double (an eighth of them whole numbers), string and bool values, and the comparison checks each value's type as well as its value. "
                + "Amber: no configuration (each value carries its type's tag). System.Text.Json: for this workload only, a JsonConverter<object> registered in the options (Serializers/ObjectValueConverter.cs: a JSON integer reads as long, any other number as double, and a whole double is written with \".0\" so it reads back as a double), since by default an object value reads back as a JsonElement. "
                + "Newtonsoft.Json: its defaults (integers read as long, numbers with a fraction as double, whole doubles written as \"2.0\"; no variable string looks like a date, which DateParseHandling.DateTime would turn into a DateTime). "
                + "Orleans: no configuration (an object value carries its runtime type). "
                + "Nerdbank.MessagePack: for this workload only, its opt-in object converter, WithObjectConverter(new ObjectConverterOptions { PreserveIntegerTypes = true }): a value is written by its runtime type (shapes for long, double, string and bool are on the witness class), and a long as a msgpack int64 so that it reads back as a long (without the option, per its docs, an integer reads back as UInt64, or Int64 when negative).",
        };

        /// <summary>EquippedWeapon shares an inventory item, so the save is only faithful when identity is kept; the variables are object values.</summary>
        public override ShapeNeeds Needs => ShapeNeeds.SharedReferences | ShapeNeeds.ObjectValues;

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            GameState state = new GameStateGenerator(new Random(BenchScale.Seed), scale.IsTiny).Create();
            yield return new WorkloadCase<GameState>(Name, GameStateGenerator.CountObjects(state), state, Compare, Needs);
        }

        // ---------------------------------------------------------------- touch phase

        public static void Compare(Comparer c, GameState e, GameState a)
        {
            c.Object("", e, a, (c, p, e, a) =>
            {
                c.Equal("SaveVersion", e.SaveVersion, a.SaveVersion);
                c.Equal("SaveSlot", e.SaveSlot, a.SaveSlot);
                c.Equal("GameVersion", e.GameVersion, a.GameVersion);
                c.Time("SavedAt", e.SavedAt, a.SavedAt);
                c.Equal("PlayTime", e.PlayTime, a.PlayTime);
                c.Equal("CurrentRoomId", e.CurrentRoomId, a.CurrentRoomId);
                c.Object("Player", e.Player, a.Player, CompareCharacter);
                c.Sequence("Characters", e.Characters, a.Characters, CompareCharacter);
                c.Sequence("Rooms", e.Rooms, a.Rooms, CompareRoom);
                c.Sequence("Quests", e.Quests, a.Quests, CompareQuest);
                c.MapValues("QuestFlags", e.QuestFlags, a.QuestFlags);
                c.Map("Variables", e.Variables, a.Variables, CompareVariable);
                c.Object("Camera", e.Camera, a.Camera, (c, p, e, a) =>
                {
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    c.Equal(p + ".Zoom", e.Zoom, a.Zoom);
                    CompareColor(c, p + ".Fade", e.Fade, a.Fade);
                    c.Equal(p + ".FollowCharacterId", e.FollowCharacterId, a.FollowCharacterId);
                });
                c.SeqValues("Journal", e.Journal, a.Journal);
            });
        }

        private static void CompareVector(Comparer c, string p, Vector2 e, Vector2 a)
        {
            c.Equal(p + ".X", e.X, a.X);
            c.Equal(p + ".Y", e.Y, a.Y);
        }

        private static void CompareColor(Comparer c, string p, Color e, Color a)
        {
            c.Equal(p + ".R", e.R, a.R);
            c.Equal(p + ".G", e.G, a.G);
            c.Equal(p + ".B", e.B, a.B);
            c.Equal(p + ".A", e.A, a.A);
        }

        /// <summary>An object value: the same type (a long stays a long, a whole double a double) and an equal value.</summary>
        private static void CompareVariable(Comparer c, string p, object e, object a)
        {
            if (e.GetType() != a?.GetType()) c.Fail(p, $"expected a {e.GetType().Name}, got {(a == null ? "null" : "a " + a.GetType().Name)}");
            else c.Equal(p, e, a);
        }

        /// <summary>A GameItem-typed member: null on both sides, or the same derived type with the same members.</summary>
        private static void CompareItem(Comparer c, string p, GameItem? e, GameItem? a) => c.Polymorphic(p, e, a, (c, p, e, a) =>
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.Equal(p + ".Sprite", e.Sprite, a.Sprite);
            CompareVector(c, p + ".Position", e.Position, a.Position);
            CompareColor(c, p + ".Tint", e.Tint, a.Tint);
            c.Equal(p + ".Value", e.Value, a.Value);
            c.Equal(p + ".Weight", e.Weight, a.Weight);
            c.Equal(p + ".IsQuestItem", e.IsQuestItem, a.IsQuestItem);
            switch (e)
            {
                case WeaponItem w:
                    var aw = (WeaponItem)a;
                    c.Equal(p + ".Damage", w.Damage, aw.Damage);
                    c.Equal(p + ".DamageType", w.DamageType, aw.DamageType);
                    if (w is RangedWeaponItem r)
                    {
                        var ar = (RangedWeaponItem)a;
                        c.Equal(p + ".Range", r.Range, ar.Range);
                        c.Equal(p + ".Ammo", r.Ammo, ar.Ammo);
                    }
                    break;
                case KeyItem k:
                    var ak = (KeyItem)a;
                    c.Equal(p + ".DoorId", k.DoorId, ak.DoorId);
                    c.Equal(p + ".ConsumedOnUse", k.ConsumedOnUse, ak.ConsumedOnUse);
                    break;
                case ContainerItem box:
                    var abox = (ContainerItem)a;
                    c.Equal(p + ".Capacity", box.Capacity, abox.Capacity);
                    c.Equal(p + ".IsLocked", box.IsLocked, abox.IsLocked);
                    c.Equal(p + ".KeyId", box.KeyId, abox.KeyId);
                    c.Sequence(p + ".Contents", box.Contents, abox.Contents, CompareItem);
                    break;
                case ConsumableItem food:
                    var afood = (ConsumableItem)a;
                    c.Equal(p + ".HealAmount", food.HealAmount, afood.HealAmount);
                    c.Equal(p + ".Charges", food.Charges, afood.Charges);
                    break;
                case DocumentItem d:
                    c.Equal(p + ".Text", d.Text, ((DocumentItem)a).Text);
                    break;
                case TrinketItem:
                    break;
                default:
                    c.Fail(p, "no comparison for " + e.GetType().Name);
                    break;
            }
        });

        private static void CompareCharacter(Comparer c, string p, GameCharacter e, GameCharacter a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".RoomId", e.RoomId, a.RoomId);
                CompareVector(c, p + ".Position", e.Position, a.Position);
                c.Equal(p + ".Facing", e.Facing, a.Facing);
                CompareColor(c, p + ".Tint", e.Tint, a.Tint);
                c.Equal(p + ".Health", e.Health, a.Health);
                c.Equal(p + ".MaxHealth", e.MaxHealth, a.MaxHealth);
                c.Equal(p + ".Gold", e.Gold, a.Gold);
                c.Equal(p + ".Mood", e.Mood, a.Mood);
                c.Equal(p + ".Level", e.Level, a.Level);
                c.Equal(p + ".Experience", e.Experience, a.Experience);
                c.Sequence(p + ".Inventory", e.Inventory, a.Inventory, CompareItem);
                CompareItem(c, p + ".EquippedWeapon", e.EquippedWeapon, a.EquippedWeapon);
                if (e.EquippedWeapon != null && a.EquippedWeapon != null)
                {
                    int shared = e.Inventory.FindIndex(item => ReferenceEquals(item, e.EquippedWeapon));
                    if (shared < 0) c.Fail(p + ".EquippedWeapon", "not an inventory item in the original (a bug in the workload)");
                    else if (shared < a.Inventory.Count) c.SameInstance(p + ".EquippedWeapon", e.EquippedWeapon, e.Inventory[shared], a.EquippedWeapon, a.Inventory[shared]);
                }
                c.Equal(p + ".DialogueNode", e.DialogueNode, a.DialogueNode);
                c.SeqValues(p + ".DialogueSeen", e.DialogueSeen, a.DialogueSeen);
                c.MapValues(p + ".Stats", e.Stats, a.Stats);
                c.MapValues(p + ".Relationships", e.Relationships, a.Relationships);
                c.Map(p + ".Memory", e.Memory, a.Memory, CompareVariable);
                c.Sequence(p + ".PatrolPath", e.PatrolPath, a.PatrolPath, CompareVector);
            });
        }

        private static void CompareRoom(Comparer c, string p, Room e, Room a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".Description", e.Description, a.Description);
                c.Equal(p + ".Music", e.Music, a.Music);
                CompareVector(c, p + ".Size", e.Size, a.Size);
                CompareColor(c, p + ".Ambient", e.Ambient, a.Ambient);
                c.Equal(p + ".Fog.HasValue", e.Fog.HasValue, a.Fog.HasValue);
                if (e.Fog.HasValue && a.Fog.HasValue) CompareColor(c, p + ".Fog", e.Fog.Value, a.Fog.Value);
                c.Equal(p + ".Visited", e.Visited, a.Visited);
                c.Equal(p + ".VisitCount", e.VisitCount, a.VisitCount);
                c.Sequence(p + ".Exits", e.Exits, a.Exits, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Direction", e.Direction, a.Direction);
                    c.Equal(p + ".TargetRoomId", e.TargetRoomId, a.TargetRoomId);
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    c.Equal(p + ".DoorId", e.DoorId, a.DoorId);
                    c.Equal(p + ".IsLocked", e.IsLocked, a.IsLocked);
                    c.Equal(p + ".IsHidden", e.IsHidden, a.IsHidden);
                }));
                c.Sequence(p + ".Props", e.Props, a.Props, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Id", e.Id, a.Id);
                    c.Equal(p + ".Sprite", e.Sprite, a.Sprite);
                    CompareVector(c, p + ".Position", e.Position, a.Position);
                    CompareVector(c, p + ".Scale", e.Scale, a.Scale);
                    c.Equal(p + ".Rotation", e.Rotation, a.Rotation);
                    CompareColor(c, p + ".Tint", e.Tint, a.Tint);
                    c.Equal(p + ".Layer", e.Layer, a.Layer);
                    c.Equal(p + ".Visible", e.Visible, a.Visible);
                    c.Equal(p + ".Interaction", e.Interaction, a.Interaction);
                }));
                c.Sequence(p + ".Items", e.Items, a.Items, CompareItem);
                c.Map(p + ".Variables", e.Variables, a.Variables, CompareVariable);
            });
        }

        private static void CompareQuest(Comparer c, string p, Quest e, Quest a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Title", e.Title, a.Title);
                c.Equal(p + ".Description", e.Description, a.Description);
                c.Equal(p + ".Status", e.Status, a.Status);
                c.Equal(p + ".Stage", e.Stage, a.Stage);
                c.Time(p + ".StartedAt", e.StartedAt, a.StartedAt);
                c.Time(p + ".CompletedAt", e.CompletedAt, a.CompletedAt);
                c.Sequence(p + ".Steps", e.Steps, a.Steps, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Id", e.Id, a.Id);
                    c.Equal(p + ".Text", e.Text, a.Text);
                    c.Equal(p + ".Done", e.Done, a.Done);
                    c.Equal(p + ".Hint", e.Hint, a.Hint);
                }));
                c.Equal(p + ".RewardItemId", e.RewardItemId, a.RewardItemId);
            });
        }
    }

    /// <summary>Builds a save of a harbour-town adventure from a seeded Random: areas of rooms linked by exits, items (nested containers included) in rooms and inventories, characters, quests and variables.</summary>
    internal sealed class GameStateGenerator
    {
        private static readonly (string Id, string Name, string Music)[] Areas =
        {
            ("harbour", "Harbour", "music/harbour_gulls.ogg"),
            ("oldtown", "Old Town", "music/oldtown_lute.ogg"),
            ("lighthouse", "Lighthouse Point", "music/lighthouse_wind.ogg"),
            ("caves", "Smugglers' Caves", "music/caves_drip.ogg"),
            ("manor", "Governor's Manor", "music/manor_harpsichord.ogg"),
            ("marsh", "Saltmarsh", "music/marsh_frogs.ogg"),
            ("monastery", "Monastery of St. Elmo", "music/monastery_choir.ogg"),
            ("mine", "Abandoned Silver Mine", "music/mine_echoes.ogg"),
            ("forest", "Forest Road", "music/forest_birds.ogg"),
            ("ship", "The Wandering Gull", "music/ship_creak.ogg"),
        };

        private static readonly string[] RoomNames =
        {
            "Docks", "Fish Market", "Tavern", "Tavern Cellar", "Customs House", "Bell Tower", "Crypt", "Library", "Kitchen",
            "Walled Garden", "Old Well", "Watchtower", "Chapel", "Storeroom", "Guard Post", "Workshop", "Courtyard", "Cliff Path",
        };

        private static readonly string[] Moods =
        {
            "Salt spray hangs in the air", "Dust motes drift through thin shafts of light", "Water drips steadily from the ceiling",
            "A cold draught whistles through the gaps in the boards", "The smell of tar and rope is everywhere",
            "Candle wax has pooled on every surface", "Somewhere nearby a dog is barking", "The floorboards creak with every step",
        };

        private static readonly string[] Details =
        {
            "a row of barrels stamped with the governor's seal", "nets hung out to dry beside a broken lobster pot",
            "a faded tapestry of a ship caught in a storm", "shelves of mouldering ledgers", "a heavy iron door, its hinges rusted",
            "a spiral staircase leading up into darkness", "a table still set for a meal nobody finished", "scratch marks on the flagstones",
            "a carved figurehead leaning against the wall", "a bell rope that disappears through a hole in the ceiling",
        };

        private static readonly (string Name, DamageType Type, int Damage, float? Range, string Sprite)[] Weapons =
        {
            ("Rusty Cutlass", DamageType.Slash, 6, null, "items/cutlass_rusty.png"),
            ("Boarding Axe", DamageType.Slash, 9, null, "items/axe_boarding.png"),
            ("Flintlock Pistol", DamageType.Pierce, 14, 8f, "items/pistol_flintlock.png"),
            ("Oak Cudgel", DamageType.Blunt, 5, null, "items/cudgel_oak.png"),
            ("Whaler's Harpoon", DamageType.Pierce, 11, 5f, "items/harpoon.png"),
            ("Lamp-Oil Bomb", DamageType.Fire, 18, 6.5f, "items/bomb_oil.png"),
            ("Silver Dagger", DamageType.Pierce, 7, null, "items/dagger_silver.png"),
            ("Frost-Rimed Rapier", DamageType.Frost, 12, null, "items/rapier_frost.png"),
        };

        private static readonly (string Name, string Sprite)[] Keys =
        {
            ("Brass Key", "items/key_brass.png"), ("Crypt Key", "items/key_crypt.png"), ("Lighthouse Key", "items/key_lighthouse.png"),
            ("Cell Key", "items/key_cell.png"), ("Skeleton Key", "items/key_skeleton.png"), ("Captain's Cabin Key", "items/key_cabin.png"),
        };

        private static readonly (string Name, int Capacity, string Sprite)[] Containers =
        {
            ("Sea Chest", 12, "items/chest_sea.png"), ("Leather Pouch", 4, "items/pouch_leather.png"), ("Wooden Crate", 8, "items/crate.png"),
            ("Strongbox", 6, "items/strongbox.png"), ("Satchel", 6, "items/satchel.png"), ("Reliquary", 3, "items/reliquary.png"),
        };

        private static readonly (string Name, int Heal, int Charges, string Sprite)[] Consumables =
        {
            ("Loaf of Bread", 5, 1, "items/bread.png"), ("Bottle of Rum", 2, 3, "items/rum.png"), ("Healing Salve", 15, 1, "items/salve.png"),
            ("Flask of Lamp Oil", 0, 5, "items/oil_flask.png"), ("Smoked Herring", 4, 1, "items/herring.png"), ("Bitter Tonic", 10, 2, "items/tonic.png"),
        };

        private static readonly (string Name, string Text)[] Documents =
        {
            ("Torn Map Fragment", "…three hundred paces from the drowned bell, where the cliff bends twice, dig beneath the white stone…"),
            ("Captain's Log", "Day 41. The crew grows restless. Mendoza swears he saw lights on the water again. I have doubled the watch and locked the powder room."),
            ("Letter from Isabella", "My dearest brother, if this reaches you, do not trust the governor. He knows about the silver, and he knows about us."),
            ("Tide Table", "High water: 04:12, 16:37. Low water: 10:25, 22:48. Spring tides expected at the new moon."),
            ("Monk's Confession", "I hid the reliquary where only the bells could find it. Forgive me, for the abbot would have sold it."),
            ("Smuggler's Ledger", "12 casks brandy — paid. 4 bolts silk — owed. 1 passenger, no questions — paid double."),
        };

        private static readonly (string Name, int Value, string Sprite)[] Miscs =
        {
            ("Gold Doubloon", 25, "items/doubloon.png"), ("Coil of Rope", 3, "items/rope.png"), ("Brass Spyglass", 40, "items/spyglass.png"),
            ("Candle Stub", 1, "items/candle.png"), ("Parrot Feather", 2, "items/feather.png"), ("Tarnished Locket", 30, "items/locket.png"),
            ("Ship in a Bottle", 18, "items/ship_bottle.png"), ("Cracked Compass", 12, "items/compass.png"),
        };

        private static readonly string[] CharacterNames =
        {
            "Old Mendoza", "Isabella Vane", "Brother Anselm", "Governor Harrow", "Marguerite the Fishwife", "Pike", "Captain Soledad",
            "Tobias Wren", "The Lighthouse Keeper", "Nell Carraway", "Sergeant Brisk", "Abbot Corvin", "Little Finch", "Dr. Ophelia Marsh",
            "Silas Gaunt", "Widow Tull", "Jory the Ferryman", "Madame Esperanza", "Corporal Hale", "Ezekiel Crane",
        };

        private static readonly string[] QuestTitles =
        {
            "The Drowned Bell", "Silver in the Dark", "A Letter Never Sent", "The Governor's Ledger", "Lights on the Water",
            "The Monk's Reliquary", "Mutiny Brewing", "The Ferryman's Price", "Fog Over Saltmarsh", "The Keeper's Last Watch",
        };

        private readonly Random _r;
        private readonly bool _tiny;
        private int _nextItem;

        public GameStateGenerator(Random random, bool tiny)
        {
            _r = random;
            _tiny = tiny;
        }

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        private bool Chance(double p) => _r.NextDouble() < p;

        private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

        // Positions on a quarter-pixel grid and other floats with few significant digits: what a
        // 2D adventure engine stores, and exactly representable in every format's text or binary form.
        private float Coordinate(int max) => _r.Next(max * 4) / 4f;

        private Vector2 Point(int maxX, int maxY) => new Vector2 { X = Coordinate(maxX), Y = Coordinate(maxY) };

        private Color Colour(byte alpha = 255) => new Color { R = (byte)_r.Next(256), G = (byte)_r.Next(256), B = (byte)_r.Next(256), A = alpha };

        private Color Tint() => Chance(0.7)
            ? new Color { R = 255, G = 255, B = 255, A = 255 }
            : new Color { R = (byte)(180 + _r.Next(76)), G = (byte)(180 + _r.Next(76)), B = (byte)(180 + _r.Next(76)), A = 255 };

        public GameState Create()
        {
            int areas = _tiny ? 2 : Areas.Length;
            int roomsPerArea = _tiny ? 3 : 12;
            var state = new GameState
            {
                SaveVersion = 7,
                SaveSlot = "Slot 2 — Lighthouse Point, Chapter III",
                GameVersion = "1.4.2 (build 3817)",
                SavedAt = new DateTime(2026, 3, 14, 21, 47, 12, DateTimeKind.Utc).AddTicks(3_456_789),
                PlayTime = new TimeSpan(0, 17, 42, 9, 250),
            };

            var rooms = new List<Room>();
            for (int a = 0; a < areas; a++)
            {
                for (int k = 0; k < roomsPerArea; k++) rooms.Add(NewRoom(a, k, roomsPerArea));
            }
            state.Rooms = rooms;
            state.CurrentRoomId = rooms[Math.Min(rooms.Count - 1, 2 * roomsPerArea + 1)].Id;

            state.Player = NewCharacter("player", "Elena Marlowe", state.CurrentRoomId, isPlayer: true, rooms);
            int npcs = _tiny ? 3 : 40;
            for (int i = 0; i < npcs; i++)
            {
                string name = i < CharacterNames.Length ? CharacterNames[i] : Pick(new[] { "Dockhand", "Town Guard", "Smuggler", "Novice Monk", "Fisherman", "Maid" }) + " " + (i - CharacterNames.Length + 1);
                state.Characters.Add(NewCharacter(Inv($"npc.{i:00}"), name, Pick(rooms.ToArray()).Id, isPlayer: false, rooms));
            }

            int quests = _tiny ? 2 : 24;
            for (int q = 0; q < quests; q++) state.Quests.Add(NewQuest(q, state.SavedAt));

            int flags = _tiny ? 10 : 260;
            for (int f = 0; f < flags; f++)
            {
                string area = Areas[f % areas].Id;
                state.QuestFlags[Inv($"{area}.{Pick(new[] { "met", "talked_to", "helped", "angered", "found", "opened", "read", "rang" })}_{Pick(new[] { "mendoza", "isabella", "keeper", "abbot", "bell", "chest", "ledger", "gate", "ferry", "door" })}_{f}")] = Chance(0.6);
            }

            int variables = _tiny ? 8 : 180;
            for (int v = 0; v < variables; v++)
            {
                state.Variables[Inv($"{Areas[v % areas].Id}.{Pick(new[] { "tide", "bell", "ship", "fog", "guards", "lamp", "gate", "password", "rep" })}_{v}")] = NewVariable();
            }

            state.Camera = new CameraState
            {
                Position = Point(2048, 1024),
                Zoom = 1.25f,
                Fade = new Color { R = 0, G = 0, B = 0, A = 0 },
                FollowCharacterId = "player",
            };

            int journal = _tiny ? 4 : 70;
            for (int j = 0; j < journal; j++)
            {
                state.Journal.Add(Inv($"Day {1 + j / 3}, {Pick(new[] { "dawn", "morning", "noon", "dusk", "night" })}: {Pick(CharacterNames)} {Pick(new[] { "told me about", "warned me about", "asked me to find", "laughed when I mentioned", "seemed frightened of" })} {Pick(new[] { "the drowned bell", "the silver", "the lights on the water", "the governor's ledger", "the monk's reliquary", "the fog" })}. {Pick(Moods)}."));
            }
            return state;
        }

        private Room NewRoom(int area, int index, int roomsPerArea)
        {
            var (areaId, areaName, music) = Areas[area];
            string roomName = RoomNames[(area * 5 + index) % RoomNames.Length];
            string id = Inv($"room.{areaId}.{roomName.ToLowerInvariant().Replace(' ', '_')}");
            var room = new Room
            {
                Id = id,
                Name = areaName + ": " + roomName,
                Description = Inv($"{Pick(Moods)}. You are in the {roomName.ToLowerInvariant()} of {areaName}. Against the far wall you notice {Pick(Details)}, and beside it {Pick(Details)}. {Pick(Moods)}."),
                Music = music,
                Size = new Vector2 { X = 640 + 64 * _r.Next(40), Y = 360 + 36 * _r.Next(20) },
                Ambient = Colour(),
                Fog = Chance(0.3) ? Colour((byte)(40 + _r.Next(120))) : null,
                Visited = Chance(0.7),
            };
            room.VisitCount = room.Visited ? 1 + _r.Next(12) : 0;

            // Exits: the next and previous room of the area, sometimes a door to another area.
            room.Exits.Add(new Exit { Direction = Direction.East, TargetRoomId = Inv($"room.{areaId}.{RoomNames[(area * 5 + (index + 1) % roomsPerArea) % RoomNames.Length].ToLowerInvariant().Replace(' ', '_')}"), Position = Point(2048, 1024) });
            room.Exits.Add(new Exit { Direction = Direction.West, TargetRoomId = Inv($"room.{areaId}.{RoomNames[(area * 5 + (index + roomsPerArea - 1) % roomsPerArea) % RoomNames.Length].ToLowerInvariant().Replace(' ', '_')}"), Position = Point(2048, 1024) });
            int doors = _r.Next(3);
            for (int d = 0; d < doors; d++)
            {
                bool locked = Chance(0.4);
                room.Exits.Add(new Exit
                {
                    Direction = Chance(0.5) ? Direction.North : Direction.South,
                    TargetRoomId = Inv($"room.{Pick(Areas).Id}.{Pick(RoomNames).ToLowerInvariant().Replace(' ', '_')}"),
                    Position = Point(2048, 1024),
                    DoorId = Chance(0.7) ? Inv($"door.{areaId}.{index}.{d}") : null,
                    IsLocked = locked,
                    IsHidden = Chance(0.15),
                });
            }

            int props = 4 + _r.Next(9);
            for (int p = 0; p < props; p++)
            {
                string sprite = Pick(new[] { "barrel", "crate_stack", "lantern", "net", "anchor", "candelabra", "bookshelf", "table", "chair", "statue", "ivy", "cobweb", "rowboat", "well", "bell" });
                room.Props.Add(new Prop
                {
                    Id = Inv($"{id}.prop{p}"),
                    Sprite = "props/" + sprite + ".png",
                    Position = Point((int)room.Size.X, (int)room.Size.Y),
                    Scale = Chance(0.8) ? new Vector2 { X = 1, Y = 1 } : new Vector2 { X = 0.5f + _r.Next(6) * 0.25f, Y = 0.5f + _r.Next(6) * 0.25f },
                    Rotation = Chance(0.8) ? 0f : _r.Next(-8, 9) * 11.25f,
                    Tint = Tint(),
                    Layer = _r.Next(-2, 4),
                    Visible = Chance(0.9),
                    Interaction = Chance(0.4) ? Inv($"interact.{sprite}.{Pick(new[] { "examine", "search", "push", "ring", "climb", "read" })}") : null,
                });
            }

            int items = _r.Next(_tiny ? 3 : 6);
            for (int i = 0; i < items; i++) room.Items.Add(NewItem(room.Size, depth: 0));
            if (index == 0)
            {
                // Every area hides a locked chest with a pouch inside: nested containers are always present.
                room.Items.Add(NewContainer(room.Size, depth: 0, forceNested: true));
            }

            int vars = _r.Next(5);
            for (int v = 0; v < vars; v++) room.Variables[Pick(new[] { "searched", "candles_lit", "window_open", "trap_armed", "times_rested", "graffiti", "light_level" }) + Inv($"_{v}")] = NewVariable();
            return room;
        }

        private GameItem NewItem(Vector2 area, int depth)
        {
            double roll = _r.NextDouble();
            if (roll < 0.15) return NewWeapon(area);
            if (roll < 0.25) return NewKey(area);
            if (roll < 0.40 && depth < 2) return NewContainer(area, depth, forceNested: false);
            if (roll < 0.60) return NewConsumable(area);
            if (roll < 0.70) return NewDocument(area);
            return NewTrinket(area);
        }

        /// <summary>Fills the members every item has and returns the item.</summary>
        private T Base<T>(T item, string name, string sprite, Vector2 area, int value, float weight, string description)
            where T : GameItem
        {
            item.Id = Inv($"item.{_nextItem++:0000}");
            item.Name = name;
            item.Description = description;
            item.Sprite = sprite;
            item.Position = Point((int)Math.Max(1, area.X), (int)Math.Max(1, area.Y));
            item.Tint = Tint();
            item.Value = value;
            item.Weight = weight;
            item.IsQuestItem = Chance(0.08);
            return item;
        }

        /// <summary>A melee weapon, or a RangedWeaponItem for the weapons with a reach.</summary>
        private WeaponItem NewWeapon(Vector2 area)
        {
            var w = Pick(Weapons);
            WeaponItem item = w.Range is float range ? new RangedWeaponItem { Range = range, Ammo = _r.Next(25) } : new WeaponItem();
            Base(item, w.Name, w.Sprite, area, 10 + w.Damage * 5, 1f + _r.Next(12) * 0.25f,
                Inv($"A {w.Name.ToLowerInvariant()}. {Pick(new[] { "Well balanced, if a little worn.", "The grip is wrapped in salt-stained leather.", "Someone has carved initials into it.", "It has seen better days." })}"));
            item.Damage = w.Damage + _r.Next(3);
            item.DamageType = w.Type;
            return item;
        }

        private KeyItem NewKey(Vector2 area)
        {
            var k = Pick(Keys);
            KeyItem item = Base(new KeyItem(), k.Name, k.Sprite, area, 0, 0.25f, Inv($"The {k.Name.ToLowerInvariant()}. {Pick(new[] { "It is heavier than it looks.", "A paper tag reads: 'do not lose'.", "The teeth are worn smooth." })}"));
            item.DoorId = Inv($"door.{Pick(Areas).Id}.{_r.Next(9)}.{_r.Next(2)}");
            item.ConsumedOnUse = Chance(0.3);
            return item;
        }

        private ContainerItem NewContainer(Vector2 area, int depth, bool forceNested)
        {
            var c = forceNested ? Containers[0] : Pick(Containers);
            ContainerItem item = Base(new ContainerItem(), c.Name, c.Sprite, area, 5, 2f + c.Capacity * 0.5f, Inv($"A {c.Name.ToLowerInvariant()}. {Pick(new[] { "The lid is stiff.", "It smells of camphor.", "The lock has been scratched, as if someone tried to force it.", "Stencilled letters on the side have faded." })}"));
            item.Capacity = c.Capacity;
            item.IsLocked = forceNested || Chance(0.3);
            item.KeyId = item.IsLocked && Chance(0.8) ? Inv($"item.key.{_r.Next(40)}") : null;
            if (forceNested) item.Contents.Add(NewContainer(area, depth + 1, forceNested: false));
            int n = _r.Next(Math.Min(c.Capacity, 5));
            for (int i = 0; i < n; i++) item.Contents.Add(NewItem(new Vector2(), depth + 1));
            return item;
        }

        private ConsumableItem NewConsumable(Vector2 area)
        {
            var c = Pick(Consumables);
            ConsumableItem item = Base(new ConsumableItem(), c.Name, c.Sprite, area, 2 + c.Heal, 0.5f, Inv($"{c.Name}. {(c.Heal > 0 ? "Restores a little health." : "Useful for lamps and fires.")}"));
            item.HealAmount = c.Heal > 0 ? c.Heal : null;
            item.Charges = c.Charges;
            return item;
        }

        private DocumentItem NewDocument(Vector2 area)
        {
            var d = Pick(Documents);
            DocumentItem item = Base(new DocumentItem(), d.Name, "items/paper.png", area, 0, 0.05f, Inv($"{d.Name}, {Pick(new[] { "water-stained", "folded many times", "sealed with red wax", "written in a hurried hand" })}."));
            item.Text = d.Text;
            return item;
        }

        private TrinketItem NewTrinket(Vector2 area)
        {
            var m = Pick(Miscs);
            return Base(new TrinketItem(), m.Name, m.Sprite, area, m.Value, 0.25f + _r.Next(8) * 0.25f, Inv($"{m.Name}. {Pick(new[] { "Might be worth something to the right buyer.", "You are not sure why you kept it.", "It glints in the light." })}"));
        }

        /// <summary>A script variable: a long, a double, a string or a bool, boxed as the engine's scripts store them.</summary>
        private object NewVariable()
        {
            switch (_r.Next(4))
            {
                case 0: return (long)_r.Next(-50, 5000);
                case 1: return _r.Next(0, 4000) / 8.0;
                case 2: return Pick(new[] { "Marlinspike", "north", "the bell tolls twice", "Isabella", "closed", "Day 12", "lantern_blue", "gull" });
                default: return Chance(0.5);
            }
        }

        private GameCharacter NewCharacter(string id, string name, string roomId, bool isPlayer, List<Room> rooms)
        {
            var character = new GameCharacter
            {
                Id = id,
                Name = name,
                RoomId = roomId,
                Position = Point(2048, 1024),
                Facing = (Direction)_r.Next(4),
                Tint = Tint(),
                MaxHealth = isPlayer ? 120 : 20 + 10 * _r.Next(8),
                Gold = _r.Next(isPlayer ? 900 : 120),
                Mood = (Mood)_r.Next(5),
                Level = 1 + _r.Next(isPlayer ? 12 : 8),
                Experience = _r.Next(50_000),
                DialogueNode = isPlayer || Chance(0.2) ? null : Inv($"dlg.{id}.{Pick(new[] { "greeting", "rumours", "quest_offer", "farewell", "threat" })}"),
            };
            character.Health = 1 + _r.Next(character.MaxHealth);

            int inventory = isPlayer ? (_tiny ? 6 : 28) : _r.Next(2, 8);
            for (int i = 0; i < inventory; i++) character.Inventory.Add(NewItem(new Vector2(), depth: 0));
            if (isPlayer || Chance(0.6))
            {
                // The equipped weapon is one of the inventory's items, not a copy: two references to one object.
                WeaponItem weapon = NewWeapon(new Vector2());
                character.Inventory.Add(weapon);
                character.EquippedWeapon = weapon;
            }

            int seen = _r.Next(isPlayer ? 0 : 12);
            for (int s = 0; s < seen; s++) character.DialogueSeen.Add(Inv($"dlg.{id}.line{s:00}"));
            foreach (string stat in new[] { "strength", "agility", "wits", "charm", "luck" }) character.Stats[stat] = 1 + _r.Next(18);
            if (isPlayer)
            {
                foreach (string skill in new[] { "lockpicking", "swimming", "haggling", "navigation", "sleight_of_hand" }) character.Stats[skill] = _r.Next(100);
            }
            int relations = isPlayer ? Math.Min(CharacterNames.Length, _tiny ? 3 : 20) : _r.Next(5);
            for (int k = 0; k < relations; k++) character.Relationships[Inv($"npc.{(isPlayer ? k : _r.Next(40)):00}")] = _r.Next(-100, 101);
            int memory = _r.Next(isPlayer ? 12 : 5);
            for (int m = 0; m < memory; m++) character.Memory[Pick(new[] { "last_seen_player", "owes_gold", "knows_secret", "times_bribed", "favourite_drink", "suspicion" }) + Inv($"_{m}")] = NewVariable();
            int path = isPlayer ? 0 : _r.Next(6);
            for (int k = 0; k < path; k++) character.PatrolPath.Add(Point(2048, 1024));
            return character;
        }

        private Quest NewQuest(int index, DateTime savedAt)
        {
            string title = index < QuestTitles.Length ? QuestTitles[index] : Inv($"Errand: {Pick(new[] { "Fetch", "Deliver", "Find", "Mend" })} the {Pick(Miscs).Name}");
            var status = (QuestStatus)_r.Next(4);
            var quest = new Quest
            {
                Id = Inv($"quest.{index:00}"),
                Title = title,
                Description = Inv($"{Pick(CharacterNames)} {Pick(new[] { "has asked for help with", "let slip something about", "would pay well for news of" })} {title.ToLowerInvariant()}. {Pick(Moods)}."),
                Status = status,
                StartedAt = status == QuestStatus.Hidden ? null : savedAt.AddMinutes(-_r.Next(1000)),
                CompletedAt = status == QuestStatus.Completed ? savedAt.AddMinutes(-_r.Next(100)) : null,
                RewardItemId = Chance(0.6) ? Inv($"item.{_r.Next(Math.Max(1, _nextItem)):0000}") : null,
            };
            int steps = 2 + _r.Next(5);
            for (int s = 0; s < steps; s++)
            {
                bool done = status == QuestStatus.Completed || (status == QuestStatus.Active && s < steps / 2);
                quest.Steps.Add(new QuestStep
                {
                    Id = Inv($"{quest.Id}.step{s}"),
                    Text = Inv($"{Pick(new[] { "Speak with", "Follow", "Search the rooms of", "Bring the ledger to", "Wait at dusk for" })} {Pick(CharacterNames)} {Pick(new[] { "near the docks", "in the crypt", "at the lighthouse", "behind the chapel", "on the ship" })}."),
                    Done = done,
                    Hint = Chance(0.4) ? Pick(new[] { "Try ringing the bell at low tide.", "The ferryman only works at night.", "Someone in the tavern knows more than they admit." }) : null,
                });
                if (done) quest.Stage = s + 1;
            }
            return quest;
        }

        /// <summary>The number of objects in the save (rooms, characters, items, quests …) for the table.</summary>
        public static int CountObjects(GameState state)
        {
            int n = 1 + 1 + state.Characters.Count + state.Rooms.Count + state.Quests.Count + state.Variables.Count;
            // An equipped weapon is an inventory item, counted once.
            n += CountItems(state.Player.Inventory);
            foreach (GameCharacter c in state.Characters) n += CountItems(c.Inventory) + c.Memory.Count;
            foreach (Room r in state.Rooms) n += CountItems(r.Items) + r.Exits.Count + r.Props.Count + r.Variables.Count;
            foreach (Quest q in state.Quests) n += q.Steps.Count;
            return n;
        }

        private static int CountItems(List<GameItem>? items)
        {
            if (items == null) return 0;
            int n = 0;
            foreach (GameItem i in items) n += 1 + CountItems((i as ContainerItem)?.Contents);
            return n;
        }
    }
}
