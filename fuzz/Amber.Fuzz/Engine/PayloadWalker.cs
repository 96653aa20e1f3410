using System;
using System.Collections.Generic;
using Amber.Format;
using Amber.Internal;
using Amber.Json;

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
    /// Lists where each header, count, descriptor, tag and value of a payload is, so mutations can hit structure instead of
    /// random bytes. The structure comes from Amber's own walk of the payload (every header kind, presence word, nullable
    /// presence byte, row and dimension as the reader reads them); this visitor only names the bytes of each part the walk
    /// hands it. Tolerant: where the walk stops at input it rejects, the fields found before are kept.
    /// </summary>
    public static class PayloadWalker
    {
        // Deep enough for any seed; a mutated input nested past it ends its fields there.
        private static readonly AmberOptions s_options = new AmberOptions { MaxDepth = 200 };

        /// <summary>The fields of <paramref name="data"/>: one payload, or with <paramref name="connection"/> a connection stream (§7.6).</summary>
        public static Field[] Walk(byte[] data, bool connection) => connection ? WalkConnection(data) : Walk(data);

        /// <summary>
        /// The varint length prefix of a message at <paramref name="at"/> (docs/format.md §7.5): returns its byte count, 0 when
        /// the data ends inside it or it runs past 10 bytes.
        /// </summary>
        public static int LengthPrefix(byte[] data, int at, out ulong length)
        {
            int n = AmberPrimitives.TryReadVarint(data.AsSpan(Math.Min(at, data.Length)), out length);
            return n > 0 ? n : 0;
        }

        /// <summary>The fields of one payload: its header byte, then its root value as far as the walk reads it.</summary>
        public static Field[] Walk(byte[] data)
        {
            if (data.Length == 0) return Array.Empty<Field>();
            var fields = new List<Field>();
            var reader = new AmberReader(data, s_options, ReaderState.Rent());
            try
            {
                fields.Add(new Field(FieldKind.PayloadHeader, 0, 1, data[0]));
                WireType root = Header(ref reader, data[0], connection: false);
                WalkValue(ref reader, root, new PayloadHeader(data[0]).CollectionIds, data, 0, fields);
            }
            catch (AmberException)
            {
            }
            finally
            {
                reader.Dispose();
            }
            return fields.ToArray();
        }

        /// <summary>
        /// Walks a connection stream (docs/format.md §7.6) message by message: each length prefix, then the payload with the
        /// shapes of the messages before it (a first message starts them anew), read by the walk of a connection's reader. A
        /// message it cannot read is left at what was found in it; the walk goes on at the next message, and stops at a
        /// length prefix it cannot read.
        /// </summary>
        public static Field[] WalkConnection(byte[] data)
        {
            var fields = new List<Field>();
            var connection = new JsonView.Connection(s_options);
            int at = 0;
            while (at < data.Length)
            {
                int prefix = LengthPrefix(data, at, out ulong length);
                if (prefix == 0 || length == 0) break;
                fields.Add(new Field(FieldKind.MessageLength, at, prefix, length));
                int start = at + prefix;
                int end = length > (ulong)(data.Length - start) ? data.Length : start + (int)length;
                if (end > start) fields.Add(new Field(FieldKind.PayloadHeader, start, 1, data[start]));
                WalkMessage(data, start, end, connection, fields);
                at = end;
            }
            return fields.ToArray();
        }

        /// <summary>
        /// One message of a connection, with the shapes of the messages before it; returns where it ends by the walk, or -1.
        /// Leniently, as suits aiming mutations: a later message is walked even when no first message was read, and the shapes
        /// a failed message defined before its failure stay for the messages after it (a message reader would forget them),
        /// so that their fields are found for mutations that mend what failed.
        /// </summary>
        private static int WalkMessage(byte[] data, int start, int end, JsonView.Connection connection, List<Field>? fields)
        {
            if (end <= start) return -1;
            connection.Started = true;
            var reader = new AmberReader(data.AsSpan(start, end - start), s_options, connection.State);
            try
            {
                WireType root = Header(ref reader, data[start], connection: true, connection);
                // Only where it ends (a re-sealer's question, asked on every execution): the walk that skips.
                if (fields == null) reader.SkipValue(root);
                else WalkValue(ref reader, root, new PayloadHeader(data[start]).ReferenceMode, data, start, fields);
                return start + (int)reader.Position;
            }
            catch (AmberException)
            {
                return -1;
            }
            finally
            {
                reader.ReleaseScratch();
            }
        }

        /// <summary>
        /// The messages of a framed stream (docs/format.md §7.5, or with <paramref name="connection"/> §7.6): for each, where its
        /// length prefix is and what it says, and where its payload ends by the walk alone, with no bound but the data's end
        /// (-1 where the walk cannot read it). A re-sealer rewrites a prefix that disagrees with the walk. The walk goes on at the
        /// walked end (else at the prefix's) and stops at a prefix it cannot read or a length of 0.
        /// </summary>
        public static List<FramedMessage> Messages(byte[] data, bool connection)
        {
            var messages = new List<FramedMessage>();
            JsonView.Connection? shapes = connection ? new JsonView.Connection(s_options) : null;
            int at = 0;
            while (at < data.Length)
            {
                int prefix = LengthPrefix(data, at, out ulong length);
                if (prefix == 0 || length == 0) break;
                int start = at + prefix;
                // A payload of plain framing stands alone; a connection's messages share their shapes.
                int walked = shapes != null ? WalkMessage(data, start, data.Length, shapes, null) : WalkPayload(data, start);
                messages.Add(new FramedMessage(at, prefix, length, walked));
                at = walked >= 0 ? walked : length > (ulong)(data.Length - start) ? data.Length : start + (int)length;
            }
            return messages;
        }

        /// <summary>Where a payload of plain framing that starts at <paramref name="start"/> ends by the walk, or -1.</summary>
        private static int WalkPayload(byte[] data, int start)
        {
            if (start >= data.Length) return -1;
            var reader = new AmberReader(data.AsSpan(start), s_options, ReaderState.Rent());
            try
            {
                reader.SkipValue(Header(ref reader, data[start], connection: false));
                return start + (int)reader.Position;
            }
            catch (AmberException)
            {
                return -1;
            }
            finally
            {
                reader.Dispose();
            }
        }

        /// <summary>
        /// Reads a payload's or a connection message's header byte <paramref name="header"/>. One the reader refuses (a version
        /// a mutation changed) still gives its root's wire type and mode, and the walk goes on, so that the fields after it
        /// are found for mutations that mend it.
        /// </summary>
        private static WireType Header(ref AmberReader reader, byte header, bool connection, JsonView.Connection? shapes = null)
        {
            try
            {
                return connection ? reader.ReadConnectionHeader(ref shapes!.Started) : reader.ReadPayloadHeader();
            }
            catch (AmberException)
            {
                return new PayloadHeader(header).RootWireType;
            }
        }

        /// <summary>Walks one value with <see cref="FieldVisitor"/>, adding its fields to <paramref name="fields"/>.</summary>
        private static void WalkValue(ref AmberReader reader, WireType wireType, bool collectionIds, byte[] data, int offset, List<Field> fields)
        {
            var visitor = new FieldVisitor(data, offset, collectionIds, fields);
            AmberWriter none = default;
            reader.Walk(wireType, ref visitor, ref none);
        }

        /// <summary>
        /// Names the bytes of each part the walk announces. Headers the walk read and checked (an object's, a collection's,
        /// rows') are split into their fields from the bytes between the offsets the walk gives; the leaves the visitor reads
        /// itself (scalars, Bytes values, packed elements, rows) are one field each.
        /// </summary>
        private struct FieldVisitor : IStructureVisitor
        {
            private readonly byte[] _data;
            private readonly int _offset;   // where the reader's span starts in the data
            private readonly List<Field> _fields;
            private readonly bool _collectionIds;   // version 2 reference mode or a connection's: a collection's null is 0 then a second varint
            private int _afterHead;                 // where the last collection head ended: rows' layout or an array's dimensions follow it

            public FieldVisitor(byte[] data, int offset, bool collectionIds, List<Field> fields)
            {
                _data = data;
                _offset = offset;
                _collectionIds = collectionIds;
                _fields = fields;
                _afterHead = 0;
            }

            public readonly bool TracksPath => false;

            public readonly bool WantsDimensions => true;

            public void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink)
            {
                int at = At(ref reader);
                switch (wireType)
                {
                    case WireType.Varint:
                        ulong v = reader.ReadVarint();
                        Add(FieldKind.Varint, at, At(ref reader) - at, v);
                        return;
                    case WireType.Fixed32: reader.Skip(4); break;
                    case WireType.Fixed64: reader.Skip(8); break;
                    default: reader.Skip(16); break;
                }
                Add(FieldKind.Fixed, at, At(ref reader) - at, 0);
            }

            public void Bytes(ref AmberReader reader, ref AmberWriter sink)
            {
                int at = At(ref reader);
                reader.SkipBytesValue();
                int end = At(ref reader);
                // length + 1, 0 for null; in reference mode 0 then a second varint (null or a back-reference, format §7.2).
                int p = Varint(FieldKind.BytesLength, at, out ulong length);
                if (length == 0)
                {
                    if (p < end) Varint(FieldKind.BytesLength, p, out _);
                }
                else if (end > p)
                {
                    Add(FieldKind.BytesContent, p, end - p, 0);
                }
            }

            public void NullObject(long at, ref AmberWriter sink) => Varint(FieldKind.ObjectHeader, Abs(at), out _);

            public void ObjectBackReference(int id, long at, ref AmberWriter sink) => Varint(FieldKind.ObjectHeader, Abs(at), out _);

            public void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ref AmberWriter sink)
            {
                // The header, then on first use the definition and one packed code per member (format §5.1), then one row.
                int p = Varint(FieldKind.ObjectHeader, Abs(start), out _);
                int rowAt = At(ref reader);
                if (p < rowAt)
                {
                    p = Definition(p);
                    for (; p < rowAt; p++) Add(FieldKind.RowCode, p, 1, _data[p]);
                }
                reader.Skip(shape.Width);
                Add(FieldKind.Fixed, rowAt, shape.Width, 0);
            }

            public void ObjectStart(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ulong presence, ulong[]? more, ref AmberWriter sink)
            {
                // The header, a definition when it defines the shape here (format §5), then one presence word per 64 members.
                int p = Varint(FieldKind.ObjectHeader, Abs(start), out ulong header);
                if (ObjectHeader.DefinesShape(header)) p = Definition(p);
                int end = At(ref reader);
                while (p < end) p = Varint(FieldKind.Presence, p, out _);
            }

            public readonly string? Member(int index, ref AmberWriter sink) => null;

            public readonly void ObjectEnd(ref AmberReader reader, ref AmberWriter sink)
            {
            }

            public void NullCollection(bool map, int id, long at, ref AmberWriter sink)
            {
                FieldKind count = map ? FieldKind.MapCount : FieldKind.SequenceCount;
                int p = Varint(count, Abs(at), out _);
                // A collection's null or back-reference in version 2 reference mode: 0, then a second varint (format §7.2).
                if (_collectionIds) Varint(count, p, out _);
            }

            public void CollectionStart(ref AmberReader reader, bool map, int count, byte descriptor, long at, ref AmberWriter sink)
            {
                int p = Varint(map ? FieldKind.MapCount : FieldKind.SequenceCount, Abs(at), out _);
                if (count > 0) Add(map ? FieldKind.MapDescriptor : FieldKind.SequenceDescriptor, p, 1, descriptor);
                _afterHead = At(ref reader);
            }

            public readonly void CollectionEnd(ref AmberWriter sink)
            {
            }

            public void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink)
            {
                int at = At(ref reader);
                long bytes = (long)count * AmberCode.PackedWidth(code);
                reader.Skip(bytes);
                Add(FieldKind.Fixed, at, (int)bytes, 0);
            }

            public void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink)
            {
                // After the descriptor: a shape header (a definition the first time), one code per member, then the rows (format §6.1).
                int p = Varint(FieldKind.ObjectHeader, _afterHead, out ulong header);
                if (ObjectHeader.DefinesShape(header)) p = Definition(p);
                for (int i = 0; i < codes.Length; i++) Add(FieldKind.RowCode, p + i, 1, codes[i]);
                int at = At(ref reader);
                reader.Skip((long)count * width);
                for (int i = 0; i < count; i++) Add(FieldKind.Fixed, at + i * width, width, 0);
            }

            public void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink)
            {
                int p = Varint(FieldKind.Rank, _afterHead, out _);
                for (int i = 0; i < lengths.Length; i++) p = Varint(FieldKind.DimensionLength, p, out _);
            }

            public readonly void Item(ItemPart part, int index, ref AmberWriter sink)
            {
            }

            public void Presence(ref AmberReader reader, bool present, ref AmberWriter sink)
            {
                int at = At(ref reader) - 1;
                Add(FieldKind.PresenceByte, at, 1, _data[at]);
            }

            public readonly void EnterNested(ref AmberWriter sink)
            {
            }

            public readonly void ExitNested(ref AmberWriter sink)
            {
            }

            private readonly int At(ref AmberReader reader) => _offset + (int)reader.Position;

            private readonly int Abs(long at) => _offset + (int)at;

            private readonly void Add(FieldKind kind, int offset, int length, ulong value) => _fields.Add(new Field(kind, offset, length, value));

            /// <summary>The varint at <paramref name="at"/>, which the walk has read, as a field; returns the offset after it.</summary>
            private readonly int Varint(FieldKind kind, int at, out ulong value)
            {
                int n = AmberPrimitives.TryReadVarint(_data.AsSpan(at), out value);
                if (n <= 0) throw new InvalidOperationException($"No varint at {at}, where the walk read one.");
                Add(kind, at, n, value);
                return at + n;
            }

            /// <summary>
            /// A shape definition at <paramref name="at"/> (format §5), which the walk has read: the count with the type-tag
            /// flag, the type tag, each member's tag, then the name hashes of the members whose key repeats. Returns the end.
            /// </summary>
            private readonly int Definition(int at)
            {
                int p = Varint(FieldKind.ShapeCount, at, out ulong d);
                if ((d & 1) != 0) p = Varint(FieldKind.TypeTag, p, out _);
                int count = (int)(d >> 1);
                var keys = new int[count];
                for (int i = 0; i < count; i++, p += 2)
                {
                    int tag = _data[p] | (_data[p + 1] << 8);
                    keys[i] = tag >> 3;
                    Add(FieldKind.MemberTag, p, 2, (ulong)tag);
                }
                for (int i = 0; i < count; i++)
                {
                    if (Array.IndexOf(keys, keys[i]) == i && Array.LastIndexOf(keys, keys[i]) == i) continue;
                    Add(FieldKind.NameHash, p, 4, BitConverter.ToUInt32(_data, p));
                    p += 4;
                }
                return p;
            }
        }
    }
}
