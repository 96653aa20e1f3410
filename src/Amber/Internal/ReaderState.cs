using System;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Internal
{
    /// <summary>
    /// Per-payload reader state: the shapes defined so far. Pooled per thread; an entry keeps its
    /// tag array and its mapping across payloads, so the common case (the same writer shape read
    /// by the same reader type again) allocates nothing and maps nothing.
    /// </summary>
    internal sealed class ReaderState
    {
        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static ReaderState? t_cached;

        /// <summary>A shape definition as read. A class, so that moving one between the payload's ids and the recent ones is a swap of references.</summary>
        internal sealed class Entry
        {
            public ushort[] Tags = Array.Empty<ushort>();   // capacity may exceed Count
            public int Count;
            public AmberShape? MatchedShape;
            public WriterMap? Map;      // null with MatchedShape set: identical
            public bool HasTypeTag;     // the definition carried a polymorphic type tag
            public uint TypeTag;
            public ulong Deposit;       // with MatchedShape set and Map null: the reader positions of the writer's members, when fewer
            public byte[]? Raw;         // the definition's bytes after its header, as last read into this entry
            public int RawLength;       // 0: none kept (not read yet, being read, or read across segments)
            public ulong Head;          // the first 8 bytes of Raw (fewer padded with zeros): compared before the whole definition
            public byte[]? HashBlock;   // the name hashes of the tags whose key repeats (u32 little-endian each, format §5); capacity may exceed
            public int HashCount;

            // Inline structs (format §5.1). Inline: this payload defined the entry inline, so inline headers may name it.
            // The match of the writer's row with a reader's struct is computed once per entry and reader shape (it depends
            // only on the tags, hashes and codes, and is dropped when any of them changes); IdenticalTo is that reader
            // shape when the row is the reader's own, and only on an inline entry: the fast path's one test.
            public bool Inline;
            public byte[]? Codes;       // the packed code of each member (capacity MaxRowMembers)
            public int Width;           // bytes per row
            public AmberShape? InlineShape;   // the reader shape InlineMap and InlineIdentical were computed for
            public int[]? InlineMap;    // writer member → reader member, null when the tags are identical
            public bool InlineIdentical;
            public AmberShape? IdenticalTo;
        }

        public Entry[] Entries = NewEntries(8, 0);

        // Definitions that earlier payloads read and that an entry of this payload has since taken the place of, with
        // their matches (format §5: each payload defines its shapes again). Payloads of several types one after another
        // (one message each of a polymorphic base, a relay's mix) find their definitions here instead of parsing and
        // matching them again: an entry is moved back by a swap, so nothing is copied or allocated.
        private readonly Entry?[] _recent = new Entry?[RecentDefinitions];
        private int _recentNext;
        private const int RecentDefinitions = 8;

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

        // As for WriterState: the thread's state stays in the thread-static while lent out, so returning it is a
        // field write; a nested read on the same thread gets a fresh one.
        private bool _inUse;

        public static ReaderState Rent()
        {
            ReaderState? s = t_cached;
            if (s == null || s._inUse) return RentSlow();
            s._inUse = true;
            return s;
        }

        private static ReaderState RentSlow()
        {
            // The new state becomes the thread's: after a nested call the outer one is simply dropped when returned,
            // and a state never returned (a reader or writer not disposed) does not keep every later call on this path.
            var s = new ReaderState { _inUse = true };
            t_cached = s;
            return s;
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

        /// <summary>
        /// A state of its own for a connection's message reader (docs/format.md §7.6): never pooled, its definitions kept
        /// from one message to the next and bounded by <paramref name="options"/>' connection limits as they arrive.
        /// </summary>
        public static ReaderState ForConnection(AmberOptions options) => new ReaderState
        {
            _inUse = true,
            MaxConnectionShapes = options.MaxConnectionShapes,
            MaxConnectionShapeBytes = options.MaxConnectionShapeBytes,
        };

        /// <summary>Above 0: this state serves a connection, and keeps at most this many definitions.</summary>
        public int MaxConnectionShapes;

        /// <summary>With <see cref="MaxConnectionShapes"/>: the most bytes of definitions kept.</summary>
        public long MaxConnectionShapeBytes;

        /// <summary>The bytes of the definitions a connection's state holds (their headers, tags, hashes and codes).</summary>
        public long DefinitionBytes;

        /// <summary>Ends one message of a connection: object and Bytes ids are numbered per message (format §7.2), shapes per connection.</summary>
        public void EndMessage()
        {
            if (Objects.Count != 0) Forget(Objects);
            if (Bytes.Count != 0) Forget(Bytes);
        }

        /// <summary>
        /// The most references a table keeps room for from one payload to the next (512 KB on 64 bits). This state is
        /// pooled per thread, so a larger table, grown by one payload of many objects, is given up when cleared rather
        /// than held by the thread for good.
        /// </summary>
        public const int MaxKeptReferences = 1 << 16;

        private static void Forget(System.Collections.Generic.List<object?> table)
        {
            table.Clear();
            if (table.Capacity > MaxKeptReferences) table.Capacity = 0;
        }

        /// <summary>Forgets a connection's definitions from <paramref name="count"/> on (a message that failed, or a new connection at 0).</summary>
        public void Truncate(int count, long bytes)
        {
            Count = count;
            DefinitionBytes = bytes;
            EndMessage();
        }

        public static void Return(ReaderState state)
        {
            state.Count = 0;
            state.EndMessage();
            state._inUse = false;
        }

        /// <summary>
        /// Finds a definition an earlier payload read whose bytes begin <paramref name="input"/>, and swaps it into
        /// <paramref name="slot"/> (whose own definition goes to the recent ones in its place). Returns the definition's
        /// length in bytes, or 0 when none matches.
        /// </summary>
        public int TakeRecent(ReadOnlySpan<byte> input, ref Entry slot)
        {
            Entry?[] recent = _recent;
            ulong head = HeadOf(input);
            for (int i = 0; i < recent.Length; i++)
            {
                Entry? r = recent[i];
                if (r == null) break;
                // An inline definition's bytes include its codes (format §5.1): it never stands for an object's or rows' one.
                if (r.Inline) continue;
                int length = r.RawLength;
                if (length != 0 && input.Length >= length && r.Head == head && input.Slice(0, length).SequenceEqual(r.Raw.AsSpan(0, length)))
                {
                    recent[i] = slot;
                    slot = r;
                    return length;
                }
            }
            return 0;
        }

        /// <summary>
        /// Keeps the definition in <paramref name="slot"/> among the recent ones before the slot is read again, and gives
        /// the slot the arrays of the oldest recent one to reuse.
        /// </summary>
        public void Retire(ref Entry slot)
        {
            if (slot.RawLength == 0 || slot.Inline) return;
            Entry? oldest = _recent[_recentNext];
            _recent[_recentNext] = slot;
            _recentNext = (_recentNext + 1) % RecentDefinitions;
            slot = oldest ?? new Entry();
        }

        /// <summary>Prepares entry <see cref="Count"/> for <paramref name="count"/> tags; returns the tag buffer to fill.</summary>
        public ref Entry Add(int count)
        {
            if (Count == Entries.Length)
            {
                Entry[] more = NewEntries(Entries.Length * 2, Entries.Length);
                Array.Copy(Entries, more, Entries.Length);
                Entries = more;
            }
            ref Entry e = ref Entries[Count++];
            if (e.Tags == null || e.Tags.Length < count)
            {
                e.Tags = new ushort[Math.Max(count, 4)];
                // New tags no longer describe the definition the entry was matched against: were the definition that
                // grew them to end before its tags, the zeros must not pass for that definition's tags (nor its match).
                e.MatchedShape = null;
                e.Map = null;
            }
            return ref e;
        }

        /// <summary>The first 8 bytes of <paramref name="bytes"/> as a number, fewer padded with zeros (little-endian).</summary>
        public static ulong HeadOf(ReadOnlySpan<byte> bytes)
        {
            if (bytes.Length >= 8) return BinaryPrimitives.ReadUInt64LittleEndian(bytes);
            ulong head = 0;
            for (int i = 0; i < bytes.Length; i++) head |= (ulong)bytes[i] << (8 * i);
            return head;
        }

        private static Entry[] NewEntries(int length, int from)
        {
            var entries = new Entry[length];
            for (int i = from; i < length; i++) entries[i] = new Entry();
            return entries;
        }

        /// <summary>
        /// Matches a writer shape with the reader's, once per entry and reader shape. With
        /// <paramref name="positionalSubset"/>, a writer shape that lists some of the reader's members in
        /// the reader's order, with the same tags, is identical too, and <see cref="Entry.Deposit"/> says
        /// where its presence bits go (<see cref="Bits.Deposit"/>); rows, which are copied by position,
        /// ask for an exact match.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static ShapeMatch Match(ref Entry e, AmberShape shape, bool positionalSubset = true)
        {
            // Every object of a type after the first in a payload (and in later payloads) takes this path.
            if (ReferenceEquals(e.MatchedShape, shape) && (positionalSubset || e.Deposit == 0 || e.Map != null))
            {
                return new ShapeMatch(e.Map, null);
            }
            return MatchNew(ref e, shape, positionalSubset);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static ShapeMatch MatchNew(ref Entry e, AmberShape shape, bool positionalSubset)
        {
            ushort[] mine = shape.Tags;
            bool identical = mine.Length == e.Count;
            for (int i = 0; identical && i < mine.Length; i++) identical = mine[i] == e.Tags[i];
            // The same tags repeat the same keys, so the writer's hashes are those of the reader's colliding members,
            // unless the writer's type had other members on those keys.
            if (identical && e.HashCount != 0)
            {
                identical = e.HashBlock.AsSpan(0, 4 * e.HashCount).SequenceEqual(shape.TagBytes.AsSpan(2 * mine.Length));
            }
            WriterMap? map = null;
            ulong deposit = 0;
            if (!identical && !(positionalSubset && TryDeposit(ref e, shape, out deposit)))
            {
                var members = new int[e.Count];
                uint[]? hashes = e.HashCount != 0 ? new uint[e.Count] : null;
                int hashed = 0;
                for (int i = 0; i < e.Count; i++)
                {
                    if (hashes != null && KeyRepeats(e.Tags, e.Count, i))
                    {
                        hashes[i] = BinaryPrimitives.ReadUInt32LittleEndian(e.HashBlock.AsSpan(4 * hashed++));
                        members[i] = shape.FindMemberByHash(hashes[i]);
                    }
                    else
                    {
                        members[i] = shape.FindMember(e.Tags[i]);
                    }
                }
                map = new WriterMap(members, e.Tags, hashes);
                deposit = 0;
            }
            e.MatchedShape = shape;
            e.Map = map;
            e.Deposit = deposit;
            return new ShapeMatch(map, null);
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
            // Members that share a key are told apart by hash or by the rules of FindMember, not by position.
            if (e.HashCount != 0 || shape.CollisionMembers != 0) return false;
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

        /// <summary>
        /// The number of tags whose key another tag of <paramref name="tags"/> has: the length of a definition's hash block
        /// (format §5). A definition without repeats, the usual one, costs one pass: a 256-bit filter on the keys' low bits
        /// finds candidates, and only a candidate is compared with the tags before it.
        /// </summary>
        public static int CountRepeatedKeys(ReadOnlySpan<ushort> tags)
        {
            Span<ulong> seen = stackalloc ulong[4];
            seen.Clear();
            bool repeats = false;
            for (int i = 0; i < tags.Length && !repeats; i++)
            {
                int key = tags[i] >> 3;
                ref ulong word = ref seen[(key >> 6) & 3];
                ulong bit = 1UL << (key & 63);
                if ((word & bit) != 0)
                {
                    for (int j = 0; j < i; j++) if ((tags[j] >> 3) == key) { repeats = true; break; }
                }
                word |= bit;
            }
            if (!repeats) return 0;
            int count = 0;
            for (int i = 0; i < tags.Length; i++) if (KeyRepeats(tags, tags.Length, i)) count++;
            return count;
        }

        /// <summary>Whether another of the first <paramref name="count"/> tags has the key of tag <paramref name="index"/>.</summary>
        public static bool KeyRepeats(ReadOnlySpan<ushort> tags, int count, int index)
        {
            int key = tags[index] >> 3;
            for (int j = 0; j < count; j++) if (j != index && (tags[j] >> 3) == key) return true;
            return false;
        }
    }
}
