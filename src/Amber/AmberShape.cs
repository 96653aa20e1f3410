using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Amber
{
    /// <summary>
    /// The member list of one serializable type as Amber writes it: the tags in order and, for each
    /// member, every key a reader accepts for it (its wire key, its current name, its former names).
    /// Generated code holds one static instance per type. docs/format.md §5.
    /// </summary>
    public sealed class AmberShape
    {
        private static int s_nextSlot;

        /// <summary>Creates a shape.</summary>
        /// <param name="typeName">The type's display name, for error messages.</param>
        /// <param name="memberNames">The member names in shape order, for error paths.</param>
        /// <param name="tags">The tag of each member: key and wire type.</param>
        /// <param name="extraKeys">Per member, further keys accepted when reading (former names), or null.</param>
        public AmberShape(string typeName, string[] memberNames, ushort[] tags, int[][]? extraKeys = null)
            : this(typeName, memberNames, tags, extraKeys, null)
        {
        }

        /// <summary>Creates a shape that carries a polymorphic type tag (docs/format.md §7.1).</summary>
        /// <param name="typeName">The type's display name, for error messages.</param>
        /// <param name="memberNames">The member names in shape order, for error paths.</param>
        /// <param name="tags">The tag of each member: key and wire type.</param>
        /// <param name="extraKeys">Per member, further keys accepted when reading (former names), or null.</param>
        /// <param name="typeTag">The type's tag, written in the shape definition; null for an untagged shape.</param>
        public AmberShape(string typeName, string[] memberNames, ushort[] tags, int[][]? extraKeys, uint? typeTag)
            : this(typeName, memberNames, tags, extraKeys, typeTag, 0)
        {
        }

        /// <summary>Creates a shape whose readers set some members to null when the writer left them out (docs/format.md §5).</summary>
        /// <param name="typeName">The type's display name, for error messages.</param>
        /// <param name="memberNames">The member names in shape order.</param>
        /// <param name="tags">The tag of each member: key and wire type.</param>
        /// <param name="extraKeys">Per member, further keys accepted when reading (former names), or null.</param>
        /// <param name="typeTag">The type's tag, written in the shape definition; null for an untagged shape.</param>
        /// <param name="nullWhenAbsent">
        /// Bit i set: member i is a <c>Nullable</c> whose own default is not null, so an absent bit means null
        /// while a member the writer's shape lacks keeps the default. A writer shape that lacks such a member is
        /// never read positionally. Only members 0 to 63 have a bit: a shape of more members never reads a
        /// writer's fewer members positionally anyway.
        /// </param>
        public AmberShape(string typeName, string[] memberNames, ushort[] tags, int[][]? extraKeys, uint? typeTag, ulong nullWhenAbsent)
        {
            TypeTag = typeTag;
            NullWhenAbsent = nullWhenAbsent;
            if (memberNames.Length != tags.Length) throw new ArgumentException("One name per tag is required.", nameof(memberNames));
            if (tags.Length > AmberCode.MaxShapeMembers) throw new ArgumentException($"A shape has at most {AmberCode.MaxShapeMembers} members.", nameof(tags));
            TypeName = typeName;
            MemberNames = memberNames;
            Tags = tags;
            ExtraKeys = extraKeys;
            Slot = Interlocked.Increment(ref s_nextSlot) - 1;
            var bytes = new byte[tags.Length * 2];
            for (int i = 0; i < tags.Length; i++)
            {
                bytes[2 * i] = (byte)tags[i];
                bytes[2 * i + 1] = (byte)(tags[i] >> 8);
            }
            TagBytes = bytes;
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

        /// <summary>The tags as they appear on the wire (u16 little-endian each).</summary>
        internal byte[] TagBytes { get; }

        /// <summary>A process-wide index used by writers to remember which shapes a payload has defined.</summary>
        internal int Slot { get; }

        /// <summary>The member index that reads a writer member with <paramref name="key"/>, or -1.</summary>
        internal int FindMember(int key)
        {
            for (int i = 0; i < Tags.Length; i++)
            {
                if ((Tags[i] >> 3) == key) return i;
                int[]? extra = ExtraKeys?[i];
                if (extra != null)
                {
                    foreach (int k in extra) if (k == key) return i;
                }
            }
            return -1;
        }
    }

    /// <summary>
    /// How the shape of an object being read relates to the reader's own shape: identical (read
    /// positionally) or mapped (each writer member to a reader member index, or -1 to skip). A writer
    /// shape whose members are some of the reader's, in the reader's order (data from a version with
    /// fewer members), also reads positionally: its presence bits are moved to the reader's positions.
    /// </summary>
    public readonly struct ShapeMatch
    {
        internal ShapeMatch(int[]? map, ushort[]? writerTags)
        {
            Map = map;
            WriterTags = writerTags;
            More = null;
        }

        internal ShapeMatch(in ShapeMatch match, ulong[] more)
        {
            Map = match.Map;
            WriterTags = match.WriterTags;
            More = more;
        }

        /// <summary>True when writer and reader agree on every member: read positionally.</summary>
        public bool IsIdentical => Map == null;

        /// <summary>Writer member index → reader member index (or -1). Null when identical.</summary>
        public int[]? Map { get; }

        /// <summary>The writer's tags, when not identical.</summary>
        public ushort[]? WriterTags { get; }

        /// <summary>The number of members in the writer's shape when it differs from the reader's (0 when identical: use the reader's own shape).</summary>
        public int Count => Map?.Length ?? 0;

        /// <summary>The wire type the writer used for its member <paramref name="index"/>.</summary>
        public WireType WireTypeAt(int index) => (WireType)(WriterTags![index] & 7);

        /// <summary>
        /// The presence words after the first, when the writer's shape has more than 64 members (word j
        /// holds members 64(j + 1) to 64(j + 1) + 63; docs/format.md §5); null otherwise. The array is the
        /// reader's, reused by the next object at the same nesting depth: it is valid while this object is read.
        /// </summary>
        public ulong[]? More { get; }

        /// <summary>Whether member <paramref name="index"/> of the writer's shape is present, given the first presence word <paramref name="p"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool Has(ulong p, int index) =>
            index < 64 ? (p & (1UL << index)) != 0 : (More![(index >> 6) - 1] & (1UL << (index & 63))) != 0;
    }
}

namespace Amber
{
    /// <summary>How the rows of a rows sequence (docs/format.md §6.1) relate to the reader's struct.</summary>
    public readonly struct RowsMatch
    {
        internal RowsMatch(bool identical, int[]? map, byte[] writerCodes, int count, int rowWidth)
        {
            Identical = identical;
            Map = map;
            WriterCodes = writerCodes;
            Count = count;
            RowWidth = rowWidth;
        }

        /// <summary>Same members, same order, same codes: each row is exactly the reader's own row.</summary>
        public bool Identical { get; }

        /// <summary>Writer member → reader member, or null when the tags are identical (codes may still differ).</summary>
        public int[]? Map { get; }

        /// <summary>The writer's code for each of its members.</summary>
        public byte[] WriterCodes { get; }

        /// <summary>The number of members in the writer's rows.</summary>
        public int Count { get; }

        /// <summary>Bytes per row.</summary>
        public int RowWidth { get; }
    }
}
