using System;
using System.Buffers.Binary;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberReader
    {
        /// <summary>What one copy of a value needs across its nested objects: where its shapes went, and whether it can be carried.</summary>
        internal sealed class CopyContext
        {
            private int[] _ids = new int[8];   // source shape id → destination id + 1; 0: not mapped yet

            /// <summary>Why the value cannot be written into another payload (it refers to something outside it), or null.</summary>
            public string? NotPortable;

            public int Find(int sourceId) => sourceId < _ids.Length ? _ids[sourceId] - 1 : -1;

            public void Map(int sourceId, int destinationId)
            {
                if (sourceId >= _ids.Length) Array.Resize(ref _ids, Math.Max(sourceId + 1, _ids.Length * 2));
                _ids[sourceId] = destinationId + 1;
            }
        }

        /// <summary>
        /// Reads the value of member <paramref name="index"/> of the writer's shape, which the reader's type does not have,
        /// and keeps it (docs/format.md §5.2): the value's bytes with the definitions of the shapes it uses, so that writing
        /// the object again writes the member back. Generated code calls this, for a type with an
        /// <see cref="AmberUnknownMembers"/> member, where it would otherwise skip the value.
        /// </summary>
        public AmberUnknownMembers KeepUnknown(AmberUnknownMembers? kept, ShapeMatch match, int index, WireType wireType)
        {
            ushort tag = match.WriterTags![index];
            uint hash = match.HashAt(index);
            long at = Position;
            PooledBufferWriter buffer = PooledBufferWriter.Rent();
            // Kept bytes are self-contained and never in reference mode: they are written again into any payload.
            var writer = new AmberWriter(buffer, Options, WriterState.Rent(), references: false);
            try
            {
                var context = new CopyContext();
                CopyValue(wireType, ref writer, context, countsWriterDepth: false);
                writer.Flush();
                byte[] value = buffer.WrittenSpan.ToArray();
                _keptBytes += value.Length + 16;
                // Each kept value carries the definitions of its shapes, so data that names one large shape from many
                // small unknown values could be far larger kept than read: bounded by the payload's own size.
                if (_keptBytes > 4 * _length + 65536)
                    throw new AmberException($"The unknown members kept from this payload take {_keptBytes} bytes, more than four times the payload's {_length}", at,
                        "The payload is crafted to exhaust memory, or is data from a version with far more members than this one: add the members to the type, or remove its AmberUnknownMembers member to skip them instead.");
                string? notPortable = context.NotPortable == null ? null
                    : $"its member of key {tag >> 3} ({(WireType)(tag & AmberCode.WireTypeMask)}) holds {context.NotPortable}";
                return AmberUnknownMembers.Append(kept, tag, hash, value, notPortable);
            }
            finally
            {
                writer.Dispose();
                PooledBufferWriter.Return(buffer);
            }
        }

        /// <summary>
        /// Reads member <paramref name="index"/> of an inline struct's row (format §5.1) that the reader's struct does not
        /// have, and keeps it as the value the member's tag says (format §5.2): a row holds only packed primitives, so the
        /// kept value is that primitive in its wire encoding.
        /// </summary>
        public AmberUnknownMembers KeepUnknownRowValue(AmberUnknownMembers? kept, RowsMatch rows, int index)
        {
            long at = Position;
            ReaderState.Entry e = rows.Entry ?? throw new InvalidOperationException("The rows were not matched against a definition.");
            ushort tag = e.Tags[index];
            uint hash = 0;
            if (e.HashCount != 0 && ReaderState.KeyRepeats(e.Tags, e.Count, index))
            {
                int hashed = 0;
                for (int i = 0; i < index; i++) if (ReaderState.KeyRepeats(e.Tags, e.Count, i)) hashed++;
                hash = BinaryPrimitives.ReadUInt32LittleEndian(e.HashBlock.AsSpan(4 * hashed));
            }
            byte code = rows.WriterCodes[index];
            WireType expected = code == AmberCode.PackedSingle ? WireType.Fixed32 : code == AmberCode.PackedDouble ? WireType.Fixed64 : WireType.Varint;
            if ((WireType)(tag & AmberCode.WireTypeMask) != expected)
                AmberThrow.Malformed(at, $"A row member of packed code {code} has the tag 0x{tag:X4}, whose wire type is not {expected}");
            ReadOnlySpan<byte> raw = ReadSpan(AmberCode.PackedWidth(code));
            Span<byte> value = stackalloc byte[AmberPrimitives.MaxVarintLength];
            int length;
            switch (code)
            {
                case AmberCode.PackedSingle: raw.CopyTo(value); length = 4; break;
                case AmberCode.PackedDouble: raw.CopyTo(value); length = 8; break;
                case AmberCode.PackedBoolean:
                    if (raw[0] > 1) AmberThrow.Malformed(at, $"A bool in a row is {raw[0]}; only 0 and 1 are valid");
                    value[0] = raw[0];
                    length = 1;
                    break;
                case AmberCode.PackedByte: length = AmberPrimitives.TryWriteVarint(value, raw[0]); break;
                case AmberCode.PackedUInt16:
                case AmberCode.PackedChar: length = AmberPrimitives.TryWriteVarint(value, BinaryPrimitives.ReadUInt16LittleEndian(raw)); break;
                case AmberCode.PackedUInt32: length = AmberPrimitives.TryWriteVarint(value, BinaryPrimitives.ReadUInt32LittleEndian(raw)); break;
                case AmberCode.PackedUInt64: length = AmberPrimitives.TryWriteVarint(value, BinaryPrimitives.ReadUInt64LittleEndian(raw)); break;
                case AmberCode.PackedSByte: length = AmberPrimitives.TryWriteVarint(value, ZigZag((sbyte)raw[0])); break;
                case AmberCode.PackedInt16: length = AmberPrimitives.TryWriteVarint(value, ZigZag(BinaryPrimitives.ReadInt16LittleEndian(raw))); break;
                case AmberCode.PackedInt32: length = AmberPrimitives.TryWriteVarint(value, ZigZag(BinaryPrimitives.ReadInt32LittleEndian(raw))); break;
                default: length = AmberPrimitives.TryWriteVarint(value, ZigZag(BinaryPrimitives.ReadInt64LittleEndian(raw))); break;
            }
            return AmberUnknownMembers.Append(kept, tag, hash, value.Slice(0, length).ToArray(), null);
        }

        private static ulong ZigZag(long n) => (ulong)((n << 1) ^ (n >> 63));

        /// <summary>
        /// Copies one value of <paramref name="wireType"/> to <paramref name="writer"/>, checking it as reading would: the walk
        /// of the structure (Format/AmberReader.Walk.cs) with <see cref="CopyVisitor"/>. The shapes it uses are defined again
        /// in the writer's payload (by the bytes of their definitions, so a shape defined there already is referred to);
        /// object and Bytes ids are counted on both sides as reference mode needs; a back-reference, which would name an
        /// object outside the value, is written as null and recorded in <paramref name="context"/> as making the value not
        /// portable.
        /// </summary>
        /// <remarks>
        /// With <paramref name="countsWriterDepth"/> the writer's nesting is counted and checked too: when kept values are written
        /// into a payload (the writer is already deep; the reader of the kept bytes starts at 0), not when they are read from
        /// one. There the walk's reader enters each level just before the copy does and checks the depth and the stack with the
        /// input's byte offset; a second check of the writer's, a frame deeper, could fail first and report no offset at all.
        /// </remarks>
        internal void CopyValue(WireType wireType, ref AmberWriter writer, CopyContext context, bool countsWriterDepth)
        {
            var copy = new CopyVisitor(context, countsWriterDepth);
            Walk(wireType, ref copy, ref writer);
        }

        /// <summary>Copying kept members: the walk, with each part written to the sink as it was read.</summary>
        private readonly struct CopyVisitor : IStructureVisitor
        {
            private readonly CopyContext _context;
            private readonly bool _countsWriterDepth;

            public CopyVisitor(CopyContext context, bool countsWriterDepth)
            {
                _context = context;
                _countsWriterDepth = countsWriterDepth;
            }

            public bool TracksPath => false;

            public bool WantsDimensions => true;

            public void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink)
            {
                switch (wireType)
                {
                    case WireType.Varint: sink.WriteVarint(reader.ReadVarint()); break;
                    case WireType.Fixed32: sink.WriteRaw(reader.ReadSpan(4)); break;
                    case WireType.Fixed64: sink.WriteRaw(reader.ReadSpan(8)); break;
                    case WireType.Fixed128: sink.WriteRaw(reader.ReadSpan(16)); break;
                }
            }

            public void Bytes(ref AmberReader reader, ref AmberWriter sink) => reader.CopyBytes(ref sink, _context);

            public void NullObject(long at, ref AmberWriter sink) => sink.WriteNull();

            public void ObjectBackReference(int id, long at, ref AmberWriter sink)
            {
                _context.NotPortable ??= "an object it shares with another member";
                sink.WriteNull();
            }

            public void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ref AmberWriter sink)
            {
                int id = _context.Find(shapeId);
                if (id >= 0) sink.WriteVarint(AmberCode.InlineHeader(id));
                else _context.Map(shapeId, sink.WriteForeignInlineHeader(DefinitionOf(ref shape, withCodes: true)));
                reader.CopyRaw(ref sink, shape.Width);
            }

            public void ObjectStart(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ulong presence, ulong[]? more, ref AmberWriter sink)
            {
                if (_countsWriterDepth) sink.EnterDepth();
                sink.CountObject();
                WriteShapeHeader(ref sink, _context, shapeId, ref shape);
                sink.WriteVarint(presence);
                if (more != null)
                {
                    foreach (ulong word in more.AsSpan(0, (shape.Count - 1) >> 6)) sink.WriteVarint(word);
                }
            }

            public string? Member(int index, ref AmberWriter sink) => null;

            public void ObjectEnd(ref AmberReader reader, ref AmberWriter sink)
            {
                if (_countsWriterDepth) sink.ExitDepth();
            }

            public void NullCollection(bool map, int id, long at, ref AmberWriter sink)
            {
                if (id >= 0) _context.NotPortable ??= "a collection it shares with another member";
                sink.WriteNullCollection();
            }

            public void CollectionStart(ref AmberReader reader, bool map, int count, byte descriptor, long at, ref AmberWriter sink)
            {
                sink.WriteKeptCollectionHeader(count);
                if (count != 0) sink.WriteByteRaw(descriptor);
            }

            public void CollectionEnd(ref AmberWriter sink)
            {
            }

            public void Item(ItemPart part, int index, ref AmberWriter sink)
            {
            }

            public void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink) => reader.CopyRaw(ref sink, (long)count * AmberCode.PackedWidth(code));

            public void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink)
            {
                WriteShapeHeader(ref sink, _context, shapeId, ref shape);
                sink.WriteRaw(codes);
                reader.CopyRaw(ref sink, (long)count * width);
            }

            public void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink)
            {
                sink.WriteVarint((ulong)lengths.Length);
                foreach (int length in lengths) sink.WriteVarint((ulong)length);
            }

            public void Presence(ref AmberReader reader, bool present, ref AmberWriter sink) => sink.WriteByteRaw(present ? (byte)1 : (byte)0);

            public void EnterNested(ref AmberWriter sink)
            {
                if (_countsWriterDepth) sink.EnterDepth();
            }

            public void ExitNested(ref AmberWriter sink)
            {
                if (_countsWriterDepth) sink.ExitDepth();
            }
        }

        private void CopyBytes(ref AmberWriter writer, CopyContext context)
        {
            int n = ReadRawBytes(out ReadOnlySpan<byte> value);
            if (n >= 0)
            {
                writer.WriteKeptBytes(value);
                return;
            }
            if (n == -2)
            {
                // A string or byte array read earlier in the payload: the reader has its bytes, so the kept value holds them in full.
                switch (_state.Bytes[_lastBytesRef])
                {
                    case string text: writer.WriteKeptBytes(System.Text.Encoding.UTF8.GetBytes(text)); return;
                    case byte[] bytes: writer.WriteKeptBytes(bytes); return;
                    case ReaderState.SkippedBytes skipped: writer.WriteKeptBytes(skipped.Raw); return;
                    default: context.NotPortable ??= "a value it shares with another member"; break;
                }
            }
            writer.WriteKeptNullBytes();
        }

        /// <summary>The object or rows header of source shape <paramref name="sourceId"/> in the writer's payload: a reference, or the definition there.</summary>
        private static void WriteShapeHeader(ref AmberWriter writer, CopyContext context, int sourceId, ref ReaderState.Entry e)
        {
            int id = context.Find(sourceId);
            if (id >= 0) writer.WriteVarint(((ulong)(uint)id << 2) | AmberCode.ObjectShapeRef);
            else context.Map(sourceId, writer.WriteForeignShapeHeader(DefinitionOf(ref e, withCodes: false)));
        }

        /// <summary>The bytes of a definition after its header, rebuilt from what was read (format §5; with the codes of §5.1).</summary>
        private static byte[] DefinitionOf(ref ReaderState.Entry e, bool withCodes)
        {
            int n = e.Count;
            uint? typeTag = e.HasTypeTag ? e.TypeTag : null;
            var bytes = new byte[AmberPrimitives.DefinitionHeadLength(n, typeTag) + 2 * n + 4 * e.HashCount + (withCodes ? n : 0)];
            int at = AmberPrimitives.WriteDefinitionHead(bytes, n, typeTag);
            for (int i = 0; i < n; i++)
            {
                BinaryPrimitives.WriteUInt16LittleEndian(bytes.AsSpan(at), e.Tags[i]);
                at += 2;
            }
            if (e.HashCount != 0)
            {
                e.HashBlock.AsSpan(0, 4 * e.HashCount).CopyTo(bytes.AsSpan(at));
                at += 4 * e.HashCount;
            }
            if (withCodes) e.Codes.AsSpan(0, n).CopyTo(bytes.AsSpan(at));
            return bytes;
        }

        /// <summary>Copies <paramref name="count"/> bytes as they are, a block at a time.</summary>
        private void CopyRaw(ref AmberWriter writer, long count)
        {
            while (count > 0)
            {
                int block = (int)Math.Min(count, 1 << 16);
                writer.WriteRaw(ReadSpan(block));
                count -= block;
            }
        }
    }
}
