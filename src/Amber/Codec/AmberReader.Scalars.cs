using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberReader
    {
        private static readonly UTF8Encoding s_utf8 = new UTF8Encoding(false, true);

        // ---- integers: the fast forms assume the reader's own wire type (Varint); the forms that
        // ---- take a WireType are used when the writer's shape differs and check it (docs/format.md §3.2).

        /// <summary>
        /// The offset of the varint just read, given its value: error paths use it so that a range
        /// error points at the value, not after it, without the hot path tracking the start
        /// (exact for the shortest encoding, which is what Amber writes).
        /// </summary>
        private long VarintStart(ulong raw) => Position - AmberPrimitives.VarintLength(raw);

        /// <summary>Reads a signed integer (zigzag Varint) as long.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64() => AmberPrimitives.UnZigZag(ReadVarint());

        /// <summary>Reads an int, checking the range.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32()
        {
            long v = AmberPrimitives.UnZigZag(ReadVarint());
            if (v != (int)v) AmberThrow.Overflow(VarintStart(AmberPrimitives.ZigZag(v)), "Int32");
            return (int)v;
        }

        /// <summary>Reads a short, checking the range.</summary>
        public short ReadInt16()
        {
            long v = ReadInt64();
            if (v != (short)v) AmberThrow.Overflow(VarintStart(AmberPrimitives.ZigZag(v)), "Int16");
            return (short)v;
        }

        /// <summary>Reads an sbyte, checking the range.</summary>
        public sbyte ReadSByte()
        {
            long v = ReadInt64();
            if (v != (sbyte)v) AmberThrow.Overflow(VarintStart(AmberPrimitives.ZigZag(v)), "SByte");
            return (sbyte)v;
        }

        /// <summary>Reads a ulong (Varint).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadUInt64() => ReadVarint();

        /// <summary>Reads a uint, checking the range.</summary>
        public uint ReadUInt32()
        {
            ulong v = ReadVarint();
            if (v > uint.MaxValue) AmberThrow.Overflow(VarintStart(v), "UInt32");
            return (uint)v;
        }

        /// <summary>Reads a ushort, checking the range.</summary>
        public ushort ReadUInt16()
        {
            ulong v = ReadVarint();
            if (v > ushort.MaxValue) AmberThrow.Overflow(VarintStart(v), "UInt16");
            return (ushort)v;
        }

        /// <summary>Reads a byte, checking the range.</summary>
        public byte ReadByte()
        {
            ulong v = ReadVarint();
            if (v > byte.MaxValue) AmberThrow.Overflow(VarintStart(v), "Byte");
            return (byte)v;
        }

        /// <summary>Reads a char, checking the range.</summary>
        public char ReadChar()
        {
            ulong v = ReadVarint();
            if (v > char.MaxValue) AmberThrow.Overflow(VarintStart(v), "Char");
            return (char)v;
        }

        /// <summary>Reads a bool (Varint 0 or 1).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBoolean()
        {
            ulong v = ReadVarint();
            if (v > 1) AmberThrow.NotABoolean(VarintStart(v), v);
            return v == 1;
        }

        /// <summary>Checks that a writer member of wire type <paramref name="wt"/> can be read as an integer.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void ExpectVarint(WireType wt)
        {
            if (wt != WireType.Varint) AmberThrow.WireTypeMismatch(Position, wt, "an integer (Varint)");
        }

        /// <summary>Reads a float (Fixed32).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public float ReadSingle() => BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32LittleEndian(ReadSpan(4)));

        /// <summary>Reads a double (Fixed64).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public double ReadDouble() => BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64LittleEndian(ReadSpan(8)));

        /// <summary>Reads a double written as Fixed64, or widens a Fixed32 float.</summary>
        public double ReadDouble(WireType wt)
        {
            if (wt == WireType.Fixed64) return ReadDouble();
            if (wt == WireType.Fixed32) return ReadSingle();
            AmberThrow.WireTypeMismatch(Position, wt, "a floating-point number");
            return 0;
        }

        /// <summary>Reads a float written as Fixed32 (a Fixed64 double is refused: it would lose precision).</summary>
        public float ReadSingle(WireType wt)
        {
            if (wt != WireType.Fixed32) AmberThrow.WireTypeMismatch(Position, wt, "a float (Fixed32)");
            return ReadSingle();
        }

        /// <summary>Reads a u64 little-endian.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadFixed64() => BinaryPrimitives.ReadUInt64LittleEndian(ReadSpan(8));

        /// <summary>Reads a DateTime (Fixed64).</summary>
        public DateTime ReadDateTime()
        {
            long at = Position;
            if (!AmberPrimitives.TryDecodeDateTime(ReadFixed64(), out DateTime value)) AmberThrow.Malformed(at, "A DateTime has ticks or a kind out of range");
            return value;
        }

        /// <summary>Reads a TimeSpan (zigzag Varint of ticks).</summary>
        public TimeSpan ReadTimeSpan() => new TimeSpan(ReadInt64());

        /// <summary>Reads a Guid (Fixed128).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Guid ReadGuid() => new Guid(ReadSpan(16));

        /// <summary>Checks the wire type of a value the reader expects as <paramref name="expected"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Expect(WireType actual, WireType expected, string what)
        {
            if (actual != expected) AmberThrow.WireTypeMismatch(Position, actual, what);
        }

        /// <summary>Reads the length prefix of a Bytes value: -1 for null, else the byte count (checked against the input).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadBytesLength()
        {
            long at = Position;
            ulong l = ReadVarint();
            if (l == 0) return _refs ? ReadBytesReference(at) : -1;
            ulong n = l - 1;
            if (n > (ulong)Remaining) AmberThrow.CountTooLarge(at, n, Remaining);
            if (n > (ulong)Options.MaxStringLength) AmberThrow.LimitExceeded(at, "A string or byte array length", n, Options.MaxStringLength, nameof(AmberOptions.MaxStringLength));
            if (_refs) _state.Bytes.Add(null);
            return (int)n;
        }

        /// <summary>Reference mode: after L = 0, a varint 0 is null (-1) and id + 1 a back-reference (-2).</summary>
        private int ReadBytesReference(long at)
        {
            ulong r = ReadVarint();
            if (r == 0) return -1;
            if (r > (ulong)_state.Bytes.Count) AmberThrow.Malformed(at, $"A back-reference to value {r - 1}, which has not been read");
            _lastBytesRef = (int)(r - 1);
            return -2;
        }

        private TValue BytesReference<TValue>(long at) where TValue : class
        {
            object? stored = _state.Bytes[_lastBytesRef];
            if (stored is TValue value) return value;
            if (stored is Internal.ReaderState.SkippedBytes skipped)
            {
                // A value this reader skipped earlier: decode it now, once.
                object decoded;
                if (typeof(TValue) == typeof(string))
                {
                    try
                    {
                        decoded = DecodeUtf8(skipped.Raw);
                    }
                    catch (DecoderFallbackException ex)
                    {
                        throw new AmberException("A string is not valid UTF-8", at, "The payload is damaged or not an Amber payload.", ex);
                    }
                }
                else if (typeof(TValue) == typeof(byte[]))
                {
                    decoded = skipped.Raw;
                }
                else
                {
                    decoded = skipped;
                }
                _state.Bytes[_lastBytesRef] = decoded;
                if (decoded is TValue result) return result;
            }
            AmberThrow.Malformed(at, $"A back-reference points to a value that is not a {typeof(TValue).Name}");
            return null!;
        }

        private void RememberBytes(object value)
        {
            if (_refs) _state.Bytes[_state.Bytes.Count - 1] = value;
        }

        /// <summary>Reads a string (Bytes, UTF-8), or null.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public string? ReadString()
        {
            int n = ReadBytesLength();
            if (n < 0) return n == -1 ? null : BytesReference<string>(Position);
            if (n == 0)
            {
                RememberBytes(string.Empty);
                return string.Empty;
            }
            long at = Position;
            ReadOnlySpan<byte> bytes = ReadSpan(n);
#if NET8_0_OR_GREATER
            // ASCII cannot fail to decode, so the common case has no exception handler and inlines.
            string value = Ascii.IsValid(bytes) ? Encoding.Latin1.GetString(bytes) : DecodeUtf8Checked(bytes, at);
#else
            string value = DecodeUtf8Checked(bytes, at);
#endif
            RememberBytes(value);
            return value;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string DecodeUtf8Checked(ReadOnlySpan<byte> bytes, long at)
        {
            try
            {
                return s_utf8.GetString(bytes);
            }
            catch (DecoderFallbackException ex)
            {
                throw new AmberException("A string is not valid UTF-8", at, "The payload is damaged or not an Amber payload.", ex);
            }
        }

        /// <summary>
        /// Decodes a string's UTF-8 bytes, throwing <see cref="DecoderFallbackException"/> on ill-formed input.
        /// On .NET 8 and later, ASCII (most member values, keys and names) is checked in one vectorised pass and
        /// widened byte for byte, which is about a quarter faster than the general decoder's count-then-transcode.
        /// </summary>
        private static string DecodeUtf8(ReadOnlySpan<byte> bytes)
        {
#if NET8_0_OR_GREATER
            if (Ascii.IsValid(bytes)) return Encoding.Latin1.GetString(bytes);
#endif
            return s_utf8.GetString(bytes);
        }

        /// <summary>Reads a byte array (Bytes), or null.</summary>
        public byte[]? ReadBytes()
        {
            int n = ReadBytesLength();
            if (n < 0) return n == -1 ? null : BytesReference<byte[]>(Position);
            var result = n == 0 ? Array.Empty<byte>() : new byte[n];
            ReadSpan(n).CopyTo(result);
            RememberBytes(result);
            return result;
        }

        /// <summary>Reads a decimal (Bytes, compact form).</summary>
        public decimal ReadDecimal()
        {
            long at = Position;
            int n = ReadBytesLength();
            decimal value = 0m;
            if (n < 1 || !AmberPrimitives.TryReadDecimal(ReadSpan(n), out value)) AmberThrow.Malformed(at, "A decimal is malformed");
            return value;
        }

        /// <summary>Reads a DateTimeOffset (Bytes: ticks and offset minutes).</summary>
        public DateTimeOffset ReadDateTimeOffset()
        {
            long at = Position;
            int n = ReadBytesLength();
            if (n != 10) AmberThrow.Malformed(at, "A DateTimeOffset must be 10 bytes");
            ReadOnlySpan<byte> s = ReadSpan(10);
            long ticks = BinaryPrimitives.ReadInt64LittleEndian(s);
            short minutes = BinaryPrimitives.ReadInt16LittleEndian(s.Slice(8));
            try
            {
                return new DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes));
            }
            catch (ArgumentException ex)
            {
                throw new AmberException("A DateTimeOffset is out of range", at, "The payload is damaged.", ex);
            }
        }

        /// <summary>Reads a BigInteger (Bytes).</summary>
        public BigInteger ReadBigInteger()
        {
            long at = Position;
            int n = ReadBytesLength();
            if (n < 1) AmberThrow.Malformed(at, "A BigInteger is empty");
            return new BigInteger(ReadSpan(n));
        }

        /// <summary>Reads a Uri (Bytes), or null.</summary>
        public Uri? ReadUri()
        {
            long at = Position;
            string? s = ReadString();
            if (s == null) return null;
            if (!Uri.TryCreate(s, UriKind.RelativeOrAbsolute, out Uri? uri)) AmberThrow.Malformed(at, "A Uri is not valid");
            return uri;
        }

        /// <summary>Reads a Version (Bytes), or null.</summary>
        public Version? ReadVersion()
        {
            long at = Position;
            string? s = ReadString();
            if (s == null) return null;
            if (!Version.TryParse(s, out Version? v)) AmberThrow.Malformed(at, "A Version is not valid");
            return v;
        }

