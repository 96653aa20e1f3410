using System;
using System.Collections.Generic;
using Amber.Format;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// The exact bytes generated codecs write for the workload types (Models/WorkloadModels.cs), derived by hand from
    /// docs/format.md (not copied from the output). A change to the format or to the generator that
    /// alters these bytes fails here until the document and the code agree again.
    ///
    /// Member keys (§4): key = fold13(fnv1a32(utf8(name))), tag = key &lt;&lt; 3 | wireType, written u16 LE.
    /// <code>
    ///   name           fnv1a32 → fold13   wire type      tag      bytes
    ///   Name           0x0C06             Bytes (4)      0x6034   34 60
    ///   Age            0x1740             Varint (0)     0xBA00   00 BA
    ///   IsInternal     0x129E             Varint (0)     0x94F0   F0 94
    ///   TimeStamp      0x01BF             Fixed64 (2)    0x0DFA   FA 0D
    ///   MessageId      0x18ED             Fixed128 (3)   0xC76B   6B C7
    ///   Header         0x13F8             Bytes (4)      0x9FC4   C4 9F
    ///   From           0x1632             Fixed128 (3)   0xB193   93 B1
    ///   To             0x19F8             Fixed128 (3)   0xCFC3   C3 CF
    ///   KeyValuePairs  0x14C9             Map (7)        0xA64F   4F A6
    ///   Books          0x1806             Sequence (6)   0xC036   36 C0
    ///   Title          0x1703             Bytes (4)      0xB81C   1C B8
    ///   Id             0x0E48             Varint (0)     0x7240   40 72
    ///   BookData       0x104A             Bytes (4)      0x8254   54 82
    ///   X              0x1670             Fixed32 (1)    0xB381   81 B3
    ///   Y              0x1CC3             Fixed32 (1)    0xE619   19 E6
    ///   R              0x0CE0             Varint (0)     0x6700   00 67
    ///   G              0x03C9             Varint (0)     0x1E48   48 1E
    ///   B              0x03EB             Varint (0)     0x1F58   58 1F
    ///   A              0x16A2             Varint (0)     0xB510   10 B5
    ///   Position       0x07EB             Object (5)     0x3F5D   5D 3F
    ///   Velocity       0x1078             Object (5)     0x83C5   C5 83
    ///   Tint           0x057F             Object (5)     0x2BFD   FD 2B
    ///   First          0x1830             Object (5)     0xC185   85 C1
    ///   Second         0x13F5             Object (5)     0x9FAD   AD 9F
    /// </code>
    /// (The keys were computed from the §4 definition independently of Amber's code; the test
    /// <see cref="Keys_match_the_format_definition"/> recomputes them here.)
    /// </summary>
    public class GeneratedCodecGoldenBytesTests
    {
        private static readonly Guid From = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        private static readonly Guid To = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
        private static readonly Guid MessageId = Guid.Parse("fedcba98-7654-3210-fedc-ba9876543210");

        private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        private static string Clean(string spaced) => spaced.Replace(" ", "").Replace("|", "");

        [Theory]
        [InlineData("Name", 0x0C06)]
        [InlineData("Age", 0x1740)]
        [InlineData("IsInternal", 0x129E)]
        [InlineData("TimeStamp", 0x01BF)]
        [InlineData("MessageId", 0x18ED)]
        [InlineData("Header", 0x13F8)]
        [InlineData("From", 0x1632)]
        [InlineData("To", 0x19F8)]
        [InlineData("KeyValuePairs", 0x14C9)]
        [InlineData("Books", 0x1806)]
        [InlineData("Title", 0x1703)]
        [InlineData("Id", 0x0E48)]
        [InlineData("BookData", 0x104A)]
        [InlineData("X", 0x1670)]
        [InlineData("Y", 0x1CC3)]
        [InlineData("R", 0x0CE0)]
        [InlineData("G", 0x03C9)]
        [InlineData("B", 0x03EB)]
        [InlineData("A", 0x16A2)]
        [InlineData("Position", 0x07EB)]
        [InlineData("Velocity", 0x1078)]
        [InlineData("Tint", 0x057F)]
        [InlineData("First", 0x1830)]
        [InlineData("Second", 0x13F5)]
        public void Keys_match_the_format_definition(string name, int key)
        {
            // FNV-1a 32 (offset basis 0x811C9DC5, prime 0x01000193), folded to 13 bits (§4).
            uint h = 0x811C9DC5;
            foreach (byte b in System.Text.Encoding.UTF8.GetBytes(name))
            {
                h ^= b;
                h *= 0x01000193;
            }
            int folded = (int)((h ^ (h >> 13) ^ (h >> 26)) & 0x1FFF);
            Assert.Equal(key, folded);
            Assert.Equal(key, AmberCode.KeyOf(name));
        }

        [Fact]
        public void Person()
        {
            // 15            payload header: version 1 << 4 | flags 0 << 3 | root wire type Object (5)      §2
            // 02            object header: shape 0 defined here, (0 << 2) | 0b10                            §5
            // 04            shape definition: d = count 2 << 1, no type tag
            // 34 60         tag of Name (Bytes)
            // 00 BA         tag of Age (Varint)
            // 03            presence: members 0 and 1
            // 04 41 64 61   Name: Bytes, L = 3 + 1, "Ada"
            // 48            Age: zigzag(36) = 72
            string expected = Clean("15 | 02 | 04 3460 00BA | 03 | 04 416461 | 48");
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 })));
        }

        [Fact]
        public void Person_with_default_age_and_empty_name()
        {
            // Name has an initializer (= ""), so it is always written; Age = 0 has none, so it is absent,
            // and the payload's shape lists only the member the object needs (§5).
            // 15 | 02 | 02 3460 (d = 1 << 1, tag of Name) | 01 (presence: member 0) | 01 (Name: L = 0 + 1, "")
            Assert.Equal(Clean("15 02 02 3460 01 01"), Hex(AmberSerializer.Serialize(new Person())));
        }

        [Fact]
        public void Envelope_with_header_and_addresses_is_the_47_bytes_of_the_format_document()
        {
            // 15            payload header, root Object
            // 02            object header: shape 0 defined here
            // 06            d = 3 members << 1: the shape lists the members this object has (§5);
            //               IsInternal false, TimeStamp default, MessageId empty, KeyValuePairs null are absent
            // C4 9F | 93 B1 | C3 CF     tags of Header, From, To, in declaration order
            // 07            presence: the three listed members
            // 05 54657374   Header: L = 4 + 1, "Test"
            // From: Guid.ToByteArray(): 00112233 → 33 22 11 00, 4455 → 55 44, 6677 → 77 66, then 88 99 AA BB CC DD EE FF
            // To:   01234567 → 67 45 23 01, 89ab → AB 89, cdef → EF CD, then 01 23 45 67 89 AB CD EF
            string expected = Clean(
                "15 | 02 | 06 C49F 93B1 C3CF | 07 | 05 54657374 |" +
                " 33221100 5544 7766 8899AABBCCDDEEFF | 67452301 AB89 EFCD 0123456789ABCDEF");
            byte[] bytes = AmberSerializer.Serialize(new MessageEnvelope { Header = "Test", From = From, To = To });
            Assert.Equal(expected, Hex(bytes));
            Assert.Equal(47, bytes.Length);   // docs/format.md §8
        }

        [Fact]
        public void Envelope_with_every_member()
        {
            // 15 | 02        as above
            // 0E + the 7 tags in declaration order: F094 FA0D 6BC7 C49F 93B1 C3CF 4FA6
            // 7F            presence: all seven members
            // 01            IsInternal: true
            // TimeStamp: 2024-01-02T03:04:05Z = 638397614450000000 ticks = 0x08DC0B3F7ABFC080;
            //            Kind Utc (1) << 62 → 0x48DC0B3F7ABFC080, u64 LE: 80 C0 BF 7A 3F 0B DC 48
            // MessageId: fedcba98 → 98 BA DC FE, 7654 → 54 76, 3210 → 10 32, then FE DC BA 98 76 54 32 10
            // 05 54657374   Header "Test"
            // From, To      as above
            // KeyValuePairs: 02 (count 1 + 1), 44 (pair descriptor: key Bytes 4 | value Bytes 4 << 4),
            //                02 6B ("k"), 02 76 ("v")
            string expected = Clean(
                "15 | 02 | 0E F094 FA0D 6BC7 C49F 93B1 C3CF 4FA6 | 7F | 01 | 80C0BF7A3F0BDC48 |" +
                " 98BADCFE 5476 1032 FEDCBA9876543210 | 05 54657374 |" +
                " 33221100 5544 7766 8899AABBCCDDEEFF | 67452301 AB89 EFCD 0123456789ABCDEF |" +
                " 02 44 026B 0276");
            var envelope = new MessageEnvelope
            {
                IsInternal = true,
                TimeStamp = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
                MessageId = MessageId,
                Header = "Test",
                From = From,
                To = To,
                KeyValuePairs = new Dictionary<string, string> { ["k"] = "v" },
            };
            Assert.Equal(638397614450000000L, envelope.TimeStamp.Ticks);
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(envelope)));
        }

        [Fact]
        public void BookShelf_with_two_books()
        {
            // 15            payload header, root Object
            // 02 02 36C0    BookShelf: shape 0 defined here, 1 member (d = 2), tag of Books (Sequence)
            // 01            presence: Books
            // 03            Books: sequence count 2 + 1                                                §6.1
            // 05            element descriptor: wire type Object, not nullable, not packed
            // book 0 (an object inside the root, so its shape lists every member, §5):
            //   06          object header: shape 1 defined here, (1 << 2) | 0b10
            //   06          d = 3 members << 1
            //   1CB8 4072 5482   tags of Title (Bytes), Id (Varint), BookData (Bytes)
            //   03          presence: Title, Id (BookData null is absent)
            //   02 41       Title "A"
            //   02          Id: zigzag(1)
            // book 1:
            //   05          object header: shape 1 already defined, (1 << 2) | 0b01
            //   07          presence: all three
            //   02 42       Title "B"
            //   04          Id: zigzag(2)
            //   04 010203   BookData: L = 3 + 1, bytes 01 02 03
            string expected = Clean(
                "15 | 02 02 36C0 | 01 | 03 05 |" +
                " 06 06 1CB8 4072 5482 03 0241 02 |" +
                " 05 07 0242 04 04010203");
            var shelf = new BookShelf
            {
                Books = new List<Book>
                {
                    new Book { Title = "A", Id = 1 },
                    new Book { Title = "B", Id = 2, BookData = new byte[] { 1, 2, 3 } },
                },
            };
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(shelf)));
        }

        [Fact]
        public void PersonRecord()
        {
            // A positional record is written like a class: its members are its properties.
            // 15 | 02        as for Person
            // 02 3460       d = 1 << 1, tag of Name: Age = 0 (no default) is absent, so the shape lists Name only
            // 01            presence: Name
            // 03 42 6F      Name "Bo"
            Assert.Equal(Clean("15 02 02 3460 01 03426F"), Hex(AmberSerializer.Serialize(new PersonRecord("Bo", 0))));

            // The type name is not on the wire: a record and a class with the same members agree.
            Assert.Equal(
                Hex(AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 })),
                Hex(AmberSerializer.Serialize(new PersonRecord("Ada", 36))));
        }

        [Fact]
        public void A_struct_of_primitives_at_the_root_is_an_inline_struct_that_defines_its_shape()
        {
            // 15            payload header: version 1, root wire type Object (an inline struct is an Object value)   §2
            // 04            inline header: (shape 0 + 1) << 2, low bits 00; 0 is the next shape id, so its definition follows   §5.1
            // 04            d = 2 members << 1, no type tag
            // 81B3 19E6     tags of X and Y (Fixed32)
            // 09 09         packed codes: float, float                                                 §6.1
            // 0000C03F      X = 1.5f, binary32 little-endian (the row: no presence, every member)
            // 000000C0      Y = -2f
            string expected = Clean("15 | 04 | 04 81B3 19E6 | 09 09 | 0000C03F 000000C0");
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(new Models.Inline.Vector2 { X = 1.5f, Y = -2f })));
        }

        [Fact]
        public void Inline_structs_define_their_shape_once_and_later_values_are_the_header_and_the_row()
        {
            // 15                    payload header, root Object
            // 02 | 06 5D3F C583 FD2B   Sprite: shape 0 defined here, 3 members: Position, Velocity, Tint (Object each)
            // 07                    presence: all three (a struct member is always written)
            // Position (1.5, -2), the first Vector2 of the payload:
            //   08                  inline header: (shape 1 + 1) << 2, the next id: defined here
            //   04 81B3 19E6 | 09 09   d = 2 << 1, tags of X and Y, codes float, float
            //   0000C03F 000000C0   the row
            // Velocity (0.5, 0), the second: the inline header naming shape 1 and the row, 9 bytes
            //   08 | 0000003F 00000000
            // Tint (255, 128, 0, 1), the first Color:
            //   0C                  inline header: (shape 2 + 1) << 2, defined here
            //   08 0067 481E 581F 10B5   d = 4 << 1, tags of R, G, B, A (Varint)
            //   01 01 01 01         codes: byte × 4
            //   FF 80 00 01         the row: one byte each (as varints 255 and 128 would take two bytes each)
            string expected = Clean(
                "15 | 02 06 5D3F C583 FD2B | 07 |" +
                " 08 04 81B3 19E6 09 09 0000C03F 000000C0 |" +
                " 08 0000003F 00000000 |" +
                " 0C 08 0067 481E 581F 10B5 01010101 FF800001");
            var sprite = new Models.Inline.Sprite
            {
                Position = new Models.Inline.Vector2 { X = 1.5f, Y = -2f },
                Velocity = new Models.Inline.Vector2 { X = 0.5f },
                Tint = new Models.Inline.Color { R = 255, G = 128, B = 0, A = 1 },
            };
            byte[] bytes = AmberSerializer.Serialize(sprite);
            Assert.Equal(expected, Hex(bytes));
            Models.Inline.Sprite back = AmberSerializer.Deserialize<Models.Inline.Sprite>(bytes)!;
            Assert.Equal(sprite.Position, back.Position);
            Assert.Equal(sprite.Velocity, back.Velocity);
            Assert.Equal(sprite.Tint, back.Tint);
        }

        [Fact]
        public void A_second_color_is_its_header_and_four_bytes_even_when_every_channel_is_0()
        {
            // 15 | 02 | 04 85C1 AD9F | 03   Holder<Color>: shape 0 lists First and Second (the members the root has), both present
            // 08 | 08 0067 481E 581F 10B5 | 01010101 | 0A141E28   First (10, 20, 30, 40): shape 1 defined here, the row
            // 08 | 00000000                 Second (0, 0, 0, 0): the header and the whole row (no presence in a row)
            string expected = Clean("15 | 02 04 85C1 AD9F | 03 | 08 08 0067 481E 581F 10B5 01010101 0A141E28 | 08 00000000");
            var holder = new Models.Inline.Holder<Models.Inline.Color> { First = new Models.Inline.Color { R = 10, G = 20, B = 30, A = 40 } };
            Assert.Equal(expected, Hex(AmberSerializer.Serialize(holder)));
            Models.Inline.Holder<Models.Inline.Color> back = AmberSerializer.Deserialize<Models.Inline.Holder<Models.Inline.Color>>(Convert.FromHexString(expected))!;
            Assert.Equal(holder.First, back.First);
            Assert.Equal(default, back.Second);
            Assert.Null(back.Maybe);
        }

        [Fact]
        public void Golden_payloads_read_back()
        {
            Person p = AmberSerializer.Deserialize<Person>(Convert.FromHexString("150204346000BA030441646148"))!;
            Assert.Equal("Ada", p.Name);
            Assert.Equal(36, p.Age);
            Assert.Equal(new PersonRecord("Bo", 0), AmberSerializer.Deserialize<PersonRecord>(Convert.FromHexString("150204346000BA0103426F")));
            BookShelf s = AmberSerializer.Deserialize<BookShelf>(Convert.FromHexString("15020236C0010305" + "06061CB84072548203024102" + "0507024204" + "04010203"))!;
            Assert.Equal(new[] { "A", "B" }, new[] { s.Books![0].Title, s.Books[1].Title });
            Assert.Equal(new byte[] { 1, 2, 3 }, s.Books[1].BookData);

            // A writer may also define a shape of some members and later the full one (§5): that reads back too.
            s = AmberSerializer.Deserialize<BookShelf>(Convert.FromHexString("15020236C0010305" + "0604" + "1CB84072030241" + "02" + "0A061CB8407254820702420404010203"))!;
            Assert.Equal(new[] { "A", "B" }, new[] { s.Books![0].Title, s.Books[1].Title });
            Assert.Null(s.Books[0].BookData);
            Assert.Equal(new byte[] { 1, 2, 3 }, s.Books[1].BookData);
            Assert.Equal(new PersonRecord("Bo", 0), AmberSerializer.Deserialize<PersonRecord>(Convert.FromHexString("15020234600103426F")));
        }
    }
}
