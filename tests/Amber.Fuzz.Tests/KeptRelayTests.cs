using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Fuzz.Targets;
using Xunit;
using Xunit.Abstractions;

namespace Amber.Fuzz.Tests
{
    /// <summary>
    /// The kept-members targets (<see cref="KeptRelay"/>): a relay that keeps the members it lacks reads a model's payload and
    /// writes it on; the model must read the relayed bytes as it reads the input, and relaying twice changes nothing.
    /// </summary>
    public class KeptRelayTests
    {
        private readonly ITestOutputHelper _output;

        public KeptRelayTests(ITestOutputHelper output) => _output = output;

        private static IEnumerable<FuzzTarget> Relays => FuzzTarget.All.Where(t => t.Entry == EntryPoint.Relay);

        [Fact]
        public void Four_models_have_a_relay_named_Kept_Model()
        {
            Assert.Equal(new[] { "Kept.Collections", "Kept.Geometry", "Kept.Scene", "Kept.Network" }, Relays.Select(t => t.Name));
            Assert.Equal(Relays.Select(t => t.Name), FuzzTarget.Select("Kept").Select(t => t.Name));
            Assert.Contains(FuzzTarget.Select("Scene"), t => t.Name == "Kept.Scene");   // a model's targets include its relay
            Assert.DoesNotContain(FuzzTarget.Select("span"), t => t.Entry == EntryPoint.Relay);
        }

        [Fact]
        public void Every_seed_is_relayed_to_the_same_value_and_reference_mode_seeds_are_relayed_too()
        {
            foreach (FuzzTarget t in Relays)
            {
                List<byte[]> seeds = t.Model.MakeSeeds(1);
                int relayed = 0, withReferences = 0;
                foreach (byte[] seed in seeds)
                {
                    string mode = (seed[0] & 0x08) != 0 ? ", reference mode" : "";
                    RelayRun run = t.Model.Relay!(seed, null);
                    if (run.Error is AmberException e)
                    {
                        // A reference-mode Network whose items link to each other: a later item refers to one the relay keeps.
                        _output.WriteLine($"{t.Name}: {seed.Length} bytes{mode}: refused by the relay: {e.Problem}");
                        Assert.True(t.Name == "Kept.Network" && mode != "", e.ToString());
                        continue;
                    }
                    _output.WriteLine($"{t.Name}: {seed.Length} bytes{mode}: {run.Outcome}");
                    if (run.Outcome == "relayed, the same value")
                    {
                        relayed++;
                        if (mode != "") withReferences++;
                    }
                    Assert.Contains(run.Steps, s => s.Name == "relay read");
                }
                // A reference-mode Network whose kept labels share strings with the relayed items, and whose items keep
                // chains of their own, is relayed in full (docs/format.md §5.2).
                Assert.True(relayed >= 4, $"{t.Name}: {relayed} of {seeds.Count} seeds relayed");
                Assert.True(withReferences >= 1, $"{t.Name}: no reference-mode seed relayed");
            }
        }

        [Fact]
        public void The_relays_keep_what_they_lack_inline_rows_included()
        {
            var f = new ModelFactory(new Random(4));
            GeometryRelay geometry = AmberSerializer.Deserialize<GeometryRelay>(AmberSerializer.Serialize(f.Geometry()))!;
            Assert.True(geometry.Unknown!.Count >= 8);                      // MaybeOrigin, Normals, Pixels … Anchors
            Assert.Equal(2, geometry.Origin.Unknown!.Count);                // Y and Z of an inline struct's row
            Assert.All(geometry.Anchors!.Values, v => Assert.Equal(2, v.Unknown!.Count));
            Assert.Equal(5, geometry.Tint.Unknown!.Count);                  // G, B, Tag, On, Ch: five packed codes
            Assert.All(geometry.Labels!, l => Assert.InRange(l.Unknown!.Count, 1, 2));   // At, inline; Weights when there are some
            SceneRelay scene = AmberSerializer.Deserialize<SceneRelay>(AmberSerializer.Serialize(f.Scene()))!;
            Assert.True(scene.Unknown!.Count >= 4);
            Network chains;
            do
            {
                f.Network();
                chains = f.Network();   // every other network: items with chains of their own
            }
            while (chains.Items!.Count < 2);
            NetworkRelay network = AmberSerializer.Deserialize<NetworkRelay>(AmberSerializer.Serialize(chains, new AmberOptions { PreserveReferences = true }))!;
            Assert.All(network.Items!, i => Assert.Equal(1, i.Unknown!.Count));   // Next, an object
            Assert.Same(network.Items![^1], network.Hub);   // read after the kept chains before it
        }

