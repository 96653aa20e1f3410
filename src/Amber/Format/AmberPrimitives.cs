using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Amber
{
    /// <summary>
    /// The lowest layer of the codec: static span primitives that never throw. A writer returns the
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

        /// <summary>Writes a decimal in the compact form of docs/format.md §3.1 (without the length prefix); returns bytes written (1 to 13).</summary>
        public static int WriteDecimal(Span<byte> destination, decimal value)
        {
            Span<int> bits = stackalloc int[4];
#if NET8_0_OR_GREATER
            decimal.GetBits(value, bits);
#else
            int[] b = decimal.GetBits(value);
            b.AsSpan().CopyTo(bits);
#endif
            int flags = bits[3];
            byte scale = (byte)((flags >> 16) & 0xFF);
            bool negative = flags < 0;
            destination[0] = (byte)((negative ? 0x80 : 0) | scale);
            Span<byte> mantissa = stackalloc byte[12];
            BinaryPrimitives.WriteInt32LittleEndian(mantissa, bits[0]);
            BinaryPrimitives.WriteInt32LittleEndian(mantissa.Slice(4), bits[1]);
            BinaryPrimitives.WriteInt32LittleEndian(mantissa.Slice(8), bits[2]);
            int len = 12;
            while (len > 0 && mantissa[len - 1] == 0) len--;
            mantissa.Slice(0, len).CopyTo(destination.Slice(1));
            return 1 + len;
        }

        /// <summary>Reads the compact decimal form; false if malformed (scale over 28, mantissa over 12 bytes, or an empty input).</summary>
        public static bool TryReadDecimal(ReadOnlySpan<byte> source, out decimal value)
        {
            value = 0m;
            if (source.Length < 1 || source.Length > 13) return false;
            byte flags = source[0];
            int scale = flags & 0x7F;
            if (scale > 28) return false;
            Span<byte> mantissa = stackalloc byte[12];
            mantissa.Clear();
            source.Slice(1).CopyTo(mantissa);
            int lo = BinaryPrimitives.ReadInt32LittleEndian(mantissa);
            int mid = BinaryPrimitives.ReadInt32LittleEndian(mantissa.Slice(4));
            int hi = BinaryPrimitives.ReadInt32LittleEndian(mantissa.Slice(8));
            value = new decimal(lo, mid, hi, (flags & 0x80) != 0, (byte)scale);
            return true;
        }
    }
}
