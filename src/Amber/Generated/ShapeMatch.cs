using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using Amber.Format;
using Amber.Internal;

namespace Amber.Metadata
{
    /// <summary>
    /// How the shape of an object being read relates to the reader's own shape: identical (read
    /// positionally) or mapped (each writer member to a reader member index, or -1 to skip). A writer
    /// shape whose members are some of the reader's, in the reader's order (data from a version with
    /// fewer members), also reads positionally: its presence bits are moved to the reader's positions.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct ShapeMatch
    {
        // One reference for the mapped case and one for wide presence, so the struct stays two registers wide
        // where it is passed by value (every generated ReadBody takes one).
        private readonly WriterMap? _map;

        internal ShapeMatch(WriterMap? map, ulong[]? more)
        {
            _map = map;
            More = more;
        }

        /// <summary>True when writer and reader agree on every member: read positionally.</summary>
        public bool IsIdentical => _map == null;

        /// <summary>Writer member index → reader member index (or -1). Null when identical.</summary>
        public int[]? Map => _map?.Members;

        /// <summary>The writer's tags, when not identical.</summary>
        public ushort[]? WriterTags => _map?.Tags;

        /// <summary>The number of members in the writer's shape when it differs from the reader's (0 when identical: use the reader's own shape).</summary>
        public int Count => _map?.Members.Length ?? 0;

        /// <summary>The wire type the writer used for its member <paramref name="index"/>.</summary>
        public WireType WireTypeAt(int index) => (WireType)(_map!.Tags[index] & AmberCode.WireTypeMask);

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

        internal ShapeMatch WithMore(ulong[] more) => new ShapeMatch(_map, more);

        /// <summary>The name hash the writer's definition carried for its member <paramref name="index"/> (only for a key that repeats there), else 0.</summary>
        internal uint HashAt(int index) => _map?.Hashes is uint[] h ? h[index] : 0;
    }
}
