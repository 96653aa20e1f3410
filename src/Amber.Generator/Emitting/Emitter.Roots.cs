using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Root formatters, the shared instances of hand-written formatters, and the module initializer that registers them and the model's types.</summary>
    internal static partial class Emitter
    {
        public static string RootFormatterName(TypeRef root) => "AmberRoot_" + Sanitize(root.FullName);

        /// <summary>The roots file: a formatter per root type, the hand-written formatters' instances, and the module initializer that registers them and the model's value and object types.</summary>
        public static string EmitRoots(IReadOnlyList<TypeRef> roots, bool moduleInitializerPolyfill, IReadOnlyList<string>? formatters = null, IReadOnlyList<string>? referenceRoots = null, IReadOnlyList<ObjectModel>? objects = null, IReadOnlyList<string>? services = null)
        {
            var sw = new SourceWriter();
            sw.Line(Header.TrimEnd('\n'));
            if (moduleInitializerPolyfill)
            {
                sw.Lines("""
                    namespace System.Runtime.CompilerServices
                    {
                        [global::System.AttributeUsage(global::System.AttributeTargets.Method, Inherited = false)]
                        internal sealed class ModuleInitializerAttribute : global::System.Attribute { }
                    }
                    """);
                sw.Line();
            }
            using (sw.Block("namespace Amber.Generated"))
            {
                Dictionary<string, string> readers = MemberReaders(objects);
                foreach (TypeRef root in roots)
                {
                    EmitRootFormatter(sw, root, readers);
                    sw.Line();
                }
                if (formatters != null && formatters.Count > 0)
                {
                    EmitCustomFormatters(sw, formatters);
                    sw.Line();
                }
                sw.Line("/// <summary>Registers the generated formatters before any code of this assembly runs.</summary>");
                using (sw.Block("internal static class AmberGeneratedRegistration"))
                {
                    sw.Line("[global::System.Runtime.CompilerServices.ModuleInitializer]");
                    using (sw.Block("internal static void Register()"))
                    {
                        EmitRootRegistrations(sw, roots, referenceRoots);
                        Dictionary<string, uint> objectTags = ObjectTags(objects);
                        EmitValueRegistrations(sw, CollectValueTypes(roots, objects), readers, objectTags);
                        EmitObjectRegistrations(sw, objects ?? System.Array.Empty<ObjectModel>(), objectTags);
                        EmitBaseViewRegistrations(sw, roots, objects);
                        foreach (string service in services ?? System.Array.Empty<string>())
                        {
                            sw.Line($"global::Amber.Services.AmberServices.Register(new global::Amber.Generated.{ServiceName(service)}());");
                        }
                    }
                }
            }
            return sw.ToString();
        }

        /// <summary>The IAmberFormatter of a root type: its wire type, Write and Read.</summary>
        private static void EmitRootFormatter(SourceWriter sw, TypeRef root, Dictionary<string, string> readers)
        {
            sw.Line($"/// <summary>Amber root formatter for {EscapeXml(root.FullName)}.</summary>");
            using (sw.Block($"internal sealed class {RootFormatterName(root)} : global::Amber.IAmberFormatter<{root.FullName}>"))
            {
                sw.Line($"public global::Amber.WireType WireType => {WireTypeExpr(root)};");
                sw.Line();
                using (sw.Block($"public void Write({WriterParameter}, {root.FullName} value)"))
                {
                    EmitWrite(sw, root, "value", 0);
                }
                sw.Line();
                using (sw.Block($"public {root.FullName} Read(ref global::Amber.AmberReader r, global::Amber.WireType wireType)"))
                {
                    EmitRootReadBody(sw, root, readers);
                }
            }
        }

        /// <summary>One shared instance of each hand-written formatter, which generated code calls.</summary>
        private static void EmitCustomFormatters(SourceWriter sw, IReadOnlyList<string> formatters)
        {
            sw.Line("/// <summary>One shared instance of each hand-written formatter named by [assembly: AmberFormatter].</summary>");
            using (sw.Block("internal static class AmberCustomFormatters"))
            {
                foreach (string f in formatters) sw.Line($"internal static readonly {f} F_{Sanitize(f)} = new {f}();");
            }
        }

        /// <summary>Each root formatter registered, and the roots whose payloads keep references (reference mode, format §7.2).</summary>
        private static void EmitRootRegistrations(SourceWriter sw, IReadOnlyList<TypeRef> roots, IReadOnlyList<string>? referenceRoots)
        {
            foreach (TypeRef root in roots)
            {
                sw.Line($"global::Amber.AmberFormatterRegistry.Register<{root.FullName}>(new {RootFormatterName(root)}());");
                if (referenceRoots != null && referenceRoots.Contains(root.FullName)) sw.Line($"global::Amber.AmberFormatterRegistry.RequireReferences<{root.FullName}>();");
            }
        }

        /// <summary>The enums, concrete collections, surrogate- and formatter-written types of the model, once each.</summary>
        public static List<TypeRef> CollectValueTypes(IEnumerable<TypeRef> roots, IEnumerable<ObjectModel>? objects) =>
            CollectTypes(roots, objects, t => t.Kind switch
            {
                TypeKind.Enum or TypeKind.Array or TypeKind.MultiArray or TypeKind.Surrogate or TypeKind.Custom => true,
                TypeKind.Sequence or TypeKind.Map => !t.IsInterface,
                _ => false,
            });

        /// <summary>
        /// Enums and collections of the model, and types written through a surrogate or a hand-written formatter, are known
        /// in object members too: an object with one member, Value (format §7.3). Each has a local Write and Read function.
        /// </summary>
        private static void EmitValueRegistrations(SourceWriter sw, List<TypeRef> values, Dictionary<string, string> readers, Dictionary<string, uint> objectTags)
        {
            for (int i = 0; i < values.Count; i++)
            {
                TypeRef t = values[i];
                string write = Name.Of("W", i), read = Name.Of("R", i);
                using (sw.Block($"static void {write}({WriterParameter}, {t.FullName} v)"))
                {
                    EmitWrite(sw, t, "v", 0);
                }
                using (sw.Block($"static {t.FullName} {read}(ref global::Amber.AmberReader r, global::Amber.WireType wireType)"))
                {
                    EmitRootReadBody(sw, t, readers);
                }
                using (sw.Initializer($"global::Amber.Metadata.AmberMetadata.Register(new global::Amber.Metadata.AmberValueInfo<{t.FullName}>", ");"))
                {
                    sw.Line($"CSharpName = {Quote(Plain(t.FullName))},");
                    sw.Line($"WireType = {WireTypeExpr(t)},");
                    sw.Line($"Write = {write},");
                    sw.Line($"Read = {read},");
                    sw.Line($"View = {Quote(ViewOf(t, objectTags))},");
                }
            }
        }

        /// <summary>Every type with a codec is known by its tag where object (or a base from another assembly) is declared (format §7.3), and to the JSON view.</summary>
        private static void EmitObjectRegistrations(SourceWriter sw, IReadOnlyList<ObjectModel> objects, Dictionary<string, uint> objectTags)
        {
            foreach (ObjectModel o in objects)
            {
                string codec = CodecName(o.Id);
                using (sw.Initializer("global::Amber.Metadata.AmberMetadata.Register(new global::Amber.Metadata.AmberObjectInfo", ");"))
                {
                    sw.Line($"Type = typeof({o.FullName}),");
                    sw.Line($"CSharpName = {Quote(Plain(o.FullName))},");
                    sw.Line($"Shape = {codec}.TypedShape,");
                    sw.Line($"Write = static (ref global::Amber.AmberWriter writer, object value) => {codec}.WriteTyped(ref writer, ({o.FullName})value),");
                    sw.Line($"ReadBody = static (ref global::Amber.AmberReader reader, global::Amber.Metadata.ShapeMatch match, ulong presence) => {codec}.ReadBody(ref reader, match, presence),");
                    if (o.FormerTags.Count > 0) sw.Line($"FormerTags = new uint[] {{ {string.Join(", ", o.FormerTags.Select(Hex32))} }},");
                    EmitViewProperties(sw, o, objectTags);
                }
            }
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
                    if (HasMemberReader(t) && !readers.ContainsKey(t.FullName)) readers.Add(t.FullName, CodecName(o.Id) + "." + MemberLocal.Reader(i));
                }
            }
            return readers;
        }

        /// <summary>The body of a root's Read: the value read into result, checking the writer's wire type wt, and returned.</summary>
        private static void EmitRootReadBody(SourceWriter sw, TypeRef t, Dictionary<string, string> readers)
        {
            sw.Line($"{t.FullName} result = default!;");
            if (t.Kind == TypeKind.Nullable)
            {
                // Inline: a ReadM method returns the collection, whose null (a default ImmutableArray) is not this Nullable's null.
                using (sw.Block("if (r.ReadPresence())")) EmitRead(sw, t.Element!, "result", "wireType", 0);
            }
            else if (HasMemberReader(t) && readers.TryGetValue(t.FullName, out string? reader))
            {
                // A codec's ReadM method reads this type already.
                EmitExpect(sw, t, "wireType");
                sw.Line($"result = {reader}(ref r);");
            }
            else
            {
                EmitRead(sw, t, "result", "wireType", 0);
            }
            sw.Line("return result;");
        }
    }
}
