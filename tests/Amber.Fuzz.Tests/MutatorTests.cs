using System;
using System.Linq;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Models;
using Xunit;

namespace Amber.Fuzz.Tests
{
    public class MutatorTests
    {
        [Fact]
        public void The_walker_finds_the_structure_of_a_payload()
        {
            byte[] bytes = AmberSerializer.Serialize<Shape>(new Polygon { Name = "p", Corners = new() { new Vector3 { X = 1 } } });
            Field[] fields = PayloadWalker.Walk(bytes);
            Assert.Equal(FieldKind.PayloadHeader, fields[0].Kind);
            Assert.Contains(fields, f => f.Kind == FieldKind.TypeTag);
            Assert.Contains(fields, f => f.Kind == FieldKind.MemberTag);
            Assert.Contains(fields, f => f.Kind == FieldKind.SequenceDescriptor && f.Value == 0x25);   // rows
            Assert.Contains(fields, f => f.Kind == FieldKind.RowCode && f.Value == 9);                 // float
            // It walked to the end: the last field ends at the last byte.
            Assert.Equal(bytes.Length, fields.Max(f => f.Offset + f.Length));
        }

        [Fact]
        public void The_walker_walks_inline_structs_and_what_follows_them()
        {
            var geometry = new Geometry
            {
                Origin = new Vector3 { X = 1 },
                MaybeOrigin = new Vector3 { Y = 2 },
                Labels = new[] { new Labeled { Label = "l", At = new Vector3 { Z = 3 } } },
                Anchors = new() { [1] = new Vector3 { X = 4 } },
            };
            byte[] bytes = AmberSerializer.Serialize(geometry);
            Field[] fields = PayloadWalker.Walk(bytes);
            // Inline headers (format §5.1): low bits 00, not 0; the first defines the shape (codes follow), the others name it.
            // The fifth is Tint, a Pixel of six codes: an inline struct is written even when all its members are defaults.
            Assert.Equal(5, fields.Count(f => f.Kind == FieldKind.ObjectHeader && f.Value != 0 && (f.Value & 3) == 0));
            Assert.Equal(3 + 6, fields.Count(f => f.Kind == FieldKind.RowCode));
            Assert.Contains(fields, f => f.Kind == FieldKind.BytesContent);   // the label, after an inline struct
            Assert.Equal(bytes.Length, fields.Max(f => f.Offset + f.Length));
        }

        [Fact]
        public void A_message_template_drops_numbers_and_quoted_data_even_with_quotes_inside()
        {
            Assert.Equal("A length of # is larger than the # byte(s) left", Signature.Template("A length of 300 is larger than the 12 byte(s) left"));
            Assert.Equal("'…' is not an amount and a currency", Signature.Template("'1'2'\0\0x' is not an amount and a currency"));
            Assert.Equal("The type tag # is not a known Shape", Signature.Template("The type tag 0x1A2B3C4D is not a known Shape"));
        }

        [Fact]
        public void Varints_are_little_endian_base_128()
        {
            Assert.Equal(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08 }, Mutator.Varint(1UL << 31));
            Assert.Equal(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 }, Mutator.Varint(ulong.MaxValue));
        }

        [Fact]
        public void Mutations_change_the_input_and_stay_within_the_size_limit()
        {
            var r = new Random(5);
            var m = new Mutator(r);
            var parent = new CorpusEntry(AmberSerializer.Serialize<Shape>(new Circle { Radius = 2 }), isSeed: true);
            int changed = 0;
            for (int i = 0; i < 2000; i++)
            {
                byte[] child = m.Mutate(parent, parent);
                Assert.True(child.Length <= Mutator.MaxLength);
                if (!child.AsSpan().SequenceEqual(parent.Data)) changed++;
            }
            Assert.True(changed > 1900, $"{changed} of 2000 changed");
        }
    }
}
