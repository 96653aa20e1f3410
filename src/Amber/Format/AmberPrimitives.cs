using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Amber.Format
{
    /// <summary>
    /// The lowest layer of the reader and writer: static span primitives that never throw. A writer returns the
    /// number of bytes written (0 when the span is too short); a reader returns the number of bytes
    /// consumed (0 when the span is too short, -1 when the bytes are malformed).
    /// </summary>
    public static class AmberPrimitives
    {
        /// <summary>The longest varint in bytes.</summary>
        public const int MaxVarintLength = 10;

        /// <summary>Length in bytes of the varint of <paramref name="value"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int VarintLength(ulong value)
        {
            int n = 1;
            while (value >= 0x80) { value >>= 7; n++; }
            return n;
        }

        /// <summary>Writes a varint; returns the bytes written, or 0 if <paramref name="destination"/> is too short.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int TryWriteVarint(Span<byte> destination, ulong value)
        {
            if (value < 0x80 && destination.Length > 0)
            {
                destination[0] = (byte)value;
                return 1;
            }
            return TryWriteVarintLong(destination, value);
        }

        private static int TryWriteVarintLong(Span<byte> destination, ulong value)
        {
            int i = 0;
            while (value >= 0x80)
            {
                if (i >= destination.Length) return 0;
                destination[i++] = (byte)(value | 0x80);
                value >>= 7;
            }
            if (i >= destination.Length) return 0;
            destination[i++] = (byte)value;
            return i;
        }

        /// <summary>Reads a varint; returns bytes consumed, 0 if the span ends first, -1 if malformed (over 64 bits).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int TryReadVarint(ReadOnlySpan<byte> source, out ulong value)
        {
            if (source.Length > 0 && source[0] < 0x80)
            {
                value = source[0];
                return 1;
            }
            return TryReadVarintLong(source, out value);
        }

        private static int TryReadVarintLong(ReadOnlySpan<byte> source, out ulong value)
        {
            ulong result = 0;
            for (int i = 0; i < MaxVarintLength; i++)
            {
                if (i >= source.Length) { value = 0; return 0; }
                byte b = source[i];
                if (i == MaxVarintLength - 1 && b > 0x01) { value = 0; return -1; }
                result |= (ulong)(b & 0x7F) << (7 * i);
                if (b < 0x80) { value = result; return i + 1; }
            }
            value = 0;
            return -1;
        }

        /// <summary>Zig-zag maps a signed integer to an unsigned one (0, -1, 1, -2 → 0, 1, 2, 3).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));

        /// <summary>The inverse of <see cref="ZigZag"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static long UnZigZag(ulong value) => (long)(value >> 1) ^ -(long)(value & 1);

        /// <summary>Encodes a DateTime as ticks with the kind in the top two bits.</summary>
        public static ulong EncodeDateTime(DateTime value) => (ulong)value.Ticks | ((ulong)value.Kind << 62);

        /// <summary>Decodes <see cref="EncodeDateTime"/>; false if the ticks or kind are out of range.</summary>
        public static bool TryDecodeDateTime(ulong raw, out DateTime value)
        {
            long ticks = (long)(raw & 0x3FFF_FFFF_FFFF_FFFFUL);
            int kind = (int)(raw >> 62);
            if (ticks > DateTime.MaxValue.Ticks || kind > 2) { value = default; return false; }
            value = new DateTime(ticks, (DateTimeKind)kind);
            return true;
        }

        /// <summary>
        /// Writes the compact decimal form (docs/format.md §3.1: sign and scale byte, then the mantissa's low bytes up to
        /// its highest non-zero byte); returns the bytes written (1 to 13), or 0 if <paramref name="destination"/> is too short.
        /// With 13 bytes or more of room it may write zeros past the returned length.
        /// </summary>
        public static int WriteDecimal(Span<byte> destination, decimal value)
        {
            DecimalBits(value, out ulong low, out uint high, out int flags);
            int length = DecimalMantissaLength(low, high);
            if (destination.Length < 13)
            {
                if (destination.Length < 1 + length) return 0;
                for (int i = 0; i < length; i++) destination[1 + i] = (byte)(i < 8 ? low >> (8 * i) : high >> (8 * (i - 8)));
            }
            else
            {
                BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(1), low);
                BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(9), high);
            }
            destination[0] = DecimalFlags(flags);
            return 1 + length;
        }

        /// <summary>A decimal's 96-bit mantissa (<paramref name="low"/>, <paramref name="high"/>) and its flags (sign and scale), as <see cref="decimal.GetBits(decimal)"/> gives them.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static void DecimalBits(decimal value, out ulong low, out uint high, out int flags)
        {
#if NET8_0_OR_GREATER
            // Into four ints on the stack: no stackalloc, so no buffer check and no array.
            FourInts bits = default;
            decimal.GetBits(value, System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref bits.Low, 4));
            low = (uint)bits.Low | ((ulong)(uint)bits.Mid << 32);
            high = (uint)bits.High;
            flags = bits.Flags;
#else
            int[] bits = decimal.GetBits(value);
            low = (uint)bits[0] | ((ulong)(uint)bits[1] << 32);
            high = (uint)bits[2];
            flags = bits[3];
#endif
        }

#if NET8_0_OR_GREATER
        // Filled through the span decimal.GetBits writes into, which the compiler does not see.
