using System.Collections.Generic;

namespace Amber.Interop.Model
{
    /// <summary>An abstract base with two subtypes.</summary>
    public abstract class Shape
    {
        /// <summary>Its name.</summary>
        public string Name { get; set; } = "";
    }

    /// <summary>A circle.</summary>
    public sealed class Circle : Shape
    {
        /// <summary>Radius.</summary>
        public double Radius { get; set; }
    }

    /// <summary>A rectangle.</summary>
    public sealed class Rectangle : Shape
    {
        /// <summary>Width.</summary>
        public double Width { get; set; }
        /// <summary>Height.</summary>
        public double Height { get; set; }
    }

    /// <summary>An interface implemented by two classes.</summary>
    public interface IAnimal
    {
        /// <summary>Its name.</summary>
        string Name { get; }
    }

    /// <summary>A dog.</summary>
    public sealed class Dog : IAnimal
    {
        /// <summary>Its name.</summary>
        public string Name { get; set; } = "";
        /// <summary>Whether it is a good dog.</summary>
        public bool Good { get; set; }
    }

    /// <summary>A fish.</summary>
    public sealed class Fish : IAnimal
    {
        /// <summary>Its name.</summary>
        public string Name { get; set; } = "";
        /// <summary>How deep it swims.</summary>
        public double Depth { get; set; }
    }

    /// <summary>Polymorphic members: an abstract base in a member and a list, and an interface.</summary>
    public class Drawing
    {
        /// <summary>The main shape.</summary>
        public Shape? Main { get; set; }
        /// <summary>All shapes.</summary>
        public List<Shape> Shapes { get; set; } = new List<Shape>();
        /// <summary>A polymorphic member left null.</summary>
        public Shape? Nothing { get; set; }
        /// <summary>An interface-typed member.</summary>
        public IAnimal? Pet { get; set; }
        /// <summary>A list of interface values.</summary>
        public List<IAnimal>? Animals { get; set; }
    }

    /// <summary><c>object</c> members holding built-ins, collections and model objects.</summary>
    public class Dynamic
    {
        /// <summary>Holds an int.</summary>
        public object? Int { get; set; }
        /// <summary>Holds a string.</summary>
        public object? Text { get; set; }
        /// <summary>Holds a <c>List&lt;object&gt;</c>.</summary>
        public object? List { get; set; }
        /// <summary>Holds a model object.</summary>
        public object? Model { get; set; }
        /// <summary>Holds a long past 2^53.</summary>
        public object? Long { get; set; }
        /// <summary>Holds a double.</summary>
        public object? Double { get; set; }
        /// <summary>Holds a bool.</summary>
        public object? Bool { get; set; }
        /// <summary>Holds a Guid.</summary>
        public object? Guid { get; set; }
        /// <summary>Holds a DateTime.</summary>
        public object? When { get; set; }
        /// <summary>Holds an int array.</summary>
        public object? Array { get; set; }
        /// <summary>Holds a <c>Dictionary&lt;string, object&gt;</c>.</summary>
        public object? Map { get; set; }
        /// <summary>Holds an enum.</summary>
        public object? Enum { get; set; }
        /// <summary>Holds a decimal.</summary>
        public object? Decimal { get; set; }
        /// <summary>Holds a subtype of a polymorphic base.</summary>
        public object? Shape { get; set; }
        /// <summary>Holds nothing, written as null.</summary>
        public object? Null { get; set; } = "default";
        /// <summary>A list of values of any known type, with a null.</summary>
        public List<object?>? Mixed { get; set; }
        /// <summary>An array of values of any known type.</summary>
        public object?[]? Values { get; set; }
    }
}
