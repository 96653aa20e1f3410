using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading;
using Amber.Format;

namespace Amber.Metadata
{
    /// <summary>
    /// The member list of one serializable type as Amber writes it: the tags in order and, for each
    /// member, every key a reader accepts for it (its wire key, its current name, its former names).
    /// Generated code holds one static instance per type. docs/format.md §5.
    /// </summary>
    /// <remarks>
    /// Every shape takes a process-wide slot (<see cref="Slot"/>) that is never given back, and every thread's writer state
    /// grows to the highest slot: make a shape once per type (a static field, or a cache bounded by the types), never per call.
    /// </remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public sealed class AmberShape
    {
        private static int s_nextSlot;

        /// <summary>Creates a shape from what the generated code knows about the type's members.</summary>
        /// <exception cref="ArgumentException">A member list that does not agree with itself: see <see cref="AmberShapeInfo"/>.</exception>
        public AmberShape(AmberShapeInfo info)
            : this(info.TypeName ?? throw new ArgumentException("A shape needs its type's name.", nameof(info)),
                info.MemberNames ?? throw new ArgumentException("A shape needs its member names.", nameof(info)),
                info.Tags ?? throw new ArgumentException("A shape needs its members' tags.", nameof(info)),
                info.FormerKeys, info.TypeTag, info.NullWhenAbsent, info.NameHashes)
        {
        }

        /// <summary>
        /// The same members under a writer slot of their own, with <paramref name="typeTag"/> in the definition: the typed shape
        /// written where the declared type is polymorphic (docs/format.md §7.1), or with null the untagged one.
        /// </summary>
        public AmberShape WithTypeTag(uint? typeTag) => new AmberShape(TypeName, MemberNames, Tags, ExtraKeys, typeTag, NullWhenAbsent, NameHashes);

        /// <summary>
        /// The same members under a writer slot of their own, for a struct written inline (docs/format.md §5.1): no type tag, and
        /// read by the codes of its definition, so without former keys or members that read an absent bit as null.
        /// </summary>
        public AmberShape ForInlineStruct() => new AmberShape(TypeName, MemberNames, Tags, null, null, 0, NameHashes);

        private AmberShape(string typeName, string[] memberNames, ushort[] tags, int[][]? extraKeys, uint? typeTag, ulong nullWhenAbsent, uint[]? nameHashes)
        {
            TypeTag = typeTag;
            NullWhenAbsent = nullWhenAbsent;
            if (memberNames.Length != tags.Length) throw new ArgumentException("One name per tag is required.", nameof(memberNames));
            if (tags.Length > AmberCode.MaxShapeMembers) throw new ArgumentException($"A shape has at most {AmberCode.MaxShapeMembers} members.", nameof(tags));
            TypeName = typeName;
            MemberNames = memberNames;
            Tags = tags;
            ExtraKeys = extraKeys;
            if (nameHashes != null && nameHashes.Length != tags.Length) throw new ArgumentException("One name hash per tag is required.", nameof(nameHashes));
            NameHashes = nameHashes;
            Slot = Interlocked.Increment(ref s_nextSlot) - 1;
            Register(this);
            bool[]? shared = null;
            for (int i = 0; i < tags.Length; i++)
            {
                for (int j = i + 1; j < tags.Length; j++)
                {
                    if ((tags[i] >> 3) != (tags[j] >> 3)) continue;
                    // A reader tells members that share a key apart by the hash alone (format §5), and rejects a hash
                    // that does not fold to its key, as only names' own keys are ever shared (AMB004 refuses hand-picked ones).
                    if (nameHashes == null) throw new ArgumentException($"Members {memberNames[i]} and {memberNames[j]} share key {tags[i] >> 3}; their name hashes are required.", nameof(nameHashes));
                    if (nameHashes[i] == nameHashes[j] || AmberCode.KeyOfHash(nameHashes[i]) != tags[i] >> 3 || AmberCode.KeyOfHash(nameHashes[j]) != tags[j] >> 3)
                        throw new ArgumentException($"Members {memberNames[i]} and {memberNames[j]} share key {tags[i] >> 3}, so each needs a distinct name hash that folds to it.", nameof(nameHashes));
                    shared ??= new bool[tags.Length];
                    shared[i] = shared[j] = true;
                }
            }
            AllMembers = tags.Length >= 64 ? ulong.MaxValue : (1UL << tags.Length) - 1;

            // The full definition: every tag, then the hashes of the members that share a key, in shape order.
            int hashCount = 0;
            if (shared != null) foreach (bool b in shared) if (b) hashCount++;
            var bytes = new byte[tags.Length * 2 + hashCount * 4];
            for (int i = 0; i < tags.Length; i++)
            {
                bytes[2 * i] = (byte)tags[i];
                bytes[2 * i + 1] = (byte)(tags[i] >> 8);
            }
            for (int i = 0, at = tags.Length * 2; shared != null && i < tags.Length; i++)
            {
                if (!shared[i]) continue;
                System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(at), nameHashes![i]);
                at += 4;
            }
            TagBytes = bytes;
            // Four varints (the object header, a definition's count and type tag, the presence) and the longest tag bytes
            // a definition may list (each member takes 6 bytes at most, MaxDefinitionLength).
            HeadRoom = 4 * AmberPrimitives.MaxVarintLength + Math.Max(bytes.Length, 6 * tags.Length);

            // Listing some members (and so the masks below) is done for shapes of at most 64 members only: wider
            // ones always define every member (format §5).
            if (shared != null && tags.Length <= 64)
            {
                var sameKey = new ulong[tags.Length];
                for (int i = 0; i < tags.Length; i++)
                {
                    if (!shared[i]) continue;
                    CollisionMembers |= 1UL << i;
                    for (int j = 0; j < tags.Length; j++) if ((tags[j] >> 3) == (tags[i] >> 3)) sameKey[i] |= 1UL << j;
                }
                _sameKey = sameKey;
            }
            AlwaysListed = nullWhenAbsent;
        }