        [Fact]
        public void Values_compare_member_by_member_with_shared_objects_but_not_shared_strings()
        {
            string name = "shared";
            var a = new Network { Labels = new List<string> { name, name }, Items = new List<Item> { new Item { Name = "x" } } };
            a.Hub = a.Items[0];
            var copies = new Network { Labels = new List<string> { "shared", new string("shared".AsSpan()) }, Items = new List<Item> { new Item { Name = "x" } } };
            copies.Hub = copies.Items[0];
            Assert.Null(KeptRelay.Compare(a, copies));                          // strings count by content

            var unshared = new Network { Labels = a.Labels, Items = new List<Item> { new Item { Name = "x" } }, Hub = new Item { Name = "x" } };
            Assert.NotNull(KeptRelay.Compare(a, unshared));                     // an object held twice is not two equal objects
            Assert.NotNull(KeptRelay.Compare(new Scene { Main = new Circle() }, new Scene { Main = new Circle { Radius = -0.0 } }));
            Assert.NotNull(KeptRelay.Compare(new Scene { Main = new Rect() }, new Scene { Main = new Square() }));
            Assert.Null(KeptRelay.Compare(new Geometry { Mesh = new Vector3[2, 3] }, new Geometry { Mesh = new Vector3[2, 3] }));
            Assert.NotNull(KeptRelay.Compare(new Geometry { Mesh = new Vector3[2, 3] }, new Geometry { Mesh = new Vector3[3, 2] }));
            Assert.Null(KeptRelay.Compare(new Collections(), new Collections()));   // default immutable arrays included
        }

        [Fact]
        public void A_relay_that_reads_the_same_bytes_differently_is_a_finding()
        {
            // A "relay" without an AmberUnknownMembers member drops what it does not know: Dynamic shares no member with Scene.
            byte[] scene = AmberSerializer.Serialize(new Scene { Main = new Circle { Radius = 2 } });
            var mismatch = Assert.Throws<KeptRelayMismatchException>(() => KeptRelay.Run<Dynamic, Scene>(scene, null));
            Assert.Contains("another value", mismatch.Message);
        }

        [Fact]
        public void A_relay_may_refuse_a_kept_row_bool_the_model_skips()
        {
            // Found by afl-fuzz on Kept.Geometry: a Geometry whose only member is Tint, an inline Pixel (R, G, B, Tag, On, Ch),
            // with On's tag changed to an unknown key (58D6 → 58D9) and its row byte 0xBF. Geometry skips the row member
            // without looking; GeometryRelay's PixelRelay keeps it, re-encodes it by its packed code (bool) and refuses 191.
            byte[] input = Convert.FromHexString("150202FD2B01080C0067481E581FB88058D9B0DD010407010B0C" + "000000000000000000000000BF0000");
            Assert.False(AmberSerializer.Deserialize<Geometry>(input)!.Tint.On);
            RelayRun run = KeptRelay.Run<GeometryRelay, Geometry>(input, null);   // no KeptRelayMismatchException
            if (run.Error != null) Assert.True(KeptRelay.RefusalOnlyARelayMakes(run.Error.Problem), run.Error.Message);
            // Under its own key the model refuses it too.
            byte[] known = Convert.FromHexString("150202FD2B01080C0067481E581FB88058D6B0DD010407010B0C" + "000000000000000000000000BF0000");
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Geometry>(known));
        }

        [Fact]
        public void A_relay_reads_at_the_MaxDepth_the_model_reads_a_kept_sequence_of_objects()
        {
            // Found by replaying afl-fuzz's Kept.Collections corpus with MaxDepth 5: an array of items three deep (Item, Next,
            // Next) read at MaxDepth 4, where a reader that kept or skipped it counted the array as a level of its own. One
            // rule counts levels for every reader now: the array in a member takes none.
            Item chain = new Item { Name = "a", Next = new Item { Name = "b", Next = new Item { Name = "c" } } };
            byte[] input = AmberSerializer.Serialize(new Collections { ItemArray = new[] { chain } });
            var depth4 = new AmberOptions { MaxDepth = 4 };
            Assert.NotNull(AmberSerializer.Deserialize<Collections>(input, depth4));
            Assert.Null(KeptRelay.Run<CollectionsRelay, Collections>(input, depth4).Error);
            var depth3 = new AmberOptions { MaxDepth = 3 };
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Collections>(input, depth3));
            Assert.NotNull(KeptRelay.Run<CollectionsRelay, Collections>(input, depth3).Error);
        }

        [Fact]
        public void Each_step_of_a_relay_is_held_to_the_bound_of_the_bytes_it_reads()
        {
            var target = new FuzzTarget(new FuzzModel("Fake", typeof(object),
                (f, o) => AmberSerializer.Serialize(new Scene()),
                (s, o) => null,
                (in System.Buffers.ReadOnlySequence<byte> s, AmberOptions? o) => null,
                (s, o) => null,
                (s, o) => System.Threading.Tasks.Task.FromResult<object?>(null),
                relay: (b, o) =>
                {
                    var run = new RelayRun();
                    run.Step("cheap", GC.GetAllocatedBytesForCurrentThread(), b.Length);
                    long before = GC.GetAllocatedBytesForCurrentThread();
                    GC.KeepAlive(b.Length > 4 ? new byte[6 << 20] : null);
                    run.Step("costly", before, b.Length);
                    return run;
                }), EntryPoint.Relay);
            Assert.Equal("Kept.Fake", target.Name);
            using var engine = new FuzzEngine(new[] { target }, new FuzzOptions { Iterations = 200 });
            Finding f = Assert.Single(engine.Run().Findings);
            Assert.Equal(FindingKind.AllocationBlowUp, f.Kind);
            Assert.Equal("allocation in costly", f.Identity);
        }
    }
}
