using System.Globalization;

namespace Amber.Generator.Emitting
{
    // The names of the locals generated code declares, by what they hold. Names that stand once in a method are
    // written as they are in the templates: w the writer, r the reader, v the value written, o the object read,
    // presence / px / pm the presence words (format §5), unknown the kept members (format §5.2), member and
    // writerMember the reader's and the writer's member index, wireType the writer's wire type, match the shape match,
    // reservedId the object id reserved before construction, t a value read before it is assigned.
    // The locals below repeat: a collection's carry the depth of its nesting (c0 holds a member's list, c1 a list
    // inside it) so that nested loops never shadow each other; a member's carry its index (m3 holds member 3).

    /// <summary>Locals of the code that writes a value, at a nesting depth.</summary>
    internal static class WriteLocal
    {
        /// <summary>A Nullable being written, read once: n0.</summary>
        public static string Nullable(int depth) => Name.Of("n", depth);

        /// <summary>The collection being written, read once: c0.</summary>
        public static string Collection(int depth) => Name.Of("c", depth);

        /// <summary>The index of an array's element loop: i0.</summary>
        public static string Index(int depth) => Name.Of("i", depth);

        /// <summary>The element (or map entry) of a foreach: e0.</summary>
        public static string Element(int depth) => Name.Of("e", depth);

        /// <summary>An interface-typed sequence seen as the List it holds: l0.</summary>
        public static string AsList(int depth) => Name.Of("l", depth);

        /// <summary>An interface-typed sequence seen as the array it holds: a0.</summary>
        public static string AsArray(int depth) => Name.Of("a", depth);

        /// <summary>An interface-typed map seen as the Dictionary it holds: dd0.</summary>
        public static string AsDictionary(int depth) => Name.Of("dd", depth);

        /// <summary>A sequence as IEnumerable, which counting may replace by a buffered copy: s0.</summary>
        public static string Enumerable(int depth) => Name.Of("s", depth);

        /// <summary>The count of a sequence that has no Count of its own: k0.</summary>
        public static string Counted(int depth) => Name.Of("k", depth);

        /// <summary>An immutable queue or stack copied into a List in its enumeration order: b0.</summary>
        public static string Buffered(int depth) => Name.Of("b", depth);
    }

    /// <summary>Locals of the code that reads a collection (or a surrogate), at a nesting depth.</summary>
    internal static class ReadLocal
    {
        /// <summary>The element (or entry) count of the header; negative for a back-reference: n0.</summary>
        public static string Count(int depth) => Name.Of("n", depth);

        /// <summary>The header's descriptor byte: d0.</summary>
        public static string Descriptor(int depth) => Name.Of("d", depth);

        /// <summary>The collection a back-reference refers to: x0.</summary>
        public static string Existing(int depth) => Name.Of("x", depth);

        /// <summary>The object id of the collection being read (-1 outside reference mode): id0.</summary>
        public static string CollectionId(int depth) => Name.Of("id", depth);

        /// <summary>The collection, or the builder of it, that elements are added to: b0.</summary>
        public static string Builder(int depth) => Name.Of("b", depth);

        /// <summary>The collection a builder finished: f0.</summary>
        public static string Finished(int depth) => Name.Of("f", depth);

        /// <summary>The index of the element loop: i0.</summary>
        public static string Index(int depth) => Name.Of("i", depth);

        /// <summary>The element read: e0.</summary>
        public static string Element(int depth) => Name.Of("e", depth);

        /// <summary>The elements' wire type, from the descriptor: ewt0.</summary>
        public static string ElementWire(int depth) => Name.Of("ewt", depth);

        /// <summary>Whether each element (or map value) has a presence byte, from the descriptor: nl0.</summary>
        public static string Nullable(int depth) => Name.Of("nl", depth);

        /// <summary>Elements read as rows, then added one by one: rw0.</summary>
        public static string Rows(int depth) => Name.Of("rw", depth);

        /// <summary>Elements read packed, then added one by one: pk0.</summary>
        public static string Packed(int depth) => Name.Of("pk", depth);

        /// <summary>A multi-dimensional array's lengths: len0.</summary>
        public static string Lengths(int depth) => Name.Of("len", depth);

        /// <summary>A multi-dimensional array's index in one dimension: x0_1.</summary>
        public static string Position(int depth, int dimension) => Name.Of("x", depth) + "_" + dimension.ToString(CultureInfo.InvariantCulture);

        /// <summary>A map's key wire type, from the descriptor: kwt0.</summary>
        public static string KeyWire(int depth) => Name.Of("kwt", depth);

        /// <summary>A map's value wire type, from the descriptor: vwt0.</summary>
        public static string ValueWire(int depth) => Name.Of("vwt", depth);

        /// <summary>A map key read: k0.</summary>
        public static string Key(int depth) => Name.Of("k", depth);

        /// <summary>A map value read: v0.</summary>
        public static string Value(int depth) => Name.Of("v", depth);

        /// <summary>The surrogate read, before its conversion: sg0.</summary>
        public static string Surrogate(int depth) => Name.Of("sg", depth);
    }

    /// <summary>Locals and accessors of one member of an object codec, by the member's index.</summary>
    internal static class MemberLocal
    {
        /// <summary>The member's value: written from it, or read into it before construction: m0.</summary>
        public static string Value(int member) => Name.Of("m", member);

        /// <summary>Whether the member was read (construction then uses it, else the type's default): h0.</summary>
        public static string Read(int member) => Name.Of("h", member);

        /// <summary>The member's presence bit, for a read with no branch on it: b0.</summary>
        public static string Present(int member) => Name.Of("b", member);

        /// <summary>The get-only collection filled in place: f0.</summary>
        public static string Filled(int member) => Name.Of("f", member);

        /// <summary>The UnsafeAccessor extern that returns a ref to the member's field: F0.</summary>
        public static string FieldAccessor(int member) => Name.Of("F", member);

        /// <summary>The UnsafeAccessor extern that calls the member's getter: G0.</summary>
        public static string Getter(int member) => Name.Of("G", member);

        /// <summary>The UnsafeAccessor extern that calls the member's setter: S0.</summary>
        public static string Setter(int member) => Name.Of("S", member);

        /// <summary>The codec method that reads a member whose read is more than a call: ReadM0.</summary>
        public static string Reader(int member) => Name.Of("ReadM", member);
    }

    /// <summary>Locals of a window written or read by a run of members of bounded size, by the run's number in the method.</summary>
    internal static class WindowLocal
    {
        /// <summary>The window's first byte (AmberWriter.OpenWindow): wb0.</summary>
        public static string Window(int run) => Name.Of("wb", run);

        /// <summary>The offset of the next write in the window, and at its close the bytes written: wo0.</summary>
        public static string Offset(int run) => Name.Of("wo", run);

        /// <summary>The first byte of a window read (AmberReader.OpenReadWindow): rb0.</summary>
        public static string ReadWindow(int run) => Name.Of("rb", run);

        /// <summary>The offset of the next read in the window, and at its close the bytes read: ro0.</summary>
        public static string ReadOffset(int run) => Name.Of("ro", run);
    }

    internal static class Name
    {
        /// <summary><paramref name="stem"/> with a number: n0, ReadM3.</summary>
        public static string Of(string stem, int number) => stem + number.ToString(CultureInfo.InvariantCulture);
    }
}
