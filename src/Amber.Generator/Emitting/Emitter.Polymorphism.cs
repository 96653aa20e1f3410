using System.Collections.Generic;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>The polymorphic dispatch classes (format §7.1): Write by the runtime type, Read by the type tag.</summary>
    internal static partial class Emitter
    {
        public static string PolyName(TypeRef t) => "AmberPoly_" + Sanitize(t.FullName);

        /// <summary>Every polymorphic declared type used anywhere in the model, once each.</summary>
        public static List<TypeRef> CollectPolymorphic(IEnumerable<TypeRef> roots, IEnumerable<ObjectModel> objects) =>
            CollectTypes(roots, objects, t => t.Kind == TypeKind.Polymorphic);

        /// <summary>
        /// The dispatcher of a polymorphic declared type: writes each concrete type with its tagged
        /// shape (most derived first), and reads by tag — only the types in this allow-list are created.
        /// </summary>
        public static string EmitPolymorphic(IReadOnlyList<TypeRef> types)
        {
            var sw = new SourceWriter();
            sw.Line(Header.TrimEnd('\n'));
            using (sw.Block("namespace Amber.Generated"))
            {
                foreach (TypeRef t in types)
                {
                    sw.Line($"/// <summary>Amber dispatcher for members declared as {EscapeXml(t.FullName)}.</summary>");
                    using (sw.Block($"internal static class {PolyName(t)}"))
                    {
                        EmitPolymorphicWrite(sw, t);
                        sw.Line();
                        EmitPolymorphicRead(sw, t);
                    }
                    sw.Line();
                }
            }
            return sw.ToString();
        }

        /// <summary>Write: the codec of the exact runtime type, with its tagged shape; a type another assembly registered; else an error.</summary>
        private static void EmitPolymorphicWrite(SourceWriter sw, TypeRef t)
        {
            using (sw.Block($"internal static void Write({WriterParameter}, {t.FullName}? v)"))
            {
                sw.Lines(NullWrite);
                // The exact runtime type picks the codec: a subclass nobody compiled a case for is not
                // silently written as its base.
                sw.Line("global::System.Type type = v.GetType();");
                foreach (PolyCase c in t.Cases)
                {
                    using (sw.Block($"if (type == typeof({c.FullName}))"))
                    {
                        sw.Line($"{CodecName(c.ObjectId)}.WriteTyped(ref w, ({c.FullName})v);");
                        sw.Line("return;");
                    }
                }
                // A type another assembly registered (format §7.1): written with its own tag.
                sw.Line("if (global::Amber.AmberKnownTypes.TryWrite(ref w, v)) return;");
                sw.Line($"global::Amber.Metadata.AmberThrow.UnknownSubtype(type, {Quote(Plain(t.FullName))});");
            }
        }

        /// <summary>Read: by the tag, the codec of one of the allowed types (or of a former name of one); an untagged shape is the declared type itself.</summary>
        private static void EmitPolymorphicRead(SourceWriter sw, TypeRef t)
        {
            string declared = Quote(Plain(t.FullName));
            using (sw.Block($"internal static {t.FullName}? Read(ref global::Amber.AmberReader r)"))
            {
                sw.Line($"if (!r.ReadPolymorphicHeader(out bool tagged, out uint tag, out object? existing)) return r.ReferenceAs<{t.FullName}>(existing);");
                sw.Line("global::Amber.Metadata.ShapeMatch match;");
                sw.Line("ulong presence;");
                using (sw.Block("if (!tagged)"))
                {
                    // Written where the declared type was not polymorphic yet: it is the default subtype ([AmberDefaultSubtype]),
                    // else the base type itself.
                    if (t.DefaultCase != null) EmitReadBodyWith(sw, t.DefaultCase.ObjectId, "Shape", "");
                    else if (t.ObjectId != null) EmitReadBodyWith(sw, t.ObjectId, "Shape", "");
                    else sw.Line($"global::Amber.Metadata.AmberThrow.MissingTypeTag(r.Position, {declared});");
                }
                using (sw.Block("switch (tag)"))
                {
                    foreach (PolyCase c in t.Cases)
                    {
                        sw.Line($"case {Hex32(c.Tag)}:");
                        foreach (uint former in c.FormerTags) sw.Line($"case {Hex32(former)}:   // a former name");
                        EmitReadBodyWith(sw, c.ObjectId, "TypedShape", "    ");
                    }
                    sw.Line("default:");
                    // A type registered by another assembly, or AmberOptions.UnknownTypes decides.
                    if (t.ObjectId != null)
                    {
                        sw.Line($"    if (global::Amber.AmberKnownTypes.TryReadOther<{t.FullName}>(ref r, tag, true, {declared}, out {t.FullName}? other)) return other;");
                        EmitReadBodyWith(sw, t.ObjectId, "TypedShape", "    ");
                    }
                    else
                    {
                        sw.Line($"    global::Amber.AmberKnownTypes.TryReadOther<{t.FullName}>(ref r, tag, false, {declared}, out {t.FullName}? other);");
                        sw.Line("    return other;");
                    }
                }
            }
        }

        /// <summary>The rest of the header matched against a codec's <paramref name="shape"/>, and that codec's body read.</summary>
        private static void EmitReadBodyWith(SourceWriter sw, string objectId, string shape, string indent)
        {
            string codec = CodecName(objectId);
            sw.Line($"{indent}r.CompletePolymorphicHeader({codec}.{shape}, out match, out presence);");
            sw.Line($"{indent}return {codec}.ReadBody(ref r, match, presence);");
        }
    }
}
