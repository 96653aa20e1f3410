using System;
using System.Collections.Generic;
using Amber.Format;

namespace Amber.Fuzz.Engine
{
    /// <summary>What a byte range of a payload is, as far as docs/format.md tells.</summary>
    public enum FieldKind : byte
    {
        PayloadHeader,
        ObjectHeader,
        ShapeCount,
        TypeTag,
        MemberTag,
        Presence,
        SequenceCount,
        SequenceDescriptor,
        Rank,
        DimensionLength,
        RowCode,
        MapCount,
        MapDescriptor,
        BytesLength,
        BytesContent,
        PresenceByte,
        Varint,
        Fixed,
        NameHash,

        /// <summary>A connection message's length prefix (docs/format.md §7.5); its value is the payload's length.</summary>
        MessageLength,
    }

    /// <summary>One annotated range of a payload.</summary>
    public readonly struct Field
    {
        public Field(FieldKind kind, int offset, int length, ulong value)
        {
            Kind = kind;
            Offset = offset;
            Length = length;
            Value = value;
        }

        public FieldKind Kind { get; }
        public int Offset { get; }
        public int Length { get; }
        public ulong Value { get; }
    }

    /// <summary>One message of a framed stream as <see cref="PayloadWalker.Messages"/> found it.</summary>
    public readonly struct FramedMessage
    {
        public FramedMessage(int at, int prefixLength, ulong declaredLength, int walkedEnd)
        {
            At = at;
            PrefixLength = prefixLength;
            DeclaredLength = declaredLength;
            WalkedEnd = walkedEnd;
        }

        /// <summary>The offset of the length prefix.</summary>
        public int At { get; }

        /// <summary>The prefix's bytes.</summary>
        public int PrefixLength { get; }

        /// <summary>The payload length the prefix says.</summary>
        public ulong DeclaredLength { get; }

        /// <summary>Where the payload ends by the walk (the offset after its last byte), or -1 where the walk could not read it.</summary>
        public int WalkedEnd { get; }
    }

    /// <summary>
    /// Walks a payload by the format alone (wire types in shapes make it self-describing) and lists
    /// where each header, count, descriptor, tag and value is, so mutations can hit structure
    /// instead of random bytes. Tolerant: it stops at the first thing it cannot read and keeps what
    /// it found before. Independent of Amber's reader on purpose (a second reading of format.md).
    /// </summary>
    public sealed class PayloadWalker
    {
        private const int MaxDepth = 200;
        private readonly byte[] _data;
        private readonly List<Field> _fields = new List<Field>();
        private readonly List<ushort[]> _shapes = new List<ushort[]>();
        private readonly Dictionary<int, int> _inlineWidths = new Dictionary<int, int>();   // shape id → row width, for shapes defined inline
        private int _pos;
        private int _end;   // the end of the payload being walked: the data's, or a connection message's
        private bool _refs;
        private bool _collectionIds;   // reference mode of version 2 and of connection messages: collections take ids (format §7.2)

        private PayloadWalker(byte[] data)
        {
            _data = data;
            _end = data.Length;
        }

        private sealed class StopException : Exception
        {
        }

        /// <summary>The fields of <paramref name="data"/>: one payload, or with <paramref name="connection"/> a connection stream (§7.6).</summary>
        public static Field[] Walk(byte[] data, bool connection) => connection ? WalkConnection(data) : Walk(data);

        /// <summary>
        /// The varint length prefix of a message at <paramref name="at"/> (docs/format.md §7.5): returns its byte count, 0 when
        /// the data ends inside it or it runs past 10 bytes.
        /// </summary>
        public static int LengthPrefix(byte[] data, int at, out ulong length)
        {
            length = 0;
            for (int i = 0; i < 10 && at + i < data.Length; i++)
            {
                byte b = data[at + i];
                length |= (ulong)(b & 0x7F) << (7 * i);
                if (b < 0x80) return i + 1;
            }
            return 0;
        }

        /// <summary>
        /// Walks a connection stream (docs/format.md §7.6) message by message: each length prefix, then the payload with the
        /// shapes of the messages before it (a version-3 header starts them anew). A message it cannot read is left at what
        /// was found in it; the walk goes on at the next message, and stops at a length prefix it cannot read.
        /// </summary>
        public static Field[] WalkConnection(byte[] data)
        {
            var w = new PayloadWalker(data);
            int at = 0;
            while (at < data.Length)
            {
                int prefix = PayloadWalker.LengthPrefix(data, at, out ulong length);
                if (prefix == 0 || length == 0) break;
                w._fields.Add(new Field(FieldKind.MessageLength, at, prefix, length));
                int start = at + prefix;
                int end = length > (ulong)(data.Length - start) ? data.Length : start + (int)length;
                w._pos = start;
                w._end = end;
                try
                {
                    byte h = w.ReadByte(FieldKind.PayloadHeader);
                    if (h >> 4 == AmberCode.ConnectionFirstVersion)
                    {
                        w._shapes.Clear();
                        w._inlineWidths.Clear();
                    }
                    w._refs = (h & 0x08) != 0;
                    w._collectionIds = w._refs;
                    w.Value(h & 7, 0);
                }
                catch (StopException)
                {
                }
                at = end;
            }
            return w._fields.ToArray();
        }

