using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>An object type's codec class: the order of its parts, its shapes, and the wire types its members are read with.</summary>
    internal static partial class Emitter
    {
        /// <summary>The codec class of an object type, in this order: shapes, accessors, Write, Read, the inline and member readers, the expected wire types, rows.</summary>
        public static string EmitObject(ObjectModel o)
        {
            var sw = new SourceWriter();
            sw.Line(Header.TrimEnd('\n'));
            using (sw.Block("namespace Amber.Generated"))
            {
                sw.Line($"/// <summary>Amber codec for {EscapeXml(o.DisplayName)}.</summary>");
                using (sw.Block($"internal static class {CodecName(o.Id)}"))
                {
                    EmitShape(sw, o);
                    EmitAccessors(sw, o);
                    sw.Line();
                    EmitWriteMethod(sw, o);
                    sw.Line();
                    EmitReadMethod(sw, o);
                    if (o.IsValueType)
                    {
                        sw.Line();
                        EmitInlineBody(sw, o);
                    }
                    EmitMemberReaders(sw, o);
                    EmitExpected(sw, o);
                    if (o.RowCodes.Count > 0)
                    {
                        sw.Line();
                        EmitRows(sw, o);
                    }
                }
            }
            return sw.ToString();
        }

        /// <summary>
        /// The shapes of the type (format §5): Shape, TypedShape (with the type's tag, where the declared type is polymorphic,
        /// format §7.1), and InlineShape for a struct written inline (format §5.1).
        /// </summary>
        private static void EmitShape(SourceWriter sw, ObjectModel o)
        {
            string names = string.Join(", ", o.Members.Select(m => Quote(m.DisplayName)));
            string tags = string.Join(", ", o.Members.Select(m => m.Type.WireType is WireType known
                ? "0x" + AmberCode.Tag(m.Key, known).ToString("X4", CultureInfo.InvariantCulture)
                : $"(ushort)(({Int(m.Key)} << 3) | {WireTypeInt(m.Type)})"));
            bool anyExtra = o.Members.Any(m => m.ExtraKeys.Count > 0);
            string? extra = anyExtra
                ? "new int[][] { " + string.Join(", ", o.Members.Select(m => m.ExtraKeys.Count == 0 ? "null!" : "new int[] { " + string.Join(", ", m.ExtraKeys) + " }")) + " }"
                : null;
            // The members that read an absent bit as null (a Nullable whose own default is not null): a writer
            // shape that lacks one of them is never read positionally (format §5). Only members 0 to 63 have a
            // bit: a reader of more members never reads a shorter writer shape positionally anyway.
            ulong nullWhenAbsent = 0;
            for (int i = 0; i < o.Members.Count && i < 64; i++)
            {
                if (NullWhenAbsent(o.Members[i])) nullWhenAbsent |= 1UL << i;
            }
            string nulls = Mask(nullWhenAbsent);
            // The hash of each member's wire name: members whose keys collide are told apart by it, on the wire and when
            // reading data of another version (format §5).
            string hashes = string.Join(", ", o.Members.Select(m => Hex32(m.NameHash)));
            using (sw.Initializer("internal static readonly global::Amber.Metadata.AmberShape Shape = new global::Amber.Metadata.AmberShape(new global::Amber.Metadata.AmberShapeInfo", ");"))
            {
                sw.Line($"TypeName = {Quote(o.DisplayName)},");
                sw.Line($"MemberNames = new string[] {{ {names} }},");
                sw.Line($"Tags = new ushort[] {{ {tags} }},");
                sw.Line($"NameHashes = new uint[] {{ {hashes} }},");
                if (anyExtra) sw.Line($"FormerKeys = {extra},");
                if (nullWhenAbsent != 0) sw.Line($"NullWhenAbsent = {nulls},");
            }
            // The same members with this type's tag, written where the declared type is polymorphic (format §7.1).
            sw.Line($"internal static readonly global::Amber.Metadata.AmberShape TypedShape = Shape.WithTypeTag({Hex32(o.TypeTag)});");
            if (o.RowCodes.Count > 0)
            {
                // The same members again for the struct written inline (format §5.1): a writer slot of its own, so an inline
                // definition is never taken for the object or rows shape of the type, nor the other way round.
                sw.Line("internal static readonly global::Amber.Metadata.AmberShape InlineShape = Shape.ForInlineStruct();");
            }
        }

        /// <summary>The type of a value that may be null: T? for a class, T itself for a struct.</summary>
        private static string Nullable(string fullName, bool isValueType) => isValueType ? fullName : fullName + "?";

        /// <summary>
        /// The wire type a value of <paramref name="t"/> must have in the writer's shape and what to call it in the error, when
        /// that is one plain check (every read that is given the writer's wire type makes it, <see cref="EmitExpect"/>); null for
        /// a type whose read takes the wire type itself: a double or float (widening, docs/format.md §3.2), a surrogate, a
        /// hand-written formatter.
        /// </summary>
        private static (WireType Wire, string What)? ExpectedOf(TypeRef t) => t.Kind switch
        {
            TypeKind.Scalar when t.ScalarKind is ScalarKind.Double or ScalarKind.Single => null,
            TypeKind.Scalar when t.WireType is WireType w => (w, t.Scalar!),
            TypeKind.Enum => (WireType.Varint, "an enum"),
            TypeKind.Nullable => ExpectedOf(t.Element!),
            TypeKind.Object or TypeKind.Polymorphic or TypeKind.Dynamic => (WireType.Object, "an object"),
            TypeKind.ByteArray => (WireType.Bytes, "a byte array"),
            TypeKind.Map => (WireType.Map, "a dictionary"),
            TypeKind.Array or TypeKind.MultiArray or TypeKind.Sequence => (WireType.Sequence, "a collection"),
            _ => null,
        };

        /// <summary>The tables of <see cref="ExpectedOf"/> by member, which the mapped path of ReadBody checks each value against.</summary>
        private static void EmitExpected(SourceWriter sw, ObjectModel o)
        {
            var wires = new List<string>();
            var whats = new List<string>();
            foreach (MemberModel m in o.Members)
            {
                (WireType Wire, string What)? e = ExpectedOf(m.Type);
                wires.Add(e is { } x ? Int((int)x.Wire) : "AnyWire");
                whats.Add(e is { } y ? Quote(y.What) : "null");
            }
            sw.Line();
            sw.Line("private const byte AnyWire = 0xFF;");
            sw.Line($"private static readonly byte[] ExpectedWire = {{ {string.Join(", ", wires)} }};");
            sw.Line($"private static readonly string?[] ExpectedWhat = {{ {string.Join(", ", whats)} }};");
        }
    }
}
