using System;
using System.Runtime.CompilerServices;
using Amber.Internal;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    // Inline structs (docs/format.md §5.1): a struct of primitives written where an object goes, as an inline header
    // (which defines its shape and codes the first time) and one row of raw values.
    public ref partial struct AmberReader
    {
        /// <summary>
        /// The fast path of a struct that may be written inline (docs/format.md §5.1). When the next value is an inline
        /// struct whose header (one byte, or two in payloads of more than 30 shapes) names a shape this payload defined
        /// inline, and whose row <see cref="ReadStructHeader"/> has found to be exactly <paramref name="shape"/>'s own (same
        /// members, order and codes: matched once per payload), moves past the header and the row and returns the row's
        /// <paramref name="width"/> bytes. Otherwise reads nothing and returns false: the caller reads the value with
        /// <see cref="ReadStructHeader"/>.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool TryReadInlineRow(AmberShape shape, int width, out ReadOnlySpan<byte> row)
        {
            ReadOnlySpan<byte> span = _span;
            int pos = _pos;
            if ((uint)pos < (uint)span.Length)
            {
                uint h = span[pos++];
                if (h >= 0x80)
                {
                    if ((uint)pos >= (uint)span.Length || span[pos] >= 0x80) goto Miss;
                    h = (h & 0x7F) | ((uint)span[pos++] << 7);
                }
                uint id = (h >> 2) - 1;   // a null header (0) wraps to an id no payload has
                if (ObjectHeader.HasInlineForm(h) && id < (uint)_state.Count && ReferenceEquals(_state.Entries[id].IdenticalTo, shape)
                    && (uint)width <= (uint)(span.Length - pos))
                {
                    row = span.Slice(pos, width);
                    _pos = pos + width;
                    return true;
                }
            }
        Miss:
            row = default;
            return false;
        }

        /// <summary>
        /// Reads the header of a struct value, written inline (docs/format.md §5.1) or as an object (§5). Returns false for
        /// null (the object header 0, which a struct reads as its default). For an object it does what
        /// <see cref="ReadObjectHeader(AmberShape, out ShapeMatch, out ulong)"/> does: <paramref name="match"/> and
        /// <paramref name="presence"/> are set, one nesting level is entered (the caller reads the present members and calls
        /// <see cref="ExitDepth"/>), and <paramref name="inline"/> is default (its <see cref="RowsMatch.Count"/> is 0). For an
        /// inline struct, <paramref name="inline"/> says how the writer's row relates to <paramref name="shape"/> and
        /// <paramref name="readerCodes"/> (the packed codes of the reader's members, empty for a struct that is not written
        /// inline itself); the row follows, no nesting level is entered and no object id is taken.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadStructHeader(AmberShape shape, ReadOnlySpan<byte> readerCodes, out ShapeMatch match, out ulong presence, out RowsMatch inline)
        {
            ulong h = ReadVarint();
            inline = default;
            if (!ObjectHeader.NamesShape(h))
            {
                match = default;
                presence = 0;
                if (h == 0) return false;
                inline = ReadInline(h, shape, readerCodes);
                return true;
            }
            ReadObjectHead(h, shape, out match, out presence);
            return true;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private RowsMatch ReadInline(ulong h, AmberShape shape, ReadOnlySpan<byte> readerCodes)
        {
            long at = Position - AmberPrimitives.VarintLength(h);
            if (ObjectHeader.KindOf(h) == ObjectHeaderKind.BackReference)
            {
                ResolveBackReference(h >> 2);
                AmberThrow.Malformed(at, $"A back-reference where a {shape.TypeName}, a struct, is read; a struct is never shared");
            }
            ref ReaderState.Entry e = ref ResolveInline(h, at);
            if (!ReferenceEquals(e.InlineShape, shape))
            {
                // Once per entry and reader shape: the tags as for any shape (by key, with widening by code), then the codes.
                ShapeMatch m = ReaderState.Match(ref e, shape, positionalSubset: false);
                e.InlineMap = m.Map;
                e.InlineIdentical = m.IsIdentical && readerCodes.SequenceEqual(new ReadOnlySpan<byte>(e.Codes, 0, e.Count));
                e.InlineShape = shape;
                e.IdenticalTo = e.InlineIdentical ? shape : null;
            }
            return new RowsMatch(e.InlineIdentical, e.InlineMap, e.Codes!, e.Count, e.Width, e);
        }

        /// <summary>
        /// The shape an inline header <paramref name="h"/> names (format §5.1): one defined inline earlier in this payload,
        /// or, when its id is the next one, the definition and codes that follow, read here.
        /// </summary>
        private ref ReaderState.Entry ResolveInline(ulong h, long at)
        {
            ulong id = (h >> 2) - 1;
            if (id < (ulong)_state.Count)
            {
                ref ReaderState.Entry e = ref _state.Entries[(int)id];
                if (!e.Inline) AmberThrow.Malformed(at, $"An inline struct names shape {id}, which an object or rows header defined; an inline struct names only shapes defined inline");
                return ref e;
            }
            if (id != (ulong)_state.Count) AmberThrow.ShapeNotDefined(at, "An inline struct", id, _state.MaxConnectionShapes != 0);
            if (_state.MaxConnectionShapes != 0) return ref ReadConnectionDefinition(at, inline: true);
            return ref ReadInlineDefinition(at);
        }

        private ref ReaderState.Entry ReadInlineDefinition(long at)
        {
            int start = _pos;
            long from = Position;
            // The same definition and codes as the last payload's at this id (checked when first read) leave the entry as it is.
            if (_state.Count < _state.Entries.Length)
            {
                ref ReaderState.Entry last = ref _state.Entries[_state.Count];
                int length = last.RawLength;
                if (length != 0 && last.Inline && _span.Length - _pos >= length && _span.Slice(_pos, length).SequenceEqual(last.Raw.AsSpan(0, length)))
                {
                    _pos += length;
                    _state.Count++;
                    return ref last;
                }
            }
            ref ReaderState.Entry e = ref ParseShapeDefinition();
            if (e.HasTypeTag) AmberThrow.Malformed(at, "The shape of an inline struct carries a type tag; inline structs are never polymorphic");
            int n = e.Count;
            CheckRowMembers(n, at, inline: true);
            ReadOnlySpan<byte> raw = ReadSpan(n);
            byte[] codes = e.Codes ??= new byte[AmberCode.MaxRowMembers];
            if (!raw.SequenceEqual(new ReadOnlySpan<byte>(codes, 0, n)))
            {
                raw.CopyTo(codes);
                e.InlineShape = null;   // matched against other codes
            }
            e.Width = RowWidth(new ReadOnlySpan<byte>(codes, 0, n), at, inline: true);
            e.Inline = true;
            e.IdenticalTo = e.InlineShape != null && e.InlineIdentical ? e.InlineShape : null;
            // Keep the definition's bytes with the codes for the next payload, when all were read from one span.
            int consumed = _pos - start;
            if (e.RawLength != 0 && Position - from == consumed)
            {
                if (e.Raw!.Length < consumed) Array.Resize(ref e.Raw, Math.Max(consumed, 2 * e.Raw.Length));
                _span.Slice(start, consumed).CopyTo(e.Raw);
                e.RawLength = consumed;
            }
            else
            {
                e.RawLength = 0;
            }
            return ref e;
        }

        /// <summary>
        /// A bool member of a row that <see cref="TryReadInlineRow"/> (or <see cref="ReadSpan"/>) has just returned, at
        /// <paramref name="offset"/>: 0 or 1; any other byte is an error.
        /// </summary>
        public bool RowBoolean(ReadOnlySpan<byte> row, int offset)
        {
            byte b = row[offset];
            if (b > 1) AmberThrow.Malformed(Position - row.Length + offset, $"A bool in a row is {b}; only 0 and 1 are valid");
            return b == 1;
        }

        /// <summary>An inline struct where a class, a polymorphic or an <c>object</c> value is read: only structs are written inline.</summary>
        [System.Diagnostics.CodeAnalysis.DoesNotReturn]
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowInlineWhereObject(ulong header, string? typeName) =>
            throw new AmberException(
                typeName != null
                    ? $"An inline struct (format §5.1) is where {typeName} is read as an object; only structs of primitives are written inline, never a class"
                    : "An inline struct (format §5.1) is where a polymorphic or object value is read; those are always written as objects with a type tag",
                Position - AmberPrimitives.VarintLength(header),
                "The member held a struct of primitives in the version that wrote the data: read it as such a struct (the generated code of a struct reads both forms; a hand-written formatter calls ReadStructHeader), or rename the member so old data is skipped.");
    }
}
