using System;
using Amber.Internal;

namespace Amber.Format
{
    /// <summary>
    /// What a walk of a payload's structure (<see cref="AmberReader"/>'s <c>Walk</c>, Format/AmberReader.Walk.cs) does at
    /// each of its parts. The walk reads every header, checks every structural rule (header kinds, presence words, presence
    /// bytes, nesting, rows, multi-dimensional headers, shape definitions) and keeps the reader's depth and object ids; the
    /// visitor sees the parts in order and reads the leaves it is handed: a scalar, a Bytes value, an inline struct's row,
    /// packed elements, rows. Skipping, copying kept members and the JSON view are visitors of one walk. Visitors are
    /// structs, so each walk is compiled for its visitor and a callback that does nothing costs nothing.
    /// </summary>
    /// <remarks>
    /// The <c>sink</c> of each callback is the writer a copy writes to (a ref struct cannot be a visitor's field); any other
    /// visitor leaves it alone. Positions (<c>start</c>, <c>at</c>) are the byte offsets of the headers, for errors.
    /// </remarks>
    internal interface IStructureVisitor
    {
        /// <summary>
        /// Whether the walk adds each member's name and each item's index to the path of an <see cref="AmberException"/>
        /// that passes through it (the name <see cref="Member"/> returned). A constant of the visitor.
        /// </summary>
        bool TracksPath { get; }

        /// <summary>Whether the walk wants a multi-dimensional array's lengths (<see cref="Dimensions"/>); without, they are checked only. A constant.</summary>
        bool WantsDimensions { get; }

        /// <summary>A value of wire type Varint, Fixed32, Fixed64 or Fixed128, which the visitor reads.</summary>
        void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink);

        /// <summary>A Bytes value, which the visitor reads (its length and bytes, or its back-reference).</summary>
        void Bytes(ref AmberReader reader, ref AmberWriter sink);

        /// <summary>An object header of 0, at <paramref name="at"/>: null.</summary>
        void NullObject(long at, ref AmberWriter sink);

        /// <summary>An object back-reference (reference mode) to object <paramref name="id"/>, already checked to name an object read before.</summary>
        void ObjectBackReference(int id, long at, ref AmberWriter sink);

        /// <summary>An inline struct (§5.1) of shape <paramref name="shapeId"/>, resolved; its row of <c>shape.Width</c> bytes follows, which the visitor reads.</summary>
        void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ref AmberWriter sink);

        /// <summary>
        /// A new object of shape <paramref name="shapeId"/> whose header began at <paramref name="start"/>, with its object id
        /// taken (reference mode) and its presence words read; its present members follow, each after <see cref="Member"/>.
        /// </summary>
        void ObjectStart(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ulong presence, ulong[]? more, ref AmberWriter sink);

        /// <summary>Member <paramref name="index"/> of the writer's shape is next; returns its name for error paths, or null.</summary>
        string? Member(int index, ref AmberWriter sink);

        /// <summary>The end of the object <see cref="ObjectStart"/> began (before its nesting level is left).</summary>
        void ObjectEnd(ref AmberReader reader, ref AmberWriter sink);

        /// <summary>A null sequence or map, or (<paramref name="id"/> ≥ 0, format version 2) a back-reference to collection <paramref name="id"/>.</summary>
        void NullCollection(bool map, int id, long at, ref AmberWriter sink);

        /// <summary>
        /// A sequence or (<paramref name="map"/>) map of <paramref name="count"/> items and its descriptor (0 when the count is
        /// 0), whose header began at <paramref name="at"/>; its id is taken (format version 2). <see cref="CollectionEnd"/> follows its items.
        /// </summary>
        void CollectionStart(ref AmberReader reader, bool map, int count, byte descriptor, long at, ref AmberWriter sink);

        /// <summary>The end of the collection <see cref="CollectionStart"/> began (packed, rows, or items).</summary>
        void CollectionEnd(ref AmberWriter sink);

        /// <summary><paramref name="count"/> packed elements of <paramref name="code"/> (§6), which the visitor reads.</summary>
        void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink);

        /// <summary><paramref name="count"/> rows of shape <paramref name="shapeId"/> and <paramref name="codes"/> (§6.1), <paramref name="width"/> bytes each, which the visitor reads.</summary>
        void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink);

        /// <summary>A multi-dimensional array's lengths, read and checked against its count (§6.1).</summary>
        void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink);

        /// <summary>
        /// Where the walk is in a collection's items: element <paramref name="index"/> of a sequence or the key of pair
        /// <paramref name="index"/> of a map is next, the pair's value is next, or the pair ended. Each call passes a
        /// constant <paramref name="part"/>.
        /// </summary>
        void Item(ItemPart part, int index, ref AmberWriter sink);

        /// <summary>The presence byte before a nullable element or value, just read (the reader is past it).</summary>
        void Presence(ref AmberReader reader, bool present, ref AmberWriter sink);

        /// <summary>A collection whose items are collections enters (and later leaves) one more nesting level.</summary>
        void EnterNested(ref AmberWriter sink);

        /// <summary>The end of the level <see cref="EnterNested"/> entered.</summary>
        void ExitNested(ref AmberWriter sink);
    }

    /// <summary>The part of a collection's items <see cref="IStructureVisitor.Item"/> announces.</summary>
    internal enum ItemPart : byte
    {
        /// <summary>A sequence's element (its presence byte, when nullable, then its value).</summary>
        Element,

        /// <summary>A map pair's key.</summary>
        Key,

        /// <summary>A map pair's value (its presence byte, when nullable, then its value).</summary>
        Value,

        /// <summary>The end of a map pair.</summary>
        PairEnd,
    }
}
