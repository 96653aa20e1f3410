using System.Collections.Generic;

// Types the tests hand to Orleans' Serializer<T> directly, which no grain interface or state names.
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Tests.ParcelV1))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Tests.ParcelV2))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Tests.Refused))]
// Types Amber serves that Amber's codec must still leave to Orleans: an array (Orleans' array codec calls back per
// element) and a type that is also a grain reference.
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Tests.Money[]))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Tests.AddressableNote))]

namespace Amber.Orleans.Tests
{
    // Amber-only types: no Orleans attribute on any of them.

    /// <summary>An abstract base: grain methods declare it, and its subtypes travel.</summary>
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

    /// <summary>A positional record.</summary>
    public sealed record Money(decimal Amount, string Currency);

    /// <summary>A struct.</summary>
    public struct Point
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    /// <summary>A class holding collections of the others.</summary>
    public sealed class Drawing
    {
        public string Title { get; set; } = "";
        public List<Shape> Shapes { get; set; } = new();
        public Dictionary<string, Point> Anchors { get; set; } = new();
        public Money? Price { get; set; }
    }

    /// <summary>Grain state.</summary>
    public sealed class Ledger
    {
        public string Owner { get; set; } = "";
        public List<Money> Entries { get; set; } = new();
        public Dictionary<string, Shape> Pins { get; set; } = new();
    }

    /// <summary>The older shape of a type, as a silo or client of the previous version has it.</summary>
    public sealed class ParcelV1
    {
        public string Id { get; set; } = "";
        public int Grams { get; set; }
        public string Note { get; set; } = "";
    }

    /// <summary>The newer shape of the same type: <c>Note</c> removed, <c>Insured</c> and <c>Tags</c> added.</summary>
    public sealed class ParcelV2
    {
        public string Id { get; set; } = "";
        public int Grams { get; set; }
        public bool Insured { get; set; } = true;
        public List<string> Tags { get; set; } = new();
    }

    /// <summary>A type Orleans' code generator serves; Amber has a formatter for it too (PendingRoots.cs), yet Orleans keeps it.</summary>
    [global::Orleans.GenerateSerializer]
    public sealed class NativeLabel
    {
        [global::Orleans.Id(0)] public string Text { get; set; } = "";
        [global::Orleans.Id(1)] public int Size { get; set; }
    }

    /// <summary>An Amber type a cluster's isSupported turns away.</summary>
    public sealed class Refused
    {
        public string Text { get; set; } = "";
    }

    /// <summary>An Amber type that also says it is a grain reference (<c>IAddressable</c>), which Orleans must keep.</summary>
    public sealed class AddressableNote : global::Orleans.Runtime.IAddressable
    {
        public string Text { get; set; } = "";
    }
}
