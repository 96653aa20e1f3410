using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// Reads the Amber format from a span or a (multi-segment) sequence. A ref struct: the fast
    /// path reads from the current span; crossing into the next segment happens out of line.
    /// Every failure caused by the bytes is an <see cref="AmberException"/> with the byte offset.
    /// </summary>
    public ref partial struct AmberReader
    {
        private ReadOnlySpan<byte> _span;
        private int _pos;
        private long _spanStart;            // offset of _span[0] in the whole input
        private readonly long _length;      // total input length
        private readonly ReadOnlySequence<byte> _sequence;
        private SequencePosition _next;     // start of the segment after _span
        private readonly bool _multiSegment;
        private byte[]? _scratch;
        private int _depth;
        private readonly int _maxDepth;
        private readonly int _checkedDepth;   // past this depth EnterDepth checks the limit and the stack (AmberOptions.StackCheckDepth)
        private ReaderState _state;
        private int _pendingShape;          // the shape id read by ReadPolymorphicHeader
        private bool _refs;                 // reference mode (header bit 3, format §7.2)
        private bool _collectionIds;        // reference mode of format version 2: sequences and maps take object ids
        private int _lastReserved;          // the object id reserved by the last object header, or -1
        private int _lastBytesRef;          // the id of the last Bytes back-reference
        private int _lastCollectionRef;     // the object id of the last collection back-reference
        private long _keptBytes;            // bytes kept for unknown members in this payload (KeepUnknown)

        /// <summary>Creates a reader over one span.</summary>
        public AmberReader(ReadOnlySpan<byte> source, AmberOptions? options = null)
            : this(source, options ?? AmberOptions.Default, ReaderState.Rent())
        {
        }

        /// <summary>Creates a reader over a sequence of segments.</summary>
        public AmberReader(in ReadOnlySequence<byte> source, AmberOptions? options = null)
            : this(source, options ?? AmberOptions.Default, ReaderState.Rent())
        {
        }

        internal AmberReader(ReadOnlySpan<byte> source, AmberOptions options, ReaderState state)
        {
            _span = source;
            _pos = 0;
            _spanStart = 0;
            _length = source.Length;
            _sequence = default;
            _next = default;
            _multiSegment = false;
            _scratch = null;
            _depth = 0;
            _maxDepth = options.MaxDepth;
            _checkedDepth = Math.Min(_maxDepth, AmberOptions.StackCheckDepth);
            _state = state;
            _pendingShape = 0;
            _refs = false;
            _collectionIds = false;
            _lastReserved = -1;
            _lastBytesRef = 0;
            _lastCollectionRef = 0;
            _keptBytes = 0;
            Options = options;
            CheckInputSize();
        }

        internal AmberReader(in ReadOnlySequence<byte> source, AmberOptions options, ReaderState state)
        {
            _sequence = source;
            _length = source.Length;
            _spanStart = 0;
            _pos = 0;
            _pendingShape = 0;
            _refs = false;
            _collectionIds = false;
            _lastReserved = -1;
            _lastBytesRef = 0;
            _lastCollectionRef = 0;
            _keptBytes = 0;
            _scratch = null;
            _depth = 0;
            _maxDepth = options.MaxDepth;
            _checkedDepth = Math.Min(_maxDepth, AmberOptions.StackCheckDepth);
            _state = state;
            Options = options;
            CheckInputSize();
            if (source.IsSingleSegment)
            {
                _span = source.First.Span;
                _next = source.End;
                _multiSegment = false;
            }
            else
            {
                SequencePosition pos = source.Start;
                source.TryGet(ref pos, out ReadOnlyMemory<byte> first, advance: true);
                _span = first.Span;
                _next = pos;
                _multiSegment = true;
            }
        }

        private readonly void CheckInputSize()
        {
            if (_length > Options.MaxInputBytes)
                AmberThrow.LimitExceeded(0, "An input size in bytes", (ulong)_length, Options.MaxInputBytes, nameof(AmberOptions.MaxInputBytes));
        }

        /// <summary>The options of this call.</summary>
        public AmberOptions Options { get; }

        /// <summary>The offset of the next byte to read, from the start of the input.</summary>
        public long Position => _spanStart + _pos;

        /// <summary>Bytes left to read.</summary>
        public long Remaining => _length - Position;

        /// <summary>
        /// Returns the reader's pooled per-payload state and scratch buffer. Call it (or use
        /// <c>using var</c>) when a hand-made reader is done; the reader is unusable afterwards.
        /// </summary>
        public void Dispose()
        {
            ReaderState? state = _state;
            _state = null!;
            if (state != null) ReaderState.Return(state);
            if (_scratch != null)
            {
                ByteBuffers.Return(_scratch);
                _scratch = null;
            }
        }

        /// <summary>
        /// Returns the next <paramref name="count"/> bytes and moves past them. The span is valid
        /// until the next read (it may be a scratch copy when the bytes cross segments).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ReadOnlySpan<byte> ReadSpan(int count)
        {
            if ((uint)count <= (uint)(_span.Length - _pos))
            {
                ReadOnlySpan<byte> s = _span.Slice(_pos, count);
                _pos += count;
                return s;
            }
            return ReadSpanSlow(count);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private ReadOnlySpan<byte> ReadSpanSlow(int count)
        {
            if (count < 0 || count > Remaining) AmberThrow.EndOfData(Position, (int)Math.Min(int.MaxValue, Math.Max(0, count - Remaining)));
            if (_scratch == null || _scratch.Length < count)
            {
                if (_scratch != null) ByteBuffers.Return(_scratch);
                _scratch = ArrayPool<byte>.Shared.Rent(Math.Max(count, 256));
            }
            Span<byte> dest = _scratch.AsSpan(0, count);
            CopyTo(dest);
            return dest;
        }

        /// <summary>Copies the next dest.Length bytes into <paramref name="dest"/>, crossing segments.</summary>
        private void CopyTo(scoped Span<byte> dest)
        {
            while (dest.Length > 0)
            {
                if (_pos == _span.Length) NextSegment(dest.Length);
                int n = Math.Min(dest.Length, _span.Length - _pos);
                _span.Slice(_pos, n).CopyTo(dest);
                _pos += n;
                dest = dest.Slice(n);
            }
        }

        /// <summary>Moves past <paramref name="count"/> bytes without reading them.</summary>
        public void Skip(long count)
        {
            if (count < 0 || count > Remaining) AmberThrow.EndOfData(Position, (int)Math.Min(int.MaxValue, Math.Max(0, count - Remaining)));
            while (count > 0)
            {
                if (_pos == _span.Length) NextSegment((int)Math.Min(int.MaxValue, count));
                int n = (int)Math.Min(count, _span.Length - _pos);
                _pos += n;
                count -= n;
            }
        }

        private void NextSegment(int needed)
        {
            if (_multiSegment)
            {
                while (_sequence.TryGet(ref _next, out ReadOnlyMemory<byte> mem, advance: true))
                {
                    if (mem.Length == 0) continue;
                    _spanStart += _span.Length;
                    _span = mem.Span;
                    _pos = 0;
                    return;
                }
            }
            AmberThrow.EndOfData(Position, needed);
        }

        /// <summary>
        /// Reads a null object, sequence or map (the varint 0) if one comes next and returns true;
        /// otherwise reads nothing and returns false.
        /// </summary>
        public bool TryReadNull()
        {
            if (_pos >= _span.Length)
            {
                if (Remaining <= 0) return false;
                NextSegment(1);
            }
            if (_span[_pos] != 0) return false;
            _pos++;
            return true;
        }

        /// <summary>Reads one raw byte.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public byte ReadByteRaw()
        {
            if (_pos < _span.Length) return _span[_pos++];
            return ReadByteSlow();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private byte ReadByteSlow()
        {
            NextSegment(1);
            return _span[_pos++];
        }

        /// <summary>Reads a varint.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadVarint()
        {
            ReadOnlySpan<byte> span = _span;
            int pos = _pos;
            if ((uint)pos < (uint)span.Length)
            {
                byte b = span[pos];
                if (b < 0x80)
                {
                    _pos = pos + 1;
                    return b;
                }
                // Two bytes (values up to 16383: ids, lengths, counts, most zig-zagged ints) without a call.
                if ((uint)(pos + 1) < (uint)span.Length)
                {
                    byte b1 = span[pos + 1];
                    if (b1 < 0x80)
                    {
                        _pos = pos + 2;
                        return (b & 0x7FUL) | ((ulong)b1 << 7);
                    }
                }
            }
            return ReadVarintSlow();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private ulong ReadVarintSlow()
        {
            long start = Position;
            // Whole in this span (a long value, or one at the end of a payload); otherwise it crosses into the next
            // segment, or the input ends inside it, and is read a byte at a time.
            int n = AmberPrimitives.TryReadVarint(_span.Slice(_pos), out ulong v);
            if (n > 0)
            {
                _pos += n;
                return v;
            }
            if (n < 0) AmberThrow.MalformedVarint(start);
            ulong result = 0;
            for (int i = 0; i < AmberPrimitives.MaxVarintLength; i++)
            {
                byte b = ReadByteRaw();
                if (i == AmberPrimitives.MaxVarintLength - 1 && b > 0x01) break;
                result |= (ulong)(b & 0x7F) << (7 * i);
                if (b < 0x80) return result;
            }
            AmberThrow.MalformedVarint(start);
            return 0;
        }

        /// <summary>Reads and checks the payload header; returns the root wire type.</summary>
        public WireType ReadPayloadHeader()
        {
            long at = Position;
            var header = new PayloadHeader(ReadByteRaw());
            _refs = header.ReferenceMode;
            // Version 2 is version 1 plus identity for sequences and maps, and exists only in reference mode.
            _collectionIds = header.CollectionIds;
            if (!header.IsValidSingle) AmberThrow.BadHeader(at, header.Value);
            return header.RootWireType;
        }

        /// <summary>
        /// Reads the payload header of a connection message (docs/format.md §7.6). A first message (version 3) drops the
        /// connection's earlier definitions and sets <paramref name="started"/>; a later one (version 4) needs
        /// <paramref name="started"/>, or the reader did not see how the connection began.
        /// </summary>
        internal WireType ReadConnectionHeader(ref bool started)
        {
            long at = Position;
            var header = new PayloadHeader(ReadByteRaw());
            _refs = header.ReferenceMode;
            _collectionIds = _refs;
            if (!header.IsMessage) AmberThrow.NotConnectionMessage(at, header.Value);
            if (header.IsFirst)
            {
                _state.Truncate(0, 0);
                started = true;
            }
            else if (!started)
            {
                AmberThrow.ConnectionNotStarted(at);
            }
            return header.RootWireType;
        }

        /// <summary>Returns the reader's scratch buffer but keeps its state: a connection's reader state outlives each message.</summary>
        internal void ReleaseScratch()
        {
            if (_scratch != null)
            {
                ByteBuffers.Return(_scratch);
                _scratch = null;
            }
        }

        /// <summary>Throws unless the input is fully consumed.</summary>
        public void EnsureEnd()
        {
            if (Remaining != 0) AmberThrow.TrailingBytes(Position, Remaining);
        }

        /// <summary>
        /// Enters one level of nesting; throws when <see cref="AmberOptions.MaxDepth"/> is passed, or when
        /// the thread's stack could not take another level (a MaxDepth raised towards its maximum of
        /// 10,000 is deeper than a 1 MB stack holds, and a stack overflow cannot be caught).
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void EnterDepth()
        {
            if (++_depth > _checkedDepth) EnterDeep();
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void EnterDeep()
        {
            if (_depth > _maxDepth) AmberThrow.DepthExceeded(Position, _maxDepth);
            if (!RuntimeHelpers.TryEnsureSufficientExecutionStack()) AmberThrow.StackExhausted(Position, _depth);
        }

        /// <summary>Leaves one level of nesting.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void ExitDepth() => _depth--;
    }
}
