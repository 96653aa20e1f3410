using System;
using Amber.Internal;

namespace Amber.Walking
{
    /// <summary>
    /// What a walk of a payload's structure (<see cref="AmberReader"/>'s <c>Walk</c>, Walking/AmberReader.Walk.cs) does at
    /// each of its parts. The walk reads every header, checks every structural rule (header kinds, presence words, presence
    /// bytes, nesting, rows, multi-dimensional headers, shape definitions) and keeps the reader's depth and object ids; the
    /// visitor sees the parts in order and reads the leaves it is handed: a scalar, a Bytes value, an inline struct's row,
    /// packed elements, rows. Skipping and copying kept members are visitors of one walk. Visitors are structs, so each
    /// walk is compiled for its visitor and a callback that does nothing costs nothing.
    /// </summary>
    /// <remarks>
    /// The <c>sink</c> of each callback is the writer a copy writes to (a ref struct cannot be a visitor's field);
    /// any other visitor leaves it alone.
    /// </remarks>
    internal interface IStructureVisitor
    {
        /// <summary>A value of wire type Varint, Fixed32, Fixed64 or Fixed128, which the visitor reads.</summary>
        void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink);

        /// <summary>A Bytes value, which the visitor reads (its length and bytes, or its back-reference).</summary>
        void Bytes(ref AmberReader reader, ref AmberWriter sink);

        /// <summary>An object header of 0: null.</summary>
        void NullObject(ref AmberWriter sink);

        /// <summary>An object back-reference (reference mode), already checked to name an object read before.</summary>
        void ObjectBackReference(ref AmberWriter sink);

        /// <summary>An inline struct (§5.1) of shape <paramref name="shapeId"/>, resolved; its row of <c>shape.Width</c> bytes follows, which the visitor reads.</summary>
        void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ref AmberWriter sink);

        /// <summary>A new object of shape <paramref name="shapeId"/> with its presence words read; its present members follow, one walk each.</summary>
        void ObjectStart(ref ReaderState.Entry shape, int shapeId, ulong presence, ulong[]? more, ref AmberWriter sink);

        /// <summary>The end of the object <see cref="ObjectStart"/> began.</summary>
        void ObjectEnd(ref AmberWriter sink);

        /// <summary>A null sequence or map, or (<paramref name="backReference"/>, format version 2) a back-reference to one.</summary>
        void NullCollection(bool backReference, ref AmberWriter sink);

        /// <summary>A sequence or map of <paramref name="count"/> items and its descriptor (0 when the count is 0).</summary>
        void CollectionStart(int count, byte descriptor, ref AmberWriter sink);

        /// <summary><paramref name="count"/> packed elements of <paramref name="code"/> (§6), which the visitor reads.</summary>
        void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink);

        /// <summary><paramref name="count"/> rows of shape <paramref name="shapeId"/> and <paramref name="codes"/> (§6.1), <paramref name="width"/> bytes each, which the visitor reads.</summary>
        void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink);

        /// <summary>A multi-dimensional array's lengths, read and checked against its count (§6.1).</summary>
        void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink);

        /// <summary>The presence byte before a nullable element or value.</summary>
        void Presence(bool present, ref AmberWriter sink);

        /// <summary>Whether the walk wants a multi-dimensional array's lengths (<see cref="Dimensions"/>); without, they are checked only.</summary>
        bool WantsDimensions { get; }

        /// <summary>A collection whose items are collections enters (and later leaves) one more nesting level.</summary>
        void EnterNested(ref AmberWriter sink);

        /// <summary>The end of the level <see cref="EnterNested"/> entered.</summary>
        void ExitNested(ref AmberWriter sink);
    }
}
