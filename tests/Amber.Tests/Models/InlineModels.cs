using System.Collections.Generic;

namespace Amber.Tests.Models.Inline
{
    // Structs of primitives are written inline where they are declared (docs/format.md §5.1). As for rows
    // (RowsModels.cs), the types named after a change are other versions of the same data: member names are on
    // the wire, type names are not. Used by tests/Amber.Tests/Serialization/InlineStructTests.cs and the golden
    // bytes of GeneratedCodecGoldenBytesTests.cs.

    public struct Vector2 { public float X; public float Y; }

    public struct Color { public byte R; public byte G; public byte B; public byte A; }

    public class Sprite
    {
        public Vector2 Position { get; set; }
        public Vector2 Velocity { get; set; }
        public Color Tint { get; set; }
    }

    /// <summary>Every position a struct value can take, for one struct type.</summary>
    public class Holder<T> where T : struct
    {
        public T First { get; set; }
        public T Second { get; set; }
        public T? Maybe { get; set; }
        public T? None { get; set; }
        public Dictionary<int, T>? ByKey { get; set; }
        public HashSet<T>? Set { get; set; }
        public string? After { get; set; }
    }

    public enum Layer : byte { Back = 1, Front = 2 }

    public enum Heading : short { South = -2, West = -1, North = 1, East = 2 }

    /// <summary>An enum, a bool and a char: inline, read member by member (not one copy).</summary>
    public struct Tile { public Layer Layer; public bool Solid; public char Glyph; public Heading Heading; public short Height; }

    /// <summary>Boxes of many types first (a typed shape each), so the inline shapes after them have ids past 30: two-byte headers.</summary>
    public class ManyShapes
    {
        public List<object>? Boxes { get; set; }
        public List<Sprite>? Sprites { get; set; }
    }

    // ---- other versions of Vector2

    public struct Vector2WithZ { public float X; public float Y; public float Z; }      // a member added

    public struct Vector2Reordered { public float Y; public float X; }                  // the same members, reordered

    public struct Vector2Wide { public double X; public double Y; }                     // float -> double

    public struct Vector1 { public float X; }                                           // Y removed

    /// <summary>Gained a string, so it is no longer written inline: it still reads the inline rows of Vector2.</summary>
    public struct Vector2Labelled { public float X; public float Y; public string? Label; }

    /// <summary>X became a string: data of Vector2 is a changed type, reported with the member's name.</summary>
    public struct Vector2TextX { public string? X; public float Y; public string? Note; }

    /// <summary>Vector2 with a Nullable, a property with an initializer and a constructor: not inline; reads Vector2's rows.</summary>
    public readonly struct Vector2Record
    {
        public Vector2Record(float x, float? y)
        {
            X = x;
            Y = y;
        }

        public float X { get; }
        public float? Y { get; }
        public string Tag { get; init; } = "none";
    }

    public struct Counter { public int Count; public short Step; public Layer Layer; }

    public struct CounterWide { public long Count; public int Step; public byte Layer; }   // int -> long, short -> int, enum -> underlying

    // ---- where a struct is not read inline

    public class Vector2Class { public float X { get; set; } public float Y { get; set; } }

    public class SpriteOfClasses { public Vector2Class? Position { get; set; } }

    public class SpriteOfObjects { public object? Position { get; set; } }

    public class SpriteTintOnly { public Color Tint { get; set; } }

    /// <summary>A struct in an object member is written with its typed shape, not inline (format §5.1, §7.3).</summary>
    public class Boxes { public object? Any { get; set; } public Vector2 Plain { get; set; } }

    // ---- reference mode (format §7.2): inline structs take no object ids

    public class Tag { public string? Name { get; set; } }

    public class Scene
    {
        public Vector2 Origin { get; set; }
        public Tag? First { get; set; }
        public Color Tint { get; set; }
        public List<Vector2>? Path { get; set; }                 // rows
        public Dictionary<string, Vector2>? Marks { get; set; }  // inline values
        public Tag? Second { get; set; }
        public Vector2? Maybe { get; set; }
        public Tag? Third { get; set; }
    }

    /// <summary>Scene without its struct members: it skips them (their definitions too) and the ids still align.</summary>
    public class SceneWithoutStructs
    {
        public Tag? First { get; set; }
        public Tag? Second { get; set; }
        public Tag? Third { get; set; }
    }
}
