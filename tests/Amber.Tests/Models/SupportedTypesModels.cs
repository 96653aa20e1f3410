using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;
using System.Runtime.Serialization;

namespace Amber.Tests.Models
{
    // Types for tests/Amber.Tests/Serialization/SupportedTypesTests.cs: every built-in type the
    // format promises, as members of plain classes. No Amber attributes unless a test is about one.

    public enum ByteEnum : byte { Zero = 0, One = 1, Max = byte.MaxValue }

    public enum ShortEnum : short { Min = short.MinValue, MinusOne = -1, Zero = 0, Max = short.MaxValue }

    public enum IntEnum { Min = int.MinValue, MinusFive = -5, Zero = 0, One = 1, Max = int.MaxValue }

    public enum LongEnum : long { Min = long.MinValue, MinusOne = -1, Zero = 0, Max = long.MaxValue }

    public enum ULongEnum : ulong { Zero = 0, One = 1, Max = ulong.MaxValue }

    public class AllPrimitives
    {
        public bool Bool { get; set; }
        public byte Byte { get; set; }
        public sbyte SByte { get; set; }
        public short Int16 { get; set; }
        public ushort UInt16 { get; set; }
        public int Int32 { get; set; }
        public uint UInt32 { get; set; }
        public long Int64 { get; set; }
        public ulong UInt64 { get; set; }
        public char Char { get; set; }
        public float Single { get; set; }
        public double Double { get; set; }
        public decimal Decimal { get; set; }
    }

    public class AllScalars
    {
        public string? String { get; set; }
        public Guid Guid { get; set; }
        public DateTime DateTime { get; set; }
        public DateTimeOffset DateTimeOffset { get; set; }
        public TimeSpan TimeSpan { get; set; }
        public DateOnly DateOnly { get; set; }
        public TimeOnly TimeOnly { get; set; }
        public Half Half { get; set; }
        public Int128 Int128 { get; set; }
        public UInt128 UInt128 { get; set; }
        public BigInteger BigInteger { get; set; }
        public Uri? Uri { get; set; }
        public Version? Version { get; set; }
    }

    public class AllEnums
    {
        public ByteEnum Byte { get; set; }
        public ShortEnum Short { get; set; }
        public IntEnum Int { get; set; }
        public LongEnum Long { get; set; }
        public ULongEnum ULong { get; set; }
    }

    public class AllNullables
    {
        public int? Int { get; set; }
        public long? Long { get; set; }
        public bool? Bool { get; set; }
        public double? Double { get; set; }
        public decimal? Decimal { get; set; }
        public char? Char { get; set; }
        public Guid? Guid { get; set; }
        public DateTime? DateTime { get; set; }
        public TimeSpan? TimeSpan { get; set; }
        public IntEnum? Enum { get; set; }
        public Vector3? Vector { get; set; }
    }

    public class AllArrays
    {
        public int[]? Ints { get; set; }
        public long[]? Longs { get; set; }
        public double[]? Doubles { get; set; }
        public bool[]? Bools { get; set; }
        public char[]? Chars { get; set; }
        public byte[]? Bytes { get; set; }
        public string?[]? Strings { get; set; }
        public int?[]? NullableInts { get; set; }
        public Book?[]? Books { get; set; }
        public Vector3[]? Vectors { get; set; }
        public int[][]? Jagged { get; set; }
        public int[,]? Grid { get; set; }
        public string?[,,]? Cube { get; set; }
    }

    public class AllCollections
    {
        public List<int>? IntList { get; set; }
        public List<string?>? StringList { get; set; }
        public List<Book?>? BookList { get; set; }
        public HashSet<string>? HashSet { get; set; }
        public SortedSet<int>? SortedSet { get; set; }
        public SortedDictionary<string, int>? SortedDictionary { get; set; }
        public Queue<string>? Queue { get; set; }
        public Stack<int>? Stack { get; set; }
        public LinkedList<string>? LinkedList { get; set; }
        public ReadOnlyCollection<int>? ReadOnlyCollection { get; set; }
        public ImmutableArray<int> ImmutableArray { get; set; }
        public ImmutableList<string>? ImmutableList { get; set; }
        public ImmutableDictionary<string, int>? ImmutableDictionary { get; set; }
        public ImmutableHashSet<int>? ImmutableHashSet { get; set; }
    }

