using System;
using System.Buffers.Binary;
using System.Text;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberReader
    {
        // What the JSON view (src/Amber/Json/JsonView.cs), a visitor of the payload walk (Format/AmberReader.Walk.cs),
        // reads besides the walk: the reference mode, the shapes by id, and Bytes values with their back-references resolved.

        /// <summary>Whether the payload is in reference mode (set by <see cref="ReadPayloadHeader"/>).</summary>
        internal bool ReferenceMode => _refs;

        private static readonly object s_seen = new object();

        /// <summary>Marks the object or collection id <paramref name="id"/> the view just took (−1: none) as read, as reading does.</summary>
        internal void MarkViewed(int id)
        {
            if (id >= 0) _state.Objects[id] = s_seen;
        }

        /// <summary>Whether sequences and maps take object ids (format version 2, reference mode).</summary>
        internal bool CollectionIdentity => _collectionIds;

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
