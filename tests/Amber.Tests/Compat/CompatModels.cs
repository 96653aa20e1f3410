using System;
using System.Collections.Generic;
using System.Numerics;

[assembly: Amber.AmberSurrogate(typeof(Amber.Tests.Compat.EngineVector2), typeof(Amber.Tests.Compat.EngineVector2Surrogate))]
[assembly: Amber.AmberSurrogate(typeof(Amber.Tests.Compat.EngineColor), typeof(Amber.Tests.Compat.EngineColorSurrogate))]
[assembly: Amber.AmberFormatter(typeof(Amber.Tests.Compat.CompatMoney), typeof(Amber.Tests.Compat.CompatMoneyFormatter))]

// THE TYPES IN THIS FILE MUST NEVER CHANGE.
//
// They are the types the files of tests/compat were written with, and the types those files are read
// back as. Renaming, moving (the namespace is part of a polymorphic type's tag, docs/format.md §7.1),
// adding, removing, retyping or reordering a member changes what an old file means and hides the very
// breaks the corpus is there to catch. To cover something new, add new types below (or in a new file)
// and new corpus entries; never edit these. The shared models of tests/Amber.Tests/Models may change
// with the tests that own them, which is why the corpus has its own.
namespace Amber.Tests.Compat
{
    // ---------------------------------------------------------------- the six bench workloads, condensed

    /// <summary>bench workload "envelope": one small message.</summary>
    public class CompatEnvelope
    {
        public bool IsInternal { get; set; }
        public DateTime TimeStamp { get; set; }
        public Guid MessageId { get; set; }
        public string? Header { get; set; }
        public Guid From { get; set; }
        public Guid To { get; set; }
        public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    /// <summary>bench workload "bookshelf": many small records with byte arrays.</summary>
    public class CompatBookShelf
    {
        public List<CompatBook>? Books { get; set; }
    }

    public class CompatBook
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    /// <summary>bench workload "vector3": an array of float structs, written as rows.</summary>
    public struct CompatVector3
    {
        public float X;
        public float Y;
        public float Z;
    }

    // bench workload "gamestate": a save game with polymorphic items, engine structs through surrogates,
    // object dictionaries and nullable members.

    /// <summary>An engine struct the game does not own: written through <see cref="EngineVector2Surrogate"/>.</summary>
    public struct EngineVector2
    {
        public float X;
        public float Y;
    }

    /// <summary>An engine colour: written through <see cref="EngineColorSurrogate"/>.</summary>
    public struct EngineColor
    {
        public byte R, G, B, A;
    }

    public struct EngineVector2Surrogate
    {
        public float X;
        public float Y;

        public static implicit operator EngineVector2Surrogate(EngineVector2 v) => new EngineVector2Surrogate { X = v.X, Y = v.Y };

        public static implicit operator EngineVector2(EngineVector2Surrogate s) => new EngineVector2 { X = s.X, Y = s.Y };
    }

    public struct EngineColorSurrogate
    {
        public byte R;
        public byte G;
        public byte B;
        public byte A;

        public static implicit operator EngineColorSurrogate(EngineColor c) => new EngineColorSurrogate { R = c.R, G = c.G, B = c.B, A = c.A };

        public static implicit operator EngineColor(EngineColorSurrogate s) => new EngineColor { R = s.R, G = s.G, B = s.B, A = s.A };
    }

    public enum GameDamageType { Blunt, Slash, Pierce, Fire, Frost }

    public enum GameDirection { North, East, South, West }

    public enum GameQuestStatus { Hidden, Active, Completed, Failed }

    public abstract class GameItem
    {
        public string Id { get; set; } = "";
        public string Name { get; set; } = "";
        public EngineVector2 Position { get; set; }
        public EngineColor Tint { get; set; }
        public int Value { get; set; }
        public float Weight { get; set; }
        public bool IsQuestItem { get; set; }
    }

    public class GameWeapon : GameItem
    {
        public int Damage { get; set; }
        public GameDamageType DamageType { get; set; }
    }

