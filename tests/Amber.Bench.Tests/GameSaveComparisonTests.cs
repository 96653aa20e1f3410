using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Bench.Runner;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Game;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>
    /// The game save compared like for like: gamestate-noshare is the gamestate save with no object
    /// reachable twice, measured with every serializer in its default mode, and the summary sets
    /// Amber with references only against peers that keep them, and Amber without against MemoryPack.
    /// </summary>
    public sealed class GameSaveComparisonTests
    {
        private static GameState Save(Workload workload, BenchScale? scale = null) => ((WorkloadCase<GameState>)workload.Cases(scale ?? BenchScale.Tiny, sweep: false).Single()).Value;

        private static IEnumerable<GameCharacter> Characters(GameState state) => new[] { state.Player }.Concat(state.Characters);

        [Fact]
        public void TheNoShareSaveIsTheSameSaveWithEachWeaponCopied()
        {
            GameState shared = Save(new GameStateWorkload(), BenchScale.Quick);
            GameState copied = Save(new GameStateNoShareWorkload(), BenchScale.Quick);
            Assert.Equal(ShapeNeeds.ObjectValues, new GameStateNoShareWorkload().Needs);

            List<GameCharacter> equipped = Characters(copied).Where(c => c.EquippedWeapon != null).ToList();
            Assert.NotEmpty(equipped);
            Assert.Contains(equipped, c => c.EquippedWeapon is RangedWeaponItem);
            foreach (GameCharacter c in equipped)
            {
                Assert.DoesNotContain(c.Inventory, item => ReferenceEquals(item, c.EquippedWeapon));
                Assert.Contains(c.Inventory, item => item.Id == c.EquippedWeapon!.Id && item.GetType() == c.EquippedWeapon.GetType());
            }

            // Everything else is the gamestate save: its comparison, without the identity check, passes on the copy.
            var values = new Comparer();
            GameStateWorkload.Compare(values, shared, copied);
            Assert.False(values.Failed, values.FirstDifference);

            // The no-share comparison rejects a save that does share (and passes on its own).
            var own = new Comparer();
            GameStateWorkload.CompareWithoutSharing(own, copied, copied);
            Assert.False(own.Failed, own.FirstDifference);
            var wrong = new Comparer();
            GameStateWorkload.CompareWithoutSharing(wrong, shared, shared);
            Assert.Contains("a separate copy", wrong.FirstDifference);

            int weapons = equipped.Count;
            Assert.Equal(new GameStateWorkload().Cases(BenchScale.Quick, false).Single().Objects + weapons, new GameStateNoShareWorkload().Cases(BenchScale.Quick, false).Single().Objects);
        }

        [Theory]
        [InlineData("MemoryPack")]
        [InlineData("MessagePack (int keys)")]
        [InlineData("protobuf-net")]
        public void APeerWithoutReferenceTrackingWritesTheSameBytesForBothSaves(string name)
        {
            ISerializerAdapter adapter = Peers.All().Single(a => a.Name == name);
            Assert.Equal(Bytes(adapter.For(new GameStateWorkload().Needs), Save(new GameStateWorkload())), Bytes(adapter.For(new GameStateNoShareWorkload().Needs), Save(new GameStateNoShareWorkload())));
        }

        [Fact]
        public void AmberRunsTheNoShareSaveInItsDefaultMode()
        {
            var amber = new AmberAdapter();
            Assert.True(amber.For(new GameStateWorkload().Needs).KeepsReferences);
            Assert.False(amber.For(new GameStateNoShareWorkload().Needs).KeepsReferences);
        }

        [Fact]
        public void TheSummaryComparesLikeWithLike()
        {
            ResultRow Row(string workload, string name, double ns, bool references) => new ResultRow
            {
                Workload = workload, Serializer = name, Objects = 100, SizeBytes = 100, SerializeNs = ns, DeserializeNs = ns,
                SerializeSpread = (ns, ns), DeserializeSpread = (ns, ns), SerializeAllocBytes = 0, DeserializeAllocBytes = 0, Verified = true, KeepsReferences = references,
            };
            var rows = new List<ResultRow>
            {
                Row("gamestate", "Amber", 30, references: true),
                Row("gamestate", "MemoryPack", 10, references: false),
                Row("gamestate", "Orleans", 60, references: true),
                Row("gamestate-noshare", "Amber", 20, references: false),
                Row("gamestate-noshare", "MemoryPack", 10, references: false),
                Row("gamestate-noshare", "Orleans", 60, references: true),
            };
            var text = new StringWriter();
            Report.PrintSummary(text, rows);
            string[] lines = text.ToString().Split('\n');

            // gamestate's line leaves out the peer that brings back two weapons.
            // The best-peer summary comes first; the Amber ÷ MemoryPack block after it has a line per workload too.
            string gamestate = lines.First(l => l.StartsWith("gamestate (", StringComparison.Ordinal));
            Assert.Contains("0.50 (Orleans)", gamestate);
            Assert.DoesNotContain("MemoryPack", gamestate);
            string noshare = lines.First(l => l.StartsWith("gamestate-noshare (", StringComparison.Ordinal));
            Assert.Contains("2.00 (MemoryPack)", noshare);
            string againstMemoryPack = lines.SkipWhile(l => !l.StartsWith("## Summary: Amber ÷ MemoryPack", StringComparison.Ordinal)).Single(l => l.StartsWith("gamestate-noshare (", StringComparison.Ordinal));
            Assert.Contains(" 2.00 ", againstMemoryPack);

            string kept = lines.Single(l => l.StartsWith("gamestate, references kept: ÷ Orleans", StringComparison.Ordinal));
            Assert.Contains(" 0.50 ", kept);
            Assert.DoesNotContain(lines, l => l.StartsWith("gamestate, references kept: ÷ MemoryPack", StringComparison.Ordinal));
            string defaults = lines.Single(l => l.StartsWith("gamestate-noshare, default modes: ÷ MemoryPack", StringComparison.Ordinal));
            Assert.Contains(" 2.00 ", defaults);

            Assert.Contains(lines, l => l.Contains("* gamestate: Amber keeps shared references", StringComparison.Ordinal) && l.Contains("MemoryPack bring back two equal objects", StringComparison.Ordinal));
            Assert.Contains(lines, l => l.Contains("* gamestate-noshare: ", StringComparison.Ordinal));
        }

        private static byte[] Bytes(ISerializerAdapter adapter, GameState state)
        {
            var output = new ArrayBufferWriter<byte>();
            adapter.Serialize(state, output);
            return output.WrittenSpan.ToArray();
        }
    }
}
