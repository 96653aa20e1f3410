using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    /// <summary>A struct of primitives only: sequences of it are written as rows (format §6.1), other values of it inline (§5.1).</summary>
    public struct Vector3
    {
        public float X;
        public float Y;
        public float Z;
    }

    /// <summary>Rows with mixed widths and an enum.</summary>
    public struct Pixel
    {
        public byte R { get; set; }
        public ushort G { get; set; }
        public long B { get; set; }
        public Tiny Tag { get; set; }
        public bool On { get; set; }
        public char Ch { get; set; }
    }

    /// <summary>A struct with a reference member: written as objects, not rows.</summary>
    public struct Labeled
    {
        public string? Label { get; set; }
        public Vector3 At { get; set; }
        public double[]? Weights { get; set; }
    }

    public readonly record struct Point(int X, int Y);

    public class Geometry
    {
        public Vector3 Origin { get; set; }
        public Vector3? MaybeOrigin { get; set; }
        public Vector3[]? Vertices { get; set; }
        public List<Vector3>? Normals { get; set; }
        public Pixel[]? Pixels { get; set; }
        public List<Pixel>? MorePixels { get; set; }
        public Labeled[]? Labels { get; set; }
        public List<Labeled?>? MaybeLabels { get; set; }
        public Vector3[][]? Strips { get; set; }
        public Vector3[,]? Mesh { get; set; }
        public Point[]? Points { get; set; }
        public Dictionary<int, Vector3>? Anchors { get; set; }
        public Pixel Tint { get; set; }   // inline, of six packed codes (byte, ushort, long, a byte enum, bool, char)
    }
}
