using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberWriter
    {
        // Strings are .NET strings: a lone surrogate cannot be UTF-8, so it is written as U+FFFD (as
        // System.Text.Json does) rather than failing the whole payload.
        private static readonly UTF8Encoding s_utf8 = new UTF8Encoding(false, false);

        /// <summary>Writes a bool (Varint 0 or 1).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBoolean(bool value) => WriteByteRaw(value ? (byte)1 : (byte)0);

        /// <summary>Writes a byte (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByte(byte value) => WriteVarint(value);

        /// <summary>Writes an sbyte (zigzag Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByte(sbyte value) => WriteVarint(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a short (zigzag Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16(short value) => WriteVarint(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a ushort (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16(ushort value) => WriteVarint(value);

        /// <summary>Writes an int (zigzag Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32(int value) => WriteVarint(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a uint (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32(uint value) => WriteVarint(value);

        /// <summary>Writes a long (zigzag Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64(long value) => WriteVarint(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a ulong (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64(ulong value) => WriteVarint(value);

        /// <summary>Writes a char (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteChar(char value) => WriteVarint(value);

        /// <summary>Writes a float (Fixed32).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingle(float value)
        {
            BinaryPrimitives.WriteInt32LittleEndian(GetSpan(4), BitConverter.SingleToInt32Bits(value));
            _pos += 4;
        }

        /// <summary>Writes a double (Fixed64).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDouble(double value)
        {
            BinaryPrimitives.WriteInt64LittleEndian(GetSpan(8), BitConverter.DoubleToInt64Bits(value));
            _pos += 8;
        }

        /// <summary>Writes a u64 little-endian (Fixed64 payload).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteFixed64(ulong value)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(GetSpan(8), value);
            _pos += 8;
        }

        /// <summary>Writes a DateTime (Fixed64: ticks and kind).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDateTime(DateTime value) => WriteFixed64(AmberPrimitives.EncodeDateTime(value));

        /// <summary>Writes a TimeSpan (zigzag Varint of ticks).</summary>
        public void WriteTimeSpan(TimeSpan value) => WriteVarint(AmberPrimitives.ZigZag(value.Ticks));

        /// <summary>Writes a Guid (Fixed128, the bytes of ToByteArray).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteGuid(Guid value)
        {
            Span<byte> span = GetSpan(16);
            value.TryWriteBytes(span);
            _pos += 16;
        }

        /// <summary>Writes a decimal (Bytes, compact form).</summary>
        public void WriteDecimal(decimal value)
        {
            ref byte window = ref OpenWindow(AmberCode.MaxDecimalBytes);
            CloseWindow(WriteDecimalAt(ref window, 0, value, present: true));
        }

        /// <summary>
        /// Writes a decimal at offset <paramref name="at"/> of a window (<see cref="OpenWindow"/>) when <paramref name="present"/>
        /// (14 bytes of room: the length, the flags, the mantissa at full width, counted to its trimmed length); returns the
        /// offset after it.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int WriteDecimalAt(ref byte window, int at, decimal value, bool present)
        {
            if (_refs && present) State.BytesCount++;
            AmberPrimitives.DecimalBits(value, out ulong low, out uint high, out int flags);
            int length = AmberPrimitives.DecimalMantissaLength(low, high);
            ref byte b = ref Unsafe.Add(ref window, at);
            // A Bytes value (its length + 1 as a varint, one byte here), the flags, then the mantissa little-endian.
            b = (byte)(length + 2);
            Unsafe.Add(ref b, 1) = AmberPrimitives.DecimalFlags(flags);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, 2), BitConverter.IsLittleEndian ? low : BinaryPrimitives.ReverseEndianness(low));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, 10), BitConverter.IsLittleEndian ? high : BinaryPrimitives.ReverseEndianness(high));
            return at + (present ? length + 2 : 0);
        }

        /// <summary>Writes a DateTimeOffset (Bytes: ticks and offset minutes).</summary>
        public void WriteDateTimeOffset(DateTimeOffset value)
        {
            CountBytesValue();
            Span<byte> span = GetSpan(11);
            span[0] = 11;
            BinaryPrimitives.WriteInt64LittleEndian(span.Slice(1), value.Ticks);
            BinaryPrimitives.WriteInt16LittleEndian(span.Slice(9), (short)value.Offset.TotalMinutes);
            _pos += 11;
        }

        /// <summary>Writes a BigInteger (Bytes, two's complement little-endian).</summary>
        public void WriteBigInteger(BigInteger value)
        {
            CountBytesValue();
            int n = value.GetByteCount();
            WriteVarint((ulong)n + 1);
            Span<byte> span = GetSpan(n);
            value.TryWriteBytes(span, out int written);
            _pos += written;
        }

        /// <summary>Writes a string (Bytes, UTF-8), or null.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteString(string? value)
        {
            if (_refs && !WriteBytesReference(value)) return;
            if (value == null)
            {
                WriteByteRaw(0);
                return;
            }
            // Fast path: at most 42 chars encode to at most 126 bytes, so L + 1 fits one varint byte.
            if (value.Length <= 42 && _buffer.Length - _pos >= 127)
            {
                Span<byte> span = _buffer.Slice(_pos + 1);
#if NET8_0_OR_GREATER
                // ASCII (most names, keys and short values) narrows in one vectorised pass; anything else is
                // encoded again from the start by the UTF-8 encoder.
                if (Ascii.FromUtf16(value.AsSpan(), span, out int n) != System.Buffers.OperationStatus.Done) n = s_utf8.GetBytes(value.AsSpan(), span);
#else
                int n = s_utf8.GetBytes(value.AsSpan(), span);
#endif
                _buffer[_pos] = (byte)(n + 1);
                _pos += n + 1;
                return;
            }
            WriteStringSlow(value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WriteStringSlow(string value)
        {
            int n = s_utf8.GetByteCount(value);
            WriteVarint((ulong)n + 1);
            if (n <= 65536)
            {
                Span<byte> span = GetSpan(n);
                s_utf8.GetBytes(value.AsSpan(), span);
                _pos += n;
            }
            else
            {
                // Very long strings are encoded in chunks so the output span stays bounded.
                Encoder encoder = s_utf8.GetEncoder();
                ReadOnlySpan<char> chars = value.AsSpan();
                while (chars.Length > 0)
                {
                    int take = Math.Min(chars.Length, 16384);
                    if (char.IsHighSurrogate(chars[take - 1]) && take < chars.Length) take--;
                    Span<byte> span = GetSpan(take * 3);
                    int written = encoder.GetBytes(chars.Slice(0, take), span, take == chars.Length);
                    _pos += written;
                    chars = chars.Slice(take);
                }
            }
        }

        /// <summary>Writes a byte array (Bytes), or null.</summary>
        public void WriteBytes(byte[]? value)
        {
            if (_refs && !WriteBytesReference(value)) return;
            if (value == null) { WriteByteRaw(0); return; }
            WriteVarint((ulong)value.Length + 1);
            WriteRaw(value);
        }

        /// <summary>Writes bytes (Bytes, never null).</summary>
        public void WriteBytes(scoped ReadOnlySpan<byte> value)
        {
            CountBytesValue();
            WriteVarint((ulong)value.Length + 1);
            WriteRaw(value);
        }

        /// <summary>Writes a Uri (Bytes: its OriginalString), or null.</summary>
        public void WriteUri(Uri? value) => WriteString(value?.OriginalString);

        /// <summary>Writes a Version (Bytes: its string form), or null.</summary>
        public void WriteVersion(Version? value) => WriteString(value?.ToString());

        /// <summary>
        /// Writes a span of unmanaged primitives as a packed sequence (count, descriptor, raw
        /// little-endian values): the memory-copy path of docs/format.md §6.1.
        /// </summary>
        public void WritePacked<T>(scoped ReadOnlySpan<T> values) where T : unmanaged
        {
            byte code = PackedCode.Of<T>();
            CountCollection();
            WriteVarint((ulong)values.Length + 1);
            if (values.Length == 0) return;
            WriteByteRaw((byte)(AmberCode.DescriptorPacked | code));
            if (BitConverter.IsLittleEndian)
            {
                WriteRaw(MemoryMarshal.AsBytes(values));
            }
            else
            {
                WritePackedBigEndian(values);
            }
        }

        private void WritePackedBigEndian<T>(scoped ReadOnlySpan<T> values) where T : unmanaged
        {
            int width = Unsafe.SizeOf<T>();
            foreach (T v in values)
            {
                T copy = v;
                Span<byte> bytes = MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref copy, 1));
                bytes.Reverse();
                WriteRaw(bytes);
            }
            _ = width;
        }

#if NET8_0_OR_GREATER
        /// <summary>Writes a Half (Fixed32, as the equal float).</summary>
        public void WriteHalf(Half value) => WriteSingle((float)value);

        /// <summary>Writes a DateOnly (Varint of DayNumber).</summary>
        public void WriteDateOnly(DateOnly value) => WriteVarint((ulong)value.DayNumber);

        /// <summary>Writes a TimeOnly (Varint of ticks).</summary>
        public void WriteTimeOnly(TimeOnly value) => WriteVarint((ulong)value.Ticks);

        /// <summary>Writes an Int128 (Fixed128 little-endian).</summary>
        public void WriteInt128(Int128 value)
        {
            Span<byte> span = GetSpan(16);
            BinaryPrimitives.WriteInt128LittleEndian(span, value);
            _pos += 16;
        }

        /// <summary>Writes a UInt128 (Fixed128 little-endian).</summary>
        public void WriteUInt128(UInt128 value)
        {
            Span<byte> span = GetSpan(16);
            BinaryPrimitives.WriteUInt128LittleEndian(span, value);
            _pos += 16;
        }
#endif
    }
}
