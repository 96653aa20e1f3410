using System;
using System.Text;
using Amber.Format;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Spells payload bytes out by hand, as hex, from docs/format.md: the tests that pin or craft bytes build
    /// them from these pieces instead of asking Amber's writer, so a writer bug cannot hide in the expectation.
    /// </summary>
    internal static class HandWire
    {
        /// <summary>Unsigned LEB128 (§1).</summary>
        public static string Varint(ulong v)
        {
            var sb = new StringBuilder();
            while (v >= 0x80)
            {
                sb.Append(((byte)(v | 0x80)).ToString("X2"));
                v >>= 7;
            }
            return sb.Append(((byte)v).ToString("X2")).ToString();
        }

        /// <summary>zigzag then varint (§1).</summary>
        public static string ZigZag(long v) => Varint((ulong)((v << 1) ^ (v >> 63)));

        /// <summary>A member tag in a shape: (key &lt;&lt; 3) | wire type as u16 little-endian (§4).</summary>
        public static string Tag(string member, WireType wireType)
        {
            int tag = (AmberCode.KeyOf(member) << 3) | (int)wireType;
            return $"{tag & 0xFF:X2}{tag >> 8:X2}";
        }

        /// <summary>A shape definition's first varint and, for a typed shape, the type tag (§5, §7.1).</summary>
        public static string ShapeStart(int memberCount, string? typeName) =>
            typeName == null
                ? Varint((ulong)memberCount << 1)
                : Varint(((ulong)memberCount << 1) | 1) + Varint(AmberCode.TypeTagOf(typeName));

        /// <summary>The header of an object whose shape is defined here with id <paramref name="shapeId"/> (§5).</summary>
        public static string DefineShape(int shapeId) => Varint(((ulong)shapeId << 2) | 0b10);

        /// <summary>The header of an object whose shape was defined earlier (§5).</summary>
        public static string UseShape(int shapeId) => Varint(((ulong)shapeId << 2) | 0b01);

        /// <summary>The header of an inline struct of shape <paramref name="shapeId"/>, defined here or earlier (§5.1).</summary>
        public static string Inline(int shapeId) => Varint(((ulong)shapeId + 1) << 2);

        /// <summary>A non-null string in Bytes position outside reference mode: length + 1, then UTF-8 (§3, §3.1).</summary>
        public static string Str(string s)
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(s);
            return Varint((ulong)utf8.Length + 1) + Convert.ToHexString(utf8);
        }

        public static byte[] Bytes(string hex) => Convert.FromHexString(hex);

        public static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

        /// <summary>Where <paramref name="needle"/> first occurs in <paramref name="haystack"/>, or -1.</summary>
        public static int IndexOf(byte[] haystack, byte[] needle)
        {
            for (int i = 0; i + needle.Length <= haystack.Length; i++)
            {
                if (haystack.AsSpan(i, needle.Length).SequenceEqual(needle)) return i;
            }
            return -1;
        }

        /// <summary>Replaces the only occurrence of <paramref name="from"/> (hex) with <paramref name="to"/> (hex); fails if it is not there exactly once.</summary>
        public static byte[] ReplaceOnce(byte[] payload, string from, string to)
        {
            string hex = Hex(payload);
            int at = IndexOfEven(hex, from, 0);
            if (at < 0) throw new InvalidOperationException($"{from} is not in {hex}");
            if (IndexOfEven(hex, from, at + 2) >= 0) throw new InvalidOperationException($"{from} is in {hex} more than once");
            return Bytes(hex.Substring(0, at) + to + hex.Substring(at + from.Length));
        }

        // A hex match at a byte boundary only.
        private static int IndexOfEven(string hex, string part, int start)
        {
            for (int i = hex.IndexOf(part, start, StringComparison.Ordinal); i >= 0; i = hex.IndexOf(part, i + 1, StringComparison.Ordinal))
            {
                if (i % 2 == 0) return i;
            }
            return -1;
        }
    }
}
