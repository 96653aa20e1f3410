using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Members generated code may not name ([AmberInclude]): UnsafeAccessor externs and the expressions that use them.</summary>
    internal static partial class Emitter
    {
        private const string UnsafeAccessor = "[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.";

        /// <summary>UnsafeAccessor externs for members generated code may not name: F (ref to the field), G (getter), S (setter).</summary>
        private static void EmitAccessors(SourceWriter sw, ObjectModel o)
        {
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberAccess? a = o.Members[i].Access;
                if (a == null) continue;
                string self = (a.DeclaringIsValueType ? "ref " : "") + a.DeclaringType + " o";
                string type = o.Members[i].Type.FullName;
                if (a.Field != null)
                {
                    sw.Line($"{UnsafeAccessor}Field, Name = {Quote(a.Field)})]");
                    sw.Line($"private static extern ref {type} {MemberLocal.FieldAccessor(i)}({self});");
                }
                if (a.Getter != null)
                {
                    sw.Line($"{UnsafeAccessor}Method, Name = {Quote(a.Getter)})]");
                    sw.Line($"private static extern {type} {MemberLocal.Getter(i)}({self});");
                }
                if (a.Setter != null)
                {
                    sw.Line($"{UnsafeAccessor}Method, Name = {Quote(a.Setter)})]");
                    sw.Line($"private static extern void {MemberLocal.Setter(i)}({self}, {type} value);");
                }
            }
        }

        /// <summary>The object argument of an accessor: by ref for a struct.</summary>
        private static string Self(MemberAccess a, string obj) => (a.DeclaringIsValueType ? "ref " : "") + obj;

        /// <summary>An expression that reads member <paramref name="i"/> of <paramref name="obj"/>.</summary>
        private static string GetExpr(MemberModel m, int i, string obj)
        {
            MemberAccess? a = m.Access;
            if (a?.Getter != null) return $"{MemberLocal.Getter(i)}({Self(a, obj)})";
            if (a?.Field != null && a.Getter == null && a.Setter == null && !IsPropertyBackingField(a)) return $"{MemberLocal.FieldAccessor(i)}({Self(a, obj)})";
            return obj + "." + m.Name;
        }

        /// <summary>A backing field of an auto-property whose getter is accessible: read through the property.</summary>
        private static bool IsPropertyBackingField(MemberAccess a) => a.Field!.StartsWith("<", System.StringComparison.Ordinal);

        /// <summary>An assignable expression for the member: t, the temp read into, when it is set through a setter method.</summary>
        private static string SetTarget(MemberModel m, int i, string obj)
        {
            MemberAccess? a = m.Access;
            if (a?.Field != null) return $"{MemberLocal.FieldAccessor(i)}({Self(a, obj)})";
            if (a?.Setter != null) return "t";   // EmitMemberRead reads into a temp for setter methods
            return obj + "." + m.Name;
        }

        /// <summary>A statement that sets member <paramref name="i"/> of <paramref name="obj"/> to <paramref name="value"/>.</summary>
        private static string SetStatement(MemberModel m, int i, string obj, string value)
        {
            MemberAccess? a = m.Access;
            if (a?.Setter != null) return $"{MemberLocal.Setter(i)}({Self(a, obj)}, {value});";
            if (a?.Field != null) return $"{MemberLocal.FieldAccessor(i)}({Self(a, obj)}) = {value};";
            return obj + "." + m.Name + " = " + value + ";";
        }
    }
}
