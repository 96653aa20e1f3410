using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models.Refs;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Shared references and cycles, opt-in (docs/format.md §7.2).</summary>
    public class ReferenceTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        [Fact]
        public void Cycles_round_trip_with_references_on()
        {
            var root = new Node { Name = "root" };
            var child = new Node { Name = "child", Parent = root };
            root.Children.Add(child);
            child.Children.Add(root);   // a cycle through a collection as well
            Node back = AmberSerializer.Deserialize<Node>(AmberSerializer.Serialize(root, Refs), Refs)!;
            Node c = back.Children[0];
            Assert.Same(back, c.Parent);
            Assert.Same(back, c.Children[0]);
            Assert.Equal("child", c.Name);
        }

        [Fact]
        public void Without_references_a_cycle_fails_with_the_depth_limit_not_a_stack_overflow()
        {
            var root = new Node { Name = "root" };
            root.Children.Add(root);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(root));
            Assert.Contains("depth", ex.Message);
        }

        [Fact]
        public void Shared_objects_and_strings_are_written_once_and_read_back_as_one_instance()
        {
            var t = new Title { Text = "Dune" };
            string big = new string('x', 1_000_000);
            var lib = new Library { Shelf = new List<Title> { t, t, new Title { Text = "Emma" } }, Featured = t, Notes = Enumerable.Repeat(big, 100).ToList() };
            byte[] with = AmberSerializer.Serialize(lib, Refs);
            Assert.InRange(with.Length, 1_000_000, 1_000_400);   // the 1 MB string once, not 100 times
            Library back = AmberSerializer.Deserialize<Library>(with)!;   // the header says reference mode: no options needed to read
            Assert.Same(back.Shelf![0], back.Shelf[1]);
            Assert.Same(back.Shelf[0], back.Featured);
            Assert.NotSame(back.Shelf[0], back.Shelf[2]);
            Assert.All(back.Notes!, n => Assert.Same(back.Notes![0], n));
            Assert.Equal(big, back.Notes![0]);
            Assert.Null(back.Missing);
            // Off, the same graph is copied: 100 MB of strings, three distinct titles.
            byte[] without = AmberSerializer.Serialize(lib);
            Assert.True(without.Length > 100_000_000);
            Library copied = AmberSerializer.Deserialize<Library>(without)!;
            Assert.NotSame(copied.Shelf![0], copied.Shelf[1]);
        }

        [Fact]
        public void Thousands_of_shared_objects_and_strings_keep_their_identity()
        {
            // Enough distinct objects and strings that the writer's identity tables grow several times; every title is
            // listed twice, in a different order, and every text string is shared by two titles.
            var texts = Enumerable.Range(0, 3000).Select(i => new string('t', 1) + i).ToList();
            var titles = Enumerable.Range(0, 6000).Select(i => new Title { Text = texts[i / 2] }).ToList();
            var shelf = titles.Concat(Enumerable.Reverse(titles)).ToList();
            var lib = new Library { Shelf = shelf, Notes = texts };
            Library back = AmberSerializer.Deserialize<Library>(AmberSerializer.Serialize(lib, Refs), Refs)!;
            Assert.Equal(12000, back.Shelf!.Count);
            for (int i = 0; i < 6000; i++)
            {
                Assert.Same(back.Shelf[i], back.Shelf[11999 - i]);
                Assert.Equal(texts[i / 2], back.Shelf[i].Text);
                Assert.Same(back.Notes![i / 2], back.Shelf[i].Text);
            }
            Assert.Equal(6000, back.Shelf.Distinct().Count());
        }

        [Fact]
        public void Skipped_members_keep_reference_ids_aligned()
        {
            var t = new Title { Text = "main" };
            string name = "n-" + Guid.NewGuid();
            var w = new AliasWriter { Old = "skipped", OldTitle = new Title { Text = "skipped too" }, Name = name, Alias = name, Main = t, Same = t };
            AliasReader back = AmberSerializer.Deserialize<AliasReader>(AmberSerializer.Serialize(w, Refs))!;
            Assert.Equal(name, back.Name);
            Assert.Same(back.Name, back.Alias);
            Assert.Same(back.Main, back.Same);
            Assert.Equal("main", back.Main!.Text);
        }

        [Fact]
        public void A_reference_to_a_skipped_object_is_reported()
        {
            var t = new Title { Text = "only in a skipped member" };
            byte[] bytes = AmberSerializer.Serialize(new AliasWriter { OldTitle = t, Same = t }, Refs);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SkippedTarget>(bytes));
            Assert.Contains("skipped", ex.Message);
            Assert.Contains("SkippedTarget.Same", ex.Message);
        }

        [Fact]
        public void A_cycle_through_a_constructor_built_type_is_reported_clearly()
        {
            // A record is built by its constructor, so it exists only after its members are read: sharing
            // works, but a member that refers back to the record itself cannot be resolved.
            var a = new Person("a", null);
            var b = new Person("b", a);
            var pair = new List<Person> { b, b };
            List<Person> back = AmberSerializer.Deserialize<List<Person>>(AmberSerializer.Serialize(pair, Refs))!;
            Assert.Same(back[0], back[1]);
            Assert.Equal("a", back[0].Friend!.Name);
            // A payload whose Person refers back to itself (crafted: object 0's Friend is a back-reference to 0).
            byte[] self = AmberSerializer.Serialize(new List<Person> { new Person("s", new Person("t", null)) }, Refs);
            int inner = FindInnerHeader(self);
            Assert.True(inner > 0);
            self[inner] = 0x07;   // header (1 << 2) | 0b11: back-reference to object 1 (0 is the list), the outer Person still being built
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<Person>>(self));
            Assert.Contains("constructor", ex.Message);
        }

        private static int FindInnerHeader(byte[] payload)
        {
            // The second Person object header is a shape reference "(0 << 2) | 0b01" = 0x01 after the outer one's Name "s" (02 73).
            for (int i = 0; i + 2 < payload.Length; i++)
            {
                if (payload[i] == 0x02 && payload[i + 1] == (byte)'s' && payload[i + 2] == 0x01) return i + 2;
            }
            return -1;
        }

        [Fact]
        public void A_type_marked_AmberPreserveReferences_turns_reference_mode_on_by_itself()
        {
            var v1 = new Vertex { Id = 1 };
            var v2 = new Vertex { Id = 2, Edges = { v1 } };
            v1.Edges.Add(v2);
            var g = new Graph { Vertices = { v1, v2 } };
            Graph back = AmberSerializer.Deserialize<Graph>(AmberSerializer.Serialize(g))!;
            Assert.Same(back.Vertices[1], back.Vertices[0].Edges[0]);
            Assert.Same(back.Vertices[0], back.Vertices[1].Edges[0]);
        }

        [Fact]
        public void Polymorphic_members_share_instances()
        {
            var sword = new Amber.Tests.Models.Poly.Sword { Name = "s", Damage = 9 };
            var stash = new Stash { Items = new List<Amber.Tests.Models.Poly.Item> { sword, new Amber.Tests.Models.Poly.Key { OpensDoor = 1 } }, Equipped = sword };
            Stash back = AmberSerializer.Deserialize<Stash>(AmberSerializer.Serialize(stash, Refs))!;
            Assert.Same(back.Items![0], back.Equipped);
            Assert.IsType<Amber.Tests.Models.Poly.Sword>(back.Equipped);
        }

        [Fact]
        public void Every_corruption_of_a_reference_mode_payload_is_read_or_rejected_with_AmberException()
        {
            var root = new Node { Name = "r" };
            root.Children.Add(new Node { Name = "c", Parent = root });
            root.Children.Add(root.Children[0]);
            byte[] good = AmberSerializer.Serialize(root, Refs);
            for (int i = 0; i < good.Length; i++)
            {
                foreach (byte delta in new byte[] { 0x01, 0x02, 0x80, 0xFF })
                {
                    byte[] bad = (byte[])good.Clone();
                    bad[i] ^= delta;
                    try { AmberSerializer.Deserialize<Node>(bad); }
                    catch (AmberException) { }
                }
            }
            for (int len = 0; len < good.Length; len++)
            {
                byte[] cut = good.AsSpan(0, len).ToArray();
                Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Node>(cut));
            }
        }
    }
}
