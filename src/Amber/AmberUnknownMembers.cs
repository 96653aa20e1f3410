using System;
using System.Buffers.Binary;
using Amber.Internal;

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
        private readonly ushort[] _tags;
        private readonly uint[] _hashes;      // per member: its name hash when the writer's definition carried it (a key that repeated), else 0
        private readonly byte[][] _values;    // per member: its value, self-contained (its shapes defined inside it, ids from 0, not in reference mode)
        private readonly string? _notPortable;

        // The definition of the last shape extended by these members (format §5.2), for the next object written with it.
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

        private AmberUnknownMembers(ushort[] tags, uint[] hashes, byte[][] values, string? notPortable)
        {
            _tags = tags;
            _hashes = hashes;
            _values = values;
            _notPortable = notPortable;
        }

        /// <summary>The number of members kept.</summary>
        public int Count => _tags.Length;

        /// <summary>The member tags (format §4: key and wire type) of the kept members, in the order they are written.</summary>
        public ReadOnlySpan<ushort> Tags => _tags;

        /// <summary>The value bytes kept for member <paramref name="index"/>: self-contained, shapes defined inside it (for tools).</summary>
        internal ReadOnlySpan<byte> ValueAt(int index) => _values[index];

        internal string? NotPortable => _notPortable;

        /// <summary>These members and one more.</summary>
        internal static AmberUnknownMembers Append(AmberUnknownMembers? kept, ushort tag, uint hash, byte[] value, string? notPortable)
        {
            int n = kept?.Count ?? 0;
            var tags = new ushort[n + 1];
            var hashes = new uint[n + 1];
            var values = new byte[n + 1][];
            if (kept != null)
            {
                kept._tags.CopyTo(tags, 0);
                kept._hashes.CopyTo(hashes, 0);
                kept._values.CopyTo(values, 0);
            }
            tags[n] = tag;
            hashes[n] = hash;
            values[n] = value;
            return new AmberUnknownMembers(tags, hashes, values, kept?._notPortable ?? notPortable);
        }

        /// <summary>
        /// The definition (its bytes after the header) of <paramref name="shape"/>'s members followed by these: every member
        /// of the type, then every kept one, with the name hashes of the members whose key repeats (format §5.2).
        /// </summary>
        internal byte[] ExtendedDefinition(AmberShape shape, string typeName)
        {
            Extension? last = _extension;
            if (last != null && ReferenceEquals(last.Shape, shape)) return last.Definition;
            int n = shape.Tags.Length, k = _tags.Length, total = n + k;
            if (total > AmberCode.MaxShapeMembers)
                throw new AmberException($"{typeName} has {n} members and keeps {k} unknown ones: together more than the {AmberCode.MaxShapeMembers} a shape lists", -1,
                    "Data from a version with this many more members cannot be carried by this version: add the members to the type, or drop the kept ones (set the AmberUnknownMembers member to null).");
            var tags = new ushort[total];
            shape.Tags.CopyTo(tags, 0);
            _tags.CopyTo(tags, n);
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
