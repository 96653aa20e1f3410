using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>How a body reader makes its object: created first and set member by member, or constructed from locals after the read.</summary>
    internal static partial class Emitter
    {
        /// <summary>Whether the object is created first and its members set one by one (else they are read into locals and it is constructed after).</summary>
        private static bool ReadsDirect(ObjectModel o) =>
            o.CtorParameterCount == 0 && !o.AnyRequired && o.Members.All(m => m.Assign == AssignKind.Setter || m.Assign == AssignKind.Fill);

        /// <summary>The start of a body reader: the new object (direct), or a local per member and a flag per member whose presence matters.</summary>
        private static void EmitReadPrologue(SourceWriter sw, ObjectModel o, bool direct)
        {
            if (!o.IsValueType) sw.Line("int reservedId = r.LastReservedReference;");
            if (o.UnknownMembers != null) sw.Line("global::Amber.AmberUnknownMembers? unknown = null;");
            if (direct)
            {
                sw.Line($"var o = new {o.FullName}();");
                // Known before its members are read, so a member that refers back to it (a cycle) finds it.
                if (!o.IsValueType) sw.Line("r.SetReference(reservedId, o);");
                return;
            }
            for (int i = 0; i < o.Members.Count; i++)
            {
                sw.Line($"{o.Members[i].Type.FullName} {MemberLocal.Value(i)} = default!;");
                if (NeedsPresenceFlag(o, o.Members[i])) sw.Line($"bool {MemberLocal.Read(i)} = false;");
            }
        }

        /// <summary>The end of a body reader: construction from the locals (not direct), the deserialized callback, the result.</summary>
        private static void EmitReadEpilogue(SourceWriter sw, ObjectModel o, bool direct)
        {
            if (!direct)
            {
                EmitConstruction(sw, o);
                if (!o.IsValueType) sw.Line("r.SetReference(reservedId, o);");
            }
            if (o.UnknownMembers != null) sw.Line($"o.{o.UnknownMembers} = unknown;");
            if (o.OnDeserialized) sw.Line("global::Amber.Metadata.AmberCallbacks.Deserialized(ref o);");
            sw.Line("return o;");
        }

        /// <summary>Whether construction needs to know that member was present (else the default it was initialised to is right).</summary>
        private static bool NeedsPresenceFlag(ObjectModel o, MemberModel m) => m.Assign switch
        {
            AssignKind.Setter => true,
            AssignKind.Fill => true,
            AssignKind.Constructor => m.CtorDefault != null,
            _ => UsesTemplate(o, m),
        };

        /// <summary>Whether an init member the writer left out takes its initializer's value from a template instance.</summary>
        private static bool UsesTemplate(ObjectModel o, MemberModel m) =>
            m.Assign == AssignKind.Init && !m.CanSkipDefault && !o.AnyRequired;

        /// <summary>The object made of the member locals: constructor arguments, an object initializer, then setters and fills of the members read.</summary>
        private static void EmitConstruction(SourceWriter sw, ObjectModel o)
        {
            string construct = $"new {o.FullName}({string.Join(", ", ConstructorArguments(o))})";
            var inits = new List<string>();
            bool template = false;
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Assign != AssignKind.Init) continue;
                string value = MemberLocal.Value(i);
                if (UsesTemplate(o, m))
                {
                    // An init member the writer did not write takes its initializer's value from an
                    // instance built the same way without it (only when such a member is absent).
                    template = true;
                    inits.Add($"{m.Name} = {MemberLocal.Read(i)} ? {value} : (tmpl ??= {construct}).{m.Name}");
                }
                else
                {
                    inits.Add($"{m.Name} = {value}");
                }
            }
            if (template) sw.Line($"{Nullable(o.FullName, o.IsValueType)}{(o.IsValueType ? "?" : "")} tmpl = null;");
            string creation = construct;
            if (inits.Count > 0) creation += " { " + string.Join(", ", inits) + " }";
            sw.Line($"var o = {creation};");
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                string read = MemberLocal.Read(i);
                if (m.Assign == AssignKind.Setter) sw.Line($"if ({read}) {SetStatement(m, i, "o", MemberLocal.Value(i))}");
                if (m.Assign == AssignKind.Fill)
                {
                    using (sw.Block($"if ({read})")) EmitFill(sw, o, m, i, "o", MemberLocal.Value(i));
                }
            }
        }

        /// <summary>Each constructor parameter's argument: its member's local, or the parameter's default when the member was not read.</summary>
        private static string[] ConstructorArguments(ObjectModel o)
        {
            var args = new string[o.CtorParameterCount];
            for (int a = 0; a < args.Length; a++) args[a] = "default!";
            for (int i = 0; i < o.Members.Count; i++)
            {
                MemberModel m = o.Members[i];
                if (m.Assign != AssignKind.Constructor) continue;
                string value = MemberLocal.Value(i);
                args[m.CtorParameterIndex] = m.CtorDefault != null ? $"({MemberLocal.Read(i)} ? {value} : {m.CtorDefault})" : value;
            }
            return args;
        }

        /// <summary>Fills a get-only collection property in place from the collection just read.</summary>
        private static void EmitFill(SourceWriter sw, ObjectModel o, MemberModel m, int i, string obj, string value)
        {
            string f = MemberLocal.Filled(i);
            string error = Quote(o.DisplayName + "." + m.DisplayName + " is a get-only collection that is null after construction; Amber fills such collections in place, so the type must create it");
            sw.Line($"var {f} = {GetExpr(m, i, obj)};");
            sw.Line($"if ({f} is null) global::Amber.Metadata.AmberThrow.Malformed(r.Position, {error});");
            sw.Line($"{f}.Clear();");
            using (sw.Block($"if ({value} is not null)"))
            {
                if (m.Type.Kind == TypeKind.Map) sw.Line($"foreach (var kv in {value}) {f}[kv.Key] = kv.Value;");
                else sw.Line($"foreach (var e in {value}) {f}.Add(e);");
            }
        }
    }
}
