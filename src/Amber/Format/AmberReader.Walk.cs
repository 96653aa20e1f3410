// The structure of a payload, read once for every walker of it (docs/format.md):
//
//   payload     header byte (§2; a connection message's, §7.6), then one root value of its wire type (§3)
//   object      header varint (§5): 0 null | shape reference | shape definition | back-reference (§7.2)
//               | inline struct (§5.1: a definition with codes when its id is the next one, then one row);
//               a new object takes an object id (reference mode) and a nesting level, then presence words
//               (one varint per 64 members, none naming a member past the shape's end) and its present members
//   sequence    count varint (0 null; in version 2 reference mode 0 then a back-reference, §7.2), a descriptor
//               (§6.1): packed | rows (a shape header, one code per member, fixed-width rows) | elements,
//               with an optional multi-dimensional header (rank, lengths multiplying to the count) and
//               presence bytes before nullable elements
//   map         count varint as a sequence's, a pair descriptor (§6.2), keys and (optionally nullable) values
//   Bytes       length + 1 (0 null; in reference mode 0 then 0 null or a back-reference to a value, §7.2)
//
// Each rule of that structure is checked here and only here. Walk<TVisitor> is the one recursion over it: skipping
// (AmberReader.Structure.cs), copying kept members (AmberReader.Copy.cs, §5.2) and the JSON view (Json/JsonView.cs,
// and so the inspector's statistics) are its visitors (IStructureVisitor). The typed readers read their headers with
// the helpers below.
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberReader
    {
        /// <summary>The highest rank of a multi-dimensional array (docs/format.md §6.1), as .NET allows.</summary>
        internal const int MaxArrayRank = 32;

        // ------------------------------------------------------------------ objects (§5, §5.1, §7.2)

        /// <summary>
        /// Reads an object header and says what it announces. A back-reference is checked to name an object id already taken;
        /// nothing else is resolved: for <see cref="ObjectHeaderKind.Object"/> the caller calls <see cref="EnterObject"/>, for
        /// <see cref="ObjectHeaderKind.Inline"/> <see cref="ResolveInline"/>, with <paramref name="header"/>.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal ObjectHeaderKind ReadObjectHeaderKind(out ulong header, out long start)
        {
            start = Position;
            ulong h = ReadVarint();
            header = h;
            ObjectHeaderKind kind = ObjectHeader.KindOf(h);
            if (kind == ObjectHeaderKind.BackReference) CheckBackReference(h >> 2, Position);
            return kind;
        }

        /// <summary>
        /// A new object whose header <paramref name="header"/> names a shape: takes its object id (reference mode; skipped
        /// objects too, so later ids agree with the writer's), enters one nesting level and resolves the shape (reading its
        /// definition when it is defined here).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref ReaderState.Entry EnterObject(ulong header)
        {
            ReserveReference();
            EnterDepth();
            return ref ResolveShape(header);
        }

        /// <summary>Checks a back-reference to object <paramref name="id"/> (§7.2): only in reference mode, and only to an id already taken.</summary>
        private void CheckBackReference(ulong id, long at)
        {
            if (!_refs) AmberThrow.Malformed(at, "A back-reference appears in a payload that is not in reference mode");
            if (id >= (ulong)_state.Objects.Count) AmberThrow.Malformed(at, $"A back-reference to object {id}, which has not been read");
        }

        /// <summary>
        /// Reads the presence words of an object whose shape has <paramref name="count"/> members (§5): the first word is
        /// returned, the words after it (a shape of more than 64 members) are in <paramref name="more"/>, the buffer of this
        /// nesting depth. No word may name a member past the shape's end.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong ReadPresenceWords(int count, out ulong[]? more)
        {
            ulong presence = ReadVarint();
            more = null;
            if (count < 64)
            {
                if ((presence >> count) != 0) ThrowPresencePastShape();
            }
            else if (count > 64)
            {
                more = ReadMorePresence(count);
            }
            return presence;
        }

        /// <summary>The presence words after the first of a shape of <paramref name="count"/> &gt; 64 members, into this depth's buffer.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private ulong[] ReadMorePresence(int count)
        {
            ulong[] more = _state.MorePresence(_depth);
            int words = (count - 1) >> 6;   // after the first
            for (int i = 0; i < words; i++) more[i] = ReadVarint();
            int used = count & 63;          // bits of the last word that name members; 0: all 64
            if (used != 0 && (more[words - 1] >> used) != 0) ThrowPresencePastShape();
            return more;
        }

        /// <summary>Whether member <paramref name="member"/> is present, by the words <see cref="ReadPresenceWords"/> read.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal static bool IsPresent(int member, ulong first, ulong[]? more) =>
            member < 64 ? (first & (1UL << member)) != 0 : (more![(member >> 6) - 1] & (1UL << (member & 63))) != 0;

        [DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowPresencePastShape() => AmberThrow.Malformed(Position, "The presence bitmap names members the shape does not have");

        // ------------------------------------------------------------------ sequences and maps (§6, §7.2)

        /// <summary>
        /// Reads a sequence's or (<paramref name="map"/>) a map's header: -1 for null or a back-reference (resolved to
        /// <paramref name="existing"/> with <paramref name="resolve"/>, else only checked), else the count, checked against the
        /// bytes left (a map's pair takes two at least) and <see cref="AmberOptions.MaxCollectionLength"/>, with its
        /// descriptor (0 when the count is 0); a sequence's descriptor is checked too.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private int ReadCollectionHead(bool map, bool resolve, out byte descriptor, out object? existing)
        {
            long at = Position;
            ulong n = ReadCollectionCount(resolve, out existing);
            descriptor = 0;
            if (n == 0) return -1;
            ulong count = n - 1;
            if (count == 0) return 0;
            if (count > (ulong)Remaining / (map ? 2UL : 1UL) || count > int.MaxValue) AmberThrow.CountTooLarge(at, count, Remaining);
            if (count > (ulong)Options.MaxCollectionLength)
                AmberThrow.LimitExceeded(at, map ? "A dictionary size" : "A collection length", count, Options.MaxCollectionLength, nameof(AmberOptions.MaxCollectionLength));
            descriptor = ReadByteRaw();
            if (!map) CheckSequenceDescriptor(new SequenceDescriptor(descriptor), count, at);
            return (int)count;
        }

        /// <summary>A packed sequence's code must be known and its elements fit in the bytes left; any other descriptor has bits 5 and 6 clear, but rows.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void CheckSequenceDescriptor(SequenceDescriptor d, ulong count, long at)
        {
            if (d.IsPacked)
            {
                int width = AmberCode.PackedWidth(d.PackedCode);
                if (width == 0) AmberThrow.Malformed(at, $"Unknown packed element code {d.PackedCode}");
                if (count * (ulong)width > (ulong)Remaining) AmberThrow.CountTooLarge(at, count, Remaining);
            }
            else if ((d.Value & 0x60) != 0 && !d.IsRows)
            {
                AmberThrow.Malformed(at, $"The sequence descriptor 0x{d.Value:X2} has reserved bits set");
            }
        }

        /// <summary>
        /// Reads what follows a rows descriptor up to the rows (§6.1): a shape header of the reference or definition form, the
        /// shape resolved (at most 64 members), one packed code per member (all known, of total width above 0), and checks that
        /// <paramref name="count"/> rows fit in the bytes left. Rows take no object id and no nesting level.
        /// </summary>
        private ref ReaderState.Entry ReadRowsLayout(int count, out int shapeId, out ReadOnlySpan<byte> codes, out int width)
        {
            long at = Position;
            ulong h = ReadVarint();
            if (!ObjectHeader.NamesShape(h)) AmberThrow.Malformed(at, "Rows must name a shape");
            ref ReaderState.Entry e = ref ResolveShape(h);
            int members = e.Count;
            CheckRowMembers(members, at, inline: false);
            codes = ReadSpan(members);
            width = RowWidth(codes, at, inline: false);
            if ((ulong)count * (ulong)width > (ulong)Remaining) AmberThrow.CountTooLarge(at, (ulong)count, Remaining);
            shapeId = (int)(h >> 2);
            return ref e;
        }

        /// <summary>
        /// Checks the member count of a row's shape (§5.1, §6.1): rows and inline structs have at most
        /// <see cref="AmberCode.MaxRowMembers"/> members.
        /// </summary>
        private static void CheckRowMembers(int members, long at, bool inline)
        {
            if (members <= AmberCode.MaxRowMembers) return;
            AmberThrow.Malformed(at, inline
                ? $"An inline struct has {members} members; at most {AmberCode.MaxRowMembers} are allowed"
                : $"Rows have {members} members; at most {AmberCode.MaxRowMembers} are allowed");
        }

        /// <summary>
        /// The width of a row from its packed codes (§5.1, §6.1), one per member: every code must be known, and the
        /// width above 0. The same rule for the rows of a sequence and for an inline struct.
        /// </summary>
        private static int RowWidth(ReadOnlySpan<byte> codes, long at, bool inline)
        {
            int width = 0;
            foreach (byte c in codes)
            {
                int w = AmberCode.PackedWidth(c);
                if (w == 0) AmberThrow.Malformed(at, inline ? $"Unknown packed code {c} in an inline struct" : $"Unknown packed code {c} in a row");
                width += w;
            }
            if (width == 0) AmberThrow.Malformed(at, inline ? "An inline struct has width 0" : "Rows have width 0");
            return width;
        }

        /// <summary>
        /// Reads the header after a shaped descriptor (§6.1): the rank (<paramref name="expectedRank"/>, or with 0 any from 2 to
        /// <see cref="MaxArrayRank"/>) and each dimension's length, into <paramref name="lengths"/> as far as it holds them.
        /// The lengths must multiply to the sequence's <paramref name="count"/>, or, with a count of 1, to 0: an empty array
        /// that keeps its lengths (<c>new int[0, 5]</c>), whose count this sets to 0, as no element follows. Returns the rank.
        /// </summary>
        internal int ReadArrayDimensions(ref int count, int expectedRank, scoped Span<int> lengths)
        {
            long at = Position;
            ulong rank = ReadVarint();
            if (expectedRank != 0)
            {
                if (rank != (ulong)expectedRank) AmberThrow.Malformed(at, $"A multi-dimensional array has rank {rank} where {expectedRank} was expected");
            }
            else if (rank < 2 || rank > MaxArrayRank)
            {
                AmberThrow.Malformed(at, $"A multi-dimensional array has rank {rank}");
            }
            long product = 1;
            for (int i = 0; i < (int)rank; i++)
            {
                ulong length = ReadVarint();
                if (length > int.MaxValue) AmberThrow.CountTooLarge(at, length, Remaining);
                if (i < lengths.Length) lengths[i] = (int)length;
                // Saturates above the count, which no product that matches it can reach (but 0, after a length of 0).
                product = product > count ? (length == 0 ? 0 : product) : product * (long)length;
            }
            if (product == 0 && count == 1) count = 0;
            else if (product != count) AmberThrow.Malformed(at, "The lengths of a multi-dimensional array do not multiply to its count");
            return (int)rank;
        }

        // ------------------------------------------------------------------ the walk

        /// <summary>
        /// Walks one value of <paramref name="wireType"/>: every header is read and checked here, the visitor is told each
        /// part and reads each leaf (<see cref="IStructureVisitor"/>). Skipping, copying kept members and the JSON view are its visitors.
        /// </summary>
        internal void Walk<TVisitor>(WireType wireType, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            // Each scalar case passes its wire type as a constant, so the visitor's own switch on it folds away.
            switch (wireType)
            {
                case WireType.Varint: visitor.Scalar(ref this, WireType.Varint, ref sink); break;
                case WireType.Fixed32: visitor.Scalar(ref this, WireType.Fixed32, ref sink); break;
                case WireType.Fixed64: visitor.Scalar(ref this, WireType.Fixed64, ref sink); break;
                case WireType.Fixed128: visitor.Scalar(ref this, WireType.Fixed128, ref sink); break;
                case WireType.Bytes: visitor.Bytes(ref this, ref sink); break;
                case WireType.Object: WalkObject(ref visitor, ref sink); break;
                case WireType.Sequence: WalkSequence(ref visitor, ref sink); break;
                case WireType.Map: WalkMap(ref visitor, ref sink); break;
            }
        }

        /// <summary>
        /// A value inside an object or a collection: a scalar or Bytes value goes to the visitor in place (most values are
        /// scalars, and this saves a call for each), anything else to <see cref="Walk"/>.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WalkValue<TVisitor>(WireType wireType, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            if (wireType >= WireType.Object) Walk(wireType, ref visitor, ref sink);
            else if (wireType == WireType.Bytes) visitor.Bytes(ref this, ref sink);
            else visitor.Scalar(ref this, wireType, ref sink);
        }

        private void WalkObject<TVisitor>(ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            switch (ReadObjectHeaderKind(out ulong h, out long start))
            {
                case ObjectHeaderKind.Null:
                    visitor.NullObject(start, ref sink);
                    return;
                case ObjectHeaderKind.BackReference:
                    visitor.ObjectBackReference((int)(h >> 2), start, ref sink);
                    return;
                case ObjectHeaderKind.Inline:
                    // No object id and no nesting level (format §5.1, §7.2): the definition, if any, and one row.
                    visitor.Inline(ref this, ref ResolveInline(h, start), (int)((h >> 2) - 1), start, ref sink);
                    return;
            }
            WalkMembers(ref EnterObject(h), (int)(h >> 2), start, ref visitor, ref sink);
        }

        /// <summary>
        /// The presence words and present members of a new object of shape <paramref name="shapeId"/>, whose header (at
        /// <paramref name="start"/>) has entered its nesting level (<see cref="EnterObject"/>); leaves the level.
        /// </summary>
        private void WalkMembers<TVisitor>(ref ReaderState.Entry e, int shapeId, long start, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            int count = e.Count;
            ushort[] tags = e.Tags;
            ulong presence = ReadPresenceWords(count, out ulong[]? more);
            visitor.ObjectStart(ref this, ref e, shapeId, start, presence, more, ref sink);
            // The present members in order, one set bit at a time: little stays live across the walk of each.
            for (ulong rest = presence; rest != 0; rest &= rest - 1)
            {
                WalkMember(tags, Bits.TrailingZeroCount(rest), ref visitor, ref sink);
            }
            if (more != null) WalkMoreMembers(tags, count, more, ref visitor, ref sink);
            visitor.ObjectEnd(ref this, ref sink);
            ExitDepth();
        }

        /// <summary>The present members from 64 on of a shape of more than 64 (their presence words are this depth's buffer: members one level deeper use another).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WalkMoreMembers<TVisitor>(ushort[] tags, int count, ulong[] more, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            for (int i = 64; i < count; i++)
            {
                if ((more[(i >> 6) - 1] & (1UL << (i & 63))) != 0) WalkMember(tags, i, ref visitor, ref sink);
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WalkMember<TVisitor>(ushort[] tags, int i, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            WireType wt = (WireType)(tags[i] & AmberCode.WireTypeMask);
            string? name = visitor.Member(i, ref sink);
            if (visitor.TracksPath) WalkNamedValue(wt, name, ref visitor, ref sink);
            else WalkValue(wt, ref visitor, ref sink);
        }

        /// <summary>A member's value, with its name added to the path of an error that passes (<see cref="IStructureVisitor.TracksPath"/>).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WalkNamedValue<TVisitor>(WireType wireType, string? name, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            try
            {
                WalkValue(wireType, ref visitor, ref sink);
            }
            catch (AmberException ex) when (ex.PassingMember(name))
            {
            }
        }

        private void WalkSequence<TVisitor>(ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            long at = Position;
            _lastCollectionRef = -1;
            int count = ReadSkippedSequenceHeader(out byte descriptor);
            if (count < 0)
            {
                visitor.NullCollection(false, _lastCollectionRef, at, ref sink);
                return;
            }
            visitor.CollectionStart(ref this, false, count, descriptor, at, ref sink);
            if (count > 0) WalkSequenceItems(count, new SequenceDescriptor(descriptor), ref visitor, ref sink);
            visitor.CollectionEnd(ref sink);
        }

        private void WalkSequenceItems<TVisitor>(int count, SequenceDescriptor d, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            if (d.IsPacked)
            {
                visitor.Packed(ref this, count, d.PackedCode, ref sink);
                return;
            }
            if (d.IsRows)
            {
                ref ReaderState.Entry e = ref ReadRowsLayout(count, out int shapeId, out ReadOnlySpan<byte> codes, out int width);
                visitor.Rows(ref this, ref e, shapeId, codes, count, width, ref sink);
                return;
            }
            bool nests = d.NestsCollections;
            if (nests)
            {
                EnterDepth();
                visitor.EnterNested(ref sink);
            }
            if (d.IsShaped) count = WalkDimensions(count, ref visitor, ref sink);
            bool nullable = d.HasNullableElements;
            WireType wt = d.ElementWireType;
            for (int i = 0; i < count; i++)
            {
                visitor.Item(ItemPart.Element, i, ref sink);
                if (visitor.TracksPath) WalkIndexedElement(i, nullable, wt, ref visitor, ref sink);
                else WalkElement(nullable, wt, ref visitor, ref sink);
            }
            if (nests)
            {
                visitor.ExitNested(ref sink);
                ExitDepth();
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WalkElement<TVisitor>(bool nullable, WireType wireType, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            if (nullable)
            {
                bool present = ReadPresence();
                visitor.Presence(ref this, present, ref sink);
                if (!present) return;
            }
            WalkValue(wireType, ref visitor, ref sink);
        }

        /// <summary>An element, with its index added to the path of an error that passes (<see cref="IStructureVisitor.TracksPath"/>).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WalkIndexedElement<TVisitor>(int index, bool nullable, WireType wireType, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            try
            {
                WalkElement(nullable, wireType, ref visitor, ref sink);
            }
            catch (AmberException ex) when (ex.PassingIndex(index))
            {
            }
        }

        /// <summary>A multi-dimensional array's rank and lengths (§6.1); returns the number of elements that follow.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private int WalkDimensions<TVisitor>(int count, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            if (!visitor.WantsDimensions)
            {
                ReadArrayDimensions(ref count, 0, default);
                return count;
            }
            Span<int> lengths = stackalloc int[MaxArrayRank];
            int rank = ReadArrayDimensions(ref count, 0, lengths);
            visitor.Dimensions(lengths.Slice(0, rank), ref sink);
            return count;
        }

        private void WalkMap<TVisitor>(ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            long at = Position;
            _lastCollectionRef = -1;
            int count = ReadSkippedMapHeader(out byte descriptor);
            if (count < 0)
            {
                visitor.NullCollection(true, _lastCollectionRef, at, ref sink);
                return;
            }
            visitor.CollectionStart(ref this, true, count, descriptor, at, ref sink);
            if (count > 0) WalkPairs(count, new MapDescriptor(descriptor), ref visitor, ref sink);
            visitor.CollectionEnd(ref sink);
        }

        private void WalkPairs<TVisitor>(int count, MapDescriptor d, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            bool nests = d.NestsCollections;
            if (nests)
            {
                EnterDepth();
                visitor.EnterNested(ref sink);
            }
            for (int i = 0; i < count; i++)
            {
                if (visitor.TracksPath) WalkIndexedPair(i, d, ref visitor, ref sink);
                else WalkPair(i, d, ref visitor, ref sink);
            }
            if (nests)
            {
                visitor.ExitNested(ref sink);
                ExitDepth();
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WalkPair<TVisitor>(int index, MapDescriptor d, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            visitor.Item(ItemPart.Key, index, ref sink);
            WalkValue(d.KeyWireType, ref visitor, ref sink);
            visitor.Item(ItemPart.Value, index, ref sink);
            WalkElement(d.HasNullableValues, d.ValueWireType, ref visitor, ref sink);
            visitor.Item(ItemPart.PairEnd, index, ref sink);
        }

        /// <summary>A pair, with its index added to the path of an error that passes (<see cref="IStructureVisitor.TracksPath"/>).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WalkIndexedPair<TVisitor>(int index, MapDescriptor d, ref TVisitor visitor, ref AmberWriter sink) where TVisitor : struct, IStructureVisitor
        {
            try
            {
                WalkPair(index, d, ref visitor, ref sink);
            }
            catch (AmberException ex) when (ex.PassingIndex(index))
            {
            }
        }

        // ------------------------------------------------------------------ Bytes (§3.1, §7.2)

        /// <summary>
        /// Reads a Bytes value that is skipped or kept, not decoded: -1 null, -2 a back-reference (checked), else its bytes,
        /// checked as <see cref="ReadBytesLength"/> checks them. In reference mode they are remembered as skipped bytes, so a
        /// later back-reference to them (from a member this version has) finds them.
        /// </summary>
        /// <summary>
        /// Reads past a Bytes value without decoding it. In reference mode it is remembered as skipped bytes (<see cref="ReadRawBytes"/>),
        /// so a later back-reference to it (from a member this version has) finds it.
        /// </summary>
        internal void SkipBytesValue()
        {
            if (_refs)
            {
                ReadRawBytes(out _);
                return;
            }
            int n = ReadBytesLength();
            if (n > 0) Skip(n);
        }

        private int ReadRawBytes(out ReadOnlySpan<byte> bytes)
        {
            int n = ReadBytesLength();
            bytes = n > 0 ? ReadSpan(n) : ReadOnlySpan<byte>.Empty;
            if (n >= 0 && _refs) RememberBytes(new ReaderState.SkippedBytes(bytes.ToArray()));
            return n;
        }
    }
}
