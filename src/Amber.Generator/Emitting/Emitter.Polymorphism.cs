using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>The polymorphic dispatch classes (format §7.1).</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ polymorphism (format §7.1)

        /// <summary>The enums, concrete collections, surrogate- and formatter-written types of the model, once each.</summary>
        public static List<TypeRef> CollectValueTypes(IEnumerable<TypeRef> roots, IEnumerable<ObjectModel>? objects) =>
            CollectTypes(roots, objects, t => t.Kind switch
            {
                TypeKind.Enum or TypeKind.Array or TypeKind.MultiArray or TypeKind.Surrogate or TypeKind.Custom => true,
                TypeKind.Sequence or TypeKind.Map => !t.IsInterface,
                _ => false,
            });

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
            sw.Open("namespace Amber.Generated");
            foreach (TypeRef t in types)
            {
                string name = EscapeXml(t.FullName);
                sw.Line("/// <summary>Amber dispatcher for members declared as " + name + ".</summary>");
                sw.Open("internal static class " + PolyName(t));
                sw.Open("internal static void Write(ref global::Amber.AmberWriter w, " + t.FullName + "? v)");
                sw.Open("if (v is null)");
                sw.Line("w.WriteNull();");
                sw.Line("return;");
                sw.Close();
                // The exact runtime type picks the codec: a subclass nobody compiled a case for is not
                // silently written as its base.
                sw.Line("global::System.Type type = v.GetType();");
                foreach (PolyCase c in t.Cases)
                {
                    sw.Open("if (type == typeof(" + c.FullName + "))");
                    sw.Line(CodecName(c.ObjectId) + ".WriteTyped(ref w, (" + c.FullName + ")v);");
                    sw.Line("return;");
                    sw.Close();
                }
                // A type another assembly registered (format §7.1): written with its own tag.
                sw.Line("if (global::Amber.AmberKnownTypes.TryWrite(ref w, v)) return;");
                sw.Line("global::Amber.AmberThrow.UnknownSubtype(type, " + Quote(t.FullName.Replace("global::", "")) + ");");
                sw.Close();
                sw.Line();
                sw.Open("internal static " + t.FullName + "? Read(ref global::Amber.AmberReader r)");
                sw.Line("if (!r.ReadPolymorphicHeader(out bool tagged, out uint tag, out object? existing)) return r.ReferenceAs<" + t.FullName + ">(existing);");
                sw.Line("global::Amber.ShapeMatch s;");
                sw.Line("ulong p;");
                sw.Open("if (!tagged)");
                if (t.ObjectId != null)
                {
                    // Written where the declared type was not polymorphic yet: it is the base type itself.
                    sw.Line("r.CompletePolymorphicHeader(" + CodecName(t.ObjectId) + ".Shape, out s, out p);");
                    sw.Line("return " + CodecName(t.ObjectId) + ".ReadBody(ref r, s, p);");
                }
                else
                {
                    sw.Line("global::Amber.AmberThrow.MissingTypeTag(r.Position, " + Quote(t.FullName.Replace("global::", "")) + ");");
                }
                sw.Close();
                sw.Open("switch (tag)");
                foreach (PolyCase c in t.Cases)
                {
                    sw.Line("case 0x" + c.Tag.ToString("X8", CultureInfo.InvariantCulture) + "u:");
                    foreach (uint former in c.FormerTags) sw.Line("case 0x" + former.ToString("X8", CultureInfo.InvariantCulture) + "u:   // a former name");
                    sw.Line("    r.CompletePolymorphicHeader(" + CodecName(c.ObjectId) + ".TypedShape, out s, out p);");
                    sw.Line("    return " + CodecName(c.ObjectId) + ".ReadBody(ref r, s, p);");
                }
                sw.Line("default:");
                // A type registered by another assembly, or AmberOptions.UnknownTypes decides.
                string declared = Quote(t.FullName.Replace("global::", ""));
                if (t.ObjectId != null)
                {
                    sw.Line("    if (global::Amber.AmberKnownTypes.TryReadOther<" + t.FullName + ">(ref r, tag, true, " + declared + ", out " + t.FullName + "? other)) return other;");
                    sw.Line("    r.CompletePolymorphicHeader(" + CodecName(t.ObjectId) + ".TypedShape, out s, out p);");
                    sw.Line("    return " + CodecName(t.ObjectId) + ".ReadBody(ref r, s, p);");
                }
                else
                {
                    sw.Line("    global::Amber.AmberKnownTypes.TryReadOther<" + t.FullName + ">(ref r, tag, false, " + declared + ", out " + t.FullName + "? other);");
                    sw.Line("    return other;");
                }
                sw.Close();
                sw.Close();
                sw.Close();
                sw.Line();
            }
            sw.Close();
            return sw.ToString();
        }
    }
}
