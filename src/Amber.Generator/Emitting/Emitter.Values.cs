using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>Writing and reading one value of a type that is not a collection: scalars, enums, nullables, surrogates, formatters and objects.</summary>
    internal static partial class Emitter
    {
        /// <summary>
        /// Writes the value of <paramref name="expr"/> (evaluated once) of type <paramref name="t"/>. For a collection,
        /// <paramref name="head"/> false: the caller has written its null or back-reference check (the same instance, seen
        /// through a more concrete type).
        /// </summary>
        private static void EmitWrite(SourceWriter sw, TypeRef t, string expr, int depth, bool head = true)
        {
            if (WriteCall(t, expr) is string call)
            {
                sw.Line(call + ";");
                return;
            }
            switch (t.Kind)
            {
                case TypeKind.Nullable:
                    EmitNullableWrite(sw, t, expr, depth);
                    return;
                case TypeKind.Surrogate:
                    EmitSurrogateWrite(sw, t, expr, depth);
                    return;
                default:
                    EmitCollectionWrite(sw, t, expr, depth, head);
                    return;
            }
        }

        /// <summary>The call that writes a value of <paramref name="t"/>, when one call does (not a nullable, a surrogate or a collection).</summary>
        private static string? WriteCall(TypeRef t, string expr) => t.Kind switch
        {
            TypeKind.Scalar => $"w.Write{t.Scalar}({expr})",
            TypeKind.Enum => $"w.Write{t.Scalar}(({Keyword(t.Scalar!)}){expr})",
            TypeKind.Object => $"{CodecName(t.ObjectId!)}.Write(ref w, {expr})",
            // byte[] (null is L = 0), or Memory<byte> / ReadOnlyMemory<byte> (a value type: its span).
            TypeKind.ByteArray => $"w.WriteBytes({expr}{(t.IsValueType ? ".Span" : "")})",
            TypeKind.Custom => $"{FormatterInstance(t)}.Write(ref w, {expr})",
            TypeKind.Polymorphic => $"{PolyName(t)}.Write(ref w, {expr})",
            TypeKind.Dynamic => $"global::Amber.AmberKnownTypes.WriteObject(ref w, {expr})",
            _ => null,
        };

        /// <summary>A presence byte, then the value when there is one.</summary>
        private static void EmitNullableWrite(SourceWriter sw, TypeRef t, string expr, int depth)
        {
            string n = WriteLocal.Nullable(depth);
            sw.Line($"var {n} = {expr};");
            sw.Line($"w.WritePresence({n}.HasValue);");
            using (sw.Block($"if ({n}.HasValue)"))
            {
                EmitWrite(sw, t.Element!, n + ".GetValueOrDefault()", depth + 1);
            }
        }

        /// <summary>The value converted to its surrogate, and the surrogate written; a null where the surrogate has none is an error.</summary>
        private static void EmitSurrogateWrite(SourceWriter sw, TypeRef t, string expr, int depth)
        {
            TypeRef sg = t.Element!;
            string converted = t.ToSurrogate != null ? $"{t.ToSurrogate}({expr})" : $"(({sg.FullName})({expr}))";
            if (t.IsValueType)
            {
                EmitWrite(sw, sg, converted, depth);
                return;
            }
            if (!sg.IsValueType)
            {
                // A null target is a null surrogate; the user's conversion never sees null.
                EmitWrite(sw, sg, t.ToSurrogate != null ? $"({expr} is null ? null! : {t.ToSurrogate}({expr}))" : $"({expr} is null ? null! : ({sg.FullName})({expr}))", depth);
                return;
            }
            using (sw.Block($"if ({expr} is null)"))
            {
                if (sg.WireType == WireType.Object) sw.Line("w.WriteNull();");
                else sw.Line($"global::Amber.Metadata.AmberThrow.NullWithoutEncoding({Quote(Plain(t.FullName))}, {Quote(Plain(sg.FullName))});");
            }
            using (sw.Block("else"))
            {
                EmitWrite(sw, sg, converted, depth + 1);
            }
        }

        /// <summary>
        /// Reads a value of type <paramref name="t"/> into <paramref name="target"/>. With
        /// <paramref name="wt"/> (the name of a WireType variable) the writer's wire type is checked
        /// and widened first; without it the caller guarantees the reader's own wire type.
        /// </summary>
        private static void EmitRead(SourceWriter sw, TypeRef t, string target, string? wt, int depth)
        {
            if (ReadCall(t, wt) is string call)
            {
                EmitExpect(sw, t, wt);
                sw.Line($"{target} = {call};");
                return;
            }
            switch (t.Kind)
            {
                case TypeKind.Nullable when t.Element!.WireType == WireType.Object:
                    // A struct written as an object: a null object header is the Nullable's null, as the JSON view shows it,
                    // not the struct's default.
                    using (sw.Block($"if ({(wt != null ? wt + " == " + W + "Object && " : "")}r.TryReadNull())"))
                    {
                        sw.Line($"{target} = null;");
                    }
                    using (sw.Block("else"))
                    {
                        EmitRead(sw, t.Element!, target, wt, depth);
                    }
                    return;
                case TypeKind.Nullable:
                    EmitRead(sw, t.Element!, target, wt, depth);
                    return;
                case TypeKind.Surrogate:
                    EmitSurrogateRead(sw, t, target, wt, depth);
                    return;
                default:
                    EmitCollectionRead(sw, t, target, wt, depth);
                    return;
            }
        }

        /// <summary>
        /// The call that reads a value of <paramref name="t"/>, when one call does (not a nullable, a surrogate or a
        /// collection); given the writer's wire type <paramref name="wt"/>, a float or double widens from it (format §3.2)
        /// and a hand-written formatter takes it.
        /// </summary>
        private static string? ReadCall(TypeRef t, string? wt) => t.Kind switch
        {
            TypeKind.Scalar when wt != null && t.ScalarKind is ScalarKind.Double or ScalarKind.Single => $"r.Read{t.Scalar}({wt})",
            TypeKind.Scalar => $"r.Read{t.Scalar}(){(t.IsValueType ? "" : "!")}",
            TypeKind.Enum => $"({t.FullName})r.Read{t.Scalar}()",
            TypeKind.Object => $"{CodecName(t.ObjectId!)}.Read(ref r){(t.IsValueType ? "" : "!")}",
            TypeKind.ByteArray => "r.ReadBytes()!",
            TypeKind.Custom => $"{FormatterInstance(t)}.Read(ref r, {wt ?? FormatterInstance(t) + ".WireType"})",
            TypeKind.Polymorphic => $"{PolyName(t)}.Read(ref r)!",
            TypeKind.Dynamic => "global::Amber.AmberKnownTypes.ReadObject(ref r)!",
            _ => null,
        };

        /// <summary>
        /// Checks the writer's wire type <paramref name="wt"/> (when the caller has not) against the one a value of
        /// <paramref name="t"/> must have, <see cref="ExpectedOf"/>.
        /// </summary>
        private static void EmitExpect(SourceWriter sw, TypeRef t, string? wt)
        {
            if (wt != null && ExpectedOf(t) is { } expected) sw.Line($"r.Expect({wt}, {W}{expected.Wire}, {Quote(expected.What)});");
        }

        /// <summary>The surrogate read, then converted; a null target that was written as a null object (the surrogate struct has no null of its own).</summary>
        private static void EmitSurrogateRead(SourceWriter sw, TypeRef t, string target, string? wt, int depth)
        {
            TypeRef sg = t.Element!;
            string value = ReadLocal.Surrogate(depth);
            bool nullObject = !t.IsValueType && sg.IsValueType && sg.WireType == WireType.Object;
            if (nullObject)
            {
                using (sw.Block($"if ({(wt != null ? wt + " == " + W + "Object && " : "")}r.TryReadNull())"))
                {
                    sw.Line($"{target} = null!;");
                }
            }
            using (sw.Block(nullObject ? "else" : null))
            {
                sw.Line($"{sg.FullName} {value} = default!;");
                EmitRead(sw, sg, value, wt, depth + 1);
                // A framework type's conversion back is given the byte offset, for the AmberException of a value it refuses.
                string back = t.FromSurrogate != null ? $"{t.FromSurrogate}({value}, r.Position)" : $"({t.FullName}){value}";
                if (!t.IsValueType && !sg.IsValueType) sw.Line($"{target} = {value} is null ? null! : {back};");
                else sw.Line($"{target} = {back};");
            }
        }
    }
}
