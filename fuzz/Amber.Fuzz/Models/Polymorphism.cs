using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    public abstract class Shape
    {
        public string? Name { get; set; }
    }

    public sealed class Circle : Shape
    {
        public double Radius { get; set; }
    }

    public class Rect : Shape
    {
        public float Width { get; set; }
        public float Height { get; set; }
    }

    public sealed class Square : Rect
    {
        public bool Rotated { get; set; }
    }

    public sealed class Polygon : Shape
    {
        public List<Vector3>? Corners { get; set; }
        public Shape? Inner { get; set; }
    }

    public interface IAnimal
    {
        string? Name { get; }
    }

    public sealed class Dog : IAnimal
    {
        public string? Name { get; set; }
        public int Tricks { get; set; }
    }

    public sealed record Cat(string? Name, bool Indoor) : IAnimal;

    public struct Fish : IAnimal
    {
        public string? Name { get; set; }
        public float Fins { get; set; }
    }

    /// <summary>A non-abstract base with subclasses: itself a case too.</summary>
    public class Vehicle
    {
        public int Wheels { get; set; }
    }

    public class Car : Vehicle
    {
        public string? Plate { get; set; }
    }

    public sealed class Truck : Car
    {
        public double Load { get; set; }
        public Vehicle? Trailer { get; set; }
    }

    public class Scene
    {
        public Shape? Main { get; set; }
        public List<Shape?>? Shapes { get; set; }
        public Shape[]? ShapeArray { get; set; }
        public Dictionary<string, Shape>? Named { get; set; }
        public IAnimal? Pet { get; set; }
        public List<IAnimal>? Pets { get; set; }
        public Vehicle? Ride { get; set; }
        public List<Vehicle>? Fleet { get; set; }
        public Rect? Frame { get; set; }
    }
}
