using System;
using System.Collections.Generic;
using System.Numerics;

namespace Amber.Tests.Compat
{
    internal static partial class CompatFactory
    {
        public static CompatScalars Scalars() => new CompatScalars
        {
            Bool = true,
            Byte = 200,
            SByte = -100,
            Short = -30000,
            UShort = 60000,
            Int = -123456789,
            UInt = 4000000000,
            Long = -1234567890123456789,
            ULong = 18000000000000000000,
            Char = 'é',
            Float = 3.14159f,
            Double = -2.718281828459045,
            Half = (Half)1.5,
            Decimal = 1234.5600m,
            DateTimeUtc = new DateTime(2026, 11, 23, 7, 45, 12, 345, DateTimeKind.Utc).AddTicks(6789),
            DateTimeLocal = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Local),
            DateTimeUnspecified = new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Unspecified),
            TimeSpan = TimeSpan.FromTicks(-987654321012),
            DateOnly = new DateOnly(2024, 2, 29),
            TimeOnly = new TimeOnly(13, 37, 42, 123),
            Guid = G(42),
            Int128 = Int128.MinValue + 12345,
            UInt128 = UInt128.MaxValue - 9,
            String = "Amber",
            EmptyString = "",
            Unicode = "Grüße, 世界 🎉",
            Bytes = new byte[] { 0, 1, 2, 253, 254, 255 },
            Memory = new byte[] { 9, 8, 7 },
            BigInteger = BigInteger.Parse("-123456789012345678901234567890"),
            DateTimeOffset = new DateTimeOffset(2026, 11, 23, 8, 50, 0, TimeSpan.FromMinutes(-330)),
            Uri = new Uri("https://example.com/a/b?c=d#e"),
            Version = new Version(1, 2, 3, 4),
        };

        public static CompatExtremes Extremes() => new CompatExtremes
        {
            SByteMin = sbyte.MinValue,
            ShortMin = short.MinValue,
            IntMin = int.MinValue,
            LongMin = long.MinValue,
            ULongMax = ulong.MaxValue,
            FloatNaN = float.NaN,
            DoubleNegInfinity = double.NegativeInfinity,
            DoubleEpsilon = double.Epsilon,
            DecimalMax = decimal.MaxValue,
            DecimalNegSmall = -0.0000000000000000000000000001m,
            CharHigh = '\uFFFD',
        };

        public static CompatEnums Enums() => new CompatEnums
        {
            Byte = CompatByteEnum.Max,
            Int = CompatIntEnum.Negative,
            Undefined = (CompatIntEnum)77,
            Long = CompatLongEnum.Min,
            ULong = CompatULongEnum.Top,
            Flags = CompatFlags.A | CompatFlags.C,
            List = new List<CompatIntEnum> { CompatIntEnum.Big, CompatIntEnum.Zero, CompatIntEnum.Negative },
            Nullable = CompatIntEnum.Zero,
            Map = new Dictionary<CompatByteEnum, CompatFlags> { [CompatByteEnum.One] = CompatFlags.B, [CompatByteEnum.None] = CompatFlags.None },
        };

        public static CompatCollections Collections()
        {
            var c = new CompatCollections
            {
                IntArray = new[] { 1, -2, 300000, int.MaxValue },
                EmptyArray = Array.Empty<int>(),
                LongArray = new[] { long.MinValue, 0L, 42L },
                DoubleArray = new[] { 0.5, -1e300, double.NaN },
                BoolArray = new[] { true, false, true },
                CharArray = "abcé".ToCharArray(),
                IntList = new List<int> { 5, 4, 3 },
                FloatList = new List<float> { 1.5f, -0.25f },
                StringList = new List<string> { "a", "", "ccc" },
                StringsWithNull = new[] { "x", null, "z" },
                Objects = new List<CompatNested> { new CompatNested { Id = 1, Label = "one" }, new CompatNested { Id = 2 } },
                Jagged = new[] { new[] { 1, 2 }, Array.Empty<int>(), new[] { 3 } },
                NestedLists = new List<List<int>> { new List<int> { 1 }, new List<int>(), new List<int> { 2, 3 } },
                HashSet = new HashSet<string> { "red", "green", "blue" },
                SortedSet = new SortedSet<int> { 9, 1, 5 },
                Queue = new Queue<string>(new[] { "first", "second", "third" }),
                Stack = new Stack<int>(new[] { 1, 2, 3 }),
                LinkedList = new LinkedList<string>(new[] { "l1", "l2" }),
                IList = new List<string> { "i1", "i2" },
                IReadOnlyList = new List<int> { 7, 8 },
                ISet = new HashSet<string> { "s1" },
                Enumerable = new List<int> { 11, 12, 13 },
                Dictionary = new Dictionary<string, int> { ["one"] = 1, ["two"] = 2, [""] = 0 },
                ObjectValues = new Dictionary<int, CompatNested> { [10] = new CompatNested { Id = 10, Label = "ten" }, [-1] = new CompatNested() },
                ListValues = new Dictionary<Guid, List<string>> { [G(5)] = new List<string> { "g5" }, [G(6)] = new List<string>() },
                SortedDictionary = new SortedDictionary<string, double> { ["b"] = 2.5, ["a"] = -1 },
                SortedList = new SortedList<int, string> { [3] = "three", [1] = "one" },
                IDictionary = new Dictionary<string, string> { ["k"] = "v" },
                IReadOnlyDictionary = new Dictionary<int, int> { [1] = 100, [2] = 200 },
                Pair = new KeyValuePair<string, int>("pair", 99),
                ValueTuple = (7, "seven"),
                Tuple = Tuple.Create(8, "eight"),
            };
            c.GetOnly.AddRange(new[] { 4, 5, 6 });
            return c;
        }

        public static CompatNullables Nullables() => new CompatNullables
        {
            IntSet = -7,
            IntNull = null,
            GuidSet = G(8),
            DateNull = null,
            PointSet = new CompatPoint { X = 1, Y = -1 },
            PointNull = null,
            WithDefault = null,
            NullableElements = new List<int?> { 1, null, 3 },
            NullableArray = new int?[] { null, 0, null },
            NullableValues = new Dictionary<string, int?> { ["set"] = 5, ["unset"] = null },
            ObjectNull = null,
            StringNull = null,
        };

        public static CompatConstruction Construction()
        {
            var init = new CompatInitOnly { Region = "eu-north", Port = 8443 };
            init.Flags.Add("tls");
            init.Flags.Add("h2");
            return new CompatConstruction
            {
                Positional = new CompatPositional("Ada", 36, "Engines"),
                PositionalDefaults = new CompatPositional("Bob"),
                RecordStruct = new CompatRecordStruct(3, 4.5),
                Immutable = new CompatImmutable("imm", new List<int> { 1, 1, 2, 3, 5 }),
                InitOnly = init,
                Many = new List<CompatPositional> { new CompatPositional("x", 2), new CompatPositional("y", 0, null) },
            };
        }

        public static CompatPolymorphism Polymorphism() => new CompatPolymorphism
        {
            Single = new CompatCircle { Name = "c", Radius = 2 },
            Shapes = new List<CompatShape>
            {
                new CompatCircle { Name = "c1", Radius = 1 },
                new CompatRect { Name = "r", Width = 2, Height = 3 },
                new CompatSquare { Name = "s", Width = 4, Height = 4, Rounded = true },
                new CompatColoredSquare { Name = "cs", Width = 5, Height = 5, Color = new EngineColor { R = 1, G = 2, B = 3, A = 4 } },
                new CompatBlade { Name = "blade", Sharpness = 9 },
                new CompatCircle { Name = "c2", Radius = 0.5 },
            },
            RectOrSubclass = new CompatSquare { Name = "sq", Width = 1, Height = 1 },
            SquareOrSubclass = new CompatSquare { Name = "plain", Width = 6, Height = 6 },
            Pet = new CompatDog { Name = "Rex", GoodBoy = true },
            Animals = new List<ICompatAnimal> { new CompatCat("Tom", 9), new CompatFish { Name = "Nemo", Fins = 3 }, new CompatDog { Name = "Fido" } },
            ByName = new Dictionary<string, CompatShape> { ["blade"] = new CompatBlade { Sharpness = 1 }, ["rect"] = new CompatRect { Width = 1 } },
        };

        /// <summary>A tree whose nodes point to their parents, a ring through Next, and shared strings and arrays.</summary>
        public static CompatReferences References()
        {
            var root = new CompatNode { Id = 1, Label = "root" };
            var a = new CompatNode { Id = 2, Label = "shared-label", Parent = root };
            var b = new CompatNode { Id = 3, Label = a.Label, Parent = root };
            root.Children.Add(a);
            root.Children.Add(b);
            root.Next = a;
            a.Next = b;
            b.Next = root;
            b.Children.Add(b);
            string text = "the same string twice";
            byte[] bytes = { 1, 2, 3 };
            var circle = new CompatCircle { Name = "shared circle", Radius = 3 };
            return new CompatReferences
            {
                Root = root,
                SameAsRoot = root,
                All = new List<CompatNode> { root, a, b, a },
                SharedText = text,
                SharedTextAgain = text,
                SharedBytes = bytes,
                SharedBytesAgain = bytes,
                Shape = circle,
                ShapesWithRepeat = new List<CompatShape> { circle, new CompatRect { Width = 1 }, circle },
            };
        }

        public static CompatGraph Graph()
        {
            var graph = new CompatGraph();
            for (int i = 0; i < 6; i++) graph.Vertices.Add(new CompatVertex { Id = i });
            for (int i = 0; i < 6; i++)
            {
                graph.Vertices[i].Edges.Add(graph.Vertices[(i + 1) % 6]);
                graph.Vertices[i].Edges.Add(graph.Vertices[(i * 5) % 6]);
            }

            return graph;
        }

        public static CompatReplacements Replacements() => new CompatReplacements
        {
            Position = new EngineVector2 { X = 1.5f, Y = -2 },
            Color = new EngineColor { R = 10, G = 20, B = 30, A = 40 },
            MaybeColor = new EngineColor { R = 255, A = 128 },
            NoColor = null,
            Path = new List<EngineVector2> { new EngineVector2 { X = 0, Y = 1 }, new EngineVector2 { X = 2, Y = 3 } },
            Palette = new[] { new EngineColor { R = 1 }, new EngineColor { G = 2 } },
            Anchors = new Dictionary<string, EngineVector2> { ["top"] = new EngineVector2 { Y = 10 } },
            Price = new CompatMoney(12.50m, "EUR"),
            NoPrice = null,
            Prices = new List<CompatMoney> { new CompatMoney(0.99m, "USD"), new CompatMoney(1000m, "SEK") },
        };

        public static CompatObjects Objects() => new CompatObjects
        {
            Int = 5,
            String = "boxed string",
            Model = new CompatNested { Id = 3, Label = "model" },
            Polymorphic = new CompatSquare { Name = "sq", Width = 2, Height = 2 },
            Enum = CompatIntEnum.Big,
            Surrogated = new EngineVector2 { X = 7, Y = 8 },
            Formatted = new CompatMoney(3.25m, "GBP"),
            ModelList = new List<CompatNested> { new CompatNested { Id = 1 } },
            Null = null,
            Items = new List<object>
            {
                1L, "s", 2.5, 1.5f, true, 'c', (byte)7, (short)-7, 12345678901234m, G(11), new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc),
                TimeSpan.FromSeconds(90), new byte[] { 4, 5 }, new CompatDog { Name = "boxed dog" }, new List<object> { 1, "nested" },
                new int[] { 1, 2 }, new Uri("https://amber.example/"), new Version(2, 0),
            },
            Array = new object[] { 1, "two", new CompatNested { Id = 3 } },
            Map = new Dictionary<string, object> { ["int"] = 1, ["text"] = "x", ["model"] = new CompatCircle { Radius = 1 }, ["list"] = new List<string> { "a" } },
        };

        public static CompatCollisions Collisions() => new CompatCollisions { M092 = 92, M148 = "one-forty-eight", M3892 = 3892, M502 = 502, M607 = "six-o-seven", M997 = 997 };

        public static CompatCollisionV1 CollisionV1() => new CompatCollisionV1 { M092 = 92, Tail = "tail" };

        public static CompatCollisionV2 CollisionV2() => new CompatCollisionV2 { M092 = 92, Tail = "tail", M148 = 148 };

        public static CompatRows Rows() => new CompatRows
        {
            Points = Vectors()[..20],
            MorePoints = new List<CompatVector3>(Vectors()[20..25]),
            Units = new[] { new CompatUnit { Id = 1, Team = CompatTeam.Red, Alive = true, Hp = 100 }, new CompatUnit { Id = 2, Team = CompatTeam.Blue, Alive = false, Hp = -5 } },
            Padded = new[] { new CompatPadded { Tag = 1, Value = long.MaxValue }, new CompatPadded { Tag = 255, Value = -1 } },
            Pixels = new List<CompatPixel> { new CompatPixel { R = 1, G = 2, B = 3 }, new CompatPixel { R = 250 } },
            Single = new CompatVector3 { X = 1, Y = 2, Z = 3 },
        };

        public static CompatMultiDim MultiDim()
        {
            var grid = new int[3, 4];
            for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) grid[i, j] = i * 10 + j;
            var cube = new double[2, 3, 2];
            for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) for (int k = 0; k < 2; k++) cube[i, j, k] = i + j * 0.5 + k * 0.25;
            return new CompatMultiDim
            {
                Grid = grid,
                Cube = cube,
                Names = new[,] { { "a", null }, { "c", "d" } },
                Objects = new[,] { { new CompatNested { Id = 1 }, new CompatNested { Id = 2, Label = "b" } } },
                Empty = new int[0, 0], // all lengths 0: count 0 and no descriptor (format §6.1); multidimensional-empty-lengths has [0, 5]
            };
        }

        /// <summary>
        /// Empty arrays that keep their lengths ([0, 5], [3, 0, 2], [0, 2] of objects) beside an all-zero one and a filled
        /// one; with <paramref name="shared"/> the same empty array in two members (one instance in reference mode).
        /// </summary>
        public static CompatEmptyGrids EmptyGrids(bool shared)
        {
            var wide = new int[0, 5];
            return new CompatEmptyGrids
            {
                Wide = wide,
                Tall = new string?[3, 0, 2],
                NoRows = new CompatNested[0, 2],
                Zero = new int[0, 0],
                Filled = new[,] { { 1, 2 }, { 3, 4 } },
                SameWide = shared ? wide : new int[7, 0],
            };
        }

        public static CompatContactV1 ContactV1() => new CompatContactV1 { Name = "Ada", Age = 36, Rank = -3, Title = "Countess", Obsolete = "gone in v2", Tags = new List<string> { "math", "engines" } };

        /// <summary>What V2 reads from <see cref="ContactV1"/>: the members V1 has, V2's defaults for the others.</summary>
        public static CompatContactV2 ContactV1AsV2() => new CompatContactV2 { Name = "Ada", Age = 36, Rank = -3, Caption = "Countess", Tags = new List<string> { "math", "engines" } };

        public static CompatContactV2 ContactV2() => new CompatContactV2
        {
            Id = 7,
            Name = "Grace",
            Tags = new List<string> { "cobol" },
            Age = null,
            Rank = 30000,
            Caption = "Rear admiral",
            Email = "grace@example.com",
            Score = 0,
            Home = new CompatAddress { Street = "1 Navy Way", City = "Arlington" },
            Scores = new List<int> { 10, 20 },
        };

        /// <summary>What V1 reads from <see cref="ContactV2"/>: unknown members skipped, a null Age absent.</summary>
        public static CompatContactV1 ContactV2AsV1() => new CompatContactV1 { Name = "Grace", Age = 0, Rank = 30000, Title = "Rear admiral", Tags = new List<string> { "cobol" } };

        public static CompatWide Wide(int seed)
        {
            var w = new CompatWide();
            foreach (System.Reflection.PropertyInfo p in typeof(CompatWide).GetProperties())
            {
                int n = int.Parse(p.Name.AsSpan(1)) + seed;
                if (n % 7 == 3) continue; // absent members, in both presence words
                if (p.PropertyType == typeof(int)) p.SetValue(w, n * 11);
                else if (p.PropertyType == typeof(double)) p.SetValue(w, n / 4.0);
                else p.SetValue(w, "w" + n);
            }

            return w;
        }

        public static CompatWideHolder WideHolder() => new CompatWideHolder { First = Wide(0), More = new List<CompatWide> { Wide(1), Wide(2), new CompatWide() } };

        public static List<CompatLogEntry> LogEntries(int count)
        {
            var list = new List<CompatLogEntry>();
            for (int i = 0; i < count; i++)
            {
                list.Add(new CompatLogEntry
                {
                    Sequence = 1000 + i,
                    At = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(i * 17),
                    Level = (i % 3) switch { 0 => "info", 1 => "warn", _ => null },
                    Message = "event " + i + new string('.', i % 11),
                    Shape = (i % 4) switch { 0 => new CompatCircle { Radius = i }, 1 => new CompatSquare { Width = i, Height = i }, 2 => new CompatBlade { Sharpness = i }, _ => null },
                    Fields = i % 5 == 0 ? null : new Dictionary<string, object> { ["i"] = i, ["even"] = i % 2 == 0, ["name"] = "n" + (i % 4) },
                });
            }

            return list;
        }

        /// <summary>Stream items in reference mode: each item a small cycle.</summary>
        public static List<CompatNode> NodeRing(int count)
        {
            var list = new List<CompatNode>();
            for (int i = 0; i < count; i++)
            {
                var head = new CompatNode { Id = i, Label = "ring" };
                var tail = new CompatNode { Id = -i, Label = "ring", Parent = head, Next = head };
                head.Next = tail;
                head.Children.Add(tail);
                list.Add(head);
            }

            return list;
        }

        /// <summary>
        /// Collections shared between members, inside other collections and in <c>object</c> positions, an
        /// <c>object[]</c> that holds itself, and a cycle through a list (a child whose Siblings is its parent's Children).
        /// </summary>
        public static CompatSharedCollections SharedCollections(int seed = 0)
        {
            var a = new CompatNested { Id = 1 + seed, Label = "a" };
            var b = new CompatNested { Id = 2 + seed, Label = "b" };
            var items = new List<CompatNested> { a, b, a };
            var numbers = new[] { 3, 1, 4, seed };
            var index = new Dictionary<string, CompatNested> { ["a"] = a, ["b"] = b };
            var tags = new HashSet<string> { "x", "y" };
            var self = new object[3];
            self[0] = self;
            self[1] = numbers;
            self[2] = "end";
            var root = new CompatSharedCollections
            {
                Items = items,
                SameItems = items,
                Numbers = numbers,
                NumberRows = new List<int[]?> { numbers, null, numbers },
                Index = index,
                SameIndex = index,
                Tags = tags,
                SameTags = tags,
                Boxed = items,
                SelfHolding = self,
                Children = new List<CompatSharedCollections>(),
            };
            root.Children.Add(new CompatSharedCollections { Siblings = root.Children });
            return root;
        }
    }
}
