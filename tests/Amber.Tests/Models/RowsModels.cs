using System.Collections.Generic;

namespace Amber.Tests.Models.Rows
{
    // Structs of primitives are written as rows (docs/format.md §6.1). The V-prefixed types are other
    // versions of the same data: the type name is not on the wire, member names are.

    public struct Vec3 { public float X; public float Y; public float Z; }

    public struct Vec3Wide { public double X; public double Y; public double Z; }          // float -> double

    public struct Vec4 { public float X; public float Y; public float Z; public float W; } // added W

    public struct Vec2 { public float X; public float Y; }                                 // removed Z

    public struct Vec3Reordered { public float Z; public float X; public float Y; }

    public class Vec3Class { public float X { get; set; } public float Y { get; set; } public float Z { get; set; } } // not rows: elements are objects

    public enum Team : byte { Red = 1, Blue = 2 }

    public struct Unit { public int Id; public Team Team; public bool Alive; public short Hp; }  // enum + bool: rows, not blittable

    public struct Padded { public byte Tag; public long Value; }                            // padding: rows, not blittable

    public struct Pixel { public byte R { get; set; } public byte G { get; set; } public byte B { get; set; } } // properties: rows, per member

    public class Cloud { public Vec3[]? Points { get; set; } public List<Vec3>? More { get; set; } public string? Name { get; set; } }

    public class CloudV2 { public string? Name { get; set; } }                              // Points and More removed: skipped

    public class CloudSet { public HashSet<Vec3>? More { get; set; } }                      // List written, HashSet read

    public class CloudOfClasses { public Vec3Class[]? Points { get; set; } }

    public class Marker { public Vec3 Origin { get; set; } public Vec3[]? Path { get; set; } }              // Vec3 as an object, then as rows

    public class Army { public Unit[]? Units { get; set; } public Padded[]? Padded { get; set; } public List<Pixel>? Pixels { get; set; } }
}