#if NET8_0_OR_GREATER
        /// <summary>Reads a Half (Fixed32 float).</summary>
        public Half ReadHalf() => (Half)ReadSingle();

        /// <summary>Reads a DateOnly (Varint day number).</summary>
        public DateOnly ReadDateOnly()
        {
            long at = Position;
            ulong d = ReadVarint();
            if (d > (ulong)DateOnly.MaxValue.DayNumber) AmberThrow.Malformed(at, "A DateOnly is out of range");
            return DateOnly.FromDayNumber((int)d);
        }

        /// <summary>Reads a TimeOnly (Varint ticks).</summary>
        public TimeOnly ReadTimeOnly()
        {
            long at = Position;
            ulong t = ReadVarint();
            if (t > (ulong)TimeOnly.MaxValue.Ticks) AmberThrow.Malformed(at, "A TimeOnly is out of range");
            return new TimeOnly((long)t);
        }

        /// <summary>Reads an Int128 (Fixed128).</summary>
        public Int128 ReadInt128() => BinaryPrimitives.ReadInt128LittleEndian(ReadSpan(16));

        /// <summary>Reads a UInt128 (Fixed128).</summary>
        public UInt128 ReadUInt128() => BinaryPrimitives.ReadUInt128LittleEndian(ReadSpan(16));
