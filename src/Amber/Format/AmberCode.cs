// The source generator compiles this file too: there it is internal and in Amber.Generator, so a project
// that references both assemblies (the generator's tests) sees one AmberCode per namespace.
#if AMBER_GENERATOR
namespace Amber.Generator
#else
namespace Amber.Format
#endif
{
    /// <summary>
    /// Every constant of the wire format, in one place. docs/format.md is the specification;
    /// the golden-byte tests pin what these produce.
    /// </summary>
    /// <remarks>
    /// The source generator compiles this file too (internal there, AMBER_GENERATOR defined), so it
    /// must stay netstandard2.0-clean: no API newer than that without an #if.
    /// </remarks>
#if AMBER_GENERATOR
    internal
#else
    public
#endif
    static class AmberCode
    {
        /// <summary>The format version written in the high nibble of the payload header (reference mode writes <see cref="ReferenceFormatVersion"/>).</summary>
        public const int FormatVersion = 1;

        /// <summary>
        /// The format version of a payload in reference mode whose sequences and maps take part in object
        /// identity (docs/format.md §7.2); only written with <see cref="HeaderReferenceFlag"/>.
        /// </summary>
        public const int ReferenceFormatVersion = 2;

        /// <summary>
        /// The version in the payload header of the first message of a connection stream (docs/format.md §7.6): its shape
        /// ids start from 0, and a reader drops the definitions of any earlier connection.
        /// </summary>
        public const int ConnectionFirstVersion = 3;

        /// <summary>
        /// The version in the payload header of every later message of a connection stream (docs/format.md §7.6): its shape
        /// ids continue from the definitions of the connection's earlier messages.
        /// </summary>
        public const int ConnectionVersion = 4;

        /// <summary>Header bit 3: reference mode, the payload may hold back-references (docs/format.md §7.2).</summary>
        public const byte HeaderReferenceFlag = 0x08;

        /// <summary>Mask of the root wire type in the payload header.</summary>
        public const byte HeaderWireTypeMask = 0x07;

        /// <summary>Object header low bits: an object whose shape was defined earlier.</summary>
        public const uint ObjectShapeRef = 0b01;

        /// <summary>Object header low bits: an object whose shape definition follows.</summary>
        public const uint ObjectShapeDef = 0b10;

        /// <summary>Object header low bits: a back-reference (reference mode only).</summary>
        public const uint ObjectBackRef = 0b11;

        /// <summary>
        /// Object header low bits of an inline struct (docs/format.md §5.1), when the header is not 0: the header is
        /// <see cref="InlineHeader"/> of a shape id, and the struct's members follow as one row, without presence.
        /// </summary>
        public const uint ObjectInline = 0b00;

        /// <summary>The object header of an inline struct of shape <paramref name="shapeId"/>: (shapeId + 1) &lt;&lt; 2, never 0 (docs/format.md §5.1).</summary>
        public static ulong InlineHeader(int shapeId) => (ulong)((uint)shapeId + 1UL) << 2;

        /// <summary>
        /// The number of shape ids whose inline header is at most two bytes (docs/format.md §5.1): ids 0 to 30 give one-byte
        /// headers (0x04 to 0x7C), ids 31 to 4094 two-byte ones (up to 0x3FFC); readers and writers keep those on their fast paths.
        /// </summary>
        public const int InlineTwoByteShapes = 4095;

        /// <summary>The number of shape ids whose inline header is one byte: ids 0 to 30.</summary>
        internal const int InlineOneByteShapes = 31;

        /// <summary>
        /// The most members a shape may list. A shape of more than 64 members writes its presence as one
        /// varint per 64 members (docs/format.md §5).
        /// </summary>
        public const int MaxShapeMembers = 1024;

        /// <summary>The most members the element shape of a rows sequence, or the shape of an inline struct, may have (docs/format.md §5.1, §6.1).</summary>
        public const int MaxRowMembers = 64;

        /// <summary>Key bits in a tag.</summary>
        public const int KeyBits = 13;

        /// <summary>The largest member key.</summary>
        public const int MaxKey = (1 << KeyBits) - 1;

        /// <summary>Sequence element descriptor: packed primitives (low 7 bits are the primitive code).</summary>
        public const byte DescriptorPacked = 0x80;

        /// <summary>Sequence element descriptor: each element is preceded by a presence byte.</summary>
        public const byte DescriptorNullable = 0x08;

        /// <summary>Sequence element descriptor: multi-dimensional; rank and lengths follow.</summary>
        public const byte DescriptorShaped = 0x10;

        /// <summary>
        /// Sequence and Map: the wire types of collections. A collection nested directly in another (an element, key or value
        /// of a collection) takes one nesting level; an object takes one; a collection held by an object member or at the
        /// root takes none (docs/security.md, "Bounded nesting").
        /// </summary>
        public static bool IsCollection(WireType wireType) => wireType is WireType.Sequence or WireType.Map;

        /// <summary>Sequence element descriptor: structs of primitives as fixed-width rows (docs/format.md §6.1).</summary>
        public const byte DescriptorRows = 0x25;

        /// <summary>Map pair descriptor: each value is preceded by a presence byte.</summary>
        public const byte MapNullableValues = 0x80;

        /// <summary>The wire type in the low three bits of a tag, an element descriptor or a map pair descriptor's key half.</summary>
        public const byte WireTypeMask = 0x07;

        /// <summary>Element descriptor bits 4–7: packed, rows, shaped (and bit 6, reserved). None of them is set for plain elements.</summary>
        public const byte DescriptorLayoutBits = 0xF0;

        /// <summary>Map pair descriptor: the value's wire type is in bits 4–6 (shift right by this, then <see cref="WireTypeMask"/>).</summary>
        public const int MapValueWireTypeShift = 4;

        /// <summary>Packed primitive codes (docs/format.md §6.1).</summary>
        public const byte PackedByte = 1, PackedSByte = 2, PackedInt16 = 3, PackedUInt16 = 4, PackedInt32 = 5,
            PackedUInt32 = 6, PackedInt64 = 7, PackedUInt64 = 8, PackedSingle = 9, PackedDouble = 10,
            PackedBoolean = 11, PackedChar = 12;

        /// <summary>Width in bytes of one element of a packed primitive code, or 0 if the code is unknown.</summary>
        public static int PackedWidth(int code) => code switch
        {
            PackedByte or PackedSByte or PackedBoolean => 1,
            PackedInt16 or PackedUInt16 or PackedChar => 2,
            PackedInt32 or PackedUInt32 or PackedSingle => 4,
            PackedInt64 or PackedUInt64 or PackedDouble => 8,
            _ => 0,
        };

        /// <summary>Builds the payload header byte for a root of the given wire type.</summary>
        public static byte PayloadHeader(WireType rootWireType) => (byte)((FormatVersion << 4) | (int)rootWireType);

        /// <summary>Builds the payload header byte of a payload in reference mode (version 2, reference flag set).</summary>
        public static byte ReferencePayloadHeader(WireType rootWireType) =>
            (byte)((ReferenceFormatVersion << 4) | HeaderReferenceFlag | (int)rootWireType);

        /// <summary>
        /// Builds the payload header byte of a connection message (docs/format.md §7.6): version 3 for the connection's first
        /// message, 4 for a later one; in reference mode the flag is set and sequences and maps take ids as in version 2.
        /// </summary>
        public static byte ConnectionPayloadHeader(WireType rootWireType, bool first, bool references) =>
            (byte)(((first ? ConnectionFirstVersion : ConnectionVersion) << 4) | (references ? HeaderReferenceFlag : 0) | (int)rootWireType);

        /// <summary>Builds a member tag from a key and a wire type.</summary>
        public static ushort Tag(int key, WireType wireType) => (ushort)((key << 3) | (int)wireType);

        /// <summary>
        /// The type tag of a type (docs/format.md §7.1): FNV-1a-32 of the UTF-8 of its full C# name, with
        /// C# keywords for the built-in types ("int", "System.Collections.Generic.List&lt;object&gt;").
        /// </summary>
        public static uint TypeTagOf(string csharpName)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in System.Text.Encoding.UTF8.GetBytes(csharpName))
            {
                h ^= b;
                h *= 0x01000193;
            }
            return h;
        }

        /// <summary>The member key of a wire name: fold13(FNV-1a-32(UTF-8(name))).</summary>
        public static int KeyOf(string wireName)
        {
            return KeyOfHash(TypeTagOf(wireName));   // the same FNV-1a-32, folded to 13 bits
        }

        /// <summary>A wire type's name in the JSON view and the schema (docs/schema.md): <c>varint</c>, <c>fixed32</c> … <c>map</c>.</summary>
        internal static string WireTypeName(WireType wireType) => wireType switch
        {
            WireType.Varint => "varint",
            WireType.Fixed32 => "fixed32",
            WireType.Fixed64 => "fixed64",
            WireType.Fixed128 => "fixed128",
            WireType.Bytes => "bytes",
            WireType.Object => "object",
            WireType.Sequence => "sequence",
            _ => "map",
        };

        /// <summary>The member key of a wire name whose FNV-1a-32 is <paramref name="nameHash"/>: fold13(nameHash).</summary>
        internal static int KeyOfHash(uint nameHash) => (int)((nameHash ^ (nameHash >> 13) ^ (nameHash >> 26)) & MaxKey);

        /// <summary>The most bytes a decimal takes: a Bytes value of a flags byte and up to 12 of mantissa, with its one-byte length.</summary>
        internal const int MaxDecimalBytes = 14;
    }
}