    public class AllDictionaries
    {
        public Dictionary<string, string>? ByString { get; set; }
        public Dictionary<int, string>? ByInt { get; set; }
        public Dictionary<DateTime, int>? ByDateTime { get; set; }
        public Dictionary<Guid, Book>? ByGuid { get; set; }
        public Dictionary<IntEnum, double>? ByEnum { get; set; }
        public Dictionary<string, int?>? NullableValues { get; set; }
        public Dictionary<long, List<string>>? ListValues { get; set; }
    }

    public class AllInterfaces
    {
        public IEnumerable<int>? Enumerable { get; set; }
        public IEnumerable<Book>? BookEnumerable { get; set; }
        public IList<string>? List { get; set; }
        public ICollection<int>? Collection { get; set; }
        public IReadOnlyList<string>? ReadOnlyList { get; set; }
        public IReadOnlyCollection<int>? ReadOnlyCollection { get; set; }
        public IDictionary<string, int>? Dictionary { get; set; }
        public IReadOnlyDictionary<int, string>? ReadOnlyDictionary { get; set; }
        public ISet<string>? Set { get; set; }
    }

    public class AllTuples
    {
        public KeyValuePair<string, int> Pair { get; set; }
        public ValueTuple<int, string?> ValueTuple { get; set; }
        public (int Id, string? Name, double Score) NamedTuple { get; set; }
        public Tuple<int, string>? Tuple { get; set; }
        public List<KeyValuePair<int, string>>? PairList { get; set; }
    }

    public class NestedGenerics
    {
        public List<Dictionary<string, int[]>>? ListOfMaps { get; set; }
        public Dictionary<string, List<Book>>? MapOfLists { get; set; }
        public List<List<int>>? ListOfLists { get; set; }
        public Dictionary<int, Dictionary<string, string>>? MapOfMaps { get; set; }
    }

    public struct Line
    {
        public Vector3 From;
        public Vector3 To;
        public string? Label;
    }

    public class WithStructs
    {
        public Vector3 Position { get; set; }
        public Line Line { get; set; }
        public Line[]? Lines { get; set; }
    }

    public record PositionalRecord(string Name, int Age)
    {
        public string? Nickname { get; init; }
        public List<string>? Tags { get; init; }
    }

    public record struct PointRecordStruct(int X, int Y, string? Label);

    public readonly record struct ReadOnlyPoint(double X, double Y);

    public readonly struct ReadOnlyPair
    {
        public ReadOnlyPair(int number, string? text)
        {
            Number = number;
            Text = text;
        }

        public int Number { get; }
        public string? Text { get; }
    }

    public class ConstructedPerson
    {
        public ConstructedPerson(string name, int age, List<string>? emails)
        {
            Name = name;
            Age = age;
            Emails = emails;
        }

        public string Name { get; }
        public int Age { get; }
        public List<string>? Emails { get; }
    }

    public class RecordHolder
    {
        public PositionalRecord? Record { get; set; }
        public PointRecordStruct RecordStruct { get; set; }
        public ReadOnlyPoint ReadOnlyPoint { get; set; }
        public ReadOnlyPair ReadOnlyPair { get; set; }
        public ConstructedPerson? Constructed { get; set; }
    }

    public class FieldsAndProperties
    {
        public int Field;
        public string? FieldString;
        public int Property { get; set; }
        public string? PropertyString { get; set; }
        public List<int>? FieldList;
    }

    public class WithIgnored
    {
        private int _secret;

        public int Kept { get; set; }

        [AmberIgnore]
        public int AmberIgnored { get; set; }

        [NonSerialized]
        public int NonSerializedField;

        [IgnoreDataMember]
        public string? IgnoreDataMemberProperty { get; set; }

        [AmberIgnore]
        public string? IgnoredWithInitializer { get; set; } = "initial";

