using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.IO;
using System.Linq;
using Amber.Streaming;
using Amber.Tests.Models.CollectionIds;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Collections keep their identity in reference mode (docs/format.md §7.2, format version 2): a sequence or
    /// map held twice comes back as one instance, for every collection kind, across typed and <c>object</c>
    /// positions, through cycles; what cannot be resolved is an AmberException that says why.
    /// </summary>
    public class ReferenceModeCollectionTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        private static T RoundTrip<T>(T value) => AmberSerializer.Deserialize<T>(AmberSerializer.Serialize(value, Refs))!;

        [Fact]
        public void Every_collection_kind_held_by_two_members_comes_back_as_one_instance()
        {
            var items = new List<Item> { new Item { Name = "a" }, new Item { Name = "b" } };
            var index = new Dictionary<string, Item> { ["a"] = items[0] };
            var tags = new HashSet<string> { "x", "y" };
            var sorted = new SortedSet<int> { 3, 1 };
            var queue = new Queue<Item>(items);
            var stack = new Stack<int>(new[] { 1, 2, 3 });
            var linked = new LinkedList<int>(new[] { 4, 5 });
            var readOnly = new ReadOnlyCollection<int>(new[] { 6 });
            var frozen = ImmutableList.Create("p", "q");
            var frozenMap = ImmutableDictionary<string, int>.Empty.Add("k", 1);
            var grid = new int[2, 3] { { 1, 2, 3 }, { 4, 5, 6 } };
            var numbers = new[] { 7, 8 };
            var spots = new List<Spot> { new Spot { X = 1, Y = 2 } };
            var ring = new Ring(new[] { 9, 10 });
            var shelves = new Shelves
            {
                Numbers = numbers, NumbersAgain = numbers,
                Items = items, ItemsAgain = items, ItemsAsInterface = items, ItemsAsEnumerable = items,
                Index = index, IndexAgain = index,
                Tags = tags, TagsAgain = tags,
                Sorted = sorted, SortedAgain = sorted,
                Queue = queue, QueueAgain = queue,
                Stack = stack, StackAgain = stack,
                Linked = linked, LinkedAgain = linked,
                ReadOnly = readOnly, ReadOnlyAgain = readOnly,
                Frozen = frozen, FrozenAgain = frozen,
                FrozenMap = frozenMap, FrozenMapAgain = frozenMap,
                Grid = grid, GridAgain = grid,
                Jagged = new[] { numbers, numbers },
                Spots = spots, SpotsAgain = spots,
                Values = ImmutableArray.Create(1, 2), ValuesAgain = ImmutableArray.Create(3),
                Ring = ring, RingAgain = ring,
            };

            Shelves back = RoundTrip(shelves);

            Assert.Same(back.Numbers, back.NumbersAgain);
            Assert.Same(back.Numbers, back.Jagged![0]);
            Assert.Same(back.Numbers, back.Jagged[1]);
            Assert.Equal(numbers, back.Numbers!);
            Assert.Same(back.Items, back.ItemsAgain);
            Assert.Same(back.Items, back.ItemsAsInterface);
            Assert.Same(back.Items, back.ItemsAsEnumerable);
            Assert.Equal(new[] { "a", "b" }, back.Items!.Select(i => i.Name));
            Assert.Same(back.Index, back.IndexAgain);
            Assert.Same(back.Items![0], back.Index!["a"]);
            Assert.Same(back.Tags, back.TagsAgain);
            Assert.Same(back.Sorted, back.SortedAgain);
            Assert.Same(back.Queue, back.QueueAgain);
            Assert.Same(back.Items[1], back.Queue!.Last());
            Assert.Same(back.Stack, back.StackAgain);
            Assert.Equal(3, back.Stack!.Peek());
            Assert.Same(back.Linked, back.LinkedAgain);
            Assert.Same(back.ReadOnly, back.ReadOnlyAgain);
            Assert.Same(back.Frozen, back.FrozenAgain);
            Assert.Equal(frozen, back.Frozen);
            Assert.Same(back.FrozenMap, back.FrozenMapAgain);
            Assert.Same(back.Grid, back.GridAgain);
            Assert.Equal(6, back.Grid![1, 2]);
            Assert.Same(back.Spots, back.SpotsAgain);
            Assert.Equal(2, back.Spots![0].Y);
            Assert.Equal(new[] { 1, 2 }, back.Values);
            Assert.Equal(new[] { 3 }, back.ValuesAgain);
            Assert.Same(back.Ring, back.RingAgain);
            Assert.Equal(new[] { 9, 10 }, back.Ring!.Values);
        }

        [Fact]
        public void Different_collections_with_equal_contents_stay_different()
        {
            var shelves = new Shelves { Numbers = new[] { 1 }, NumbersAgain = new[] { 1 }, Items = new List<Item>(), ItemsAgain = new List<Item>() };
            Shelves back = RoundTrip(shelves);
            Assert.NotSame(back.Numbers, back.NumbersAgain);
            Assert.NotSame(back.Items, back.ItemsAgain);
        }

        [Fact]
        public void A_collection_is_the_same_instance_in_typed_and_object_positions_in_either_order()
        {
            var list = new List<Item> { new Item { Name = "shared" } };
            var objects = new List<object> { "text" };
            var numbers = new[] { 1, 2, 3 };
            var mixed = new Mixed
            {
                BoxedFirst = list,          // an object member first: the list is written inside its known-type object
                Typed = list,               // then typed: a back-reference to the list's own id
                BoxedAfter = list,          // then boxed again: an object back-reference to the same id
                Objects = objects,
                BoxedObjects = objects,
                Array = numbers,            // a packed int[] in two object members
                ArrayAgain = numbers,
            };
            Mixed back = RoundTrip(mixed);
            Assert.IsType<List<Item>>(back.BoxedFirst);
            Assert.Same(back.BoxedFirst, back.Typed);
            Assert.Same(back.Typed, back.BoxedAfter);
            Assert.Same(back.Objects, back.BoxedObjects);
            Assert.Same(back.Array, back.ArrayAgain);
            Assert.Equal(numbers, (int[])back.Array!);
        }

        [Fact]
        public void Collections_that_hold_themselves_round_trip()
        {
            var array = new object?[2];
            array[0] = array;
            var list = new List<object> { "x" };
            list.Add(list);
            list.Add(array);
            var map = new Dictionary<string, object?>();
            map["me"] = map;
            var mixed = new Mixed { Objects = list, BoxedObjects = map, Array = array };

            Mixed back = RoundTrip(mixed);

            var backArray = (object?[])back.Array!;
            Assert.Same(backArray, backArray[0]);
            Assert.Null(backArray[1]);
            Assert.Same(back.Objects, back.Objects![1]);
            Assert.Same(backArray, back.Objects[2]);
            var backMap = (Dictionary<string, object?>)back.BoxedObjects!;
            Assert.Same(backMap, backMap["me"]);
        }

        [Fact]
        public void An_element_may_refer_back_to_the_list_that_holds_it()
        {
            var root = new Folder { Name = "root" };
            var child = new Folder { Name = "child", Siblings = root.Children };
            root.Children.Add(child);
            root.Children.Add(new Folder { Name = "other", Siblings = root.Children });

            Folder back = RoundTrip(root);

            Assert.Equal(2, back.Children.Count);
            Assert.Same(back.Children, back.Children[0].Siblings);
            Assert.Same(back.Children, back.Children[1].Siblings);
            Assert.Equal("other", back.Children[0].Siblings![1].Name);
        }

        [Fact]
        public void A_reference_into_an_immutable_list_still_being_read_is_an_AmberException_that_says_why()
        {
            var owned = new Owned();
            var all = ImmutableList.Create(owned);
            owned.Owner = all;
            byte[] bytes = AmberSerializer.Serialize(new OwnedRoot { All = all }, Refs);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<OwnedRoot>(bytes));
            Assert.Contains("still being built", ex.Message);
            Assert.Contains("OwnedRoot.All[0].Owner", ex.Message);
            // Sharing an immutable list without a cycle is fine.
            var shared = ImmutableList.Create(new Owned());
            OwnedRoot back = RoundTrip(new OwnedRoot { All = shared });
            Assert.Single(back.All!);
        }

        [Fact]
        public void A_reference_to_a_collection_the_reader_skipped_is_an_AmberException_that_says_so()
        {
            var list = new List<int> { 1, 2 };
            byte[] bytes = AmberSerializer.Serialize(new SharedV2 { First = list, Second = list }, Refs);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SharedV1>(bytes));
            Assert.Contains("skipped", ex.Message);
            Assert.Contains("SharedV1.Second", ex.Message);
            // Not shared: the old reader skips the list it does not know and reads the other.
            byte[] apart = AmberSerializer.Serialize(new SharedV2 { First = new List<int> { 1 }, Second = new List<int> { 2 } }, Refs);
            Assert.Equal(new[] { 2 }, AmberSerializer.Deserialize<SharedV1>(apart)!.Second);
        }

        [Fact]
        public void A_reference_to_a_collection_of_another_type_is_an_AmberException_that_names_both()
        {
            var list = new List<int> { 1 };
            byte[] bytes = AmberSerializer.Serialize(new SharedV2 { First = list, Second = list }, Refs);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SharedAsArray>(bytes));
            Assert.Contains("List`1", ex.Message);
            Assert.Contains("Int32[]", ex.Message);
            Assert.Contains("SharedAsArray.Second", ex.Message);
        }

        [Fact]
        public void Without_reference_mode_a_shared_collection_is_written_twice_and_read_as_two()
        {
            var list = new List<int> { 1 };
            byte[] bytes = AmberSerializer.Serialize(new SharedV2 { First = list, Second = list });
            Assert.Equal(1, bytes[0] >> 4);                 // format version 1
            SharedV2 back = AmberSerializer.Deserialize<SharedV2>(bytes)!;
            Assert.NotSame(back.First, back.Second);
            Assert.Equal(back.First, back.Second);
        }

        [Fact]
        public void Hostile_collection_references_are_AmberExceptions_with_an_offset()
        {
            byte[] good = AmberSerializer.Serialize(new SharedV2 { First = new List<int> { 1 }, Second = new List<int> { 2 } }, Refs);
            // good: 2D 02 04 <tag First> <tag Second> 03 | 02 85 01000000 | 02 85 02000000
            int second = good.Length - 6;
            Assert.Equal(0x02, good[second]);

            byte[] ahead = Replace(good, second, 6, 0x00, 0x09);   // a back-reference to object 8, not read yet
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SharedV2>(ahead));
            Assert.Contains("has not been read", ex.Message);
            Assert.True(ex.ByteOffset > 0);

            byte[] toRoot = Replace(good, second, 6, 0x00, 0x01);  // a back-reference to object 0, the SharedV2 itself
            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SharedV2>(toRoot));
            Assert.Contains("where a List`1 was expected", ex.Message);

            byte[] version2WithoutFlag = (byte[])good.Clone();
            version2WithoutFlag[0] = 0x25;                          // version 2, no reference flag
            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<SharedV2>(version2WithoutFlag));
            Assert.Contains("0x25", ex.Message);
            Assert.Equal(0, ex.ByteOffset);

            // A hand-written reader that keeps no collection identity is told what to use: a List<List<int>> root
            // (version 2, reference mode, root Sequence) of two elements, an empty list (object 1) and a back-reference to it.
            byte[] listOfLists = { 0x2E, 0x03, 0x06, 0x01, 0x00, 0x02 };
            var reader = new AmberReader(listOfLists);
            string message = "";
            try
            {
                Assert.Equal(WireType.Sequence, reader.ReadPayloadHeader());
                Assert.Equal(2, reader.ReadSequenceHeader(out byte _));
                Assert.Equal(0, reader.ReadSequenceHeader(out byte _));
                reader.RecordCollection(new List<int>());
                reader.ReadSequenceHeader(out byte _);
            }
            catch (AmberException e)
            {
                message = e.Message;
            }
            finally
            {
                reader.Dispose();
            }
            Assert.Contains("without reference support", message);
            Assert.Equal(new List<int>(), AmberSerializer.Deserialize<List<List<int>>>(listOfLists)![1]);
        }

        [Fact]
        public void A_shared_collection_keeps_its_identity_inside_each_item_of_a_chunked_stream()
        {
            var ms = new MemoryStream();
            var items = Enumerable.Range(0, 5).Select(i =>
            {
                var list = new List<int> { i };
                return new SharedV2 { First = list, Second = list };
            });
            AmberStream.Write(ms, items, new AmberStreamOptions { ItemsPerFrame = 2, Serializer = Refs });
            ms.Position = 0;
            var back = AmberStream.Read<SharedV2>(ms).ToList();
            Assert.Equal(5, back.Count);
            Assert.All(back, b => Assert.Same(b.First, b.Second));
            Assert.Equal(4, back[4].Second![0]);
        }

        private static byte[] Replace(byte[] source, int at, int length, params byte[] with) =>
            source.Take(at).Concat(with).Concat(source.Skip(at + length)).ToArray();
    }
}
