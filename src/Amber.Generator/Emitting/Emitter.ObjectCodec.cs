using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>An object type's codec class: its shape, Write and Read methods, and how it constructs the object.</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ object codecs

        public static string EmitObject(ObjectModel o)
        {
            var sw = new SourceWriter();
            sw.Line(Header.TrimEnd('\n'));
            sw.Open("namespace Amber.Generated");
            sw.Line("/// <summary>Amber codec for " + EscapeXml(o.DisplayName) + ".</summary>");
            sw.Open("internal static class " + CodecName(o.Id));
            EmitShape(sw, o);
            EmitAccessors(sw, o);
            sw.Line();
            EmitWriteMethod(sw, o);
            sw.Line();
            EmitReadMethod(sw, o);
            if (o.IsValueType)
            {
                sw.Line();
                EmitInlineBody(sw, o);
            }
            EmitMemberReaders(sw, o);
            EmitExpected(sw, o);
            if (o.RowCodes.Count > 0)
            {
                sw.Line();
                EmitRows(sw, o);
            }
            sw.Close();
            sw.Close();
            return sw.ToString();
        }

        private static void EmitShape(SourceWriter sw, ObjectModel o)
        {
            string names = string.Join(", ", o.Members.Select(m => Quote(m.DisplayName)));
            string tags = string.Join(", ", o.Members.Select(m => m.Type.WireType is WireType known
                ? "0x" + AmberCode.Tag(m.Key, known).ToString("X4", CultureInfo.InvariantCulture)
                : "(ushort)((" + m.Key + " << 3) | " + WireTypeInt(m.Type) + ")"));
            bool anyExtra = o.Members.Any(m => m.ExtraKeys.Count > 0);
            string extra = anyExtra
                ? "new int[][] { " + string.Join(", ", o.Members.Select(m => m.ExtraKeys.Count == 0 ? "null!" : "new int[] { " + string.Join(", ", m.ExtraKeys) + " }")) + " }"
                : "null";
            // The members that read an absent bit as null (a Nullable whose own default is not null): a writer
            // shape that lacks one of them is never read positionally (format §5). Only members 0 to 63 have a
            // bit: a reader of more members never reads a shorter writer shape positionally anyway.
            ulong nullWhenAbsent = 0;
            for (int i = 0; i < o.Members.Count && i < 64; i++)
            {
                if (NullWhenAbsent(o.Members[i])) nullWhenAbsent |= 1UL << i;
            }
            string nulls = ", 0x" + nullWhenAbsent.ToString("X", CultureInfo.InvariantCulture) + "UL";
            // The hash of each member's wire name: members whose keys collide are told apart by it, on the wire and when
            // reading data of another version (format §5).
            string hashes = string.Join(", ", o.Members.Select(m => "0x" + m.NameHash.ToString("X8", CultureInfo.InvariantCulture) + "u"));
            sw.Line("internal static readonly global::Amber.AmberShape Shape = new global::Amber.AmberShape(" + Quote(o.DisplayName)
                + ", new string[] { " + names + " }, new ushort[] { " + tags + " }, " + extra + ", null" + nulls + ", new uint[] { " + hashes + " });");
            // The same members with this type's tag, written where the declared type is polymorphic (format §7.1).
            sw.Line("internal static readonly global::Amber.AmberShape TypedShape = new global::Amber.AmberShape(" + Quote(o.DisplayName)
                + ", Shape.MemberNames, Shape.Tags, " + extra + ", 0x" + o.TypeTag.ToString("X8", CultureInfo.InvariantCulture) + "u" + nulls + ", Shape.NameHashes);");
            if (o.RowCodes.Count > 0)
            {
                // The same members again for the struct written inline (format §5.1): a writer slot of its own, so an inline
                // definition is never taken for the object or rows shape of the type, nor the other way round.
                sw.Line("internal static readonly global::Amber.AmberShape InlineShape = new global::Amber.AmberShape(" + Quote(o.DisplayName)
                    + ", Shape.MemberNames, Shape.Tags, null, null, 0x0UL, Shape.NameHashes);");
            }
        }

        private static string Nullable(string fullName, bool isValueType) => isValueType ? fullName : fullName + "?";

        private static void EmitWriteMethod(SourceWriter sw, ObjectModel o)
        {
            string param = Nullable(o.FullName, o.IsValueType) + " v";
            if (o.RowCodes.Count > 0)
            {
                EmitInlineWrite(sw, o);
            }
            else if (o.IsSealed)
            {
                sw.Line("internal static void Write(ref global::Amber.AmberWriter w, " + param + ") => WriteWith(ref w, v, Shape);");
            }
            else
            {
                // A member of this type is not polymorphic (the generator saw no subclass), so a subclass
                // it never saw would lose its own members here: report it instead of slicing it.
                sw.Open("internal static void Write(ref global::Amber.AmberWriter w, " + param + ")");
                sw.Line("if (v is not null && v.GetType() != typeof(" + o.FullName + ")) global::Amber.AmberThrow.UnseenSubtype(v.GetType(), " + Quote(o.DisplayName) + ");");
                sw.Line("WriteWith(ref w, v, Shape);");
                sw.Close();
            }
            sw.Line();
            sw.Line("internal static void WriteTyped(ref global::Amber.AmberWriter w, " + param + ") => WriteWith(ref w, v, TypedShape);");
            sw.Line();
            sw.Open("private static void WriteWith(ref global::Amber.AmberWriter w, " + param + ", global::Amber.AmberShape shape)");
            if (!o.IsValueType)
            {
                sw.Open("if (v is null)");
                sw.Line("w.WriteNull();");
                sw.Line("return;");
                sw.Close();
                sw.Line("if (w.TryWriteReference(v)) return;");
            }
            sw.Line("w.EnterDepth();");
            if (o.OnSerializing) sw.Line("global::Amber.AmberCallbacks.Serializing(ref v);");
            for (int i = 0; i < o.Members.Count; i++)
            {
                sw.Line("var m" + i + " = " + GetExpr(o.Members[i], i, "v") + ";");
            }
            // Presence (format §5): p holds members 0 to 63; a type of more members keeps one more word per
            // 64 members in px, on the stack (px is assigned in full: the module may skip locals' zeroing).
            var always = new ulong[System.Math.Max(1, (o.Members.Count + 63) >> 6)];
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Type.Kind == TypeKind.Nullable || m.CanSkipDefault) continue;
                always[i >> 6] |= 1UL << (i & 63);
            }
            sw.Line("ulong p = 0x" + always[0].ToString("X", CultureInfo.InvariantCulture) + "UL;");
            if (always.Length > 1)
            {
                sw.Line("global::System.Span<ulong> px = stackalloc ulong[" + (always.Length - 1) + "];");
                for (int j = 1; j < always.Length; j++) sw.Line("px[" + (j - 1) + "] = 0x" + always[j].ToString("X", CultureInfo.InvariantCulture) + "UL;");
            }
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string? test = m.Type.Kind == TypeKind.Nullable ? "m" + i + ".HasValue" : m.CanSkipDefault ? NonDefaultTest(m.Type, "m" + i) : null;
                if (test != null) sw.Line("if (" + test + ") " + PresenceWord(i, "px") + " |= " + PresenceBit(i) + ";");
            }
            if (o.UnknownMembers != null)
            {
                // Members kept from other data are written after the type's own, in a shape that lists them too (format §5.2).
                sw.Line("var mu = v." + o.UnknownMembers + ";");
                sw.Line("w.WriteObjectHeader(shape, p, mu);");
            }
            else
            {
                sw.Line(always.Length > 1 ? "w.WriteObjectHeader(shape, p, px);" : "w.WriteObjectHeader(shape, p);");
            }
            int reservedUntil = 0;   // members before this index are in a run whose room was reserved
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                TypeRef written = m.Type.Kind == TypeKind.Nullable ? m.Type.Element! : m.Type;
                if (i >= reservedUntil)
                {
                    // A run of members of bounded size shares one capacity check (AmberWriter.Reserve).
                    int end = i, room = 0;
                    while (end < o.Members.Count && ReservedSize(o.Members[end].Type) is int size and > 0)
                    {
                        room += size;
                        end++;
                    }
                    if (end - i >= 2)
                    {
                        sw.Line("w.Reserve(" + room.ToString(CultureInfo.InvariantCulture) + ");");
                        reservedUntil = end;
                    }
                }
                bool conditional = (always[i >> 6] & (1UL << (i & 63))) == 0;
                string present = "(" + PresenceWord(i, "px") + " & " + PresenceBit(i) + ") != 0";
                string value = m.Type.Kind == TypeKind.Nullable ? "m" + i + ".GetValueOrDefault()" : "m" + i;
                if (i < reservedUntil)
                {
                    // In reserved room a member whose presence varies is encoded either way and counted only when present:
                    // no branch on presence, which varies from object to object in data with nulls and defaults.
                    string cast = written.Kind == TypeKind.Enum ? "(" + Keyword(written.Scalar!) + ")" : "";
                    sw.Line("w.Write" + written.Scalar + "Reserved(" + cast + value + (conditional ? ", " + present : "") + ");");
                    continue;
                }
                if (conditional) sw.Open("if (" + present + ")");
                EmitWrite(sw, written, value, 0);
                if (conditional) sw.Close();
            }
            if (o.UnknownMembers != null) sw.Line("w.WriteKeptMembers(mu);");
            sw.Line("w.ExitDepth();");
            sw.Close();
        }

        /// <summary>
        /// The most bytes a member of <paramref name="t"/> writes, when it is bounded and has a <c>Write…Reserved</c> method
        /// (numbers, bools, chars, enums of those, <c>DateTime</c>, <c>Guid</c>, and nullables of them); 0 otherwise.
        /// </summary>
        private static int ReservedSize(TypeRef t)
        {
            if (t.Kind == TypeKind.Nullable) t = t.Element!;
            if (t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Enum) return 0;
            return t.Scalar switch
            {
                "Boolean" => 1,
                "Byte" or "SByte" => 2,
                "Int16" or "UInt16" or "Char" => 3,
                "Single" => 4,
                "Int32" or "UInt32" => 5,
                "Double" or "DateTime" => 8,
                "Int64" or "UInt64" => 10,
                "Guid" => 16,
                _ => 0,
            };
        }

        /// <summary>The presence word that holds member <paramref name="i"/>: p for members 0 to 63, else a word of <paramref name="more"/> (format §5).</summary>
        private static string PresenceWord(int i, string more) =>
            i < 64 ? "p" : more + "[" + ((i >> 6) - 1).ToString(CultureInfo.InvariantCulture) + "]";

        /// <summary>The mask of member <paramref name="i"/> in its presence word.</summary>
        private static string PresenceBit(int i) => "0x" + (1UL << (i & 63)).ToString("X", CultureInfo.InvariantCulture) + "UL";

        private static string NonDefaultTest(TypeRef t, string expr)
        {
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    switch (t.Scalar)
                    {
                        case "Boolean": return expr;
                        case "Single": case "Double": case "Decimal": case "DateTime": case "DateTimeOffset": case "BigInteger": case "Half":
                            return "!global::Amber.AmberDefault.IsDefault(" + expr + ")";
                        case "String": case "Uri": case "Version": return expr + " is not null";
                        default: return expr + " != default";
                    }
                case TypeKind.Enum: return expr + " != default";
                case TypeKind.Nullable: return expr + ".HasValue";
                case TypeKind.ByteArray: return t.IsValueType ? "!" + expr + ".IsEmpty" : expr + " is not null";
                default:
                    if (t.Collection == CollectionKind.ImmutableArray) return "!" + expr + ".IsDefault";
                    return t.IsValueType ? "true" : expr + " is not null";
            }
        }

        // ------------------------------------------------------------------ object read

        /// <summary>
        /// The wire type a member's value must have in the writer's shape and what to call it in the error, when that is one
        /// plain check (the same the member's read would make with the writer's wire type); null for a member whose read
        /// takes the wire type itself: a double or float (widening, docs/format.md §3.2), a surrogate, a hand-written formatter.
        /// </summary>
        private static (WireType Wire, string What)? ExpectedOf(TypeRef t) => t.Kind switch
        {
            TypeKind.Scalar when t.Scalar is "Double" or "Single" => null,
            TypeKind.Scalar when t.WireType is WireType w => (w, t.Scalar!),
            TypeKind.Enum => (WireType.Varint, "an enum"),
            TypeKind.Nullable => ExpectedOf(t.Element!),
            TypeKind.Object or TypeKind.Polymorphic or TypeKind.Dynamic => (WireType.Object, "an object"),
            TypeKind.ByteArray => (WireType.Bytes, "a byte array"),
            TypeKind.Map => (WireType.Map, "a dictionary"),
            TypeKind.Array or TypeKind.MultiArray or TypeKind.Sequence => (WireType.Sequence, "a collection"),
            _ => null,
        };

        /// <summary>The tables of <see cref="ExpectedOf"/> by member, which the mapped path of ReadBody checks each value against.</summary>
        private static void EmitExpected(SourceWriter sw, ObjectModel o)
        {
            var wires = new List<string>();
            var whats = new List<string>();
            foreach (MemberModel m in o.Members)
            {
                (WireType Wire, string What)? e = ExpectedOf(m.Type);
                wires.Add(e is { } x ? ((int)x.Wire).ToString(CultureInfo.InvariantCulture) : "AnyWire");
                whats.Add(e is { } y ? Quote(y.What) : "null");
            }
            sw.Line();
            sw.Line("private const byte AnyWire = 0xFF;");
            sw.Line("private static readonly byte[] ExpectedWire = { " + string.Join(", ", wires) + " };");
            sw.Line("private static readonly string?[] ExpectedWhat = { " + string.Join(", ", whats) + " };");
        }

        /// <summary>Whether the object is created first and its members set one by one (else they are read into locals and it is constructed after).</summary>
        private static bool ReadsDirect(ObjectModel o) =>
            o.CtorParameterCount == 0 && !o.AnyRequired && o.Members.All(m => m.Assign == AssignKind.Setter || m.Assign == AssignKind.Fill);

        private static void EmitReadMethod(SourceWriter sw, ObjectModel o)
        {
            bool direct = ReadsDirect(o);
            sw.Open("internal static " + Nullable(o.FullName, o.IsValueType) + " Read(ref global::Amber.AmberReader r)");
            if (o.RowCodes.Count > 0)
            {
                // Written inline (format §5.1): a row that is this struct's own takes the fast path; the rest (another version's
                // row, the object form of older data, null) is read out of line.
                sw.Line("if (r.TryReadInlineRow(Shape, RowWidth, out global::System.ReadOnlySpan<byte> row)) return FromRow(ref r, row);");
                sw.Line("return ReadOther(ref r);");
                sw.Close();
                sw.Line();
                sw.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
                sw.Open("private static " + o.FullName + " ReadOther(ref global::Amber.AmberReader r)");
                sw.Line("if (!r.ReadStructHeader(Shape, RowCodes, out global::Amber.ShapeMatch s, out ulong p, out global::Amber.RowsMatch inline)) return default;");
                sw.Line("if (inline.Count == 0) return ReadBody(ref r, s, p);");
                sw.Line("if (inline.Identical) return FromRow(ref r, r.ReadSpan(RowWidth));");
                sw.Line("return ReadInlineBody(ref r, inline);");
            }
            else if (o.IsValueType)
            {
                // A struct that is not written inline still reads an inline one (an older version of it, format §5.1).
                sw.Line("if (!r.ReadStructHeader(Shape, default, out global::Amber.ShapeMatch s, out ulong p, out global::Amber.RowsMatch inline)) return default;");
                sw.Line("if (inline.Count != 0) return ReadInlineBody(ref r, inline);");
                sw.Line("return ReadBody(ref r, s, p);");
            }
            else
            {
                sw.Line("if (!r.ReadObjectHeader(Shape, out global::Amber.ShapeMatch s, out ulong p, out object? existing)) return r.ReferenceAs<" + o.FullName + ">(existing);");
                sw.Line("return ReadBody(ref r, s, p);");
            }
            sw.Close();
            if (o.RowCodes.Count > 0)
            {
                sw.Line();
                EmitFromRow(sw, o);
            }
            sw.Line();
            sw.Line("/// <summary>Reads the members after the header (the header of a polymorphic member is read by its dispatcher).</summary>");
            sw.Open("internal static " + o.FullName + " ReadBody(ref global::Amber.AmberReader r, global::Amber.ShapeMatch s, ulong p)");
            EmitReadPrologue(sw, o, direct);
            sw.Line("int mi = -1;");
            sw.Open("try");
            sw.Open("if (s.IsIdentical)");
            // Identical with more than 64 members: the writer's further presence words are the reader's own.
            if (o.Members.Count > 64) sw.Line("ulong[] pm = s.More!;");
            for (int i = 0; i < o.Members.Count; i++)
            {
                // A run of members whose presence varies, read with no branch on presence when the span holds them all.
                int end = i, room = 0;
                while (direct && end < o.Members.Count && end < 64 && ReservedReadSize(o.Members[end]) is int size and > 0)
                {
                    room += size;
                    end++;
                }
                if (end - i >= 2)
                {
                    sw.Open("if (r.HasReserved(" + room.ToString(CultureInfo.InvariantCulture) + "))");
                    for (int j = i; j < end; j++) EmitReservedMemberRead(sw, o, j);
                    sw.Close();
                    sw.Open("else");
                    if (SharesMemberReader(o, direct))
                    {
                        // Too few bytes left for the run's widest values: the same members, each read by the mapped path's reader.
                        sw.Open("for (mi = " + i + "; mi < " + end + "; mi++)");
                        sw.Line("if ((p & (1UL << mi)) != 0) ReadMember(ref r, o, mi, (global::Amber.WireType)(Shape.Tags[mi] & " + AmberCode.WireTypeMask + "));");
                        sw.Close();
                        for (int j = i; j < end; j++)
                        {
                            if (!NullWhenAbsent(o.Members[j])) continue;
                            sw.Open("if ((p & " + PresenceBit(j) + ") == 0)");
                            EmitMemberNull(sw, o, j, direct);
                            sw.Close();
                        }
                    }
                    else
                    {
                        for (int j = i; j < end; j++) EmitIdenticalMemberRead(sw, o, j, direct);
                    }
                    sw.Close();
                    i = end - 1;
                    continue;
                }
                EmitIdenticalMemberRead(sw, o, i, direct);
            }
            sw.Close();
            sw.Open("else");
            sw.Line("int[] map = s.Map!;");
            // wi indexes the writer's shape, which may have more than 64 members even when this type has fewer.
            sw.Open("for (int wi = 0; wi < map.Length; wi++)");
            if (o.Members.Any(NullWhenAbsent))
            {
                // A Nullable member that the writer has but left absent was null (docs/format.md §5),
                // even where the reader's own default (an initializer) is not.
                sw.Open("if (!s.Has(p, wi))");
                sw.Open("switch (map[wi])");
                for (int i = 0; i < o.Members.Count; i++)
                {
                    if (!NullWhenAbsent(o.Members[i])) continue;
                    sw.Line("case " + i + ":");
                    sw.Open();
                    EmitMemberNull(sw, o, i, direct);
                    sw.Line("break;");
                    sw.Close();
                }
                sw.Close();
                sw.Line("continue;");
                sw.Close();
            }
            else
            {
                sw.Line("if (!s.Has(p, wi)) continue;");
            }
            sw.Line("var wt = s.WireTypeAt(wi);");
            sw.Line("mi = map[wi];");
            if (o.UnknownMembers != null)
            {
                // A member this version lacks is kept, to be written back with the object (format §5.2).
                sw.Open("if (mi < 0)");
                sw.Line("mu = r.KeepUnknown(mu, s, wi, wt);");
                sw.Line("continue;");
                sw.Close();
            }
            // One check of the writer's wire type for every member whose value has a single one (the tables of EmitExpected);
            // a member that widens or converts (a double, a surrogate, a formatter) checks it in its own read.
            sw.Line("if ((uint)mi < (uint)ExpectedWire.Length && ExpectedWire[mi] != AnyWire) r.Expect(wt, (global::Amber.WireType)ExpectedWire[mi], ExpectedWhat[mi]);");
            if (SharesMemberReader(o, direct))
            {
                sw.Line("ReadMember(ref r, o, mi, wt);");
            }
            else
            {
                EmitMemberSwitch(sw, o, direct);
            }
            sw.Close();
            sw.Close();
            sw.Close();
            EmitPathFilter(sw, "ex.PassingMember(mi >= 0 ? Shape.MemberNames[mi] : null)");
            sw.Line("r.ExitDepth();");
            EmitReadEpilogue(sw, o, direct);
            sw.Close();
            if (SharesMemberReader(o, direct))
            {
                sw.Line();
                sw.Line("/// <summary>Reads the value of member <paramref name=\"mi\"/> (-1: a member this version does not have, skipped).</summary>");
                sw.Open("private static void ReadMember(ref global::Amber.AmberReader r, " + o.FullName + " o, int mi, global::Amber.WireType wt)");
                EmitMemberSwitch(sw, o, direct);
                sw.Close();
            }
        }

        /// <summary>
        /// Whether the mapped path's member reads are a method of their own, ReadMember, which the identical path also calls
        /// where the span is too short for a run of members read without branches: a class whose members are set one by one.
        /// </summary>
        private static bool SharesMemberReader(ObjectModel o, bool direct) => direct && !o.IsValueType;

        /// <summary>The mapped path's switch: the value of reader member <c>mi</c>, in the writer's wire type <c>wt</c>.</summary>
        private static void EmitMemberSwitch(SourceWriter sw, ObjectModel o, bool direct)
        {
            sw.Open("switch (mi)");
            for (int i = 0; i < o.Members.Count; i++)
            {
                sw.Line("case " + i + ":");
                sw.Open();
                EmitMemberRead(sw, o, i, direct, ExpectedOf(o.Members[i].Type) == null ? "wt" : null);
                sw.Line("break;");
                sw.Close();
            }
            sw.Line("default:");
            sw.Line("    r.SkipValue(wt);");
            sw.Line("    break;");
            sw.Close();
        }

        /// <summary>The start of a body reader: the new object (direct), or a local per member and a flag per member whose presence matters.</summary>
        private static void EmitReadPrologue(SourceWriter sw, ObjectModel o, bool direct)
        {
            if (!o.IsValueType) sw.Line("int rs = r.LastReservedReference;");
            if (o.UnknownMembers != null) sw.Line("global::Amber.AmberUnknownMembers? mu = null;");
            if (direct)
            {
                sw.Line("var o = new " + o.FullName + "();");
                // Known before its members are read, so a member that refers back to it (a cycle) finds it.
                if (!o.IsValueType) sw.Line("r.SetReference(rs, o);");
            }
            else
            {
                for (int i = 0; i < o.Members.Count; i++)
                {
                    sw.Line(o.Members[i].Type.FullName + " m" + i + " = default!;");
                    if (NeedsPresenceFlag(o, o.Members[i])) sw.Line("bool h" + i + " = false;");
                }
            }
        }

        /// <summary>The end of a body reader: construction from the locals (not direct), the deserialized callback, the result.</summary>
        private static void EmitReadEpilogue(SourceWriter sw, ObjectModel o, bool direct)
        {
            if (!direct)
            {
                EmitConstruction(sw, o);
                if (!o.IsValueType) sw.Line("r.SetReference(rs, o);");
            }
            if (o.UnknownMembers != null) sw.Line("o." + o.UnknownMembers + " = mu;");
            if (o.OnDeserialized) sw.Line("global::Amber.AmberCallbacks.Deserialized(ref o);");
            sw.Line("return o;");
        }

        /// <summary>
        /// Whether a value of <paramref name="t"/> is read by more than a call (a collection: its header, null
        /// check and element loop). A member of such a type is read by a method of its own, ReadM{i}, which
        /// both the identical and the mapped path of ReadBody (and a root of the same type) call.
        /// </summary>
        private static bool HasMemberReader(TypeRef t) => t.Kind is TypeKind.Array or TypeKind.MultiArray or TypeKind.Sequence or TypeKind.Map;

        private static string MemberReaderName(int i) => "ReadM" + i.ToString(CultureInfo.InvariantCulture);

        /// <summary>One method per member whose read is more than a call, so that its read code appears once in the codec.</summary>
        private static void EmitMemberReaders(SourceWriter sw, ObjectModel o)
        {
            for (int i = 0; i < o.Members.Count; i++)
            {
                TypeRef t = o.Members[i].Type;
                if (!HasMemberReader(t)) continue;
                sw.Line();
                // The caller checks the writer's wire type (the mapped path); the read itself is the reader's own.
                sw.Open("internal static " + t.FullName + " " + MemberReaderName(i) + "(ref global::Amber.AmberReader r)");
                sw.Line(t.FullName + " v = default!;");
                EmitRead(sw, t, "v", null, 1);
                sw.Line("return v;");
                sw.Close();
            }
        }

        /// <summary>Reads member <paramref name="i"/> into <paramref name="target"/>: a call of its ReadM method, or its read inline.</summary>
        private static void EmitMemberValue(SourceWriter sw, ObjectModel o, int i, string target, string? wt)
        {
            TypeRef t = o.Members[i].Type;
            if (!HasMemberReader(t))
            {
                EmitRead(sw, t, target, wt, 1);
                return;
            }
            if (wt != null) EmitExpectCollection(sw, t, wt);
            sw.Line(target + " = " + MemberReaderName(i) + "(ref r);");
        }

        /// <summary>Member <paramref name="i"/> on the identical path: read when its presence bit is set, set to null where absence means null.</summary>
        private static void EmitIdenticalMemberRead(SourceWriter sw, ObjectModel o, int i, bool direct)
        {
            sw.Open("if ((" + PresenceWord(i, "pm") + " & " + PresenceBit(i) + ") != 0)");
            sw.Line("mi = " + i + ";");
            EmitMemberRead(sw, o, i, direct, null);
            sw.Close();
            if (NullWhenAbsent(o.Members[i]))
            {
                sw.Open("else");
                EmitMemberNull(sw, o, i, direct);
                sw.Close();
            }
        }

        /// <summary>
        /// The most bytes member <paramref name="m"/> takes when it can be read with no branch on its presence (an
        /// <c>AmberReader.Read…Reserved</c> method): a member whose presence varies (a nullable, or one left out at its
        /// default) of a type with such a method, assigned directly; 0 for any other member. An absent member is then
        /// set to null or to its default, which is what the reader's object holds for it (the writer leaves out only
        /// what the reader would produce by itself, docs/format.md §5).
        /// </summary>
        private static int ReservedReadSize(MemberModel m)
        {
            if (m.Assign != AssignKind.Setter || m.Access?.Setter != null) return 0;
            bool nullable = m.Type.Kind == TypeKind.Nullable;
            if (!nullable && !m.CanSkipDefault) return 0;   // always present: the ordinary read, with no presence test
            TypeRef t = nullable ? m.Type.Element! : m.Type;
            if (t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Enum) return 0;
            return t.Scalar switch
            {
                "Boolean" => 1,
                "Single" => 4,
                "Int32" => 5,
                "Double" or "DateTime" => 8,
                "Int64" => 10,
                _ => 0,
            };
        }

        private static void EmitReservedMemberRead(SourceWriter sw, ObjectModel o, int i)
        {
            MemberModel m = o.Members[i];
            bool nullable = m.Type.Kind == TypeKind.Nullable;
            TypeRef t = nullable ? m.Type.Element! : m.Type;
            string present = "b" + i.ToString(CultureInfo.InvariantCulture);
            sw.Line("mi = " + i + ";");
            sw.Line("bool " + present + " = (" + PresenceWord(i, "pm") + " & " + PresenceBit(i) + ") != 0;");
            string value = (t.Kind == TypeKind.Enum ? "(" + t.FullName + ")" : "") + "r.Read" + t.Scalar + "Reserved(" + present + ")";
            if (nullable) value = "global::Amber.AmberDefault.Present(" + value + ", " + present + ")";
            sw.Line(SetTarget(m, i, "o") + " = " + value + ";");
        }

        private static void EmitMemberRead(SourceWriter sw, ObjectModel o, int i, bool direct, string? wt)
        {
            MemberModel m = o.Members[i];
            if (direct && HasMemberReader(m.Type))
            {
                // One assignment of the value read: a temp only to fill the collection or to call a setter method.
                bool temp = m.Assign == AssignKind.Fill || m.Access?.Setter != null;
                EmitMemberValue(sw, o, i, temp ? "var t" : SetTarget(m, i, "o"), wt);
                if (m.Assign == AssignKind.Fill) EmitFill(sw, o, m, i, "o", "t");
                else if (temp) sw.Line(SetStatement(m, i, "o", "t"));
            }
            else if (direct && m.Assign == AssignKind.Fill)
            {
                sw.Line(m.Type.FullName + " t = default!;");
                EmitRead(sw, m.Type, "t", wt, 1);
                EmitFill(sw, o, m, i, "o", "t");
            }
            else if (direct)
            {
                if (m.Access?.Setter != null)
                {
                    sw.Line(m.Type.FullName + " t = default!;");
                    EmitRead(sw, m.Type, "t", wt, 1);
                    sw.Line(SetStatement(m, i, "o", "t"));
                }
                else
                {
                    EmitRead(sw, m.Type, SetTarget(m, i, "o"), wt, 1);
                }
            }
            else
            {
                EmitMemberValue(sw, o, i, "m" + i, wt);
                if (NeedsPresenceFlag(o, m)) sw.Line("h" + i + " = true;");
            }
        }

        /// <summary>
        /// A Nullable member whose reader-side default may be non-null (an initializer, a constructor
        /// parameter default, a constructor body): the writer never writes null, it leaves the member
        /// absent, so a member that is in the writer's shape but absent must be set to null rather than
        /// left at that default. A member the writer does not have at all keeps the default.
        /// </summary>
        private static bool NullWhenAbsent(MemberModel m) => m.Type.Kind == TypeKind.Nullable && !m.CanSkipDefault;

        private static void EmitMemberNull(SourceWriter sw, ObjectModel o, int i, bool direct)
        {
            MemberModel m = o.Members[i];
            if (direct) sw.Line("o." + m.Name + " = null;");
            else if (NeedsPresenceFlag(o, m)) sw.Line("h" + i + " = true;");   // the member's local is still null
        }

        /// <summary>Fills a get-only collection property in place from the collection just read.</summary>
        private static void EmitFill(SourceWriter sw, ObjectModel o, MemberModel m, int i, string obj, string value)
        {
            sw.Line("var f" + i + " = " + GetExpr(m, i, obj) + ";");
            sw.Line("if (f" + i + " is null) global::Amber.AmberThrow.Malformed(r.Position, " + Quote(o.DisplayName + "." + m.DisplayName + " is a get-only collection that is null after construction; Amber fills such collections in place, so the type must create it") + ");");
            sw.Line("f" + i + ".Clear();");
            sw.Open("if (" + value + " is not null)");
            if (m.Type.Kind == TypeKind.Map) sw.Line("foreach (var kv in " + value + ") f" + i + "[kv.Key] = kv.Value;");
            else sw.Line("foreach (var e in " + value + ") f" + i + ".Add(e);");
            sw.Close();
        }

        /// <summary>Whether construction needs to know that member was present (else the default it was initialised to is right).</summary>
        private static bool NeedsPresenceFlag(ObjectModel o, MemberModel m) => m.Assign switch
        {
            AssignKind.Setter => true,
            AssignKind.Fill => true,
            AssignKind.Constructor => m.CtorDefault != null,
            _ => UsesTemplate(o, m),
        };

        private static bool UsesTemplate(ObjectModel o, MemberModel m) =>
            m.Assign == AssignKind.Init && !m.CanSkipDefault && !o.AnyRequired;

        private static void EmitConstruction(SourceWriter sw, ObjectModel o)
        {
            var args = new string[o.CtorParameterCount];
            for (int a = 0; a < args.Length; a++) args[a] = "default!";
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Assign == AssignKind.Constructor)
                {
                    args[m.CtorParameterIndex] = m.CtorDefault != null ? "(h" + i + " ? m" + i + " : " + m.CtorDefault + ")" : "m" + i;
                }
            }
            string construct = "new " + o.FullName + "(" + string.Join(", ", args) + ")";
            var inits = new List<string>();
            bool template = false;
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Assign != AssignKind.Init) continue;
                if (UsesTemplate(o, m))
                {
                    // An init member the writer did not write takes its initializer's value from an
                    // instance built the same way without it (only when such a member is absent).
                    template = true;
                    inits.Add(m.Name + " = h" + i + " ? m" + i + " : (tmpl ??= " + construct + ")." + m.Name);
                }
                else
                {
                    inits.Add(m.Name + " = m" + i);
                }
            }
            if (template) sw.Line(Nullable(o.FullName, o.IsValueType) + (o.IsValueType ? "?" : "") + " tmpl = null;");
            string creation = construct;
            if (inits.Count > 0) creation += " { " + string.Join(", ", inits) + " }";
            sw.Line("var o = " + creation + ";");
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Assign == AssignKind.Setter) sw.Line("if (h" + i + ") " + SetStatement(m, i, "o", "m" + i));
                if (m.Assign == AssignKind.Fill)
                {
                    sw.Open("if (h" + i + ")");
                    EmitFill(sw, o, m, i, "o", "m" + i);
                    sw.Close();
                }
            }
        }
    }
}
