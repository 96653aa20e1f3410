using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using BigInteger = System.Numerics.BigInteger;
using Amber.Fuzz.Models;

namespace Amber.Fuzz.Seeds
{
    /// <summary>
    /// Builds model instances from a <see cref="Random"/>, so the same seed always gives the same
    /// seed payloads. Sizes stay small (a few elements): mutation, not the seed, makes inputs large.
    /// </summary>
    public sealed class ModelFactory
    {
        private static readonly string[] s_words = { "", "a", "amber", "Zürich", "日本語", "emoji 🎉", "tab\tnew\nline", "x/y?z=1", "0123456789abcdef" };
        private readonly Random _r;

        public ModelFactory(Random random) => _r = random;

        private int Small(int max = 4) => _r.Next(max + 1);

        /// <summary>A number from 0 to <paramref name="n"/> − 1, for seed writers that choose how many values to write.</summary>
        public int Below(int n) => _r.Next(n);

        private bool Coin() => _r.Next(2) == 0;

        public string Text() => s_words[_r.Next(s_words.Length)] + (Coin() ? "" : _r.Next(1000).ToString(System.Globalization.CultureInfo.InvariantCulture));

        private string? MaybeText() => _r.Next(5) == 0 ? null : Text();

        private T Pick<T>(params T[] values) => values[_r.Next(values.Length)];

        private Guid NewGuid()
        {
            var b = new byte[16];
            _r.NextBytes(b);
            return new Guid(b);
        }

        private List<T> ListOf<T>(Func<T> make, int max = 4)
        {
            int n = Small(max);
            var list = new List<T>(n);
            for (int i = 0; i < n; i++) list.Add(make());
            return list;
        }

        private long AnyLong() => Pick(0L, 1L, -1L, 127L, 128L, long.MaxValue, long.MinValue, _r.NextInt64(long.MinValue, long.MaxValue));

        public Scalars Scalars() => new Scalars
        {
            Flag = Coin(),
            U8 = (byte)_r.Next(256),
            I8 = (sbyte)_r.Next(-128, 128),
            I16 = (short)_r.Next(short.MinValue, short.MaxValue),
            U16 = (ushort)_r.Next(ushort.MaxValue),
            I32 = Pick(0, -1, int.MaxValue, int.MinValue, _r.Next()),
            U32 = Pick(0u, uint.MaxValue, (uint)_r.Next()),
            I64 = AnyLong(),
            U64 = Pick(0UL, ulong.MaxValue, (ulong)_r.NextInt64()),
            Letter = Pick('a', 'é', '\uffff', '\0'),
            F32 = Pick(0f, -1.5f, float.NaN, float.PositiveInfinity, (float)_r.NextDouble()),
            F64 = Pick(0d, double.Epsilon, double.NegativeInfinity, _r.NextDouble()),
            F16 = (Half)_r.NextDouble(),
            Money = Pick(0m, 1.85m, -79228162514264337593543950335m, 0.0000000000000000000000000001m, (decimal)_r.NextDouble()),
            Big128 = Pick(Int128.MinValue, Int128.MaxValue, (Int128)_r.NextInt64()),
            UBig128 = Pick(UInt128.MaxValue, (UInt128)(ulong)_r.NextInt64()),
            Huge = Pick(BigInteger.Zero, BigInteger.MinusOne, BigInteger.Pow(3, 100), -BigInteger.Pow(7, 40)),
            Text = MaybeText(),
            Blob = Coin() ? null : Enumerable.Range(0, Small(20)).Select(i => (byte)_r.Next(256)).ToArray(),
            Id = Coin() ? Guid.Empty : NewGuid(),
            When = new DateTime(_r.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), Pick(DateTimeKind.Utc, DateTimeKind.Local, DateTimeKind.Unspecified)),
            WhenOffset = new DateTimeOffset(2024, 2, 29, 12, 30, 0, TimeSpan.FromMinutes(Pick(0, 90, -600, 14 * 60))),
            Duration = TimeSpan.FromTicks(AnyLong()),
            Day = DateOnly.FromDayNumber(_r.Next(DateOnly.MaxValue.DayNumber)),
            Clock = new TimeOnly(_r.NextInt64(TimeOnly.MaxValue.Ticks)),
            Link = Pick<Uri?>(null, new Uri("https://example.org/a?b=c#d"), new Uri("relative/path", UriKind.Relative)),
            Release = Pick<Version?>(null, new Version(1, 2), new Version(10, 0, 3, 4)),
            Mood = Pick(Mood.Calm, Mood.Angry, Mood.Happy, Mood.Sleepy, (Mood)12345),
            Tiny = Pick(Tiny.None, Tiny.Max, (Tiny)17),
            Access = Pick(Access.None, Access.Read | Access.Admin, (Access)0xFFFF),
            MaybeInt = Coin() ? null : _r.Next(),
            MaybeId = Coin() ? null : NewGuid(),
            MaybeWhen = Coin() ? null : DateTime.UnixEpoch,
            MaybeMood = Coin() ? null : Mood.Angry,
            MaybeMoney = Coin() ? null : 12.5m,
            Ratio = Pick(0.5, 0, 3.25),
        };