    public class GameRangedWeapon : GameWeapon
    {
        public float Range { get; set; }
        public int Ammo { get; set; }
    }

    public class GameKey : GameItem
    {
        public string DoorId { get; set; } = "";
    }

    public class GameContainer : GameItem
    {
        public int Capacity { get; set; }
        public string? KeyId { get; set; }
        public List<GameItem> Contents { get; set; } = new List<GameItem>();
    }

    public class GameConsumable : GameItem
    {
        public int? HealAmount { get; set; }
        public int Charges { get; set; }
    }

    public class GameExit
    {
        public GameDirection Direction { get; set; }
        public string TargetRoomId { get; set; } = "";
        public string? DoorId { get; set; }
        public bool IsLocked { get; set; }
    }

    public class GameRoom
    {
        public string Id { get; set; } = "";
        public string Name { get; set; } = "";
        public EngineVector2 Size { get; set; }
        public EngineColor Ambient { get; set; }
        public EngineColor? Fog { get; set; }
        public bool Visited { get; set; }
        public List<GameExit> Exits { get; set; } = new List<GameExit>();
        public List<GameItem> Items { get; set; } = new List<GameItem>();
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
    }

    public class GameCharacter
    {
        public string Id { get; set; } = "";
        public string Name { get; set; } = "";
        public EngineVector2 Position { get; set; }
        public GameDirection Facing { get; set; }
        public int Health { get; set; }
        public long Experience { get; set; }
        public List<GameItem> Inventory { get; set; } = new List<GameItem>();
        public GameWeapon? EquippedWeapon { get; set; }
        public List<string> DialogueSeen { get; set; } = new List<string>();
        public Dictionary<string, int> Stats { get; set; } = new Dictionary<string, int>();
        public Dictionary<string, object> Memory { get; set; } = new Dictionary<string, object>();
        public List<EngineVector2> PatrolPath { get; set; } = new List<EngineVector2>();
    }

    public class GameQuestStep
    {
        public string Id { get; set; } = "";
        public bool Done { get; set; }
        public string? Hint { get; set; }
    }

    public class GameQuest
    {
        public string Id { get; set; } = "";
        public string Title { get; set; } = "";
        public GameQuestStatus Status { get; set; }
        public DateTime? StartedAt { get; set; }
        public DateTime? CompletedAt { get; set; }
        public List<GameQuestStep> Steps { get; set; } = new List<GameQuestStep>();
    }

    public class GameSave
    {
        public int SaveVersion { get; set; }
        public string SaveSlot { get; set; } = "";
        public DateTime SavedAt { get; set; }
        public TimeSpan PlayTime { get; set; }
        public GameCharacter Player { get; set; } = new GameCharacter();
        public List<GameCharacter> Characters { get; set; } = new List<GameCharacter>();
        public List<GameRoom> Rooms { get; set; } = new List<GameRoom>();
        public List<GameQuest> Quests { get; set; } = new List<GameQuest>();
        public Dictionary<string, bool> QuestFlags { get; set; } = new Dictionary<string, bool>();
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
        public List<string> Journal { get; set; } = new List<string>();
    }

    // bench workload "sportevents": immutable records built through their constructors.

    public enum SportEventStatus { NotStarted, Live, Suspended, Ended, Closed, Cancelled }

    public enum SportOutcomeResult { Undecided, HomeWin, Draw, AwayWin, Void }

    public enum SportQualifier { Home, Away }

    public sealed record SportPlayer(string Id, string Name, int? ShirtNumber, DateOnly? BirthDate);

    public sealed record SportCompetitor(string Id, string Name, SportQualifier Qualifier, string? Country, List<SportPlayer> Players);

    public sealed record SportPeriodScore(int Number, int HomeScore, int AwayScore);

    public sealed record SportOutcome(string Id, string Name, decimal Odds, SportOutcomeResult Result, bool IsActive);

    public sealed record SportVenue(string Name, string City, int Capacity, double? Latitude, double? Longitude);

