using System;
using System.Collections.Generic;
using System.Linq;
using BigInteger = System.Numerics.BigInteger;
using Amber.Interop.Model;
using V1 = Amber.Interop.Model.Versions.V1;
using V2 = Amber.Interop.Model.Versions.V2;

namespace Amber.Interop
{
    /// <summary>
    /// Every cross-language case, defined once: its name, the type its payload is read as, the value it must hold and
    /// its options. <c>write</c> writes each from the value; <c>check</c> reads each and compares it with a fresh value.
    /// </summary>
    public static class Cases
    {
        private static readonly Guid G1 = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        private static readonly Guid G2 = new Guid("7c9e6679-7425-40de-944b-e07fc1f90ae7");
        private static readonly Guid G3 = new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff");

        /// <summary>2^53 + 1: the first integer a JavaScript number cannot hold.</summary>
        public const long AboveSafe = (1L << 53) + 1;

        /// <summary>The cases, in a fixed order, each name unique.</summary>
        public static IReadOnlyList<InteropCase> All { get; } = Build();

        /// <summary>The case of that name.</summary>
        /// <exception cref="KeyNotFoundException">No case has that name.</exception>
        public static InteropCase Get(string name) =>
            All.FirstOrDefault(c => c.Name == name) ?? throw new KeyNotFoundException($"No interop case is named '{name}'.");

        /// <summary>Every type a case is read or written as.</summary>
        public static IEnumerable<Type> RootTypes() =>
            All.Select(c => c.Type).Concat(All.Where(c => c.WrittenAs != null).Select(c => c.WrittenAs!)).Distinct();

        /// <summary>
        /// The types of the schema document: every case's type, and every type of the model with generated code, since a
        /// polymorphic or <c>object</c> member's encoding does not name the types it may hold (as <c>amber schema --type</c>
        /// adds them; docs/schema.md).
        /// </summary>
        public static IEnumerable<Type> SchemaTypes()
        {
            AmberKnownTypes.EnsureRegistered(typeof(Item));
            return RootTypes().Concat(typeof(Item).Assembly.GetTypes().Where(AmberKnownTypes.IsKnown)).Distinct();
        }

        private static List<InteropCase> Build()
        {
            var cases = new List<InteropCase>
            {
                // Scalars.
                new InteropCase("scalars-typical", typeof(Scalars), TypicalScalars),
                new InteropCase("scalars-min", typeof(Scalars), MinScalars),
                new InteropCase("scalars-max", typeof(Scalars), MaxScalars),
                new InteropCase("scalars-default", typeof(Scalars), () => new Scalars()),
                new InteropCase("floats-special", typeof(Floats), () => new Floats
                {
                    SingleA = float.NaN, SingleB = float.PositiveInfinity, SingleC = float.NegativeInfinity, SingleD = -0.0f, SingleE = float.Epsilon,
                    DoubleA = double.NaN, DoubleB = double.PositiveInfinity, DoubleC = double.NegativeInfinity, DoubleD = -0.0, DoubleE = double.Epsilon,
                    HalfA = Half.NaN, HalfB = Half.PositiveInfinity, HalfC = Half.NegativeInfinity, HalfD = Half.NegativeZero, HalfE = Half.Epsilon,
                }),
                new InteropCase("floats-typical", typeof(Floats), () => new Floats
                {
                    SingleA = 0.1f, SingleB = float.MaxValue, SingleC = float.MinValue, SingleD = 1.17549435e-38f, SingleE = -3.5f,
                    DoubleA = 0.1, DoubleB = double.MaxValue, DoubleC = double.MinValue, DoubleD = 2.2250738585072014e-308, DoubleE = 1.0 / 3.0,
                    HalfA = (Half)0.1f, HalfB = Half.MaxValue, HalfC = Half.MinValue, HalfD = (Half)1.5f, HalfE = (Half)(-2.0f),
                }),
                new InteropCase("times-kinds", typeof(Times), () => new Times
                {
                    Utc = new DateTime(2026, 11, 26, 15, 30, 45, DateTimeKind.Utc).AddTicks(1_234_567),
                    Local = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Local).AddTicks(9_999_999),
                    Unspecified = new DateTime(1999, 12, 31, 0, 0, 0, DateTimeKind.Unspecified).AddTicks(1),
                    East = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(345)).AddTicks(4_321),
                    West = new DateTimeOffset(2026, 7, 4, 12, 0, 0, TimeSpan.FromHours(-8)).AddTicks(7),
                    Span = new TimeSpan(1, 2, 3, 4, 500).Add(TimeSpan.FromTicks(67)),
                    NegativeSpan = TimeSpan.FromTicks(-123_456_789_012),
                    Date = new DateOnly(2024, 2, 29),
                    TimeOfDay = new TimeOnly(23, 1, 2).Add(TimeSpan.FromTicks(3)),
                }),
                new InteropCase("times-extremes", typeof(Times), () => new Times
                {
                    Utc = DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc),
                    Local = DateTime.SpecifyKind(DateTime.MinValue.AddTicks(1), DateTimeKind.Local),
                    Unspecified = DateTime.MaxValue,
                    East = new DateTimeOffset(DateTime.MaxValue.AddHours(-14), TimeSpan.FromHours(14)),
                    West = new DateTimeOffset(DateTime.MinValue.AddHours(14), TimeSpan.FromHours(-14)),
                    Span = TimeSpan.MaxValue,
                    NegativeSpan = TimeSpan.MinValue,
                    Date = DateOnly.MaxValue,
                    TimeOfDay = TimeOnly.MaxValue,
                }),
                new InteropCase("decimals", typeof(Decimals), () => new Decimals
                {
                    A = 1.50m, B = 1.5m, C = 0.000m, D = -0.0000001m, E = decimal.MaxValue, F = decimal.MinValue, G = 0.0000000000000000000000000001m,
                }),
                new InteropCase("big-numbers", typeof(BigNumbers), () => new BigNumbers
                {
                    AboveSafe = AboveSafe, BelowSafe = -AboveSafe, LongMax = long.MaxValue, LongMin = long.MinValue,
                    ULongMax = ulong.MaxValue, ULongTop = 1UL << 63,
                    Int128Min = Int128.MinValue, Int128Max = Int128.MaxValue, UInt128Max = UInt128.MaxValue,
                    Huge = BigInteger.Pow(2, 200) + 12345, NegativeHuge = -BigInteger.Pow(3, 150), MinusOne = BigInteger.MinusOne,
                    Longs = new[] { AboveSafe, -AboveSafe, long.MaxValue, long.MinValue, 0, 1L << 62 },
                }),