        /// <summary>The type's display name.</summary>
        public string TypeName { get; }

        /// <summary>The polymorphic type tag written with this shape, or null.</summary>
        public uint? TypeTag { get; }

        /// <summary>Member names in shape order.</summary>
        public string[] MemberNames { get; }

        /// <summary>Tags in shape order.</summary>
        public ushort[] Tags { get; }

        internal int[][]? ExtraKeys { get; }

        /// <summary>The members that read an absent bit as null (see the constructor).</summary>
        internal ulong NullWhenAbsent { get; }

        /// <summary>
        /// Per member, FNV-1a-32 of its wire name (docs/format.md §4), or null for a shape made without them (its members
        /// have distinct keys).
        /// </summary>
        public uint[]? NameHashes { get; }

        /// <summary>
        /// Bit i set: another member has member i's key. A definition that lists one of them lists all that share its
        /// key (<see cref="CloseOverCollisions"/>), with their name hashes after the tags (format §5).
        /// </summary>
        internal ulong CollisionMembers { get; }

        // Per member of CollisionMembers, the members with its key (itself included); null without collisions.
        private readonly ulong[]? _sameKey;

        /// <summary>The most bytes an object header of this shape takes: its shape (a definition the first time) and presence.</summary>
        internal int HeadRoom { get; }

        /// <summary>The definition's bytes after its count: the tags (u16 little-endian each), then the hashes of the members that share a key (u32 each).</summary>
        internal byte[] TagBytes { get; }

        /// <summary>One bit per member: the listing of a full shape.</summary>
        internal ulong AllMembers { get; }

        /// <summary>
        /// The members every shape definition of this type lists, whether present or not: those that read an
        /// absent bit differently from a member the writer's shape lacks (<see cref="NullWhenAbsent"/>).
        /// </summary>
        internal ulong AlwaysListed { get; }

        /// <summary>A process-wide index used by writers to remember which shapes a payload has defined.</summary>
        internal int Slot { get; }

        /// <summary>The slots taken so far in this process: one per shape ever made.</summary>
        internal static int SlotCount => Volatile.Read(ref s_nextSlot);

        // Every shape by its slot, for the rare writer that must find which of a payload's definitions has given bytes
        // (members kept from other data, format §5.2); shapes are static in generated code, so this holds few.
        private static AmberShape?[] s_bySlot = new AmberShape?[64];
        private static readonly object s_bySlotLock = new object();

        private static void Register(AmberShape shape)
        {
            lock (s_bySlotLock)
            {
                AmberShape?[] all = s_bySlot;
                if (shape.Slot >= all.Length)
                {
                    Array.Resize(ref all, Math.Max(shape.Slot + 1, all.Length * 2));
                }
                all[shape.Slot] = shape;
                s_bySlot = all;
            }
        }

        /// <summary>The shape of <paramref name="slot"/>, or null.</summary>
        internal static AmberShape? FromSlot(int slot)
        {
            AmberShape?[] all = Volatile.Read(ref s_bySlot);
            return (uint)slot < (uint)all.Length ? all[slot] : null;
        }

        /// <summary>Set once a writer has defined this shape inline (format §5.1): its definitions carry codes, so they never stand for an object's.</summary>
        internal bool UsedInline { get; set; }

        /// <summary>
        /// <paramref name="listed"/> (bit i: member i) with every member that shares a key with a listed one: a definition
        /// lists all members of a key or none, so a reader whose type has a key twice finds both hashes, or data from a
        /// writer that had only one member with it (format §5).
        /// </summary>
        internal ulong CloseOverCollisions(ulong listed)
        {
            ulong shared = listed & CollisionMembers;
            for (; shared != 0; shared &= shared - 1) listed |= _sameKey![Internal.Bits.TrailingZeroCount(shared)];
            return listed;
        }

        // Definitions as written, after the header: count, type tag, tags, hashes. A few listings per shape are kept
        // (a payload type's usual ones: the full shape and the members its messages tend to set), each slot filled
        // once and never replaced, so writing a definition is one copy and allocates only while the slots fill.
        private readonly DefinitionBlock?[] _definitions = new DefinitionBlock?[8];

