using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Writing and reading one value of any type: scalars, enums, surrogates, formatters, objects and the head of collections.</summary>
    internal static partial class Emitter
    {
        // ------------------------------------------------------------------ writing values

        /// <summary>
        /// Writes the value of <paramref name="expr"/> (evaluated once) of type <paramref name="t"/>. For a collection,
        /// <paramref name="head"/> false: the caller has written its null or back-reference check (the same instance, seen
        /// through a more concrete type).
        /// </summary>
        private static void EmitWrite(SourceWriter sw, TypeRef t, string expr, int depth, bool head = true)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    sw.Line("w.Write" + t.Scalar + "(" + expr + ");");
                    return;
                case TypeKind.Enum:
                    sw.Line("w.Write" + t.Scalar + "((" + Keyword(t.Scalar!) + ")" + expr + ");");
                    return;
                case TypeKind.Nullable:
                    sw.Line("var n" + d + " = " + expr + ";");
                    sw.Line("w.WritePresence(n" + d + ".HasValue);");
                    sw.Open("if (n" + d + ".HasValue)");
                    EmitWrite(sw, t.Element!, "n" + d + ".GetValueOrDefault()", depth + 1);
                    sw.Close();
                    return;
                case TypeKind.Object:
                    sw.Line(CodecName(t.ObjectId!) + ".Write(ref w, " + expr + ");");
                    return;
                case TypeKind.ByteArray:
                    // byte[] (null is L = 0), or Memory<byte> / ReadOnlyMemory<byte> (a value type: its span).
                    sw.Line("w.WriteBytes(" + expr + (t.IsValueType ? ".Span" : "") + ");");
                    return;
                case TypeKind.Surrogate:
                {
                    TypeRef sg = t.Element!;
                    if (t.IsValueType)
                    {
                        EmitWrite(sw, sg, "((" + sg.FullName + ")(" + expr + "))", depth);
                    }
                    else if (!sg.IsValueType)
                    {
                        // A null target is a null surrogate; the user's conversion never sees null.
                        EmitWrite(sw, sg, "(" + expr + " is null ? null! : (" + sg.FullName + ")(" + expr + "))", depth);
                    }
                    else
                    {
                        sw.Open("if (" + expr + " is null)");
                        if (sg.WireType == WireType.Object) sw.Line("w.WriteNull();");
                        else sw.Line("global::Amber.AmberThrow.NullWithoutEncoding(" + Quote(t.FullName.Replace("global::", "")) + ", " + Quote(sg.FullName.Replace("global::", "")) + ");");
                        sw.Close();
                        sw.Open("else");
                        EmitWrite(sw, sg, "((" + sg.FullName + ")(" + expr + "))", depth + 1);
                        sw.Close();
                    }
                    return;
                }
                case TypeKind.Custom:
                    sw.Line(FormatterInstance(t) + ".Write(ref w, " + expr + ");");
                    return;
                case TypeKind.Polymorphic:
                    sw.Line(PolyName(t) + ".Write(ref w, " + expr + ");");
                    return;
                case TypeKind.Dynamic:
                    sw.Line("global::Amber.AmberKnownTypes.WriteObject(ref w, " + expr + ");");
                    return;
            }

            // Collections: null or back-reference (reference mode, docs/format.md §7.2), else header and elements.
            string v = "c" + d;
            sw.Open();
            sw.Line("var " + v + " = " + expr + ";");
            if (t.Collection == CollectionKind.ImmutableArray)
            {
                // A value type: no identity of its own (its header still takes an id).
                sw.Open("if (" + v + ".IsDefault)");
                sw.Line("w.WriteNullCollection();");
                sw.Close();
                sw.Open("else");
            }
            else if (head && !t.IsValueType)
            {
                sw.Open("if (!w.TryWriteCollectionReference(" + v + "))");
            }
            else
            {
                sw.Open();
            }
            switch (t.Kind)
            {
                case TypeKind.Array when t.PackedPrimitive != null:
                    sw.Line("w.WritePacked<" + t.PackedPrimitive + ">(" + v + ");");
                    break;
                case TypeKind.Sequence when t.PackedPrimitive != null:
                    sw.Line("w.WritePacked<" + t.PackedPrimitive + ">(global::Amber.AmberCollections.AsSpan(" + v + "));");
                    break;
                case TypeKind.Array when t.Element!.Rows:
                    sw.Line(CodecName(t.Element.ObjectId!) + ".WriteRows(ref w, " + v + ");");
                    break;
                case TypeKind.Sequence when t.Element!.Rows && t.Collection == CollectionKind.List && !t.IsInterface:
                    sw.Line(CodecName(t.Element.ObjectId!) + ".WriteRows(ref w, global::Amber.AmberCollections.AsSpan(" + v + "));");
                    break;
                case TypeKind.Array:
                    sw.Line("w.WriteSequenceHeader(" + v + ".Length, " + ElementDescriptor(t.Element!) + ");");
                    sw.Open("for (int i" + d + " = 0; i" + d + " < " + v + ".Length; i" + d + "++)");
                    EmitWrite(sw, t.Element!, v + "[i" + d + "]", depth + 1);
                    sw.Close();
                    break;
                case TypeKind.MultiArray:
                {
                    string lengths = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => v + ".GetLength(" + r + ")"));
                    sw.Line("w.WriteShapedSequenceHeader(new int[] { " + lengths + " }, " + ElementDescriptor(t.Element!) + ");");
                    sw.Open("foreach (var e" + d + " in " + v + ")");
                    EmitWrite(sw, t.Element!, "e" + d, depth + 1);
                    sw.Close();
                    break;
                }
                case TypeKind.Sequence:
                {
                    bool concrete = t.IsInterface && t.Collection == CollectionKind.List;   // IEnumerable, ICollection, IList, IReadOnlyList, IReadOnlyCollection
                    if (concrete)
                    {
                        // Most interface-typed members hold a List<T> or a T[]: enumerate those concretely
                        // (no enumerator allocation, rows and packed paths), anything else through the interface.
                        string el = t.Element!.FullName;
                        sw.Open("if (" + v + " is global::System.Collections.Generic.List<" + el + "> l" + d + ")");
                        EmitWrite(sw, t with { FullName = "global::System.Collections.Generic.List<" + el + ">", IsInterface = false, PackedPrimitive = PackableKeyword(t.Element!) }, "l" + d, depth + 1, head: false);
                        sw.Close();
                        sw.Open("else if (" + v + " is " + ArrayTypeName(t.Element!) + " a" + d + ")");
                        EmitWrite(sw, new TypeRef(ArrayTypeName(t.Element!), TypeKind.Array, false, Element: t.Element, WireType: WireType.Sequence, PackedPrimitive: PackableKeyword(t.Element!)), "a" + d, depth + 1, head: false);
                        sw.Close();
                        sw.Open("else");
                    }
                    string count;
                    string items = v;
                    if (t.Collection == CollectionKind.AddableCollection
                        || t.IsInterface && t.FullName.StartsWith("global::System.Collections.Generic.IEnumerable<", System.StringComparison.Ordinal))
                    {
                        sw.Line("global::System.Collections.Generic.IEnumerable<" + t.Element!.FullName + "> s" + d + " = " + v + ";");
                        sw.Line("int k" + d + " = global::Amber.AmberCollections.CountOf(ref s" + d + ");");
                        count = "k" + d;
                        items = "s" + d;
                    }
                    else
                    {
                        count = v + (t.Collection == CollectionKind.ImmutableArray ? ".Length" : ".Count");
                    }
                    if (t.Collection == CollectionKind.ImmutableQueue || t.Collection == CollectionKind.ImmutableStack)
                    {
                        sw.Line("var b" + d + " = new global::System.Collections.Generic.List<" + t.Element!.FullName + ">(" + v + ");");
                        count = "b" + d + ".Count";
                        items = "b" + d;
                    }
                    sw.Line("w.WriteSequenceHeader(" + count + ", " + ElementDescriptor(t.Element!) + ");");
                    sw.Open("foreach (var e" + d + " in " + items + ")");
                    EmitWrite(sw, t.Element!, "e" + d, depth + 1);
                    sw.Close();
                    if (concrete) sw.Close();
                    break;
                }
                case TypeKind.Map:
                    bool concreteMap = t.IsInterface && t.Collection == CollectionKind.Dictionary;   // IDictionary, IReadOnlyDictionary
                    if (concreteMap)
                    {
                        string dict = "global::System.Collections.Generic.Dictionary<" + t.Element!.FullName + ", " + t.Value!.FullName + ">";
                        sw.Open("if (" + v + " is " + dict + " dd" + d + ")");
                        sw.Line("w.WriteMapHeader(dd" + d + ".Count, " + MapDescriptor(t) + ");");
                        sw.Open("foreach (var e" + d + " in dd" + d + ")");
                        EmitWrite(sw, t.Element!, "e" + d + ".Key", depth + 1);
                        EmitWrite(sw, t.Value!, "e" + d + ".Value", depth + 1);
                        sw.Close();
                        sw.Close();
                        sw.Open("else");
                    }
                    sw.Line("w.WriteMapHeader(" + v + ".Count, " + MapDescriptor(t) + ");");
                    sw.Open("foreach (var e" + d + " in " + v + ")");
                    EmitWrite(sw, t.Element!, "e" + d + ".Key", depth + 1);
                    EmitWrite(sw, t.Value!, "e" + d + ".Value", depth + 1);
                    sw.Close();
                    if (concreteMap) sw.Close();
                    break;
            }
            sw.Close();
            sw.Close();
        }

        private static string ElementDescriptor(TypeRef element)
        {
            int flags = element.Kind == TypeKind.Nullable ? AmberCode.DescriptorNullable : 0;
            if (element.WireType is not WireType known) return "(byte)(" + WireTypeInt(element) + " | " + flags + ")";
            return Hex((int)known | flags);
        }

        private static string MapDescriptor(TypeRef map)
        {
            int flags = map.Value!.Kind == TypeKind.Nullable ? AmberCode.MapNullableValues : 0;
            if (map.Element!.WireType is not WireType key || map.Value.WireType is not WireType value)
                return "(byte)(" + WireTypeInt(map.Element) + " | (" + WireTypeInt(map.Value) + " << 4) | " + flags + ")";
            return Hex((int)key | ((int)value << 4) | flags);
        }

        // ------------------------------------------------------------------ reading values

        /// <summary>
        /// Reads a value of type <paramref name="t"/> into <paramref name="target"/>. With
        /// <paramref name="wt"/> (the name of a WireType variable) the writer's wire type is checked
        /// and widened first; without it the caller guarantees the reader's own wire type.
        /// </summary>
        private static void EmitRead(SourceWriter sw, TypeRef t, string target, string? wt, int depth)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    if (wt != null && t.Scalar == "Double") { sw.Line(target + " = r.ReadDouble(" + wt + ");"); return; }
                    if (wt != null && t.Scalar == "Single") { sw.Line(target + " = r.ReadSingle(" + wt + ");"); return; }
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + WireTypeExpr(t) + ", \"" + t.Scalar + "\");");
                    sw.Line(target + " = r.Read" + t.Scalar + "()" + (t.IsValueType ? "" : "!") + ";");
                    return;
                case TypeKind.Enum:
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + W + "Varint, \"an enum\");");
                    sw.Line(target + " = (" + t.FullName + ")r.Read" + t.Scalar + "();");
                    return;
                case TypeKind.Nullable:
                    EmitRead(sw, t.Element!, target, wt, depth);
                    return;
                case TypeKind.Object:
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + W + "Object, \"an object\");");
                    sw.Line(target + " = " + CodecName(t.ObjectId!) + ".Read(ref r)" + (t.IsValueType ? "" : "!") + ";");
                    return;
                case TypeKind.ByteArray:
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + W + "Bytes, \"a byte array\");");
                    sw.Line(target + " = r.ReadBytes()!;");
                    return;
                case TypeKind.Surrogate:
                {
                    TypeRef sg = t.Element!;
                    bool nullObject = !t.IsValueType && sg.IsValueType && sg.WireType == WireType.Object;
                    if (nullObject)
                    {
                        // A null target was written as a null object (the surrogate struct has no null of its own).
                        sw.Open("if (" + (wt != null ? wt + " == " + W + "Object && " : "") + "r.TryReadNull())");
                        sw.Line(target + " = null!;");
                        sw.Close();
                        sw.Open("else");
                    }
                    else
                    {
                        sw.Open();
                    }
                    sw.Line(sg.FullName + " sg" + d + " = default!;");
                    EmitRead(sw, sg, "sg" + d, wt, depth + 1);
                    if (!t.IsValueType && !sg.IsValueType) sw.Line(target + " = sg" + d + " is null ? null! : (" + t.FullName + ")sg" + d + ";");
                    else sw.Line(target + " = (" + t.FullName + ")sg" + d + ";");
                    sw.Close();
                    return;
                }
                case TypeKind.Custom:
                    sw.Line(target + " = " + FormatterInstance(t) + ".Read(ref r, " + (wt ?? FormatterInstance(t) + ".WireType") + ");");
                    return;
                case TypeKind.Polymorphic:
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + W + "Object, \"an object\");");
                    sw.Line(target + " = " + PolyName(t) + ".Read(ref r)!;");
                    return;
                case TypeKind.Dynamic:
                    if (wt != null) sw.Line("r.Expect(" + wt + ", " + W + "Object, \"an object\");");
                    sw.Line(target + " = global::Amber.AmberKnownTypes.ReadObject(ref r)!;");
                    return;
            }

            string n = "n" + d, desc = "d" + d, id = "id" + d, x = "x" + d;
            if (wt != null) EmitExpectCollection(sw, t, wt);
            // Null, or in reference mode a back-reference (x is the collection read before); else a new collection
            // whose id (id, or -1) the reader records as soon as the collection exists.
            sw.Open();
            sw.Line("int " + n + " = r.Read" + (t.Kind == TypeKind.Map ? "Map" : "Sequence") + "Header(out byte " + desc + ", out object? " + x + ");");
            sw.Line("if (" + n + " < 0) " + target + " = r.ReferenceAs<" + t.FullName + ">(" + x + ");");
            if (t.Kind == TypeKind.Map)
            {
                sw.Open("else");
                EmitMapBody(sw, t, target, depth);
                sw.Close();
                sw.Close();
                return;
            }
            if (t.PackedPrimitive != null)
            {
                string call = t.Kind == TypeKind.Array
                    ? "r.ReadPrimitiveArray<" + t.PackedPrimitive + ">(" + n + ", " + desc + ")"
                    : "global::Amber.AmberCollections.ReadList<" + t.PackedPrimitive + ">(ref r, " + n + ", " + desc + ")";
                sw.Line("else " + target + " = r.RecordCollection(" + call + ");");
                sw.Close();
                return;
            }
            if (t.Element!.Rows && (t.Kind == TypeKind.Array || t.Kind == TypeKind.Sequence && t.Collection == CollectionKind.List))
            {
                string rows = CodecName(t.Element.ObjectId!) + ".ReadRowsArray(ref r, " + n + ")";
                sw.Line("else if (" + desc + " == " + Hex(AmberCode.DescriptorRows) + ") " + target + " = r.RecordCollection(" + (t.Kind == TypeKind.Array ? rows : "new global::System.Collections.Generic.List<" + t.Element.FullName + ">(" + rows + ")") + ");");
            }
            sw.Open("else");
            if (t.Kind == TypeKind.MultiArray) EmitMultiArrayBody(sw, t, target, depth);
            else EmitSequenceBody(sw, t, target, depth);
            sw.Close();
            sw.Close();
        }

        /// <summary>Checks the writer's wire type of a collection (a map or a sequence) before its read.</summary>
        private static void EmitExpectCollection(SourceWriter sw, TypeRef t, string wt)
        {
            if (t.Kind == TypeKind.Map) sw.Line("r.Expect(" + wt + ", " + W + "Map, \"a dictionary\");");
            else sw.Line("r.Expect(" + wt + ", " + W + "Sequence, \"a collection\");");
        }

    }
}