    public sealed record SportEvent(
        string Id,
        DateTime ScheduledStart,
        SportEventStatus Status,
        IReadOnlyList<SportCompetitor> Competitors,
        SportVenue? Venue,
        List<SportPeriodScore> PeriodScores,
        List<SportOutcome> Outcomes,
        Dictionary<string, string>? Extra,
        TimeSpan? Clock);

    public sealed class SportFeed
    {
        public string Provider { get; set; } = "";
        public DateTimeOffset GeneratedAt { get; set; }
        public List<SportEvent> Events { get; set; } = new List<SportEvent>();
    }

    // bench workload "bootpayload": a deep class hierarchy, generic types, pages of entities.

    public enum BootRarity { Common, Uncommon, Rare, Epic, Legendary }

    public enum BootCurrencyKind { Gold, Gems, Tickets }

    public abstract class BootEntity
    {
        public long Id { get; set; }
        public string Slug { get; set; } = "";
        public DateTime CreatedAt { get; set; }
    }

    public abstract class BootItem : BootEntity
    {
        public string Name { get; set; } = "";
        public BootRarity Rarity { get; set; }
        public int Level { get; set; }
    }

    public class BootWeapon : BootItem
    {
        public int Attack { get; set; }
        public float Speed { get; set; }
    }

    public class BootArmor : BootItem
    {
        public int Defense { get; set; }
    }

    public class BootCurrency : BootItem
    {
        public BootCurrencyKind Kind { get; set; }
        public long Amount { get; set; }
    }

    public class BootReward<T> where T : BootItem
    {
        public T? Item { get; set; }
        public int Quantity { get; set; }
    }

    public struct BootRanged<T> where T : struct, IComparable<T>
    {
        public T Min { get; set; }
        public T Max { get; set; }
    }

    public class BootPage<T> where T : class
    {
        public int Number { get; set; }
        public int Total { get; set; }
        public List<T> Entries { get; set; } = new List<T>();
    }

    public class BootOffer : BootEntity
    {
        public string Title { get; set; } = "";
        public decimal Price { get; set; }
        public BootRanged<int> LevelRange { get; set; }
        public List<BootItem> Contents { get; set; } = new List<BootItem>();
    }

    public class BootResponse
    {
        public string SessionId { get; set; } = "";
        public Guid PlayerId { get; set; }
        public BootPage<BootItem> Inventory { get; set; } = new BootPage<BootItem>();
        public List<BootOffer> Offers { get; set; } = new List<BootOffer>();
        public List<BootReward<BootWeapon>> DailyRewards { get; set; } = new List<BootReward<BootWeapon>>();
        public BootReward<BootCurrency>? LoginBonus { get; set; }
        public Dictionary<string, long> Counters { get; set; } = new Dictionary<string, long>();
        public BootRanged<double> DropRate { get; set; }
    }

    // ---------------------------------------------------------------- features

    public enum CompatByteEnum : byte { None = 0, One = 1, Max = 255 }

    public enum CompatIntEnum { Negative = -5, Zero = 0, Big = 1_000_000 }

    public enum CompatLongEnum : long { Min = long.MinValue, Max = long.MaxValue }

    public enum CompatULongEnum : ulong { Top = ulong.MaxValue }

    [Flags]
    public enum CompatFlags : short { None = 0, A = 1, B = 2, C = 4 }