#pragma warning disable CS0649
        private struct FourInts
        {
            public int Low, Mid, High, Flags;
        }
#pragma warning restore CS0649
#endif

        /// <summary>The bytes of a decimal's mantissa that are not leading zeros (format §3.1: little-endian, trimmed).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static int DecimalMantissaLength(ulong low, uint high) =>
            high != 0 ? 12 - (LeadingZeroCount(high) >> 3) : 8 - (LeadingZeroCount(low) >> 3);

        /// <summary>A decimal's flags byte: the sign in bit 7, the scale below it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static byte DecimalFlags(int flags) => (byte)((flags < 0 ? 0x80 : 0) | ((flags >> 16) & 0xFF));

        /// <summary>Reads the compact decimal form; false if malformed (scale over 28, mantissa over 12 bytes, or an empty input).</summary>
        public static bool TryReadDecimal(ReadOnlySpan<byte> source, out decimal value)
        {
            value = 0m;
            if (source.Length < 1 || source.Length > 13) return false;
            byte flags = source[0];
            int scale = flags & 0x7F;
            if (scale > 28) return false;
            ReadOnlySpan<byte> mantissa = source.Slice(1);
            ulong low = 0;
            uint high = 0;
            int i = 0;
            if (mantissa.Length >= 8)
            {
                low = BinaryPrimitives.ReadUInt64LittleEndian(mantissa);
                for (i = 8; i < mantissa.Length; i++) high |= (uint)mantissa[i] << (8 * (i - 8));
            }
            else
            {
                for (; i < mantissa.Length; i++) low |= (ulong)mantissa[i] << (8 * i);
            }
            value = new decimal((int)(uint)low, (int)(uint)(low >> 32), (int)high, (flags & 0x80) != 0, (byte)scale);
            return true;
        }

        /// <summary>
        /// Writes the head of a shape definition (docs/format.md §5): the member count shifted left with the type-tag bit,
        /// then the type tag when there is one; returns its length (at most <see cref="MaxDefinitionHeadLength"/>). The
        /// tags, the hash block and (inline, §5.1) the codes follow it.
        /// </summary>
        internal static int WriteDefinitionHead(Span<byte> destination, int count, uint? typeTag)
        {
            int n = TryWriteVarint(destination, typeTag is null ? (ulong)count << 1 : ((ulong)count << 1) | 1);
            if (typeTag is uint tag) n += TryWriteVarint(destination.Slice(n), tag);
            return n;
        }

        /// <summary>The length <see cref="WriteDefinitionHead"/> writes.</summary>
        internal static int DefinitionHeadLength(int count, uint? typeTag) =>
            VarintLength((ulong)count << 1) + (typeTag is uint tag ? VarintLength(tag) : 0);

        /// <summary>The most bytes the head of a shape definition takes.</summary>
        internal const int MaxDefinitionHeadLength = 2 * MaxVarintLength;

        /// <summary>
        /// The varint of <paramref name="value"/> (below 2^56) as one little-endian word: its 7-bit groups a byte apart and
        /// the continuation bits set, with no branch on its length; <paramref name="length"/> is its length, 1 to 8.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static ulong SpreadVarint(ulong value, out int length)
        {
            // ceil(bits / 7) for bits 1..64 as a multiply and a shift.
            length = ((64 - LeadingZeroCount(value | 1)) * 9 + 64) >> 6;
            ulong word = (value & 0x7F)
                | ((value << 1) & 0x7F00UL)
                | ((value << 2) & 0x7F_0000UL)
                | ((value << 3) & 0x7F00_0000UL)
                | ((value << 4) & 0x7F_0000_0000UL)
                | ((value << 5) & 0x7F00_0000_0000UL)
                | ((value << 6) & 0x7F_0000_0000_0000UL)
                | ((value << 7) & 0x7F00_0000_0000_0000UL);
            // Every byte but the last has its continuation bit.
            return word | (0x8080_8080_8080_8080UL & ((1UL << ((length - 1) * 8)) - 1));
        }

        /// <summary>
        /// Decodes the varint at the start of the little-endian word <paramref name="word"/> (8 bytes of input) with no
        /// branch on its length. Returns false when it is longer than 8 bytes (every byte has its continuation bit).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static bool TryGatherVarint(ulong word, out ulong value, out int length)
        {
            ulong stops = ~word & 0x8080_8080_8080_8080UL;
            // The last byte is the first without a continuation bit; the bytes after it are not the varint's.
            length = (Internal.Bits.TrailingZeroCount(stops) + 1) >> 3;
            word &= stops ^ (stops - 1);
            value = (word & 0x7F)
                | ((word >> 1) & (0x7FUL << 7))
                | ((word >> 2) & (0x7FUL << 14))
                | ((word >> 3) & (0x7FUL << 21))
                | ((word >> 4) & (0x7FUL << 28))
                | ((word >> 5) & (0x7FUL << 35))
                | ((word >> 6) & (0x7FUL << 42))
                | ((word >> 7) & (0x7FUL << 49));
            return stops != 0;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int LeadingZeroCount(ulong value)
        {
#if NET8_0_OR_GREATER
            return System.Numerics.BitOperations.LeadingZeroCount(value);
#else
            int n = 64;
            while (value != 0) { value >>= 1; n--; }
            return n;
#endif
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int LeadingZeroCount(uint value) => LeadingZeroCount((ulong)value) - 32;
    }
}