                // Text and bytes.
                new InteropCase("strings", typeof(Texts), () => new Texts
                {
                    Empty = "",
                    Missing = null,
                    NonAscii = "héllo wörld — ελληνικά, 日本語, العربية",
                    Astral = "𝄞 music, 😀 face, 𐐷 deseret",
                    Long = LongText(),
                    Controls = "tab\there, newline\n, nul\0, quote\" and backslash\\, del\u007f, bell\a",
                    Größe = "groß",
                    Letter = 'A', Accent = 'é', MaxChar = '\uffff', Surrogate = '\ud83d',
                }),
                new InteropCase("bytes", typeof(Blobs), () => new Blobs
                {
                    Empty = Array.Empty<byte>(),
                    All = Enumerable.Range(0, 256).Select(i => (byte)i).ToArray(),
                    Large = Enumerable.Range(0, 5000).Select(i => (byte)(i * 31 + 7)).ToArray(),
                    Missing = null,
                }),

                // Enums and nullables.
                new InteropCase("enums", typeof(Enums), () => new Enums
                {
                    Temperature = Temperature.Freezing, Level = Level.Top, Distance = Distance.Minimum,
                    Permissions = Permissions.Read | Permissions.Write, Undefined = (Temperature)42, Maybe = Temperature.Scorching,
                    List = new List<Temperature> { Temperature.Freezing, Temperature.Mild, (Temperature)(-100), Temperature.Scorching },
                    Levels = new[] { Level.Low, Level.None, (Level)7, Level.Top },
                }),
                new InteropCase("enums-far", typeof(Enums), () => new Enums
                {
                    Temperature = Temperature.Warm, Level = Level.Low, Distance = Distance.Far,
                    Permissions = Permissions.Read | Permissions.Write | Permissions.Execute, Undefined = (Temperature)int.MinValue, Maybe = Temperature.Mild,
                }),
                new InteropCase("enums-beyond", typeof(Enums), () => new Enums { Distance = Distance.Beyond }),
                new InteropCase("nullables-null", typeof(Nullables), () => new Nullables()),
                new InteropCase("nullables-set", typeof(Nullables), () => new Nullables
                {
                    Bool = false, Int = 0, Long = -AboveSafe, Double = -0.0, Decimal = 0.00m, Guid = Guid.Empty,
                    DateTime = new DateTime(2020, 5, 6, 7, 8, 9, DateTimeKind.Utc).AddTicks(5), Level = Level.None,
                    Point = new Point { X = -1, Y = 2 }, Tagged = new Tagged { Name = "t", Value = 3 },
                    Ints = new List<int?> { 1, null, 0, int.MinValue },
                }),

