using System;

namespace Amber.Internal
{
    /// <summary>
    /// Per-payload reader state: the shapes defined so far. Pooled per thread; an entry keeps its
    /// tag array and its mapping across payloads, so the common case (the same writer shape read
    /// by the same reader type again) allocates nothing and maps nothing.
    /// </summary>
    internal sealed class ReaderState
    {
        [ThreadStatic] private static ReaderState? t_cached;

        internal struct Entry
        {
            public ushort[] Tags;       // capacity may exceed Count
            public int Count;
            public AmberShape? MatchedShape;
            public int[]? Map;          // null with MatchedShape set: identical
            public bool HasTypeTag;     // the definition carried a polymorphic type tag
            public uint TypeTag;
        }

        public Entry[] Entries = new Entry[8];

        /// <summary>The member codes of the rows sequence being read (rows hold only primitives, so they never nest).</summary>
        public readonly byte[] RowCodes = new byte[AmberCode.MaxShapeMembers];
        public int Count;

        public static ReaderState Rent()
        {
            ReaderState? s = t_cached;
            if (s != null) { t_cached = null; return s; }
            return new ReaderState();
        }

        // Reference mode (format §7.2): objects and Bytes values by id; null marks a reserved slot
        // (an object still being built, skipped, or a Bytes value that is not a reference type).
        public readonly System.Collections.Generic.List<object?> Objects = new System.Collections.Generic.List<object?>();
        public readonly System.Collections.Generic.List<object?> Bytes = new System.Collections.Generic.List<object?>();

        /// <summary>The bytes of a Bytes value that was skipped in reference mode, kept in case a later back-reference names it.</summary>
        internal sealed class SkippedBytes
        {
            public SkippedBytes(byte[] raw) => Raw = raw;
            public byte[] Raw { get; }
        }

        public static void Return(ReaderState state)
        {
            state.Count = 0;
            state.Objects.Clear();
            state.Bytes.Clear();
            t_cached = state;
        }

        /// <summary>Prepares entry <see cref="Count"/> for <paramref name="count"/> tags; returns the tag buffer to fill.</summary>
        public ref Entry Add(int count)
        {
            if (Count == Entries.Length) Array.Resize(ref Entries, Entries.Length * 2);
            ref Entry e = ref Entries[Count++];
            if (e.Tags == null || e.Tags.Length < count) e.Tags = new ushort[Math.Max(count, 4)];
            return ref e;
        }

        public static ShapeMatch Match(ref Entry e, AmberShape shape)
        {
            if (ReferenceEquals(e.MatchedShape, shape))
            {
                return new ShapeMatch(e.Map, e.Map == null ? null : e.Tags);
            }
            ushort[] mine = shape.Tags;
            bool identical = mine.Length == e.Count;
            for (int i = 0; identical && i < mine.Length; i++) identical = mine[i] == e.Tags[i];
            int[]? map = null;
            if (!identical)
            {
                map = new int[e.Count];
                for (int i = 0; i < e.Count; i++) map[i] = shape.FindMember(e.Tags[i] >> 3);
            }
            e.MatchedShape = shape;
            e.Map = map;
            return new ShapeMatch(map, map == null ? null : e.Tags);
        }
    }
}
