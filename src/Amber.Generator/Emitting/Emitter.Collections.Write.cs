using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Writing collections: the null or back-reference check, then packed, rows, or a header and each element (format §6, §7.2).</summary>
    internal static partial class Emitter
    {
        /// <summary>
        /// A collection: null or back-reference (reference mode, docs/format.md §7.2), else header and elements. With
        /// <paramref name="head"/> false the caller has checked null and identity already.
        /// </summary>
        private static void EmitCollectionWrite(SourceWriter sw, TypeRef t, string expr, int depth, bool head)
        {
            string c = WriteLocal.Collection(depth);
            using (sw.Block())
            {
                sw.Line($"var {c} = {expr};");
                OpenCollectionGuard(sw, t, c, head);
                EmitCollectionBodyWrite(sw, t, c, depth);
                sw.Close();
            }
        }

        /// <summary>Opens the block that writes a collection which is there and not written before.</summary>
        private static void OpenCollectionGuard(SourceWriter sw, TypeRef t, string c, bool head)
        {
            if (t.Collection is CollectionKind.ImmutableArray or CollectionKind.ArraySegment)
            {
                // A value type: no identity of its own (its header still takes an id); its default has no array.
                using (sw.Block(t.Collection == CollectionKind.ArraySegment ? $"if ({c}.Array is null)" : $"if ({c}.IsDefault)"))
                {
                    sw.Line("w.WriteNullCollection();");
                }
                sw.Open("else");
            }
            else if (head && !t.IsValueType)
            {
                sw.Open($"if (!w.TryWriteCollectionReference({c}))");
            }
            else
            {
                sw.Open();
            }
        }

        /// <summary>The collection <paramref name="c"/>, known to be there: packed, as rows, or a header and its elements.</summary>
        private static void EmitCollectionBodyWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            switch (t.Kind)
            {
                case TypeKind.Array when t.PackedPrimitive != null:
                    sw.Line($"w.WritePacked<{t.PackedPrimitive}>({c});");
                    return;
                case TypeKind.Sequence when t.PackedPrimitive != null:
                    sw.Line($"w.WritePacked<{t.PackedPrimitive}>(global::Amber.Metadata.AmberCollections.AsSpan({c}));");
                    return;
                case TypeKind.Array when t.Element!.Rows:
                    sw.Line($"{CodecName(t.Element.ObjectId!)}.WriteRows(ref w, {c});");
                    return;
                case TypeKind.Sequence when t.Element!.Rows && t.Collection == CollectionKind.List && !t.IsInterface:
                    sw.Line($"{CodecName(t.Element.ObjectId!)}.WriteRows(ref w, global::Amber.Metadata.AmberCollections.AsSpan({c}));");
                    return;
                case TypeKind.Array:
                    EmitArrayWrite(sw, t, c, depth);
                    return;
                case TypeKind.MultiArray:
                    EmitMultiArrayWrite(sw, t, c, depth);
                    return;
                case TypeKind.Sequence:
                    EmitSequenceWrite(sw, t, c, depth);
                    return;
                case TypeKind.Map:
                    EmitMapWrite(sw, t, c, depth);
                    return;
            }
        }

        /// <summary>An array: its length, then each element by index.</summary>
        private static void EmitArrayWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            string i = WriteLocal.Index(depth);
            sw.Line($"w.WriteSequenceHeader({c}.Length, {ElementDescriptor(t.Element!)});");
            bool nests = NestsCollections(t.Element!);
            if (nests) sw.Line("w.EnterDepth();");
            using (sw.Block($"for (int {i} = 0; {i} < {c}.Length; {i}++)"))
            {
                EmitWrite(sw, t.Element!, $"{c}[{i}]", depth + 1);
            }
            if (nests) sw.Line("w.ExitDepth();");
        }

        /// <summary>The lengths of each dimension, then the elements in row-major order (what foreach gives).</summary>
        private static void EmitMultiArrayWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            string lengths = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => $"{c}.GetLength({Int(r)})"));
            sw.Line($"w.WriteShapedSequenceHeader(new int[] {{ {lengths} }}, {ElementDescriptor(t.Element!)});");
            EmitEachElementWrite(sw, t.Element!, c, depth);
        }

        /// <summary>A sequence: its count (counted by enumeration where it has none), then each element in enumeration order.</summary>
        private static void EmitSequenceWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            if (EmitFrameworkSequenceWrite(sw, t, c, depth)) return;
            bool concrete = t.IsInterface && t.Collection == CollectionKind.List;   // IEnumerable, ICollection, IList, IReadOnlyList, IReadOnlyCollection
            if (concrete) EmitListOrArrayWrite(sw, t, c, depth);
            string count;
            string items = c;
            if (t.Collection == CollectionKind.AddableCollection
                || t.IsInterface && t.FullName.StartsWith("global::System.Collections.Generic.IEnumerable<", System.StringComparison.Ordinal))
            {
                string s = WriteLocal.Enumerable(depth), k = WriteLocal.Counted(depth);
                sw.Line($"global::System.Collections.Generic.IEnumerable<{t.Element!.FullName}> {s} = {c};");
                sw.Line($"int {k} = global::Amber.Metadata.AmberCollections.CountOf(ref {s});");
                count = k;
                items = s;
            }
            else
            {
                count = c + (t.Collection == CollectionKind.ImmutableArray ? ".Length" : ".Count");
            }
            if (t.Collection == CollectionKind.ImmutableQueue || t.Collection == CollectionKind.ImmutableStack)
            {
                string b = WriteLocal.Buffered(depth);
                sw.Line($"var {b} = new global::System.Collections.Generic.List<{t.Element!.FullName}>({c});");
                count = b + ".Count";
                items = b;
            }
            sw.Line($"w.WriteSequenceHeader({count}, {ElementDescriptor(t.Element!)});");
            EmitEachElementWrite(sw, t.Element!, items, depth);
            if (concrete) sw.Close();
        }

        /// <summary>
        /// The framework sequences written other than by Count and enumeration: a BitArray packed as booleans, Memory and
        /// ArraySegment from their span, the concurrent collections from a ToArray snapshot (the count cannot disagree with
        /// the items another thread adds meanwhile), a PriorityQueue from its UnorderedItems. False for any other sequence.
        /// </summary>
        private static bool EmitFrameworkSequenceWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            TypeRef element = t.Element!;
            switch (t.Collection)
            {
                case CollectionKind.BitArray:
                {
                    string bits = WriteLocal.Buffered(depth);
                    sw.Line($"var {bits} = new bool[{c}.Length];");
                    sw.Line($"{c}.CopyTo({bits}, 0);");
                    sw.Line($"w.WritePacked<bool>({bits});");
                    return true;
                }
                case CollectionKind.Memory:
                case CollectionKind.ArraySegment:
                {
                    string span = t.Collection == CollectionKind.Memory ? c + ".Span" : $"global::System.MemoryExtensions.AsSpan({c})";
                    if (PackableKeyword(element) is string packed)
                    {
                        sw.Line($"w.WritePacked<{packed}>({span});");
                        return true;
                    }
                    string items = WriteLocal.Buffered(depth), i = WriteLocal.Index(depth);
                    sw.Line($"global::System.ReadOnlySpan<{element.FullName}> {items} = {span};");
                    sw.Line($"w.WriteSequenceHeader({items}.Length, {ElementDescriptor(element)});");
                    using (sw.Block($"for (int {i} = 0; {i} < {items}.Length; {i}++)"))
                    {
                        EmitWrite(sw, element, $"{items}[{i}]", depth + 1);
                    }
                    return true;
                }
                case CollectionKind.ConcurrentBag:
                case CollectionKind.ConcurrentQueue:
                case CollectionKind.ConcurrentStack:
                {
                    string snapshot = WriteLocal.Buffered(depth);
                    sw.Line($"var {snapshot} = {c}.ToArray();");
                    EmitWrite(sw, new TypeRef(ArrayTypeName(element), TypeKind.Array, false, Element: element, WireType: WireType.Sequence, PackedPrimitive: PackableKeyword(element)),
                        snapshot, depth + 1, head: false);
                    return true;
                }
                case CollectionKind.PriorityQueue:
                    sw.Line($"w.WriteSequenceHeader({c}.Count, {ElementDescriptor(element)});");
                    EmitEachElementWrite(sw, element, c + ".UnorderedItems", depth);
                    return true;
                default:
                    return false;
            }
        }

        /// <summary>
        /// Most interface-typed members hold a List&lt;T&gt; or a T[]: enumerate those concretely (no enumerator allocation,
        /// rows and packed paths), anything else through the interface, in the <c>else</c> block this opens.
        /// </summary>
        private static void EmitListOrArrayWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            TypeRef element = t.Element!;
            string list = WriteLocal.AsList(depth), array = WriteLocal.AsArray(depth);
            string listType = "global::System.Collections.Generic.List<" + element.FullName + ">";
            using (sw.Block($"if ({c} is {listType} {list})"))
            {
                EmitWrite(sw, t with { FullName = listType, IsInterface = false, PackedPrimitive = PackableKeyword(element) }, list, depth + 1, head: false);
            }
            using (sw.Block($"else if ({c} is {ArrayTypeName(element)} {array})"))
            {
                EmitWrite(sw, new TypeRef(ArrayTypeName(element), TypeKind.Array, false, Element: element, WireType: WireType.Sequence, PackedPrimitive: PackableKeyword(element)), array, depth + 1, head: false);
            }
            sw.Open("else");
        }

        /// <summary>A map: an interface-typed one holding a Dictionary is enumerated as that (no enumerator allocation).</summary>
        private static void EmitMapWrite(SourceWriter sw, TypeRef t, string c, int depth)
        {
            bool concrete = t.IsInterface && t.Collection == CollectionKind.Dictionary;   // IDictionary, IReadOnlyDictionary
            if (t.Collection == CollectionKind.ConcurrentDictionary)
            {
                // A snapshot: entries added or removed while it is written cannot make the count disagree with the entries.
                string snapshot = WriteLocal.Buffered(depth);
                sw.Line($"var {snapshot} = {c}.ToArray();");
                EmitEntriesWrite(sw, t, snapshot, depth, snapshot + ".Length");
                return;
            }
            if (concrete)
            {
                string dictionary = WriteLocal.AsDictionary(depth);
                using (sw.Block($"if ({c} is global::System.Collections.Generic.Dictionary<{t.Element!.FullName}, {t.Value!.FullName}> {dictionary})"))
                {
                    EmitEntriesWrite(sw, t, dictionary, depth);
                }
                sw.Open("else");
            }
            EmitEntriesWrite(sw, t, c, depth);
            if (concrete) sw.Close();
        }

        /// <summary>A map's header, then each key and value.</summary>
        private static void EmitEntriesWrite(SourceWriter sw, TypeRef t, string map, int depth, string? count = null)
        {
            string e = WriteLocal.Element(depth);
            sw.Line($"w.WriteMapHeader({count ?? map + ".Count"}, {MapDescriptor(t)});");
            bool nests = NestsCollections(t.Element!) || NestsCollections(t.Value!);
            if (nests) sw.Line("w.EnterDepth();");
            using (sw.Block($"foreach (var {e} in {map})"))
            {
                EmitWrite(sw, t.Element!, e + ".Key", depth + 1);
                EmitWrite(sw, t.Value!, e + ".Value", depth + 1);
            }
            if (nests) sw.Line("w.ExitDepth();");
        }

        /// <summary>
        /// Whether elements (keys, values) of this type are collections, which sit one nesting level deeper than the
        /// collection holding them, as every reader of the format counts them (docs/security.md, "Bounded nesting").
        /// </summary>
        internal static bool NestsCollections(TypeRef element) => element.WireType is WireType.Sequence or WireType.Map;

        /// <summary>Each element of <paramref name="items"/>, in enumeration order.</summary>
        private static void EmitEachElementWrite(SourceWriter sw, TypeRef element, string items, int depth)
        {
            string e = WriteLocal.Element(depth);
            bool nests = NestsCollections(element);
            if (nests) sw.Line("w.EnterDepth();");
            using (sw.Block($"foreach (var {e} in {items})"))
            {
                EmitWrite(sw, element, e, depth + 1);
            }
            if (nests) sw.Line("w.ExitDepth();");
        }

        /// <summary>A sequence header's descriptor byte: the elements' wire type, and whether each has a presence byte.</summary>
        private static string ElementDescriptor(TypeRef element)
        {
            int flags = element.Kind == TypeKind.Nullable ? AmberCode.DescriptorNullable : 0;
            if (element.WireType is not WireType known) return "(byte)(" + WireTypeInt(element) + " | " + flags + ")";
            return Hex((int)known | flags);
        }

        /// <summary>A map header's descriptor byte: the keys' and values' wire types, and whether each value has a presence byte.</summary>
        private static string MapDescriptor(TypeRef map)
        {
            int flags = map.Value!.Kind == TypeKind.Nullable ? AmberCode.MapNullableValues : 0;
            if (map.Element!.WireType is not WireType key || map.Value.WireType is not WireType value)
                return "(byte)(" + WireTypeInt(map.Element) + " | (" + WireTypeInt(map.Value) + " << 4) | " + flags + ")";
            return Hex((int)key | ((int)value << 4) | flags);
        }
    }
}