        /// <summary>
        /// The messages of a framed stream (docs/format.md §7.5, or with <paramref name="connection"/> §7.6): for each, where its
        /// length prefix is and what it says, and where its payload ends by the walk alone, with no bound but the data's end
        /// (-1 where the walk cannot read it). A re-sealer rewrites a prefix that disagrees with the walk. The walk goes on at the
        /// walked end (else at the prefix's) and stops at a prefix it cannot read or a length of 0.
        /// </summary>
        public static List<FramedMessage> Messages(byte[] data, bool connection)
        {
            var w = new PayloadWalker(data);
            var messages = new List<FramedMessage>();
            int at = 0;
            while (at < data.Length)
            {
                int prefix = PayloadWalker.LengthPrefix(data, at, out ulong length);
                if (prefix == 0 || length == 0) break;
                int start = at + prefix;
                w._pos = start;
                w._end = data.Length;
                int walked = -1;
                try
                {
                    byte h = w.ReadByte(FieldKind.PayloadHeader);
                    // A payload of plain framing stands alone; a connection's first message starts its shapes anew.
                    if (!connection || h >> 4 == AmberCode.ConnectionFirstVersion)
                    {
                        w._shapes.Clear();
                        w._inlineWidths.Clear();
                    }
                    w._refs = (h & 0x08) != 0;
                    w._collectionIds = w._refs && (connection || h >> 4 == AmberCode.ReferenceFormatVersion);
                    w.Value(h & 7, 0);
                    walked = w._pos;
                }
                catch (StopException)
                {
                }
                messages.Add(new FramedMessage(at, prefix, length, walked));
                at = walked >= 0 ? walked : length > (ulong)(data.Length - start) ? data.Length : start + (int)length;
            }
            return messages;
        }

        public static Field[] Walk(byte[] data)
        {
            var w = new PayloadWalker(data);
            try
            {
                if (data.Length == 0) return Array.Empty<Field>();
                byte h = data[0];
                w._fields.Add(new Field(FieldKind.PayloadHeader, 0, 1, h));
                w._pos = 1;
                w._refs = (h & 0x08) != 0;
                w._collectionIds = w._refs && h >> 4 == AmberCode.ReferenceFormatVersion;
                w.Value(h & 7, 0);
            }
            catch (StopException)
            {
            }
            return w._fields.ToArray();
        }

        private void Need(long n)
        {
            if (n < 0 || _pos + n > _end) throw new StopException();
        }

        private ulong ReadVarint(FieldKind kind)
        {
            int start = _pos;
            ulong v = 0;
            for (int i = 0; i < 10; i++)
            {
                Need(1);
                byte b = _data[_pos++];
                v |= (ulong)(b & 0x7F) << (7 * i);
                if (b < 0x80)
                {
                    _fields.Add(new Field(kind, start, _pos - start, v));
                    return v;
                }
            }
            throw new StopException();
        }

        private byte ReadByte(FieldKind kind)
        {
            Need(1);
            byte b = _data[_pos];
            _fields.Add(new Field(kind, _pos, 1, b));
            _pos++;
            return b;
        }

        private void Fixed(int n)
        {
            Need(n);
            _fields.Add(new Field(FieldKind.Fixed, _pos, n, 0));
            _pos += n;
        }

        private void Value(int wireType, int depth)
        {
            if (depth > MaxDepth) throw new StopException();
            switch (wireType)
            {
                case 0: ReadVarint(FieldKind.Varint); break;
                case 1: Fixed(4); break;
                case 2: Fixed(8); break;
                case 3: Fixed(16); break;
                case 4:
                {
                    ulong l = ReadVarint(FieldKind.BytesLength);
                    if (l == 0)
                    {
                        if (_refs) ReadVarint(FieldKind.BytesLength);
                        break;
                    }
                    Need((long)Math.Min(l - 1, int.MaxValue));
                    if (l > 1) _fields.Add(new Field(FieldKind.BytesContent, _pos, (int)(l - 1), 0));
                    _pos += (int)(l - 1);
                    break;
                }
                case 5: Object(depth); break;
                case 6: Sequence(depth); break;
                case 7: Map(depth); break;
            }
        }

