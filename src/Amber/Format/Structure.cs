using System.Runtime.CompilerServices;
using Amber.Metadata;

namespace Amber.Format
{
    /// <summary>What an object header (docs/format.md §5, §5.1, §7.2) announces, before its shape is resolved.</summary>
    internal enum ObjectHeaderKind : byte
    {
        /// <summary>Header 0: null.</summary>
        Null,

        /// <summary>A new object: a shape reference or definition follows the header, then presence words and members.</summary>
        Object,

        /// <summary>A back-reference to an object read earlier (reference mode), checked to name an id already taken.</summary>
        BackReference,

        /// <summary>An inline struct (§5.1): a definition when its id is the next one, then one row; no id, no nesting level.</summary>
        Inline,
    }

    /// <summary>
    /// The object header varint (docs/format.md §5, §5.1, §7.2) by its two low bits: the one place they are read. Bits
    /// 01 and 10 name a shape (a reference or a definition follows in the varint's id): a new object, or the shape of
    /// rows; 11 is a back-reference; 00 is null (the header 0) or an inline struct.
    /// </summary>
    internal static class ObjectHeader
    {
        /// <summary>Whether <paramref name="header"/> names a shape, by reference or definition: a new object, or rows' shape.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool NamesShape(ulong header) => (uint)(header & 3) - AmberCode.ObjectShapeRef <= AmberCode.ObjectShapeDef - AmberCode.ObjectShapeRef;

        /// <summary>Whether <paramref name="header"/> defines the shape it names (a definition follows it) rather than referring to one read before.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool DefinesShape(ulong header) => (header & 3) == AmberCode.ObjectShapeDef;

        /// <summary>Whether <paramref name="header"/> has the inline form: null (0), or an inline struct whose shape is its id − 1.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool HasInlineForm(ulong header) => (header & 3) == AmberCode.ObjectInline;

        /// <summary>What <paramref name="header"/> announces, before its shape is resolved.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ObjectHeaderKind KindOf(ulong header) =>
            NamesShape(header) ? ObjectHeaderKind.Object
            : HasInlineForm(header) ? (header == 0 ? ObjectHeaderKind.Null : ObjectHeaderKind.Inline)
            : ObjectHeaderKind.BackReference;
    }

    /// <summary>A sequence's element descriptor byte (docs/format.md §6.1), by the names of its bits.</summary>
    internal readonly struct SequenceDescriptor
    {
        public SequenceDescriptor(byte value) => Value = value;

        /// <summary>The byte as it is on the wire.</summary>
        public byte Value { get; }

        /// <summary>Bit 7: the elements are raw little-endian values of <see cref="PackedCode"/>'s width.</summary>
        public bool IsPacked
        {
            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            get => (Value & AmberCode.DescriptorPacked) != 0;
        }

        /// <summary>The packed primitive code (bits 6–0) of a packed sequence.</summary>
        public int PackedCode => Value & 0x7F;

        /// <summary>Descriptor 0x25: fixed-width rows of a shape of packed members.</summary>
        public bool IsRows => Value == AmberCode.DescriptorRows;

        /// <summary>Bit 4 (not packed): a multi-dimensional array, whose rank and lengths follow the descriptor.</summary>
        public bool IsShaped => (Value & AmberCode.DescriptorShaped) != 0;

        /// <summary>Bit 3 (not packed): each element is preceded by a presence byte.</summary>
        public bool HasNullableElements => (Value & AmberCode.DescriptorNullable) != 0;

        /// <summary>Bits 2–0 (not packed): the elements' wire type.</summary>
        public WireType ElementWireType => (WireType)(Value & AmberCode.WireTypeMask);

        /// <summary>
        /// Whether the elements are collections (not packed, wire type Sequence or Map), which then sit one nesting level
        /// deeper (docs/security.md, "Bounded nesting"). Generated readers and writers count the same.
        /// </summary>
        public bool NestsCollections => !IsPacked && !IsRows && AmberCode.IsCollection(ElementWireType);
    }

    /// <summary>A map's pair descriptor byte (docs/format.md §6.2), by the names of its bits.</summary>
    internal readonly struct MapDescriptor
    {
        public MapDescriptor(byte value) => Value = value;

        /// <summary>The byte as it is on the wire.</summary>
        public byte Value { get; }

        /// <summary>Bits 2–0: the keys' wire type.</summary>
        public WireType KeyWireType => (WireType)(Value & AmberCode.WireTypeMask);

        /// <summary>Bits 6–4: the values' wire type.</summary>
        public WireType ValueWireType => (WireType)((Value >> AmberCode.MapValueWireTypeShift) & AmberCode.WireTypeMask);

        /// <summary>Bit 7: each value is preceded by a presence byte.</summary>
        public bool HasNullableValues => (Value & AmberCode.MapNullableValues) != 0;

        /// <summary>Whether the keys or the values are collections, which then sit one nesting level deeper.</summary>
        public bool NestsCollections => AmberCode.IsCollection(KeyWireType) || AmberCode.IsCollection(ValueWireType);
    }

    /// <summary>
    /// The header byte of a payload (docs/format.md §2) or of a connection message (§7.6), by the names of its parts:
    /// the version in bits 7–4, the reference flag in bit 3, the root's wire type in bits 2–0.
    /// </summary>
    internal readonly struct PayloadHeader
    {
        public PayloadHeader(byte value) => Value = value;

        public byte Value { get; }

        /// <summary>Bits 7–4: the format version (1 or 2 a single payload, 3 or 4 a connection message).</summary>
        public int Version => Value >> 4;

        /// <summary>Bit 3: written in reference mode (§7.2).</summary>
        public bool ReferenceMode => (Value & AmberCode.HeaderReferenceFlag) != 0;

        /// <summary>Bits 2–0: the root value's wire type.</summary>
        public WireType RootWireType => (WireType)(Value & AmberCode.HeaderWireTypeMask);

        /// <summary>Version 1 or 2: a single payload's version (whether or not its flags are valid).</summary>
        public bool IsSingle => Version == AmberCode.FormatVersion || Version == AmberCode.ReferenceFormatVersion;

        /// <summary>A single payload this reader reads: version 1, or version 2 in reference mode (§7.2).</summary>
        public bool IsValidSingle => Version == AmberCode.FormatVersion || (Version == AmberCode.ReferenceFormatVersion && ReferenceMode);

        /// <summary>Version 2: sequences and maps take object ids too (§7.2).</summary>
        public bool CollectionIds => Version == AmberCode.ReferenceFormatVersion;

        /// <summary>Version 3: the connection's first message, or one that starts its shapes anew.</summary>
        public bool IsFirst => Version == AmberCode.ConnectionFirstVersion;

        /// <summary>Version 3 or 4: a connection message at all.</summary>
        public bool IsMessage => Version == AmberCode.ConnectionFirstVersion || Version == AmberCode.ConnectionVersion;
    }
}
