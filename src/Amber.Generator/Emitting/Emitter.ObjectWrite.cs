using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>An object codec's Write methods: the null and reference check, presence words, the header, member values and kept members (format §5).</summary>
    internal static partial class Emitter
    {
        private const string WriterParameter = "ref global::Amber.AmberWriter w";

        /// <summary>Write (or the inline Write of a struct written as a row), WriteTyped, and WriteWith, which both call with their shape.</summary>
        private static void EmitWriteMethod(SourceWriter sw, ObjectModel o)
        {
            string param = Nullable(o.FullName, o.IsValueType) + " v";
            EmitWriteEntry(sw, o, param);
            sw.Line();
            sw.Line($"internal static void WriteTyped({WriterParameter}, {param}) => WriteWith(ref w, v, TypedShape);");
            sw.Line();
            using (sw.Block($"private static void WriteWith({WriterParameter}, {param}, global::Amber.Metadata.AmberShape shape)"))
            {
                if (!o.IsValueType) EmitNullOrReferenceWrite(sw);
                sw.Line("w.EnterDepth();");
                if (o.OnSerializing) sw.Line("global::Amber.Metadata.AmberCallbacks.Serializing(ref v);");
                for (int i = 0; i < o.Members.Count; i++)
                {
                    sw.Line($"var {MemberLocal.Value(i)} = {GetExpr(o.Members[i], i, "v")};");
                }
                ulong[] always = AlwaysPresent(o);
                EmitPresenceWords(sw, o, always);
                // The header joins the window of the members of bounded size that follow it, where there are any.
                bool headInWindow = always.Length == 1 && o.UnknownMembers == null && WindowRun(o, 0, out _) > 0;
                if (!headInWindow) EmitObjectHeaderWrite(sw, o, moreWords: always.Length > 1);
                EmitMemberValuesWrite(sw, o, always, headInWindow);
                if (o.UnknownMembers != null) sw.Line("w.WriteKeptMembers(unknown);");
                sw.Line("w.ExitDepth();");
            }
        }

        /// <summary>Write: inline for a struct written as a row; else with the type's shape, after a check that no subclass it never saw is sliced.</summary>
        private static void EmitWriteEntry(SourceWriter sw, ObjectModel o, string param)
        {
            if (o.RowCodes.Count > 0)
            {
                EmitInlineWrite(sw, o);
            }
            else if (o.IsSealed)
            {
                sw.Line($"internal static void Write({WriterParameter}, {param}) => WriteWith(ref w, v, Shape);");
            }
            else
            {
                // A member of this type is not polymorphic (the generator saw no subclass), so a subclass
                // it never saw would lose its own members here: report it instead of slicing it.
                using (sw.Block($"internal static void Write({WriterParameter}, {param})"))
                {
                    sw.Line($"if (v is not null && v.GetType() != typeof({o.FullName})) global::Amber.Metadata.AmberThrow.UnseenSubtype(v.GetType(), {Quote(o.DisplayName)});");
                    sw.Line("WriteWith(ref w, v, Shape);");
                }
            }
        }

        /// <summary>A null value <c>v</c> written as null, and nothing more.</summary>
        private const string NullWrite = """
            if (v is null)
            {
                w.WriteNull();
                return;
            }
            """;

        /// <summary>A null, or a back-reference to an object written before (reference mode, format §7.2).</summary>
        private static void EmitNullOrReferenceWrite(SourceWriter sw)
        {
            sw.Lines(NullWrite);
            sw.Line("if (w.TryWriteReference(v)) return;");
        }

        /// <summary>The presence words with the bits of the members that are always written (not nullable, not left out at their default) set.</summary>
        private static ulong[] AlwaysPresent(ObjectModel o)
        {
            var always = new ulong[System.Math.Max(1, (o.Members.Count + 63) >> 6)];
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Type.Kind == TypeKind.Nullable || m.CanSkipDefault) continue;
                always[i >> 6] |= 1UL << (i & 63);
            }
            return always;
        }

        /// <summary>
        /// Presence (format §5): p holds members 0 to 63; a type of more members keeps one more word per 64 members in px,
        /// on the stack (px is assigned in full: the module may skip locals' zeroing). A member whose presence varies sets its bit.
        /// </summary>
        private static void EmitPresenceWords(SourceWriter sw, ObjectModel o, ulong[] always)
        {
            sw.Line($"ulong presence = {Mask(always[0])};");
            if (always.Length > 1)
            {
                sw.Line($"global::System.Span<ulong> px = stackalloc ulong[{Int(always.Length - 1)}];");
                for (int j = 1; j < always.Length; j++) sw.Line($"px[{Int(j - 1)}] = {Mask(always[j])};");
            }
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string value = MemberLocal.Value(i);
                string? test = m.Type.Kind == TypeKind.Nullable ? value + ".HasValue" : m.CanSkipDefault ? NonDefaultTest(m.Type, value) : null;
                if (test != null) sw.Line($"if ({test}) {PresenceWord(i, "px")} |= {PresenceBit(i)};");
            }
        }

        /// <summary>The object header: the shape (definition or reference) and the presence words, with the kept members' shape where the type keeps them.</summary>
        private static void EmitObjectHeaderWrite(SourceWriter sw, ObjectModel o, bool moreWords)
        {
            if (o.UnknownMembers != null)
            {
                // Members kept from other data are written after the type's own, in a shape that lists them too (format §5.2).
                sw.Line($"var unknown = v.{o.UnknownMembers};");
                sw.Line("w.WriteObjectHeader(shape, presence, unknown);");
            }
            else
            {
                sw.Line(moreWords ? "w.WriteObjectHeader(shape, presence, px);" : "w.WriteObjectHeader(shape, presence);");
            }
        }

        /// <summary>
        /// Each member's value: those present, and runs of bounded size in one window each (one capacity check, the offset
        /// in a local, no branch on presence; <c>AmberWindow</c>).
        /// </summary>
        private static void EmitMemberValuesWrite(SourceWriter sw, ObjectModel o, ulong[] always, bool headInWindow)
        {
            int reservedUntil = 0;   // members before this index are in the open window's run
            int windows = 0;
            string window = "", offset = "";
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                TypeRef written = m.Type.Kind == TypeKind.Nullable ? m.Type.Element! : m.Type;
                if (i >= reservedUntil)
                {
                    // A run of members of bounded size shares one window: one capacity check, one move of the position.
                    bool head = headInWindow && i == 0;
                    int end = i + WindowRun(o, i, out string room);
                    if (end - i >= (head ? 1 : 2))
                    {
                        window = WindowLocal.Window(windows);
                        offset = WindowLocal.Offset(windows);
                        windows++;
                        if (head)
                        {
                            sw.Line($"ref byte {window} = ref w.OpenObjectWindow(shape, {room});");
                            sw.Line($"int {offset} = w.WriteObjectHeaderAt(ref {window}, 0, shape, presence);");
                        }
                        else
                        {
                            sw.Line($"ref byte {window} = ref w.OpenWindow({room});");
                            sw.Line($"int {offset} = 0;");
                        }
                        reservedUntil = end;
                    }
                }
                bool conditional = (always[i >> 6] & (1UL << (i & 63))) == 0;
                string present = PresenceTest(i, "px");
                string value = MemberLocal.Value(i) + (m.Type.Kind == TypeKind.Nullable ? ".GetValueOrDefault()" : "");
                if (i < reservedUntil && InlineWriter(m.Type, value, out string inlineValue) is string inlineCodec)
                {
                    // A struct written inline: its header (its definition the first time) and its row, at the window's offset.
                    string write = $"{offset} = {inlineCodec}.WriteAt(ref w, ref {window}, {offset}, {inlineValue});";
                    sw.Line(conditional ? $"if ({present}) {write}" : write);
                    if (i == reservedUntil - 1) sw.Line($"w.CloseWindow({offset});");
                    continue;
                }
                if (i < reservedUntil)
                {
                    // In the window a member whose presence varies is encoded either way and counted only when present:
                    // no branch on presence, which varies from object to object in data with nulls and defaults.
                    string cast = written.Kind == TypeKind.Enum ? "(" + Keyword(written.Scalar!) + ")" : "";
                    if (written.ScalarKind == ScalarKind.Decimal)
                        sw.Line($"{offset} = w.WriteDecimalAt(ref {window}, {offset}, {value}, {(conditional ? present : "true")});");   // a Bytes value: counted in reference mode
                    else
                        sw.Line($"{offset} = global::Amber.Metadata.AmberWindow.Write{written.Scalar}(ref {window}, {offset}, {cast}{value}{(conditional ? ", " + present : "")});");
                    if (i == reservedUntil - 1) sw.Line($"w.CloseWindow({offset});");
                    continue;
                }
                if (conditional) sw.Open($"if ({present})");
                EmitWrite(sw, written, value, 0);
                if (conditional) sw.Close();
            }
        }

        /// <summary>
        /// The number of members from <paramref name="start"/> that a window holds (members of bounded size), and in
        /// <paramref name="room"/> the most bytes they take: a constant, plus the room each struct written inline states
        /// (its definition included, for its first time in a payload).
        /// </summary>
        private static int WindowRun(ObjectModel o, int start, out string room)
        {
            int end = start, bytes = 0;
            var inlineRooms = new List<string>();
            for (; end < o.Members.Count; end++)
            {
                TypeRef t = o.Members[end].Type;
                if (InlineWriter(t, "", out _) is string codec) inlineRooms.Add(codec + ".WindowRoom");
                else if (ReservedSize(t) is int size and > 0) bytes += size;
                else break;
            }
            room = string.Join(" + ", (bytes > 0 || inlineRooms.Count == 0 ? new[] { Int(bytes) } : Array.Empty<string>()).Concat(inlineRooms));
            return end - start;
        }

        /// <summary>
        /// The codec that writes a value of <paramref name="t"/> inline (a struct written as a row, format §5.1, or a struct
        /// converted to such a surrogate) and in <paramref name="value"/> what it writes for <paramref name="expr"/>; null for
        /// any other type.
        /// </summary>
        private static string? InlineWriter(TypeRef t, string expr, out string value)
        {
            value = expr;
            if (t.Kind == TypeKind.Object && t.IsValueType && t.Rows) return CodecName(t.ObjectId!);
            if (t.Kind == TypeKind.Surrogate && t.IsValueType && t.Element is { Kind: TypeKind.Object, IsValueType: true, Rows: true } sg)
            {
                value = t.ToSurrogate != null ? $"{t.ToSurrogate}({expr})" : $"(({sg.FullName})({expr}))";
                return CodecName(sg.ObjectId!);
            }
            return null;
        }

        /// <summary>
        /// The most bytes a member of <paramref name="t"/> writes, when it is bounded and has an <c>AmberWindow</c> write
        /// (numbers, bools, chars, enums of those, <c>DateTime</c>, <c>Guid</c>, and nullables of them); 0 otherwise.
        /// </summary>
        private static int ReservedSize(TypeRef t)
        {
            if (t.Kind == TypeKind.Nullable) t = t.Element!;
            if (t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Enum) return 0;
            return t.ScalarRow?.MaxWindowBytes ?? 0;
        }

        /// <summary>The presence word that holds member <paramref name="i"/>: p for members 0 to 63, else a word of <paramref name="more"/> (format §5).</summary>
        private static string PresenceWord(int i, string more) =>
            i < 64 ? "presence" : more + "[" + Int((i >> 6) - 1) + "]";

        /// <summary>The mask of member <paramref name="i"/> in its presence word.</summary>
        private static string PresenceBit(int i) => Mask(1UL << (i & 63));

        /// <summary>Whether member <paramref name="i"/> is present, by its bit in the presence words (<paramref name="more"/>: the words after p).</summary>
        private static string PresenceTest(int i, string more) => $"({PresenceWord(i, more)} & {PresenceBit(i)}) != 0";

        /// <summary>Whether <paramref name="expr"/> is not its type's default, the test under which a member that may be left out at its default is written.</summary>
        private static string NonDefaultTest(TypeRef t, string expr)
        {
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    switch (t.ScalarKind)
                    {
                        case ScalarKind.Boolean: return expr;
                        case ScalarKind.Single:
                        case ScalarKind.Double:
                        case ScalarKind.Decimal:
                        case ScalarKind.DateTime:
                        case ScalarKind.DateTimeOffset:
                        case ScalarKind.BigInteger:
                        case ScalarKind.Half:
                            return "!global::Amber.Metadata.AmberDefault.IsDefault(" + expr + ")";
                        case ScalarKind.String: case ScalarKind.Uri: case ScalarKind.Version: return expr + " is not null";
                        default: return expr + " != default";
                    }
                case TypeKind.Enum: return expr + " != default";
                case TypeKind.Nullable: return expr + ".HasValue";
                case TypeKind.ByteArray: return t.IsValueType ? "!" + expr + ".IsEmpty" : expr + " is not null";
                default:
                    if (t.Collection == CollectionKind.ImmutableArray) return "!" + expr + ".IsDefault";
                    if (t.Collection == CollectionKind.ArraySegment) return expr + ".Array is not null";
                    if (t.Collection == CollectionKind.Memory) return "!" + expr + ".IsEmpty";
                    return t.IsValueType ? "true" : expr + " is not null";
            }
        }
    }
}
