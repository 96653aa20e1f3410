using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models;
using Amber.Tests.Models.Generics;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Generic types: every closed generic type (Box&lt;int&gt;, Box&lt;string&gt; …) is served like
    /// any other class, struct or record. The calls below name each closed type concretely, which is
    /// what the generator needs (a generic helper would hide the type argument from it).
    /// </summary>
    public class GenericsTests
    {
        private static Book MakeBook(int i) => new Book
        {
            Title = "Title " + i,
            Id = i * 10 - 3,
            BookData = i % 2 == 0 ? new byte[] { (byte)i, 2, 3 } : null,
        };

        private static void AssertBook(Book expected, Book? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected.Title, actual!.Title);
            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.BookData, actual.BookData);
        }

        private static void AssertBooks(IReadOnlyList<Book>? expected, IReadOnlyList<Book>? actual)
        {
            if (expected == null)
            {
                Assert.Null(actual);
                return;
            }
            Assert.NotNull(actual);
            Assert.Equal(expected.Count, actual!.Count);
            for (int i = 0; i < expected.Count; i++) AssertBook(expected[i], actual[i]);
        }

        // ------------------------------------------------------------------ closed over several type arguments

        [Fact]
        public void Generic_class_closed_over_int_string_and_a_class()
        {
            Box<int> i = AmberSerializer.Deserialize<Box<int>>(AmberSerializer.Serialize(new Box<int> { Value = -12345 }))!;
            Assert.Equal(-12345, i.Value);
            Box<int> zero = AmberSerializer.Deserialize<Box<int>>(AmberSerializer.Serialize(new Box<int> { Value = 0 }))!;
            Assert.Equal(0, zero.Value);

            Box<string> s = AmberSerializer.Deserialize<Box<string>>(AmberSerializer.Serialize(new Box<string> { Value = "h\u00E9llo" }))!;
            Assert.Equal("h\u00E9llo", s.Value);
            Box<string> nullString = AmberSerializer.Deserialize<Box<string>>(AmberSerializer.Serialize(new Box<string> { Value = null }))!;
            Assert.Null(nullString.Value);

            Book book = MakeBook(2);
            Box<Book> b = AmberSerializer.Deserialize<Box<Book>>(AmberSerializer.Serialize(new Box<Book> { Value = book }))!;
            AssertBook(book, b.Value);
            Box<Book> nullBook = AmberSerializer.Deserialize<Box<Book>>(AmberSerializer.Serialize(new Box<Book>()))!;
            Assert.Null(nullBook.Value);

            // Nullable, enum and struct type arguments.
            Box<int?> ni = AmberSerializer.Deserialize<Box<int?>>(AmberSerializer.Serialize(new Box<int?> { Value = 7 }))!;
            Assert.Equal(7, ni.Value);
            Box<int?> nn = AmberSerializer.Deserialize<Box<int?>>(AmberSerializer.Serialize(new Box<int?> { Value = null }))!;
            Assert.Null(nn.Value);
            Box<DayOfWeek> e = AmberSerializer.Deserialize<Box<DayOfWeek>>(AmberSerializer.Serialize(new Box<DayOfWeek> { Value = DayOfWeek.Friday }))!;
            Assert.Equal(DayOfWeek.Friday, e.Value);
            Box<Guid> g = AmberSerializer.Deserialize<Box<Guid>>(AmberSerializer.Serialize(new Box<Guid> { Value = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff") }))!;
            Assert.Equal(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), g.Value);

            // A null root of a generic class.
            Assert.Null(AmberSerializer.Deserialize<Box<int>>(AmberSerializer.Serialize<Box<int>?>(null)));
        }

        [Fact]
        public void Generic_class_closed_over_two_type_arguments()
        {
            Pair<int, string> p = AmberSerializer.Deserialize<Pair<int, string>>(AmberSerializer.Serialize(new Pair<int, string> { First = 42, Second = "answer" }))!;
            Assert.Equal(42, p.First);
            Assert.Equal("answer", p.Second);

            // The same definition with the arguments the other way round is another type.
            Pair<string, int> q = AmberSerializer.Deserialize<Pair<string, int>>(AmberSerializer.Serialize(new Pair<string, int> { First = "x", Second = int.MinValue }))!;
            Assert.Equal("x", q.First);
            Assert.Equal(int.MinValue, q.Second);

            Book book = MakeBook(4);
            Pair<Book, List<int>> r = AmberSerializer.Deserialize<Pair<Book, List<int>>>(
                AmberSerializer.Serialize(new Pair<Book, List<int>> { First = book, Second = new List<int> { 1, -2, 3 } }))!;
            AssertBook(book, r.First);
            Assert.Equal(new[] { 1, -2, 3 }, r.Second);
        }

        [Fact]
        public void Generic_struct_closed_over_several_type_arguments()
        {
            Slot<int> si = AmberSerializer.Deserialize<Slot<int>>(AmberSerializer.Serialize(new Slot<int> { Value = 99, Index = -1 }));
            Assert.Equal(99, si.Value);
            Assert.Equal(-1, si.Index);

            Slot<string> ss = AmberSerializer.Deserialize<Slot<string>>(AmberSerializer.Serialize(new Slot<string> { Value = "slot", Index = 3 }));
            Assert.Equal("slot", ss.Value);
            Assert.Equal(3, ss.Index);

            Book book = MakeBook(6);
            Slot<Book> sb = AmberSerializer.Deserialize<Slot<Book>>(AmberSerializer.Serialize(new Slot<Book> { Value = book, Index = 6 }));
            AssertBook(book, sb.Value);
            Assert.Equal(6, sb.Index);

            // Nullable generic struct root.
            Slot<double>? present = AmberSerializer.Deserialize<Slot<double>?>(AmberSerializer.Serialize<Slot<double>?>(new Slot<double> { Value = 1.5, Index = 2 }));
            Assert.True(present.HasValue);
            Assert.Equal(1.5, present!.Value.Value);
            Assert.Equal(2, present.Value.Index);
            Assert.Null(AmberSerializer.Deserialize<Slot<double>?>(AmberSerializer.Serialize<Slot<double>?>(null)));
        }

        [Fact]
        public void Arrays_and_lists_of_a_generic_struct_of_primitives_are_rows()
        {
            Slot<int>[] slots = Enumerable.Range(0, 50).Select(i => new Slot<int> { Value = i * i - 100, Index = i }).ToArray();
            byte[] data = AmberSerializer.Serialize(slots);
            Slot<int>[] back = AmberSerializer.Deserialize<Slot<int>[]>(data)!;
            Assert.Equal(slots.Length, back.Length);
            for (int i = 0; i < slots.Length; i++)
            {
                Assert.Equal(slots[i].Value, back[i].Value);
                Assert.Equal(slots[i].Index, back[i].Index);
            }

            // Rows: root header, sequence count, descriptor 0x25 (docs/format.md §6.1).
            Assert.Equal(0x25, data[2]);

            var list = new List<Slot<long>> { new Slot<long> { Value = long.MaxValue, Index = 1 }, new Slot<long> { Value = long.MinValue, Index = 2 } };
            List<Slot<long>> listBack = AmberSerializer.Deserialize<List<Slot<long>>>(AmberSerializer.Serialize(list))!;
            Assert.Equal(2, listBack.Count);
            Assert.Equal(long.MaxValue, listBack[0].Value);
            Assert.Equal(1, listBack[0].Index);
            Assert.Equal(long.MinValue, listBack[1].Value);
            Assert.Equal(2, listBack[1].Index);

            // Over a byte the struct has padding (byte, then int): still rows, decoded row by row.
            Slot<byte>[] bytes = { new Slot<byte> { Value = 255, Index = int.MaxValue }, new Slot<byte> { Value = 1, Index = int.MinValue } };
            Slot<byte>[] bytesBack = AmberSerializer.Deserialize<Slot<byte>[]>(AmberSerializer.Serialize(bytes))!;
            Assert.Equal(2, bytesBack.Length);
            Assert.Equal(255, bytesBack[0].Value);
            Assert.Equal(int.MaxValue, bytesBack[0].Index);
            Assert.Equal(1, bytesBack[1].Value);
            Assert.Equal(int.MinValue, bytesBack[1].Index);
        }

        [Fact]
        public void Generic_record_closed_over_several_type_arguments()
        {
            var e1 = new Entry<string, int>("answer", 42);
            Entry<string, int> b1 = AmberSerializer.Deserialize<Entry<string, int>>(AmberSerializer.Serialize(e1))!;
            Assert.Equal("answer", b1.Key);
            Assert.Equal(42, b1.Value);
            Assert.Equal(e1, b1);

            var e2 = new Entry<Guid, List<string>>(Guid.Parse("fedcba98-7654-3210-fedc-ba9876543210"), new List<string> { "a", "", "c" });
            Entry<Guid, List<string>> b2 = AmberSerializer.Deserialize<Entry<Guid, List<string>>>(AmberSerializer.Serialize(e2))!;
            Assert.Equal(e2.Key, b2.Key);
            Assert.Equal(e2.Value, b2.Value);

            Book book = MakeBook(8);
            var e3 = new Entry<int, Book>(8, book);
            Entry<int, Book> b3 = AmberSerializer.Deserialize<Entry<int, Book>>(AmberSerializer.Serialize(e3))!;
            Assert.Equal(8, b3.Key);
            AssertBook(book, b3.Value);

            // A record of records.
            var e4 = new Entry<Entry<int, int>, Entry<string, string>>(new Entry<int, int>(1, 2), new Entry<string, string>("k", "v"));
            Entry<Entry<int, int>, Entry<string, string>> b4 = AmberSerializer.Deserialize<Entry<Entry<int, int>, Entry<string, string>>>(AmberSerializer.Serialize(e4))!;
            Assert.Equal(e4, b4);
            Assert.Equal(1, b4.Key.Key);
            Assert.Equal(2, b4.Key.Value);
            Assert.Equal("k", b4.Value.Key);
            Assert.Equal("v", b4.Value.Value);
        }

        [Fact]
        public void Generic_record_struct_and_record_with_init_member()
        {
            var m = new Measure<decimal>(12.75m, "kg");
            Measure<decimal> mb = AmberSerializer.Deserialize<Measure<decimal>>(AmberSerializer.Serialize(m));
            Assert.Equal(12.75m, mb.Amount);
            Assert.Equal("kg", mb.Unit);

            var m2 = new Measure<TimeSpan>(TimeSpan.FromMinutes(90), "min");
            Measure<TimeSpan> m2b = AmberSerializer.Deserialize<Measure<TimeSpan>>(AmberSerializer.Serialize(m2));
            Assert.Equal(TimeSpan.FromMinutes(90), m2b.Amount);
            Assert.Equal("min", m2b.Unit);

            var env = new Envelope<Pair<int, string>>(new Pair<int, string> { First = 5, Second = "five" }) { Kind = "special" };
            Envelope<Pair<int, string>> envBack = AmberSerializer.Deserialize<Envelope<Pair<int, string>>>(AmberSerializer.Serialize(env))!;
            Assert.Equal(5, envBack.Body.First);
            Assert.Equal("five", envBack.Body.Second);
            Assert.Equal("special", envBack.Kind);

            var plain = new Envelope<string>("body");
            Envelope<string> plainBack = AmberSerializer.Deserialize<Envelope<string>>(AmberSerializer.Serialize(plain))!;
            Assert.Equal("body", plainBack.Body);
            Assert.Equal("plain", plainBack.Kind);
            Assert.Equal(plain, plainBack);
        }

        [Fact]
        public void Generic_type_with_a_required_member()
        {
            var r = new Required<Book> { Value = MakeBook(2), Note = "n" };
            Required<Book> back = AmberSerializer.Deserialize<Required<Book>>(AmberSerializer.Serialize(r))!;
            AssertBook(MakeBook(2), back.Value);
            Assert.Equal("n", back.Note);

            var ri = new Required<int> { Value = 0 };
            Required<int> bi = AmberSerializer.Deserialize<Required<int>>(AmberSerializer.Serialize(ri))!;
            Assert.Equal(0, bi.Value);
            Assert.Equal("note", bi.Note);
        }

        [Fact]
        public void Interface_typed_immutable_and_multi_dimensional_collections_of_T()
        {
            var shelf = new Shelf<Box<int>>
            {
                Items = new List<Box<int>> { new Box<int> { Value = 1 }, new Box<int> { Value = 2 } },
                Index = new Dictionary<string, Box<int>> { ["three"] = new Box<int> { Value = 3 } },
                Sequence = new[] { new Box<int> { Value = 4 } },
                Frozen = System.Collections.Immutable.ImmutableArray.Create(new Box<int> { Value = 5 }),
                Grid = new Box<int>[,] { { new Box<int> { Value = 6 }, new Box<int> { Value = 7 } } },
                Jagged = new[] { new[] { new Box<int> { Value = 8 } }, System.Array.Empty<Box<int>>() },
            };
            Shelf<Box<int>> back = AmberSerializer.Deserialize<Shelf<Box<int>>>(AmberSerializer.Serialize(shelf))!;
            Assert.Equal(new[] { 1, 2 }, back.Items!.Select(b => b.Value));
            Assert.Equal(3, back.Index!["three"].Value);
            Assert.Single(back.Index);
            Assert.Equal(new[] { 4 }, back.Sequence!.Select(b => b.Value));
            Assert.Equal(new[] { 5 }, back.Frozen.Select(b => b.Value));
            Assert.Equal(1, back.Grid!.GetLength(0));
            Assert.Equal(2, back.Grid.GetLength(1));
            Assert.Equal(6, back.Grid[0, 0].Value);
            Assert.Equal(7, back.Grid[0, 1].Value);
            Assert.Equal(2, back.Jagged!.Length);
            Assert.Equal(8, Assert.Single(back.Jagged[0]).Value);
            Assert.Empty(back.Jagged[1]);

            var ints = new Shelf<int> { Items = new[] { 1, 2 }, Frozen = System.Collections.Immutable.ImmutableArray.Create(3, 4), Grid = new int[,] { { 1 }, { 2 } } };
            Shelf<int> ib = AmberSerializer.Deserialize<Shelf<int>>(AmberSerializer.Serialize(ints))!;
            Assert.Equal(new[] { 1, 2 }, ib.Items);
            Assert.Null(ib.Index);
            Assert.Null(ib.Sequence);
            Assert.Equal(new[] { 3, 4 }, ib.Frozen);
            Assert.Equal(new int[,] { { 1 }, { 2 } }, ib.Grid);
            Assert.Null(ib.Jagged);

            Shelf<int> empty = AmberSerializer.Deserialize<Shelf<int>>(AmberSerializer.Serialize(new Shelf<int>()))!;
            Assert.Null(empty.Items);
            Assert.True(empty.Frozen.IsDefault);
            Assert.Null(empty.Grid);
        }

        // ------------------------------------------------------------------ constraints

        [Fact]
        public void Constraint_class_and_new_closed_over_two_item_subclasses()
        {
            var loot = new Loot
            {
                SwordReward = new Reward<Sword>
                {
                    Prize = new Sword { Name = "Excalibur", Level = 50, Damage = 999, Cursed = false },
                    Quantity = 1,
                    Extras = new List<Sword> { new Sword { Name = "Dagger", Level = 2, Damage = 5, Cursed = true } },
                    Bonus = null,
                },
                ShieldReward = new Reward<Shield>
                {
                    Prize = new Shield { Name = "Aegis", Level = 40, Armor = 120, Weight = 7.25 },
                    Quantity = 0,
                    Extras = new List<Shield>(),
                    Bonus = new Shield { Name = "Buckler", Level = 1, Armor = 3, Weight = 0.5 },
                },
                MoreSwords = new List<Reward<Sword>>
                {
                    new Reward<Sword> { Prize = new Sword { Name = "Rapier", Level = 9, Damage = 30 }, Quantity = 3 },
                },
                ShieldsByQuest = new Dictionary<string, Reward<Shield>>
                {
                    ["q1"] = new Reward<Shield> { Prize = new Shield { Name = "Tower", Armor = 200, Weight = 20 }, Quantity = 2 },
                },
            };
            Loot back = AmberSerializer.Deserialize<Loot>(AmberSerializer.Serialize(loot))!;

            Sword prize = back.SwordReward!.Prize;
            Assert.Equal("Excalibur", prize.Name);
            Assert.Equal(50, prize.Level);
            Assert.Equal(999, prize.Damage);
            Assert.False(prize.Cursed);
            Assert.Equal(1, back.SwordReward.Quantity);
            Sword dagger = Assert.Single(back.SwordReward.Extras);
            Assert.Equal("Dagger", dagger.Name);
            Assert.Equal(2, dagger.Level);
            Assert.Equal(5, dagger.Damage);
            Assert.True(dagger.Cursed);
            Assert.Null(back.SwordReward.Bonus);

            Shield aegis = back.ShieldReward!.Prize;
            Assert.Equal("Aegis", aegis.Name);
            Assert.Equal(40, aegis.Level);
            Assert.Equal(120, aegis.Armor);
            Assert.Equal(7.25, aegis.Weight);
            Assert.Equal(0, back.ShieldReward.Quantity);   // not the initializer's 1
            Assert.Empty(back.ShieldReward.Extras);
            Assert.Equal("Buckler", back.ShieldReward.Bonus!.Name);
            Assert.Equal(1, back.ShieldReward.Bonus.Level);
            Assert.Equal(3, back.ShieldReward.Bonus.Armor);
            Assert.Equal(0.5, back.ShieldReward.Bonus.Weight);

            Reward<Sword> rapier = Assert.Single(back.MoreSwords!);
            Assert.Equal("Rapier", rapier.Prize.Name);
            Assert.Equal(9, rapier.Prize.Level);
            Assert.Equal(30, rapier.Prize.Damage);
            Assert.Equal(3, rapier.Quantity);
            Assert.Empty(rapier.Extras);
            Assert.Null(rapier.Bonus);

            Reward<Shield> tower = Assert.Single(back.ShieldsByQuest!).Value;
            Assert.Equal("q1", back.ShieldsByQuest!.Keys.Single());
            Assert.Equal("Tower", tower.Prize.Name);
            Assert.Equal(0, tower.Prize.Level);
            Assert.Equal(200, tower.Prize.Armor);
            Assert.Equal(20, tower.Prize.Weight);
            Assert.Equal(2, tower.Quantity);

            // As roots, too.
            Reward<Shield> root = AmberSerializer.Deserialize<Reward<Shield>>(AmberSerializer.Serialize(loot.ShieldReward))!;
            Assert.Equal("Aegis", root.Prize.Name);
            Assert.Equal(120, root.Prize.Armor);
            Assert.Equal("Buckler", root.Bonus!.Name);
            Assert.Equal(0, root.Quantity);
        }

        [Fact]
        public void Constraint_struct_makes_T_nullable_a_Nullable()
        {
            var m = new Measurement<int>
            {
                Value = -5,
                Optional = 0,
                History = new[] { 1, 2, 3 },
                Samples = new List<int?> { 4, null, 6 },
            };
            Measurement<int> b = AmberSerializer.Deserialize<Measurement<int>>(AmberSerializer.Serialize(m))!;
            Assert.Equal(-5, b.Value);
            Assert.Equal(0, b.Optional);
            Assert.Equal(new[] { 1, 2, 3 }, b.History);
            Assert.Equal(new int?[] { 4, null, 6 }, b.Samples);

            var empty = new Measurement<int>();
            Measurement<int> eb = AmberSerializer.Deserialize<Measurement<int>>(AmberSerializer.Serialize(empty))!;
            Assert.Equal(0, eb.Value);
            Assert.Null(eb.Optional);
            Assert.Null(eb.History);
            Assert.Null(eb.Samples);

            var c = new Measurement<Celsius>
            {
                Value = new Celsius { Degrees = -40 },
                Optional = new Celsius { Degrees = 100 },
                History = new[] { new Celsius { Degrees = 1.5 } },
                Samples = new List<Celsius?> { null, new Celsius { Degrees = 37 } },
            };
            Measurement<Celsius> cb = AmberSerializer.Deserialize<Measurement<Celsius>>(AmberSerializer.Serialize(c))!;
            Assert.Equal(-40, cb.Value.Degrees);
            Assert.Equal(100, cb.Optional!.Value.Degrees);
            Assert.Equal(1.5, Assert.Single(cb.History!).Degrees);
            Assert.Equal(2, cb.Samples!.Count);
            Assert.Null(cb.Samples[0]);
            Assert.Equal(37, cb.Samples[1]!.Value.Degrees);

            var d = new Measurement<DateTime>
            {
                Value = new DateTime(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc),
                Optional = null,
                History = Array.Empty<DateTime>(),
                Samples = new List<DateTime?>(),
            };
            Measurement<DateTime> db = AmberSerializer.Deserialize<Measurement<DateTime>>(AmberSerializer.Serialize(d))!;
            Assert.Equal(d.Value, db.Value);
            Assert.Equal(DateTimeKind.Utc, db.Value.Kind);
            Assert.Null(db.Optional);
            Assert.Empty(db.History!);
            Assert.Empty(db.Samples!);
        }

        [Fact]
        public void Constraint_class_closed_over_string_and_a_class()
        {
            var r = new Reference<string>
            {
                Target = "t",
                All = new List<string> { "a", "b" },
                ByName = new Dictionary<string, string> { ["x"] = "y" },
            };
            Reference<string> rb = AmberSerializer.Deserialize<Reference<string>>(AmberSerializer.Serialize(r))!;
            Assert.Equal("t", rb.Target);
            Assert.Equal(new[] { "a", "b" }, rb.All);
            Assert.Equal(r.ByName, rb.ByName);

            Book b0 = MakeBook(0), b1 = MakeBook(1);
            var rbook = new Reference<Book>
            {
                Target = b0,
                All = new List<Book> { b1, b0 },
                ByName = new Dictionary<string, Book> { ["one"] = b1 },
            };
            Reference<Book> back = AmberSerializer.Deserialize<Reference<Book>>(AmberSerializer.Serialize(rbook))!;
            AssertBook(b0, back.Target);
            AssertBooks(new[] { b1, b0 }, back.All);
            AssertBook(b1, Assert.Single(back.ByName!).Value);
            Assert.Equal("one", back.ByName!.Keys.Single());

            Reference<Book> nulls = AmberSerializer.Deserialize<Reference<Book>>(AmberSerializer.Serialize(new Reference<Book>()))!;
            Assert.Null(nulls.Target);
            Assert.Null(nulls.All);
            Assert.Null(nulls.ByName);
        }

        [Fact]
        public void Constraint_IComparable_built_through_the_constructor()
        {
            var ri = new Range<int>(-3, 17);
            Range<int> bi = AmberSerializer.Deserialize<Range<int>>(AmberSerializer.Serialize(ri))!;
            Assert.Equal(-3, bi.Min);
            Assert.Equal(17, bi.Max);
            Assert.True(bi.Contains(0));

            var rs = new Range<string>("apple", "pear");
            Range<string> bs = AmberSerializer.Deserialize<Range<string>>(AmberSerializer.Serialize(rs))!;
            Assert.Equal("apple", bs.Min);
            Assert.Equal("pear", bs.Max);
            Assert.True(bs.Contains("banana"));

            var rd = new Range<DateTime>(new DateTime(2000, 1, 1), new DateTime(2030, 12, 31, 23, 59, 59, DateTimeKind.Local));
            Range<DateTime> bd = AmberSerializer.Deserialize<Range<DateTime>>(AmberSerializer.Serialize(rd))!;
            Assert.Equal(rd.Min, bd.Min);
            Assert.Equal(rd.Min.Kind, bd.Min.Kind);
            Assert.Equal(rd.Max, bd.Max);
            Assert.Equal(rd.Max.Kind, bd.Max.Kind);

            var rm = new Range<decimal>(0.01m, 99.99m);
            Range<decimal> bm = AmberSerializer.Deserialize<Range<decimal>>(AmberSerializer.Serialize(rm))!;
            Assert.Equal(0.01m, bm.Min);
            Assert.Equal(99.99m, bm.Max);
        }

        [Fact]
        public void Constraint_notnull_key_closed_over_a_value_type_and_a_reference_type()
        {
            Guid a = Guid.Parse("00000000-0000-0000-0000-000000000001"), b = Guid.Parse("00000000-0000-0000-0000-000000000002");
            var byGuid = new Registry<Guid, Book>
            {
                Items = new Dictionary<Guid, Book> { [a] = MakeBook(1), [b] = MakeBook(2) },
                Primary = b,
                Flagged = new HashSet<Guid> { a },
            };
            Registry<Guid, Book> gb = AmberSerializer.Deserialize<Registry<Guid, Book>>(AmberSerializer.Serialize(byGuid))!;
            Assert.Equal(2, gb.Items.Count);
            AssertBook(MakeBook(1), gb.Items[a]);
            AssertBook(MakeBook(2), gb.Items[b]);
            Assert.Equal(b, gb.Primary);
            Assert.Equal(new[] { a }, gb.Flagged!);

            var byName = new Registry<string, int?>
            {
                Items = new Dictionary<string, int?> { ["one"] = 1, ["none"] = null },
                Primary = null,
                Flagged = null,
            };
            Registry<string, int?> sb = AmberSerializer.Deserialize<Registry<string, int?>>(AmberSerializer.Serialize(byName))!;
            Assert.Equal(2, sb.Items.Count);
            Assert.Equal(1, sb.Items["one"]);
            Assert.Null(sb.Items["none"]);
            Assert.Null(sb.Primary);
            Assert.Null(sb.Flagged);

            var byEnum = new Registry<DayOfWeek, string> { Items = new Dictionary<DayOfWeek, string> { [DayOfWeek.Monday] = "mon" }, Primary = DayOfWeek.Sunday };
            Registry<DayOfWeek, string> eb = AmberSerializer.Deserialize<Registry<DayOfWeek, string>>(AmberSerializer.Serialize(byEnum))!;
            Assert.Equal("mon", Assert.Single(eb.Items).Value);
            Assert.Equal(DayOfWeek.Monday, eb.Items.Keys.Single());
            Assert.Equal(DayOfWeek.Sunday, eb.Primary);
            Assert.Null(eb.Flagged);
        }

        // ------------------------------------------------------------------ nested generics

        private static NestedHolder MakeNested() => new NestedHolder
        {
            Tables = new List<Dictionary<string, Box<int>>>
            {
                new Dictionary<string, Box<int>> { ["a"] = new Box<int> { Value = 1 }, ["b"] = new Box<int> { Value = -2 } },
                new Dictionary<string, Box<int>>(),
                new Dictionary<string, Box<int>> { ["nullbox"] = null! },
            },
            Groups = new Dictionary<Guid, List<Box<string>>>
            {
                [Guid.Parse("11111111-2222-3333-4444-555555555555")] = new List<Box<string>> { new Box<string> { Value = "x" }, new Box<string> { Value = null } },
                [Guid.Empty] = new List<Box<string>>(),
            },
            Deep = new Box<Box<Box<int>>> { Value = new Box<Box<int>> { Value = new Box<int> { Value = 3 } } },
            Numbers = new Box<int[]> { Value = new[] { 5, 6, int.MaxValue } },
            MaybeList = new Box<List<int>?> { Value = new List<int> { 7, 8 } },
            Boxes = new Pair<Box<int>, Box<string>> { First = new Box<int> { Value = 10 }, Second = new Box<string> { Value = "ten" } },
            Slots = new[] { new Slot<int> { Value = 1, Index = 0 }, new Slot<int> { Value = 2, Index = 1 } },
            NamedSlots = new List<Slot<string>> { new Slot<string> { Value = "s0", Index = 0 }, new Slot<string> { Value = null!, Index = 9 } },
        };

        private static void AssertNested(NestedHolder expected, NestedHolder back)
        {
            Assert.Equal(3, back.Tables!.Count);
            Assert.Equal(2, back.Tables[0].Count);
            Assert.Equal(1, back.Tables[0]["a"].Value);
            Assert.Equal(-2, back.Tables[0]["b"].Value);
            Assert.Empty(back.Tables[1]);
            Assert.Null(Assert.Single(back.Tables[2]).Value);
            Assert.Equal("nullbox", back.Tables[2].Keys.Single());

            Assert.Equal(2, back.Groups!.Count);
            List<Box<string>> g = back.Groups[Guid.Parse("11111111-2222-3333-4444-555555555555")];
            Assert.Equal(2, g.Count);
            Assert.Equal("x", g[0].Value);
            Assert.Null(g[1].Value);
            Assert.Empty(back.Groups[Guid.Empty]);

            Assert.Equal(3, back.Deep!.Value!.Value!.Value);
            Assert.Equal(expected.Numbers!.Value, back.Numbers!.Value);
            Assert.Equal(expected.MaybeList!.Value, back.MaybeList!.Value);
            Assert.Equal(10, back.Boxes!.First!.Value);
            Assert.Equal("ten", back.Boxes.Second!.Value);

            Assert.Equal(2, back.Slots!.Length);
            Assert.Equal(1, back.Slots[0].Value);
            Assert.Equal(0, back.Slots[0].Index);
            Assert.Equal(2, back.Slots[1].Value);
            Assert.Equal(1, back.Slots[1].Index);

            Assert.Equal(2, back.NamedSlots!.Count);
            Assert.Equal("s0", back.NamedSlots[0].Value);
            Assert.Equal(0, back.NamedSlots[0].Index);
            Assert.Null(back.NamedSlots[1].Value);
            Assert.Equal(9, back.NamedSlots[1].Index);
        }

        [Fact]
        public void Nested_generics_as_members()
        {
            NestedHolder h = MakeNested();
            NestedHolder back = AmberSerializer.Deserialize<NestedHolder>(AmberSerializer.Serialize(h))!;
            AssertNested(h, back);

            // Nulls at every level.
            var nulls = new NestedHolder
            {
                Deep = new Box<Box<Box<int>>> { Value = new Box<Box<int>> { Value = null } },
                Numbers = new Box<int[]> { Value = null },
                MaybeList = new Box<List<int>?> { Value = null },
                Boxes = new Pair<Box<int>, Box<string>>(),
            };
            NestedHolder nb = AmberSerializer.Deserialize<NestedHolder>(AmberSerializer.Serialize(nulls))!;
            Assert.Null(nb.Tables);
            Assert.Null(nb.Groups);
            Assert.NotNull(nb.Deep!.Value);
            Assert.Null(nb.Deep.Value!.Value);
            Assert.Null(nb.Numbers!.Value);
            Assert.Null(nb.MaybeList!.Value);
            Assert.Null(nb.Boxes!.First);
            Assert.Null(nb.Boxes.Second);
            Assert.Null(nb.Slots);
            Assert.Null(nb.NamedSlots);
        }

        [Fact]
        public void Nested_generics_as_roots()
        {
            NestedHolder h = MakeNested();

            List<Dictionary<string, Box<int>>> tables = AmberSerializer.Deserialize<List<Dictionary<string, Box<int>>>>(AmberSerializer.Serialize(h.Tables))!;
            Assert.Equal(3, tables.Count);
            Assert.Equal(1, tables[0]["a"].Value);
            Assert.Equal(-2, tables[0]["b"].Value);
            Assert.Empty(tables[1]);
            Assert.Null(tables[2]["nullbox"]);

            Dictionary<Guid, List<Box<string>>> groups = AmberSerializer.Deserialize<Dictionary<Guid, List<Box<string>>>>(AmberSerializer.Serialize(h.Groups))!;
            Assert.Equal(2, groups.Count);
            Assert.Equal(new[] { "x", null }, groups[Guid.Parse("11111111-2222-3333-4444-555555555555")].Select(b => b.Value));
            Assert.Empty(groups[Guid.Empty]);

            Box<Box<Box<int>>> deep = AmberSerializer.Deserialize<Box<Box<Box<int>>>>(AmberSerializer.Serialize(h.Deep))!;
            Assert.Equal(3, deep.Value!.Value!.Value);

            Box<int[]> numbers = AmberSerializer.Deserialize<Box<int[]>>(AmberSerializer.Serialize(h.Numbers))!;
            Assert.Equal(new[] { 5, 6, int.MaxValue }, numbers.Value);

            Box<List<int>?> maybe = AmberSerializer.Deserialize<Box<List<int>?>>(AmberSerializer.Serialize(h.MaybeList))!;
            Assert.Equal(new[] { 7, 8 }, maybe.Value);
            Box<List<int>?> maybeNull = AmberSerializer.Deserialize<Box<List<int>?>>(AmberSerializer.Serialize(new Box<List<int>?>()))!;
            Assert.Null(maybeNull.Value);

            // Arrays of closed generic types, and a generic array inside a generic.
            Pair<int, string>[] pairs = { new Pair<int, string> { First = 1, Second = "one" }, null!, new Pair<int, string> { First = 2 } };
            Pair<int, string>[] pairsBack = AmberSerializer.Deserialize<Pair<int, string>[]>(AmberSerializer.Serialize(pairs))!;
            Assert.Equal(3, pairsBack.Length);
            Assert.Equal(1, pairsBack[0].First);
            Assert.Equal("one", pairsBack[0].Second);
            Assert.Null(pairsBack[1]);
            Assert.Equal(2, pairsBack[2].First);
            Assert.Null(pairsBack[2].Second);

            var boxOfBoxes = new Box<Box<int>[]> { Value = new[] { new Box<int> { Value = 1 }, new Box<int> { Value = 2 } } };
            Box<Box<int>[]> bobBack = AmberSerializer.Deserialize<Box<Box<int>[]>>(AmberSerializer.Serialize(boxOfBoxes))!;
            Assert.Equal(new[] { 1, 2 }, bobBack.Value!.Select(b => b.Value));

            // Tuples and KeyValuePair closed over generic types.
            var tuple = (new Box<int> { Value = 4 }, new Entry<string, int>("k", 5));
            (Box<int>, Entry<string, int>) tupleBack = AmberSerializer.Deserialize<(Box<int>, Entry<string, int>)>(AmberSerializer.Serialize(tuple));
            Assert.Equal(4, tupleBack.Item1.Value);
            Assert.Equal(new Entry<string, int>("k", 5), tupleBack.Item2);
        }

        [Fact]
        public void Generic_type_with_a_generic_base_class_round_trips_inherited_members()
        {
            var d = new Derived<int>
            {
                Payload = new List<int> { 1, 2, 3 },
                BaseName = "base",
                BaseCount = 3,
                Extra = 42,
            };
            Derived<int> db = AmberSerializer.Deserialize<Derived<int>>(AmberSerializer.Serialize(d))!;
            Assert.Equal(new[] { 1, 2, 3 }, db.Payload);
            Assert.Equal("base", db.BaseName);
            Assert.Equal(3, db.BaseCount);
            Assert.Equal(42, db.Extra);

            Book book = MakeBook(2);
            var dbook = new Derived<Book> { Payload = new List<Book> { book }, BaseName = "", BaseCount = 0, Extra = book };
            Derived<Book> bb = AmberSerializer.Deserialize<Derived<Book>>(AmberSerializer.Serialize(dbook))!;
            AssertBook(book, Assert.Single(bb.Payload!));
            Assert.Equal("", bb.BaseName);
            Assert.Equal(0, bb.BaseCount);
            AssertBook(book, bb.Extra);

            // A non-generic class at the end of the chain: Leaf : Derived<string> : Base<List<string>>.
            var leaf = new Leaf { Payload = new List<string> { "p", "q" }, BaseName = "leafbase", BaseCount = -1, Extra = "extra", IsLeaf = true };
            Leaf lb = AmberSerializer.Deserialize<Leaf>(AmberSerializer.Serialize(leaf))!;
            Assert.Equal(new[] { "p", "q" }, lb.Payload);
            Assert.Equal("leafbase", lb.BaseName);
            Assert.Equal(-1, lb.BaseCount);
            Assert.Equal("extra", lb.Extra);
            Assert.True(lb.IsLeaf);

            // Data written as the closed base type reads as the derived type (same member names).
            var baseOnly = new Base<List<int>> { Payload = new List<int> { 9 }, BaseName = "b", BaseCount = 1 };
            Derived<int> fromBase = AmberSerializer.Deserialize<Derived<int>>(AmberSerializer.Serialize(baseOnly))!;
            Assert.Equal(new[] { 9 }, fromBase.Payload);
            Assert.Equal("b", fromBase.BaseName);
            Assert.Equal(1, fromBase.BaseCount);
            Assert.Equal(0, fromBase.Extra);
        }

        [Fact]
        public void Recursive_generic_type()
        {
            var tree = new TreeNode<string>
            {
                Value = "root",
                Children = new List<TreeNode<string>>
                {
                    new TreeNode<string> { Value = "a", Children = new List<TreeNode<string>> { new TreeNode<string> { Value = "a1" } } },
                    new TreeNode<string> { Value = null },
                },
            };
            TreeNode<string> back = AmberSerializer.Deserialize<TreeNode<string>>(AmberSerializer.Serialize(tree))!;
            Assert.Equal("root", back.Value);
            Assert.Equal(2, back.Children.Count);
            Assert.Equal("a", back.Children[0].Value);
            Assert.Equal("a1", Assert.Single(back.Children[0].Children).Value);
            Assert.Empty(back.Children[0].Children[0].Children);
            Assert.Null(back.Children[1].Value);
            Assert.Empty(back.Children[1].Children);

            var ints = new TreeNode<int> { Value = 1, Children = new List<TreeNode<int>> { new TreeNode<int> { Value = 2 } } };
            TreeNode<int> ib = AmberSerializer.Deserialize<TreeNode<int>>(AmberSerializer.Serialize(ints))!;
            Assert.Equal(1, ib.Value);
            Assert.Equal(2, Assert.Single(ib.Children).Value);
            Assert.Empty(ib.Children[0].Children);
        }

        [Fact]
        public void Type_nested_in_a_generic_type()
        {
            var catalog = new Catalog<string>
            {
                Pages = new List<Catalog<string>.Page>
                {
                    new Catalog<string>.Page { Number = 1, Items = new List<string> { "a", "b" } },
                    new Catalog<string>.Page { Number = 2, Items = null },
                },
                Cover = new Catalog<string>.Page { Number = 0, Items = new List<string>() },
            };
            Catalog<string> back = AmberSerializer.Deserialize<Catalog<string>>(AmberSerializer.Serialize(catalog))!;
            Assert.Equal(2, back.Pages!.Count);
            Assert.Equal(1, back.Pages[0].Number);
            Assert.Equal(new[] { "a", "b" }, back.Pages[0].Items);
            Assert.Equal(2, back.Pages[1].Number);
            Assert.Null(back.Pages[1].Items);
            Assert.Equal(0, back.Cover!.Number);
            Assert.Empty(back.Cover.Items!);

            var page = new Catalog<int>.Page { Number = 5, Items = new List<int> { 1, 2 } };
            Catalog<int>.Page pageBack = AmberSerializer.Deserialize<Catalog<int>.Page>(AmberSerializer.Serialize(page))!;
            Assert.Equal(5, pageBack.Number);
            Assert.Equal(new[] { 1, 2 }, pageBack.Items);
        }

        // ------------------------------------------------------------------ roots, dictionary values and keys

        [Fact]
        public void Generic_type_as_the_root()
        {
            var box = new Box<List<Book>> { Value = Enumerable.Range(0, 5).Select(MakeBook).ToList() };
            Box<List<Book>> back = AmberSerializer.Deserialize<Box<List<Book>>>(AmberSerializer.Serialize(box))!;
            AssertBooks(box.Value, back.Value);

            Box<List<Book>> empty = AmberSerializer.Deserialize<Box<List<Book>>>(AmberSerializer.Serialize(new Box<List<Book>> { Value = new List<Book>() }))!;
            Assert.Empty(empty.Value!);
            Box<List<Book>> none = AmberSerializer.Deserialize<Box<List<Book>>>(AmberSerializer.Serialize(new Box<List<Book>>()))!;
            Assert.Null(none.Value);
        }

        [Fact]
        public void Generic_type_as_dictionary_value_and_key()
        {
            var values = new Dictionary<string, Box<Book>>
            {
                ["first"] = new Box<Book> { Value = MakeBook(1) },
                ["empty"] = new Box<Book>(),
            };
            Dictionary<string, Box<Book>> vb = AmberSerializer.Deserialize<Dictionary<string, Box<Book>>>(AmberSerializer.Serialize(values))!;
            Assert.Equal(2, vb.Count);
            AssertBook(MakeBook(1), vb["first"].Value);
            Assert.Null(vb["empty"].Value);

            var keys = new Dictionary<Box<int>, string>
            {
                [new Box<int> { Value = 1 }] = "one",
                [new Box<int> { Value = -1 }] = "minus one",
                [new Box<int> { Value = 0 }] = "zero",
            };
            Dictionary<Box<int>, string> kb = AmberSerializer.Deserialize<Dictionary<Box<int>, string>>(AmberSerializer.Serialize(keys))!;
            Assert.Equal(3, kb.Count);
            Assert.Equal("one", kb[new Box<int> { Value = 1 }]);
            Assert.Equal("minus one", kb[new Box<int> { Value = -1 }]);
            Assert.Equal("zero", kb[new Box<int> { Value = 0 }]);

            // A generic record as key, a generic struct as value.
            var recordKeys = new Dictionary<Entry<string, int>, Slot<string>>
            {
                [new Entry<string, int>("a", 1)] = new Slot<string> { Value = "A", Index = 1 },
                [new Entry<string, int>("a", 2)] = new Slot<string> { Value = "B", Index = 2 },
            };
            Dictionary<Entry<string, int>, Slot<string>> rb = AmberSerializer.Deserialize<Dictionary<Entry<string, int>, Slot<string>>>(AmberSerializer.Serialize(recordKeys))!;
            Assert.Equal(2, rb.Count);
            Assert.Equal("A", rb[new Entry<string, int>("a", 1)].Value);
            Assert.Equal(1, rb[new Entry<string, int>("a", 1)].Index);
            Assert.Equal("B", rb[new Entry<string, int>("a", 2)].Value);
            Assert.Equal(2, rb[new Entry<string, int>("a", 2)].Index);

            // A sorted dictionary keyed by a generic struct needs a comparer Amber does not have; a
            // SortedDictionary keyed by a scalar with generic values works.
            var sorted = new SortedDictionary<int, Pair<string, Box<int>>>
            {
                [2] = new Pair<string, Box<int>> { First = "two", Second = new Box<int> { Value = 2 } },
                [1] = new Pair<string, Box<int>> { First = "one", Second = null },
            };
            SortedDictionary<int, Pair<string, Box<int>>> sb = AmberSerializer.Deserialize<SortedDictionary<int, Pair<string, Box<int>>>>(AmberSerializer.Serialize(sorted))!;
            Assert.Equal(new[] { 1, 2 }, sb.Keys);
            Assert.Equal("one", sb[1].First);
            Assert.Null(sb[1].Second);
            Assert.Equal("two", sb[2].First);
            Assert.Equal(2, sb[2].Second!.Value);
        }

        // ------------------------------------------------------------------ version tolerance

        [Fact]
        public void Box_of_int_data_reads_as_box_of_long()
        {
            Box<long> wide = AmberSerializer.Deserialize<Box<long>>(AmberSerializer.Serialize(new Box<int> { Value = int.MinValue }))!;
            Assert.Equal(int.MinValue, wide.Value);
            Box<long> zero = AmberSerializer.Deserialize<Box<long>>(AmberSerializer.Serialize(new Box<int> { Value = 0 }))!;
            Assert.Equal(0L, zero.Value);

            // Inside collections and as a dictionary value.
            var list = new List<Box<int>> { new Box<int> { Value = 1 }, new Box<int> { Value = int.MaxValue } };
            List<Box<long>> wideList = AmberSerializer.Deserialize<List<Box<long>>>(AmberSerializer.Serialize(list))!;
            Assert.Equal(new long[] { 1, int.MaxValue }, wideList.Select(b => b.Value));
            var dict = new Dictionary<string, Box<short>> { ["s"] = new Box<short> { Value = short.MinValue } };
            Dictionary<string, Box<long>> wideDict = AmberSerializer.Deserialize<Dictionary<string, Box<long>>>(AmberSerializer.Serialize(dict))!;
            Assert.Equal(short.MinValue, wideDict["s"].Value);

            // Box<int> to Box<int?>, and a generic struct's rows widened.
            Box<int?> nullable = AmberSerializer.Deserialize<Box<int?>>(AmberSerializer.Serialize(new Box<int> { Value = 5 }))!;
            Assert.Equal(5, nullable.Value);
            Slot<long>[] wideSlots = AmberSerializer.Deserialize<Slot<long>[]>(AmberSerializer.Serialize(new[] { new Slot<int> { Value = -7, Index = 1 } }))!;
            Assert.Equal(-7L, Assert.Single(wideSlots).Value);
            Assert.Equal(1, wideSlots[0].Index);

            // Narrowing back: fits, or an AmberException naming the member.
            Box<int> narrow = AmberSerializer.Deserialize<Box<int>>(AmberSerializer.Serialize(new Box<long> { Value = 12 }))!;
            Assert.Equal(12, narrow.Value);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Box<int>>(AmberSerializer.Serialize(new Box<long> { Value = 1L << 40 })));
            Assert.EndsWith(".Value", ex.MemberPath);
            Assert.StartsWith("Box<", ex.MemberPath);

            // An incompatible type argument is a changed member type.
            var ex2 = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Box<string>>(AmberSerializer.Serialize(new Box<int> { Value = 1 })));
            Assert.EndsWith(".Value", ex2.MemberPath);
        }

        [Fact]
        public void Generic_type_that_gained_members_reads_old_data()
        {
            byte[] old = AmberSerializer.Serialize(new ParcelV1<string> { Value = "gift", Weight = 3 });
            ParcelV2<string> v2 = AmberSerializer.Deserialize<ParcelV2<string>>(old)!;
            Assert.Equal("gift", v2.Value);
            Assert.Equal(3, v2.Weight);
            Assert.Equal("unlabelled", v2.Label);   // the initializer
            Assert.Null(v2.Contents);
            Assert.Null(v2.Spare);

            byte[] oldInts = AmberSerializer.Serialize(new ParcelV1<int> { Value = 9, Weight = 0 });
            ParcelV2<int> v2i = AmberSerializer.Deserialize<ParcelV2<int>>(oldInts)!;
            Assert.Equal(9, v2i.Value);
            Assert.Equal(0, v2i.Weight);
            Assert.Equal("unlabelled", v2i.Label);
            Assert.Null(v2i.Contents);
            Assert.Equal(0, v2i.Spare);

            // New data, old reader: the added members are skipped.
            var fresh = new ParcelV2<Book> { Value = MakeBook(1), Weight = 2, Label = "books", Contents = new List<Book> { MakeBook(2) }, Spare = MakeBook(3) };
            ParcelV1<Book> v1 = AmberSerializer.Deserialize<ParcelV1<Book>>(AmberSerializer.Serialize(fresh))!;
            AssertBook(MakeBook(1), v1.Value);
            Assert.Equal(2, v1.Weight);

            // And the new type round-trips itself.
            ParcelV2<Book> same = AmberSerializer.Deserialize<ParcelV2<Book>>(AmberSerializer.Serialize(fresh))!;
            AssertBook(MakeBook(1), same.Value);
            Assert.Equal(2, same.Weight);
            Assert.Equal("books", same.Label);
            AssertBook(MakeBook(2), Assert.Single(same.Contents!));
            AssertBook(MakeBook(3), same.Spare);

            // Old data nested in a list reads too (mapped by key once per payload).
            var oldList = new List<ParcelV1<int>> { new ParcelV1<int> { Value = 1, Weight = 1 }, new ParcelV1<int> { Value = 2, Weight = 2 } };
            List<ParcelV2<int>> newList = AmberSerializer.Deserialize<List<ParcelV2<int>>>(AmberSerializer.Serialize(oldList))!;
            Assert.Equal(new[] { 1, 2 }, newList.Select(p => p.Value));
            Assert.Equal(new[] { 1, 2 }, newList.Select(p => p.Weight));
            Assert.All(newList, p => Assert.Equal("unlabelled", p.Label));
            Assert.All(newList, p => Assert.Null(p.Contents));
        }

        [Fact]
        public void Generic_record_that_gained_an_init_member_reads_old_data_with_its_initializer()
        {
            Envelope<int> e = AmberSerializer.Deserialize<Envelope<int>>(AmberSerializer.Serialize(new Message<int>(7)))!;
            Assert.Equal(7, e.Body);
            Assert.Equal("plain", e.Kind);

            Envelope<Book> eb = AmberSerializer.Deserialize<Envelope<Book>>(AmberSerializer.Serialize(new Message<Book>(MakeBook(3))))!;
            AssertBook(MakeBook(3), eb.Body);
            Assert.Equal("plain", eb.Kind);

            Message<int> m = AmberSerializer.Deserialize<Message<int>>(AmberSerializer.Serialize(new Envelope<int>(8) { Kind = "k" }))!;
            Assert.Equal(8, m.Body);
        }

        [Fact]
        public void Renamed_member_of_a_generic_type_reads_data_under_its_former_name()
        {
            RenamedBox<string> r = AmberSerializer.Deserialize<RenamedBox<string>>(AmberSerializer.Serialize(new Box<string> { Value = "old" }))!;
            Assert.Equal("old", r.Content);
            Box<string> b = AmberSerializer.Deserialize<Box<string>>(AmberSerializer.Serialize(new RenamedBox<string> { Content = "new" }))!;
            Assert.Equal("new", b.Value);
            RenamedBox<Book> rb = AmberSerializer.Deserialize<RenamedBox<Book>>(AmberSerializer.Serialize(new Box<Book> { Value = MakeBook(1) }))!;
            AssertBook(MakeBook(1), rb.Content);
        }

        // ------------------------------------------------------------------ errors

        [Fact]
        public void Truncated_generic_root_payload_names_the_generic_root_in_the_path()
        {
            var box = new Box<List<Book>> { Value = Enumerable.Range(0, 4).Select(MakeBook).ToList() };
            byte[] full = AmberSerializer.Serialize(box);
            Assert.NotNull(AmberSerializer.Deserialize<Box<List<Book>>>(full));

            for (int length = 0; length < full.Length; length++)
            {
                byte[] cut = full.AsSpan(0, length).ToArray();
                AmberException ex;
                try
                {
                    AmberSerializer.Deserialize<Box<List<Book>>>(cut);
                    Assert.Fail($"cut to {length} of {full.Length} bytes: read without an error");
                    return;
                }
                catch (AmberException e)
                {
                    ex = e;
                }
                Assert.StartsWith("Box<List<Book>>", ex.MemberPath, StringComparison.Ordinal);
                Assert.Contains("Box<List<Book>>", ex.Message);
            }

            // Cut inside the last book: the path goes through the generic member and the list index.
            var ex2 = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Box<List<Book>>>(full.AsSpan(0, full.Length - 2)));
            Assert.StartsWith("Box<List<Book>>.Value[3].", ex2.MemberPath, StringComparison.Ordinal);
        }

        [Fact]
        public void Error_path_of_a_type_nested_in_a_generic_type_is_not_shown_as_a_generic_of_its_own()
        {
            var page = new Catalog<int>.Page { Number = 5, Items = new List<int> { 1, 2 } };
            byte[] full = AmberSerializer.Serialize(page);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Catalog<int>.Page>(full.AsSpan(0, full.Length - 1)));
            // Catalog<Int32>.Page (or Page, as for other nested types) — never "Page<Int32>": Page has no type parameter.
            Assert.DoesNotContain("Page<", ex.MemberPath);
            Assert.Contains("Page", ex.MemberPath);
        }
    }
}
