using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberReader
    {
        /// <summary>
        /// Reads an object header. Returns false for null. Otherwise resolves the writer's shape
        /// against <paramref name="shape"/> (positional when identical, mapped otherwise) and reads
        /// the presence bitmap. The caller then reads the present members and calls
        /// <see cref="ExitDepth"/> (this method has entered one level).
        /// </summary>
        public bool ReadObjectHeader(AmberShape shape, out ShapeMatch match, out ulong presence)
        {
            bool result = ReadObjectHeader(shape, out match, out presence, out object? existing);
            if (existing != null) AmberThrow.Malformed(Position, "A back-reference where this reader reads objects without reference support");
            return result;
        }

        /// <summary>
        /// Reads an object header in a payload that may keep references (docs/format.md §7.2).
        /// Returns false for null (and <paramref name="existing"/> null) or for a back-reference
        /// (<paramref name="existing"/> is the object read earlier). Returning true, it has reserved the
        /// new object's id: the caller creates the object and calls <see cref="SetReference"/> with
        /// <see cref="LastReservedReference"/> before reading members that could refer back to it.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadObjectHeader(AmberShape shape, out ShapeMatch match, out ulong presence, out object? existing)
        {
            ulong h = ReadVarint();
            existing = null;
            if (!ObjectHeader.NamesShape(h))
            {
                if (!ObjectHeader.HasInlineForm(h)) existing = ResolveBackReference(h >> 2);
                else if (h != 0) ThrowInlineWhereObject(h, shape.TypeName);
                match = default;
                presence = 0;
                return false;
            }
            ReadObjectHead(h, shape, out match, out presence);
            return true;
        }

        /// <summary>
        /// The rest of the header of a new object whose header varint <paramref name="h"/> names a shape (format §5): its
        /// reference id, one nesting level, the shape resolved and matched, the presence words.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void ReadObjectHead(ulong h, AmberShape shape, out ShapeMatch match, out ulong presence)
        {
            ref ReaderState.Entry e = ref EnterObject(h);
            ReadObjectPresence(ref e, shape, out match, out presence);
        }

        /// <summary>Matches shape entry <paramref name="e"/> against the reader's <paramref name="shape"/> and reads the object's presence words.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void ReadObjectPresence(ref ReaderState.Entry e, AmberShape shape, out ShapeMatch match, out ulong presence)
        {
            match = ReaderState.Match(ref e, shape);
            presence = ReadPresenceWords(e.Count, out ulong[]? more);
            if (more != null) match = match.WithMore(more);
            if (e.Deposit != 0 && match.IsIdentical) presence = Bits.Deposit(presence, e.Deposit);
        }

        /// <summary>
        /// Reads the header of an object in a polymorphic position (docs/format.md §7.1). Returns false
        /// for null. Otherwise the shape is resolved and its type tag returned (<paramref name="hasTag"/>
        /// false for an object written without one); the caller picks the concrete type by tag and
        /// calls <see cref="CompletePolymorphicHeader"/>.
        /// </summary>
        public bool ReadPolymorphicHeader(out bool hasTag, out uint typeTag, out object? existing)
        {
            ulong h = ReadVarint();
            existing = null;
            if (!ObjectHeader.NamesShape(h))
            {
                if (!ObjectHeader.HasInlineForm(h)) existing = ResolveBackReference(h >> 2);
                else if (h != 0) ThrowInlineWhereObject(h, null);
                hasTag = false;
                typeTag = 0;
                return false;
            }
            ref ReaderState.Entry e = ref EnterObject(h);
            _pendingShape = (int)((uint)(h >> 2));
            hasTag = e.HasTypeTag;
            typeTag = e.TypeTag;
            return true;
        }

        /// <summary>The id reserved by the last object header in reference mode, or -1.</summary>
        public int LastReservedReference => _lastReserved;

        /// <summary>Records the object created for a reserved id, so later back-references (and cycles) find it.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void SetReference(int id, object value)
        {
            if (id >= 0) _state.Objects[id] = value;
        }

        /// <summary>
        /// Records <paramref name="collection"/> under the id its sequence or map header just reserved (reference mode;
        /// nothing outside it) and returns it: for a collection read whole right after its header (packed, rows).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public T RecordCollection<T>(T collection) where T : class
        {
            if (_lastReserved >= 0) _state.Objects[_lastReserved] = collection;
            return collection;
        }

        /// <summary>The object a back-reference points to, as <typeparamref name="T"/> (null stays null).</summary>
        public T ReferenceAs<T>(object? existing)
        {
            if (existing == null) return default!;
            if (existing is T t) return t;
            AmberThrow.Malformed(Position, $"A back-reference points to a {existing.GetType().Name} where a {typeof(T).Name} was expected");
            return default!;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void ReserveReference()
        {
            if (_refs)
            {
                _lastReserved = _state.Objects.Count;
                _state.Objects.Add(null);
            }
            else
            {
                _lastReserved = -1;
            }
        }

        private object ResolveBackReference(ulong id)
        {
            long at = Position;
            CheckBackReference(id, at);
            object? value = _state.Objects[(int)id];
            if (value == null)
                throw new AmberException($"A back-reference to object {id}, which is still being built (by its constructor, or an immutable collection from its elements) or was skipped", at,
                    "A cycle can only pass through types Amber creates with a parameterless constructor and collections it creates before their elements (not immutable collections, stacks or read-only wrappers); change that type, or break the cycle. A reader that skipped the first occurrence (a member it does not know) cannot resolve later references to it.");
            return value;
        }

        /// <summary>Matches the object whose header <see cref="ReadPolymorphicHeader"/> read against the chosen type's shape and reads its presence bitmap.</summary>
        public void CompletePolymorphicHeader(AmberShape shape, out ShapeMatch match, out ulong presence) =>
            ReadObjectPresence(ref _state.Entries[_pendingShape], shape, out match, out presence);

        /// <summary>
        /// Skips the members of the object whose header <see cref="ReadPolymorphicHeader"/> read (a type
        /// this reader does not know, with a fallback configured) and leaves its nesting level.
        /// </summary>
        public void SkipPendingObject()
        {
            var skip = default(SkipVisitor);
            AmberWriter none = default;
            WalkMembers(ref _state.Entries[_pendingShape], _pendingShape, Position, ref skip, ref none);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref ReaderState.Entry ResolveShape(ulong header)
        {
            ulong id = header >> 2;
            uint kind = (uint)(header & 3);
            if (kind == AmberCode.ObjectShapeRef && id < (ulong)_state.Count) return ref _state.Entries[(int)id];
            return ref ResolveShapeSlow(header);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private ref ReaderState.Entry ResolveShapeSlow(ulong header)
        {
            long at = Position;
            ulong id = header >> 2;
            switch ((uint)(header & 3))
            {
                case AmberCode.ObjectShapeRef:
                    AmberThrow.ShapeNotDefined(at, "An object", id, _state.MaxConnectionShapes != 0);
                    break;
                case AmberCode.ObjectShapeDef:
                    if (id != (ulong)_state.Count) AmberThrow.DefinitionOutOfOrder(at, id, _state.Count, _state.MaxConnectionShapes != 0);
                    if (_state.MaxConnectionShapes != 0) return ref ReadConnectionDefinition(at, inline: false);
                    return ref ReadShapeDefinition();
                case AmberCode.ObjectBackRef:
                    AmberThrow.Malformed(at, "A back-reference appears in a payload that is not in reference mode");
                    break;
                default:
                    AmberThrow.Malformed(at, $"The header 0x{header:X} of an inline struct (format §5.1) is where a shape's object header was expected");
                    break;
            }
            throw new InvalidOperationException("unreachable");
        }

        /// <summary>
        /// A definition in a connection message (format §7.6): kept for the connection's later messages, so it is counted
        /// against <see cref="AmberOptions.MaxConnectionShapes"/> before it is read and its bytes against
        /// <see cref="AmberOptions.MaxConnectionShapeBytes"/> once they are.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private ref ReaderState.Entry ReadConnectionDefinition(long at, bool inline)
        {
            if (_state.Count >= _state.MaxConnectionShapes)
                AmberThrow.LimitExceeded(at, "The number of shapes a connection defines", (ulong)_state.Count + 1, _state.MaxConnectionShapes, nameof(AmberOptions.MaxConnectionShapes));
            long start = Position;
            // The header the writer counted with the definition: the id's object header, or its inline header (format §5.1).
            int header = AmberPrimitives.VarintLength(inline ? AmberCode.InlineHeader(_state.Count) : ((ulong)(uint)_state.Count << 2) | AmberCode.ObjectShapeDef);
            ref ReaderState.Entry e = ref inline ? ref ReadInlineDefinition(at) : ref ReadShapeDefinition();
            _state.DefinitionBytes += Position - start + header;
            if (_state.DefinitionBytes > _state.MaxConnectionShapeBytes)
                AmberThrow.LimitExceeded(at, "The bytes of the shapes a connection defines", (ulong)_state.DefinitionBytes, _state.MaxConnectionShapeBytes, nameof(AmberOptions.MaxConnectionShapeBytes));
            return ref e;
        }

        private ref ReaderState.Entry ReadShapeDefinition()
        {
            // The same definition as the last payload's at this id (the common case: one message type after another)
            // is recognised by its bytes, which were checked when they were first read, and leaves the entry as it is.
            if (_state.Count < _state.Entries.Length)
            {
                ref ReaderState.Entry last = ref _state.Entries[_state.Count];
                int length = last.RawLength;
                // The bytes of an inline definition include its codes, which an object's definition does not have.
                if (length != 0 && !last.Inline && _span.Length - _pos >= length && _span.Slice(_pos, length).SequenceEqual(last.Raw.AsSpan(0, length)))
                {
                    _pos += length;
                    _state.Count++;
                    return ref last;
                }
                // A definition read by an earlier payload at another id, or before another type's took this id.
                int recent = _state.TakeRecent(_span.Slice(_pos), ref last);
                if (recent != 0)
                {
                    _pos += recent;
                    _state.Count++;
                    return ref last;
                }
                _state.Retire(ref last);
            }
            return ref ParseShapeDefinition();
        }

        private ref ReaderState.Entry ParseShapeDefinition()
        {
            long at = Position;
            int start = _pos;
            if (_state.Count < _state.Entries.Length) _state.Entries[_state.Count].RawLength = 0;
            ulong d = ReadVarint();
            bool tagged = (d & 1) != 0;
            ulong typeTag = tagged ? ReadVarint() : 0;
            if (typeTag > uint.MaxValue) AmberThrow.Malformed(at, "A type tag is larger than 32 bits");
            ulong count = d >> 1;
            if (count > AmberCode.MaxShapeMembers) AmberThrow.Malformed(at, $"A shape has {count} members; at most {AmberCode.MaxShapeMembers} are allowed");
            int n = (int)count;
            ref ReaderState.Entry e = ref _state.Add(n);
            bool same = e.Count == n && e.MatchedShape != null;
            // Defined by an object or rows header until an inline definition (ReadInlineDefinition) says otherwise.
            e.Inline = false;
            e.IdenticalTo = null;
            ReadOnlySpan<byte> raw = ReadSpan(n * 2);
            ushort[] tags = e.Tags;
            if (BitConverter.IsLittleEndian)
            {
                // The tags are little-endian u16s, as the entry stores them in memory: the same shape as the
                // last payload's (the common case) is recognised with one comparison, and a new one is one copy.
                Span<byte> stored = MemoryMarshal.AsBytes(tags.AsSpan(0, n));
                if (!same || !raw.SequenceEqual(stored))
                {
                    raw.CopyTo(stored);
                    same = false;
                }
            }
            else
            {
                for (int i = 0; i < n; i++)
                {
                    ushort t = BinaryPrimitives.ReadUInt16LittleEndian(raw.Slice(2 * i));
                    if (same && tags[i] != t) same = false;
                    tags[i] = t;
                }
            }
            if (same)
            {
                // The same tags repeat the same keys: the hash block, if any, has the cached length.
                if (e.HashCount != 0) same = ReadNameHashes(ref e, n, e.HashCount);
            }
            else
            {
                int repeated = ReaderState.CountRepeatedKeys(tags.AsSpan(0, n));
                e.MatchedShape = null;   // before a bad hash block can throw, so a later payload does not reuse the old match
                e.HashCount = 0;
                if (repeated != 0) ReadNameHashes(ref e, n, repeated);
            }
            e.Count = n;
            e.HasTypeTag = tagged;
            e.TypeTag = (uint)typeTag;
            if (!same)
            {
                e.MatchedShape = null;
                e.Map = null;
                e.InlineShape = null;
            }
            int consumed = _pos - start;
            if (Position - at == consumed)   // read from one span, not across segments: keep the bytes for the next payload
            {
                if (e.Raw == null || e.Raw.Length < consumed) e.Raw = new byte[Math.Max(consumed, 16)];
                _span.Slice(start, consumed).CopyTo(e.Raw);
                e.RawLength = consumed;
                e.Head = ReaderState.HeadOf(_span.Slice(start, Math.Min(consumed, 8)));
            }
            return ref e;
        }

        /// <summary>
        /// Reads the hash block of a definition whose tags repeat keys (format §5) into the entry; returns whether it is
        /// the block already there. A new block is checked: each hash must fold to its tag's key (only names' own keys are
        /// ever shared), and no name may appear twice.
        /// </summary>
        private bool ReadNameHashes(ref ReaderState.Entry e, int n, int count)
        {
            long at = Position;
            ReadOnlySpan<byte> raw = ReadSpan(4 * count);
            if (e.HashBlock != null && e.HashCount == count && raw.SequenceEqual(e.HashBlock.AsSpan(0, 4 * count))) return true;
            ushort[] tags = e.Tags;
            int hashed = 0;
            for (int i = 0; i < n; i++)
            {
                if (!ReaderState.KeyRepeats(tags, n, i)) continue;
                uint h = BinaryPrimitives.ReadUInt32LittleEndian(raw.Slice(4 * hashed));
                if (AmberCode.KeyOfHash(h) != tags[i] >> 3) AmberThrow.Malformed(at, $"The name hash 0x{h:X8} of shape member {i} does not belong to its key {tags[i] >> 3}");
                for (int j = 0; j < hashed; j++)
                {
                    if (BinaryPrimitives.ReadUInt32LittleEndian(raw.Slice(4 * j)) == h) AmberThrow.Malformed(at, $"A shape names the member with hash 0x{h:X8} twice");
                }
                hashed++;
            }
            if (e.HashBlock == null || e.HashBlock.Length < raw.Length) e.HashBlock = new byte[Math.Max(raw.Length, 16)];
            raw.CopyTo(e.HashBlock);
            e.HashCount = count;
            return false;
        }

        /// <summary>
        /// Reads a sequence header. Returns -1 for null, else the element count, with the element
        /// descriptor (0 when the count is 0). The count is checked against the bytes left. For a reader that
        /// keeps no collection identity (a back-reference to a collection is an error); see the overload.
        /// </summary>
        public int ReadSequenceHeader(out byte descriptor)
        {
            int count = ReadSequenceHeader(out descriptor, out object? existing);
            if (existing != null) ThrowCollectionBackReference();
            return count;
        }

        /// <summary>
        /// Reads a sequence header in a payload that may keep references (docs/format.md §7.2). Returns -1 for null
        /// (<paramref name="existing"/> null) or for a back-reference (<paramref name="existing"/> is the collection
        /// read earlier), else the element count with the element descriptor (0 when the count is 0). A new
        /// sequence has reserved its id: the caller records the collection with <see cref="SetReference"/> and
        /// <see cref="LastReservedReference"/>, before its elements when it can (a list may hold itself).
        /// </summary>
        public int ReadSequenceHeader(out byte descriptor, out object? existing) => ReadSequenceHead(resolve: true, out descriptor, out existing);

        /// <summary>A sequence header being skipped: a back-reference is checked, not resolved.</summary>
        private int ReadSkippedSequenceHeader(out byte descriptor) => ReadSequenceHead(resolve: false, out descriptor, out _);

        private int ReadSequenceHead(bool resolve, out byte descriptor, out object? existing) => ReadCollectionHead(map: false, resolve, out descriptor, out existing);

        /// <summary>
        /// Reads the count varint of a sequence or map: 0 for null or a back-reference (version 2 reference mode:
        /// <c>0 0</c> null, <c>0 (id + 1)</c> the collection with that object id), else count + 1, with the new
        /// collection's id reserved. <paramref name="resolve"/> false (skipping): a back-reference is only checked to
        /// name an id already taken, and <paramref name="existing"/> stays null.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong ReadCollectionCount(bool resolve, out object? existing)
        {
            ulong n = ReadVarint();
            existing = null;
            if (n != 0)
            {
                if (_collectionIds)
                {
                    _lastReserved = _state.Objects.Count;
                    _state.Objects.Add(null);
                }
                else
                {
                    _lastReserved = -1;
                }
                return n;
            }
            if (_collectionIds) ReadCollectionBackReference(resolve, out existing);
            return 0;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ReadCollectionBackReference(bool resolve, out object? existing)
        {
            long at = Position;
            ulong k = ReadVarint();
            existing = null;
            _lastCollectionRef = -1;
            if (k == 0) return;
            _lastCollectionRef = (int)Math.Min(k - 1, int.MaxValue);
            if (resolve) existing = ResolveBackReference(k - 1);
            else CheckBackReference(k - 1, at);
        }

        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        private void ThrowCollectionBackReference() =>
            throw new AmberException("A back-reference to a collection where the collection is read without reference support", Position,
                "A hand-written formatter that reads a collection in reference mode uses ReadSequenceHeader / ReadMapHeader with the 'existing' argument, and writes with TryWriteCollectionReference.");

        /// <summary>
        /// Reads the part of a rows sequence after its descriptor (docs/format.md §6.1): the element
        /// shape and the member codes, checked against the input left for <paramref name="count"/> rows.
        /// </summary>
        public RowsMatch ReadRowsHeader(AmberShape shape, ReadOnlySpan<byte> readerCodes, int count)
        {
            ref ReaderState.Entry e = ref ReadRowsLayout(count, out _, out ReadOnlySpan<byte> raw, out int width);
            ShapeMatch match = ReaderState.Match(ref e, shape, positionalSubset: false);
            int members = e.Count;
            byte[] codes = _state.RowCodes;
            raw.CopyTo(codes);
            bool identical = match.IsIdentical && readerCodes.SequenceEqual(new ReadOnlySpan<byte>(codes, 0, members));
            return new RowsMatch(identical, match.Map, codes, members, width);
        }

        /// <summary>Copies raw little-endian values into <paramref name="destination"/> (identical rows of a blittable struct).</summary>
        public void ReadRaw<T>(scoped Span<T> destination) where T : unmanaged
        {
            CopyTo(System.Runtime.InteropServices.MemoryMarshal.AsBytes(destination));
        }

        /// <summary>
        /// Reads <paramref name="count"/> identical rows of a blittable struct into a new array: one copy into memory
        /// that is not zeroed first, since the copy writes every byte (or throws, and the array is dropped).
        /// </summary>
        public T[] ReadRawArray<T>(int count) where T : unmanaged
        {
            T[] result = AmberCollections.NewArrayToOverwrite<T>(count);
            ReadRaw<T>(result);
            return result;
        }

        /// <summary>Reads one row member of the reader's own code (identical rows).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public T ReadUnmanaged<T>() where T : unmanaged
        {
            int size = Unsafe.SizeOf<T>();
            ReadOnlySpan<byte> s = ReadSpan(size);
            if (BitConverter.IsLittleEndian) return System.Runtime.InteropServices.MemoryMarshal.Read<T>(s);
            Span<byte> copy = stackalloc byte[size];
            s.CopyTo(copy);
            copy.Reverse();
            return System.Runtime.InteropServices.MemoryMarshal.Read<T>(copy);
        }

        /// <summary>Reads one row member written with <paramref name="writerCode"/> as <typeparamref name="T"/>, widening as §3.2 allows.</summary>
        public T ReadRowValue<T>(byte writerCode) where T : unmanaged
        {
            byte mine = PackedCode.Of<T>();
            if (writerCode != mine) return ReadPackedElement<T>(writerCode, mine, rowMember: true);
            if (mine != AmberCode.PackedBoolean) return ReadUnmanaged<T>();
            long at = Position;
            byte b = ReadByteRaw();
            if (b > 1) AmberThrow.Malformed(at, $"A bool in a row is {b}; only 0 and 1 are valid");
            bool value = b == 1;
            return Unsafe.As<bool, T>(ref value);
        }

        /// <summary>Skips one row member written with <paramref name="writerCode"/>.</summary>
        public void SkipRowValue(byte writerCode) => Skip(AmberCode.PackedWidth(writerCode));

        /// <summary>
        /// Reads the rank and lengths that follow a shaped (multi-dimensional) descriptor, and returns the number of elements
        /// that follow: <paramref name="count"/>, or 0 for an empty array that keeps its lengths (count 1, lengths multiplying
        /// to 0; docs/format.md §6.1).
        /// </summary>
        public int ReadShapedLengths(int expectedRank, int count, scoped Span<int> lengths)
        {
            ReadArrayDimensions(ref count, expectedRank, lengths);
            return count;
        }

        /// <summary>Reads a map header. Returns -1 for null, else the pair count, with the pair descriptor. For a reader that keeps no collection identity; see the overload.</summary>
        public int ReadMapHeader(out byte descriptor)
        {
            int count = ReadMapHeader(out descriptor, out object? existing);
            if (existing != null) ThrowCollectionBackReference();
            return count;
        }

        /// <summary>
        /// Reads a map header in a payload that may keep references: as <see cref="ReadSequenceHeader(out byte, out object?)"/>
        /// (-1 for null or a back-reference, else the pair count with the pair descriptor and the map's id reserved).
        /// </summary>
        public int ReadMapHeader(out byte descriptor, out object? existing) => ReadMapHead(resolve: true, out descriptor, out existing);

        private int ReadSkippedMapHeader(out byte descriptor) => ReadMapHead(resolve: false, out descriptor, out _);

        private int ReadMapHead(bool resolve, out byte descriptor, out object? existing) => ReadCollectionHead(map: true, resolve, out descriptor, out existing);

        /// <summary>Reads a presence byte (for nullable elements and values).</summary>
        public bool ReadPresence()
        {
            long at = Position;
            byte b = ReadByteRaw();
            if (b > 1) AmberThrow.Malformed(at, $"A presence byte is {b}; only 0 and 1 are valid");
            return b == 1;
        }

        /// <summary>Skips one value of the given wire type, including nested objects and collections.</summary>
        public void SkipValue(WireType wireType)
        {
            var skip = default(SkipVisitor);
            AmberWriter none = default;
            Walk(wireType, ref skip, ref none);
        }

        /// <summary>Skipping: the walk of the structure (Format/AmberReader.Walk.cs), each leaf read past.</summary>
        private readonly struct SkipVisitor : IStructureVisitor
        {
            public bool TracksPath => false;

            public bool WantsDimensions => false;

            public void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink)
            {
                switch (wireType)
                {
                    case WireType.Varint: reader.ReadVarint(); break;
                    case WireType.Fixed32: reader.Skip(4); break;
                    case WireType.Fixed64: reader.Skip(8); break;
                    case WireType.Fixed128: reader.Skip(16); break;
                }
            }

            /// <summary>In reference mode a skipped Bytes value is kept for later back-references (a string shared with a member this version lacks).</summary>
            public void Bytes(ref AmberReader reader, ref AmberWriter sink) => reader.SkipBytesValue();

            public void NullObject(long at, ref AmberWriter sink)
            {
            }

            public void ObjectBackReference(int id, long at, ref AmberWriter sink)
            {
            }

            public void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ref AmberWriter sink) => reader.Skip(shape.Width);

            public void ObjectStart(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ulong presence, ulong[]? more, ref AmberWriter sink)
            {
            }

            public string? Member(int index, ref AmberWriter sink) => null;

            public void ObjectEnd(ref AmberReader reader, ref AmberWriter sink)
            {
            }

            public void NullCollection(bool map, int id, long at, ref AmberWriter sink)
            {
            }

            public void CollectionStart(ref AmberReader reader, bool map, int count, byte descriptor, long at, ref AmberWriter sink)
            {
            }

            public void CollectionEnd(ref AmberWriter sink)
            {
            }

            public void Item(ItemPart part, int index, ref AmberWriter sink)
            {
            }

            public void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink) => reader.Skip((long)count * AmberCode.PackedWidth(code));

            public void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink) =>
                reader.Skip((long)count * width);

            public void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink)
            {
            }

            public void Presence(ref AmberReader reader, bool present, ref AmberWriter sink)
            {
            }

            public void EnterNested(ref AmberWriter sink)
            {
            }

            public void ExitNested(ref AmberWriter sink)
            {
            }
        }
    }
}
