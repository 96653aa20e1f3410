// The source generator compiles this file too: there it is internal and in Amber.Generator, so a project
// that references both assemblies (the generator's tests) sees one AmberCode per namespace.
#if AMBER_GENERATOR
namespace Amber.Generator
#else
namespace Amber
#endif
{
    /// <summary>The eight wire types of the Amber format (docs/format.md §3).</summary>
#if AMBER_GENERATOR
    internal
#else
    public
#endif
    enum WireType : byte
    {
        /// <summary>An unsigned LEB128 varint: integers, bool, char, enums, TimeSpan, DateOnly, TimeOnly.</summary>
        Varint = 0,
        /// <summary>Four bytes: float (and Half as float).</summary>
        Fixed32 = 1,
        /// <summary>Eight bytes: double, DateTime.</summary>
        Fixed64 = 2,
        /// <summary>Sixteen bytes: Guid, Int128, UInt128.</summary>
        Fixed128 = 3,
        /// <summary>A varint length (0 = null, L = L − 1 bytes) and the bytes: strings, byte[], decimal and others.</summary>
        Bytes = 4,
        /// <summary>An object: header, optional shape definition, presence bitmap, member values.</summary>
        [System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1720:Identifier contains type name", Justification = "The format's name for the wire type (docs/format.md).")]
        Object = 5,
        /// <summary>A sequence: count, element descriptor, elements.</summary>
        Sequence = 6,
        /// <summary>A map: count, pair descriptor, key/value pairs.</summary>
        Map = 7,
    }
}
