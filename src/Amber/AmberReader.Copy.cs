using System;
using System.Buffers.Binary;
using Amber.Internal;
using Amber.Walking;

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
                CopyValue(wireType, ref writer, context);
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
        /// Copies one value of <paramref name="wireType"/> to <paramref name="writer"/>, checking it as reading would. The
        /// shapes it uses are defined again in the writer's payload (by the bytes of their definitions, so a shape defined
        /// there already is referred to); object and Bytes ids are counted on both sides as reference mode needs; a
        /// back-reference, which would name an object outside the value, is written as null and recorded in
        /// <paramref name="context"/> as making the value not portable.
        /// </summary>
        internal void CopyValue(WireType wireType, ref AmberWriter writer, CopyContext context)
        {
            switch (wireType)
            {
                case WireType.Varint: writer.WriteVarint(ReadVarint()); break;
                case WireType.Fixed32: writer.WriteRaw(ReadSpan(4)); break;
                case WireType.Fixed64: writer.WriteRaw(ReadSpan(8)); break;
                case WireType.Fixed128: writer.WriteRaw(ReadSpan(16)); break;
                case WireType.Bytes: CopyBytes(ref writer, context); break;
                case WireType.Object: CopyObject(ref writer, context); break;
                case WireType.Sequence: CopySequence(ref writer, context); break;
                case WireType.Map: CopyMap(ref writer, context); break;
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

        private void CopyObject(ref AmberWriter writer, CopyContext context)
        {
            ObjectHeaderKind kind = ReadObjectHeaderKind(out ulong h, out long start);
            if (kind == ObjectHeaderKind.Null)
            {
                writer.WriteNull();
                return;
            }
            if (kind == ObjectHeaderKind.Inline)
            {
                ref ReaderState.Entry inline = ref ResolveInline(h, start);
                int sourceId = (int)((h >> 2) - 1);
                int id = context.Find(sourceId);
                if (id >= 0) writer.WriteVarint(AmberCode.InlineHeader(id));
                else context.Map(sourceId, writer.WriteForeignInlineHeader(DefinitionOf(ref inline, withCodes: true)));
                CopyRaw(ref writer, inline.Width);
                return;
            }
            if (kind == ObjectHeaderKind.BackReference)
            {
                context.NotPortable ??= "an object it shares with another member";
                writer.WriteNull();
                return;
            }
            ref ReaderState.Entry e = ref EnterObject(h);
            writer.EnterDepth();
            writer.CountObject();
            WriteShapeHeader(ref writer, context, (int)(h >> 2), ref e);
            int count = e.Count;
            ushort[] tags = e.Tags;
            ulong presence = ReadPresenceWords(count, out ulong[]? more);
            writer.WriteVarint(presence);
            if (more != null)
            {
                // Copied before the values: the buffer is this depth's, and the values are read one level deeper.
                more = (ulong[])more.Clone();
                foreach (ulong word in more.AsSpan(0, (count - 1) >> 6)) writer.WriteVarint(word);
            }
            for (int i = 0; i < count && i < 64; i++)
            {
                if ((presence & (1UL << i)) != 0) CopyValue((WireType)(tags[i] & AmberCode.WireTypeMask), ref writer, context);
            }
            for (int i = 64; i < count; i++)
            {
                if ((more![(i >> 6) - 1] & (1UL << (i & 63))) != 0) CopyValue((WireType)(tags[i] & AmberCode.WireTypeMask), ref writer, context);
            }
            writer.ExitDepth();
            ExitDepth();
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

        private void CopySequence(ref AmberWriter writer, CopyContext context)
        {
            _lastCollectionRef = -1;
            int count = ReadSequenceHead(resolve: false, out byte descriptor, out _);
            if (count < 0)
            {
                if (_lastCollectionRef >= 0) context.NotPortable ??= "a collection it shares with another member";
                writer.WriteNullCollection();
                return;
            }
            writer.WriteKeptCollectionHeader(count);
            if (count == 0) return;
            writer.WriteByteRaw(descriptor);
            var d = new SequenceDescriptor(descriptor);
            if (d.IsPacked)
            {
                CopyRaw(ref writer, (long)count * AmberCode.PackedWidth(d.PackedCode));
                return;
            }
            if (d.IsRows)
            {
                CopyRows(ref writer, context, count);
                return;
            }
            bool nests = d.NestsCollections;
            if (nests)
            {
                EnterDepth();
                writer.EnterDepth();
            }
            if (d.IsShaped)
            {
                Span<int> lengths = stackalloc int[MaxArrayRank];
                int rank = ReadArrayDimensions(ref count, 0, lengths);
                writer.WriteVarint((ulong)rank);
                foreach (int length in lengths.Slice(0, rank)) writer.WriteVarint((ulong)length);
            }
            bool nullable = d.HasNullableElements;
            WireType wt = d.ElementWireType;
            for (int i = 0; i < count; i++)
            {
                if (nullable)
                {
                    bool present = ReadPresence();
                    writer.WriteByteRaw(present ? (byte)1 : (byte)0);
                    if (!present) continue;
                }
                CopyValue(wt, ref writer, context);
            }
            if (nests)
            {
                writer.ExitDepth();
                ExitDepth();
            }
        }

        private void CopyRows(ref AmberWriter writer, CopyContext context, int count)
        {
            ref ReaderState.Entry e = ref ReadRowsLayout(count, out int shapeId, out ReadOnlySpan<byte> codes, out int width);
            WriteShapeHeader(ref writer, context, shapeId, ref e);
            writer.WriteRaw(codes);
            CopyRaw(ref writer, (long)count * width);
        }

        private void CopyMap(ref AmberWriter writer, CopyContext context)
        {
            _lastCollectionRef = -1;
            int count = ReadMapHead(resolve: false, out byte descriptor, out _);
            if (count < 0)
            {
                if (_lastCollectionRef >= 0) context.NotPortable ??= "a collection it shares with another member";
                writer.WriteNullCollection();
                return;
            }
            writer.WriteKeptCollectionHeader(count);
            if (count == 0) return;
            writer.WriteByteRaw(descriptor);
            var d = new MapDescriptor(descriptor);
            bool nests = d.NestsCollections;
            if (nests)
            {
                EnterDepth();
                writer.EnterDepth();
            }
            WireType kt = d.KeyWireType, vt = d.ValueWireType;
            bool nullable = d.HasNullableValues;
            for (int i = 0; i < count; i++)
            {
                CopyValue(kt, ref writer, context);
                if (nullable)
                {
                    bool present = ReadPresence();
                    writer.WriteByteRaw(present ? (byte)1 : (byte)0);
                    if (!present) continue;
                }
                CopyValue(vt, ref writer, context);
            }
            if (nests)
            {
                writer.ExitDepth();
                ExitDepth();
            }
        }
    }
}
