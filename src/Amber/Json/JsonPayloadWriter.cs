#if NET8_0_OR_GREATER
using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.Text.Json;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Json
{
    /// <summary>
    /// Writes the Amber payload that a typed JSON view (<see cref="JsonView"/>) stands for, guided by the same
    /// registered views: member names back to their tags, values to their encodings. Objects, polymorphic values
    /// (<c>$type</c>), <c>object</c> values, references (<c>$id</c>/<c>$ref</c>, of objects and collections), sequences, multi-dimensional arrays
    /// (<c>$dims</c>/<c>$items</c>) and maps all go back. Members shown by key (<c>#1a2f:varint</c>, of another version)
    /// are left out: this version could not read them anyway. The payload is then read by the generated code.
    /// </summary>
    internal static class JsonPayloadWriter
    {
        public static byte[] Write(ReadOnlySpan<byte> utf8Json, Type type, AmberOptions options)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            ViewNode root = JsonView.RootView(type, out bool nullable)!;
            // The JSON reader passes ill-formed UTF-8 and escaped lone surrogates ("\ud800" with no pair) inside strings and
            // names through; reading those later would throw another exception than Amber's, so the text is checked first.
            int bad = System.Text.Unicode.Utf8.IsValid(utf8Json) ? -1 : FirstIllFormedUtf8(utf8Json);
            if (bad >= 0) throw Refused(type, "The JSON text is not valid UTF-8", bad, "Save the JSON as UTF-8 text.");
            bad = FirstLoneSurrogateEscape(utf8Json);
            if (bad >= 0)
                throw Refused(type, "The JSON text has an escaped lone surrogate (a \\uD800-\\uDFFF escape without its pair), which is not text", bad,
                    "Write the character the escape stands for, or a complete surrogate pair.");
            JsonDocument document;
            try
            {
                document = JsonDocument.Parse(utf8Json.ToArray(), new JsonDocumentOptions { MaxDepth = options.MaxDepth * 2 + 8, AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip });
            }
            catch (JsonException ex)
            {
                throw Refused(type, $"The JSON is not valid: {ex.Message}", OffsetOf(utf8Json, ex.LineNumber, ex.BytePositionInLine), "Fix the JSON text there.", ex);
            }
            using (document)
            {
                JsonElement json = document.RootElement;
                var buffer = new ArrayBufferWriter<byte>();
                var writer = new AmberWriter(buffer, options);
                var context = new Context();
                try
                {
                    if (UsesReferences(json, 0)) writer.EnableReferences();
                    writer.WritePayloadHeader(root.WireType ?? WireType.Object);
                    if (nullable)
                    {
                        writer.WritePresence(json.ValueKind != JsonValueKind.Null);
                        if (json.ValueKind != JsonValueKind.Null) WriteValue(ref writer, context, json, root);
                    }
                    else
                    {
                        WriteValue(ref writer, context, json, root);
                    }
                    writer.Flush();
                }
                catch (AmberException ex)
                {
                    ex.SetRoot(AmberSerializer.DisplayName(type));
                    throw;
                }
                finally
                {
                    writer.Dispose();
                }
                return buffer.WrittenSpan.ToArray();
            }
        }

        /// <summary>The error for JSON text that is not what FromJson can read, at <paramref name="offset"/> in it, for the root <paramref name="type"/>.</summary>
        private static AmberException Refused(Type type, string problem, long offset, string fix, Exception? inner = null)
        {
            var ex = new AmberException(problem, offset, fix, inner);
            ex.SetRoot(AmberSerializer.DisplayName(type));
            return ex;
        }

        /// <summary>The byte offset in the whole text of a position the JSON reader gives by line (0-based) and byte in it; -1 if unknown.</summary>
        private static long OffsetOf(ReadOnlySpan<byte> utf8, long? line, long? byteInLine)
        {
            if (line is not long lines || byteInLine is not long column) return -1;
            int start = 0;
            for (long l = 0; l < lines; l++)
            {
                int newline = utf8.Slice(start).IndexOf((byte)'\n');
                if (newline < 0) return -1;
                start += newline + 1;
            }
            return start + column;
        }

        /// <summary>
        /// The offset of the first <c>\u</c> escape inside a JSON string that is a surrogate without its pair (a high one not
        /// followed by a low one's escape, or a low one alone), or -1. Text outside strings, and malformed JSON, are left to
        /// the JSON reader.
        /// </summary>
        private static int FirstLoneSurrogateEscape(ReadOnlySpan<byte> utf8)
        {
            if (utf8.IndexOf("\\u"u8) < 0) return -1;
            bool inString = false;
            for (int i = 0; i < utf8.Length; i++)
            {
                byte b = utf8[i];
                if (!inString)
                {
                    inString = b == (byte)'"';
                    continue;
                }
                if (b == (byte)'"')
                {
                    inString = false;
                    continue;
                }
                if (b != (byte)'\\' || i + 1 >= utf8.Length) continue;
                if (utf8[i + 1] != (byte)'u')
                {
                    i++;   // a two-character escape: \" \\ \n …
                    continue;
                }
                int unit = HexEscape(utf8, i);
                if (unit < 0) continue;   // not four hex digits: the JSON reader refuses it
                if (unit is >= 0xDC00 and <= 0xDFFF) return i;
                if (unit is >= 0xD800 and <= 0xDBFF)
                {
                    int low = HexEscape(utf8, i + 6);
                    if (low is < 0xDC00 or > 0xDFFF) return i;
                    i += 6;
                }
                i += 5;
            }
            return -1;
        }

        /// <summary>The code unit of a <c>\uXXXX</c> escape starting at <paramref name="at"/>, or -1 when there is none.</summary>
        private static int HexEscape(ReadOnlySpan<byte> utf8, int at)
        {
            if (at + 6 > utf8.Length || utf8[at] != (byte)'\\' || utf8[at + 1] != (byte)'u') return -1;
            int unit = 0;
            for (int k = at + 2; k < at + 6; k++)
            {
                int d = utf8[k] switch
                {
                    >= (byte)'0' and <= (byte)'9' => utf8[k] - '0',
                    >= (byte)'a' and <= (byte)'f' => utf8[k] - 'a' + 10,
                    >= (byte)'A' and <= (byte)'F' => utf8[k] - 'A' + 10,
                    _ => -1,
                };
                if (d < 0) return -1;
                unit = unit * 16 + d;
            }
            return unit;
        }

        /// <summary>The offset of the first byte that does not start a well-formed UTF-8 sequence, or -1.</summary>
        private static int FirstIllFormedUtf8(ReadOnlySpan<byte> utf8)
        {
            int i = 0;
            while (i < utf8.Length)
            {
                if (utf8[i] < 0x80)
                {
                    i++;
                    continue;
                }
                if (System.Text.Rune.DecodeFromUtf8(utf8.Slice(i), out _, out int consumed) != OperationStatus.Done) return i;
                i += consumed;
            }
            return -1;
        }

        /// <summary>The JSON has <c>$id</c> or <c>$ref</c> somewhere: the view wrote a payload in reference mode.</summary>
        private static bool UsesReferences(JsonElement e, int depth)
        {
            if (depth > 256) return false;
            switch (e.ValueKind)
            {
                case JsonValueKind.Object:
                    foreach (JsonProperty p in e.EnumerateObject())
                    {
                        if (p.NameEquals(JsonView.IdProperty) || p.NameEquals(JsonView.RefProperty)) return true;
                        if (UsesReferences(p.Value, depth + 1)) return true;
                    }
                    return false;
                case JsonValueKind.Array:
                    foreach (JsonElement item in e.EnumerateArray()) if (UsesReferences(item, depth + 1)) return true;
                    return false;
                default:
                    return false;
            }
        }

        private sealed class Context
        {
            /// <summary>The payload's object id of each <c>$id</c> of the JSON (ids are renumbered if objects were added or removed).</summary>
            public readonly Dictionary<long, int> Ids = new Dictionary<long, int>();
        }

        private static void WriteValue(ref AmberWriter w, Context c, JsonElement e, ViewNode node)
        {
            if (node.Kind == ViewKind.Nullable) node = node.Element!;
            switch (node.Kind)
            {
                case ViewKind.Scalar:
                    ScalarJsonCodec.WriteScalar(ref w, e, node);
                    break;
                case ViewKind.Enum:
                    if (e.ValueKind == JsonValueKind.String)
                    {
                        string name = e.GetString()!;
                        if (node.ValuesByName == null || !node.ValuesByName.TryGetValue(name, out string? number))
                            throw Problem($"\"{name}\" is not a named value of this enum", node.ValuesByName == null ? "Write the value as a number." : $"Write one of {string.Join(", ", node.ValuesByName.Keys)}, or a number.");
                        using JsonDocument parsed = JsonDocument.Parse(number);
                        ScalarJsonCodec.WriteScalar(ref w, parsed.RootElement, node);
                    }
                    else
                    {
                        ScalarJsonCodec.WriteScalar(ref w, e, node);
                    }
                    break;
                case ViewKind.Bytes:
                    // Through WriteBytes for null too: in reference mode a null Bytes value is two bytes (format §7.2).
                    w.WriteBytes(e.ValueKind == JsonValueKind.Null ? null : Base64(e));
                    break;
                case ViewKind.Object:
                    WriteDeclared(ref w, c, e, Registered(node.Tag));
                    break;
                case ViewKind.Dynamic:
                    WriteTyped(ref w, c, e, dynamic: true);
                    break;
                case ViewKind.Polymorphic:
                case ViewKind.ConcretePolymorphic:
                    // An object without "$type" (shown so for data written before the member was polymorphic) is the declared
                    // type's default subtype ([AmberDefaultSubtype]), else a concrete declared type itself.
                    if (e.ValueKind == JsonValueKind.Object && !e.TryGetProperty(JsonView.TypeProperty, out _) && !e.TryGetProperty(JsonView.RefProperty, out _)
                        && (JsonView.DefaultSubtypeView(node) ?? (node.Kind == ViewKind.ConcretePolymorphic ? Registered(node.Tag) : null)) is ViewType untagged)
                        WriteObject(ref w, c, e, untagged, typed: true);
                    else
                        WriteTyped(ref w, c, e, dynamic: false);
                    break;
                case ViewKind.Sequence:
                    WriteSequence(ref w, c, e, node.Element!);
                    break;
                case ViewKind.Map:
                    WriteMap(ref w, c, e, node);
                    break;
                default:
                    throw Problem("This member is written by a hand-written formatter, whose encoding the JSON view does not know, so it cannot be written back from JSON",
                        "Leave it out of the JSON (it keeps its default), or edit it with the formatter's own code.");
            }
        }

        private static ViewType Registered(uint tag) =>
            AmberKnownTypes.ViewOf(tag) ?? throw Problem($"The type with tag {tag:X8} is not registered in this process", "Load the assembly whose code serializes it.");

        // ------------------------------------------------------------------ objects

        /// <summary>
        /// An object where a class is declared: with a <c>$type</c> naming a type derived from it (a subclass, as the view shows
        /// it at a root), written with that type's typed shape; otherwise as the declared type.
        /// </summary>
        private static void WriteDeclared(ref AmberWriter w, Context c, JsonElement e, ViewType declared)
        {
            if (e.ValueKind == JsonValueKind.Object && e.TryGetProperty(JsonView.TypeProperty, out JsonElement typeName) && typeName.ValueKind == JsonValueKind.String
                && AmberKnownTypes.ViewOf(AmberCode.TypeTagOf(typeName.GetString()!)) is ViewType derived
                && derived.Type != declared.Type && declared.Type.IsAssignableFrom(derived.Type) && !derived.IsValue)
            {
                WriteObject(ref w, c, e, derived, typed: true);
                return;
            }
            WriteObject(ref w, c, e, declared, typed: false);
        }

        /// <summary>An object with a <c>$type</c>: a polymorphic value or an <c>object</c> value (a value type's view wraps its <c>$value</c>).</summary>
        private static void WriteTyped(ref AmberWriter w, Context c, JsonElement e, bool dynamic)
        {
            if (e.ValueKind == JsonValueKind.Null)
            {
                w.WriteNull();
                return;
            }
            if (e.ValueKind != JsonValueKind.Object) throw Expected("an object with a \"$type\"", e);
            if (TryWriteReference(ref w, c, e)) return;
            if (!e.TryGetProperty(JsonView.TypeProperty, out JsonElement typeName) || typeName.ValueKind != JsonValueKind.String)
                throw Problem("An object in a polymorphic or object member has no \"$type\"", "Give its type's C# name, as the view writes it: \"$type\": \"Game.Sword\".");
            string name = typeName.GetString()!;
            uint tag = name.StartsWith('#') && uint.TryParse(name.AsSpan(1), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out uint t) ? t : AmberCode.TypeTagOf(name);
            ViewType view = AmberKnownTypes.ViewOf(tag)
                ?? throw Problem($"The type \"{name}\" is not registered in this process", "Name a type whose code is in a loaded assembly (its C# name with namespace, as the view shows it).");
            if (!view.IsValue)
            {
                WriteObject(ref w, c, e, view, typed: true);
                return;
            }
            if (!dynamic) throw Problem($"\"{name}\" is not an object type, so it cannot be the value of a polymorphic member", "Name one of the member's derived types.");
            // Without "$value" the wrapper's one member is absent, as the view shows a payload that left it out: the value
            // reads as its type's default.
            bool present = e.TryGetProperty(JsonView.ValueProperty, out JsonElement value);
            if (w.ReferencesEnabled) RecordId(ref w, c, e);
            w.EnterDepth();
            w.WriteObjectHeader(view.Shape, present ? 1UL : 0UL);
            try
            {
                if (present) WriteValue(ref w, c, value, view.Value!);
            }
            catch (AmberException ex) when (ex.PassingMember(JsonView.ValueProperty))
            {
            }
            w.ExitDepth();
        }

        private static bool TryWriteReference(ref AmberWriter w, Context c, JsonElement e)
        {
            if (!e.TryGetProperty(JsonView.RefProperty, out JsonElement target)) return false;
            w.WriteVarint(((ulong)(uint)Referenced(ref w, c, target) << 2) | AmberCode.ObjectBackRef);
            return true;
        }

        /// <summary>
        /// The payload's object id of the object or collection a <c>$ref</c> names. Objects and (format version 2)
        /// collections share one id space, so either may be named wherever the other is; a <c>$ref</c> that is not a number
        /// or names no <c>$id</c> before it is refused (the reader would find no object there).
        /// </summary>
        private static int Referenced(ref AmberWriter w, Context c, JsonElement target)
        {
            if (!w.ReferencesEnabled || target.ValueKind != JsonValueKind.Number || !target.TryGetInt64(out long jsonId) || !c.Ids.TryGetValue(jsonId, out int id))
                throw Problem($"\"$ref\": {target.GetRawText()} names no collection or object with that \"$id\" before it",
                    "A reference must point to an object or collection earlier in the JSON, by its \"$id\" (a collection shows it as {\"$id\": n, \"$values\": ...}).");
            return id;
        }

        /// <summary>Reference mode: the object about to be written takes the next id; its <c>$id</c> in the JSON is remembered.</summary>
        private static void RecordId(ref AmberWriter w, Context c, JsonElement e)
        {
            if (e.TryGetProperty(JsonView.IdProperty, out JsonElement id) && id.ValueKind == JsonValueKind.Number && id.TryGetInt64(out long jsonId)) c.Ids[jsonId] = w.NextObjectId;
        }

        private static void WriteObject(ref AmberWriter w, Context c, JsonElement e, ViewType view, bool typed)
        {
            if (e.ValueKind == JsonValueKind.Null)
            {
                w.WriteNull();
                return;
            }
            if (e.ValueKind != JsonValueKind.Object) throw Expected("an object", e);
            if (!typed && view.RowCodes != null)
            {
                WriteInline(ref w, e, view, view.RowCodes);
                return;
            }
            if (TryWriteReference(ref w, c, e)) return;
            if (w.ReferencesEnabled) RecordId(ref w, c, e);
            AmberShape shape = typed ? view.Shape : view.UntypedShape;
            string[] names = view.Shape.MemberNames;
            var values = new JsonElement?[names.Length];
            foreach (JsonProperty p in e.EnumerateObject())
            {
                string name = p.Name;
                if (name.StartsWith('$') || name.StartsWith('#')) continue;   // the view's own ($id, $type) and other versions' members
                int i = Array.IndexOf(names, name);
                if (i < 0) throw Problem($"{view.Name} has no member \"{name}\"", $"Its members are: {string.Join(", ", names)}.");
                if (p.Value.ValueKind == JsonValueKind.Null && view.Member(i)?.Kind == ViewKind.Nullable) continue;   // a Nullable is absent exactly when null
                values[i] = p.Value;
            }
            int count = names.Length;
            ulong presence = 0;
            Span<ulong> more = count > 64 ? new ulong[(count - 1) >> 6] : default;
            for (int i = 0; i < count; i++)
            {
                if (values[i] == null) continue;
                if (i < 64) presence |= 1UL << i;
                else more[(i >> 6) - 1] |= 1UL << (i & 63);
            }
            w.EnterDepth();
            if (count > 64) w.WriteObjectHeader(shape, presence, more);
            else w.WriteObjectHeader(shape, presence);
            for (int i = 0; i < count; i++)
            {
                if (values[i] is not JsonElement value) continue;
                try
                {
                    WriteValue(ref w, c, value, view.Member(i) ?? throw Problem($"How {view.Name}.{names[i]} is encoded is not known", "Leave it out of the JSON."));
                }
                catch (AmberException ex) when (ex.PassingMember(names[i]))
                {
                }
            }
            w.ExitDepth();
        }

        /// <summary>
        /// A struct its code writes inline (format §5.1), where its type is declared: the inline header and one row, as the
        /// generated code writes it. Every member is in the row; a member the JSON leaves out is 0 (its default).
        /// </summary>
        private static void WriteInline(ref AmberWriter w, JsonElement e, ViewType view, byte[] codes)
        {
            if (e.TryGetProperty(JsonView.RefProperty, out _))
                throw Problem($"A {view.Name} is a struct written inline, which has no identity, so it cannot be a \"$ref\"", "Write its members.");
            string[] names = view.Shape.MemberNames;
            var values = new JsonElement?[names.Length];
            foreach (JsonProperty p in e.EnumerateObject())
            {
                string name = p.Name;
                if (name.StartsWith('$') || name.StartsWith('#')) continue;   // the view's own and other versions' members
                int i = Array.IndexOf(names, name);
                if (i < 0) throw Problem($"{view.Name} has no member \"{name}\"", $"Its members are: {string.Join(", ", names)}.");
                values[i] = p.Value;
            }
            int width = 0;
            foreach (byte code in codes) width += AmberCode.PackedWidth(code);
            // A writer slot of the struct's own (as generated code's InlineShape), apart from its object shapes.
            Span<byte> row = w.WriteInlineHeader(view.InlineShape, codes, width);
            row.Clear();
            for (int i = 0, at = 0; i < codes.Length; i++)
            {
                if (values[i] is JsonElement value)
                {
                    try
                    {
                        WriteRowValue(row.Slice(at), codes[i], value, view.Member(i));
                    }
                    catch (AmberException ex) when (ex.PassingMember(names[i]))
                    {
                    }
                }
                at += AmberCode.PackedWidth(codes[i]);
            }
            w.Advance(width);
        }

        /// <summary>One member of a row: the JSON value as the raw little-endian value of its packed code (an enum by name or number).</summary>
        private static void WriteRowValue(Span<byte> destination, byte code, JsonElement e, ViewNode? member)
        {
            if (member?.Kind == ViewKind.Nullable) member = member.Element;
            string? number = null;
            if (member?.Kind == ViewKind.Enum && e.ValueKind == JsonValueKind.String)
            {
                string name = e.GetString()!;
                if (member.ValuesByName == null || !member.ValuesByName.TryGetValue(name, out number))
                    throw Problem($"\"{name}\" is not a named value of this enum", member.ValuesByName == null ? "Write the value as a number." : $"Write one of {string.Join(", ", member.ValuesByName.Keys)}, or a number.");
            }
            T Integer<T>(ScalarJsonCodec.Parse<T> parse) => number != null ? parse(number, NumberStyles.Integer, CultureInfo.InvariantCulture) : ScalarJsonCodec.Number(e, parse);
            try
            {
                switch (code)
                {
                    case AmberCode.PackedByte: destination[0] = Integer(byte.Parse); return;
                    case AmberCode.PackedSByte: destination[0] = (byte)Integer(sbyte.Parse); return;
                    case AmberCode.PackedInt16: BinaryPrimitives.WriteInt16LittleEndian(destination, Integer(short.Parse)); return;
                    case AmberCode.PackedUInt16: BinaryPrimitives.WriteUInt16LittleEndian(destination, Integer(ushort.Parse)); return;
                    case AmberCode.PackedInt32: BinaryPrimitives.WriteInt32LittleEndian(destination, Integer(int.Parse)); return;
                    case AmberCode.PackedUInt32: BinaryPrimitives.WriteUInt32LittleEndian(destination, Integer(uint.Parse)); return;
                    case AmberCode.PackedInt64: BinaryPrimitives.WriteInt64LittleEndian(destination, Integer(long.Parse)); return;
                    case AmberCode.PackedUInt64: BinaryPrimitives.WriteUInt64LittleEndian(destination, Integer(ulong.Parse)); return;
                    case AmberCode.PackedSingle: BinaryPrimitives.WriteSingleLittleEndian(destination, ScalarJsonCodec.Float(e, float.Parse)); return;
                    case AmberCode.PackedDouble: BinaryPrimitives.WriteDoubleLittleEndian(destination, ScalarJsonCodec.Float(e, double.Parse)); return;
                    case AmberCode.PackedBoolean:
                        if (e.ValueKind is not (JsonValueKind.True or JsonValueKind.False)) throw Expected("true or false", e);
                        destination[0] = e.GetBoolean() ? (byte)1 : (byte)0;
                        return;
                    default:
                        char ch;
                        if (e.ValueKind == JsonValueKind.Number)
                        {
                            ch = (char)ScalarJsonCodec.Number(e, ushort.Parse);   // a lone surrogate, as the view writes it
                        }
                        else
                        {
                            string text = Text(e);
                            if (text.Length != 1) throw Expected("a string of one character", e);
                            ch = text[0];
                        }
                        BinaryPrimitives.WriteUInt16LittleEndian(destination, ch);
                        return;
                }
            }
            catch (Exception ex) when (ex is FormatException or OverflowException or InvalidOperationException or ArgumentException)
            {
                throw new AmberException($"{Describe(e)} is not a valid value of packed code {code}: {ex.Message}", -1, "Write the value as the view shows it.", ex);
            }
        }

        // ------------------------------------------------------------------ collections

        /// <summary>
        /// Collection identity (format version 2, docs/json.md): a sequence or map shown as <c>{"$ref": n}</c> is written as
        /// a back-reference to the collection or object of that <c>$id</c> (true: nothing more to write); one shown as
        /// <c>{"$id": n, "$values": ...}</c> is replaced by its <c>$values</c>, its <c>$id</c> remembered for the id its
        /// header is about to take. Any other JSON is the collection itself (as version 1 payloads show it). Only an
        /// object with no other properties counts, so that a dictionary of version 1 whose keys are "$ref" or "$values"
        /// is still a dictionary; in version 2 a dictionary is always inside "$values", where its keys cannot be taken for these.
        /// </summary>
        private static bool TryWriteCollectionReference(ref AmberWriter w, Context c, ref JsonElement e)
        {
            if (e.ValueKind != JsonValueKind.Object) return false;
            bool id = false, values = false, reference = false;
            int properties = 0;
            foreach (JsonProperty p in e.EnumerateObject())
            {
                properties++;
                if (p.NameEquals(JsonView.IdProperty)) id = true;
                else if (p.NameEquals(JsonView.ValuesProperty)) values = true;
                else if (p.NameEquals(JsonView.RefProperty)) reference = true;
                else return false;
            }
            if (reference && properties == 1)
            {
                w.WriteCollectionReference(Referenced(ref w, c, e.GetProperty(JsonView.RefProperty)));
                return true;
            }
            if (!values || properties != (id ? 2 : 1)) return false;
            if (id && w.ReferencesEnabled) RecordId(ref w, c, e);
            e = e.GetProperty(JsonView.ValuesProperty);
            if (e.ValueKind is not (JsonValueKind.Array or JsonValueKind.Object))
                throw Expected("the collection (an array or object) as \"$values\"", e);
            return false;
        }

        // Collections take no nesting level: as in the generated writers, only objects count towards MaxDepth (the JSON
        // itself is parsed no deeper than twice MaxDepth, which bounds the recursion here).
        private static void WriteSequence(ref AmberWriter w, Context c, JsonElement e, ViewNode element)
        {
            if (e.ValueKind == JsonValueKind.Null)
            {
                w.WriteNullCollection();
                return;
            }
            if (TryWriteCollectionReference(ref w, c, ref e)) return;
            bool nullable = element.Kind == ViewKind.Nullable;
            WireType wt = element.WireType ?? throw Problem("The elements' encoding is not known (a hand-written formatter's)", "Leave this member out of the JSON.");
            byte descriptor = (byte)((int)wt | (nullable ? AmberCode.DescriptorNullable : 0));
            JsonElement items = e;
            if (e.ValueKind == JsonValueKind.Object)
            {
                // A multi-dimensional array: {"$dims": [2, 3], "$items": [...]} in row-major order.
                if (!e.TryGetProperty(JsonView.DimsProperty, out JsonElement dims) || !e.TryGetProperty(JsonView.ItemsProperty, out items) || dims.ValueKind != JsonValueKind.Array)
                    throw Expected("an array, or {\"$dims\": [...], \"$items\": [...]}", e);
                if (dims.GetArrayLength() is < 1 or > 32)
                    throw Problem($"\"$dims\" lists {dims.GetArrayLength()} lengths; an array has 1 to 32 dimensions", "Write the array's lengths as the view shows them.");
                var lengths = new int[dims.GetArrayLength()];
                long product = 1;
                for (int k = 0; k < lengths.Length; k++)
                {
                    JsonElement length = dims[k];
                    if (length.ValueKind != JsonValueKind.Number || !length.TryGetInt32(out lengths[k]) || lengths[k] < 0)
                        throw Problem($"\"$dims\"[{k}] is {Describe(length)}: a length is a whole number from 0 to {int.MaxValue}", "Write the array's lengths as the view shows them.");
                    // Bounded by the items' count below; stop before the product can overflow.
                    product = Math.Min(product * lengths[k], (long)int.MaxValue + 1);
                }
                if (items.ValueKind != JsonValueKind.Array || product != items.GetArrayLength())
                    throw Problem($"\"$dims\" multiply to {product} but \"$items\" has {(items.ValueKind == JsonValueKind.Array ? items.GetArrayLength() : 0)} elements", "Make the lengths agree with the items.");
                w.WriteShapedSequenceHeader(lengths, descriptor);
            }
            else if (e.ValueKind == JsonValueKind.Array)
            {
                w.WriteSequenceHeader(e.GetArrayLength(), descriptor);
            }
            else
            {
                throw Expected("an array", e);
            }
            // Collections directly in a collection sit one nesting level deeper, as generated writers count them.
            bool nests = AmberCode.IsCollection(wt);
            if (nests) w.EnterDepth();
            int i = 0;
            foreach (JsonElement item in items.EnumerateArray())
            {
                try
                {
                    if (nullable)
                    {
                        w.WritePresence(item.ValueKind != JsonValueKind.Null);
                        if (item.ValueKind != JsonValueKind.Null) WriteValue(ref w, c, item, element);
                    }
                    else
                    {
                        WriteValue(ref w, c, item, element);
                    }
                }
                catch (AmberException ex) when (ex.PassingIndex(i))
                {
                }
                i++;
            }
            if (nests) w.ExitDepth();
        }

        private static void WriteMap(ref AmberWriter w, Context c, JsonElement e, ViewNode node)
        {
            if (e.ValueKind == JsonValueKind.Null)
            {
                w.WriteNullCollection();
                return;
            }
            if (TryWriteCollectionReference(ref w, c, ref e)) return;
            ViewNode key = node.Element!, value = node.Value!;
            WireType keyType = key.WireType ?? throw Problem("The keys' encoding is not known", "Leave this member out of the JSON.");
            WireType valueType = value.WireType ?? throw Problem("The values' encoding is not known", "Leave this member out of the JSON.");
            bool nullable = value.Kind == ViewKind.Nullable;
            byte descriptor = (byte)((int)keyType | ((int)valueType << AmberCode.MapValueWireTypeShift) | (nullable ? AmberCode.MapNullableValues : 0));
            if (e.ValueKind is not (JsonValueKind.Object or JsonValueKind.Array))
                throw Expected("an object (or an array of {\"$key\", \"$value\"} pairs)", e);
            bool nests = AmberCode.IsCollection(keyType) || AmberCode.IsCollection(valueType);
            if (nests) w.EnterDepth();
            if (e.ValueKind == JsonValueKind.Object)
            {
                int count = 0;
                foreach (JsonProperty _ in e.EnumerateObject()) count++;
                w.WriteMapHeader(count, descriptor);
                ViewNode scalarKey = key.Kind == ViewKind.Nullable ? key.Element! : key;
                foreach (JsonProperty p in e.EnumerateObject())
                {
                    try
                    {
                        WriteKey(ref w, p.Name, scalarKey);
                        WriteMapValue(ref w, c, p.Value, value, nullable);
                    }
                    catch (AmberException ex) when (ex.PassingMember(p.Name))
                    {
                    }
                }
            }
            else if (e.ValueKind == JsonValueKind.Array)
            {
                w.WriteMapHeader(e.GetArrayLength(), descriptor);
                int i = 0;
                foreach (JsonElement pair in e.EnumerateArray())
                {
                    try
                    {
                        if (pair.ValueKind != JsonValueKind.Object || !pair.TryGetProperty(JsonView.KeyProperty, out JsonElement k) || !pair.TryGetProperty(JsonView.ValueProperty, out JsonElement v))
                            throw Expected("{\"$key\": ..., \"$value\": ...}", pair);
                        WriteValue(ref w, c, k, key);
                        WriteMapValue(ref w, c, v, value, nullable);
                    }
                    catch (AmberException ex) when (ex.PassingIndex(i))
                    {
                    }
                    i++;
                }
            }
            if (nests) w.ExitDepth();
        }

        private static void WriteMapValue(ref AmberWriter w, Context c, JsonElement v, ViewNode value, bool nullable)
        {
            if (!nullable)
            {
                WriteValue(ref w, c, v, value);
                return;
            }
            w.WritePresence(v.ValueKind != JsonValueKind.Null);
            if (v.ValueKind != JsonValueKind.Null) WriteValue(ref w, c, v, value);
        }

        /// <summary>A dictionary key from its JSON property name: the text as a string, or parsed as the key's scalar.</summary>
        private static void WriteKey(ref AmberWriter w, string name, ViewNode key)
        {
            if (key.Kind is not (ViewKind.Scalar or ViewKind.Enum)) throw Problem("A dictionary whose keys are not scalars is written as an array of {\"$key\", \"$value\"} pairs", "Write the pairs as the view shows them.");
            if (key.Kind == ViewKind.Enum && key.ValuesByName != null && key.ValuesByName.TryGetValue(name, out string? number)) name = number;
            bool quoted = key.ScalarRow?.Json == ScalarJson.Text;
            string json = quoted ? "\"" + JsonEncodedText.Encode(name).ToString() + "\"" : name;
            JsonDocument document;
            try
            {
                document = JsonDocument.Parse(json);
            }
            catch (JsonException)
            {
                throw Problem($"The key \"{name}\" is not a {key.Scalar}", "Write the key as the view shows it.");
            }
            using (document) ScalarJsonCodec.WriteScalar(ref w, document.RootElement, key);
        }

        internal static string Text(JsonElement e) => e.ValueKind == JsonValueKind.String ? e.GetString()! : throw Expected("a string", e);

        internal static byte[] Base64(JsonElement e) =>
            e.ValueKind == JsonValueKind.String && e.TryGetBytesFromBase64(out byte[]? bytes) ? bytes : throw Expected("a base64 string", e);

        internal static AmberException Expected(string what, JsonElement e) => Problem($"Expected {what}, found {Describe(e)}", "Write the value as the view shows it.");

        internal static string Describe(JsonElement e)
        {
            string raw = e.GetRawText();
            return e.ValueKind + " " + (raw.Length > 40 ? raw.Remove(40) + "…" : raw);
        }

        internal static AmberException Problem(string problem, string fix) => new AmberException(problem, -1, fix);
    }
}
#endif
