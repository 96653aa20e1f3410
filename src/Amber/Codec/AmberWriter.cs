using System;
using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// Writes the Amber format into an <see cref="IBufferWriter{T}"/>. A ref struct: it caches the
    /// current output span and asks the buffer writer for more only when that span is full.
    /// Generated formatters call it; hand-written formatters use the same methods.
    /// Call <see cref="Flush"/> when done (the <see cref="AmberSerializer"/> entry points do).
    /// </summary>
    public ref partial struct AmberWriter
    {
        private readonly IBufferWriter<byte> _output;
        private Span<byte> _buffer;
        private int _pos;
        private long _flushed;
        private int _depth;
        private readonly int _maxDepth;
        private readonly int _checkedDepth;
        private WriterState? _state;
        private bool _refs;
        private bool _rootPending;   // the next object header is the payload's root object
        private object? _wrapped;    // reference mode: the known-type wrapper's value being written (Wrapped)

        /// <summary>Creates a writer over <paramref name="output"/>.</summary>
        public AmberWriter(IBufferWriter<byte> output, AmberOptions? options = null)
            : this(output, options ?? AmberOptions.Default, WriterState.Rent())
        {
        }

        internal AmberWriter(IBufferWriter<byte> output, AmberOptions options, WriterState state)
        {
            _output = output;
            _buffer = default;
            _pos = 0;
            _flushed = 0;
            _depth = 0;
            _maxDepth = options.MaxDepth;
            _checkedDepth = Math.Min(_maxDepth, AmberOptions.StackCheckDepth);
            _state = state;
            _refs = false;
            _rootPending = false;
            _wrapped = null;
            if (options.PreserveReferences) EnableReferences();
            Options = options;
        }

        /// <summary>
        /// A writer whose first bytes go into <paramref name="initial"/>, memory <paramref name="output"/> handed out and has not
        /// been advanced past (a connection's message block): the first write needs no call to the buffer writer.
        /// </summary>
        internal AmberWriter(IBufferWriter<byte> output, AmberOptions options, WriterState state, Span<byte> initial)
            : this(output, options, state)
        {
            _buffer = initial;
        }

        /// <summary>A writer of <paramref name="options"/>' limits that never writes in reference mode (the bytes kept for an unknown member, format §5.2).</summary>
        internal AmberWriter(IBufferWriter<byte> output, AmberOptions options, WriterState state, bool references)
            : this(output, options, state)
        {
            if (!references) _refs = false;
        }

        /// <summary>The options of this call.</summary>
        public AmberOptions Options { get; }

        private WriterState State => _state ?? throw new ObjectDisposedException(nameof(AmberWriter));

        /// <summary>Bytes written so far, including those not yet flushed.</summary>
        public long BytesWritten => _flushed + _pos;

        /// <summary>Commits the buffered bytes to the buffer writer. The writer stays usable.</summary>
        public void Flush()
        {
            if (_pos > 0)
            {
                _output.Advance(_pos);
                _flushed += _pos;
                _pos = 0;
                _buffer = default;
            }
        }

        /// <summary>
        /// Returns the writer's pooled per-payload state. Call it (or use <c>using var</c>) when a
        /// hand-made writer is done, after <see cref="Flush"/>; the writer is unusable afterwards.
        /// </summary>
        public void Dispose()
        {
            WriterState? state = _state;
            _state = null;
            if (state != null) WriterState.Return(state);
        }

        /// <summary>Returns a span of at least <paramref name="size"/> bytes at the write position.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Span<byte> GetSpan(int size)
        {
            if (_buffer.Length - _pos < size) Refill(size);
            return _buffer.Slice(_pos);
        }

        /// <summary>Moves the write position after bytes written into <see cref="GetSpan"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Advance(int count)
        {
            Debug.Assert(count <= _buffer.Length - _pos);
            _pos += count;
        }

        /// <summary>The least a refill asks the destination for when it offers less.</summary>
        internal const int MinimumChunk = 128;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void Refill(int size)
        {
            if (_pos > 0)
            {
                _output.Advance(_pos);
                _flushed += _pos;
                _pos = 0;
            }
            // Whatever the destination has left is used, so that small payloads fill a pipe's blocks instead of
            // starting a new block while the current one still has room; only a tail shorter than MinimumChunk is
            // passed over (asked again with that size), so that a destination handing out exactly what was asked
            // for is not asked again for every few bytes.
            _buffer = _output.GetSpan(size);
            if (_buffer.Length < MinimumChunk && size < MinimumChunk) _buffer = _output.GetSpan(MinimumChunk);
            if (_buffer.Length < size) throw new InvalidOperationException("The buffer writer returned a span shorter than requested.");
        }

        /// <summary>Writes raw bytes.</summary>
        public void WriteRaw(scoped ReadOnlySpan<byte> bytes)
        {
            if (_buffer.Length - _pos >= bytes.Length)
            {
                bytes.CopyTo(_buffer.Slice(_pos));
                _pos += bytes.Length;
                return;
            }
            WriteRawSlow(bytes);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WriteRawSlow(scoped ReadOnlySpan<byte> bytes)
        {
            while (bytes.Length > 0)
            {
                if (_buffer.Length - _pos == 0) Refill(Math.Min(bytes.Length, 65536));
                int n = Math.Min(bytes.Length, _buffer.Length - _pos);
                bytes.Slice(0, n).CopyTo(_buffer.Slice(_pos));
                _pos += n;
                bytes = bytes.Slice(n);
            }
        }

        /// <summary>Writes one byte.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByteRaw(byte value)
        {
            if (_pos >= _buffer.Length) Refill(1);
            _buffer[_pos++] = value;
        }

        /// <summary>Writes a varint.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteVarint(ulong value)
        {
            if (value < 0x80 && _pos < _buffer.Length)
            {
                _buffer[_pos++] = (byte)value;
                return;
            }
            // Two bytes (values up to 16383: ids, lengths, counts, most zig-zagged ints) without a call.
            if (value < 0x4000 && _buffer.Length - _pos >= 2)
            {
                _buffer[_pos] = (byte)(value | 0x80);
                _buffer[_pos + 1] = (byte)(value >> 7);
                _pos += 2;
                return;
            }
            WriteVarintSlow(value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WriteVarintSlow(ulong value)
        {
            if (_buffer.Length - _pos < AmberPrimitives.MaxVarintLength) Refill(AmberPrimitives.MaxVarintLength);
            _pos += AmberPrimitives.TryWriteVarint(_buffer.Slice(_pos), value);
        }

        /// <summary>Writes the payload header for a root of <paramref name="rootWireType"/>.</summary>
        public void WritePayloadHeader(WireType rootWireType) => WritePayloadHeader(rootWireType, singleRoot: true);

        /// <summary>
        /// Writes the payload header; <paramref name="singleRoot"/> false for a payload that holds many root values
        /// (a stream frame's items), whose first object is not alone and lists all its members like the others.
        /// </summary>
        internal void WritePayloadHeader(WireType rootWireType, bool singleRoot)
        {
            WriteByteRaw(_refs ? AmberCode.ReferencePayloadHeader(rootWireType) : AmberCode.PayloadHeader(rootWireType));
            _rootPending = singleRoot && rootWireType == WireType.Object;
        }

        /// <summary>
        /// Writes the payload header of a connection message (docs/format.md §7.6): version 3 for the connection's first
        /// message, 4 for a later one, whose shape ids continue from the connection's earlier messages.
        /// </summary>
        internal void WriteConnectionHeader(WireType rootWireType, bool first)
        {
            WriteByteRaw(AmberCode.ConnectionPayloadHeader(rootWireType, first, _refs));
            _rootPending = rootWireType == WireType.Object;
        }

        /// <summary>Turns on reference mode (docs/format.md §7.2) for this payload; call before the payload header.</summary>
        public void EnableReferences()
        {
            WriterState state = State;
            state.Objects ??= new IdentityMap();
            state.Bytes ??= new IdentityMap();
            _refs = true;
        }

        /// <summary>Whether this payload keeps object identity.</summary>
        public bool ReferencesEnabled => _refs;

        /// <summary>Reference mode: the id the next object header takes.</summary>
        internal int NextObjectId => State.ObjectCount;

        /// <summary>
        /// In reference mode, writes a back-reference and returns true if <paramref name="value"/> was
        /// written before in this payload; otherwise gives it the next id and returns false (the caller
        /// writes the object). Outside reference mode, returns false at the cost of one test.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryWriteReference(object value) => _refs && TryWriteReferenceSlow(value);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private bool TryWriteReferenceSlow(object value)
        {
            // A new object gets the id of the header that follows (WriteObjectHeader counts every header,
            // structs too, exactly as a reader reserves one per header).
            WriterState state = State;
            int id = state.Objects!.GetOrAdd(value, state.ObjectCount);
            if (id < 0) return false;
            WriteVarint(((ulong)(uint)id << 2) | AmberCode.ObjectBackRef);
            return true;
        }

        /// <summary>
        /// Writes the head of a sequence or map value (docs/format.md §6, §7.2) and returns true when that is all of it:
        /// a null collection, or in reference mode a back-reference to <paramref name="collection"/> written earlier in
        /// this payload. Returns false for a collection to write now (its header then takes the next id).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryWriteCollectionReference(object? collection)
        {
            if (collection is null)
            {
                WriteNullCollection();
                return true;
            }
            return _refs && TryWriteCollectionReferenceSlow(collection);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private bool TryWriteCollectionReferenceSlow(object collection)
        {
            WriterState state = State;
            if (ReferenceEquals(collection, _wrapped))
            {
                // The value of the known-type object just started (an `object` member holding a list): from now on
                // the collection is known by its own id, which a reader records before its elements (cycles).
                _wrapped = null;
                state.Objects!.Set(collection, state.ObjectCount);
                return false;
            }
            int id = state.Objects!.GetOrAdd(collection, state.ObjectCount);
            if (id < 0) return false;
            WriteByteRaw(0);
            WriteVarint((ulong)(uint)id + 1);
            return true;
        }

        /// <summary>Writes a null sequence or map: <c>0</c>, or <c>0 0</c> in reference mode (docs/format.md §7.2).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteNullCollection()
        {
            WriteByteRaw(0);
            if (_refs) WriteByteRaw(0);
        }

        /// <summary>
        /// Reference mode: writes a back-reference, in a sequence or map position, to the collection (or object) that took
        /// object id <paramref name="id"/>: <c>0 (id + 1)</c> (docs/format.md §7.2). For the JSON view, which knows the
        /// ids its <c>$ref</c>s name but not the collections behind them, so <see cref="TryWriteCollectionReference"/>
        /// cannot serve.
        /// </summary>
        internal void WriteCollectionReference(int id)
        {
            WriteByteRaw(0);
            WriteVarint((ulong)(uint)id + 1);
        }

        /// <summary>
        /// The known-type wrapper (docs/format.md §7.3) whose value is being written, if it is a reference type: its
        /// collection value moves from the wrapper's id to its own (see TryWriteCollectionReferenceSlow).
        /// </summary>
        internal object? Wrapped
        {
            get => _wrapped;
            set => _wrapped = value;
        }

        /// <summary>Reference mode: a collection header takes the next object id.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void CountCollection()
        {
            if (_refs) State.ObjectCount++;
        }

        /// <summary>Reference mode: a Bytes value that is null (0 0), a back-reference (0 id+1), or new (true: write it, its id is taken).</summary>
        private bool WriteBytesReference(object? value)
        {
            WriterState state = State;
            if (value == null)
            {
                WriteByteRaw(0);
                WriteByteRaw(0);
                return false;
            }
            int id = state.Bytes!.GetOrAdd(value, state.BytesCount);
            if (id < 0)
            {
                state.BytesCount++;
                return true;
            }
            WriteByteRaw(0);
            WriteVarint((ulong)(uint)id + 1);
            return false;
        }

        /// <summary>Reference mode: a Bytes value that is never shared (decimal, DateTimeOffset …) still takes an id.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void CountBytesValue()
        {
            if (_refs) State.BytesCount++;
        }

        /// <summary>Enters one level of nesting; throws when <see cref="AmberOptions.MaxDepth"/> is passed or the thread's stack could not take another level.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void EnterDepth()
        {
            if (++_depth > _checkedDepth) EnterDeep();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void EnterDeep()
        {
            if (_depth > _maxDepth) AmberThrow.DepthExceeded(-1, _maxDepth);
            if (!RuntimeHelpers.TryEnsureSufficientExecutionStack()) AmberThrow.StackExhausted(-1, _depth);
        }

        /// <summary>Leaves one level of nesting.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void ExitDepth() => _depth--;

        /// <summary>Writes a null object, string, byte array, sequence or map (all are the varint 0).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteNull() => WriteByteRaw(0);

        /// <summary>
        /// Writes an object header: the shape reference (defining the shape on first use in this
        /// payload) and the presence bitmap, bit i for member i of <paramref name="shape"/>. The present
        /// members' values follow in shape order. For a shape of at most 64 members; a wider one takes
        /// <see cref="WriteObjectHeader(AmberShape, ulong, ReadOnlySpan{ulong})"/>.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteObjectHeader(AmberShape shape, ulong presence)
        {
            int id = State.GetOrDefine(shape, BeginObject(shape, presence), out ulong listed, out bool defined);
            if (defined)
            {
                WriteVarint(((ulong)id << 2) | AmberCode.ObjectShapeRef);
            }
            else
            {
                if (shape.Tags.Length > 64) AmberThrow.WideShapeNeedsWords(shape.TypeName, shape.Tags.Length);
                WriteShapeDefinition(shape, id, listed);
            }
            // The bitmap counts the members the payload's shape lists, not all of the type's.
            if (listed != shape.AllMembers) presence = Bits.Extract(presence, listed);
            WriteVarint(presence);
        }

        /// <summary>
        /// Counts a new object's header (reference mode) and returns the members its shape must list. The payload's root
        /// object lists the members it has: a message alone in its payload carries only their tags. Every other object
        /// lists them all, so that a type whose objects come in numbers has one shape and keeps a small id (docs/format.md §5).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong BeginObject(AmberShape shape, ulong presence)
        {
            if (_refs) State.ObjectCount++;
            if (!_rootPending) return shape.AllMembers;
            _rootPending = false;
            return presence;
        }

        /// <summary>
        /// Writes the header of an object whose shape has more than 64 members (docs/format.md §5): as
        /// <see cref="WriteObjectHeader(AmberShape, ulong)"/>, with <paramref name="presence"/> for members 0 to 63
        /// and then one word of <paramref name="more"/> for each further 64 members.
        /// </summary>
        public void WriteObjectHeader(AmberShape shape, ulong presence, scoped ReadOnlySpan<ulong> more)
        {
            if (more.Length != (shape.Tags.Length - 1) >> 6 || shape.Tags.Length <= 64)
                throw new ArgumentException($"A shape of {shape.Tags.Length} members has {Math.Max(0, (shape.Tags.Length - 1) >> 6)} presence words after the first.", nameof(more));
            if (_refs) State.ObjectCount++;
            // A wide type's shape always lists every member (docs/format.md §5).
            int id = State.GetOrDefine(shape, shape.AllMembers, out _, out bool defined);
            if (defined)
            {
                WriteVarint(((ulong)id << 2) | AmberCode.ObjectShapeRef);
            }
            else
            {
                WriteShapeDefinition(shape, id, shape.AllMembers);
            }
            WriteVarint(presence);
            foreach (ulong word in more) WriteVarint(word);
        }

        /// <summary>
        /// Makes room for an object's header (<see cref="WriteObjectHeaderAt"/>) and <paramref name="size"/> more bytes, and
        /// returns the byte at the write position: a window (<see cref="OpenWindow"/>) that starts with the header.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ref byte OpenObjectWindow(AmberShape shape, int size) => ref OpenWindow(shape.HeadRoom + size);

        /// <summary>
        /// Writes an object header (as <see cref="WriteObjectHeader(AmberShape, ulong)"/>) at offset <paramref name="at"/> of a
        /// window <see cref="OpenObjectWindow"/> opened; returns the offset after it. A shape already defined in full with
        /// a one-byte reference, the common case, is one store and the presence varint.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int WriteObjectHeaderAt(ref byte window, int at, AmberShape shape, ulong presence)
        {
            int head = State.ShapeHeadByte(shape.Slot);
            if (head != 0)
            {
                // A payload's root object lists the members it has, unless its type's shape is already defined in full (a
                // connection's later message): then it refers to it like any other object.
                _rootPending = false;
                if (_refs) State.ObjectCount++;
                Unsafe.Add(ref window, at) = (byte)head;
                return AmberWindow.WriteUInt64(ref window, at + 1, presence);
            }
            return WriteObjectHeaderAtSlow(ref window, at, shape, presence);
        }

        // The offset comes by value and goes back as the result: a window's offset whose address reached a call could not stay in a register.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private int WriteObjectHeaderAtSlow(ref byte window, int at, AmberShape shape, ulong presence)
        {
            Span<byte> head = MemoryMarshal.CreateSpan(ref Unsafe.Add(ref window, at), shape.HeadRoom);
            // The bitmap counts the members the shape lists, as WriteObjectHeader's does.
            int id = State.GetOrDefine(shape, BeginObject(shape, presence), out ulong listed, out bool defined);
            int n;
            if (defined)
            {
                n = AmberPrimitives.TryWriteVarint(head, ((ulong)id << 2) | AmberCode.ObjectShapeRef);
            }
            else
            {
                if (shape.Tags.Length > 64) AmberThrow.WideShapeNeedsWords(shape.TypeName, shape.Tags.Length);
                n = WriteShapeDefinition(head, shape, id, listed);
            }
            if (listed != shape.AllMembers) presence = Bits.Extract(presence, listed);
            return at + n + AmberPrimitives.TryWriteVarint(head.Slice(n), presence);
        }

        /// <summary>Defines shape <paramref name="id"/>: the members of <paramref name="shape"/> that <paramref name="listed"/> names, in order.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void WriteShapeDefinition(AmberShape shape, int id, ulong listed) =>
            Advance(WriteShapeDefinition(GetSpan(AmberPrimitives.MaxVarintLength + shape.MaxDefinitionLength(listed)), shape, id, listed));

        /// <summary>A shape's definition (its object header, then the listed members) into <paramref name="destination"/>; returns its length.</summary>
        private int WriteShapeDefinition(Span<byte> destination, AmberShape shape, int id, ulong listed)
        {
            int n = AmberPrimitives.TryWriteVarint(destination, ((ulong)id << 2) | AmberCode.ObjectShapeDef);
            byte[]? block = shape.DefinitionBytes(listed);
            if (block != null)
            {
                block.CopyTo(destination.Slice(n));
                n += block.Length;
            }
            else
            {
                n += shape.WriteDefinition(listed, destination.Slice(n));
            }
            State.DefinitionBytes += n;
            return n;
        }

        /// <summary>Writes a sequence header: count, then the element descriptor if count &gt; 0.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSequenceHeader(int count, byte elementDescriptor)
        {
            CountCollection();
            WriteVarint((ulong)count + 1);
            if (count > 0) WriteByteRaw(elementDescriptor);
        }

        /// <summary>
        /// Writes a multi-dimensional array header: total count, descriptor with the shaped bit, rank and lengths. An empty
        /// array with a length above 0 (<c>new int[0, 5]</c>) is written with count 1, its lengths and no elements, so it
        /// keeps its dimensions (docs/format.md §6.1); one whose lengths are all 0 is count 0, as any empty sequence.
        /// </summary>
        public void WriteShapedSequenceHeader(scoped ReadOnlySpan<int> lengths, byte elementDescriptor)
        {
            long count = 1;
            bool anyLength = false;
            foreach (int l in lengths)
            {
                count *= l;
                anyLength |= l != 0;
            }
            CountCollection();
            bool emptyWithLengths = count == 0 && anyLength;
            WriteVarint(emptyWithLengths ? 2UL : (ulong)count + 1);
            if (count > 0 || emptyWithLengths)
            {
                WriteByteRaw((byte)(elementDescriptor | AmberCode.DescriptorShaped));
                WriteVarint((ulong)lengths.Length);
                foreach (int l in lengths) WriteVarint((ulong)l);
            }
        }

        /// <summary>
        /// Writes the header of a rows sequence (docs/format.md §6.1): count, descriptor 0x25, the
        /// element shape (defined on first use in this payload) and one packed code per member. The
        /// caller then writes <paramref name="count"/> rows of raw little-endian member values.
        /// </summary>
        public void WriteRowsHeader(int count, AmberShape shape, ReadOnlySpan<byte> codes)
        {
            CountCollection();
            WriteVarint((ulong)count + 1);
            if (count == 0) return;
            WriteByteRaw(AmberCode.DescriptorRows);
            // Rows are copied by position, so their shape is always the full one (docs/format.md §6.1).
            int id = State.GetOrDefine(shape, shape.AllMembers, out _, out bool defined);
            if (defined) WriteVarint(((ulong)id << 2) | AmberCode.ObjectShapeRef);
            else WriteShapeDefinition(shape, id, shape.AllMembers);
            WriteRaw(codes);
        }

        /// <summary>
        /// Begins an inline struct (docs/format.md §5.1): writes its header — and, the first time <paramref name="shape"/> is
        /// used in this payload, its definition and <paramref name="codes"/> — and returns the <paramref name="width"/> bytes
        /// at the write position where its row goes. The caller writes the members' raw little-endian values into them, in
        /// shape order, and calls <see cref="Advance"/>(<paramref name="width"/>). An inline struct takes no object id in
        /// reference mode and no nesting level. <paramref name="shape"/> serves only this type's inline values (generated
        /// code keeps an InlineShape apart from the type's Shape and TypedShape, so the payload's other shapes of the type
        /// are never taken for it); it has no type tag, at most <see cref="AmberCode.MaxRowMembers"/> members, one code each.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Span<byte> WriteInlineHeader(AmberShape shape, ReadOnlySpan<byte> codes, int width)
        {
            int id = State.InlineId(shape.Slot);
            if ((uint)id < AmberCode.InlineTwoByteShapes && _buffer.Length - _pos > width + 1)
            {
                // The shape is defined: a header of one byte (ids 0 to 30) or two, then the row.
                uint header = (uint)AmberCode.InlineHeader(id);
                if (header < 0x80)
                {
                    _buffer[_pos++] = (byte)header;
                }
                else
                {
                    _buffer[_pos] = (byte)(header | 0x80);
                    _buffer[_pos + 1] = (byte)(header >> 7);
                    _pos += 2;
                }
                return _buffer.Slice(_pos, width);
            }
            return WriteInlineHeaderSlow(shape, codes, width);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private Span<byte> WriteInlineHeaderSlow(AmberShape shape, ReadOnlySpan<byte> codes, int width)
        {
            Advance(WriteInlineHead(GetSpan(AmberWindow.InlineRoom(shape, width) - width), shape, codes, width));
            return GetSpan(width).Slice(0, width);
        }

        /// <summary>
        /// Begins an inline struct in a window (<see cref="OpenWindow"/>) at offset <paramref name="at"/>, as
        /// <see cref="WriteInlineHeader"/> does at the write position, and returns the offset of its row. The window has
        /// room for the header and definition: <see cref="AmberWindow.InlineRoom"/>.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int WriteInlineHeaderAt(ref byte window, int at, AmberShape shape, ReadOnlySpan<byte> codes, int width)
        {
            int id = State.InlineId(shape.Slot);
            if ((uint)id < AmberCode.InlineOneByteShapes)
            {
                // The shape is defined, with an id of one byte.
                Unsafe.Add(ref window, at) = (byte)AmberCode.InlineHeader(id);
                return at + 1;
            }
            return WriteInlineHeaderAtSlow(ref window, at, shape, codes, width);
        }

        // The offset comes by value and goes back as the result: a window's offset whose address reached a call could not stay in a register.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private int WriteInlineHeaderAtSlow(ref byte window, int at, AmberShape shape, ReadOnlySpan<byte> codes, int width) =>
            at + WriteInlineHead(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref window, at), AmberWindow.InlineRoom(shape, width) - width), shape, codes, width);

        /// <summary>
        /// An inline struct's header into <paramref name="destination"/> — and, the first time <paramref name="shape"/> is used
        /// in this payload, its definition and <paramref name="codes"/>; returns the bytes written.
        /// </summary>
        private int WriteInlineHead(Span<byte> destination, AmberShape shape, ReadOnlySpan<byte> codes, int width)
        {
            WriterState state = State;
            int id = state.InlineId(shape.Slot);
            if (id >= 0) return AmberPrimitives.TryWriteVarint(destination, AmberCode.InlineHeader(id));
            CheckInlineShape(shape, codes, width);
            // A payload whose root is an inline struct has no root object: nothing after it lists fewer members.
            _rootPending = false;
            id = state.DefineInline(shape.Slot, shape.AllMembers);
            if (!shape.UsedInline) shape.UsedInline = true;
            int n = AmberPrimitives.TryWriteVarint(destination, AmberCode.InlineHeader(id));
            byte[]? block = shape.DefinitionBytes(shape.AllMembers);
            if (block != null)
            {
                block.CopyTo(destination.Slice(n));
                n += block.Length;
            }
            else
            {
                n += shape.WriteDefinition(shape.AllMembers, destination.Slice(n));
            }
            codes.CopyTo(destination.Slice(n));
            n += codes.Length;
            state.DefinitionBytes += n;
            return n;
        }

        private static void CheckInlineShape(AmberShape shape, ReadOnlySpan<byte> codes, int width)
        {
            if (shape.TypeTag != null) throw new ArgumentException($"The inline shape of {shape.TypeName} has a type tag; inline structs are never polymorphic.", nameof(shape));
            if (codes.Length != shape.Tags.Length || codes.Length == 0 || codes.Length > AmberCode.MaxRowMembers)
                throw new ArgumentException($"An inline struct of {shape.Tags.Length} members needs one code per member, 1 to {AmberCode.MaxRowMembers} of them; {codes.Length} were given.", nameof(codes));
            int sum = 0;
            foreach (byte c in codes)
            {
                int w = AmberCode.PackedWidth(c);
                if (w == 0) throw new ArgumentException($"{c} is not a packed primitive code (docs/format.md §6.1).", nameof(codes));
                sum += w;
            }
            if (sum != width) throw new ArgumentException($"The codes of {shape.TypeName} add up to a row of {sum} bytes, not {width}.", nameof(width));
        }

        /// <summary>Writes an unmanaged primitive as its raw little-endian bytes (a row member).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUnmanaged<T>(T value) where T : unmanaged
        {
            int size = Unsafe.SizeOf<T>();
            Span<byte> span = GetSpan(size);
            Unsafe.WriteUnaligned(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(span), value);
            if (!BitConverter.IsLittleEndian) span.Slice(0, size).Reverse();
            _pos += size;
        }

        /// <summary>Writes a map header: count, then the pair descriptor if count &gt; 0.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteMapHeader(int count, byte pairDescriptor)
        {
            CountCollection();
            WriteVarint((ulong)count + 1);
            if (count > 0) WriteByteRaw(pairDescriptor);
        }

        /// <summary>Writes a presence byte for a nullable element (0 = null, 1 = a value follows).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WritePresence(bool hasValue) => WriteByteRaw(hasValue ? (byte)1 : (byte)0);
    }
}
