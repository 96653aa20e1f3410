using System;
using System.Collections.Generic;
using System.Text;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Exact bytes of a typed shape (docs/format.md §7.1) and of a reference-mode payload (§7.2), derived from the spec.</summary>
    public class GoldenBytesObjectModelTests
    {
        private static string Tag(string member, WireType wt)
        {
            int tag = (AmberCode.KeyOf(member) << 3) | (int)wt;
            return $"{tag & 0xFF:X2}{tag >> 8:X2}";
        }

        private static string Varint(ulong v)
        {
            var sb = new StringBuilder();
            while (v >= 0x80) { sb.Append(((byte)(v | 0x80)).ToString("X2")); v >>= 7; }
            return sb.Append(((byte)v).ToString("X2")).ToString();
        }

        private static uint Fnv1a(string s)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in Encoding.UTF8.GetBytes(s)) { h ^= b; h *= 0x01000193; }
            return h;
        }

        [Fact]
        public void Polymorphic_root_writes_a_typed_shape()
        {
            byte[] bytes = AmberSerializer.Serialize<Amber.Tests.Models.Poly.Item>(new Amber.Tests.Models.Poly.Key { Name = "k", OpensDoor = 1 });
            string expected =
                "15"                                                    // version 1, root wire type Object
                + "02"                                                  // shape 0 defined here
                + "05"                                                  // d = 2 members << 1 | typed: the shape lists
                                                                        // Name and OpensDoor, not Weight, which is 0 (§5)
                + Varint(Fnv1a("Amber.Tests.Models.Poly.Key"))         // type tag
                + Tag("Name", WireType.Bytes) + Tag("OpensDoor", WireType.Varint)
                + "03"                                                  // presence: both listed members
                + "026B"                                                // "k"
                + "02";                                                 // zigzag(1)
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }

        private static string TypeTag(string csharpName) => Varint(AmberCode.TypeTagOf(csharpName));

        [Fact]
        public void An_object_member_holding_an_int_writes_the_int_as_an_object_of_the_typed_shape_of_int()
        {
            // The constant the tag is made from, by hand: FNV-1a-32 of the UTF-8 of "int" (§7.1).
            Assert.Equal(Fnv1a("int"), AmberCode.TypeTagOf("int"));
            byte[] bytes = AmberSerializer.Serialize(new Amber.Tests.Models.Objects.Cell { Value = 5 });
            string expected =
                "15"                                                    // version 1, root wire type Object
                + "02" + "02" + Tag("Value", WireType.Object)           // Cell: shape 0 defined, 1 member, untyped
                + "01"                                                  // presence: Value
                + "06"                                                  // the value: an object whose shape 1 is defined here
                + "03"                                                  // d = 1 member << 1 | typed
                + TypeTag("int")                                        // type tag of int
                + Tag("Value", WireType.Varint)                         // its one member, Value
                + "01"                                                  // presence: Value
                + "0A";                                                 // zigzag(5)
            Assert.Equal(expected, Convert.ToHexString(bytes));
            Assert.Equal(5, AmberSerializer.Deserialize<Amber.Tests.Models.Objects.Cell>(bytes)!.Value);
        }

        [Fact]
        public void A_list_of_object_in_an_object_member_writes_each_element_with_its_own_typed_shape()
        {
            byte[] bytes = AmberSerializer.Serialize(new Amber.Tests.Models.Objects.Cell { Value = new List<object> { "a", 7, "b" } });
            string expected =
                "15" + "02" + "02" + Tag("Value", WireType.Object) + "01"
                + "06" + "03" + TypeTag("System.Collections.Generic.List<object>") + Tag("Value", WireType.Sequence) + "01"
                + "04" + "05"                                           // 3 elements, element wire type Object
                + "0A" + "03" + TypeTag("string") + Tag("Value", WireType.Bytes) + "01" + "0261"    // shape 2 defined: string; "a"
                + "0E" + "03" + TypeTag("int") + Tag("Value", WireType.Varint) + "01" + "0E"        // shape 3 defined: int; zigzag(7)
                + "09" + "01" + "0262";                                 // shape 2 again (2 << 2 | 0b01); "b"
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }

        [Fact]
        public void A_dictionary_of_object_writes_string_to_object_pairs()
        {
            byte[] bytes = AmberSerializer.Serialize(new Amber.Tests.Models.Objects.Cell { Value = new Dictionary<string, object> { ["k"] = true } });
            string expected =
                "15" + "02" + "02" + Tag("Value", WireType.Object) + "01"
                + "06" + "03" + TypeTag("System.Collections.Generic.Dictionary<string, object>") + Tag("Value", WireType.Map) + "01"
                + "02" + "54"                                           // 1 pair; key Bytes, value Object
                + "026B"                                                // "k"
                + "0A" + "03" + TypeTag("bool") + Tag("Value", WireType.Varint) + "01" + "01";    // shape 2: bool; true
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }

        [Fact]
        public void Reference_mode_refers_back_to_a_string_held_by_an_object_member_as_a_Bytes_value()
        {
            string s = new string(new[] { 'h', 'i' });
            byte[] bytes = AmberSerializer.Serialize(new Amber.Tests.Models.Objects.SharedCells { First = s, Second = s }, new AmberOptions { PreserveReferences = true });
            string expected =
                "2D"                                                    // version 2, reference mode, root Object
                + "02" + "04"                                           // object 0 (SharedCells), shape 0 defined: 2 members,
                + Tag("First", WireType.Object) + Tag("Second", WireType.Object)   // the ones present (Text, All are null)
                + "03"                                                  // presence: First, Second
                + "06" + "03" + TypeTag("string") + Tag("Value", WireType.Bytes) + "01"   // object 1, shape 1 defined: string
                + "03" + "6869"                                         // "hi": Bytes value 0
                + "05" + "01"                                           // Second: object 2, shape 1; presence
                + "00" + "01";                                          // Value: back-reference to Bytes value 0 (format §7.3: strings share as Bytes values)
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }

        [Fact]
        public void Reference_mode_writes_ids_and_back_references()
        {
            var t = new Amber.Tests.Models.Refs.Title { Text = "Dune" };
            var lib = new Amber.Tests.Models.Refs.Library { Shelf = new List<Amber.Tests.Models.Refs.Title> { t, t }, Featured = t };
            byte[] bytes = AmberSerializer.Serialize(lib, new AmberOptions { PreserveReferences = true });
            Assert.Equal(LibraryVersion2, Convert.ToHexString(bytes));
        }

        /// <summary>The Library of the test above in format version 2: its list takes object id 1 (§7.2).</summary>
        private static readonly string LibraryVersion2 =
            "2D"                                                        // version 2, reference mode, root Object
            + "02" + "04"                                               // object 0 (Library), shape 0 defined: 2 members,
            + Tag("Shelf", WireType.Sequence) + Tag("Featured", WireType.Object)   // the present ones (Notes, Missing are null)
            + "03"                                                      // presence: Shelf, Featured
            + "03" + "05"                                               // Shelf: object 1, 2 elements, element wire type Object
            + "06" + "02" + Tag("Text", WireType.Bytes) + "01"          // object 2 (Title), shape 1 defined: 1 member; presence
            + "05" + "44756E65"                                         // "Dune": Bytes value 0
            + "0B"                                                      // back-reference to object 2: (2 << 2) | 0b11
            + "0B";                                                     // Featured: the same object

        /// <summary>The same Library as format version 1 wrote it (before sequences had ids): still read.</summary>
        private static readonly string LibraryVersion1 =
            "1D"                                                        // version 1, reference mode, root Object
            + "02" + "04" + Tag("Shelf", WireType.Sequence) + Tag("Featured", WireType.Object) + "03"
            + "03" + "05"                                               // Shelf: 2 elements (no id)
            + "06" + "02" + Tag("Text", WireType.Bytes) + "01" + "05" + "44756E65"   // object 1 (Title)
            + "07"                                                      // back-reference to object 1
            + "07";                                                     // Featured: the same object

        [Fact]
        public void A_reference_mode_payload_of_format_version_1_still_reads()
        {
            var lib = AmberSerializer.Deserialize<Amber.Tests.Models.Refs.Library>(Convert.FromHexString(LibraryVersion1))!;
            Assert.Equal(2, lib.Shelf!.Count);
            Assert.Same(lib.Shelf[0], lib.Shelf[1]);
            Assert.Same(lib.Featured, lib.Shelf[0]);
            Assert.Equal("Dune", lib.Featured!.Text);
            // And version 2 reads to the same object graph.
            var again = AmberSerializer.Deserialize<Amber.Tests.Models.Refs.Library>(Convert.FromHexString(LibraryVersion2))!;
            Assert.Same(again.Featured, again.Shelf![1]);
        }

        [Fact]
        public void Reference_mode_writes_a_shared_list_once_and_then_a_back_reference_to_its_id()
        {
            var shared = new List<int> { 7 };
            var pair = new Amber.Tests.Models.Refs.ListPair { First = shared, Second = shared, Nested = new List<List<int>?> { shared, null } };
            byte[] bytes = AmberSerializer.Serialize(pair, new AmberOptions { PreserveReferences = true });
            string expected =
                "2D"                                                    // version 2, reference mode, root Object
                + "02" + "06"                                           // object 0 (ListPair), shape 0 defined: 3 members,
                + Tag("First", WireType.Sequence) + Tag("Second", WireType.Sequence) + Tag("Nested", WireType.Sequence)
                + "07"                                                  // presence: all three
                + "02" + "85" + "07000000"                              // First: object 1, 1 element, packed int (code 5): 7
                + "00" + "02"                                           // Second: back-reference to object 1 (0, id + 1)
                + "03" + "06"                                           // Nested: object 2, 2 elements, element wire type Sequence
                + "00" + "02"                                           //   the same list again: back-reference to object 1
                + "00" + "00";                                          //   a null list in reference mode: 0 0
            Assert.Equal(expected, Convert.ToHexString(bytes));
            var back = AmberSerializer.Deserialize<Amber.Tests.Models.Refs.ListPair>(bytes)!;
            Assert.Same(back.First, back.Second);
            Assert.Same(back.First, back.Nested![0]);
            Assert.Equal(new[] { 7 }, back.First);
            Assert.Null(back.Nested[1]);
        }
    }
}
