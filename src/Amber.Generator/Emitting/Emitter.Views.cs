using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>The JSON view's descriptors: each member's encoding as a short code, registered with its type (AmberMetadata.Register).</summary>
    internal static partial class Emitter
    {
        // The JSON view (AmberJson) walks a payload with the member names and encodings the generated code knows; the
        // schema (docs/schema.md) lists them. Each member's encoding is a short prefix code, registered with the type
        // (AmberMetadata.Register); src/Amber/Json/ViewType.cs (ViewNode) parses it:
        //   s<Scalar>;  a scalar by its Write/Read suffix (Int32, String, Guid …)
        //   e<Scalar>[:Name=value,…];  an enum of that underlying scalar, with its named values
        //   e<Scalar>|Name=value,…;    a [Flags] enum
        //   n<D>        Nullable of D                                                 o<8 hex>    an object, by its type tag
        //   b           byte[] / Memory<byte>                                         a[rank][-]<D>  a sequence of D
        //   m<K><V>     a map                                                         d  object   x  a hand-written formatter's
        //   p<8 hex>    polymorphic, declared as an abstract class or interface: the tag of its name (AmberMetadata.RegisterBase)
        //   q<8 hex>    polymorphic with a concrete declared type (its tag): a shape without a tag reads as that type
        // A node of a reference type starts with its nullable annotation (schema only): ? may be null, ! declared not null.
        // Schema only too: a sequence's rank (2 to 32 digits' value) follows a of a multi-dimensional array, and - a sequence
        // of inline structs the writer writes one by one rather than as rows; a member descriptor starts with + when the
        // writer writes the member at its default (it cannot leave it out, CanSkipDefault false).

        /// <summary>The type tag of each object of the model, by codec id.</summary>
        private static Dictionary<string, uint> ObjectTags(IReadOnlyList<ObjectModel>? objects)
        {
            var tags = new Dictionary<string, uint>(System.StringComparer.Ordinal);
            if (objects != null) foreach (ObjectModel o in objects) tags[o.Id] = o.TypeTag;
            return tags;
        }

        /// <summary>The view descriptor of a type reference, with the nullable annotations of its reference types when given.</summary>
        private static string ViewOf(TypeRef t, Dictionary<string, uint> objectTags, RefNullability? nullability = null)
        {
            var sb = new StringBuilder();
            AppendView(sb, t, objectTags, nullability);
            return sb.ToString();
        }

        private static void AppendView(StringBuilder sb, TypeRef t, Dictionary<string, uint> objectTags, RefNullability? n)
        {
            if (n?.Self is bool mayBeNull) sb.Append(mayBeNull ? '?' : '!');
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    sb.Append('s').Append(t.Scalar).Append(';');
                    break;
                case TypeKind.Enum:
                    sb.Append('e').Append(t.Scalar);
                    if (t.EnumFlags) sb.Append('|').Append(t.EnumNames);
                    else if (t.EnumNames != null) sb.Append(':').Append(t.EnumNames);
                    sb.Append(';');
                    break;
                case TypeKind.Nullable:
                    sb.Append('n');
                    AppendView(sb, t.Element!, objectTags, null);
                    break;
                case TypeKind.Object:
                    if (t.ObjectId != null && objectTags.TryGetValue(t.ObjectId, out uint tag)) sb.Append('o').Append(tag.ToString("X8", CultureInfo.InvariantCulture));
                    else sb.Append('x');
                    break;
                case TypeKind.ByteArray:
                    sb.Append('b');
                    break;
                case TypeKind.Array:
                case TypeKind.MultiArray:
                case TypeKind.Sequence:
                    sb.Append('a');
                    if (t.Kind == TypeKind.MultiArray) sb.Append(t.Rank.ToString(CultureInfo.InvariantCulture));
                    if (ElementIsRowStruct(t.Element!) && !WritesRows(t)) sb.Append('-');
                    AppendView(sb, t.Element!, objectTags, n?.Element);
                    break;
                case TypeKind.Map:
                    sb.Append('m');
                    AppendView(sb, t.Element!, objectTags, null);
                    AppendView(sb, t.Value!, objectTags, n?.Value);
                    break;
                case TypeKind.Surrogate:
                    AppendView(sb, t.Element!, objectTags, null);
                    break;
                case TypeKind.Polymorphic:
                    // A concrete declared type (a class with subclasses) also reads shapes without a type tag, as itself.
                    PolyCase? self = t.ObjectId == null ? null : t.Cases.FirstOrDefault(c => c.ObjectId == t.ObjectId);
                    if (self != null) sb.Append('q').Append(self.Tag.ToString("X8", CultureInfo.InvariantCulture));
                    else sb.Append('p').Append(BaseTag(t).ToString("X8", CultureInfo.InvariantCulture));
                    break;
                case TypeKind.Dynamic:
                    sb.Append('d');
                    break;
                default:
                    sb.Append('x');
                    break;
            }
        }

        /// <summary>Whether an element's view is a struct that rows can hold (format §6.1), through any surrogates.</summary>
        private static bool ElementIsRowStruct(TypeRef element)
        {
            while (element.Kind == TypeKind.Surrogate) element = element.Element!;
            return element.Kind == TypeKind.Object && element.Rows;
        }

        /// <summary>
        /// Whether the generated writer writes the sequence's struct elements as rows (EmitCollectionBodyWrite): an array, a
        /// List and a List or array an interface-typed member holds; not a surrogate's elements, a multi-dimensional array,
        /// or another collection.
        /// </summary>
        private static bool WritesRows(TypeRef t) =>
            t.Element!.Rows && (t.Kind == TypeKind.Array || t.Kind == TypeKind.Sequence && t.Collection == CollectionKind.List);

        /// <summary>The JSON view of an object type, in its registration (AmberObjectInfo): each member's descriptor, and what the view needs besides.</summary>
        private static void EmitViewProperties(SourceWriter sw, ObjectModel o, Dictionary<string, uint> objectTags)
        {
            // One descriptor a line, beside the member it describes.
            sw.Line("MemberViews = new string[]");
            sw.Open();
            foreach (MemberModel m in o.Members)
            {
                sw.Line(Quote((m.CanSkipDefault ? "" : "+") + ViewOf(m.Type, objectTags, m.Nullability)) + ",   // " + m.DisplayName.Replace('\r', ' ').Replace('\n', ' '));
            }
            sw.Close(",");
            // A struct written inline (format §5.1): its codes, so that JSON read back is written inline too.
            if (o.RowCodes.Count > 0) sw.Line($"RowCodes = {CodecName(o.Id)}.RowCodes,");
            // A type that keeps members it does not know (format §5.2) and writes them back.
            if (o.UnknownMembers != null) sw.Line("KeepsUnknownMembers = true,");
            // For the schema: the members the type cannot be made without, and whether payloads holding it keep identity.
            var required = new List<int>();
            for (int i = 0; i < o.Members.Count; i++)
            {
                if (o.Members[i].Required) required.Add(i);
            }
            if (required.Count > 0) sw.Line($"RequiredMembers = new int[] {{ {string.Join(", ", required)} }},");
            if (o.PreserveReferences) sw.Line("PreservesReferences = true,");
        }

        /// <summary>The tag of a polymorphic declared type's name (format §7.1): what its view descriptor and its AmberMetadata.RegisterBase name.</summary>
        private static uint BaseTag(TypeRef t) => AmberCode.TypeTagOf(Plain(t.FullName));

        /// <summary>
        /// The abstract classes and interfaces the model's polymorphic members are declared as, each told to the JSON view and
        /// the schema with its C# name, so that a member's <c>p</c> descriptor names it and the schema lists its subtypes.
        /// </summary>
        private static void EmitBaseViewRegistrations(SourceWriter sw, IReadOnlyList<TypeRef> roots, IReadOnlyList<ObjectModel>? objects)
        {
            foreach (TypeRef t in CollectPolymorphic(roots, objects ?? System.Array.Empty<ObjectModel>()))
            {
                // A concrete declared type is registered as itself.
                if (t.ObjectId == null || !t.Cases.Any(c => c.ObjectId == t.ObjectId)) sw.Line($"global::Amber.Metadata.AmberMetadata.RegisterBase(typeof({t.FullName}), {Quote(Plain(t.FullName))});");
                // The type untagged data of it reads as ([AmberDefaultSubtype]), for the JSON view and the schema.
                if (t.DefaultCase != null) sw.Line($"global::Amber.Metadata.AmberMetadata.RegisterDefaultSubtype(typeof({t.FullName}), typeof({t.DefaultCase.FullName}));");
            }
        }
    }
}
