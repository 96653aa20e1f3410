using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>The bodies of collection reads: element loops, sequences, maps and multi-dimensional arrays.</summary>
    internal static partial class Emitter
    {
        /// <summary>The element loop: descriptor checks, presence bytes, index in error paths.</summary>
        private static void EmitElementLoop(SourceWriter sw, TypeRef element, string count, string desc, int depth, System.Action<string> consume,
            string built, bool record)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            // Known before its elements are read, so an element that refers back to it (a cycle) finds it.
            if (record) sw.Line("r.SetReference(" + CollectionId(depth) + ", " + built + ");");
            string i = "i" + d, ewt = "ewt" + d, nl = "nl" + d, e = "e" + d;
            if (element.Rows)
            {
                // Rows data read into a collection kind that is not written as rows (a List written, a HashSet read).
                sw.Open("if (" + desc + " == " + Hex(AmberCode.DescriptorRows) + ")");
                sw.Line("var rw" + d + " = " + CodecName(element.ObjectId!) + ".ReadRowsArray(ref r, " + count + ");");
                sw.Open("for (int " + i + " = 0; " + i + " < " + count + "; " + i + "++)");
                sw.Line("var " + e + " = rw" + d + "[" + i + "];");
                consume(e);
                sw.Close();
                sw.Close();
                sw.Open("else");
            }
            string? packed = PackableKeyword(element);
            if (packed != null)
            {
                // Any collection of primitives reads packed data too (a List<int> written, a HashSet<int> read).
                sw.Open("if ((" + desc + " & " + Hex(AmberCode.DescriptorPacked) + ") != 0)");
                sw.Line("var pk" + d + " = r.ReadPrimitiveArray<" + packed + ">(" + count + ", " + desc + ");");
                sw.Open("for (int " + i + " = 0; " + i + " < " + count + "; " + i + "++)");
                sw.Line("var " + e + " = pk" + d + "[" + i + "];");
                consume(e);
                sw.Close();
                sw.Close();
                sw.Open("else");
            }
            sw.Line("var " + ewt + " = (global::Amber.WireType)(" + desc + " & " + AmberCode.WireTypeMask + ");");
            sw.Line("bool " + nl + " = (" + desc + " & " + Hex(AmberCode.DescriptorNullable) + ") != 0;");
            sw.Line("if ((" + desc + " & 0x" + AmberCode.DescriptorLayoutBits.ToString("X2", System.Globalization.CultureInfo.InvariantCulture) + ") != 0) global::Amber.AmberThrow.Malformed(r.Position, \"A collection has packed, rows or shaped elements where plain elements were expected (rows read only into structs of primitives)\");");
            sw.Line("int " + i + " = 0;");
            sw.Open("try");
            sw.Open("for (; " + i + " < " + count + "; " + i + "++)");
            sw.Line(element.FullName + " " + e + " = default!;");
            sw.Line("if (!" + nl + " || r.ReadPresence())");
            sw.Open();
            EmitRead(sw, element, e, ewt, depth + 1);
            sw.Close();
            consume(e);
            sw.Close();
            sw.Close();
            EmitPathFilter(sw, "ex.PassingIndex(" + i + ")");
            if (packed != null) sw.Close();
            if (element.Rows) sw.Close();
        }

        /// <summary>
        /// Adds a step to an AmberException's member path as it passes, in an exception filter that
        /// returns false: nothing is caught or rethrown. A catch-and-rethrow per level nests one exception
        /// dispatch per level on the stack while unwinding, so a truncated payload 50 objects deep
        /// overflowed a 768 KB stack.
        /// </summary>
        private static void EmitPathFilter(SourceWriter sw, string step)
        {
            sw.Open("catch (global::Amber.AmberException ex) when (" + step + ")");
            sw.Line("throw;   // never runs: the filter returns false");
            sw.Close();
        }

        private static string? PackableKeyword(TypeRef t)
        {
            if (t.Kind != TypeKind.Scalar) return null;
            switch (t.Scalar)
            {
                case "Byte": case "SByte": case "Int16": case "UInt16": case "Int32": case "UInt32":
                case "Int64": case "UInt64": case "Char": case "Boolean":
                    return Keyword(t.Scalar!);
                case "Single": return "float";
                case "Double": return "double";
                default: return null;
            }
        }

        private static void EmitSequenceBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            string n = "n" + d, desc = "d" + d, c = "b" + d;
            string el = t.Element!.FullName;
            sw.Line("int " + CollectionId(depth) + " = r.LastReservedReference;");
            string list = "global::System.Collections.Generic.List<" + el + ">";
            string create, add, finish;
            switch (t.Kind == TypeKind.Array ? (CollectionKind)(-1) : t.Collection)
            {
                case (CollectionKind)(-1):
                    create = "var " + c + " = " + ArrayCreation(t.Element!, n) + ";";
                    add = c + "[i" + d + "] = {0};";
                    finish = c;
                    break;
                case CollectionKind.List:
                    create = "var " + c + " = new " + list + "(" + n + ");";
                    add = c + ".Add({0});";
                    finish = c;
                    break;
                case CollectionKind.HashSet:
                    create = "var " + c + " = new global::System.Collections.Generic.HashSet<" + el + ">(" + n + ", " + KeyComparer(el) + ");";
                    add = c + ".Add({0});";
                    finish = c;
                    break;
                case CollectionKind.SortedSet:
                    create = "var " + c + " = new global::System.Collections.Generic.SortedSet<" + el + ">();";
                    add = c + ".Add({0});";
                    finish = c;
                    break;
                case CollectionKind.Queue:
                    create = "var " + c + " = new global::System.Collections.Generic.Queue<" + el + ">(" + n + ");";
                    add = c + ".Enqueue({0});";
                    finish = c;
                    break;
                case CollectionKind.Stack:
                    create = "var " + c + " = new " + list + "(" + n + ");";
                    add = c + ".Add({0});";
                    finish = "new global::System.Collections.Generic.Stack<" + el + ">(global::Amber.AmberCollections.Reversed(" + c + "))";
                    break;
                case CollectionKind.LinkedList:
                    create = "var " + c + " = new global::System.Collections.Generic.LinkedList<" + el + ">();";
                    add = c + ".AddLast({0});";
                    finish = c;
                    break;
                case CollectionKind.ReadOnlyCollection:
                    create = "var " + c + " = new " + list + "(" + n + ");";
                    add = c + ".Add({0});";
                    finish = "new global::System.Collections.ObjectModel.ReadOnlyCollection<" + el + ">(" + c + ")";
                    break;
                case CollectionKind.ImmutableArray:
                    create = "var " + c + " = global::System.Collections.Immutable.ImmutableArray.CreateBuilder<" + el + ">(" + n + ");";
                    add = c + ".Add({0});";
                    finish = c + ".MoveToImmutable()";
                    break;
                case CollectionKind.ImmutableList:
                    create = "var " + c + " = global::System.Collections.Immutable.ImmutableList.CreateBuilder<" + el + ">();";
                    add = c + ".Add({0});";
                    finish = c + ".ToImmutable()";
                    break;
                case CollectionKind.ImmutableHashSet:
                    create = "var " + c + " = global::System.Collections.Immutable.ImmutableHashSet.CreateBuilder<" + el + ">(" + KeyComparer(el) + ");";
                    add = c + ".Add({0});";
                    finish = c + ".ToImmutable()";
                    break;
                case CollectionKind.ImmutableSortedSet:
                    create = "var " + c + " = global::System.Collections.Immutable.ImmutableSortedSet.CreateBuilder<" + el + ">();";
                    add = c + ".Add({0});";
                    finish = c + ".ToImmutable()";
                    break;
                case CollectionKind.ImmutableQueue:
                    create = "var " + c + " = new " + list + "(" + n + ");";
                    add = c + ".Add({0});";
                    finish = "global::System.Collections.Immutable.ImmutableQueue.CreateRange(" + c + ")";
                    break;
                case CollectionKind.ImmutableStack:
                    create = "var " + c + " = new " + list + "(" + n + ");";
                    add = c + ".Add({0});";
                    finish = "global::System.Collections.Immutable.ImmutableStack.CreateRange(global::Amber.AmberCollections.Reversed(" + c + "))";
                    break;
                default: // AddableCollection
                    create = "var " + c + " = new " + t.FullName + "();";
                    add = c + ".Add({0});";
                    finish = c;
                    break;
            }
            sw.Line(create);
            EmitElementLoop(sw, t.Element!, n, desc, depth, e => sw.Line(string.Format(CultureInfo.InvariantCulture, add, e)), c, finish == c);
            EmitFinish(sw, t, target, c, finish, depth);
        }

        /// <summary>
        /// Assigns the collection read. In reference mode one that exists only now (an immutable collection, a stack)
        /// is recorded under its id now; one created before its elements was recorded then (see EmitElementLoop).
        /// </summary>
        private static void EmitFinish(SourceWriter sw, TypeRef t, string target, string built, string finish, int depth)
        {
            if (finish == built || t.IsValueType)
            {
                sw.Line(target + " = " + finish + ";");
                return;
            }
            string f = "f" + depth.ToString(CultureInfo.InvariantCulture);
            sw.Line("var " + f + " = " + finish + ";");
            sw.Line("r.SetReference(" + CollectionId(depth) + ", " + f + ");");
            sw.Line(target + " = " + f + ";");
        }

        /// <summary>The local that holds the object id of the collection being read at <paramref name="depth"/> (-1 outside reference mode).</summary>
        private static string CollectionId(int depth) => "id" + depth.ToString(CultureInfo.InvariantCulture);

        /// <summary>The key comparer of a hash-based collection being read: null unless AmberOptions.HardenedKeyHashing (docs/security.md).</summary>
        private static string KeyComparer(string keyType) => "global::Amber.AmberKeys.Comparer<" + keyType + ">(r.Options)";

        private static void EmitMapBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            string n = "n" + d, desc = "d" + d, c = "b" + d, i = "i" + d;
            string k = t.Element!.FullName, v = t.Value!.FullName;
            string dict = "global::System.Collections.Generic.Dictionary<" + k + ", " + v + ">";
            string create, finish;
            sw.Line("int " + CollectionId(depth) + " = r.LastReservedReference;");
            switch (t.Collection)
            {
                case CollectionKind.SortedDictionary:
                    create = "new global::System.Collections.Generic.SortedDictionary<" + k + ", " + v + ">()"; finish = c; break;
                case CollectionKind.SortedList:
                    create = "new global::System.Collections.Generic.SortedList<" + k + ", " + v + ">(" + n + ")"; finish = c; break;
                case CollectionKind.ReadOnlyDictionary:
                    create = "new " + dict + "(" + n + ", " + KeyComparer(k) + ")"; finish = "new global::System.Collections.ObjectModel.ReadOnlyDictionary<" + k + ", " + v + ">(" + c + ")"; break;
                case CollectionKind.ImmutableDictionary:
                    create = "global::System.Collections.Immutable.ImmutableDictionary.CreateBuilder<" + k + ", " + v + ">(" + KeyComparer(k) + ")"; finish = c + ".ToImmutable()"; break;
                case CollectionKind.ImmutableSortedDictionary:
                    create = "global::System.Collections.Immutable.ImmutableSortedDictionary.CreateBuilder<" + k + ", " + v + ">()"; finish = c + ".ToImmutable()"; break;
                case CollectionKind.AddableDictionary:
                    create = "new " + t.FullName + "()"; finish = c; break;
                default:
                    create = "new " + dict + "(" + n + ", " + KeyComparer(k) + ")"; finish = c; break;
            }
            sw.Line("var " + c + " = " + create + ";");
            if (finish == c) sw.Line("r.SetReference(" + CollectionId(depth) + ", " + c + ");");
            sw.Line("var kwt" + d + " = (global::Amber.WireType)(" + desc + " & " + AmberCode.WireTypeMask + ");");
            sw.Line("var vwt" + d + " = (global::Amber.WireType)((" + desc + " >> " + AmberCode.MapValueWireTypeShift + ") & " + AmberCode.WireTypeMask + ");");
            sw.Line("bool nl" + d + " = (" + desc + " & " + Hex(AmberCode.MapNullableValues) + ") != 0;");
            sw.Line("int " + i + " = 0;");
            sw.Open("try");
            sw.Open("for (; " + i + " < " + n + "; " + i + "++)");
            sw.Line(k + " k" + d + " = default!;");
            EmitRead(sw, t.Element!, "k" + d, "kwt" + d, depth + 1);
            if (!t.Element!.IsValueType) sw.Line("if (k" + d + " is null) global::Amber.AmberThrow.Malformed(r.Position, \"A dictionary key is null\");");
            sw.Line(v + " v" + d + " = default!;");
            sw.Line("if (!nl" + d + " || r.ReadPresence())");
            sw.Open();
            EmitRead(sw, t.Value!, "v" + d, "vwt" + d, depth + 1);
            sw.Close();
            // A key that appears twice is damaged or crafted input, not a value to overwrite silently.
            // The builder is a Dictionary (TryAdd) unless it is one of these.
            if (t.Collection is not (CollectionKind.SortedDictionary or CollectionKind.SortedList or CollectionKind.ImmutableDictionary
                or CollectionKind.ImmutableSortedDictionary or CollectionKind.AddableDictionary))
            {
                sw.Line("if (!" + c + ".TryAdd(k" + d + ", v" + d + ")) global::Amber.AmberThrow.DuplicateKey(r.Position, k" + d + ");");
            }
            else
            {
                sw.Line("if (" + c + ".ContainsKey(k" + d + ")) global::Amber.AmberThrow.DuplicateKey(r.Position, k" + d + ");");
                sw.Line(c + "[k" + d + "] = v" + d + ";");
            }
            sw.Close();
            sw.Close();
            EmitPathFilter(sw, "ex.PassingIndex(" + i + ")");
            EmitFinish(sw, t, target, c, finish, depth);
        }

        private static void EmitMultiArrayBody(SourceWriter sw, TypeRef t, string target, int depth)
        {
            string d = depth.ToString(CultureInfo.InvariantCulture);
            string n = "n" + d, desc = "d" + d, c = "b" + d, len = "len" + d;
            sw.Line("int " + CollectionId(depth) + " = r.LastReservedReference;");
            sw.Line("var " + len + " = new int[" + t.Rank + "];");
            sw.Line("if (" + n + " > 0)");
            sw.Open();
            sw.Line("if ((" + desc + " & " + Hex(AmberCode.DescriptorShaped) + ") == 0) global::Amber.AmberThrow.Malformed(r.Position, \"A multi-dimensional array has no dimensions\");");
            sw.Line("r.ReadShapedLengths(" + t.Rank + ", " + n + ", " + len + ");");
            sw.Line(desc + " = (byte)(" + desc + " & ~" + Hex(AmberCode.DescriptorShaped) + ");");
            sw.Close();
            string dims = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => len + "[" + r + "]"));
            sw.Line("var " + c + " = " + ArrayCreation(t.Element!, dims) + ";");
            // Read row-major into a flat index, then place.
            string idx = string.Join(", ", Enumerable.Range(0, t.Rank).Select(r => "x" + d + "_" + r));
            for (int r = 0; r < t.Rank; r++) sw.Line("int x" + d + "_" + r + " = 0;");
            EmitElementLoop(sw, t.Element!, n, desc, depth, e =>
            {
                sw.Line(c + "[" + idx + "] = " + e + ";");
                // advance the multi-index, last dimension fastest
                for (int r = t.Rank - 1; r >= 0; r--)
                {
                    sw.Line("if (++x" + d + "_" + r + " < " + len + "[" + r + "]) continue;");
                    if (r > 0) sw.Line("x" + d + "_" + r + " = 0;");
                }
            }, c, record: true);
            sw.Line(target + " = " + c + ";");
        }

        /// <summary>The C# name of a one-dimensional array of <paramref name="element"/> (jagged-safe: int[][] for int[]).</summary>
        private static string ArrayTypeName(TypeRef element)
        {
            string creation = ArrayCreation(element, "");
            return creation.Substring("new ".Length);
        }

        /// <summary><c>new E[dims]</c>, placing the dimensions before any array suffix of E (jagged arrays).</summary>
        private static string ArrayCreation(TypeRef element, string dims)
        {
            string full = element.FullName;
            int genericDepth = 0;
            for (int i = 0; i < full.Length; i++)
            {
                char ch = full[i];
                if (ch == '<' || ch == '(') genericDepth++;
                else if (ch == '>' || ch == ')') genericDepth--;
                else if (ch == '[' && genericDepth == 0)
                {
                    return "new " + full.Substring(0, i) + "[" + dims + "]" + full.Substring(i);
                }
            }
            return "new " + full + "[" + dims + "]";
        }
    }
}