    /// <summary>Every scalar kind of docs/format.md §3.1.</summary>
    public class CompatScalars
    {
        public bool Bool { get; set; }
        public byte Byte { get; set; }
        public sbyte SByte { get; set; }
        public short Short { get; set; }
        public ushort UShort { get; set; }
        public int Int { get; set; }
        public uint UInt { get; set; }
        public long Long { get; set; }
        public ulong ULong { get; set; }
        public char Char { get; set; }
        public float Float { get; set; }
        public double Double { get; set; }
        public Half Half { get; set; }
        public decimal Decimal { get; set; }
        public DateTime DateTimeUtc { get; set; }
        public DateTime DateTimeLocal { get; set; }
        public DateTime DateTimeUnspecified { get; set; }
        public TimeSpan TimeSpan { get; set; }
        public DateOnly DateOnly { get; set; }
        public TimeOnly TimeOnly { get; set; }
        public Guid Guid { get; set; }
        public Int128 Int128 { get; set; }
        public UInt128 UInt128 { get; set; }
        public string? String { get; set; }
        public string? EmptyString { get; set; }
        public string? Unicode { get; set; }
        public byte[]? Bytes { get; set; }
        public ReadOnlyMemory<byte> Memory { get; set; }
        public BigInteger BigInteger { get; set; }
        public DateTimeOffset DateTimeOffset { get; set; }
        public Uri? Uri { get; set; }
        public Version? Version { get; set; }
    }

    /// <summary>Extremes of the integer and floating kinds (every one present: none is its default).</summary>
    public class CompatExtremes
    {
        public sbyte SByteMin { get; set; }
        public short ShortMin { get; set; }
        public int IntMin { get; set; }
        public long LongMin { get; set; }
        public ulong ULongMax { get; set; }
        public float FloatNaN { get; set; }
        public double DoubleNegInfinity { get; set; }
        public double DoubleEpsilon { get; set; }
        public decimal DecimalMax { get; set; }
        public decimal DecimalNegSmall { get; set; }
        public char CharHigh { get; set; }
    }

    public class CompatEnums
    {
        public CompatByteEnum Byte { get; set; }
        public CompatIntEnum Int { get; set; }
        public CompatIntEnum Undefined { get; set; }
        public CompatLongEnum Long { get; set; }
        public CompatULongEnum ULong { get; set; }
        public CompatFlags Flags { get; set; }
        public List<CompatIntEnum>? List { get; set; }
        public CompatIntEnum? Nullable { get; set; }
        public Dictionary<CompatByteEnum, CompatFlags>? Map { get; set; }
    }

    public class CompatNested
    {
        public int Id { get; set; }
        public string? Label { get; set; }
    }

    /// <summary>Every collection kind: packed, element by element, nested, maps, sets, queues, stacks, tuples.</summary>
    public class CompatCollections
    {
        public int[]? IntArray { get; set; }
        public int[]? EmptyArray { get; set; }
        public long[]? LongArray { get; set; }
        public double[]? DoubleArray { get; set; }
        public bool[]? BoolArray { get; set; }
        public char[]? CharArray { get; set; }
        public List<int>? IntList { get; set; }
        public List<float>? FloatList { get; set; }
        public List<string>? StringList { get; set; }
        public string?[]? StringsWithNull { get; set; }
        public List<CompatNested>? Objects { get; set; }
        public int[][]? Jagged { get; set; }
        public List<List<int>>? NestedLists { get; set; }
        public HashSet<string>? HashSet { get; set; }
        public SortedSet<int>? SortedSet { get; set; }
        public Queue<string>? Queue { get; set; }
        public Stack<int>? Stack { get; set; }
        public LinkedList<string>? LinkedList { get; set; }
        public IList<string>? IList { get; set; }
        public IReadOnlyList<int>? IReadOnlyList { get; set; }
        public ISet<string>? ISet { get; set; }
        public IEnumerable<int>? Enumerable { get; set; }
        public Dictionary<string, int>? Dictionary { get; set; }
        public Dictionary<int, CompatNested>? ObjectValues { get; set; }
        public Dictionary<Guid, List<string>>? ListValues { get; set; }
        public SortedDictionary<string, double>? SortedDictionary { get; set; }
        public SortedList<int, string>? SortedList { get; set; }
        public IDictionary<string, string>? IDictionary { get; set; }
        public IReadOnlyDictionary<int, int>? IReadOnlyDictionary { get; set; }
        public KeyValuePair<string, int> Pair { get; set; }
        public (int, string) ValueTuple { get; set; }
        public Tuple<int, string>? Tuple { get; set; }
        public List<int> GetOnly { get; } = new List<int>();
    }

