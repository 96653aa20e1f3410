#if NET8_0_OR_GREATER
using System;
using System.Buffers.Binary;
using System.Globalization;
using System.Numerics;
using System.Text.Json;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Json
{
    /// <summary>
    /// Each scalar's JSON form, both ways, switched on its <see cref="ScalarKind"/> (the scalar table,
    /// Format/ScalarKinds.cs): a value of the payload as the JSON view shows it (<see cref="ReadScalar"/>, packed and row
    /// values too), and a JSON value written back as the scalar (<see cref="WriteScalar"/>, for FromJson). A new
    /// scalar's JSON text is added here, in both directions.
    /// </summary>
    internal static class ScalarJsonCodec
    {
        // ------------------------------------------------------------------ payload → JSON


        internal static ScalarText ReadScalar(ref AmberReader r, WireType wt, ViewNode? node)
        {
            ScalarKind scalar = node?.Kind is ViewKind.Scalar or ViewKind.Enum ? node.ScalarKind : ScalarKind.None;
            switch (wt)
            {
                case WireType.Varint:
                    ulong v = r.ReadVarint();
                    // An enum's named value by its name (a [Flags] enum's, or an unnamed value, as the number).
                    if (node?.NamesByRaw != null && node.NamesByRaw.TryGetValue(v, out string? name)) return ScalarText.String(name);
                    return Varint(v, scalar);
                case WireType.Fixed32:
                    return ScalarText.Float(r.ReadSingle());
                case WireType.Fixed64:
                    if (scalar == ScalarKind.DateTime)
                    {
                        long at = r.Position;
                        ulong raw = r.ReadFixed64();
                        if (!AmberPrimitives.TryDecodeDateTime(raw, out DateTime dt)) AmberThrow.Malformed(at, "A DateTime is out of range");
                        return ScalarText.String(dt.ToString("O", CultureInfo.InvariantCulture));
                    }
                    return ScalarText.Float(r.ReadDouble());
                case WireType.Fixed128:
                    ReadOnlySpan<byte> b16 = r.ReadSpan(16);
                    return scalar switch
                    {
                        ScalarKind.Int128 => ScalarText.Digits(BinaryPrimitives.ReadInt128LittleEndian(b16).ToString(CultureInfo.InvariantCulture)),
                        ScalarKind.UInt128 => ScalarText.Digits(BinaryPrimitives.ReadUInt128LittleEndian(b16).ToString(CultureInfo.InvariantCulture)),
                        _ => ScalarText.Guid(new Guid(b16)),
                    };
                default:
                    long start = r.Position;
                    if (!r.ReadViewBytes(out ReadOnlySpan<byte> bytes)) return ScalarText.Null;
                    return Bytes(bytes, node, start);
            }
        }

        private static ScalarText Varint(ulong v, ScalarKind scalar)
        {
            switch (scalar)
            {
                case ScalarKind.SByte or ScalarKind.Int16 or ScalarKind.Int32 or ScalarKind.Int64:
                    return ScalarText.Int64(AmberPrimitives.UnZigZag(v));
                case ScalarKind.Boolean when v <= 1:
                    return v == 1 ? ScalarText.True : ScalarText.False;
                case ScalarKind.Char when v <= char.MaxValue:
                    return Char((char)v);
                case ScalarKind.TimeSpan:
                    return ScalarText.String(new TimeSpan(AmberPrimitives.UnZigZag(v)).ToString("c", CultureInfo.InvariantCulture));
                case ScalarKind.DateOnly when v <= (ulong)DateOnly.MaxValue.DayNumber:
                    return ScalarText.String(DateOnly.FromDayNumber((int)v).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture));
                case ScalarKind.TimeOnly when v < (ulong)TimeSpan.TicksPerDay:
                    return ScalarText.String(new TimeOnly((long)v).ToString("HH:mm:ss.fffffff", CultureInfo.InvariantCulture));
                default:
                    return ScalarText.UInt64(v);
            }
        }

        private static ScalarText Bytes(ReadOnlySpan<byte> bytes, ViewNode? node, long at)
        {
            ScalarKind scalar = node?.Kind == ViewKind.Scalar ? node.ScalarKind : ScalarKind.None;
            if (node?.Kind == ViewKind.Bytes) return ScalarText.Base64(bytes);
            switch (scalar)
            {
                case ScalarKind.String or ScalarKind.Uri or ScalarKind.Version:
                    if (!System.Text.Unicode.Utf8.IsValid(bytes)) throw new AmberException("A string is not valid UTF-8", at, "The payload is damaged or not an Amber payload.");
                    return ScalarText.Utf8(bytes);
                case ScalarKind.Decimal:
                    decimal m = 0m;
                    if (bytes.Length < 1 || !AmberPrimitives.TryReadDecimal(bytes, out m)) AmberThrow.Malformed(at, "A decimal is malformed");
                    return ScalarText.Decimal(m);
                case ScalarKind.BigInteger:
                    return ScalarText.Digits(new BigInteger(bytes).ToString(CultureInfo.InvariantCulture));
                case ScalarKind.DateTimeOffset:
                    if (bytes.Length != 10) AmberThrow.Malformed(at, "A DateTimeOffset must be 10 bytes");
                    long ticks = BinaryPrimitives.ReadInt64LittleEndian(bytes);
                    short minutes = BinaryPrimitives.ReadInt16LittleEndian(bytes.Slice(8));
                    if (ticks < DateTime.MinValue.Ticks || ticks > DateTime.MaxValue.Ticks || minutes < -840 || minutes > 840) AmberThrow.Malformed(at, "A DateTimeOffset is out of range");
                    try
                    {
                        return ScalarText.String(new DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes)).ToString("O", CultureInfo.InvariantCulture));
                    }
                    catch (ArgumentException ex)
                    {
                        throw new AmberException("A DateTimeOffset is out of range", at, "The payload is damaged.", ex);
                    }
                default:
                    // No type: text when the bytes are UTF-8 text, else base64.
                    return IsText(bytes) ? ScalarText.Utf8(bytes) : ScalarText.TaggedBase64(bytes);
            }
        }

        private static bool IsText(ReadOnlySpan<byte> bytes)
        {
            foreach (byte b in bytes) if (b < (byte)' ' && b != (byte)'\t' && b != (byte)'\n' && b != (byte)'\r') return false;
            return System.Text.Unicode.Utf8.IsValid(bytes);
        }

        internal static ScalarText Packed(int code, ReadOnlySpan<byte> raw, int i) => code switch
        {
            AmberCode.PackedByte => ScalarText.UInt64(raw[i]),
            AmberCode.PackedSByte => ScalarText.Int64((sbyte)raw[i]),
            AmberCode.PackedInt16 => ScalarText.Int64(BinaryPrimitives.ReadInt16LittleEndian(raw.Slice(2 * i))),
            AmberCode.PackedUInt16 => ScalarText.UInt64(BinaryPrimitives.ReadUInt16LittleEndian(raw.Slice(2 * i))),
            AmberCode.PackedInt32 => ScalarText.Int64(BinaryPrimitives.ReadInt32LittleEndian(raw.Slice(4 * i))),
            AmberCode.PackedUInt32 => ScalarText.UInt64(BinaryPrimitives.ReadUInt32LittleEndian(raw.Slice(4 * i))),
            AmberCode.PackedInt64 => ScalarText.Int64(BinaryPrimitives.ReadInt64LittleEndian(raw.Slice(8 * i))),
            AmberCode.PackedUInt64 => ScalarText.UInt64(BinaryPrimitives.ReadUInt64LittleEndian(raw.Slice(8 * i))),
            AmberCode.PackedSingle => ScalarText.Float(BinaryPrimitives.ReadSingleLittleEndian(raw.Slice(4 * i))),
            AmberCode.PackedDouble => ScalarText.Float(BinaryPrimitives.ReadDoubleLittleEndian(raw.Slice(8 * i))),
            AmberCode.PackedBoolean => raw[i] == 0 ? ScalarText.False : raw[i] == 1 ? ScalarText.True : ScalarText.UInt64(raw[i]),
            _ => Char((char)BinaryPrimitives.ReadUInt16LittleEndian(raw.Slice(2 * i))),
        };

        /// <summary>A char as a one-character string; a lone surrogate, which JSON text cannot hold, as its number.</summary>
        private static ScalarText Char(char c) => char.IsSurrogate(c) ? ScalarText.UInt64(c) : ScalarText.Char(c);

        /// <summary>
        /// A scalar as JSON, without allocating for the common cases (numbers, UTF-8 strings from the payload, GUIDs): a
        /// number, a string, a literal, or bytes (base64). Written as a value, or as a property name (a dictionary key).
        /// </summary>
        internal readonly ref struct ScalarText
        {
            private enum Kind : byte { Null, True, False, Int64, UInt64, Double, Single, Decimal, Digits, String, Char, Utf8, Guid, Base64, TaggedBase64 }

            private readonly Kind _kind;
            private readonly long _long;
            private readonly double _double;
            private readonly decimal _decimal;
            private readonly string? _text;
            private readonly ReadOnlySpan<byte> _bytes;
            private readonly Guid _guid;

            private ScalarText(Kind kind, long l = 0, double d = 0, decimal m = 0, string? text = null, ReadOnlySpan<byte> bytes = default, Guid guid = default)
            {
                _kind = kind;
                _long = l;
                _double = d;
                _decimal = m;
                _text = text;
                _bytes = bytes;
                _guid = guid;
            }

            public static ScalarText Null => new ScalarText(Kind.Null);
            public static ScalarText True => new ScalarText(Kind.True);
            public static ScalarText False => new ScalarText(Kind.False);
            public static ScalarText Int64(long value) => new ScalarText(Kind.Int64, l: value);
            public static ScalarText UInt64(ulong value) => new ScalarText(Kind.UInt64, l: unchecked((long)value));
            public static ScalarText Decimal(decimal value) => new ScalarText(Kind.Decimal, m: value);
            public static ScalarText Digits(string digits) => new ScalarText(Kind.Digits, text: digits);   // 128-bit and big integers
            public static ScalarText String(string text) => new ScalarText(Kind.String, text: text);
            public static ScalarText Char(char c) => new ScalarText(Kind.Char, l: c);
            public static ScalarText Utf8(ReadOnlySpan<byte> utf8) => new ScalarText(Kind.Utf8, bytes: utf8);
            public static ScalarText Guid(Guid value) => new ScalarText(Kind.Guid, guid: value);
            public static ScalarText Base64(ReadOnlySpan<byte> bytes) => new ScalarText(Kind.Base64, bytes: bytes);
            public static ScalarText TaggedBase64(ReadOnlySpan<byte> bytes) => new ScalarText(Kind.TaggedBase64, bytes: bytes);

            /// <summary>Written as a JSON object (<c>{"$bytes": ...}</c>), not a plain value.</summary>
            public bool IsObject => _kind == Kind.TaggedBase64;

            /// <summary>A double: the writer's shortest round-trip form, or the string NaN, Infinity, -Infinity (not JSON numbers).</summary>
            public static ScalarText Float(double value) =>
                double.IsFinite(value) ? new ScalarText(Kind.Double, d: value) : String(value.ToString(CultureInfo.InvariantCulture));

            /// <summary>A float, with its own shortest digits (1.1f as 1.1, not 1.100000023841858).</summary>
            public static ScalarText Float(float value) =>
                float.IsFinite(value) ? new ScalarText(Kind.Single, d: value) : String(value.ToString(CultureInfo.InvariantCulture));

            public void WriteTo(Utf8JsonWriter w)
            {
                switch (_kind)
                {
                    case Kind.Null: w.WriteNullValue(); break;
                    case Kind.True: w.WriteBooleanValue(true); break;
                    case Kind.False: w.WriteBooleanValue(false); break;
                    case Kind.Int64: w.WriteNumberValue(_long); break;
                    case Kind.UInt64: w.WriteNumberValue(unchecked((ulong)_long)); break;
                    case Kind.Double: w.WriteNumberValue(_double); break;
                    case Kind.Single: w.WriteNumberValue((float)_double); break;
                    case Kind.Decimal: w.WriteNumberValue(_decimal); break;
                    case Kind.Digits: w.WriteRawValue(_text!, skipInputValidation: true); break;
                    case Kind.String: w.WriteStringValue(_text); break;
                    case Kind.Char:
                        char c = (char)_long;
                        w.WriteStringValue(new ReadOnlySpan<char>(in c));
                        break;
                    case Kind.Utf8: w.WriteStringValue(_bytes); break;
                    case Kind.Guid: w.WriteStringValue(_guid); break;
                    case Kind.Base64: w.WriteBase64StringValue(_bytes); break;
                    default:
                        w.WriteStartObject();
                        w.WriteBase64String(JsonView.BytesProperty, _bytes);
                        w.WriteEndObject();
                        break;
                }
            }

            /// <summary>Writes the scalar as a JSON property name (a dictionary key).</summary>
            public void WriteAsPropertyName(Utf8JsonWriter w)
            {
                Span<char> digits = stackalloc char[64];
                int n;
                switch (_kind)
                {
                    case Kind.Null: w.WritePropertyName(""); break;
                    case Kind.True: w.WritePropertyName("true"); break;
                    case Kind.False: w.WritePropertyName("false"); break;
                    case Kind.Int64: _long.TryFormat(digits, out n, default, CultureInfo.InvariantCulture); w.WritePropertyName(digits.Slice(0, n)); break;
                    case Kind.UInt64: unchecked((ulong)_long).TryFormat(digits, out n, default, CultureInfo.InvariantCulture); w.WritePropertyName(digits.Slice(0, n)); break;
                    case Kind.Double: _double.TryFormat(digits, out n, "R", CultureInfo.InvariantCulture); w.WritePropertyName(digits.Slice(0, n)); break;
                    case Kind.Single: ((float)_double).TryFormat(digits, out n, "R", CultureInfo.InvariantCulture); w.WritePropertyName(digits.Slice(0, n)); break;
                    case Kind.Decimal: _decimal.TryFormat(digits, out n, default, CultureInfo.InvariantCulture); w.WritePropertyName(digits.Slice(0, n)); break;
                    case Kind.Digits or Kind.String: w.WritePropertyName(_text!); break;
                    case Kind.Char:
                        char c = (char)_long;
                        w.WritePropertyName(new ReadOnlySpan<char>(in c));
                        break;
                    case Kind.Utf8: w.WritePropertyName(_bytes); break;
                    case Kind.Guid: _guid.TryFormat(digits, out n); w.WritePropertyName(digits.Slice(0, n)); break;
                    default:
                        // Bytes keys as base64, encoded into a pooled buffer: in reference mode every key may be a two-byte
                        // back-reference to one long value, so a string per key would allocate many times the payload.
                        int length = (_bytes.Length + 2) / 3 * 4;
                        char[]? rented = length > digits.Length ? System.Buffers.ArrayPool<char>.Shared.Rent(length) : null;
                        Span<char> chars = rented ?? digits;
                        Convert.TryToBase64Chars(_bytes, chars, out n);
                        w.WritePropertyName(chars.Slice(0, n));
                        if (rented != null) System.Buffers.ArrayPool<char>.Shared.Return(rented);
                        break;
                }
            }
        }

        /// <summary>A member of a row: its packed value, or an enum's named value by its name (as the object form shows it).</summary>
        internal static ScalarText RowValue(int code, ReadOnlySpan<byte> raw, ViewNode? member)
        {
            if (member?.Kind == ViewKind.Nullable) member = member.Element;
            if (member?.NamesByRaw != null)
            {
                Int128? n = code switch
                {
                    AmberCode.PackedSByte => (sbyte)raw[0],
                    AmberCode.PackedInt16 => BinaryPrimitives.ReadInt16LittleEndian(raw),
                    AmberCode.PackedInt32 => BinaryPrimitives.ReadInt32LittleEndian(raw),
                    AmberCode.PackedInt64 => BinaryPrimitives.ReadInt64LittleEndian(raw),
                    AmberCode.PackedByte => raw[0],
                    AmberCode.PackedUInt16 => BinaryPrimitives.ReadUInt16LittleEndian(raw),
                    AmberCode.PackedUInt32 => BinaryPrimitives.ReadUInt32LittleEndian(raw),
                    AmberCode.PackedUInt64 => BinaryPrimitives.ReadUInt64LittleEndian(raw),
                    _ => null,
                };
                // The names are keyed by the value's varint as the enum writes it (format §3.1): zigzag for a signed underlying type.
                bool signed = member.ScalarRow?.IsSignedInteger == true;
                ulong? wire = n is not Int128 v ? null
                    : signed ? (v >= long.MinValue && v <= long.MaxValue ? AmberPrimitives.ZigZag((long)v) : null)
                    : (v >= 0 && v <= ulong.MaxValue ? (ulong)v : null);
                if (wire is ulong key && member.NamesByRaw.TryGetValue(key, out string? name)) return ScalarText.String(name);
            }
            return Packed(code, raw, 0);
        }

        // ------------------------------------------------------------------ JSON → payload

        /// <summary>A JSON value as the scalar of <paramref name="node"/> (a scalar, or an enum's underlying scalar).</summary>
        internal static void WriteScalar(ref AmberWriter w, JsonElement e, ViewNode node)
        {
            try
            {
                switch (node.ScalarKind)
                {
                    case ScalarKind.Boolean:
                        if (e.ValueKind is not (JsonValueKind.True or JsonValueKind.False)) throw JsonPayloadWriter.Expected("true or false", e);
                        w.WriteBoolean(e.GetBoolean());
                        return;
                    case ScalarKind.SByte: w.WriteSByte(Number(e, sbyte.Parse)); return;
                    case ScalarKind.Int16: w.WriteInt16(Number(e, short.Parse)); return;
                    case ScalarKind.Int32: w.WriteInt32(Number(e, int.Parse)); return;
                    case ScalarKind.Int64: w.WriteInt64(Number(e, long.Parse)); return;
                    case ScalarKind.Byte: w.WriteByte(Number(e, byte.Parse)); return;
                    case ScalarKind.UInt16: w.WriteUInt16(Number(e, ushort.Parse)); return;
                    case ScalarKind.UInt32: w.WriteUInt32(Number(e, uint.Parse)); return;
                    case ScalarKind.UInt64: w.WriteUInt64(Number(e, ulong.Parse)); return;
                    case ScalarKind.Int128: w.WriteInt128(Number(e, Int128.Parse)); return;
                    case ScalarKind.UInt128: w.WriteUInt128(Number(e, UInt128.Parse)); return;
                    case ScalarKind.BigInteger: w.WriteBigInteger(Number(e, BigInteger.Parse)); return;
                    case ScalarKind.Single: w.WriteSingle(Float(e, float.Parse)); return;
                    case ScalarKind.Half: w.WriteHalf((Half)Float(e, float.Parse)); return;
                    case ScalarKind.Double: w.WriteDouble(Float(e, double.Parse)); return;
                    case ScalarKind.Decimal: w.WriteDecimal(Number(e, decimal.Parse)); return;
                    case ScalarKind.Char:
                        if (e.ValueKind == JsonValueKind.Number)
                        {
                            w.WriteChar((char)Number(e, ushort.Parse));   // a lone surrogate, as the view writes it
                            return;
                        }
                        string ch = JsonPayloadWriter.Text(e);
                        if (ch.Length != 1) throw JsonPayloadWriter.Expected("a string of one character", e);
                        w.WriteChar(ch[0]);
                        return;
                    case ScalarKind.String:
                        w.WriteString(e.ValueKind == JsonValueKind.Null ? null : JsonPayloadWriter.Text(e));
                        return;
                    case ScalarKind.Uri:
                        w.WriteUri(e.ValueKind == JsonValueKind.Null ? null : new Uri(JsonPayloadWriter.Text(e), UriKind.RelativeOrAbsolute));
                        return;
                    case ScalarKind.Version:
                        w.WriteVersion(e.ValueKind == JsonValueKind.Null ? null : Version.Parse(JsonPayloadWriter.Text(e)));
                        return;
                    case ScalarKind.Guid: w.WriteGuid(Guid.Parse(JsonPayloadWriter.Text(e))); return;
                    case ScalarKind.DateTime: w.WriteDateTime(DateTime.ParseExact(JsonPayloadWriter.Text(e), "O", CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind)); return;
                    case ScalarKind.DateTimeOffset: w.WriteDateTimeOffset(DateTimeOffset.ParseExact(JsonPayloadWriter.Text(e), "O", CultureInfo.InvariantCulture)); return;
                    case ScalarKind.TimeSpan: w.WriteTimeSpan(TimeSpan.ParseExact(JsonPayloadWriter.Text(e), "c", CultureInfo.InvariantCulture)); return;
                    case ScalarKind.DateOnly: w.WriteDateOnly(DateOnly.ParseExact(JsonPayloadWriter.Text(e), "yyyy-MM-dd", CultureInfo.InvariantCulture)); return;
                    case ScalarKind.TimeOnly: w.WriteTimeOnly(TimeOnly.ParseExact(JsonPayloadWriter.Text(e), "HH:mm:ss.fffffff", CultureInfo.InvariantCulture)); return;
                    default:
                        throw JsonPayloadWriter.Problem($"The scalar {node.Scalar} is not known to the JSON view", "Leave this member out of the JSON.");
                }
            }
            catch (Exception ex) when (ex is FormatException or OverflowException or InvalidOperationException or ArgumentException or UriFormatException)
            {
                throw new AmberException($"{JsonPayloadWriter.Describe(e)} is not a valid {node.Scalar}: {ex.Message}", -1, "Write the value as the view shows it.", ex);
            }
        }

        internal delegate T Parse<T>(string text, NumberStyles styles, IFormatProvider provider);

        internal static T Number<T>(JsonElement e, Parse<T> parse)
        {
            if (e.ValueKind != JsonValueKind.Number) throw JsonPayloadWriter.Expected("a number", e);
            return parse(e.GetRawText(), NumberStyles.Integer | NumberStyles.AllowDecimalPoint | NumberStyles.AllowExponent, CultureInfo.InvariantCulture);
        }

        internal static T Float<T>(JsonElement e, Parse<T> parse)
        {
            // NaN and the infinities are not JSON numbers: the view writes them as the strings "NaN", "Infinity", "-Infinity".
            if (e.ValueKind == JsonValueKind.String) return parse(e.GetString()!, NumberStyles.Float, CultureInfo.InvariantCulture);
            if (e.ValueKind != JsonValueKind.Number) throw JsonPayloadWriter.Expected("a number", e);
            return parse(e.GetRawText(), NumberStyles.Float, CultureInfo.InvariantCulture);
        }
    }
}
#endif
