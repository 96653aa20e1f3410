using System.Collections.Generic;

namespace Amber.Interop.Model
{
    /// <summary>A small object.</summary>
    public class Item
    {
        /// <summary>Its name.</summary>
        public string Name { get; set; } = "";
        /// <summary>How many.</summary>
        public int Count { get; set; }
    }

    /// <summary>A struct of primitives, written inline.</summary>
    public struct Point
    {
        /// <summary>X.</summary>
        public int X { get; set; }
        /// <summary>Y.</summary>
        public int Y { get; set; }
    }

    /// <summary>A struct of floats, written inline; public fields.</summary>
    public struct Vector3
    {
        /// <summary>Coordinates.</summary>
        public float X, Y, Z;
    }

    /// <summary>A struct of bytes, written inline.</summary>
    public struct Color
    {
        /// <summary>Channels.</summary>
        public byte R, G, B, A;
    }

    /// <summary>A struct holding a string: not inline, written as an object.</summary>
    public struct Tagged
    {
        /// <summary>The tag.</summary>
        public string? Name { get; set; }
        /// <summary>The value.</summary>
        public int Value { get; set; }
    }

    /// <summary>Structs in members.</summary>
    public class Placement
    {
        /// <summary>An inline struct.</summary>
        public Point At { get; set; }
        /// <summary>An inline struct of floats.</summary>
        public Vector3 Position { get; set; }
        /// <summary>An inline struct of bytes.</summary>
        public Color Tint { get; set; }
        /// <summary>A struct that is not inline.</summary>
        public Tagged Tag { get; set; }
        /// <summary>An inline struct left at its default.</summary>
        public Point Origin { get; set; }
    }

    /// <summary>An order: nested objects and a list of lines.</summary>
    public class Order
    {
        /// <summary>Its number.</summary>
        public long Id { get; set; }
        /// <summary>Who ordered.</summary>
        public Customer? Customer { get; set; }
        /// <summary>The lines.</summary>
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();
        /// <summary>A note.</summary>
        public string? Note { get; set; }
    }

    /// <summary>A customer.</summary>
    public class Customer
    {
        /// <summary>Name.</summary>
        public string Name { get; set; } = "";
        /// <summary>Where.</summary>
        public Address? Address { get; set; }
    }

    /// <summary>An address.</summary>
    public class Address
    {
        /// <summary>Street.</summary>
        public string Street { get; set; } = "";
        /// <summary>City.</summary>
        public string City { get; set; } = "";
        /// <summary>Postal code.</summary>
        public string? Zip { get; set; }
    }

    /// <summary>An order line.</summary>
    public class OrderLine
    {
        /// <summary>The product.</summary>
        public string Product { get; set; } = "";
        /// <summary>How many.</summary>
        public int Quantity { get; set; }
        /// <summary>Unit price.</summary>
        public double Price { get; set; }
        /// <summary>Discount.</summary>
        public decimal Discount { get; set; }
    }

    /// <summary>A record built through its constructor.</summary>
    public record Person(string Name, int Age, string? Email = null)
    {
        /// <summary>A settable member beside the constructor's.</summary>
        public List<string> Tags { get; set; } = new List<string>();
    }

    /// <summary>A record struct (holds a string: not inline).</summary>
    public record struct Money(decimal Amount, string Currency);

    /// <summary>A readonly record struct of primitives.</summary>
    public readonly record struct Span(int Start, int End);

    /// <summary>Records in members and lists.</summary>
    public class Ledger
    {
        /// <summary>The owner.</summary>
        public Person? Owner { get; set; }
        /// <summary>A record struct.</summary>
        public Money Total { get; set; }
        /// <summary>A record struct of primitives.</summary>
        public Span Period { get; set; }
        /// <summary>A list of record structs.</summary>
        public List<Money> Entries { get; set; } = new List<Money>();
        /// <summary>A list of records.</summary>
        public List<Person> People { get; set; } = new List<Person>();
    }

    /// <summary>An object with no member.</summary>
    public class Empty
    {
    }

    /// <summary>Empty objects in members and a list.</summary>
    public class EmptyHolder
    {
        /// <summary>An empty object.</summary>
        public Empty? One { get; set; }
        /// <summary>Empty objects.</summary>
        public List<Empty> Many { get; set; } = new List<Empty>();
    }

    /// <summary>A chain of objects, for deep nesting.</summary>
    public class Chain
    {
        /// <summary>How deep this link is.</summary>
        public int Depth { get; set; }
        /// <summary>The next link.</summary>
        public Chain? Next { get; set; }
    }

    /// <summary>Two members whose names share a key (format §4: both fold to 7004), told apart by their name hashes.</summary>
    public class Collide
    {
        /// <summary>Shares its key with <see cref="M148"/>.</summary>
        public int M092 { get; set; }
        /// <summary>Shares its key with <see cref="M092"/>.</summary>
        public string? M148 { get; set; }
    }

    /// <summary>More than 64 members: the presence bitmap takes two words.</summary>
    public class Wide
    {
        /// <summary>Seventy members.</summary>
        public int F00, F01, F02, F03, F04, F05, F06, F07, F08, F09,
            F10, F11, F12, F13, F14, F15, F16, F17, F18, F19,
            F20, F21, F22, F23, F24, F25, F26, F27, F28, F29,
            F30, F31, F32, F33, F34, F35, F36, F37, F38, F39,
            F40, F41, F42, F43, F44, F45, F46, F47, F48, F49,
            F50, F51, F52, F53, F54, F55, F56, F57, F58, F59,
            F60, F61, F62, F63, F64, F65, F66, F67, F68, F69;
    }
}
