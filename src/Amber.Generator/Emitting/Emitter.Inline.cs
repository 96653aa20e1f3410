using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Structs of primitives written inline (format §5.1): the header and one row where an object would go, and reading rows back.</summary>
    internal static partial class Emitter
    {
        private const string Unsafe = "global::System.Runtime.CompilerServices.Unsafe";
        private const string Marshal = "global::System.Runtime.InteropServices.MemoryMarshal";

        /// <summary>The test under which a row is the struct's own memory: a little-endian machine and no padding (the parser checked the field order).</summary>
        private static string BlittableTest(ObjectModel o) =>
            "global::System.BitConverter.IsLittleEndian && " + Unsafe + ".SizeOf<" + o.FullName + ">() == RowWidth";

        /// <summary>The offset of each member in a row: the widths of the members before it.</summary>
        private static int[] RowOffsets(ObjectModel o)
        {
            var offsets = new int[o.RowCodes.Count];
            for (int i = 0, at = 0; i < offsets.Length; i++)
            {
                offsets[i] = at;
                at += AmberCode.PackedWidth(o.RowCodes[i]);
            }
            return offsets;
        }

        /// <summary>
        /// Write: the inline header, then the row straight into the output (one copy when the layouts agree), in a window of its
        /// own; WriteAt: the same at an offset of a window a run of bounded members has open (<c>AmberWriter.OpenWindow</c>).
        /// </summary>
        private static void EmitInlineWrite(SourceWriter sw, ObjectModel o)
        {
            sw.Line("/// <summary>Writes the struct inline (format §5.1): its header, then its members as one row.</summary>");
            using (sw.Block($"internal static void Write({WriterParameter}, {o.FullName} v)"))
            {
                sw.Line("ref byte wb = ref w.OpenWindow(WindowRoom);");
                sw.Line("w.CloseWindow(WriteAt(ref w, ref wb, 0, v));");
            }
            sw.Line();
            sw.Line("/// <summary>The most bytes the struct takes inline: its header, its definition the first time, its row.</summary>");
            sw.Line("internal static readonly int WindowRoom = global::Amber.Metadata.AmberWindow.InlineRoom(InlineShape, RowWidth);");
            sw.Line();
            sw.Line("/// <summary>Writes the struct inline at offset wo of a window with WindowRoom bytes left; returns the offset after it.</summary>");
            using (sw.Block($"internal static int WriteAt({WriterParameter}, ref byte wb, int wo, {o.FullName} v)"))
            {
                if (o.OnSerializing) sw.Line("global::Amber.Metadata.AmberCallbacks.Serializing(ref v);");
                sw.Line("wo = w.WriteInlineHeaderAt(ref wb, wo, InlineShape, RowCodes, RowWidth);");
                if (o.RowBlittable)
                {
                    using (sw.Block($"if ({BlittableTest(o)})"))
                    {
                        sw.Line($"{Unsafe}.WriteUnaligned(ref {Unsafe}.Add(ref wb, wo), v);");
                        sw.Line("return wo + RowWidth;");
                    }
                }
                sw.Line($"global::System.Span<byte> row = {Marshal}.CreateSpan(ref {Unsafe}.Add(ref wb, wo), RowWidth);");
                int[] offsets = RowOffsets(o);
                for (int i = 0; i < o.Members.Count; i++)
                {
                    string kw = RowKeyword(o.RowCodes[i]);
                    sw.Line($"global::Amber.Metadata.AmberRow.Write<{kw}>(row, {Int(offsets[i])}, {RowCast(o.Members[i], kw)}v.{o.Members[i].Name});");
                }
                sw.Line("return wo + RowWidth;");
            }
        }

        /// <summary>FromRow: a row that is the struct's own (same members, order and codes), read at fixed offsets.</summary>
        private static void EmitFromRow(SourceWriter sw, ObjectModel o)
        {
            sw.Line("/// <summary>Reads a row that is this struct's own (format §5.1): its members at their offsets.</summary>");
            using (sw.Block($"private static {o.FullName} FromRow(ref global::Amber.AmberReader r, global::System.ReadOnlySpan<byte> row)"))
            {
                if (o.RowBlittable)
                {
                    using (sw.Block($"if ({BlittableTest(o)})"))
                    {
                        if (o.OnDeserialized)
                        {
                            sw.Line($"var b = {Marshal}.Read<{o.FullName}>(row);");
                            sw.Line("global::Amber.Metadata.AmberCallbacks.Deserialized(ref b);");
                            sw.Line("return b;");
                        }
                        else
                        {
                            sw.Line($"return {Marshal}.Read<{o.FullName}>(row);");
                        }
                    }
                }
                sw.Line($"var o = new {o.FullName}();");
                int[] offsets = RowOffsets(o);
                for (int i = 0; i < o.Members.Count; i++)
                {
                    int code = o.RowCodes[i];
                    string read = code == AmberCode.PackedBoolean
                        ? $"r.RowBoolean(row, {Int(offsets[i])})"
                        : $"global::Amber.Metadata.AmberRow.Read<{RowKeyword(code)}>(row, {Int(offsets[i])})";
                    sw.Line($"o.{o.Members[i].Name} = {EnumCast(o.Members[i])}{read};");
                }
                if (o.OnDeserialized) sw.Line("global::Amber.Metadata.AmberCallbacks.Deserialized(ref o);");
                sw.Line("return o;");
            }
        }

        /// <summary>
        /// ReadInlineBody, for every struct: an inline row of another version (format §5.1), each writer member read into
        /// the member with its key, widened by code (§3.2), and skipped when there is none. A struct that is not written
        /// inline itself reads the rows of a version that was (before it gained a member rows cannot hold); a member the
        /// writer's row has whose type is not a primitive or enum here is a changed type, reported with its name.
        /// </summary>
        private static void EmitInlineBody(SourceWriter sw, ObjectModel o)
        {
            bool direct = ReadsDirect(o);
            sw.Line("/// <summary>Reads an inline struct whose row is not this struct's own: the writer's members by key, widened by code.</summary>");
            using (sw.Block($"internal static {o.FullName} ReadInlineBody(ref global::Amber.AmberReader r, global::Amber.Metadata.RowsMatch rows)"))
            {
                EmitReadPrologue(sw, o, direct);
                sw.Line("int member = -1;");
                using (sw.Block("try"))
                {
                    sw.Line("int[]? map = rows.Map;");
                    sw.Line("byte[] codes = rows.WriterCodes;");
                    using (sw.Block("for (int writerMember = 0; writerMember < rows.Count; writerMember++)"))
                    {
                        sw.Line("member = map == null ? writerMember : map[writerMember];");
                        using (sw.Block("switch (member)"))
                        {
                            for (int i = 0; i < o.Members.Count; i++)
                            {
                                using (sw.Case(Int(i))) EmitInlineMemberRead(sw, o, i, direct);
                            }
                            sw.Line("default:");
                            // A member this version lacks is kept where the struct keeps them (format §5.2), else skipped.
                            sw.Line(o.UnknownMembers != null ? "    unknown = r.KeepUnknownRowValue(unknown, rows, writerMember);" : "    r.SkipRowValue(codes[writerMember]);");
                            sw.Line("    break;");
                        }
                    }
                }
                EmitPathFilter(sw, "ex.PassingMember(member >= 0 ? Shape.MemberNames[member] : null)");
                EmitReadEpilogue(sw, o, direct);
            }
        }

        /// <summary>Member <paramref name="i"/> from a value of the writer's row, widened by its code; an error where the member cannot be in a row.</summary>
        private static void EmitInlineMemberRead(SourceWriter sw, ObjectModel o, int i, bool direct)
        {
            MemberModel m = o.Members[i];
            TypeRef t = m.Type.Kind == TypeKind.Nullable ? m.Type.Element! : m.Type;
            int code = PackedCodes.Of(t);
            if (code == 0)
            {
                sw.Line($"global::Amber.Metadata.AmberThrow.RowValueMismatch(r.Position, codes[writerMember], {Quote(Describe(m.Type))});");
                return;
            }
            string value = $"{(t.Kind == TypeKind.Enum ? "(" + t.FullName + ")" : "")}r.ReadRowValue<{RowKeyword(code)}>(codes[writerMember])";
            if (direct)
            {
                sw.Line(SetStatement(m, i, "o", value));
                return;
            }
            sw.Line($"{MemberLocal.Value(i)} = {value};");
            if (NeedsPresenceFlag(o, m)) sw.Line($"{MemberLocal.Read(i)} = true;");
        }

        /// <summary>How an error names a member's type: its scalar name, or its C# name.</summary>
        private static string Describe(TypeRef t) => t.Kind == TypeKind.Scalar ? t.Scalar! : Plain(t.FullName);
    }
}