                // Collections.
                new InteropCase("primitives", typeof(Primitives), () => new Primitives
                {
                    Ints = new[] { 0, 1, -1, int.MaxValue, int.MinValue },
                    IntList = new List<int> { 5, 4, 3 },
                    IntSet = new HashSet<int> { 10, -20, 30 },
                    Doubles = new[] { double.NaN, -0.0, 0.0, double.PositiveInfinity, 1.5, double.Epsilon },
                    Floats = new List<float> { -0.0f, float.NaN, 3.25f },
                    Bools = new[] { true, false, true },
                    ByteList = new List<byte> { 0, 127, 255 },
                    Chars = new[] { 'a', 'é', '\0', '\uffff' },
                    Strings = new[] { "a", "", "日本", "😀" },
                    StringList = new List<string?> { "x", null, "" },
                    StringSet = new HashSet<string> { "red", "green", "blue" },
                    Guids = new List<Guid> { G1, Guid.Empty, G3 },
                    Decimals = new[] { 1.0m, 1.00m, -7.125m },
                }),
                new InteropCase("primitives-empty", typeof(Primitives), () => new Primitives
                {
                    Ints = Array.Empty<int>(), IntList = new List<int>(), IntSet = new HashSet<int>(), Doubles = Array.Empty<double>(),
                    Floats = new List<float>(), Bools = Array.Empty<bool>(), ByteList = new List<byte>(), Chars = Array.Empty<char>(),
                    Strings = Array.Empty<string>(), StringList = new List<string?>(), StringSet = new HashSet<string>(),
                    Guids = new List<Guid>(), Decimals = Array.Empty<decimal>(),
                }),
                new InteropCase("primitives-large", typeof(Primitives), () => new Primitives
                {
                    Ints = Enumerable.Range(-500, 1000).Select(i => i * 1001).ToArray(),
                    Doubles = Enumerable.Range(0, 300).Select(i => i / 7.0).ToArray(),
                    Strings = Enumerable.Range(0, 200).Select(i => "s" + i).ToArray(),
                }),
                new InteropCase("sequences", typeof(Sequences), () => new Sequences
                {
                    Items = new List<Item?> { new Item { Name = "a", Count = 1 }, null, new Item { Name = "c", Count = -3 } },
                    ItemArray = new[] { new Item { Name = "only", Count = 9 } },
                    Points = new[] { new Point { X = 1, Y = 2 }, new Point { X = -3, Y = int.MaxValue }, default },
                    Vectors = new List<Vector3> { new Vector3 { X = 1.5f, Y = -0.0f, Z = float.NaN } },
                    Colors = new List<Color> { new Color { R = 255, G = 128, B = 0, A = 1 }, default },
                    Tags = new List<Tagged> { new Tagged { Name = "one", Value = 1 }, new Tagged { Name = null, Value = -1 }, default },
                    Nested = new List<List<int>> { new List<int> { 1, 2 }, new List<int>(), new List<int> { 3 } },
                }),
                new InteropCase("sequences-empty", typeof(Sequences), () => new Sequences
                {
                    Items = new List<Item?>(), ItemArray = Array.Empty<Item>(), Points = Array.Empty<Point>(), Vectors = new List<Vector3>(),
                    Colors = new List<Color>(), Tags = new List<Tagged>(), Nested = new List<List<int>>(),
                }),
                new InteropCase("grids", typeof(Grids), () => new Grids
                {
                    Jagged = new[] { new[] { 1, 2, 3 }, null!, Array.Empty<int>(), new[] { -4 } },
                    Matrix = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
                    Words = new[,] { { "a", null }, { "", "日本" } },
                    Cube = Cube(),
                }),
                new InteropCase("dictionaries", typeof(Dictionaries), () => new Dictionaries
                {
                    Counts = new Dictionary<string, int> { ["walls"] = 4, [""] = 0, ["日本"] = -1, ["max"] = int.MaxValue },
                    Names = new Dictionary<int, string?> { [1] = "one", [-2] = "minus two", [0] = null, [int.MinValue] = "" },
                    Things = new Dictionary<Guid, object?>
                    {
                        [G1] = 42, [G2] = "text", [G3] = new Item { Name = "in a map", Count = 2 }, [Guid.Empty] = null,
                        [new Guid("00000000-0000-0000-0000-000000000001")] = new List<object> { 1, "two", 3.0 },
                    },
                    Items = new Dictionary<string, Item> { ["first"] = new Item { Name = "f", Count = 1 }, ["second"] = new Item { Name = "s" } },
                    ByTemperature = new Dictionary<Temperature, double> { [Temperature.Freezing] = -5.5, [Temperature.Scorching] = double.PositiveInfinity },
                    ByLong = new Dictionary<long, bool> { [AboveSafe] = true, [long.MinValue] = false },
                }),
                new InteropCase("dictionaries-empty", typeof(Dictionaries), () => new Dictionaries
                {
                    Counts = new Dictionary<string, int>(), Names = new Dictionary<int, string?>(), Things = new Dictionary<Guid, object?>(),
                    Items = new Dictionary<string, Item>(), ByTemperature = new Dictionary<Temperature, double>(), ByLong = new Dictionary<long, bool>(),
                }),
                new InteropCase("dictionary-large", typeof(Dictionaries), () => new Dictionaries
                {
                    Counts = Enumerable.Range(0, 300).ToDictionary(i => "key" + i, i => i * i),
                }),

