using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Format;
using Amber.Tests.Models.Objects;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.TypeResolution;
using Amber.Tests.Models.TypeResolution.Legacy;
using Amber.Tests.Plugin;
using Amber.Tests.Shapes;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Polymorphism beyond one assembly (docs/format.md §7.1): write dispatch by exact runtime type, types that
    /// join from other assemblies through <see cref="AmberKnownTypes"/>, former type names, what a reader does
    /// with a type tag it does not know (<see cref="AmberOptions.UnknownTypes"/>), and generic subclasses.
    /// </summary>
    public class PolymorphicTypeResolutionTests
    {
        private static string TagHex(string csharpName) => HandWire.Varint(AmberCode.TypeTagOf(csharpName));

        // ------------------------------------------------------------------ exact runtime type

        /// <summary>Private: the generator cannot reach it, so it is a case of no dispatcher and has no codec.</summary>
        private sealed class GasLamp : OilLamp
        {
        }

        [Fact]
        public void Each_case_is_written_as_its_exact_type()
        {
            var room = new Room { Light = new OilLamp { Lumens = 5, Oil = 2 }, Spares = new List<Lamp> { new Lamp { Lumens = 1 }, new OilLamp { Oil = 3 } }, Anything = new OilLamp { Oil = 4 } };
            Room back = AmberSerializer.Deserialize<Room>(AmberSerializer.Serialize(room))!;
            Assert.Equal(2, Assert.IsType<OilLamp>(back.Light).Oil);
            Assert.Equal(typeof(Lamp), back.Spares![0].GetType());
            Assert.Equal(3, Assert.IsType<OilLamp>(back.Spares[1]).Oil);
            Assert.Equal(4, Assert.IsType<OilLamp>(back.Anything).Oil);
        }

        [Fact]
        public void A_subclass_of_a_case_that_the_generator_never_saw_is_reported_not_written_as_its_base()
        {
            // A type switch would have caught GasLamp as an OilLamp and dropped what GasLamp adds, silently.
            Assert.False(AmberKnownTypes.IsKnown(typeof(GasLamp)));
            foreach (Room room in new[]
            {
                new Room { Light = new GasLamp() },
                new Room { Spares = new List<Lamp> { new Lamp(), new GasLamp() } },
                new Room { Anything = new GasLamp() },
            })
            {
                var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(room));
                Assert.Contains("GasLamp", ex.Message);
            }
        }

        // ------------------------------------------------------------------ types from other assemblies

        [Fact]
        public void A_subclass_from_a_plugin_assembly_round_trips_through_the_list_of_known_types()
        {
            // Amber.Tests has no case for Star (it is neither here nor in the assembly of Figure); the plugin's
            // generated module initializer registered it.
            AmberKnownTypes.EnsureRegistered(typeof(Star));
            Assert.True(AmberKnownTypes.IsKnown(typeof(Star)));

            var star = new Star { Label = "north", Points = 5, Tags = new List<object> { 1, "bright" } };
            var canvas = new Canvas
            {
                Main = star,
                All = new List<Figure> { new Dot { Label = "d", X = 1, Y = 2 }, new Ring { Radius = 3 }, new Polygon { Sides = 6 }, new Star { Points = 7 } },
                Any = new Star { Label = "in object" },
            };
            byte[] bytes = AmberSerializer.Serialize(canvas);
            Assert.Contains(TagHex("Amber.Tests.Plugin.Star"), HandWire.Hex(bytes));

            foreach (Canvas back in new[] { AmberSerializer.Deserialize<Canvas>(bytes)!, AmberSerializer.Deserialize<Canvas>(Segments.OneByte(bytes))! })
            {
                var main = Assert.IsType<Star>(back.Main);
                Assert.Equal(("north", 5), (main.Label, main.Points));
                Assert.Equal(new List<object> { 1, "bright" }, main.Tags);
                var dot = Assert.IsType<Dot>(back.All![0]);
                Assert.Equal(("d", 1, 2), (dot.Label, dot.X, dot.Y));
                Assert.Equal(3, Assert.IsType<Ring>(back.All[1]).Radius);
                Assert.Equal(6, Assert.IsType<Polygon>(back.All[2]).Sides);
                Assert.Equal(7, Assert.IsType<Star>(back.All[3]).Points);
                Assert.Equal("in object", Assert.IsType<Star>(back.Any).Label);
            }
        }

        [Fact]
        public void A_root_declared_as_the_base_holds_a_subclass_from_a_plugin_assembly()
        {
            AmberKnownTypes.EnsureRegistered(typeof(Star));
            byte[] bytes = AmberSerializer.Serialize<Figure>(new Star { Label = "root", Points = 4 });
            Assert.StartsWith("15" + HandWire.DefineShape(0) + HandWire.ShapeStart(3, "Amber.Tests.Plugin.Star"), HandWire.Hex(bytes));
            var back = Assert.IsType<Star>(AmberSerializer.Deserialize<Figure>(bytes));
            Assert.Equal(("root", 4), (back.Label, back.Points));
        }

        [Fact]
        public void A_subclass_from_a_third_assembly_named_by_AmberSerializable_gets_a_codec_here()
        {
            // The plugin never serializes Polygon, so it registers nothing for it: it is known only because this
            // project's generator wrote a codec for it (and a case of the Figure dispatcher, see the generator tests).
            Assert.True(AmberKnownTypes.IsKnown(typeof(Polygon)));
            byte[] bytes = AmberSerializer.Serialize(new Canvas { Main = new Polygon { Label = "hex", Sides = 6 } });
            Assert.Contains(TagHex("Amber.Tests.Plugin.Polygon"), HandWire.Hex(bytes));
            var back = Assert.IsType<Polygon>(AmberSerializer.Deserialize<Canvas>(bytes)!.Main);
            Assert.Equal(("hex", 6), (back.Label, back.Sides));
        }

        [Fact]
        public void A_subclass_from_another_assembly_that_nobody_wrote_a_codec_for_is_reported_by_name()
        {
            Assert.False(AmberKnownTypes.IsKnown(typeof(Scribble)));
            foreach (Canvas canvas in new[]
            {
                new Canvas { Main = new Scribble() },
                new Canvas { All = new List<Figure> { new Dot(), new Scribble() } },
                new Canvas { Any = new Scribble() },
            })
            {
                Assert.Contains("Scribble", Assert.Throws<AmberException>(() => AmberSerializer.Serialize(canvas)).Message);
            }
        }

        [Fact]
        public void A_subclass_from_another_assembly_of_a_class_with_no_known_subclasses_is_not_silently_written_as_its_base()
        {
            var marker = new PluginMarker { Text = "t", Color = 3 };
            byte[] bytes;
            try
            {
                bytes = AmberSerializer.Serialize(new Canvas { Marker = marker });
            }
            catch (AmberException ex)
            {
                Assert.Contains("PluginMarker", ex.Message);   // reported: acceptable
                return;
            }
            var back = Assert.IsType<PluginMarker>(AmberSerializer.Deserialize<Canvas>(bytes)!.Marker);   // or kept: acceptable
            Assert.Equal(3, back.Color);
        }

        // ------------------------------------------------------------------ former type names

        private const string OldBladeName = "Amber.Tests.Models.TypeResolution.Legacy.OldBlade";
        private const string MiddleBladeName = "Amber.Tests.Models.TypeResolution.Legacy.Archive.MiddleBlade";
        private const string BladeName = "Amber.Tests.Models.TypeResolution.Blade";

        [Fact]
        public void Data_written_under_either_former_type_name_reads_as_the_renamed_type()
        {
            var old = new OldLootBag
            {
                Main = new OldBlade { Name = "old", Sharpness = 3 },
                All = new List<OldLoot> { new Archive.MiddleBlade { Name = "older", Sharpness = 1 }, new OldBlade { Name = "again", Sharpness = 2 } },
                Count = 2,
            };
            byte[] bytes = AmberSerializer.Serialize(old);
            Assert.Contains(TagHex(OldBladeName), HandWire.Hex(bytes));
            Assert.Contains(TagHex(MiddleBladeName), HandWire.Hex(bytes));

            LootBag back = AmberSerializer.Deserialize<LootBag>(bytes)!;
            var main = Assert.IsType<Blade>(back.Main);
            Assert.Equal(("old", 3), (main.Name, main.Sharpness));
            Assert.Equal(new[] { ("older", 1), ("again", 2) }, back.All!.Select(l => (l.Name!, Assert.IsType<Blade>(l).Sharpness)));
            Assert.Equal(2, back.Count);
        }

        [Fact]
        public void The_renamed_type_is_written_under_its_first_former_name_so_old_readers_keep_reading()
        {
            byte[] bytes = AmberSerializer.Serialize(new LootBag { Main = new Blade { Name = "new", Sharpness = 9 }, Count = 1 });
            string hex = HandWire.Hex(bytes);
            Assert.Contains(HandWire.ShapeStart(2, OldBladeName), hex);
            Assert.DoesNotContain(TagHex(BladeName), hex);
            Assert.DoesNotContain(TagHex(MiddleBladeName), hex);

            var old = Assert.IsType<OldBlade>(AmberSerializer.Deserialize<OldLootBag>(bytes)!.Main);
            Assert.Equal(("new", 9), (old.Name, old.Sharpness));
            Assert.Equal(9, Assert.IsType<Blade>(AmberSerializer.Deserialize<LootBag>(bytes)!.Main).Sharpness);
        }

        [Fact]
        public void Data_tagged_with_the_current_name_reads_as_the_renamed_type_too()
        {
            byte[] written = AmberSerializer.Serialize(new LootBag { Main = new Blade { Name = "current", Sharpness = 4 } });
            byte[] bytes = HandWire.ReplaceOnce(written, TagHex(OldBladeName), TagHex(BladeName));
            Assert.Equal(4, Assert.IsType<Blade>(AmberSerializer.Deserialize<LootBag>(bytes)!.Main).Sharpness);
            // The old version never had that name.
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<OldLootBag>(bytes));
        }

        [Fact]
        public void A_type_added_after_the_rename_is_unknown_to_the_old_reader()
        {
            byte[] bytes = AmberSerializer.Serialize(new LootBag { All = new List<Loot> { new Blade { Sharpness = 1 }, new Gem { Carats = 2 }, new Blade { Sharpness = 3 } }, Count = 3 });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<OldLootBag>(bytes));
            Assert.Contains($"0x{AmberCode.TypeTagOf("Amber.Tests.Models.TypeResolution.Gem"):X8}", ex.Message);
            Assert.Equal("OldLootBag.All[1]", ex.MemberPath);

            OldLootBag skipping = AmberSerializer.Deserialize<OldLootBag>(bytes, new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null })!;
            Assert.Equal(1, Assert.IsType<OldBlade>(skipping.All![0]).Sharpness);
            Assert.Null(skipping.All[1]);
            Assert.Equal(3, Assert.IsType<OldBlade>(skipping.All[2]).Sharpness);
            Assert.Equal(3, skipping.Count);
        }

        [Fact]
        public void In_an_object_member_a_renamed_type_is_written_under_its_former_name_and_read_under_either()
        {
            byte[] bytes = AmberSerializer.Serialize(new Cell { Value = new Torch { Hours = 6 } });
            Assert.Contains(HandWire.ShapeStart(1, "Game.Items.Lantern"), HandWire.Hex(bytes));
            Assert.Equal(6, Assert.IsType<Torch>(AmberSerializer.Deserialize<Cell>(bytes)!.Value).Hours);
            byte[] current = HandWire.ReplaceOnce(bytes, TagHex("Game.Items.Lantern"), TagHex("Amber.Tests.Models.TypeResolution.Torch"));
            Assert.Equal(6, Assert.IsType<Torch>(AmberSerializer.Deserialize<Cell>(current)!.Value).Hours);
        }

        [Fact]
        public void Two_registered_types_with_one_tag_are_reported_when_an_object_member_reads_the_tag()
        {
            // Blade writes OldBlade's tag, and this test assembly has a real OldBlade too (registered with the
            // same tag). A polymorphic member decides by its own cases; an object member cannot, and says so.
            byte[] bytes = AmberSerializer.Serialize(new Cell { Value = new Blade { Sharpness = 1 } });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Cell>(bytes));
            Assert.Contains(typeof(Blade).FullName!, ex.Message);
            Assert.Contains(typeof(OldBlade).FullName!, ex.Message);
            Assert.Contains($"0x{AmberCode.TypeTagOf(OldBladeName):X8}", ex.Message);
        }

        // ------------------------------------------------------------------ a type tag the reader does not know

        private static WorkshopV2 NewerWorkshop() => new WorkshopV2
        {
            Main = new LaserCutter { Name = "laser", Weight = 40, Watts = 500 },
            Rack = new List<IToolV2> { new Hammer { Name = "h", Weight = 2, Force = 9 }, new LaserCutter { Name = "l2", Watts = 1 }, new Tool { Name = "t" } },
            ByName = new Dictionary<string, IToolV2> { ["cutter"] = new LaserCutter { Watts = 2 }, ["hammer"] = new Hammer { Force = 3 } },
            Spare = new Nut { Serial = "n1", Thread = 8 },
            Bin = new List<IPartV2> { new Bolt { Serial = "b1", Size = 4 }, new Nut { Thread = 6 }, new Bolt { Size = 5 } },
            Owner = "me",
        };

        [Fact]
        public void Known_types_read_across_the_change_of_declared_type_from_class_to_interface()
        {
            var v2 = new WorkshopV2 { Main = new Hammer { Name = "h", Force = 7 }, Spare = new Bolt { Size = 2 }, Owner = "o" };
            Workshop w = AmberSerializer.Deserialize<Workshop>(AmberSerializer.Serialize(v2))!;
            Assert.Equal(7, Assert.IsType<Hammer>(w.Main).Force);
            Assert.Equal(2, Assert.IsType<Bolt>(w.Spare).Size);
            WorkshopV2 back = AmberSerializer.Deserialize<WorkshopV2>(AmberSerializer.Serialize(w))!;
            Assert.Equal(7, Assert.IsType<Hammer>(back.Main).Force);
            Assert.Equal("o", back.Owner);
        }

        [Fact]
        public void By_default_an_unknown_type_tag_fails_naming_the_tag_the_offset_and_the_member()
        {
            byte[] bytes = AmberSerializer.Serialize(NewerWorkshop());
            uint laser = AmberCode.TypeTagOf("Amber.Tests.Models.TypeResolution.LaserCutter");
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Workshop>(bytes));
            Assert.Contains($"0x{laser:X8}", ex.Message);
            Assert.Contains("byte offset", ex.Message);
            Assert.Equal("Workshop.Main", ex.MemberPath);
            Assert.InRange(ex.ByteOffset, HandWire.IndexOf(bytes, HandWire.Bytes(TagHex("Amber.Tests.Models.TypeResolution.LaserCutter"))), bytes.Length);
            Assert.Equal(ex.ByteOffset, Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Workshop>(new MemoryStream(bytes))).ByteOffset);

            // An abstract declared type alike.
            byte[] nut = AmberSerializer.Serialize(new WorkshopV2 { Spare = new Nut() });
            var abstractEx = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Workshop>(nut));
            Assert.Contains($"0x{AmberCode.TypeTagOf("Amber.Tests.Models.TypeResolution.Nut"):X8}", abstractEx.Message);
            Assert.Equal("Workshop.Spare", abstractEx.MemberPath);
        }

        [Fact]
        public void With_UnknownTypes_Null_unknown_objects_become_null_and_the_rest_of_the_payload_reads()
        {
            byte[] bytes = AmberSerializer.Serialize(NewerWorkshop());
            var options = new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null };
            foreach (Workshop w in new[] { AmberSerializer.Deserialize<Workshop>(bytes, options)!, AmberSerializer.Deserialize<Workshop>(Segments.OneByte(bytes), options)! })
            {
                Assert.Null(w.Main);
                Assert.Equal(3, w.Rack!.Count);
                Assert.Equal(9, Assert.IsType<Hammer>(w.Rack[0]).Force);
                Assert.Null(w.Rack[1]);
                Assert.Equal(("t", typeof(Tool)), (w.Rack[2].Name, w.Rack[2].GetType()));
                Assert.Null(w.ByName!["cutter"]);
                Assert.Equal(3, Assert.IsType<Hammer>(w.ByName["hammer"]).Force);
                Assert.Null(w.Spare);
                Assert.Equal(4, Assert.IsType<Bolt>(w.Bin![0]).Size);
                Assert.Null(w.Bin[1]);
                Assert.Equal(5, Assert.IsType<Bolt>(w.Bin[2]).Size);
                Assert.Equal("me", w.Owner);
            }
        }

        [Fact]
        public void With_UnknownTypes_DeclaredType_a_concrete_base_reads_its_own_members_and_an_abstract_one_is_null()
        {
            byte[] bytes = AmberSerializer.Serialize(NewerWorkshop());
            Workshop w = AmberSerializer.Deserialize<Workshop>(bytes, new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.DeclaredType })!;
            Assert.Equal(typeof(Tool), w.Main!.GetType());
            Assert.Equal(("laser", 40), (w.Main.Name, w.Main.Weight));   // Watts skipped
            Assert.Equal(typeof(Tool), w.Rack![1].GetType());
            Assert.Equal("l2", w.Rack[1].Name);
            Assert.Equal(typeof(Tool), w.ByName!["cutter"].GetType());
            Assert.Null(w.Spare);                                          // Part is abstract
            Assert.Null(w.Bin![1]);
            Assert.Equal(5, Assert.IsType<Bolt>(w.Bin[2]).Size);
            Assert.Equal("me", w.Owner);
        }

        [Fact]
        public void In_reference_mode_a_back_reference_to_a_skipped_unknown_object_is_reported()
        {
            // §7.2: a back-reference to an object that was skipped cannot be resolved, even when the skip was asked for.
            var laser = new LaserCutter { Name = "shared" };
            byte[] bytes = AmberSerializer.Serialize(new WorkshopV2 { Main = laser, Rack = new List<IToolV2> { laser } }, new AmberOptions { PreserveReferences = true });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Workshop>(bytes, new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null }));
            Assert.Equal("Workshop.Rack[0]", ex.MemberPath);

            // Without a shared instance, the skip keeps ids aligned and later back-references resolve.
            var hammer = new Hammer { Force = 1 };
            byte[] aligned = AmberSerializer.Serialize(new WorkshopV2 { Main = new LaserCutter { Name = "x" }, Rack = new List<IToolV2> { hammer, hammer } }, new AmberOptions { PreserveReferences = true });
            Workshop w = AmberSerializer.Deserialize<Workshop>(aligned, new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null })!;
            Assert.Null(w.Main);
            Assert.Same(w.Rack![0], w.Rack[1]);
        }

        [Fact]
        public void Truncated_and_corrupted_payloads_with_unknown_types_are_rejected_with_AmberException_only()
        {
            byte[] full = AmberSerializer.Serialize(NewerWorkshop());
            var options = new[]
            {
                AmberOptions.Default,
                new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null },
                new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.DeclaredType },
            };
            foreach (AmberOptions o in options)
            {
                for (int length = 0; length < full.Length; length++)
                {
                    byte[] cut = full.AsSpan(0, length).ToArray();
                    Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Workshop>(cut, o));
                    Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<WorkshopV2>(cut, o));
                }
                for (int i = 0; i < full.Length; i++)
                {
                    foreach (byte delta in new byte[] { 0x01, 0x80, 0xFF })
                    {
                        byte[] bad = (byte[])full.Clone();
                        bad[i] ^= delta;
                        try
                        {
                            AmberSerializer.Deserialize<Workshop>(bad, o);
                        }
                        catch (AmberException)
                        {
                        }
                    }
                }
            }
        }

        // ------------------------------------------------------------------ generic subclasses

        [Fact]
        public void A_generic_subclass_serves_a_member_declared_as_its_generic_base_with_its_type_arguments_inferred()
        {
            var rack = new SlotRack
            {
                Number = new PlainSlot<int> { Value = 5, Label = "five" },
                Text = new PlainSlot<string> { Value = "t", Label = "text" },
                Lists = new ListSlot<int> { Value = new List<int> { 1, 2 }, Capacity = 8 },
                Many = new List<Slot<int>> { new NumberSlot<int> { Value = 3, Min = 1 }, new IntSlot { Value = 4, Extra = 2 }, new PlainSlot<int> { Value = 6 } },
            };
            byte[] bytes = AmberSerializer.Serialize(rack);
            string hex = HandWire.Hex(bytes);
            Assert.Contains(TagHex("Amber.Tests.Models.TypeResolution.PlainSlot<int>"), hex);
            Assert.Contains(TagHex("Amber.Tests.Models.TypeResolution.PlainSlot<string>"), hex);
            Assert.Contains(TagHex("Amber.Tests.Models.TypeResolution.ListSlot<int>"), hex);
            Assert.Contains(TagHex("Amber.Tests.Models.TypeResolution.NumberSlot<int>"), hex);

            SlotRack back = AmberSerializer.Deserialize<SlotRack>(bytes)!;
            var number = Assert.IsType<PlainSlot<int>>(back.Number);
            Assert.Equal((5, "five"), (number.Value, number.Label));
            var text = Assert.IsType<PlainSlot<string>>(back.Text);
            Assert.Equal(("t", "text"), (text.Value, text.Label));
            var lists = Assert.IsType<ListSlot<int>>(back.Lists);
            Assert.Equal(new List<int> { 1, 2 }, lists.Value);
            Assert.Equal(8, lists.Capacity);
            var min = Assert.IsType<NumberSlot<int>>(back.Many![0]);
            Assert.Equal((3, 1), (min.Value, min.Min));
            Assert.Equal(2, Assert.IsType<IntSlot>(back.Many[1]).Extra);
            Assert.Equal(6, Assert.IsType<PlainSlot<int>>(back.Many[2]).Value);

            // Class-type and new() constraints, and a generic interface.
            var more = new SlotRack
            {
                Armed = new ItemSlot<Sword> { Value = new Sword { Name = "s" }, Count = 2 },
                Number = new FreshSlot<int> { Value = 1, Fresh = true },
                Carrier = new Carrier<string> { Load = "cargo" },
                Many = new List<Slot<int>> { new FreshSlot<int> { Fresh = true } },
            };
            SlotRack moreBack = AmberSerializer.Deserialize<SlotRack>(AmberSerializer.Serialize(more))!;
            var armed = Assert.IsType<ItemSlot<Sword>>(moreBack.Armed);
            Assert.Equal(("s", 2), (armed.Value!.Name, armed.Count));
            Assert.True(Assert.IsType<FreshSlot<int>>(moreBack.Number).Fresh);
            Assert.True(Assert.IsType<FreshSlot<int>>(moreBack.Many![0]).Fresh);
            Assert.Equal("cargo", Assert.IsType<Carrier<string>>(moreBack.Carrier).Load);
            Assert.IsType<FreshSlot<Sword>>(AmberSerializer.Deserialize<SlotRack>(AmberSerializer.Serialize(new SlotRack { Armed = new FreshSlot<Sword>() }))!.Armed);

            // The same closed types where object is declared.
            Assert.Equal(8, Assert.IsType<ListSlot<int>>(AmberSerializer.Deserialize<Cell>(AmberSerializer.Serialize(new Cell { Value = lists }))!.Value).Capacity);
        }

        [Fact]
        public void A_generic_subclass_whose_type_arguments_cannot_all_be_inferred_is_not_a_case()
        {
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(new SlotRack { Number = new PairSlot<int, string> { Value = 1, Other = "x" } }));
            Assert.Contains("PairSlot", ex.Message);
        }

        [Fact]
        public void A_closed_generic_subclass_of_a_non_generic_base_is_a_case_when_AmberSerializable_names_it()
        {
            var chest = new Chest
            {
                Reward = new Reward<Sword> { Gold = 5, Prize = new Sword { Name = "prize", Damage = 12 } },
                Rewards = new List<RewardBase> { new Reward<Sword> { Gold = 1 } },
            };
            byte[] bytes = AmberSerializer.Serialize(chest);
            Assert.Contains(TagHex("Amber.Tests.Models.TypeResolution.Reward<Amber.Tests.Models.Poly.Sword>"), HandWire.Hex(bytes));
            Chest back = AmberSerializer.Deserialize<Chest>(bytes)!;
            var reward = Assert.IsType<Reward<Sword>>(back.Reward);
            Assert.Equal((5, "prize", 12), (reward.Gold, reward.Prize!.Name, reward.Prize.Damage));
            Assert.Equal(1, Assert.IsType<Reward<Sword>>(back.Rewards![0]).Gold);

            // A construction nobody named is not.
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(new Chest { Reward = new Reward<Key>() }));
            Assert.Contains("Reward", ex.Message);
            Assert.Contains("Key", ex.Message);
        }
    }
}