    public struct CompatPoint
    {
        public int X;
        public int Y;
    }

    public class CompatNullables
    {
        public int? IntSet { get; set; }
        public int? IntNull { get; set; }
        public Guid? GuidSet { get; set; }
        public DateTime? DateNull { get; set; }
        public CompatPoint? PointSet { get; set; }
        public CompatPoint? PointNull { get; set; }
        public int? WithDefault { get; set; } = 5;
        public List<int?>? NullableElements { get; set; }
        public int?[]? NullableArray { get; set; }
        public Dictionary<string, int?>? NullableValues { get; set; }
        public CompatNested? ObjectNull { get; set; }
        public string? StringNull { get; set; }
    }

    // ---- construction

    public record CompatPositional(string Name, int Level = 1, string? Guild = null);

    public readonly record struct CompatRecordStruct(int X, double Y);

    public sealed class CompatImmutable
    {
        public CompatImmutable(string code, IReadOnlyList<int> values)
        {
            Code = code;
            Values = values;
        }

        public string Code { get; }
        public IReadOnlyList<int> Values { get; }
    }

    public sealed class CompatInitOnly
    {
        public required string Region { get; init; }
        public int Port { get; init; } = 80;
        public List<string> Flags { get; } = new List<string>();
    }

    public class CompatConstruction
    {
        public CompatPositional? Positional { get; set; }
        public CompatPositional? PositionalDefaults { get; set; }
        public CompatRecordStruct RecordStruct { get; set; }
        public CompatImmutable? Immutable { get; set; }
        public CompatInitOnly? InitOnly { get; set; }
        public List<CompatPositional>? Many { get; set; }
    }

    // ---- polymorphism

    public abstract class CompatShape
    {
        public string? Name { get; set; }
    }

    public class CompatCircle : CompatShape
    {
        public double Radius { get; set; }
    }

    public class CompatRect : CompatShape
    {
        public double Width { get; set; }
        public double Height { get; set; }
    }

    /// <summary>Two levels below the abstract base; itself a base with a subclass.</summary>
    public class CompatSquare : CompatRect
    {
        public bool Rounded { get; set; }
    }

    public class CompatColoredSquare : CompatSquare
    {
        public EngineColor Color { get; set; }
    }

    public interface ICompatAnimal
    {
        string Name { get; }
    }

    public class CompatDog : ICompatAnimal
    {
        public string Name { get; set; } = "";
        public bool GoodBoy { get; set; }
    }

    public record CompatCat(string Name, int Lives) : ICompatAnimal;

    public struct CompatFish : ICompatAnimal
    {
        public string Name { get; set; }
        public int Fins { get; set; }
    }

    /// <summary>Renamed twice: written under its first former name, which old readers know.</summary>
    [AmberFormerName("Amber.Tests.Compat.Legacy.OldBlade")]
    [AmberFormerName("Amber.Tests.Compat.Legacy.MiddleBlade")]
    public class CompatBlade : CompatShape
    {
        public int Sharpness { get; set; }
    }

    public class CompatPolymorphism
    {
        public CompatShape? Single { get; set; }
        public List<CompatShape>? Shapes { get; set; }
        public CompatRect? RectOrSubclass { get; set; }
        public CompatSquare? SquareOrSubclass { get; set; }
        public ICompatAnimal? Pet { get; set; }
        public List<ICompatAnimal>? Animals { get; set; }
        public Dictionary<string, CompatShape>? ByName { get; set; }
    }

    // ---- references and cycles

    public class CompatNode
    {
        public int Id { get; set; }
        public string? Label { get; set; }
        public CompatNode? Next { get; set; }
        public List<CompatNode> Children { get; set; } = new List<CompatNode>();
        public CompatNode? Parent { get; set; }
    }

    public class CompatReferences
    {
        public CompatNode? Root { get; set; }
        public CompatNode? SameAsRoot { get; set; }
        public List<CompatNode>? All { get; set; }
        public string? SharedText { get; set; }
        public string? SharedTextAgain { get; set; }
        public byte[]? SharedBytes { get; set; }
        public byte[]? SharedBytesAgain { get; set; }
        public CompatShape? Shape { get; set; }
        public List<CompatShape>? ShapesWithRepeat { get; set; }
    }

