using System.Collections.Generic;
using Amber.Tests.Models.Replacement;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>Surrogates and hand-written formatters for types you don't own, and construction callbacks.</summary>
    public class ReplacementTests
    {
        private static readonly Rgba Red = new Rgba(0xFF0000FF);
        private static readonly Rgba Teal = new Rgba(0x008080C0);

        [Fact]
        public void Surrogate_applies_to_members_nullable_collections_dictionaries_and_roots()
        {
            var p = new Palette
            {
                Background = Red,
                Accent = Teal,
                Swatches = new List<Rgba> { Red, Teal },
                Array = new[] { Teal },
                Named = new Dictionary<string, Rgba> { ["red"] = Red },
            };
            Palette back = AmberSerializer.Deserialize<Palette>(AmberSerializer.Serialize(p))!;
            Assert.Equal(Red.Packed, back.Background.Packed);
            Assert.Equal(Teal.Packed, back.Accent!.Value.Packed);
            Assert.Equal(new[] { Red.Packed, Teal.Packed }, back.Swatches!.ConvertAll(c => c.Packed));
            Assert.Equal(Teal.Packed, back.Array![0].Packed);
            Assert.Equal(Red.Packed, back.Named!["red"].Packed);
            Assert.Null(AmberSerializer.Deserialize<Palette>(AmberSerializer.Serialize(new Palette()))!.Accent);
            Assert.Equal(Teal.Packed, AmberSerializer.Deserialize<Rgba>(AmberSerializer.Serialize(Teal)).Packed);
        }

        [Fact]
        public void Surrogate_is_written_as_its_own_members_so_it_is_version_tolerant()
        {
            // The wire holds R, G, B, A by name: a reader with a plain struct of those members reads it.
            byte[] bytes = AmberSerializer.Serialize(new Palette { Background = Red });
            PlainPalette plain = AmberSerializer.Deserialize<PlainPalette>(bytes)!;
            Assert.Equal(new PlainColor { R = 0xFF, G = 0, B = 0, A = 0xFF }, plain.Background);
        }

        public struct PlainColor { public byte R; public byte G; public byte B; public byte A; }

        public class PlainPalette { public PlainColor Background { get; set; } }

        [Fact]
        public void Custom_formatter_applies_everywhere_and_its_values_can_be_skipped()
        {
            var p = new Palette { Background = Red, Price = new Money(12.50m, "EUR"), History = new List<Money> { new Money(1m, "USD"), new Money(-3.25m, "JPY") } };
            byte[] bytes = AmberSerializer.Serialize(p);
            Palette back = AmberSerializer.Deserialize<Palette>(bytes)!;
            Assert.Equal(12.50m, back.Price!.Amount);
            Assert.Equal("EUR", back.Price.Currency);
            Assert.Equal(-3.25m, back.History![1].Amount);
            Assert.Equal("JPY", back.History[1].Currency);
            // An old reader without Price/History skips them by wire type.
            Assert.Equal(Red.Packed, AmberSerializer.Deserialize<PaletteWithoutPrice>(bytes)!.Background.Packed);
            Money root = AmberSerializer.Deserialize<Money>(AmberSerializer.Serialize(new Money(7m, "GBP")))!;
            Assert.Equal("GBP", root.Currency);
        }

        [Fact]
        public void Custom_formatter_errors_carry_the_member_path()
        {
            // A Palette whose Price string is not "amount currency": write a reader type with a string Price.
            byte[] bytes = AmberSerializer.Serialize(new PriceAsText { Price = "lots" });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Palette>(bytes));
            Assert.Contains("Palette.Price", ex.Message);
            Assert.Contains("not an amount", ex.Message);
        }

        public class PriceAsText { public string? Price { get; set; } }

        [Fact]
        public void Callbacks_run_before_writing_and_after_reading_in_classes_and_structs()
        {
            var l = new Ledger { Entries = new List<int> { 2, 3, 5 } };
            Ledger back = AmberSerializer.Deserialize<Ledger>(AmberSerializer.Serialize(l))!;
            Assert.Equal(10, back.Total);   // computed by OnAmberSerializing before the members were read
            Assert.True(back.Loaded);       // set by OnAmberDeserialized
            Assert.False(l.Loaded);
            StampHolder h = AmberSerializer.Deserialize<StampHolder>(AmberSerializer.Serialize(new StampHolder { Stamp = new Stamp { Value = 4 } }))!;
            Assert.Equal(4, h.Stamp.Value);
            Assert.True(h.Stamp.Checked);   // the struct's callback ran in place, not on a boxed copy
        }
    }
}
