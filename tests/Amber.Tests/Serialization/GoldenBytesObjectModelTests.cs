using System;
using System.Collections.Generic;
using System.Text;
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
                + "07"                                                  // d = 3 members << 1 | typed
                + Varint(Fnv1a("Amber.Tests.Models.Poly.Key"))         // type tag
                + Tag("Name", WireType.Bytes) + Tag("Weight", WireType.Varint) + Tag("OpensDoor", WireType.Varint)
                + "05"                                                  // presence: Name, OpensDoor (Weight is 0)
                + "026B"                                                // "k"
                + "02";                                                 // zigzag(1)
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }

        [Fact]
        public void Reference_mode_writes_ids_and_back_references()
        {
            var t = new Amber.Tests.Models.Refs.Title { Text = "Dune" };
            var lib = new Amber.Tests.Models.Refs.Library { Shelf = new List<Amber.Tests.Models.Refs.Title> { t, t }, Featured = t };
            byte[] bytes = AmberSerializer.Serialize(lib, new AmberOptions { PreserveReferences = true });
            string expected =
                "1D"                                                    // version 1, reference mode, root Object
                + "02" + "08"                                           // object 0 (Library), shape 0 defined: 4 members
                + Tag("Shelf", WireType.Sequence) + Tag("Featured", WireType.Object) + Tag("Notes", WireType.Sequence) + Tag("Missing", WireType.Bytes)
                + "03"                                                  // presence: Shelf, Featured (Notes, Missing null)
                + "03" + "05"                                           // Shelf: 2 elements, element wire type Object
                + "06" + "02" + Tag("Text", WireType.Bytes) + "01"      // object 1 (Title), shape 1 defined: 1 member; presence
                + "05" + "44756E65"                                     // "Dune": Bytes value 0
                + "07"                                                  // back-reference to object 1: (1 << 2) | 0b11
                + "07";                                                 // Featured: the same object
            Assert.Equal(expected, Convert.ToHexString(bytes));
        }
    }
}