        private sealed class DefinitionBlock
        {
            public DefinitionBlock(ulong listed, byte[] bytes)
            {
                Listed = listed;
                Bytes = bytes;
            }

            public ulong Listed { get; }

            public byte[] Bytes { get; }
        }

        /// <summary>The bytes of a definition listing <paramref name="listed"/> after its header, or null when none is kept for it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        internal byte[]? DefinitionBytes(ulong listed)
        {
            DefinitionBlock? block = _definitions[(int)((listed * 0x9E3779B97F4A7C15UL) >> 61)];
            return block != null && block.Listed == listed ? block.Bytes : KeepDefinition(listed);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private byte[]? KeepDefinition(ulong listed)
        {
            int slot = (int)((listed * 0x9E3779B97F4A7C15UL) >> 61);
            if (_definitions[slot] != null) return null;   // another listing has the slot: written piece by piece
            var buffer = new byte[MaxDefinitionLength(listed)];
            byte[] bytes = buffer.AsSpan(0, WriteDefinition(listed, buffer)).ToArray();
            _definitions[slot] = new DefinitionBlock(listed, bytes);
            return bytes;
        }

        /// <summary>The most bytes <see cref="WriteDefinition"/> writes for <paramref name="listed"/>.</summary>
        internal int MaxDefinitionLength(ulong listed) =>
            AmberPrimitives.MaxDefinitionHeadLength + (listed == AllMembers ? TagBytes.Length : 6 * Internal.Bits.PopCount(listed));

        /// <summary>
        /// Writes a definition listing <paramref name="listed"/> after its header: the count (with the type-tag bit), the
        /// type tag if any, the tags and the hash block (docs/format.md §5); returns the length written.
        /// </summary>
        internal int WriteDefinition(ulong listed, Span<byte> destination)
        {
            bool all = listed == AllMembers;
            int n = AmberPrimitives.WriteDefinitionHead(destination, all ? Tags.Length : Internal.Bits.PopCount(listed), TypeTag);
            if (!all) return n + WriteTagBytes(listed, destination.Slice(n));
            TagBytes.CopyTo(destination.Slice(n));
            return n + TagBytes.Length;
        }

        /// <summary>
        /// Writes the definition bytes after the count for the members in <paramref name="listed"/> (closed with
        /// <see cref="CloseOverCollisions"/>), into at least 6 bytes per listed member; returns the length written.
        /// Listing every member gives <see cref="TagBytes"/>.
        /// </summary>
        internal int WriteTagBytes(ulong listed, Span<byte> destination)
        {
            int at = 0;
            for (ulong rest = listed; rest != 0; rest &= rest - 1)
            {
                ushort tag = Tags[Internal.Bits.TrailingZeroCount(rest)];
                destination[at++] = (byte)tag;
                destination[at++] = (byte)(tag >> 8);
            }
            for (ulong shared = listed & CollisionMembers; shared != 0; shared &= shared - 1)
            {
                int i = Internal.Bits.TrailingZeroCount(shared);
                if ((_sameKey![i] & listed) == 1UL << i) continue;   // its key is not repeated in this definition
                uint h = NameHashes![i];
                destination[at++] = (byte)h;
                destination[at++] = (byte)(h >> 8);
                destination[at++] = (byte)(h >> 16);
                destination[at++] = (byte)(h >> 24);
            }
            return at;
        }

        /// <summary>
        /// The member index that reads a writer member with <paramref name="tag"/> whose key is the only one of its kind in
        /// the writer's definition, or -1. When several members accept the key (format §5), the one with the tag's wire
        /// type if exactly one has it, else the first declared: data written before a colliding member was added belongs
        /// to the older one.
        /// </summary>
        internal int FindMember(ushort tag)
        {
            int key = tag >> 3;
            int first = -1, sameType = -1, sameTypeCount = 0;
            for (int i = 0; i < Tags.Length; i++)
            {
                if (!Accepts(i, key)) continue;
                if (CollisionMembers == 0) return i;
                if (first < 0) first = i;
                if ((Tags[i] & AmberCode.WireTypeMask) == (tag & AmberCode.WireTypeMask) && sameTypeCount++ == 0) sameType = i;
            }
            return sameTypeCount == 1 ? sameType : first;
        }

        /// <summary>The member index whose wire name has <paramref name="nameHash"/> (a writer member whose key its definition repeats), or -1.</summary>
        internal int FindMemberByHash(uint nameHash)
        {
            if (NameHashes != null)
            {
                for (int i = 0; i < NameHashes.Length; i++) if (NameHashes[i] == nameHash) return i;
            }
            return -1;
        }

        private bool Accepts(int member, int key)
        {
            if ((Tags[member] >> 3) == key) return true;
            int[]? extra = ExtraKeys?[member];
            if (extra != null)
            {
                foreach (int k in extra) if (k == key) return true;
            }
            return false;
        }
    }
}