        private ushort[] Shape(ulong header)
        {
            ulong id = header >> 2;
            if ((header & 3) == 1)
            {
                if (id >= (ulong)_shapes.Count) throw new StopException();
                return _shapes[(int)id];
            }
            if ((header & 3) != 2) throw new StopException();
            ulong d = ReadVarint(FieldKind.ShapeCount);
            if ((d & 1) != 0) ReadVarint(FieldKind.TypeTag);
            ulong count = d >> 1;
            if (count > AmberCode.MaxShapeMembers) throw new StopException();
            var tags = new ushort[count];
            for (int i = 0; i < tags.Length; i++)
            {
                Need(2);
                tags[i] = (ushort)(_data[_pos] | (_data[_pos + 1] << 8));
                _fields.Add(new Field(FieldKind.MemberTag, _pos, 2, tags[i]));
                _pos += 2;
            }
            // The name hashes of the members whose key repeats in this definition (docs/format.md §5).
            for (int i = 0; i < tags.Length; i++)
            {
                bool repeats = false;
                for (int j = 0; j < tags.Length && !repeats; j++) repeats = j != i && (tags[j] >> 3) == (tags[i] >> 3);
                if (!repeats) continue;
                Need(4);
                _fields.Add(new Field(FieldKind.NameHash, _pos, 4, (uint)(_data[_pos] | (_data[_pos + 1] << 8) | (_data[_pos + 2] << 16) | (_data[_pos + 3] << 24))));
                _pos += 4;
            }
            _shapes.Add(tags);
            return tags;
        }

        private void Object(int depth)
        {
            ulong h = ReadVarint(FieldKind.ObjectHeader);
            if (h == 0 || (h & 3) == 3) return;
            if ((h & 3) == 0)
            {
                Inline(h);
                return;
            }
            ushort[] tags = Shape(h);
            // One presence word per 64 members (format §5), all before the values.
            var presence = new ulong[Math.Max(1, (tags.Length + 63) >> 6)];
            for (int k = 0; k < presence.Length; k++) presence[k] = ReadVarint(FieldKind.Presence);
            for (int i = 0; i < tags.Length; i++)
            {
                if ((presence[i >> 6] & (1UL << (i & 63))) != 0) Value(tags[i] & 7, depth + 1);
            }
        }

        /// <summary>An inline struct (format §5.1): header (shape id + 1) &lt;&lt; 2, the definition and codes on first use, one row.</summary>
        private void Inline(ulong h)
        {
            ulong id = (h >> 2) - 1;
            if (id == (ulong)_shapes.Count)
            {
                ushort[] tags = Shape(((ulong)_shapes.Count << 2) | 2);
                int width = RowCodes(tags.Length);
                _inlineWidths[(int)id] = width;
            }
            if (id > int.MaxValue || !_inlineWidths.TryGetValue((int)id, out int w)) throw new StopException();
            Fixed(w);
        }

        /// <summary>One packed code per member (format §6.1); returns the width of a row.</summary>
        private int RowCodes(int members)
        {
            int width = 0;
            for (int i = 0; i < members; i++)
            {
                byte code = ReadByte(FieldKind.RowCode);
                width += code switch { 1 or 2 or 11 => 1, 3 or 4 or 12 => 2, 5 or 6 or 9 => 4, 7 or 8 or 10 => 8, _ => 0 };
            }
            if (width == 0) throw new StopException();
            return width;
        }

        private void Sequence(int depth)
        {
            ulong n = ReadVarint(FieldKind.SequenceCount);
            if (n == 0 && _collectionIds) ReadVarint(FieldKind.SequenceCount);   // null, or a back-reference to a collection
            if (n <= 1) return;
            ulong count = n - 1;
            byte d = ReadByte(FieldKind.SequenceDescriptor);
            if ((d & 0x80) != 0)
            {
                int width = (d & 0x7F) switch { 1 or 2 or 11 => 1, 3 or 4 or 12 => 2, 5 or 6 or 9 => 4, 7 or 8 or 10 => 8, _ => 0 };
                if (width == 0) throw new StopException();
                Need((long)Math.Min(count * (ulong)width, int.MaxValue));
                _fields.Add(new Field(FieldKind.Fixed, _pos, (int)count * width, 0));
                _pos += (int)count * width;
                return;
            }
            if (d == 0x25)
            {
                ulong h = ReadVarint(FieldKind.ObjectHeader);
                ushort[] tags = Shape(h);
                int width = RowCodes(tags.Length);
                Need((long)Math.Min(count * (ulong)width, int.MaxValue));
                for (ulong i = 0; i < count; i++) Fixed(width);
                return;
            }
            if ((d & 0x10) != 0)
            {
                ulong rank = ReadVarint(FieldKind.Rank);
                if (rank > 32) throw new StopException();
                for (ulong i = 0; i < rank; i++) ReadVarint(FieldKind.DimensionLength);
            }
            if (count > (ulong)(_end - _pos)) throw new StopException();
            bool nullable = (d & 0x08) != 0;
            for (ulong i = 0; i < count; i++)
            {
                if (nullable && ReadByte(FieldKind.PresenceByte) == 0) continue;
                Value(d & 7, depth + 1);
            }
        }

        private void Map(int depth)
        {
            ulong n = ReadVarint(FieldKind.MapCount);
            if (n == 0 && _collectionIds) ReadVarint(FieldKind.MapCount);
            if (n <= 1) return;
            ulong count = n - 1;
            if (count > (ulong)(_end - _pos)) throw new StopException();
            byte d = ReadByte(FieldKind.MapDescriptor);
            for (ulong i = 0; i < count; i++)
            {
                Value(d & 7, depth + 1);
                if ((d & 0x80) != 0 && ReadByte(FieldKind.PresenceByte) == 0) continue;
                Value((d >> 4) & 7, depth + 1);
            }
        }
    }
}
