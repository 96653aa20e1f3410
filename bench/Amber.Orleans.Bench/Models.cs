using System.Collections.Generic;
using System.Threading.Tasks;
using Orleans;

namespace Amber.Orleans.Bench
{
    // The values Amber's codec writes: plain types, no Orleans attribute.

    public abstract class Shape
    {
        public string Name { get; set; } = "";
    }

    public sealed class Circle : Shape
    {
        public double Radius { get; set; }
    }

    public sealed class Rectangle : Shape
    {
        public double Width { get; set; }
        public double Height { get; set; }
    }

    public sealed record Money(decimal Amount, string Currency);

    public struct Point
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public sealed class Drawing
    {
        public string Title { get; set; } = "";
        public List<Shape> Shapes { get; set; } = new();
        public Dictionary<string, Point> Anchors { get; set; } = new();
        public Money? Price { get; set; }
    }

    // Their twins for Orleans' own serializer: the same members, [GenerateSerializer] and [Id] on each.

    [GenerateSerializer]
    public abstract class NShape
    {
        [Id(0)] public string Name { get; set; } = "";
    }

    [GenerateSerializer]
    public sealed class NCircle : NShape
    {
        [Id(0)] public double Radius { get; set; }
    }

    [GenerateSerializer]
    public sealed class NRectangle : NShape
    {
        [Id(0)] public double Width { get; set; }
        [Id(1)] public double Height { get; set; }
    }

    [GenerateSerializer]
    public sealed record NMoney([property: Id(0)] decimal Amount, [property: Id(1)] string Currency);

    [GenerateSerializer]
    public struct NPoint
    {
        [Id(0)] public int X { get; set; }
        [Id(1)] public int Y { get; set; }
    }

    [GenerateSerializer]
    public sealed class NDrawing
    {
        [Id(0)] public string Title { get; set; } = "";
        [Id(1)] public List<NShape> Shapes { get; set; } = new();
        [Id(2)] public Dictionary<string, NPoint> Anchors { get; set; } = new();
        [Id(3)] public NMoney? Price { get; set; }
    }

    public interface IBenchGrain : IGrainWithIntegerKey
    {
        Task<Drawing> Amber(Drawing drawing);

        Task<NDrawing> Native(NDrawing drawing);
    }

    public sealed class BenchGrain : Grain, IBenchGrain
    {
        public Task<Drawing> Amber(Drawing drawing) => Task.FromResult(drawing);

        public Task<NDrawing> Native(NDrawing drawing) => Task.FromResult(drawing);
    }
}
