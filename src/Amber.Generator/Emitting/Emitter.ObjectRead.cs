using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>An object codec's Read methods: the header, then ReadBody's identical path (by presence bits) and mapped path (by the writer's shape).</summary>
    internal static partial class Emitter
    {
        /// <summary>Read, FromRow for a struct written as a row, ReadBody, and ReadMember where the two paths of ReadBody share it.</summary>
        private static void EmitReadMethod(SourceWriter sw, ObjectModel o)
        {
            bool direct = ReadsDirect(o);
            EmitReadEntry(sw, o);
            if (o.RowCodes.Count > 0)
            {
                sw.Line();
                EmitFromRow(sw, o);
            }
            sw.Line();
            sw.Line("/// <summary>Reads the members after the header (the header of a polymorphic member is read by its dispatcher).</summary>");
            using (sw.Block($"internal static {o.FullName} ReadBody(ref global::Amber.AmberReader r, global::Amber.Metadata.ShapeMatch match, ulong presence)"))
            {
                EmitReadPrologue(sw, o, direct);
                sw.Line("int member = -1;");
                using (sw.Block("try"))
                {
                    using (sw.Block("if (match.IsIdentical)")) EmitIdenticalPath(sw, o, direct);
                    using (sw.Block("else")) EmitMappedPath(sw, o, direct);
                }
                EmitPathFilter(sw, "ex.PassingMember(member >= 0 ? Shape.MemberNames[member] : null)");
                sw.Line("r.ExitDepth();");
                EmitReadEpilogue(sw, o, direct);
            }
            if (SharesMemberReader(o, direct))
            {
                sw.Line();
                sw.Line("/// <summary>Reads the value of member <paramref name=\"member\"/> (-1: a member this version does not have, skipped).</summary>");
                using (sw.Block($"private static void ReadMember(ref global::Amber.AmberReader r, {o.FullName} o, int member, global::Amber.WireType wireType)"))
                {
                    EmitMemberSwitch(sw, o, direct);
                }
            }
        }

        /// <summary>Read: the header (an inline row, a struct's or an object's), then the body.</summary>
        private static void EmitReadEntry(SourceWriter sw, ObjectModel o)
        {
            using (sw.Block($"internal static {Nullable(o.FullName, o.IsValueType)} Read(ref global::Amber.AmberReader r)"))
            {
                if (o.RowCodes.Count > 0)
                {
                    // Written inline (format §5.1): a row that is this struct's own takes the fast path; the rest (another version's
                    // row, the object form of older data, null) is read out of line.
                    sw.Lines("""
                        if (r.TryReadInlineRow(Shape, RowWidth, out global::System.ReadOnlySpan<byte> row)) return FromRow(ref r, row);
                        return ReadOther(ref r);
                        """);
                }
                else if (o.IsValueType)
                {
                    // A struct that is not written inline still reads an inline one (an older version of it, format §5.1).
                    sw.Lines("""
                        if (!r.ReadStructHeader(Shape, default, out global::Amber.Metadata.ShapeMatch match, out ulong presence, out global::Amber.Metadata.RowsMatch inline)) return default;
                        if (inline.Count != 0) return ReadInlineBody(ref r, inline);
                        return ReadBody(ref r, match, presence);
                        """);
                }
                else
                {
                    sw.Line($"if (!r.ReadObjectHeader(Shape, out global::Amber.Metadata.ShapeMatch match, out ulong presence, out object? existing)) return r.ReferenceAs<{o.FullName}>(existing);");
                    sw.Line("return ReadBody(ref r, match, presence);");
                }
            }
            if (o.RowCodes.Count == 0) return;
            sw.Line();
            sw.Line("[global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
            using (sw.Block($"private static {o.FullName} ReadOther(ref global::Amber.AmberReader r)"))
            {
                sw.Lines("""
                    if (!r.ReadStructHeader(Shape, RowCodes, out global::Amber.Metadata.ShapeMatch match, out ulong presence, out global::Amber.Metadata.RowsMatch inline)) return default;
                    if (inline.Count == 0) return ReadBody(ref r, match, presence);
                    if (inline.Identical) return FromRow(ref r, r.ReadSpan(RowWidth));
                    return ReadInlineBody(ref r, inline);
                    """);
            }
        }

        /// <summary>
        /// The identical path: the writer's shape is the reader's, so each member is read where its presence bit is set;
        /// runs of members whose presence varies are read with no branch on presence when the span holds them all.
        /// </summary>
        private static void EmitIdenticalPath(SourceWriter sw, ObjectModel o, bool direct)
        {
            // Identical with more than 64 members: the writer's further presence words are the reader's own.
            if (o.Members.Count > 64) sw.Line("ulong[] pm = match.More!;");
            int limit = System.Math.Min(o.Members.Count, 64);
            int windows = 0;
            for (int i = 0; i < o.Members.Count; i++)
            {
                int room = 0;
                int end = direct ? ReservedRun(o, i, limit, ReservedReadSize, out room) : i;
                if (end - i >= 2)
                {
                    EmitReservedRunRead(sw, o, i, end, room, direct, windows++);
                    i = end - 1;
                    continue;
                }
                EmitIdenticalMemberRead(sw, o, i, direct);
            }
        }

        /// <summary>
        /// The end of the run of members from <paramref name="start"/> (below <paramref name="limit"/>) that each take at most
        /// <paramref name="sizeOf"/> bytes (0: not bounded), and in <paramref name="room"/> the most bytes the run takes.
        /// </summary>
        private static int ReservedRun(ObjectModel o, int start, int limit, System.Func<MemberModel, int> sizeOf, out int room)
        {
            int end = start;
            room = 0;
            while (end < limit && sizeOf(o.Members[end]) is int size and > 0)
            {
                room += size;
                end++;
            }
            return end;
        }

        /// <summary>
        /// Members <paramref name="start"/> to <paramref name="end"/> read with no branch on presence from one window (the
        /// offset in a local, the position moved once) when <paramref name="room"/> bytes are left, else one by one.
        /// </summary>
        private static void EmitReservedRunRead(SourceWriter sw, ObjectModel o, int start, int end, int room, bool direct, int run)
        {
            using (sw.Block($"if (r.HasReserved({Int(room)}))"))
            {
                string window = WindowLocal.ReadWindow(run), offset = WindowLocal.ReadOffset(run);
                sw.Line($"ref byte {window} = ref r.OpenReadWindow();");
                sw.Line($"int {offset} = 0;");
                for (int j = start; j < end; j++) EmitReservedMemberRead(sw, o, j, window, offset);
                sw.Line($"r.CloseReadWindow({offset});");
            }
            using (sw.Block("else"))
            {
                // Too few bytes left for the run's widest values, as at the end of every small lone payload: a short run is
                // read member by member in line; a long one by the mapped path's reader, which keeps the code small.
                if (!SharesMemberReader(o, direct) || end - start <= InlineFallbackRun)
                {
                    for (int j = start; j < end; j++) EmitIdenticalMemberRead(sw, o, j, direct);
                    return;
                }
                using (sw.Block($"for (member = {Int(start)}; member < {Int(end)}; member++)"))
                {
                    sw.Line($"if ((presence & (1UL << member)) != 0) ReadMember(ref r, o, member, (global::Amber.WireType)(Shape.Tags[member] & {AmberCode.WireTypeMask}));");
                }
                for (int j = start; j < end; j++)
                {
                    if (!NullWhenAbsent(o.Members[j])) continue;
                    using (sw.Block($"if ((presence & {PresenceBit(j)}) == 0)")) EmitMemberNull(sw, o, j, direct);
                }
            }
        }

        /// <summary>The longest run of members whose reads are written out again where the span is too short for its window.</summary>
        private const int InlineFallbackRun = 8;

        /// <summary>
        /// The mapped path: each member of the writer's shape that is present, read into the reader's member of its key (a member
        /// the reader lacks is kept or skipped), after one check of its wire type.
        /// </summary>
        private static void EmitMappedPath(SourceWriter sw, ObjectModel o, bool direct)
        {
            sw.Line("int[] map = match.Map!;");
            // writerMember indexes the writer's shape, which may have more than 64 members even when this type has fewer.
            using (sw.Block("for (int writerMember = 0; writerMember < map.Length; writerMember++)"))
            {
                EmitAbsentMembers(sw, o, direct);
                sw.Line("var wireType = match.WireTypeAt(writerMember);");
                sw.Line("member = map[writerMember];");
                if (o.UnknownMembers != null)
                {
                    // A member this version lacks is kept, to be written back with the object (format §5.2).
                    sw.Lines("""
                        if (member < 0)
                        {
                            unknown = r.KeepUnknown(unknown, match, writerMember, wireType);
                            continue;
                        }
                        """);
                }
                // One check of the writer's wire type for every member whose value has a single one (the tables of EmitExpected);
                // a member that widens or converts (a double, a surrogate, a formatter) checks it in its own read.
                sw.Line("if ((uint)member < (uint)ExpectedWire.Length && ExpectedWire[member] != AnyWire) r.Expect(wireType, (global::Amber.WireType)ExpectedWire[member], ExpectedWhat[member]);");
                if (SharesMemberReader(o, direct)) sw.Line("ReadMember(ref r, o, member, wireType);");
                else EmitMemberSwitch(sw, o, direct);
            }
        }

        /// <summary>A member of the writer's shape that is absent: skipped, or set to null where absence means null.</summary>
        private static void EmitAbsentMembers(SourceWriter sw, ObjectModel o, bool direct)
        {
            if (!o.Members.Any(NullWhenAbsent))
            {
                sw.Line("if (!match.Has(presence, writerMember)) continue;");
                return;
            }
            // A Nullable member that the writer has but left absent was null (docs/format.md §5),
            // even where the reader's own default (an initializer) is not.
            using (sw.Block("if (!match.Has(presence, writerMember))"))
            {
                using (sw.Block("switch (map[writerMember])"))
                {
                    for (int i = 0; i < o.Members.Count; i++)
                    {
                        if (!NullWhenAbsent(o.Members[i])) continue;
                        using (sw.Case(Int(i))) EmitMemberNull(sw, o, i, direct);
                    }
                }
                sw.Line("continue;");
            }
        }

        /// <summary>
        /// Whether the mapped path's member reads are a method of their own, ReadMember, which the identical path also calls
        /// where the span is too short for a run of members read without branches: a class whose members are set one by one.
        /// </summary>
        private static bool SharesMemberReader(ObjectModel o, bool direct) => direct && !o.IsValueType;

        /// <summary>The mapped path's switch: the value of reader member <c>member</c>, in the writer's wire type <c>wireType</c>.</summary>
        private static void EmitMemberSwitch(SourceWriter sw, ObjectModel o, bool direct)
        {
            using (sw.Block("switch (member)"))
            {
                for (int i = 0; i < o.Members.Count; i++)
                {
                    using (sw.Case(Int(i))) EmitMemberRead(sw, o, i, direct, ExpectedOf(o.Members[i].Type) == null ? "wireType" : null);
                }
                sw.Lines("""
                    default:
                        r.SkipValue(wireType);
                        break;
                    """);
            }
        }
    }
}