    /// <summary>Reference mode by attribute, no option needed.</summary>
    [AmberPreserveReferences]
    public class CompatGraph
    {
        public List<CompatVertex> Vertices { get; set; } = new List<CompatVertex>();
    }

    public class CompatVertex
    {
        public int Id { get; set; }
        public List<CompatVertex> Edges { get; set; } = new List<CompatVertex>();
    }

    // ---- surrogates and hand-written formatters

    public sealed class CompatMoney
    {
        public CompatMoney(decimal amount, string currency)
        {
            Amount = amount;
            Currency = currency;
        }

        public decimal Amount { get; }
        public string Currency { get; }
    }

    /// <summary>A hand-written formatter: money as one string "12.50 EUR".</summary>
    public sealed class CompatMoneyFormatter : IAmberFormatter<CompatMoney>
    {
        public WireType WireType => WireType.Bytes;

        public void Write(ref AmberWriter writer, CompatMoney value) =>
            writer.WriteString(value == null ? null : value.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + value.Currency);

        public CompatMoney Read(ref AmberReader reader, WireType wireType)
        {
            long at = reader.Position;
            reader.Expect(wireType, WireType.Bytes, "CompatMoney");
            string? s = reader.ReadString();
            if (s == null) return null!;
            int space = s.IndexOf(' ');
            if (space < 0 || !decimal.TryParse(s.Substring(0, space), System.Globalization.NumberStyles.Number, System.Globalization.CultureInfo.InvariantCulture, out decimal amount))
                throw new AmberException($"'{s}' is not an amount and a currency", at, "Write CompatMoney with CompatMoneyFormatter.");
            return new CompatMoney(amount, s.Substring(space + 1));
        }
    }

    public class CompatReplacements
    {
        public EngineVector2 Position { get; set; }
        public EngineColor Color { get; set; }
        public EngineColor? MaybeColor { get; set; }
        public EngineColor? NoColor { get; set; }
        public List<EngineVector2>? Path { get; set; }
        public EngineColor[]? Palette { get; set; }
        public Dictionary<string, EngineVector2>? Anchors { get; set; }
        public CompatMoney? Price { get; set; }
        public CompatMoney? NoPrice { get; set; }
        public List<CompatMoney>? Prices { get; set; }
    }

    // ---- object members

    public class CompatObjects
    {
        public object? Int { get; set; }
        public object? String { get; set; }
        public object? Model { get; set; }
        public object? Polymorphic { get; set; }
        public object? Enum { get; set; }
        public object? Surrogated { get; set; }
        public object? Formatted { get; set; }
        public object? ModelList { get; set; }
        public object? Null { get; set; }
        public List<object>? Items { get; set; }
        public object[]? Array { get; set; }
        public Dictionary<string, object>? Map { get; set; }
    }

    // ---- key collisions: M092, M148 and M3892 fold to key 7004; M502, M607 and M997 to key 4967

    public class CompatCollisions
    {
        public int M092 { get; set; }
        public string? M148 { get; set; }
        public int M3892 { get; set; }
        public int M502 { get; set; }
        public string? M607 { get; set; }
        public int M997 { get; set; }
    }

    public class CompatCollisionV1
    {
        public int M092 { get; set; }
        public string? Tail { get; set; }
    }

    /// <summary>Adds M148 after M092, on its key and with its wire type.</summary>
    public class CompatCollisionV2
    {
        public int M092 { get; set; }
        public string? Tail { get; set; }
        public int M148 { get; set; }
    }

    // ---- rows

    public enum CompatTeam : byte { Red = 1, Blue = 2 }

    public struct CompatUnit
    {
        public int Id;
        public CompatTeam Team;
        public bool Alive;
        public short Hp;
    }

    public struct CompatPadded
    {
        public byte Tag;
        public long Value;
    }

