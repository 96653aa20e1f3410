using System;
using System.Collections.Generic;
using Amber.Json;
using Xunit;

namespace Amber.Tests.Security
{
    public class NestNode
    {
        public int Id { get; set; }
        public List<NestNode>? Children { get; set; }
        public List<List<NestNode>>? Groups { get; set; }
    }

    public class NestHolder
    {
        public int Before { get; set; }
        public NestNode? Tree { get; set; }
        public int[][][]? Jagged { get; set; }
        public Dictionary<string, List<int[]>>? Nested { get; set; }
        public int After { get; set; }
    }

    /// <summary>The holder at another time: it has none of the nested members, so it skips them.</summary>
    public class NestHolderSkipping
    {
        public int Before { get; set; }
        public int After { get; set; }
    }

    /// <summary>A relay of the holder: it lacks the nested members and keeps them (a copy of each).</summary>
    public class NestHolderRelay
    {
        public int Before { get; set; }
        public int After { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// Every reader counts nesting by one rule (docs/security.md, "Bounded nesting"): an object takes a level, a collection
    /// directly in a collection takes one, a collection in an object member takes none. So under each MaxDepth the
    /// generated reader, a reader that skips the members, a relay that copies them, and the JSON view typed and schema-less
    /// all accept the same payloads, and FromJson writes what the view showed.
    /// </summary>
    public class NestingRuleTests
    {
        private static NestNode Tree(int depth) => depth == 0
            ? new NestNode { Id = 0 }
            : new NestNode
            {
                Id = depth,
                Children = new List<NestNode> { Tree(depth - 1) },
                Groups = depth % 3 == 0 ? new List<List<NestNode>> { new List<NestNode> { new NestNode { Id = -depth } } } : null,
            };

        public static IEnumerable<object[]> Holders()
        {
            yield return new object[] { "tree", new NestHolder { Tree = Tree(7) } };
            yield return new object[] { "jagged", new NestHolder { Jagged = new[] { new[] { new[] { 1, 2 }, Array.Empty<int>() } } } };
            yield return new object[] { "map of lists of arrays", new NestHolder { Nested = new Dictionary<string, List<int[]>> { ["a"] = new List<int[]> { new[] { 1 } } } } };
            yield return new object[] { "all", new NestHolder { Tree = Tree(4), Jagged = new[] { new[] { new[] { 3 } } }, Nested = new Dictionary<string, List<int[]>> { ["b"] = new List<int[]>() } } };
        }

        private static bool Reads(Action read)
        {
            try
            {
                read();
                return true;
            }
            catch (AmberException ex)
            {
                Assert.Contains("depth", ex.Message, StringComparison.OrdinalIgnoreCase);
                return false;
            }
        }

        [Theory]
        [MemberData(nameof(Holders))]
        public void Every_reader_accepts_and_refuses_at_the_same_depth(string name, NestHolder holder)
        {
            byte[] payload = AmberSerializer.Serialize(holder);
            int firstAccepted = -1;
            for (int max = 1; max <= 20; max++)
            {
                var options = new AmberOptions { MaxDepth = max };
                bool generated = Reads(() => AmberSerializer.Deserialize<NestHolder>(payload, options));
                var outcomes = new (string Reader, bool Reads)[]
                {
                    ("skipping", Reads(() => AmberSerializer.Deserialize<NestHolderSkipping>(payload, options))),
                    ("relay", Reads(() => AmberSerializer.Serialize(AmberSerializer.Deserialize<NestHolderRelay>(payload, options), options))),
                    ("typed view", Reads(() => AmberJson.ToJson<NestHolder>(payload, options))),
                    ("schema-less view", Reads(() => AmberJson.ToJson(payload, null, options))),
                    ("writer", Reads(() => AmberSerializer.Serialize(holder, options))),
                };
                foreach ((string reader, bool reads) in outcomes)
                    Assert.True(generated == reads, $"{name} at MaxDepth {max}: the generated reader {(generated ? "reads" : "refuses")}, {reader} {(reads ? "reads" : "refuses")}");
                if (generated)
                {
                    Assert.Equal(payload, AmberSerializer.Serialize(AmberJson.FromJson<NestHolder>(AmberJson.ToJson<NestHolder>(payload, options), options), options));
                    if (firstAccepted < 0) firstAccepted = max;
                }
                else
                {
                    Assert.Equal(-1, firstAccepted); // once accepted, every larger MaxDepth accepts too
                    Assert.True(max < 20);
                }
            }
            Assert.True(firstAccepted > 1, $"{name}: accepted at every MaxDepth, so nothing was compared at the limit");
        }

        [Fact]
        public void A_tree_of_lists_counts_its_objects_and_its_lists_of_lists()
        {
            // Holder (1) > Tree node 7 (2) > … > node 0 (9): the lists in object members take no level. Node 6 and node 3 hold
            // Groups, a list of lists: the inner list takes one, its node one more: node 6 at level 3, inner list 4, node 5.
            byte[] payload = AmberSerializer.Serialize(new NestHolder { Tree = Tree(7) });
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<NestHolder>(payload, new AmberOptions { MaxDepth = 8 }));
            Assert.NotNull(AmberSerializer.Deserialize<NestHolder>(payload, new AmberOptions { MaxDepth = 9 }));
            // int[][][] in a member: the outer array none, the middle arrays one, the inner arrays two; with the holder, 3.
            byte[] jagged = AmberSerializer.Serialize(new NestHolder { Jagged = new[] { new[] { new[] { 1 } } } });
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<NestHolder>(jagged, new AmberOptions { MaxDepth = 2 }));
            Assert.NotNull(AmberSerializer.Deserialize<NestHolder>(jagged, new AmberOptions { MaxDepth = 3 }));
        }
    }
}
