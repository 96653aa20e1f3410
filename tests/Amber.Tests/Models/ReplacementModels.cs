using System.Collections.Generic;

[assembly: Amber.AmberSurrogate(typeof(Amber.Tests.Models.Replacement.Rgba), typeof(Amber.Tests.Models.Replacement.RgbaSurrogate))]
[assembly: Amber.AmberFormatter(typeof(Amber.Tests.Models.Replacement.Money), typeof(Amber.Tests.Models.Replacement.MoneyFormatter))]

namespace Amber.Tests.Models.Replacement
{
    /// <summary>A type "you don't own": packed, no settable members, no constructor Amber could match.</summary>
    public readonly struct Rgba
    {
        private readonly uint _packed;
        public Rgba(uint packed) => _packed = packed;
        public byte R => (byte)(_packed >> 24);
        public byte G => (byte)(_packed >> 16);
        public byte B => (byte)(_packed >> 8);
        public byte A => (byte)_packed;
        public uint Packed => _packed;
    }

    /// <summary>What Amber writes for an Rgba: four named bytes, so old and new data stay readable.</summary>
    public struct RgbaSurrogate
    {
        public byte R;
        public byte G;
        public byte B;
        public byte A;

        public static implicit operator RgbaSurrogate(Rgba c) => new RgbaSurrogate { R = c.R, G = c.G, B = c.B, A = c.A };

        public static implicit operator Rgba(RgbaSurrogate s) => new Rgba(((uint)s.R << 24) | ((uint)s.G << 16) | ((uint)s.B << 8) | s.A);
    }

    public sealed class Money
    {
        public Money(decimal amount, string currency) { Amount = amount; Currency = currency; }
        public decimal Amount { get; }
        public string Currency { get; }
    }

    /// <summary>A hand-written formatter: Money as one string "12.50 EUR", using the same writer/reader API as generated code.</summary>
    public sealed class MoneyFormatter : IAmberFormatter<Money>
    {
        public WireType WireType => WireType.Bytes;

        public void Write(ref AmberWriter writer, Money value) =>
            writer.WriteString(value == null ? null : value.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + value.Currency);

        public Money Read(ref AmberReader reader, WireType wireType)
        {
            long at = reader.Position;
            reader.Expect(wireType, WireType.Bytes, "Money");
            string? s = reader.ReadString();
            if (s == null) return null!;
            int space = s.IndexOf(' ');
            if (space < 0 || !decimal.TryParse(s.Substring(0, space), System.Globalization.NumberStyles.Number, System.Globalization.CultureInfo.InvariantCulture, out decimal amount))
                throw new AmberException($"'{s}' is not an amount and a currency", at, "Write Money with MoneyFormatter.");
            return new Money(amount, s.Substring(space + 1));
        }
    }

    public class Palette
    {
        public Rgba Background { get; set; }
        public Rgba? Accent { get; set; }
        public List<Rgba>? Swatches { get; set; }
        public Rgba[]? Array { get; set; }
        public Dictionary<string, Rgba>? Named { get; set; }
        public Money? Price { get; set; }
        public List<Money>? History { get; set; }
    }

    public class PaletteWithoutPrice
    {
        public Rgba Background { get; set; }
    }

    public class Ledger : IAmberOnSerializing, IAmberOnDeserialized
    {
        public List<int> Entries { get; set; } = new List<int>();
        public int Total { get; set; }
        [AmberIgnore] public bool Loaded { get; private set; }

        public void OnAmberSerializing() => Total = Entries.Count == 0 ? 0 : System.Linq.Enumerable.Sum(Entries);
        public void OnAmberDeserialized() => Loaded = true;
    }

    public struct Stamp : IAmberOnDeserialized
    {
        public int Value;
        [AmberIgnore] public bool Checked;
        public void OnAmberDeserialized() => Checked = true;
    }

    public class StampHolder
    {
        public Stamp Stamp { get; set; }
    }
}