        public Item Item(int depth = 0) => new Item { Name = Text(), Count = _r.Next(-5, 500), Next = depth < 2 && Coin() ? Item(depth + 1) : null };

        public Collections Collections()
        {
            List<Item> linked = ListOf(() => Item());
            var c = new Collections
            {
                Ints = ListOf(() => _r.Next(int.MinValue, int.MaxValue)).ToArray(),
                Longs = Coin() ? null : ListOf(AnyLong).ToArray(),
                Doubles = ListOf(() => _r.NextDouble()),
                Bools = ListOf(Coin),
                Chars = Text().ToCharArray(),
                Shorts = ListOf(() => (ushort)_r.Next(65536)).ToArray(),
                Floats = Coin() ? null : ListOf(() => (float)_r.NextDouble()),
                Grid = Grid(),
                Cube = Coin() ? null : new string?[,,] { { { "a", null }, { "b", "c" } }, { { "", "d" }, { null, "e" } } },
                Jagged = ListOf(() => ListOf(() => _r.Next(100), 3).ToArray(), 3).ToArray(),
                Nested = ListOf(() => ListOf(Text, 2), 2),
                Strings = ListOf(MaybeText),
                MaybeInts = ListOf(() => Coin() ? (int?)null : _r.Next()),
                IntSet = new HashSet<int>(ListOf(() => _r.Next(50))),
                StringSet = new HashSet<string>(ListOf(Text)),
                Sorted = new SortedSet<long>(ListOf(AnyLong)),
                Queue = new Queue<string>(ListOf(Text)),
                Stack = new Stack<int>(ListOf(() => _r.Next(9))),
                Linked = new LinkedList<Item>(linked),
                ImmutableInts = Coin() ? default : ListOf(() => _r.Next()).ToImmutableArray(),
                ImmutableStrings = ListOf(Text).ToImmutableArray(),
                ImmutableItems = Coin() ? null : ListOf(() => Item()).ToImmutableList(),
                ImmutableMap = ListOf(Text).Distinct().ToImmutableDictionary(s => s, s => s.Length),
                ByName = ListOf(Text).Distinct().ToDictionary(s => s, s => _r.Next()),
                ByNumber = ListOf(() => _r.Next(100)).Distinct().ToDictionary(i => i, i => Text()),
                // Half the time the linked items again (one instance each in reference mode, first met in Linked).
                ById = Coin() ? linked.ToDictionary(_ => NewGuid(), i => i) : ListOf(NewGuid).ToDictionary(g => g, g => Item()),
                ByMood = new Dictionary<Mood, List<int>> { [Mood.Angry] = ListOf(() => _r.Next(10)), [(Mood)77] = new List<int>() },
                MaybeValues = new Dictionary<string, int?> { ["x"] = null, ["y"] = _r.Next() },
                SortedMap = Coin() ? null : new SortedDictionary<string, double> { ["pi"] = Math.PI, ["e"] = Math.E },
                ReadOnly = ListOf(Text),
                Enumerable = ListOf(() => _r.Next(10)),
                AnyMap = Coin() ? null : new Dictionary<long, string> { [AnyLong()] = Text() },
                ItemArray = Coin() ? null : ListOf(() => Item()).ToArray(),
            };
            foreach (Item i in ListOf(() => Item())) c.Items.Add(i);
            return c;
        }

