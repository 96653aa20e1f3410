using System;
using System.Buffers.Binary;
using System.Text;
using Amber.Internal;
using Amber.Walking;

namespace Amber
{
    public ref partial struct AmberReader
    {
        // Structure access for the JSON view (src/Amber/Json/JsonView.cs), which walks any payload without a type:
        // object headers, shape definitions and Bytes values, with the same checks and reference counting as reading.

        /// <summary>Whether the payload is in reference mode (set by <see cref="ReadPayloadHeader"/>).</summary>
        internal bool ReferenceMode => _refs;

        /// <summary>The number of object ids taken so far (reference mode).</summary>
        internal int ObjectIdCount => _state.Objects.Count;

        /// <summary>
        /// Reads an object header for the view. <paramref name="value"/> is, for a <see cref="ObjectHeaderKind.BackReference"/>,
        /// the object id (checked to exist); for an <see cref="ObjectHeaderKind.Object"/>, its shape id (in reference mode its
        /// object id was taken, see <see cref="LastReservedReference"/>; the caller reads the presence and members and calls
        /// <see cref="ExitDepth"/>); for an <see cref="ObjectHeaderKind.Inline"/> struct (§5.1), its shape id
        /// (<see cref="ViewInline"/> gives its codes and width; no id is taken and no level entered; the caller reads the row).
        /// </summary>
        internal ObjectHeaderKind ReadViewHeader(out int value)
        {
            ObjectHeaderKind kind = ReadObjectHeaderKind(out ulong h, out long at);
            value = 0;
            switch (kind)
            {
                case ObjectHeaderKind.Inline:
                    ResolveInline(h, at);
                    value = (int)((h >> 2) - 1);
                    break;
                case ObjectHeaderKind.BackReference:
                    value = (int)(h >> 2);
                    break;
                case ObjectHeaderKind.Object:
                    EnterObject(h);
                    if (_refs) _state.Objects[_lastReserved] = s_seen;
                    value = (int)(h >> 2);
                    break;
            }
            return kind;
        }

        /// <summary>
        /// Reads the presence words of the object whose header <see cref="ReadViewHeader"/> read, whose shape has
        /// <paramref name="count"/> members: the first is returned, the others are in <paramref name="more"/> (see <see cref="IsPresent"/>).
        /// </summary>
        internal ulong ReadViewPresence(int count, out ulong[]? more) => ReadPresenceWords(count, out more);

        /// <summary>
        /// Reads what follows a rows descriptor up to the <paramref name="count"/> rows (§6.1), with the checks of reading:
        /// returns the shape id, with the members' packed <paramref name="codes"/> and the <paramref name="width"/> of a row.
        /// </summary>
        internal int ReadViewRows(int count, out ReadOnlySpan<byte> codes, out int width)
        {
            ReadRowsLayout(count, out int shapeId, out codes, out width);
            return shapeId;
        }

        private static readonly object s_seen = new object();

        /// <summary>Whether sequences and maps take object ids (format version 2, reference mode).</summary>
        internal bool CollectionIdentity => _collectionIds;

        /// <summary>
        /// Reads a sequence (or, with <paramref name="map"/>, a map) header for the view: a <see cref="CollectionHeaderKind.BackReference"/>
        /// has its object id in <paramref name="refId"/> (checked to exist); a <see cref="CollectionHeaderKind.Collection"/> its
        /// <paramref name="count"/> and descriptor, and with <see cref="CollectionIdentity"/> its new id in <paramref name="refId"/> (else -1).
        /// </summary>
        internal CollectionHeaderKind ReadViewCollectionHeader(bool map, out int count, out byte descriptor, out int refId)
        {
            count = ReadCollectionHead(map, resolve: false, out descriptor, out _);
            if (count < 0)
            {
                refId = _collectionIds ? _lastCollectionRef : -1;
                return refId >= 0 ? CollectionHeaderKind.BackReference : CollectionHeaderKind.Null;
            }
            refId = _collectionIds ? _lastReserved : -1;
            if (refId >= 0) _state.Objects[refId] = s_seen;
            return CollectionHeaderKind.Collection;
        }

        /// <summary>The packed codes of the members of shape <paramref name="id"/>, defined inline (format §5.1), and the width of its row.</summary>
        internal ReadOnlySpan<byte> ViewInline(int id, out int width)
        {
            ref ReaderState.Entry e = ref _state.Entries[id];
            width = e.Width;
            return new ReadOnlySpan<byte>(e.Codes, 0, e.Count);
        }

        /// <summary>A shape read so far in this payload, by id: its tags, its type tag, and the name hash of each member that has one.</summary>
        internal void ViewShape(int id, out ushort[] tags, out uint? typeTag, out uint[]? hashes)
        {
            ref ReaderState.Entry e = ref _state.Entries[id];
            tags = e.Tags.AsSpan(0, e.Count).ToArray();
            typeTag = e.HasTypeTag ? e.TypeTag : null;
            hashes = null;
            if (e.HashCount == 0) return;
            hashes = new uint[e.Count];
            for (int i = 0, at = 0; i < e.Count; i++)
            {
                if (!ReaderState.KeyRepeats(e.Tags, e.Count, i)) continue;
                hashes[i] = BinaryPrimitives.ReadUInt32LittleEndian(e.HashBlock.AsSpan(4 * at++));
            }
        }

        /// <summary>
        /// Reads a Bytes value's raw bytes; false for null. A back-reference (reference mode) gives the bytes of the value it
        /// points to. In reference mode the bytes are remembered for later back-references; otherwise they are the input's
        /// own, valid until the next read.
        /// </summary>
        internal bool ReadViewBytes(out ReadOnlySpan<byte> bytes)
        {
            long at = Position;
            int n = ReadBytesLength();
            if (n == -1)
            {
                bytes = default;
                return false;
            }
            if (n == -2)
            {
                switch (_state.Bytes[_lastBytesRef])
                {
                    case byte[] b: bytes = b; return true;
                    case ReaderState.SkippedBytes skipped: bytes = skipped.Raw; return true;
                    case string s: bytes = Encoding.UTF8.GetBytes(s); return true;
                    default: AmberThrow.Malformed(at, "A back-reference points to a value that is not a string or byte array"); bytes = default; return false;
                }
            }
            bytes = n == 0 ? ReadOnlySpan<byte>.Empty : ReadSpan(n);
            if (_refs) RememberBytes(bytes.ToArray());
            return true;
        }
    }
}
