using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Sequences of structs of primitives as fixed-width rows (format §6.1).</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ rows (format §6.1)

        private static string RowKeyword(int code) => code switch
        {
            AmberCode.PackedByte => "byte", AmberCode.PackedSByte => "sbyte",
            AmberCode.PackedInt16 => "short", AmberCode.PackedUInt16 => "ushort",
            AmberCode.PackedInt32 => "int", AmberCode.PackedUInt32 => "uint",
            AmberCode.PackedInt64 => "long", AmberCode.PackedUInt64 => "ulong",
            AmberCode.PackedSingle => "float", AmberCode.PackedDouble => "double",
            AmberCode.PackedBoolean => "bool", _ => "char",
        };

        /// <summary>A sequence of this struct as fixed-width rows: one memory copy when the layouts agree.</summary>
        private static void EmitRows(SourceWriter sw, ObjectModel o)
        {
            string t = o.FullName;
            int width = o.RowCodes.Sum(AmberCode.PackedWidth);
            string blittable = "global::System.BitConverter.IsLittleEndian && global::System.Runtime.CompilerServices.Unsafe.SizeOf<" + t + ">() == RowWidth";
            sw.Line("internal static readonly byte[] RowCodes = new byte[] { " + string.Join(", ", o.RowCodes) + " };");
            sw.Line("internal const int RowWidth = " + width + ";");
            sw.Line();
            sw.Open("internal static void WriteRows(ref global::Amber.AmberWriter w, global::System.ReadOnlySpan<" + t + "> items)");
            sw.Line("w.WriteRowsHeader(items.Length, Shape, RowCodes);");
            if (o.RowBlittable)
            {
                sw.Open("if (" + blittable + ")");
                sw.Line("w.WriteRaw(global::System.Runtime.InteropServices.MemoryMarshal.AsBytes(items));");
                sw.Line("return;");
                sw.Close();
            }
            sw.Open("for (int i = 0; i < items.Length; i++)");
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string kw = RowKeyword(o.RowCodes[i]);
                sw.Line("w.WriteUnmanaged<" + kw + ">(" + (m.Type.Kind == TypeKind.Enum ? "(" + kw + ")" : "") + "items[i]." + m.Name + ");");
            }
            sw.Close();
            sw.Close();
            sw.Line();
            sw.Open("internal static " + t + "[] ReadRowsArray(ref global::Amber.AmberReader r, int count)");
            sw.Line("var rows = r.ReadRowsHeader(Shape, RowCodes, count);");
            if (o.RowBlittable)
            {
                sw.Open("if (rows.Identical && " + blittable + ")");
                sw.Line("return r.ReadRawArray<" + t + ">(count);");
                sw.Close();
            }
            sw.Line("var result = new " + t + "[count];");
            sw.Open("if (rows.Identical)");
            sw.Open("for (int i = 0; i < count; i++)");
            sw.Line("var o = new " + t + "();");
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string kw = RowKeyword(o.RowCodes[i]);
                string read = o.RowCodes[i] == AmberCode.PackedBoolean ? "r.ReadRowValue<bool>(" + AmberCode.PackedBoolean + ")" : "r.ReadUnmanaged<" + kw + ">()";
                sw.Line("o." + m.Name + " = " + (m.Type.Kind == TypeKind.Enum ? "(" + m.Type.FullName + ")" : "") + read + ";");
            }
            sw.Line("result[i] = o;");
            sw.Close();
            sw.Line("return result;");
            sw.Close();
            sw.Line("int[] map = rows.Map;");
            sw.Line("byte[] codes = rows.WriterCodes;");
            sw.Open("for (int i = 0; i < count; i++)");
            sw.Line("var o = new " + t + "();");
            sw.Open("for (int wi = 0; wi < rows.Count; wi++)");
            sw.Open("switch (map == null ? wi : map[wi])");
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string kw = RowKeyword(o.RowCodes[i]);
                sw.Line("case " + i + ": o." + m.Name + " = " + (m.Type.Kind == TypeKind.Enum ? "(" + m.Type.FullName + ")" : "") + "r.ReadRowValue<" + kw + ">(codes[wi]); break;");
            }
            sw.Line("default: r.SkipRowValue(codes[wi]); break;");
            sw.Close();
            sw.Close();
            sw.Line("result[i] = o;");
            sw.Close();
            sw.Line("return result;");
            sw.Close();
        }
    }
}
