using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Reading one member of an object: into the object or into a local, by its ReadM method, with no branch on presence, or as null when absent.</summary>
    internal static partial class Emitter
    {
        /// <summary>
        /// Whether a value of <paramref name="t"/> is read by more than a call (a collection: its header, null
        /// check and element loop). A member of such a type is read by a method of its own, ReadM{i}, which
        /// both the identical and the mapped path of ReadBody (and a root of the same type) call.
        /// </summary>
        private static bool HasMemberReader(TypeRef t) => t.Kind is TypeKind.Array or TypeKind.MultiArray or TypeKind.Sequence or TypeKind.Map;

        /// <summary>One method per member whose read is more than a call, so that its read code appears once in the codec.</summary>
        private static void EmitMemberReaders(SourceWriter sw, ObjectModel o)
        {
            for (int i = 0; i < o.Members.Count; i++)
            {
                TypeRef t = o.Members[i].Type;
                if (!HasMemberReader(t)) continue;
                sw.Line();
                // The caller checks the writer's wire type (the mapped path); the read itself is the reader's own.
                using (sw.Block($"internal static {t.FullName} {MemberLocal.Reader(i)}(ref global::Amber.AmberReader r)"))
                {
                    sw.Line($"{t.FullName} v = default!;");
                    EmitRead(sw, t, "v", null, 1);
                    sw.Line("return v;");
                }
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
            EmitExpect(sw, t, wt);
            sw.Line($"{target} = {MemberLocal.Reader(i)}(ref r);");
        }

        /// <summary>
        /// Reads member <paramref name="i"/>: into the object (<paramref name="direct"/>), through a temp where the member is a
        /// collection filled in place or is set by a setter method; else into its local, noting that it was read.
        /// </summary>
        private static void EmitMemberRead(SourceWriter sw, ObjectModel o, int i, bool direct, string? wt)
        {
            MemberModel m = o.Members[i];
            if (!direct)
            {
                EmitMemberValue(sw, o, i, MemberLocal.Value(i), wt);
                if (NeedsPresenceFlag(o, m)) sw.Line($"{MemberLocal.Read(i)} = true;");
                return;
            }
            // One assignment of the value read: a temp only to fill the collection or to call a setter method.
            bool temp = m.Assign == AssignKind.Fill || m.Access?.Setter != null;
            if (!temp)
            {
                EmitMemberValue(sw, o, i, SetTarget(m, i, "o"), wt);
                return;
            }
            if (HasMemberReader(m.Type))
            {
                EmitMemberValue(sw, o, i, "var t", wt);
            }
            else
            {
                sw.Line($"{m.Type.FullName} t = default!;");
                EmitRead(sw, m.Type, "t", wt, 1);
            }
            if (m.Assign == AssignKind.Fill) EmitFill(sw, o, m, i, "o", "t");
            else sw.Line(SetStatement(m, i, "o", "t"));
        }

        /// <summary>Member <paramref name="i"/> on the identical path: read when its presence bit is set, set to null where absence means null.</summary>
        private static void EmitIdenticalMemberRead(SourceWriter sw, ObjectModel o, int i, bool direct)
        {
            using (sw.Block($"if ({PresenceTest(i, "pm")})"))
            {
                sw.Line($"member = {Int(i)};");
                EmitMemberRead(sw, o, i, direct, null);
            }
            if (NullWhenAbsent(o.Members[i]))
            {
                using (sw.Block("else")) EmitMemberNull(sw, o, i, direct);
            }
        }

        /// <summary>
        /// The most bytes member <paramref name="m"/> takes when it can be read with no branch on its presence (an
        /// <c>AmberReader.Read…At</c> method): a member whose presence varies (a nullable, or one left out at its
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
            // The scalars AmberReader has a Read…At method for; their room is the window's (the scalar table).
            return t.ScalarKind is ScalarKind.Boolean or ScalarKind.Single or ScalarKind.Int32 or ScalarKind.Double or ScalarKind.DateTime or ScalarKind.Int64 ? t.ScalarRow!.MaxWindowBytes : 0;
        }

        /// <summary>Member <paramref name="i"/> read in a window at <paramref name="offset"/>: its value, or its default when its presence bit is clear.</summary>
        private static void EmitReservedMemberRead(SourceWriter sw, ObjectModel o, int i, string window, string offset)
        {
            MemberModel m = o.Members[i];
            bool nullable = m.Type.Kind == TypeKind.Nullable;
            TypeRef t = nullable ? m.Type.Element! : m.Type;
            string present = MemberLocal.Present(i);
            sw.Line($"member = {Int(i)};");
            sw.Line($"bool {present} = {PresenceTest(i, "pm")};");
            string value = $"{(t.Kind == TypeKind.Enum ? "(" + t.FullName + ")" : "")}r.Read{t.Scalar}At(ref {window}, ref {offset}, {present})";
            if (nullable) value = $"global::Amber.Metadata.AmberDefault.Present({value}, {present})";
            sw.Line($"{SetTarget(m, i, "o")} = {value};");
        }

        /// <summary>
        /// A Nullable member whose reader-side default may be non-null (an initializer, a constructor
        /// parameter default, a constructor body): the writer never writes null, it leaves the member
        /// absent, so a member that is in the writer's shape but absent must be set to null rather than
        /// left at that default. A member the writer does not have at all keeps the default.
        /// </summary>
        private static bool NullWhenAbsent(MemberModel m) => m.Type.Kind == TypeKind.Nullable && !m.CanSkipDefault;

        /// <summary>An absent member that reads as null: set to null (direct), or noted as read with its local still null.</summary>
        private static void EmitMemberNull(SourceWriter sw, ObjectModel o, int i, bool direct)
        {
            MemberModel m = o.Members[i];
            if (direct) sw.Line($"o.{m.Name} = null;");
            else if (NeedsPresenceFlag(o, m)) sw.Line($"{MemberLocal.Read(i)} = true;");   // the member's local is still null
        }
    }
}
