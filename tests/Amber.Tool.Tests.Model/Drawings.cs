using System.Collections.Generic;

namespace Amber.Tool.Tests.Model.Drawings
{
    /// <summary>A small fixed model whose schema is pinned: every kind of encoding a member can have.</summary>
    public class Drawing
    {
        public string Title { get; set; } = "";
        public Colour Background { get; set; }
        public int? Layer { get; set; }
        public Point Origin { get; set; }
        public List<Shape> Shapes { get; set; } = new List<Shape>();
        public Dictionary<string, long> Counts { get; set; } = new Dictionary<string, long>();
        public byte[] Thumbnail { get; set; } = System.Array.Empty<byte>();
        public object? Note { get; set; }
        public Label? Caption { get; set; }
    }

    public enum Colour
    {
        Red,
        Green = 2,
        Blue = 4,
    }

    /// <summary>Primitives only, set through setters: written inline.</summary>
    public struct Point
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public abstract class Shape
    {
        public string Name { get; set; } = "";
    }

    public sealed class Circle : Shape
    {
        public double Radius { get; set; }
    }

    public sealed class Square : Shape
    {
        public double Side { get; set; }
    }

    public sealed class Label
    {
        public string Text { get; set; } = "";
        public List<Point> Anchors { get; set; } = new List<Point>();
    }

    /// <summary>A drawing, written here so its generated code is in this assembly.</summary>
    public static class DrawingSamples
    {
        public static Drawing Drawing() => new Drawing
        {
            Title = "plan",
            Background = Colour.Green,
            Layer = 3,
            Origin = new Point { X = 1, Y = 2 },
            Shapes = { new Circle { Name = "c", Radius = 1.5 }, new Square { Name = "s", Side = 2 } },
            Counts = { ["walls"] = 4 },
            Thumbnail = new byte[] { 1, 2, 3 },
            Note = "draft",
            Caption = new Label { Text = "north", Anchors = { new Point { X = 0, Y = 9 } } },
        };

        public static byte[] DrawingPayload() => AmberSerializer.Serialize(Drawing());
    }
}