    public struct CompatPixel
    {
        public byte R { get; set; }
        public byte G { get; set; }
        public byte B { get; set; }
    }

    public class CompatRows
    {
        public CompatVector3[]? Points { get; set; }
        public List<CompatVector3>? MorePoints { get; set; }
        public CompatUnit[]? Units { get; set; }
        public CompatPadded[]? Padded { get; set; }
        public List<CompatPixel>? Pixels { get; set; }
        public CompatVector3 Single { get; set; }
    }

    // ---- multi-dimensional arrays

    public class CompatMultiDim
    {
        public int[,]? Grid { get; set; }
        public double[,,]? Cube { get; set; }
        public string?[,]? Names { get; set; }
        public CompatNested[,]? Objects { get; set; }
        public int[,]? Empty { get; set; }
    }

    // ---- version tolerance: V1 and V2 are one type at two times (the type name is not on the wire)

    public class CompatAddress
    {
        public string? Street { get; set; }
        public string? City { get; set; }
    }

    public class CompatContactV1
    {
        public string? Name { get; set; }
        public int Age { get; set; }
        public short Rank { get; set; }
        public string? Title { get; set; }
        public string? Obsolete { get; set; }
        public List<string>? Tags { get; set; }
    }

    /// <summary>
    /// V1 with: a member removed (Obsolete), members added (Email, Score, Home, Scores), Rank widened from
    /// short to long, Age made nullable, Title renamed to Caption (with its former name), Tags moved.
    /// </summary>
    public class CompatContactV2
    {
        public long Id { get; set; } = 42;
        public string? Name { get; set; }
        public List<string>? Tags { get; set; }
        public int? Age { get; set; }
        public long Rank { get; set; }
        [AmberFormerName("Title")]
        public string? Caption { get; set; }
        public string Email { get; set; } = "none@example.com";
        public int Score { get; set; } = 7;
        public CompatAddress? Home { get; set; }
        public List<int>? Scores { get; set; }
    }

    // ---- wide shapes (more than 64 members)

    /// <summary>More than 64 members: two presence words (docs/format.md §5).</summary>
    public class CompatWide
    {
        public int W00 { get; set; }
        public string? W01 { get; set; }
        public double W02 { get; set; }
        public int W03 { get; set; }
        public string? W04 { get; set; }
        public double W05 { get; set; }
        public int W06 { get; set; }
        public string? W07 { get; set; }
        public double W08 { get; set; }
        public int W09 { get; set; }
        public string? W10 { get; set; }
        public double W11 { get; set; }
        public int W12 { get; set; }
        public string? W13 { get; set; }
        public double W14 { get; set; }
        public int W15 { get; set; }
        public string? W16 { get; set; }
        public double W17 { get; set; }
        public int W18 { get; set; }
        public string? W19 { get; set; }
        public double W20 { get; set; }
        public int W21 { get; set; }
        public string? W22 { get; set; }
        public double W23 { get; set; }
        public int W24 { get; set; }
        public string? W25 { get; set; }
        public double W26 { get; set; }
        public int W27 { get; set; }
        public string? W28 { get; set; }
        public double W29 { get; set; }
        public int W30 { get; set; }
        public string? W31 { get; set; }
        public double W32 { get; set; }
        public int W33 { get; set; }
        public string? W34 { get; set; }
        public double W35 { get; set; }
        public int W36 { get; set; }
        public string? W37 { get; set; }
        public double W38 { get; set; }
        public int W39 { get; set; }
        public string? W40 { get; set; }
        public double W41 { get; set; }
        public int W42 { get; set; }
        public string? W43 { get; set; }
        public double W44 { get; set; }
        public int W45 { get; set; }
        public string? W46 { get; set; }
        public double W47 { get; set; }
        public int W48 { get; set; }
        public string? W49 { get; set; }
        public double W50 { get; set; }
        public int W51 { get; set; }
        public string? W52 { get; set; }
        public double W53 { get; set; }
        public int W54 { get; set; }
        public string? W55 { get; set; }
        public double W56 { get; set; }
        public int W57 { get; set; }
        public string? W58 { get; set; }
        public double W59 { get; set; }
        public int W60 { get; set; }
        public string? W61 { get; set; }
        public double W62 { get; set; }
        public int W63 { get; set; }
        public string? W64 { get; set; }
        public double W65 { get; set; }
        public int W66 { get; set; }
        public string? W67 { get; set; }
        public double W68 { get; set; }
        public int W69 { get; set; }
    }

