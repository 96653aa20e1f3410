using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Sequences of structs of primitives as fixed-width rows (format §6.1): the row codes, WriteRows and ReadRowsArray.</summary>
    internal static partial class Emitter
    {
        /// <summary>The C# keyword of a row member's packed code (format §6.1).</summary>
        private static string RowKeyword(int code) => ScalarKinds.OfPackedCode(code)!.Keyword!;

        /// <summary>The cast of an enum member's value to the primitive <paramref name="keyword"/> of its row code (nothing for a primitive).</summary>
        private static string RowCast(MemberModel m, string keyword) => m.Type.Kind == TypeKind.Enum ? "(" + keyword + ")" : "";

        /// <summary>The cast of a primitive read from a row to an enum member's type (nothing for a primitive).</summary>
        private static string EnumCast(MemberModel m) => m.Type.Kind == TypeKind.Enum ? "(" + m.Type.FullName + ")" : "";

        /// <summary>A sequence of this struct as fixed-width rows: one memory copy when the layouts agree.</summary>
        private static void EmitRows(SourceWriter sw, ObjectModel o)
        {
            sw.Line($"internal static readonly byte[] RowCodes = new byte[] {{ {string.Join(", ", o.RowCodes)} }};");
            sw.Line($"internal const int RowWidth = {Int(o.RowCodes.Sum(AmberCode.PackedWidth))};");
            sw.Line();
            EmitRowsWrite(sw, o);
            sw.Line();
            using (sw.Block($"internal static {o.FullName}[] ReadRowsArray(ref global::Amber.AmberReader r, int count)"))
            {
                sw.Line("var rows = r.ReadRowsHeader(Shape, RowCodes, count);");
                if (o.RowBlittable)
                {
                    using (sw.Block($"if (rows.Identical && {BlittableTest(o)})"))
                    {
                        sw.Line($"return r.ReadRawArray<{o.FullName}>(count);");
                    }
                }
                sw.Line($"var result = new {o.FullName}[count];");
                using (sw.Block("if (rows.Identical)")) EmitIdenticalRowsRead(sw, o);
                EmitMappedRowsRead(sw, o);
            }
        }

        /// <summary>WriteRows: the rows header, then each struct's members at fixed widths (one copy when the layouts agree).</summary>
        private static void EmitRowsWrite(SourceWriter sw, ObjectModel o)
        {
            using (sw.Block($"internal static void WriteRows({WriterParameter}, global::System.ReadOnlySpan<{o.FullName}> items)"))
            {
                sw.Line("w.WriteRowsHeader(items.Length, Shape, RowCodes);");
                if (o.RowBlittable)
                {
                    using (sw.Block($"if ({BlittableTest(o)})"))
                    {
                        sw.Line("w.WriteRaw(global::System.Runtime.InteropServices.MemoryMarshal.AsBytes(items));");
                        sw.Line("return;");
                    }
                }
                using (sw.Block("for (int i = 0; i < items.Length; i++)"))
                {
                    for (int i = 0; i < o.Members.Count; i++)
                    {
                        string kw = RowKeyword(o.RowCodes[i]);
                        sw.Line($"w.WriteUnmanaged<{kw}>({RowCast(o.Members[i], kw)}items[i].{o.Members[i].Name});");
                    }
                }
            }
        }

        /// <summary>Rows whose codes are this struct's own: each member read as it is.</summary>
        private static void EmitIdenticalRowsRead(SourceWriter sw, ObjectModel o)
        {
            using (sw.Block("for (int i = 0; i < count; i++)"))
            {
                sw.Line($"var o = new {o.FullName}();");
                for (int i = 0; i < o.Members.Count; i++)
                {
                    int code = o.RowCodes[i];
                    string read = code == AmberCode.PackedBoolean ? $"r.ReadRowValue<bool>({Int(AmberCode.PackedBoolean)})" : $"r.ReadUnmanaged<{RowKeyword(code)}>()";
                    sw.Line($"o.{o.Members[i].Name} = {EnumCast(o.Members[i])}{read};");
                }
                sw.Line("result[i] = o;");
            }
            sw.Line("return result;");
        }

        /// <summary>Rows of another version: each writer member into the member of its key, widened by code (§3.2), or skipped.</summary>
        private static void EmitMappedRowsRead(SourceWriter sw, ObjectModel o)
        {
            sw.Line("int[] map = rows.Map;");
            sw.Line("byte[] codes = rows.WriterCodes;");
            using (sw.Block("for (int i = 0; i < count; i++)"))
            {
                sw.Line($"var o = new {o.FullName}();");
                using (sw.Block("for (int writerMember = 0; writerMember < rows.Count; writerMember++)"))
                using (sw.Block("switch (map == null ? writerMember : map[writerMember])"))
                {
                    for (int i = 0; i < o.Members.Count; i++)
                    {
                        MemberModel m = o.Members[i];
                        sw.Line($"case {Int(i)}: o.{m.Name} = {EnumCast(m)}r.ReadRowValue<{RowKeyword(o.RowCodes[i])}>(codes[writerMember]); break;");
                    }
                    sw.Line("default: r.SkipRowValue(codes[writerMember]); break;");
                }
                sw.Line("result[i] = o;");
            }
            sw.Line("return result;");
        }
    }
}