                // Objects, structs, records.
                new InteropCase("nested-order", typeof(Order), OrderValue),
                new InteropCase("structs-inline", typeof(Placement), () => new Placement
                {
                    At = new Point { X = 10, Y = -20 },
                    Position = new Vector3 { X = 0.5f, Y = -0.0f, Z = float.PositiveInfinity },
                    Tint = new Color { R = 1, G = 2, B = 3, A = 255 },
                    Tag = new Tagged { Name = "tag", Value = int.MinValue },
                }),
                new InteropCase("root-inline-struct", typeof(Point), () => new Point { X = 7, Y = -7 }),
                new InteropCase("record", typeof(Person), () => new Person("Ada", 36, "ada@example.org") { Tags = { "math", "engines" } }),
                new InteropCase("record-defaults", typeof(Person), () => new Person("", 0)),
                new InteropCase("record-structs", typeof(Ledger), () => new Ledger
                {
                    Owner = new Person("Grace", 85),
                    Total = new Money(1234.50m, "EUR"),
                    Period = new Span(-1, 31),
                    Entries = { new Money(0.01m, "EUR"), new Money(-99.999m, "USD") },
                    People = { new Person("Alan", 41, null), new Person("Edsger", 72, "ew@example.org") },
                }),
                new InteropCase("empty-object", typeof(Empty), () => new Empty()),
                new InteropCase("empty-holder", typeof(EmptyHolder), () => new EmptyHolder { One = new Empty(), Many = { new Empty(), new Empty() } }),
                new InteropCase("deep-nesting", typeof(Chain), () => ChainOf(50)),
                new InteropCase("key-collision", typeof(Collide), () => new Collide { M092 = 92, M148 = "148" }),
                new InteropCase("wide", typeof(Wide), WideValue),
                new InteropCase("root-list", typeof(List<Item>), () => new List<Item> { new Item { Name = "x", Count = 1 }, new Item { Name = "y" } }),

