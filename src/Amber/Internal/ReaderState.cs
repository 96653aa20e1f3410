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
            public ulong Deposit;       // with MatchedShape set and Map null: the reader positions of the writer's members, when fewer
        }

        public Entry[] Entries = new Entry[8];

        /// <summary>The member codes of the rows sequence being read (rows hold only primitives, so they never nest).</summary>
        public readonly byte[] RowCodes = new byte[AmberCode.MaxRowMembers];
        public int Count;

        // The presence words after the first of an object whose shape has more than 64 members (format §5),
        // one buffer per nesting depth: an object's body is read before its sibling at the same depth starts,
        // and its children are one level deeper, so a buffer is never overwritten while its words are in use.
        private ulong[]?[] _morePresence = Array.Empty<ulong[]?>();

        /// <summary>The buffer for the presence words beyond the first of an object at <paramref name="depth"/>.</summary>
        public ulong[] MorePresence(int depth)
        {
            if (depth >= _morePresence.Length) Array.Resize(ref _morePresence, Math.Max(depth + 1, Math.Max(8, _morePresence.Length * 2)));
            return _morePresence[depth] ??= new ulong[AmberCode.MaxShapeMembers / 64 - 1];
        }

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

        /// <summary>
        /// Matches a writer shape with the reader's, once per entry and reader shape. With
        /// <paramref name="positionalSubset"/>, a writer shape that lists some of the reader's members in
        /// the reader's order, with the same tags, is identical too, and <see cref="Entry.Deposit"/> says
        /// where its presence bits go (<see cref="DepositPresence"/>); rows, which are copied by position,
        /// ask for an exact match.
        /// </summary>
        public static ShapeMatch Match(ref Entry e, AmberShape shape, bool positionalSubset = true)
        {
            if (ReferenceEquals(e.MatchedShape, shape) && (positionalSubset || e.Deposit == 0 || e.Map != null))
            {
                return new ShapeMatch(e.Map, e.Map == null ? null : e.Tags);
            }
            ushort[] mine = shape.Tags;
            bool identical = mine.Length == e.Count;
            for (int i = 0; identical && i < mine.Length; i++) identical = mine[i] == e.Tags[i];
            int[]? map = null;
            ulong deposit = 0;
            if (!identical && !(positionalSubset && TryDeposit(ref e, shape, out deposit)))
            {
                map = new int[e.Count];
                for (int i = 0; i < e.Count; i++) map[i] = shape.FindMember(e.Tags[i] >> 3);
                deposit = 0;
            }
            e.MatchedShape = shape;
            e.Map = map;
            e.Deposit = deposit;
            return new ShapeMatch(map, map == null ? null : e.Tags);
        }

        /// <summary>
        /// Whether the writer's tags are a proper, ordered subsequence of the reader's (and no member the writer
        /// lacks reads an absent bit as null), and if so the reader positions of the writer's members.
        /// </summary>
        private static bool TryDeposit(ref Entry e, AmberShape shape, out ulong mask)
        {
            ushort[] mine = shape.Tags;
            mask = 0;
            if (e.Count == 0 || e.Count >= mine.Length || mine.Length > 64) return false;
            int j = 0;
            for (int i = 0; i < e.Count; i++)
            {
                ushort t = e.Tags[i];
                while (j < mine.Length && mine[j] != t) j++;
                if (j == mine.Length) return false;
                mask |= 1UL << j++;
            }
            return (shape.NullWhenAbsent & ~mask) == 0;
        }

        /// <summary>Moves the bits of a writer's presence bitmap to the reader positions in <paramref name="mask"/> (in order).</summary>
        public static ulong DepositPresence(ulong presence, ulong mask)
        {
            ulong result = 0;
            for (; presence != 0 && mask != 0; presence >>= 1, mask &= mask - 1)
            {
                if ((presence & 1) != 0) result |= mask & (~mask + 1);
            }
            return result;
        }
    }
}