        public int PrivateSetter { get; private set; }

        public int Secret() => _secret;

        public void SetSecretAndPrivateSetter(int value)
        {
            _secret = value;
            PrivateSetter = value;
        }
    }

    public class WithInitializers
    {
        public int Count { get; set; } = 5;
        public string Name { get; set; } = "default";
        public bool Flag { get; set; } = true;
        public double Ratio { get; set; } = 1.5;
        public IntEnum Mode { get; set; } = IntEnum.One;
        public DateTime When { get; set; } = new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        public List<int>? Items { get; set; } = new List<int> { 1, 2, 3 };
        public Book? Child { get; set; } = new Book { Title = "default child" };
    }

    public class WithNullableInitializer
    {
        public int? Limit { get; set; } = 10;
    }

    public record RecordWithNullableDefault(string Name, int? Limit = 10, int? Zero = 0);

    public class FloatEdgeCases
    {
        public double NegativeZero { get; set; }
        public double NaN { get; set; }
        public double PositiveInfinity { get; set; }
        public double NegativeInfinity { get; set; }
        public double Epsilon { get; set; }
        public float SingleNegativeZero { get; set; }
        public float SingleNaN { get; set; }
        public decimal DecimalWithScale { get; set; }
    }

    public class BaseEntity
    {
        public int Id { get; set; }
        public string? CreatedBy { get; set; }
    }

    public class DerivedEntity : BaseEntity
    {
        public string? Name { get; set; }
        public new long Id { get; set; }
    }

    public class KeywordMembers
    {
        public int @class { get; set; }
        public string? @event;
    }

    public class WithRequired
    {
        public required string Name { get; init; }
        public int Age { get; init; } = 3;
        public required int Level { get; set; }
    }

    public struct StructWithConstructor
    {
        public StructWithConstructor()
        {
            Value = 5;
        }

        public int Value { get; set; }
        public int? Maybe { get; set; } = 7;
        public string Text { get; set; } = "text";
    }

    public class NullableElements
    {
        public List<int?>? Ints { get; set; }
        public Dictionary<string, Guid?>? Guids { get; set; }
        public List<Vector3?>? Vectors { get; set; }
    }

    /// <summary>A user collection: a parameterless constructor and Add(T).</summary>
    public class TagBag : IEnumerable<string>
    {
        private readonly List<string> _items = new List<string>();

        public void Add(string item) => _items.Add(item);

        public IEnumerator<string> GetEnumerator() => _items.GetEnumerator();

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }

    public class MoreCollections
    {
        public SortedList<string, int>? SortedList { get; set; }
        public ReadOnlyDictionary<int, string>? ReadOnlyDictionary { get; set; }
        public ImmutableSortedSet<int>? ImmutableSortedSet { get; set; }
        public ImmutableQueue<string>? ImmutableQueue { get; set; }
        public ImmutableStack<int>? ImmutableStack { get; set; }
        public ImmutableSortedDictionary<string, long>? ImmutableSortedDictionary { get; set; }
        public IImmutableList<string>? IImmutableList { get; set; }
        public IImmutableSet<int>? IImmutableSet { get; set; }
        public IImmutableDictionary<string, int>? IImmutableDictionary { get; set; }
        public IImmutableQueue<int>? IImmutableQueue { get; set; }
        public IImmutableStack<string>? IImmutableStack { get; set; }
        public IReadOnlySet<string>? IReadOnlySet { get; set; }
        public ObservableCollection<int>? Observable { get; set; }
        public TagBag? Bag { get; set; }
        public System.Collections.Concurrent.ConcurrentDictionary<string, int>? Concurrent { get; set; }
    }

    public class WithMemory
    {
        public Memory<byte> Memory { get; set; }
        public ReadOnlyMemory<byte> ReadOnlyMemory { get; set; }
    }

    public class Page<T>
    {
        public List<T>? Items { get; set; }
        public int Total { get; set; }
        public T? First { get; set; }
    }

    public class Outer
    {
        public Inner? Child { get; set; }

        public class Inner
        {
            public string? Value { get; set; }
        }
    }
}
