using System;
using System.Buffers.Binary;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;
using Amber.Streaming;

namespace Amber
{
    /// <summary>
    /// The members a payload had that this version of a type does not know, kept so that writing the object again writes
    /// them back unchanged. Give a class or struct a settable member of this type (any name, no attribute) and every
    /// member the data has and the type lacks is kept there when reading (null when there is none), and written back after
    /// the type's own members when the object is serialized again — through <see cref="AmberSerializer"/>,
    /// <see cref="AmberStream"/> and <see cref="AmberMessageWriter"/> alike. Kept values may hold nested objects of types
    /// this program never heard of, collections and polymorphic values: their shapes travel with them and are defined
    /// again in whatever payload or connection they are written to (docs/format.md §5.2).
    /// </summary>
    /// <remarks>
    /// Immutable, so one instance may be shared by copies of an object. In reference mode a kept value that refers to
    /// another object of the payload it was read from cannot be carried to another payload: writing it fails with an
    /// <see cref="AmberException"/> that names the member, never a payload that reads differently.
    /// </remarks>
    public sealed class AmberUnknownMembers
    {
        // Filled while the object is read (one member after another, arrays grown by doubling), never changed after.
        private ushort[] _tags;
        private uint[] _hashes;      // per member: its name hash when the writer's definition carried it (a key that repeated), else 0
        private byte[][] _values;    // per member: its value, self-contained (its shapes defined inside it, ids from 0, not in reference mode)
        private int _count;
        private string? _notPortable;

        // One reference, so that threads writing the same object never see a shape with another shape's bytes.
        private Extension? _extension;

        private sealed class Extension
        {
            public Extension(AmberShape shape, byte[] definition)
            {
                Shape = shape;
                Definition = definition;
            }

            public AmberShape Shape { get; }

            public byte[] Definition { get; }
        }

        private AmberUnknownMembers()
        {
            _tags = new ushort[4];
            _hashes = new uint[4];
            _values = new byte[4][];
        }

        /// <summary>The number of members kept.</summary>
        public int Count => _count;

        /// <summary>The member tags (format §4: key and wire type) of the kept members, in the order they are written.</summary>
        public ReadOnlySpan<ushort> Tags => new ReadOnlySpan<ushort>(_tags, 0, _count);

        /// <summary>The value bytes kept for member <paramref name="index"/>: self-contained, shapes defined inside it (for tools).</summary>
        internal ReadOnlySpan<byte> ValueAt(int index) => _values[index];

        /// <summary>Why the kept values cannot be written into another payload, or null.</summary>
        internal string? NotPortable => _notPortable;

        /// <summary>
        /// <paramref name="kept"/> with one more member (a new instance for the first). Only the reader that is filling an
        /// object's members calls this, before the object is handed out, so growing in place is safe.
        /// </summary>
        internal static AmberUnknownMembers Append(AmberUnknownMembers? kept, ushort tag, uint hash, byte[] value, string? notPortable)
        {
            kept ??= new AmberUnknownMembers();
            int n = kept._count;
            if (n == kept._tags.Length)
            {
                Array.Resize(ref kept._tags, 2 * n);
                Array.Resize(ref kept._hashes, 2 * n);
                Array.Resize(ref kept._values, 2 * n);
            }
            kept._tags[n] = tag;
            kept._hashes[n] = hash;
            kept._values[n] = value;
            kept._count = n + 1;
            kept._notPortable ??= notPortable;
            return kept;
        }

        /// <summary>
        /// The definition (its bytes after the header) of <paramref name="shape"/>'s members followed by these: every member
        /// of the type, then every kept one, with the name hashes of the members whose key repeats (format §5.2).
        /// </summary>
        internal byte[] ExtendedDefinition(AmberShape shape, string typeName)
        {
            Extension? last = _extension;
            if (last != null && ReferenceEquals(last.Shape, shape)) return last.Definition;
            int n = shape.Tags.Length, k = _count, total = n + k;
            if (total > AmberCode.MaxShapeMembers)
                throw new AmberException($"{typeName} has {n} members and keeps {k} unknown ones: together more than the {AmberCode.MaxShapeMembers} a shape lists", -1,
                    "Data from a version with this many more members cannot be carried by this version: add the members to the type, or drop the kept ones (set the AmberUnknownMembers member to null).");
            var tags = new ushort[total];
            shape.Tags.CopyTo(tags, 0);
            Array.Copy(_tags, 0, tags, n, k);
            int repeated = ReaderState.CountRepeatedKeys(tags);
            uint tag = shape.TypeTag ?? 0;
            bool tagged = shape.TypeTag != null;
            ulong d = ((ulong)total << 1) | (tagged ? 1UL : 0);
            var bytes = new byte[AmberPrimitives.VarintLength(d) + (tagged ? AmberPrimitives.VarintLength(tag) : 0) + 2 * total + 4 * repeated];
            int at = AmberPrimitives.TryWriteVarint(bytes, d);
            if (tagged) at += AmberPrimitives.TryWriteVarint(bytes.AsSpan(at), tag);
            foreach (ushort t in tags)
            {
                BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(at), t);
                at += 2;
            }
            for (int i = 0; repeated != 0 && i < total; i++)
            {
                if (!ReaderState.KeyRepeats(tags, total, i)) continue;
                uint hash = i < n ? shape.NameHashes?[i] ?? 0 : _hashes[i - n];
                if (hash == 0)
                    throw new AmberException($"A member {typeName} keeps from other data has key {tags[i] >> 3}, which another of its members has too, and the data did not carry its name hash", -1,
                        "Such a member cannot be told apart from the other when read again: give the type's member another key ([AmberFormerName] or [AmberKey]), or drop the kept ones (set the AmberUnknownMembers member to null).");
                BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(at), hash);
                at += 4;
            }
            _extension = new Extension(shape, bytes);
            return bytes;
        }
    }
}
