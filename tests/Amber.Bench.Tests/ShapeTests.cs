using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Boot;
using Amber.Bench.Workloads.Game;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>
    /// The object-model features of the workloads (a private member, polymorphic members,
    /// shared references): the generated data has them, every serializer in the suite keeps them, and
    /// the comparison notices when a copy loses them.
    /// </summary>
    public sealed class ShapeTests
    {
        /// <summary>Every available serializer that takes part in the object-model workloads (all but the envelope-only hand-written one).</summary>
        /// <summary>
        /// Every serializer measured on the suite's main copy of the model types. The ones measured on a copy of
        /// their own (<see cref="IOwnModelAdapter"/>: MemoryPack's version-tolerant row, MessagePack's contractless
        /// row) would be handed types they are not set up for here; the tiny run in SuiteTests verifies them on theirs.
        /// </summary>
        public static IEnumerable<object[]> General() =>
            Peers.All().Where(a => a.Supports("gamestate") && a is not IOwnModelAdapter).Select(a => new object[] { a.Name });

        private static ISerializerAdapter Adapter(string name) => Peers.All().Single(a => a.Name == name);

        private static T Generate<T>(Workload workload, BenchScale scale) => ((WorkloadCase<T>)workload.Cases(scale, sweep: false).Single()).Value;

        private static T RoundTrip<T>(ISerializerAdapter adapter, T value)
        {
            var output = new ArrayBufferWriter<byte>();
            adapter.Serialize(value, output);
            return adapter.Deserialize<T>(output.WrittenSpan);
        }

        // ---------------------------------------------------------------- bookshelf: a private member

        [Theory]
        [MemberData(nameof(General))]
        public void BookShelfSecretIsPrivateAndRoundTrips(string name)
        {
            Assert.Null(typeof(BookShelf).GetProperty("Secret"));   // not public: each serializer has to be told
            var shelf = new BookShelf("ünïcødé secret") { Books = new List<Book> { new Book { Title = "A", Id = 1 } } };
            BookShelf copy = RoundTrip(Adapter(name), shelf);
            Assert.Equal("ünïcødé secret", BookShelfSecret.Get(copy));
        }

        [Fact]
        public void TheBookShelfComparisonChecksTheSecret()
        {
            var c = new Comparer();
            BookShelfWorkload.Compare(c, new BookShelf("one"), new BookShelf("two"));
            Assert.StartsWith("Secret:", c.FirstDifference);
        }

        // ---------------------------------------------------------------- bootpayload: polymorphic members

        [Fact]
        public void BootPayloadHoldsEveryDerivedTypeThroughItsBase()
        {
            BootResponse boot = Generate<BootResponse>(new BootPayloadWorkload(), BenchScale.Quick);
            Assert.Equal(new[] { "Armor", "Consumable", "Currency", "Weapon" }, boot.Inventory.Select(i => i.GetType().Name).Distinct().OrderBy(n => n));
            Assert.Equal(new[] { "DailyMission", "EventMission", "StoryMission" }, boot.Missions.Select(m => m.GetType().Name).Distinct().OrderBy(n => n));
            Assert.Contains(boot.Loadout.Values, item => item == null);
            Assert.Contains(boot.Leaderboard.Items, e => e.Player is FriendProfile);
            Assert.Contains(boot.Leaderboard.Items, e => e.Player.GetType() == typeof(PublicProfile));
            Assert.Contains(boot.Inbox, m => m.Grants?.Select(g => g.Item?.GetType()).Distinct().Count() > 1);
        }

        [Theory]
        [MemberData(nameof(General))]
        public void BootPayloadKeepsTheDerivedTypes(string name)
        {
            BootResponse boot = Generate<BootResponse>(new BootPayloadWorkload(), BenchScale.Quick);
            BootResponse copy = RoundTrip(Adapter(name), boot);
            Assert.Equal(boot.Inventory.Select(i => i.GetType()), copy.Inventory.Select(i => i.GetType()));
            Assert.Equal(boot.Missions.Select(m => m.GetType()), copy.Missions.Select(m => m.GetType()));
            Assert.Equal(boot.Loadout.OrderBy(p => p.Key).Select(p => p.Value?.GetType()), copy.Loadout.OrderBy(p => p.Key).Select(p => p.Value?.GetType()));
            var c = new Comparer();
            BootPayloadWorkload.Compare(c, boot, copy);
            Assert.False(c.Failed, c.FirstDifference);
        }

        [Fact]
        public void TheBootComparisonNoticesABaseTypeInsteadOfADerivedOne()
        {
            BootResponse boot = Generate<BootResponse>(new BootPayloadWorkload(), BenchScale.Quick);
            BootResponse copy = RoundTrip(new AmberAdapter(), boot);
            int friend = boot.Leaderboard.Items.FindIndex(e => e.Player is FriendProfile);
            // What a serializer that ignores polymorphism gives back: an object of the declared type.
            PublicProfile declared = copy.Leaderboard.Items[friend].Player;
            copy.Leaderboard.Items[friend].Player = new PublicProfile { Id = declared.Id, Key = declared.Key, DisplayName = declared.DisplayName };
            var c = new Comparer();
            BootPayloadWorkload.Compare(c, boot, copy);
            Assert.Equal($"Leaderboard.Items[{friend}].Player: expected a FriendProfile, got a PublicProfile", c.FirstDifference);
        }

        // ---------------------------------------------------------------- gamestate: shared references

        [Fact]
        public void GameStateEquipsInventoryItemsAndAsksForSharedReferences()
        {
            var workload = new GameStateWorkload();
            Assert.Equal(ShapeNeeds.SharedReferences | ShapeNeeds.ObjectValues, workload.Needs);
            Assert.Equal(workload.Needs, workload.Cases(BenchScale.Tiny, sweep: false).Single().Needs);
            GameState state = Generate<GameState>(workload, BenchScale.Quick);
            List<GameCharacter> equipped = Characters(state).Where(c => c.EquippedWeapon != null).ToList();
            Assert.Contains(state.Player, equipped);
            Assert.All(equipped, c => Assert.Contains(c.Inventory, item => ReferenceEquals(item, c.EquippedWeapon)));
            Assert.Contains(equipped, c => c.EquippedWeapon is RangedWeaponItem);
            Assert.Contains(state.Rooms.SelectMany(r => r.Items).OfType<ContainerItem>(), box => box.Contents.OfType<ContainerItem>().Any());
        }

        [Theory]
        [MemberData(nameof(General))]
        public void EverySerializerThatCanKeepsTheSharedWeaponWhenTheWorkloadAsks(string name)
        {
            ISerializerAdapter adapter = Adapter(name).For(new GameStateWorkload().Needs);
            GameState state = Generate<GameState>(new GameStateWorkload(), BenchScale.Tiny);
            GameState copy = RoundTrip(adapter, state);
            if (!adapter.KeepsReferences)
            {
                // A serializer with no reference tracking at all (MemoryPack, MessagePack, protobuf-net v3) must
                // say so in its footnote (which starts with its family's name); its copy has two equal weapons,
                // and every member must still compare.
                string family = name.Split(' ')[0];
                Assert.Contains(Peers.Footnotes, f => f.StartsWith(family, StringComparison.Ordinal) && f.Contains("no reference tracking", StringComparison.Ordinal));
                var values = new Comparer();
                GameStateWorkload.Compare(values, state, copy);
                Assert.False(values.Failed, values.FirstDifference);
                return;
            }
            foreach (GameCharacter c in Characters(copy).Where(c => c.EquippedWeapon != null))
            {
                Assert.Contains(c.Inventory, item => ReferenceEquals(item, c.EquippedWeapon));
            }
            var strict = new Comparer(checksIdentity: true);
            GameStateWorkload.Compare(strict, state, copy);
            Assert.False(strict.Failed, strict.FirstDifference);
        }

        /// <summary>The peers that keep shared references whatever the workload: Orleans tracks references for every class, with no global switch.</summary>
        private static readonly string[] AlwaysKeepReferences = { "Orleans" };

        [Theory]
        [MemberData(nameof(General))]
        public void ReferenceHandlingIsOffWhereNoWorkloadAsks(string name)
        {
            ISerializerAdapter adapter = Adapter(name);
            Assert.Equal(AlwaysKeepReferences.Contains(name), adapter.KeepsReferences);
            Assert.Same(adapter, adapter.For(ShapeNeeds.None));
        }

        [Fact]
        public void TheIdentityCheckFailsOnEqualCopies()
        {
            // Amber's default options write the shared weapon twice: the copy has two equal objects.
            GameState state = Generate<GameState>(new GameStateWorkload(), BenchScale.Tiny);
            GameState copy = RoundTrip(new AmberAdapter(), state);
            Assert.DoesNotContain(copy.Player.Inventory, item => ReferenceEquals(item, copy.Player.EquippedWeapon));

            var values = new Comparer();
            GameStateWorkload.Compare(values, state, copy);
            Assert.False(values.Failed, values.FirstDifference);

            var strict = new Comparer(checksIdentity: true);
            GameStateWorkload.Compare(strict, state, copy);
            Assert.Equal("Player.EquippedWeapon: two references to one object came back as two objects", strict.FirstDifference);
        }

        // ---------------------------------------------------------------- gamestate: object values

        [Fact]
        public void GameStateVariablesHoldEachKindOfValue()
        {
            GameState state = Generate<GameState>(new GameStateWorkload(), BenchScale.Quick);
            Assert.Equal(new[] { "Boolean", "Double", "Int64", "String" }, state.Variables.Values.Select(v => v.GetType().Name).Distinct().OrderBy(n => n));
            Assert.Contains(state.Variables.Values, v => v is double d && d == Math.Floor(d));   // a whole double, which JSON writes like an integer
        }

        [Theory]
        [MemberData(nameof(General))]
        public void ObjectValuesComeBackAsTheTypeTheyWere(string name)
        {
            ISerializerAdapter adapter = Adapter(name).For(new GameStateWorkload().Needs);
            var values = new Dictionary<string, object>
            {
                ["long"] = 2L, ["whole double"] = 2.0, ["fraction"] = 0.125, ["negative"] = -40.0, ["big"] = 1e300, ["min"] = long.MinValue,
                ["text"] = "2", ["empty"] = "", ["yes"] = true, ["no"] = false,
            };
            GameState copy = RoundTrip(adapter, new GameState { Variables = values });
            Assert.Equal(values.Keys.OrderBy(k => k), copy.Variables.Keys.OrderBy(k => k));
            foreach (KeyValuePair<string, object> pair in values)
            {
                Assert.Equal(pair.Value.GetType(), copy.Variables[pair.Key].GetType());
                Assert.Equal(pair.Value, copy.Variables[pair.Key]);
            }
        }

        private static IEnumerable<GameCharacter> Characters(GameState state) => new[] { state.Player }.Concat(state.Characters);
    }
}