        private int[,] Grid()
        {
            int rows = 1 + Small(3), cols = 1 + Small(3);
            var g = new int[rows, cols];
            for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) g[i, j] = _r.Next(-100, 100);
            return g;
        }

        public Vector3 Vector() => new Vector3 { X = (float)_r.NextDouble(), Y = -(float)_r.NextDouble(), Z = Pick(0f, float.NaN, 1e30f) };

        public Pixel Pixel() => new Pixel { R = (byte)_r.Next(256), G = (ushort)_r.Next(65536), B = AnyLong(), Tag = Pick(Tiny.One, (Tiny)200), On = Coin(), Ch = Pick('x', '\u20ac') };

        public Geometry Geometry()
        {
            var mesh = new Vector3[1 + Small(2), 1 + Small(2)];
            for (int i = 0; i < mesh.GetLength(0); i++) for (int j = 0; j < mesh.GetLength(1); j++) mesh[i, j] = Vector();
            return new Geometry
            {
                Origin = Vector(),
                MaybeOrigin = Coin() ? null : Vector(),
                Vertices = ListOf(Vector, 6).ToArray(),
                Normals = ListOf(Vector),
                Pixels = ListOf(Pixel).ToArray(),
                MorePixels = Coin() ? null : ListOf(Pixel),
                Labels = ListOf(() => new Labeled { Label = MaybeText(), At = Vector(), Weights = Coin() ? null : new[] { _r.NextDouble() } }).ToArray(),
                MaybeLabels = ListOf(() => Coin() ? (Labeled?)null : new Labeled { Label = Text() }),
                Strips = ListOf(() => ListOf(Vector, 2).ToArray(), 2).ToArray(),
                Mesh = mesh,
                Points = ListOf(() => new Point(_r.Next(), -_r.Next())).ToArray(),
                Anchors = ListOf(() => _r.Next(100)).Distinct().ToDictionary(i => i, i => Vector()),
                Tint = Pixel(),
            };
        }

        public Person Person() => new Person(Text(), _r.Next(120), Coin() ? null : ListOf(Text), Pick(Mood.Happy, Mood.Calm, Mood.Angry));

        public Records Records() => new Records
        {
            Owner = Person(),
            People = ListOf(Person),
            Address = Coin() ? null : new Address(Text(), MaybeText(), Pick(10115, 0, 99999)),
            Config = Config(),
            Frozen = new Immutable(Text(), ListOf(() => _r.Next(100)), new Point(_r.Next(), _r.Next())),
            Pair = (_r.Next(), MaybeText()),
            MaybeTuple = Coin() ? null : (_r.Next(), Text(), NewGuid(), _r.NextDouble()),
            OldTuple = Coin() ? null : Tuple.Create(_r.Next(), Text()),
            Entry = new KeyValuePair<string, int>(Text(), _r.Next()),
            Entries = ListOf(() => new KeyValuePair<int, Person>(_r.Next(), Person())),
            Tuples = ListOf(() => (Text(), new Point(_r.Next(9), _r.Next(9)))),
            ByPoint = ListOf(() => new Point(_r.Next(5), _r.Next(5))).Distinct().ToDictionary(p => p, p => Text()),
            Long = (1, 2, 3, 4, 5, 6, 7, 8, Text()),
        };

        public Config Config()
        {
            var c = new Config { Region = Text(), Retries = _r.Next(10), Home = new Address(Text(), null), Timeout = TimeSpan.FromMilliseconds(_r.Next()) };
            foreach (string f in ListOf(Text)) c.Flags.Add(f);
            foreach (string k in ListOf(Text).Distinct()) c.Settings[k] = Text();
            return c;
        }

        public Shape Shape(int depth = 0) => _r.Next(depth < 2 ? 5 : 4) switch
        {
            0 => new Circle { Name = MaybeText(), Radius = _r.NextDouble() },
            1 => new Rect { Name = MaybeText(), Width = _r.Next(10), Height = _r.Next(10) },
            2 => new Square { Name = Text(), Width = 2, Height = 2, Rotated = Coin() },
            3 => new Circle { Radius = -1 },
            _ => new Polygon { Name = Text(), Corners = ListOf(Vector), Inner = Coin() ? null : Shape(depth + 1) },
        };

        public IAnimal Animal() => _r.Next(3) switch
        {
            0 => new Dog { Name = MaybeText(), Tricks = _r.Next(20) },
            1 => new Cat(MaybeText(), Coin()),
            _ => new Fish { Name = Text(), Fins = _r.Next(8) },
        };

        public Vehicle Vehicle(int depth = 0) => _r.Next(depth < 2 ? 3 : 2) switch
        {
            0 => new Vehicle { Wheels = _r.Next(20) },
            1 => new Car { Wheels = 4, Plate = MaybeText() },
            _ => new Truck { Wheels = 18, Plate = Text(), Load = _r.NextDouble(), Trailer = Coin() ? null : Vehicle(depth + 1) },
        };

        public Scene Scene() => new Scene
        {
            Main = Shape(),
            Shapes = ListOf(() => Coin() ? null : Shape()),
            ShapeArray = Coin() ? null : ListOf(() => Shape()).ToArray(),
            Named = ListOf(Text).Distinct().ToDictionary(s => s, s => Shape()),
            Pet = Coin() ? null : Animal(),
            Pets = ListOf(Animal),
            Ride = Vehicle(),
            Fleet = ListOf(() => Vehicle()),
            Frame = Coin() ? new Rect { Width = 1 } : new Square { Rotated = true },
        };

        public Generics Generics() => new Generics
        {
            IntBox = new Box<int> { Value = _r.Next(), More = Coin() ? null : ListOf(() => _r.Next()) },
            StringBox = new Box<string> { Value = Text() },
            Nested = Coin() ? null : new Box<Box<Guid>> { Value = new Box<Guid> { Value = NewGuid() } },
            Ranked = new Ranked<string, List<int>> { Key = Text(), Value = ListOf(() => _r.Next()), ByName = new Dictionary<string, List<int>> { ["k"] = new List<int> { 1 } } },
            RankedPerson = Coin() ? null : new Ranked<long, Person> { Key = AnyLong(), Value = Person() },
            Circles = new Page<Circle> { Number = _r.Next(), Entries = ListOf(() => new Circle { Radius = _r.Next() }), First = new Circle() },
            Squares = Coin() ? null : new Page<Square> { Entries = new List<Square> { new Square { Rotated = true } } },
            Message = Coin() ? new Envelope<int> { Body = _r.Next(), To = Text() } : new Receipt<int> { Body = -1, Id = NewGuid() },
            Messages = ListOf<Message<string>>(() => Coin() ? new Envelope<string> { Body = Text() } : new Receipt<string> { Body = MaybeText() }),
            MaybeDouble = new Maybe<double> { Has = true, Value = _r.NextDouble() },
            MaybePoints = ListOf(() => new Maybe<Point> { Has = Coin(), Value = new Point(1, 2) }).ToArray(),
            Deep = ListOf(() => new Dictionary<string, Box<int>> { [Text()] = new Box<int> { Value = _r.Next() } }, 2),
        };

        public object? AnyObject(int depth = 0) => _r.Next(depth < 2 ? 22 : 18) switch
        {
            0 => null,
            1 => _r.Next(),
            2 => AnyLong(),
            3 => Text(),
            4 => Coin(),
            5 => _r.NextDouble(),
            6 => (float)_r.NextDouble(),
            7 => 19.99m,
            8 => NewGuid(),
            9 => DateTime.UnixEpoch.AddTicks(_r.Next()),
            10 => TimeSpan.FromSeconds(_r.Next()),
            11 => ListOf(() => _r.Next()).ToArray(),
            12 => ListOf(() => _r.NextDouble()),
            13 => ListOf(Text).ToArray(),
            14 => Mood.Sleepy,
            15 => new Uri("https://example.org/"),
            16 => Item(),
            17 => (byte)7,
            18 => ListOf(() => AnyObject(depth + 1), 3).ToArray(),
            19 => ListOf(() => AnyObject(depth + 1), 3),
            20 => ListOf(Text, 3).Distinct().ToDictionary(s => s, s => AnyObject(depth + 1)),
            _ => Shape(),
        };

        public Dynamic Dynamic() => new Dynamic
        {
            Single = AnyObject(),
            Other = Pick<object>(Person(), new Version(2, 1), BigInteger.Pow(2, 70), new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.Zero), 'c', (short)-3, new byte[] { 1, 2, 3 }),
            Array = ListOf(() => AnyObject()).ToArray(),
            List = ListOf(() => AnyObject()),
            Variables = ListOf(Text).Distinct().ToDictionary(s => s, s => AnyObject()),
            ByNumber = Coin() ? null : new Dictionary<int, object> { [1] = Text(), [2] = _r.Next() },
        };

        public TreeNode Tree()
        {
            var root = new TreeNode { Name = Text(), Children = new List<TreeNode>(), Data = new byte[] { 1, 2 } };
            int n = 1 + Small(3);
            for (int i = 0; i < n; i++)
            {
                var child = new TreeNode { Name = Coin() ? root.Name : Text(), Parent = root, Data = root.Data, Payload = Coin() ? root : AnyObject() };
                root.Children.Add(child);
                if (Coin()) child.Children = new List<TreeNode> { new TreeNode { Parent = child, Favorite = root } };
            }
            root.Favorite = root.Children[_r.Next(n)];
            root.Payload = root.Children;   // a list in an object member keeps its identity
            if (n > 1 && Coin()) root.Children[1].Children = root.Children[0].Children ?? root.Children;   // a list held twice, or a cycle through one
            return root;
        }

        private int _networks;

        /// <summary>
        /// Every other network links its items to each other (shared, and a cycle through three); the others have three items or
        /// more, give each a chain of its own, and make the last the hub: an object read after the chains before it, and referred to again.
        /// </summary>
        public Network Network()
        {
            List<Item> items = ListOf(() => Item(), 5);
            bool chains = (_networks++ & 1) == 1;
            if (chains)
            {
                while (items.Count < 3) items.Add(Item());
                foreach (Item i in items) i.Next ??= Item(2);
            }
            else
            {
                if (items.Count > 1) items[0].Next = items[1];
                if (items.Count > 2) items[2].Next = items[0];
            }
            string shared = Text();
            return new Network
            {
                Items = items,
                Hub = items.Count == 0 ? null : chains ? items[^1] : items[_r.Next(items.Count)],
                ByName = items.GroupBy(i => i.Name).ToDictionary(g => g.Key, g => g.First()),
                Labels = new List<string> { shared, shared, Text(), shared },
                Owner = Person(),
                Logo = Shape(),
            };
        }

        public Deep Deep(int level = 0) => new Deep
        {
            Level = level,
            Left = level < 4 && Coin() ? Deep(level + 1) : null,
            Right = level < 4 && Coin() ? Deep(level + 1) : null,
            Many = level < 2 ? ListOf(() => Deep(level + 2), 2) : null,
            Lists = level == 0 ? SharedLists() : null,
        };

        /// <summary>Nested lists where one inner list may appear twice (one instance in reference mode).</summary>
        private List<List<List<int>>> SharedLists()
        {
            List<List<List<int>>> lists = ListOf(() => ListOf(() => ListOf(() => _r.Next(9), 2), 2), 2);
            if (lists.Count > 0 && lists[0].Count > 0 && Coin()) lists.Add(new List<List<int>> { lists[0][0], lists[0][0] });
            return lists;
        }

        public Rgba Color() => new Rgba((uint)_r.NextInt64(uint.MaxValue));

        public Price Price() => new Price(Pick(0m, 12.5m, -3.001m), Pick("EUR", "USD", "日本円"));

        public Shop Shop() => new Shop
        {
            Color = Color(),
            Accent = Coin() ? null : Color(),
            Swatches = ListOf(Color),
            Palette = ListOf(Color).ToArray(),
            Named = ListOf(Text).Distinct().ToDictionary(s => s, s => Color()),
            ByColor = ListOf(Color).Distinct().ToDictionary(c => c, c => Text()),
            Price = Coin() ? null : Price(),
            History = ListOf(() => Coin() ? null : Price()),
            Catalog = ListOf(Text).Distinct().ToDictionary(s => s, s => Price()),
        };
    }
}
