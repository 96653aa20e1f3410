using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Members generated code may not name ([AmberInclude]): UnsafeAccessor externs and the expressions that use them.</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ non-public members ([AmberInclude])

        /// <summary>UnsafeAccessor externs for members generated code may not name: F (ref to the field), G (getter), S (setter).</summary>
        private static void EmitAccessors(SourceWriter sw, ObjectModel o)
        {
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberAccess? a = o.Members[i].Access;
                if (a == null) continue;
                string self = (a.DeclaringIsValueType ? "ref " : "") + a.DeclaringType + " o";
                string type = o.Members[i].Type.FullName;
                const string attr = "[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.";
                if (a.Field != null)
                {
                    sw.Line(attr + "Field, Name = " + Quote(a.Field) + ")]");
                    sw.Line("private static extern ref " + type + " F" + i + "(" + self + ");");
                }
                if (a.Getter != null)
                {
                    sw.Line(attr + "Method, Name = " + Quote(a.Getter) + ")]");
                    sw.Line("private static extern " + type + " G" + i + "(" + self + ");");
                }
                if (a.Setter != null)
                {
                    sw.Line(attr + "Method, Name = " + Quote(a.Setter) + ")]");
                    sw.Line("private static extern void S" + i + "(" + self + ", " + type + " value);");
                }
            }
        }

        private static string Self(MemberAccess a, string obj) => (a.DeclaringIsValueType ? "ref " : "") + obj;

        private static string GetExpr(MemberModel m, int i, string obj)
        {
            MemberAccess? a = m.Access;
            if (a?.Getter != null) return "G" + i + "(" + Self(a, obj) + ")";
            if (a?.Field != null && a.Getter == null && a.Setter == null && !IsPropertyBackingField(a)) return "F" + i + "(" + Self(a, obj) + ")";
            return obj + "." + m.Name;
        }

        /// <summary>A backing field of an auto-property whose getter is accessible: read through the property.</summary>
        private static bool IsPropertyBackingField(MemberAccess a) => a.Field!.StartsWith("<", System.StringComparison.Ordinal);

        /// <summary>An assignable expression for the member, or null when it is set through a setter method.</summary>
        private static string SetTarget(MemberModel m, int i, string obj)
        {
            MemberAccess? a = m.Access;
            if (a?.Field != null) return "F" + i + "(" + Self(a, obj) + ")";
            if (a?.Setter != null) return "t";   // EmitMemberRead reads into a temp for setter methods
            return obj + "." + m.Name;
        }

        private static string SetStatement(MemberModel m, int i, string obj, string value)
        {
            MemberAccess? a = m.Access;
            if (a?.Setter != null) return "S" + i + "(" + Self(a, obj) + ", " + value + ");";
            if (a?.Field != null) return "F" + i + "(" + Self(a, obj) + ") = " + value + ";";
            return obj + "." + m.Name + " = " + value + ";";
        }
    }
}
