using System;
using System.Buffers.Binary;
using System.Text;
using Amber.Internal;

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
        /// Reads an object header for the view: 0 null, 1 a back-reference (<paramref name="value"/> is the object id,
        /// checked to exist), 2 an object (<paramref name="value"/> is its shape id; in reference mode its object id was
        /// taken, see <see cref="LastReservedReference"/>), 3 an inline struct (§5.1; <paramref name="value"/> is its shape
        /// id, <see cref="ViewInline"/> gives its codes and width; no id is taken and no level entered). For 2 the caller
        /// reads the presence and members and calls <see cref="ExitDepth"/>; for 3 it reads the row.
        /// <paramref name="rows"/>: the header of rows (§6.1), which takes no id and no depth.
        /// </summary>
        internal int ReadViewHeader(bool rows, out int value)
        {
            long at = Position;
            ulong h = ReadVarint();
            value = 0;
            if (h == 0)
            {
                if (rows) AmberThrow.Malformed(at, "Rows have a null shape header");
                return 0;
            }
            if ((h & 3) == AmberCode.ObjectInline && !rows)
            {
                ResolveInline(h, at);
                value = (int)((h >> 2) - 1);
                return 3;
            }
            if ((h & 3) == AmberCode.ObjectBackRef && !rows)
            {
                if (!_refs) AmberThrow.Malformed(at, "A back-reference appears in a payload that is not in reference mode");
                if ((h >> 2) >= (ulong)_state.Objects.Count) AmberThrow.Malformed(at, $"A back-reference to object {h >> 2}, which has not been read");
                value = (int)(h >> 2);
                return 1;
            }
            if (!rows)
            {
                ReserveReference();
                if (_refs) _state.Objects[_lastReserved] = s_seen;
                EnterDepth();
            }
            ResolveShape(h);
            value = (int)(h >> 2);
            return 2;
        }

        private static readonly object s_seen = new object();

        /// <summary>Whether sequences and maps take object ids (format version 2, reference mode).</summary>
        internal bool CollectionIdentity => _collectionIds;

        /// <summary>
        /// Reads a sequence (or, with <paramref name="map"/>, a map) header for the view: -1 null, -2 a back-reference
        /// (<paramref name="refId"/> is the object id, checked to exist), else the count with the descriptor; with
        /// <see cref="CollectionIdentity"/> the new collection's id is <paramref name="refId"/> (else -1).
        /// </summary>
        internal int ReadViewCollectionHeader(bool map, out byte descriptor, out int refId)
        {
            int count = map ? ReadMapHead(resolve: false, out descriptor, out _) : ReadSequenceHead(resolve: false, out descriptor, out _);
            if (count < 0)
            {
                refId = _collectionIds ? _lastCollectionRef : -1;
                return refId >= 0 ? -2 : -1;
            }
            refId = _collectionIds ? _lastReserved : -1;
            if (refId >= 0) _state.Objects[refId] = s_seen;
            return count;
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
