using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Reading collections: the header and back-reference, then packed or rows data, or the element loop into the collection's builder.</summary>
    internal static partial class Emitter
    {
        /// <summary>
        /// Null, or in reference mode a back-reference (to the collection read before); else a new collection whose id
        /// the reader records as soon as the collection exists.
        /// </summary>
        private static void EmitCollectionRead(SourceWriter sw, TypeRef t, string target, string? wt, int depth)
        {
            string n = ReadLocal.Count(depth), desc = ReadLocal.Descriptor(depth), x = ReadLocal.Existing(depth);
            EmitExpect(sw, t, wt);
            using (sw.Block())
            {
                sw.Line($"int {n} = r.Read{(t.Kind == TypeKind.Map ? "Map" : "Sequence")}Header(out byte {desc}, out object? {x});");
                sw.Line($"if ({n} < 0) {target} = r.ReferenceAs<{t.FullName}>({x});");
                if (t.Kind == TypeKind.Map)
                {
                    using (sw.Block("else")) EmitMapBody(sw, t, target, depth);
                    return;
                }
                if (t.PackedPrimitive != null)
                {
                    string call = t.Kind == TypeKind.Array
                        ? $"r.ReadPrimitiveArray<{t.PackedPrimitive}>({n}, {desc})"
                        : $"global::Amber.Metadata.AmberCollections.ReadList<{t.PackedPrimitive}>(ref r, {n}, {desc})";
                    sw.Line($"else {target} = r.RecordCollection({call});");
                    return;
                }
                if (t.Element!.Rows && (t.Kind == TypeKind.Array || t.Kind == TypeKind.Sequence && t.Collection == CollectionKind.List))
                {
                    string rows = $"{CodecName(t.Element.ObjectId!)}.ReadRowsArray(ref r, {n})";
                    if (t.Kind != TypeKind.Array) rows = $"new global::System.Collections.Generic.List<{t.Element.FullName}>({rows})";
                    sw.Line($"else if ({desc} == {Hex(AmberCode.DescriptorRows)}) {target} = r.RecordCollection({rows});");
                }
                using (sw.Block("else"))
                {
                    if (t.Kind == TypeKind.MultiArray) EmitMultiArrayBody(sw, t, target, depth);
                    else EmitSequenceBody(sw, t, target, depth);
                }
            }
        }

        /// <summary>
        /// The element loop: elements written as rows or packed (when the element type can be), else each element of the
        /// descriptor's wire type with its presence byte, its index added to the path of an error.
        /// </summary>
        private static void EmitElementLoop(SourceWriter sw, TypeRef element, string count, string desc, int depth, System.Action<string> consume,
            string built, bool record)
        {
            // Known before its elements are read, so an element that refers back to it (a cycle) finds it.
            if (record) sw.Line($"r.SetReference({ReadLocal.CollectionId(depth)}, {built});");
            string i = ReadLocal.Index(depth), ewt = ReadLocal.ElementWire(depth), nl = ReadLocal.Nullable(depth), e = ReadLocal.Element(depth);
            if (element.Rows)
            {
                // Rows data read into a collection kind that is not written as rows (a List written, a HashSet read).
                OpenBulkElements(sw, $"{desc} == {Hex(AmberCode.DescriptorRows)}", ReadLocal.Rows(depth),
                    $"{CodecName(element.ObjectId!)}.ReadRowsArray(ref r, {count})", count, depth, consume);
            }
            string? packed = PackableKeyword(element);
            if (packed != null)
            {
                // Any collection of primitives reads packed data too (a List<int> written, a HashSet<int> read).
                OpenBulkElements(sw, $"({desc} & {Hex(AmberCode.DescriptorPacked)}) != 0", ReadLocal.Packed(depth),
                    $"r.ReadPrimitiveArray<{packed}>({count}, {desc})", count, depth, consume);
            }
            sw.Line($"var {ewt} = (global::Amber.WireType)({desc} & {AmberCode.WireTypeMask});");
            sw.Line($"bool {nl} = ({desc} & {Hex(AmberCode.DescriptorNullable)}) != 0;");
            sw.Line($"if (({desc} & {Hex(AmberCode.DescriptorLayoutBits)}) != 0) global::Amber.Metadata.AmberThrow.Malformed(r.Position, \"A collection has packed, rows or shaped elements where plain elements were expected (rows read only into structs of primitives)\");");
            sw.Line($"int {i} = 0;");
            // Collections in a collection sit one nesting level deeper (docs/security.md, "Bounded nesting").
            bool nests = NestsCollections(element);
            if (nests) sw.Line("r.EnterDepth();");
            using (sw.Block("try"))
            using (sw.Block($"for (; {i} < {count}; {i}++)"))
            {
                sw.Line($"{element.FullName} {e} = default!;");
                using (sw.Block($"if (!{nl} || r.ReadPresence())"))
                {
                    EmitRead(sw, element, e, ewt, depth + 1);
                }
                consume(e);
            }
            EmitPathFilter(sw, $"ex.PassingIndex({i})");
            if (nests) sw.Line("r.ExitDepth();");
            if (packed != null) sw.Close();
            if (element.Rows) sw.Close();
        }

        /// <summary>Elements read all at once into an array by <paramref name="read"/> when <paramref name="test"/> holds, then consumed one by one; opens the <c>else</c> for the other encodings.</summary>
        private static void OpenBulkElements(SourceWriter sw, string test, string array, string read, string count, int depth, System.Action<string> consume)
        {
            string i = ReadLocal.Index(depth), e = ReadLocal.Element(depth);
            using (sw.Block($"if ({test})"))
            {
                sw.Line($"var {array} = {read};");
                using (sw.Block($"for (int {i} = 0; {i} < {count}; {i}++)"))
                {
                    sw.Line($"var {e} = {array}[{i}];");
                    consume(e);
                }
            }
            sw.Open("else");
        }

        /// <summary>
        /// Adds a step to an AmberException's member path as it passes, in an exception filter that
        /// returns false: nothing is caught or rethrown. A catch-and-rethrow per level nests one exception
        /// dispatch per level on the stack while unwinding, so a truncated payload 50 objects deep
        /// overflowed a 768 KB stack.
        /// </summary>
        private static void EmitPathFilter(SourceWriter sw, string step)
        {
            using (sw.Block($"catch (global::Amber.AmberException ex) when ({step})"))
            {
                sw.Line("throw;   // never runs: the filter returns false");
            }
        }

        /// <summary>A sequence (or array) read into its builder element by element, then finished.</summary>
        private static void EmitSequenceBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string n = ReadLocal.Count(depth), b = ReadLocal.Builder(depth), i = ReadLocal.Index(depth);
            sw.Line($"int {ReadLocal.CollectionId(depth)} = r.LastReservedReference;");
            SequenceBuilder builder = SequenceBuilderOf(t, n);
            sw.Line($"var {b} = {builder.Creation};");
            System.Action<string> add = builder.Add == null
                ? e => sw.Line($"{b}[{i}] = {e};")
                : e => sw.Line($"{b}.{builder.Add}({e});");
            EmitElementLoop(sw, t.Element!, n, ReadLocal.Descriptor(depth), depth, add, b, record: builder.Finish == null);
            EmitFinish(sw, t, target, builder.Finish?.Invoke(b), depth);
        }

        /// <summary>
        /// How a sequence being read is built: the builder's creation for <paramref name="count"/> elements, the method that
        /// adds an element (null: an array, assigned by index), and the collection made of the finished builder (null: the
        /// builder is the collection).
        /// </summary>
        private readonly struct SequenceBuilder
        {
            public SequenceBuilder(string creation, string? add, System.Func<string, string>? finish = null)
            {
                Creation = creation;
                Add = add;
                Finish = finish;
            }

            public string Creation { get; }
            public string? Add { get; }
            public System.Func<string, string>? Finish { get; }
        }

        private static SequenceBuilder SequenceBuilderOf(TypeRef t, string count)
        {
            string el = t.Element!.FullName;
            const string Generic = "global::System.Collections.Generic.";
            const string Immutable = "global::System.Collections.Immutable.";
            const string Concurrent = "global::System.Collections.Concurrent.";
            string list = $"new {Generic}List<{el}>({count})";
            if (t.Kind == TypeKind.Array) return new SequenceBuilder(ArrayCreation(t.Element!, count), add: null);
            return t.Collection switch
            {
                CollectionKind.List => new SequenceBuilder(list, "Add"),
                CollectionKind.HashSet => new SequenceBuilder($"new {Generic}HashSet<{el}>({count}, {KeyComparer(el)})", "Add"),
                CollectionKind.SortedSet => new SequenceBuilder($"new {Generic}SortedSet<{el}>()", "Add"),
                CollectionKind.Queue => new SequenceBuilder($"new {Generic}Queue<{el}>({count})", "Enqueue"),
                CollectionKind.Stack => new SequenceBuilder(list, "Add", b => $"new {Generic}Stack<{el}>(global::Amber.Metadata.AmberCollections.Reversed({b}))"),
                CollectionKind.LinkedList => new SequenceBuilder($"new {Generic}LinkedList<{el}>()", "AddLast"),
                CollectionKind.ReadOnlyCollection => new SequenceBuilder(list, "Add", b => $"new global::System.Collections.ObjectModel.ReadOnlyCollection<{el}>({b})"),
                CollectionKind.ImmutableArray => new SequenceBuilder($"{Immutable}ImmutableArray.CreateBuilder<{el}>({count})", "Add", b => b + ".MoveToImmutable()"),
                CollectionKind.ImmutableList => new SequenceBuilder($"{Immutable}ImmutableList.CreateBuilder<{el}>()", "Add", b => b + ".ToImmutable()"),
                CollectionKind.ImmutableHashSet => new SequenceBuilder($"{Immutable}ImmutableHashSet.CreateBuilder<{el}>({KeyComparer(el)})", "Add", b => b + ".ToImmutable()"),
                CollectionKind.ImmutableSortedSet => new SequenceBuilder($"{Immutable}ImmutableSortedSet.CreateBuilder<{el}>()", "Add", b => b + ".ToImmutable()"),
                CollectionKind.ImmutableQueue => new SequenceBuilder(list, "Add", b => $"{Immutable}ImmutableQueue.CreateRange({b})"),
                CollectionKind.ImmutableStack => new SequenceBuilder(list, "Add", b => $"{Immutable}ImmutableStack.CreateRange(global::Amber.Metadata.AmberCollections.Reversed({b}))"),
                CollectionKind.FrozenSet => new SequenceBuilder(list, "Add", b => $"global::System.Collections.Frozen.FrozenSet.ToFrozenSet({b}, {KeyComparer(el)})"),
                CollectionKind.ConcurrentBag => new SequenceBuilder($"new {Concurrent}ConcurrentBag<{el}>()", "Add"),
                CollectionKind.ConcurrentQueue => new SequenceBuilder($"new {Concurrent}ConcurrentQueue<{el}>()", "Enqueue"),
                CollectionKind.ConcurrentStack => new SequenceBuilder(list, "Add", b => $"new {Concurrent}ConcurrentStack<{el}>(global::Amber.Metadata.AmberCollections.Reversed({b}))"),
                // Built at once from every item with its priority; the order of equal priorities is the queue's own.
                CollectionKind.PriorityQueue => new SequenceBuilder(list, "Add", b => $"new {t.FullName}({b})"),
                CollectionKind.BitArray => new SequenceBuilder($"new bool[{count}]", add: null, b => $"new global::System.Collections.BitArray({b})"),
                CollectionKind.ArraySegment or CollectionKind.Memory => new SequenceBuilder(ArrayCreation(t.Element!, count), add: null, b => $"new {t.FullName}({b})"),
                _ => new SequenceBuilder($"new {t.FullName}()", "Add"),   // AddableCollection
            };
        }

        /// <summary>
        /// Assigns the collection read. In reference mode one that exists only now (<paramref name="finished"/>: an immutable
        /// collection, a stack) is recorded under its id now; one created before its elements was recorded then (see EmitElementLoop).
        /// </summary>
        private static void EmitFinish(SourceWriter sw, TypeRef t, string target, string? finished, int depth)
        {
            string b = ReadLocal.Builder(depth);
            if (finished == null || t.IsValueType)
            {
                sw.Line($"{target} = {finished ?? b};");
                return;
            }
            string f = ReadLocal.Finished(depth);
            sw.Line($"var {f} = {finished};");
            sw.Line($"r.SetReference({ReadLocal.CollectionId(depth)}, {f});");
            sw.Line($"{target} = {f};");
        }

        /// <summary>The key comparer of a hash-based collection being read: null unless AmberOptions.HardenedKeyHashing (docs/security.md).</summary>
        private static string KeyComparer(string keyType) => "global::Amber.Metadata.AmberKeys.Comparer<" + keyType + ">(r.Options)";

        /// <summary>A map read entry by entry into its builder: a null key and a key read twice are errors.</summary>
        private static void EmitMapBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string n = ReadLocal.Count(depth), desc = ReadLocal.Descriptor(depth), b = ReadLocal.Builder(depth), i = ReadLocal.Index(depth);
            string kwt = ReadLocal.KeyWire(depth), vwt = ReadLocal.ValueWire(depth), nl = ReadLocal.Nullable(depth);
            string k = ReadLocal.Key(depth), v = ReadLocal.Value(depth);
            sw.Line($"int {ReadLocal.CollectionId(depth)} = r.LastReservedReference;");
            (string creation, string? finished, bool isDictionary) = MapBuilderOf(t, n, b);
            sw.Line($"var {b} = {creation};");
            if (finished == null) sw.Line($"r.SetReference({ReadLocal.CollectionId(depth)}, {b});");
            sw.Line($"var {kwt} = (global::Amber.WireType)({desc} & {AmberCode.WireTypeMask});");
            sw.Line($"var {vwt} = (global::Amber.WireType)(({desc} >> {AmberCode.MapValueWireTypeShift}) & {AmberCode.WireTypeMask});");
            sw.Line($"bool {nl} = ({desc} & {Hex(AmberCode.MapNullableValues)}) != 0;");
            sw.Line($"int {i} = 0;");
            bool nests = NestsCollections(t.Element!) || NestsCollections(t.Value!);
            if (nests) sw.Line("r.EnterDepth();");
            using (sw.Block("try"))
            using (sw.Block($"for (; {i} < {n}; {i}++)"))
            {
                sw.Line($"{t.Element!.FullName} {k} = default!;");
                EmitRead(sw, t.Element!, k, kwt, depth + 1);
                if (!t.Element!.IsValueType) sw.Line($"if ({k} is null) global::Amber.Metadata.AmberThrow.Malformed(r.Position, \"A dictionary key is null\");");
                sw.Line($"{t.Value!.FullName} {v} = default!;");
                using (sw.Block($"if (!{nl} || r.ReadPresence())"))
                {
                    EmitRead(sw, t.Value!, v, vwt, depth + 1);
                }
                // A key that appears twice is damaged or crafted input, not a value to overwrite silently.
                if (isDictionary)
                {
                    sw.Line($"if (!{b}.TryAdd({k}, {v})) global::Amber.Metadata.AmberThrow.DuplicateKey(r.Position, {k});");
                }
                else
                {
                    sw.Line($"if ({b}.ContainsKey({k})) global::Amber.Metadata.AmberThrow.DuplicateKey(r.Position, {k});");
                    sw.Line($"{b}[{k}] = {v};");
                }
            }
            EmitPathFilter(sw, $"ex.PassingIndex({i})");
            if (nests) sw.Line("r.ExitDepth();");
            EmitFinish(sw, t, target, finished, depth);
        }

        /// <summary>
        /// How a map being read is built: the builder's creation, the map made of the finished builder (null: the builder is
        /// the map), and whether the builder is a Dictionary (which adds with TryAdd).
        /// </summary>
        private static (string Creation, string? Finished, bool IsDictionary) MapBuilderOf(TypeRef t, string count, string b)
        {
            string k = t.Element!.FullName, v = t.Value!.FullName;
            string dictionary = $"new global::System.Collections.Generic.Dictionary<{k}, {v}>({count}, {KeyComparer(k)})";
            const string Immutable = "global::System.Collections.Immutable.";
            return t.Collection switch
            {
                CollectionKind.SortedDictionary => ($"new global::System.Collections.Generic.SortedDictionary<{k}, {v}>()", null, false),
                CollectionKind.SortedList => ($"new global::System.Collections.Generic.SortedList<{k}, {v}>({count})", null, false),
                CollectionKind.ReadOnlyDictionary => (dictionary, $"new global::System.Collections.ObjectModel.ReadOnlyDictionary<{k}, {v}>({b})", true),
                CollectionKind.ImmutableDictionary => ($"{Immutable}ImmutableDictionary.CreateBuilder<{k}, {v}>({KeyComparer(k)})", b + ".ToImmutable()", false),
                CollectionKind.ImmutableSortedDictionary => ($"{Immutable}ImmutableSortedDictionary.CreateBuilder<{k}, {v}>()", b + ".ToImmutable()", false),
                CollectionKind.AddableDictionary => ($"new {t.FullName}()", null, false),
                CollectionKind.FrozenDictionary => (dictionary, $"global::System.Collections.Frozen.FrozenDictionary.ToFrozenDictionary({b}, {KeyComparer(k)})", true),
                CollectionKind.ConcurrentDictionary => ($"new global::System.Collections.Concurrent.ConcurrentDictionary<{k}, {v}>({KeyComparer(k)})", null, true),
                _ => (dictionary, null, true),
            };
        }

        /// <summary>A multi-dimensional array: its lengths, then the elements in row-major order placed by a multi-index.</summary>
        private static void EmitMultiArrayBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string n = ReadLocal.Count(depth), desc = ReadLocal.Descriptor(depth), b = ReadLocal.Builder(depth), len = ReadLocal.Lengths(depth);
            string shaped = Hex(AmberCode.DescriptorShaped);
            sw.Line($"int {ReadLocal.CollectionId(depth)} = r.LastReservedReference;");
            sw.Line($"var {len} = new int[{Int(t.Rank)}];");
            using (sw.Block($"if ({n} > 0)"))
            {
                sw.Line($"if (({desc} & {shaped}) == 0) global::Amber.Metadata.AmberThrow.Malformed(r.Position, \"A multi-dimensional array has no dimensions\");");
                sw.Line($"{n} = r.ReadShapedLengths({Int(t.Rank)}, {n}, {len});");
                sw.Line($"{desc} = (byte)({desc} & ~{shaped});");
            }
            string dims = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => $"{len}[{Int(r)}]"));
            sw.Line($"var {b} = {ArrayCreation(t.Element!, dims)};");
            // Read row-major into a flat index, then place.
            string index = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => ReadLocal.Position(depth, r)));
            for (int r = 0; r < t.Rank; r++) sw.Line($"int {ReadLocal.Position(depth, r)} = 0;");
            EmitElementLoop(sw, t.Element!, n, desc, depth, e =>
            {
                sw.Line($"{b}[{index}] = {e};");
                // advance the multi-index, last dimension fastest
                for (int r = t.Rank - 1; r >= 0; r--)
                {
                    string x = ReadLocal.Position(depth, r);
                    sw.Line($"if (++{x} < {len}[{Int(r)}]) continue;");
                    if (r > 0) sw.Line($"{x} = 0;");
                }
            }, b, record: true);
            sw.Line($"{target} = {b};");
        }
    }
}
