using System;
using System.Collections.Generic;
using System.Globalization;

[assembly: Amber.AmberSurrogate(typeof(Amber.Fuzz.Models.Rgba), typeof(Amber.Fuzz.Models.RgbaSurrogate))]
[assembly: Amber.AmberFormatter(typeof(Amber.Fuzz.Models.Price), typeof(Amber.Fuzz.Models.PriceFormatter))]

namespace Amber.Fuzz.Models
{
    /// <summary>A type Amber cannot build by itself (no settable members, no matching constructor): written through a surrogate.</summary>
    public readonly struct Rgba
    {
        private readonly uint _packed;

        public Rgba(uint packed) => _packed = packed;

        public uint Packed => _packed;
    }

    public struct RgbaSurrogate
    {
        public byte R;
        public byte G;
        public byte B;
        public byte A;

        public static implicit operator RgbaSurrogate(Rgba c) =>
            new RgbaSurrogate { R = (byte)(c.Packed >> 24), G = (byte)(c.Packed >> 16), B = (byte)(c.Packed >> 8), A = (byte)c.Packed };

        public static implicit operator Rgba(RgbaSurrogate s) => new Rgba(((uint)s.R << 24) | ((uint)s.G << 16) | ((uint)s.B << 8) | s.A);
    }

    public sealed class Price
    {
        public Price(decimal amount, string currency)
        {
            Amount = amount;
            Currency = currency;
        }

        public decimal Amount { get; }

        public string Currency { get; }
    }

    /// <summary>A hand-written formatter: a Price is one string "12.50 EUR". Bad text is an AmberException with the offset, as the README asks.</summary>
    public sealed class PriceFormatter : IAmberFormatter<Price>
    {
        public WireType WireType => WireType.Bytes;

        public void Write(ref AmberWriter writer, Price value) =>
            writer.WriteString(value == null ? null : value.Amount.ToString(CultureInfo.InvariantCulture) + " " + value.Currency);

        public Price Read(ref AmberReader reader, WireType wireType)
        {
            long at = reader.Position;
            reader.Expect(wireType, WireType.Bytes, "Price");
            string? s = reader.ReadString();
            if (s == null) return null!;
            int space = s.IndexOf(' ');
            if (space < 0 || !decimal.TryParse(s.AsSpan(0, space), NumberStyles.Number, CultureInfo.InvariantCulture, out decimal amount))
                throw new AmberException($"'{s}' is not an amount and a currency", at, "Write a Price with PriceFormatter.");
            return new Price(amount, s.Substring(space + 1));
        }
    }

    public class Shop
    {
        public Rgba Color { get; set; }
        public Rgba? Accent { get; set; }
        public List<Rgba>? Swatches { get; set; }
        public Rgba[]? Palette { get; set; }
        public Dictionary<string, Rgba>? Named { get; set; }
        public Dictionary<Rgba, string>? ByColor { get; set; }
        public Price? Price { get; set; }
        public List<Price?>? History { get; set; }
        public Dictionary<string, Price>? Catalog { get; set; }
    }
}
