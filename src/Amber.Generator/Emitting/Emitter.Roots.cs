using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Root formatters and the module initializer that registers them.</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ roots and registration

        public static string RootFormatterName(TypeRef root) => "AmberRoot_" + Sanitize(root.FullName);


        public static string EmitRoots(IReadOnlyList<TypeRef> roots, bool moduleInitializerPolyfill, IReadOnlyList<string>? formatters = null, IReadOnlyList<string>? referenceRoots = null, IReadOnlyList<ObjectModel>? objects = null)
        {
            var sw = new SourceWriter();
            sw.Line(Header.TrimEnd('\n'));
            if (moduleInitializerPolyfill)
            {
                sw.Open("namespace System.Runtime.CompilerServices");
                sw.Line("[global::System.AttributeUsage(global::System.AttributeTargets.Method, Inherited = false)]");
                sw.Line("internal sealed class ModuleInitializerAttribute : global::System.Attribute { }");
                sw.Close();
                sw.Line();
            }
            sw.Open("namespace Amber.Generated");
            Dictionary<string, string> readers = MemberReaders(objects);
            foreach (TypeRef root in roots)
            {
                string name = RootFormatterName(root);
                sw.Line("/// <summary>Amber root formatter for " + EscapeXml(root.FullName) + ".</summary>");
                sw.Open("internal sealed class " + name + " : global::Amber.IAmberFormatter<" + root.FullName + ">");
                sw.Line("public global::Amber.WireType WireType => " + WireTypeExpr(root) + ";");
                sw.Line();
                sw.Open("public void Write(ref global::Amber.AmberWriter w, " + root.FullName + " value)");
                EmitWrite(sw, root, "value", 0);
                sw.Close();
                sw.Line();
                sw.Open("public " + root.FullName + " Read(ref global::Amber.AmberReader r, global::Amber.WireType wt)");
                sw.Line(root.FullName + " result = default!;");
                if (root.Kind == TypeKind.Nullable)
                {
                    sw.Line("if (r.ReadPresence())");
                    sw.Open();
                    // Inline: a ReadM method returns the collection, whose null (a default ImmutableArray) is not this Nullable's null.
                    EmitRead(sw, root.Element!, "result", "wt", 0);
                    sw.Close();
                }
                else
                {
                    EmitRootRead(sw, root, readers);
                }
                sw.Line("return result;");
                sw.Close();
                sw.Close();
                sw.Line();
            }
            if (formatters != null && formatters.Count > 0)
            {
                sw.Line("/// <summary>One shared instance of each hand-written formatter named by [assembly: AmberFormatter].</summary>");
                sw.Open("internal static class AmberCustomFormatters");
                foreach (string f in formatters) sw.Line("internal static readonly " + f + " F_" + Sanitize(f) + " = new " + f + "();");
                sw.Close();
                sw.Line();
            }
            sw.Line("/// <summary>Registers the generated formatters before any code of this assembly runs.</summary>");
            sw.Open("internal static class AmberGeneratedRegistration");
            sw.Line("[global::System.Runtime.CompilerServices.ModuleInitializer]");
            sw.Open("internal static void Register()");
            foreach (TypeRef root in roots)
            {
                sw.Line("global::Amber.AmberFormatterRegistry.Register<" + root.FullName + ">(new " + RootFormatterName(root) + "());");
                if (referenceRoots != null && referenceRoots.Contains(root.FullName)) sw.Line("global::Amber.AmberFormatterRegistry.RequireReferences<" + root.FullName + ">();");
            }
            // Enums and collections of the model, and types written through a surrogate or a hand-written
            // formatter, are known in object members too: an object with one member, Value (format §7.3).
            List<TypeRef> values = CollectValueTypes(roots, objects);
            Dictionary<string, uint> objectTags = ObjectTags(objects);
            for (int i = 0; i < values.Count; i++)
            {
                TypeRef t = values[i];
                string wt = WireTypeExpr(t);
                sw.Open("static void W" + i + "(ref global::Amber.AmberWriter w, " + t.FullName + " v)");
                EmitWrite(sw, t, "v", 0);
                sw.Close();
                sw.Open("static " + t.FullName + " R" + i + "(ref global::Amber.AmberReader r, global::Amber.WireType wt)");
                sw.Line(t.FullName + " result = default!;");
                EmitRootRead(sw, t, readers);
                sw.Line("return result;");
                sw.Close();
                sw.Line("global::Amber.AmberKnownTypes.RegisterValue<" + t.FullName + ">(" + Quote(t.FullName.Replace("global::", "")) + ", " + wt + ", W" + i + ", R" + i + ", " + Quote(ViewOf(t, objectTags)) + ");");
            }
            // Every type with a codec is known by its tag where object (or a base from another assembly) is declared (format §7.3).
            foreach (ObjectModel o in objects ?? (IReadOnlyList<ObjectModel>)System.Array.Empty<ObjectModel>())
            {
                string codec = CodecName(o.Id);
                string former = o.FormerTags.Count == 0 ? "null" : "new uint[] { " + string.Join(", ", o.FormerTags.Select(f => "0x" + f.ToString("X8", CultureInfo.InvariantCulture) + "u")) + " }";
                sw.Line("global::Amber.AmberKnownTypes.Register(typeof(" + o.FullName + "), " + codec + ".TypedShape, "
                    + "static (ref global::Amber.AmberWriter w, object v) => " + codec + ".WriteTyped(ref w, (" + o.FullName + ")v), "
                    + "static (ref global::Amber.AmberReader r, global::Amber.ShapeMatch s, ulong p) => " + codec + ".ReadBody(ref r, s, p), " + former + ");");
                sw.Line(RegisterViewCall(o, objectTags));
            }
            sw.Close();
            sw.Close();
            sw.Close();
            return sw.ToString();
        }

        /// <summary>
        /// The ReadM method of a codec member, by the collection type it reads: a root of the same type calls it
        /// rather than repeating the collection's read (the first codec and member of that type, in model order).
        /// </summary>
        private static Dictionary<string, string> MemberReaders(IReadOnlyList<ObjectModel>? objects)
        {
            var readers = new Dictionary<string, string>();
            foreach (ObjectModel o in objects ?? (IReadOnlyList<ObjectModel>)System.Array.Empty<ObjectModel>())
            {
                for (int i = 0; i < o.Members.Count; i++)
                {
                    TypeRef t = o.Members[i].Type;
                    if (HasMemberReader(t) && !readers.ContainsKey(t.FullName)) readers.Add(t.FullName, CodecName(o.Id) + "." + MemberReaderName(i));
                }
            }
            return readers;
        }

        /// <summary>Reads a root value into result, checking the writer's wire type wt: by a codec's ReadM method where one reads this type.</summary>
        private static void EmitRootRead(SourceWriter sw, TypeRef t, Dictionary<string, string> readers)
        {
            if (HasMemberReader(t) && readers.TryGetValue(t.FullName, out string? reader))
            {
                EmitExpectCollection(sw, t, "wt");
                sw.Line("result = " + reader + "(ref r);");
            }
            else
            {
                EmitRead(sw, t, "result", "wt", 0);
            }
        }
    }
}