    public class CompatWideHolder
    {
        public CompatWide? First { get; set; }
        public List<CompatWide>? More { get; set; }
    }

    // ---- chunked streams and message streams

    public class CompatLogEntry
    {
        public long Sequence { get; set; }
        public DateTime At { get; set; }
        public string? Level { get; set; }
        public string? Message { get; set; }
        public CompatShape? Shape { get; set; }
        public Dictionary<string, object>? Fields { get; set; }
    }

    // ---- added in 0.2.0: collections keep their identity in reference mode (format version 2)

    public class CompatSharedCollections
    {
        public List<CompatNested>? Items { get; set; }
        public IList<CompatNested>? SameItems { get; set; }
        public int[]? Numbers { get; set; }
        public List<int[]?>? NumberRows { get; set; }
        public Dictionary<string, CompatNested>? Index { get; set; }
        public IReadOnlyDictionary<string, CompatNested>? SameIndex { get; set; }
        public HashSet<string>? Tags { get; set; }
        public HashSet<string>? SameTags { get; set; }
        public object? Boxed { get; set; }
        public object[]? SelfHolding { get; set; }
        public List<CompatSharedCollections>? Children { get; set; }
        public List<CompatSharedCollections>? Siblings { get; set; }
    }

    // ---- added in 0.3.0: structs of primitives written inline (format §5.1)

    /// <summary>Inline structs in every position (through surrogates too), beside rows, a typed object and shared objects.</summary>
    public class CompatInlineScene
    {
        public EngineVector2 Position { get; set; }
        public CompatPoint Point { get; set; }
        public CompatPoint? MaybePoint { get; set; }
        public CompatPoint? NoPoint { get; set; }
        public CompatUnit Unit { get; set; }
        public CompatNested? First { get; set; }
        public Dictionary<string, CompatPoint>? Marks { get; set; }
        public List<EngineColor>? Palette { get; set; }
        public CompatVector3[]? Rows { get; set; }
        public object? Boxed { get; set; }
        public CompatPoint Origin { get; set; }
        public CompatNested? Again { get; set; }
    }

    /// <summary>A struct of primitives: written inline.</summary>
    public struct CompatInlineSpotV1
    {
        public int X;
        public float Y;
        public CompatTeam Team;
    }

    /// <summary>The same struct later: reordered, X widened to long, a label added (so not inline any more); it reads V1's rows.</summary>
    public struct CompatInlineSpotV2
    {
        public float Y;
        public long X;
        public CompatTeam Team;
        public string? Label;
    }

    public class CompatInlineSpotsV1
    {
        public CompatInlineSpotV1 Spot { get; set; }
        public Dictionary<string, CompatInlineSpotV1>? Named { get; set; }
        public CompatInlineSpotV1? Maybe { get; set; }
    }

    public class CompatInlineSpotsV2
    {
        public CompatInlineSpotV2 Spot { get; set; }
        public Dictionary<string, CompatInlineSpotV2>? Named { get; set; }
        public CompatInlineSpotV2? Maybe { get; set; }
    }

    // ---- added in 0.4.0: empty multi-dimensional arrays keep their lengths (format §6.1)

    public class CompatEmptyGrids
    {
        public int[,]? Wide { get; set; }
        public string?[,,]? Tall { get; set; }
        public CompatNested[,]? NoRows { get; set; }
        public int[,]? Zero { get; set; }
        public int[,]? Filled { get; set; }
        public int[,]? SameWide { get; set; }
    }
}