                // Polymorphism and object members.
                new InteropCase("polymorphic", typeof(Drawing), () => new Drawing
                {
                    Main = new Circle { Name = "sun", Radius = 6.96e8 },
                    Shapes = { new Rectangle { Name = "door", Width = 0.9, Height = 2.1 }, new Circle { Name = "dot", Radius = 0.5 }, new Rectangle { Name = "wall" } },
                    Pet = new Dog { Name = "Rex", Good = true },
                    Animals = new List<IAnimal> { new Fish { Name = "Nemo", Depth = -12.5 }, new Dog { Name = "Laika" } },
                }),
                new InteropCase("polymorphic-root", typeof(Shape), () => new Rectangle { Name = "root", Width = 3, Height = 4 }),
                new InteropCase("object-members", typeof(Dynamic), () => new Dynamic
                {
                    Int = 5,
                    Text = "five",
                    List = new List<object> { 1, "two", 3.5, true },
                    Model = new Item { Name = "boxed", Count = 7 },
                    Long = AboveSafe,
                    Double = -0.0,
                    Bool = true,
                    Guid = G2,
                    When = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Utc).AddTicks(7),
                    Array = new[] { 3, 1, 4, 1, 5 },
                    Map = new Dictionary<string, object> { ["gold"] = 120, ["name"] = "Ada", ["pos"] = new Item { Name = "p" } },
                    Enum = Temperature.Freezing,
                    Decimal = 2.50m,
                    Shape = new Circle { Name = "in object", Radius = 1 },
                    Null = null,
                    Mixed = new List<object?> { 1, null, "s", new Item { Name = "m" }, new List<object> { 2 }, 7L, (byte)8 },
                    Values = new object?[] { 'c', (short)-3, 1.5f, Level.Top, new object?[] { 1, "nested" } },
                }),

                // Reference mode.
                new InteropCase("graph-shared", typeof(Graph), SharedGraph, referenceMode: true),
                new InteropCase("graph-cycle", typeof(Graph), CyclicGraph, referenceMode: true),
                new InteropCase("graph-tree-root", typeof(Node), () => CyclicGraph().Root, referenceMode: true),
                new InteropCase("graph-unshared", typeof(Graph), () => new Graph
                {
                    First = new Item { Name = "a" }, Second = new Item { Name = "a" }, Items = { new Item { Name = "a" } },
                    NumbersA = new List<int> { 1 }, NumbersB = new List<int> { 1 }, TextA = "t", TextB = "t",
                }, referenceMode: true),

                // Versions: a payload of one version read as the other.
                new InteropCase("profile-v1", typeof(V1.Profile), () => new V1.Profile { Name = "Ada", Age = 36, Email = "ada@example.org", Fax = "none" }),
                new InteropCase("profile-v2", typeof(V2.Profile), () => new V2.Profile { Name = "Ada", Age = AboveSafe, Mail = "ada@example.org", Nickname = "A" }),
                new InteropCase("profile-v2-read-as-v1", typeof(V1.Profile),
                    () => new V1.Profile { Name = "Ada", Age = 36, Email = "ada@example.org" },
                    writtenAs: typeof(V2.Profile), written: () => new V2.Profile { Name = "Ada", Age = 36, Mail = "ada@example.org", Nickname = "A" }),
                new InteropCase("profile-v1-read-as-v2", typeof(V2.Profile),
                    () => new V2.Profile { Name = "Ada", Age = 36, Mail = "ada@example.org" },
                    writtenAs: typeof(V1.Profile), written: () => new V1.Profile { Name = "Ada", Age = 36, Email = "ada@example.org", Fax = "0123" }),
            };
            var seen = new HashSet<string>();
            foreach (InteropCase c in cases)
            {
                if (!seen.Add(c.Name)) throw new InvalidOperationException($"Two interop cases are named '{c.Name}'.");
            }
            return cases;
        }

        private static Scalars TypicalScalars() => new Scalars
        {
            Boolean = true, Byte = 200, SByte = -100, Int16 = -30000, UInt16 = 60000, Int32 = -123456789, UInt32 = 3_000_000_000,
            Int64 = -AboveSafe, UInt64 = 18_000_000_000_000_000_000, Char = '日', Single = 3.14159f, Half = (Half)0.333f, Double = Math.PI,
            Decimal = 12345.6789m, String = "Amber", DateTime = new DateTime(2026, 11, 26, 12, 0, 0, DateTimeKind.Utc).AddTicks(1234),
            DateTimeOffset = new DateTimeOffset(2026, 11, 26, 12, 0, 0, TimeSpan.FromMinutes(-150)).AddTicks(99),
            TimeSpan = TimeSpan.FromTicks(36_000_000_123), DateOnly = new DateOnly(1970, 1, 1), TimeOnly = new TimeOnly(12, 34, 56, 789),
            Guid = G1, Int128 = Int128.Parse("-170141183460469231731687303715884105000"), UInt128 = UInt128.Parse("340282366920938463463374607431768211000"),
            BigInteger = BigInteger.Parse("-123456789012345678901234567890"),
            Uri = new Uri("https://example.org/päth?q=1&r=ü#frag"), Version = new Version(1, 2, 3, 4),
        };

        private static Scalars MinScalars() => new Scalars
        {
            Boolean = false, Byte = byte.MinValue, SByte = sbyte.MinValue, Int16 = short.MinValue, UInt16 = ushort.MinValue, Int32 = int.MinValue,
            UInt32 = uint.MinValue, Int64 = long.MinValue, UInt64 = ulong.MinValue, Char = char.MinValue, Single = float.MinValue,
            Half = Half.MinValue, Double = double.MinValue, Decimal = decimal.MinValue, String = "",
            DateTime = DateTime.MinValue, DateTimeOffset = DateTimeOffset.MinValue, TimeSpan = TimeSpan.MinValue, DateOnly = DateOnly.MinValue,
            TimeOnly = TimeOnly.MinValue, Guid = Guid.Empty, Int128 = Int128.MinValue, UInt128 = UInt128.MinValue,
            BigInteger = -BigInteger.Pow(2, 1000), Uri = new Uri("relative/path?x", UriKind.Relative), Version = new Version(0, 0),
        };

        private static Scalars MaxScalars() => new Scalars
        {
            Boolean = true, Byte = byte.MaxValue, SByte = sbyte.MaxValue, Int16 = short.MaxValue, UInt16 = ushort.MaxValue, Int32 = int.MaxValue,
            UInt32 = uint.MaxValue, Int64 = long.MaxValue, UInt64 = ulong.MaxValue, Char = char.MaxValue, Single = float.MaxValue,
            Half = Half.MaxValue, Double = double.MaxValue, Decimal = decimal.MaxValue, String = new string('z', 3000),
            DateTime = DateTime.MaxValue, DateTimeOffset = DateTimeOffset.MaxValue, TimeSpan = TimeSpan.MaxValue, DateOnly = DateOnly.MaxValue,
            TimeOnly = TimeOnly.MaxValue, Guid = G3, Int128 = Int128.MaxValue, UInt128 = UInt128.MaxValue,
            BigInteger = BigInteger.Pow(2, 1000), Uri = new Uri("urn:isbn:0451450523"), Version = new Version(int.MaxValue, int.MaxValue, int.MaxValue, int.MaxValue),
        };

        private static string LongText() => string.Concat(Enumerable.Range(0, 300).Select(i => $"{i}:é𝄞;"));

        private static double[,,] Cube()
        {
            var cube = new double[2, 3, 4];
            for (int i = 0; i < 2; i++)
            {
                for (int j = 0; j < 3; j++)
                {
                    for (int k = 0; k < 4; k++) cube[i, j, k] = i * 100 + j * 10 + k + 0.5;
                }
            }
            cube[1, 2, 3] = -0.0;
            return cube;
        }

        private static Order OrderValue() => new Order
        {
            Id = AboveSafe,
            Customer = new Customer { Name = "Ada", Address = new Address { Street = "1 Analytical Way", City = "London", Zip = null } },
            Lines =
            {
                new OrderLine { Product = "gear", Quantity = 3, Price = 1.5, Discount = 0.10m },
                new OrderLine { Product = "lever", Quantity = 1, Price = 20, Discount = 0m },
                new OrderLine { Product = "card", Quantity = 1000, Price = 0.01, Discount = 0.05m },
                new OrderLine { Product = "column", Quantity = 7, Price = 1.5, Discount = 1.000m },
                new OrderLine { Product = "mill", Quantity = -1, Price = -2.25, Discount = -0.5m },
            },
            Note = "deliver by steam",
        };

        private static Chain ChainOf(int depth)
        {
            var head = new Chain { Depth = depth };
            for (int d = depth - 1; d >= 1; d--) head = new Chain { Depth = d, Next = head };
            return head;
        }

        private static Wide WideValue()
        {
            var w = new Wide();
            // Every third member set, the last two words' edges too: presence bits across both words.
            w.F00 = 1; w.F03 = -3; w.F06 = 6; w.F09 = 9; w.F12 = 12; w.F30 = 30; w.F62 = 62; w.F63 = 63; w.F64 = 64; w.F65 = -65; w.F69 = int.MaxValue;
            return w;
        }

        private static Graph SharedGraph()
        {
            var shared = new Item { Name = "shared", Count = 2 };
            var numbers = new List<int> { 1, 2, 3 };
            var text = "the same text";
            return new Graph
            {
                First = shared,
                Second = shared,
                Items = { shared, new Item { Name = "other" }, shared, null },
                NumbersA = numbers,
                NumbersB = numbers,
                TextA = text,
                TextB = text,
            };
        }

        private static Graph CyclicGraph()
        {
            var root = new Node { Name = "root" };
            var left = new Node { Name = "left", Parent = root };
            var right = new Node { Name = "right", Parent = root, Link = left };
            var leaf = new Node { Name = "leaf", Parent = left };
            root.Children.Add(left);
            root.Children.Add(right);
            left.Children.Add(leaf);
            root.Link = root;
            left.Tag = right;
            leaf.Tag = root;
            return new Graph { Root = root };
        }
    }
}