#endif

        // ---- packed primitive sequences

        /// <summary>
        /// Reads destination.Length elements of a sequence whose header has been read into
        /// <paramref name="destination"/>: packed of the same code at memory-copy speed, packed of a
        /// narrower code widened, or element by element.
        /// </summary>
        public void ReadPrimitives<T>(scoped Span<T> destination, byte descriptor) where T : unmanaged
        {
            if (destination.Length == 0) return;
            byte myCode = PackedCode.Of<T>();
            if ((descriptor & AmberCode.DescriptorPacked) != 0)
            {
                int code = descriptor & 0x7F;
                if (code == myCode && BitConverter.IsLittleEndian)
                {
                    CopyTo(MemoryMarshal.AsBytes(destination));
                    if (typeof(T) == typeof(bool)) ValidateBooleans(MemoryMarshal.AsBytes(destination));
                    return;
                }
                for (int i = 0; i < destination.Length; i++) destination[i] = ReadPackedElement<T>(code, myCode);
                return;
            }
            if ((descriptor & (AmberCode.DescriptorNullable | AmberCode.DescriptorShaped)) != 0)
                AmberThrow.Malformed(Position, "A sequence of primitives has nullable or shaped elements");
            var wt = (WireType)(descriptor & AmberCode.WireTypeMask);
            for (int i = 0; i < destination.Length; i++) destination[i] = ReadPrimitive<T>(wt);
        }

        private void ValidateBooleans(scoped ReadOnlySpan<byte> bytes)
        {
            foreach (byte b in bytes) if (b > 1) AmberThrow.Malformed(Position, "A packed bool is not 0 or 1");
        }

        /// <summary>Reads a packed primitive array (after its header) into a new array.</summary>
        public T[] ReadPrimitiveArray<T>(int count, byte descriptor) where T : unmanaged
        {
            if (count == 0) return Array.Empty<T>();
            T[] result = AmberCollections.NewArrayToOverwrite<T>(count);   // every path below writes every element or throws
            ReadPrimitives<T>(result, descriptor);
            return result;
        }

        private T ReadPackedElement<T>(int code, byte myCode, bool rowMember = false) where T : unmanaged
        {
            long at = Position;
            int width = AmberCode.PackedWidth(code);
            ReadOnlySpan<byte> s = ReadSpan(width);
            switch (code)
            {
                case AmberCode.PackedSingle:
                    if (myCode == AmberCode.PackedDouble) { double d = BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32LittleEndian(s)); return Unsafe.As<double, T>(ref d); }
                    break;
                case AmberCode.PackedDouble:
                case AmberCode.PackedBoolean:
                case AmberCode.PackedChar:
                    break;
                case AmberCode.PackedByte: return FromUnsigned<T>(s[0], myCode, at);
                case AmberCode.PackedUInt16: return FromUnsigned<T>(BinaryPrimitives.ReadUInt16LittleEndian(s), myCode, at);
                case AmberCode.PackedUInt32: return FromUnsigned<T>(BinaryPrimitives.ReadUInt32LittleEndian(s), myCode, at);
                case AmberCode.PackedUInt64: return FromUnsigned<T>(BinaryPrimitives.ReadUInt64LittleEndian(s), myCode, at);
                case AmberCode.PackedSByte: return FromSigned<T>((sbyte)s[0], myCode, at);
                case AmberCode.PackedInt16: return FromSigned<T>(BinaryPrimitives.ReadInt16LittleEndian(s), myCode, at);
                case AmberCode.PackedInt32: return FromSigned<T>(BinaryPrimitives.ReadInt32LittleEndian(s), myCode, at);
                case AmberCode.PackedInt64: return FromSigned<T>(BinaryPrimitives.ReadInt64LittleEndian(s), myCode, at);
            }
            if (rowMember) AmberThrow.RowValueMismatch(at, (byte)code, typeof(T).Name);
            AmberThrow.WireTypeMismatch(at, WireType.Sequence, $"packed elements of code {myCode} (found code {code})");
            return default;
        }

        private static T FromUnsigned<T>(ulong v, byte myCode, long at) where T : unmanaged
        {
            switch (myCode)
            {
                case AmberCode.PackedByte: if (v <= byte.MaxValue) { byte x = (byte)v; return Unsafe.As<byte, T>(ref x); } break;
                case AmberCode.PackedUInt16: if (v <= ushort.MaxValue) { ushort x = (ushort)v; return Unsafe.As<ushort, T>(ref x); } break;
                case AmberCode.PackedUInt32: if (v <= uint.MaxValue) { uint x = (uint)v; return Unsafe.As<uint, T>(ref x); } break;
                case AmberCode.PackedUInt64: { ulong x = v; return Unsafe.As<ulong, T>(ref x); }
                default: AmberThrow.WireTypeMismatch(at, WireType.Sequence, "packed elements of the same signedness"); break;
            }
            AmberThrow.Overflow(at, typeof(T).Name);
            return default;
        }

        private static T FromSigned<T>(long v, byte myCode, long at) where T : unmanaged
        {
            switch (myCode)
            {
                case AmberCode.PackedSByte: if (v == (sbyte)v) { sbyte x = (sbyte)v; return Unsafe.As<sbyte, T>(ref x); } break;
                case AmberCode.PackedInt16: if (v == (short)v) { short x = (short)v; return Unsafe.As<short, T>(ref x); } break;
                case AmberCode.PackedInt32: if (v == (int)v) { int x = (int)v; return Unsafe.As<int, T>(ref x); } break;
                case AmberCode.PackedInt64: { long x = v; return Unsafe.As<long, T>(ref x); }
                default: AmberThrow.WireTypeMismatch(at, WireType.Sequence, "packed elements of the same signedness"); break;
            }
            AmberThrow.Overflow(at, typeof(T).Name);
            return default;
        }

        /// <summary>Reads one primitive written with the given wire type (element-by-element sequences).</summary>
        public T ReadPrimitive<T>(WireType wt) where T : unmanaged
        {
            if (typeof(T) == typeof(float)) { float v = ReadSingle(wt); return Unsafe.As<float, T>(ref v); }
            if (typeof(T) == typeof(double)) { double v = ReadDouble(wt); return Unsafe.As<double, T>(ref v); }
            ExpectVarint(wt);
            if (typeof(T) == typeof(bool)) { bool v = ReadBoolean(); return Unsafe.As<bool, T>(ref v); }
            if (typeof(T) == typeof(byte)) { byte v = ReadByte(); return Unsafe.As<byte, T>(ref v); }
            if (typeof(T) == typeof(sbyte)) { sbyte v = ReadSByte(); return Unsafe.As<sbyte, T>(ref v); }
            if (typeof(T) == typeof(short)) { short v = ReadInt16(); return Unsafe.As<short, T>(ref v); }
            if (typeof(T) == typeof(ushort)) { ushort v = ReadUInt16(); return Unsafe.As<ushort, T>(ref v); }
            if (typeof(T) == typeof(int)) { int v = ReadInt32(); return Unsafe.As<int, T>(ref v); }
            if (typeof(T) == typeof(uint)) { uint v = ReadUInt32(); return Unsafe.As<uint, T>(ref v); }
            if (typeof(T) == typeof(long)) { long v = ReadInt64(); return Unsafe.As<long, T>(ref v); }
            if (typeof(T) == typeof(ulong)) { ulong v = ReadUInt64(); return Unsafe.As<ulong, T>(ref v); }
            if (typeof(T) == typeof(char)) { char v = ReadChar(); return Unsafe.As<char, T>(ref v); }
            throw new NotSupportedException($"{typeof(T)} is not a primitive.");
        }
    }
}
