using System;
using System.Collections.Generic;

namespace Amber.Tests.Models.Generics
{
    // Generic types as a user would write them: no attributes, closed over several type arguments at
    // the call sites in tests/Amber.Tests/Serialization/GenericsTests.cs. Each closed type is its own
    // serializable type (its own codec); the open definition is never serialized.

    // ------------------------------------------------------------------ classes, structs, records

    /// <summary>A generic class with value equality, so it can be a dictionary key.</summary>
    public class Box<T> : IEquatable<Box<T>>
    {
        public T? Value { get; set; }

        public bool Equals(Box<T>? other) => other is not null && EqualityComparer<T?>.Default.Equals(Value, other.Value);

        public override bool Equals(object? obj) => obj is Box<T> b && Equals(b);

        public override int GetHashCode() => Value is null ? 0 : EqualityComparer<T>.Default.GetHashCode(Value);
    }

    public class Pair<TFirst, TSecond>
    {
        public TFirst? First { get; set; }
        public TSecond? Second { get; set; }
    }

    /// <summary>A generic struct: over primitives it is a struct of primitives (rows, format §6.1).</summary>
    public struct Slot<T>
    {
        public T Value;
        public int Index;
    }

    public record Entry<TKey, TValue>(TKey Key, TValue Value);

    public readonly record struct Measure<T>(T Amount, string Unit);

    /// <summary>A generic record with an init member that has an initializer.</summary>
    public record Envelope<T>(T Body)
    {
        public string Kind { get; init; } = "plain";
    }

    /// <summary>A generic type with a required init member.</summary>
    public class Required<T>
    {
        public required T Value { get; init; }
        public string Note { get; init; } = "note";
    }

    /// <summary>Interface-typed and immutable collections of T.</summary>
    public class Shelf<T>
    {
        public IReadOnlyList<T>? Items { get; set; }
        public IDictionary<string, T>? Index { get; set; }
        public IEnumerable<T>? Sequence { get; set; }
        public System.Collections.Immutable.ImmutableArray<T> Frozen { get; set; }
        public T[,]? Grid { get; set; }
        public T[][]? Jagged { get; set; }
    }

    // ------------------------------------------------------------------ constraints

    public abstract class Item
    {
        public string Name { get; set; } = "";
        public int Level { get; set; }
    }

    public class Sword : Item
    {
        public int Damage { get; set; }
        public bool Cursed { get; set; }
    }

    public class Shield : Item
    {
        public int Armor { get; set; }
        public double Weight { get; set; }
    }

    /// <summary>T : Item, new(): members declared with the concrete T (Reward&lt;Sword&gt;), no polymorphism.</summary>
    public class Reward<T> where T : Item, new()
    {
        public T Prize { get; set; } = new T();
        public int Quantity { get; set; } = 1;
        public List<T> Extras { get; set; } = new List<T>();
        public T? Bonus { get; set; }

        public static T CreateDefault() => new T();
    }

    public class Loot
    {
        public Reward<Sword>? SwordReward { get; set; }
        public Reward<Shield>? ShieldReward { get; set; }
        public List<Reward<Sword>>? MoreSwords { get; set; }
        public Dictionary<string, Reward<Shield>>? ShieldsByQuest { get; set; }
    }

    public struct Celsius
    {
        public double Degrees;
    }

    /// <summary>T : struct: T? is Nullable&lt;T&gt;.</summary>
    public class Measurement<T> where T : struct
    {
        public T Value { get; set; }
        public T? Optional { get; set; }
        public T[]? History { get; set; }
        public List<T?>? Samples { get; set; }
    }

    /// <summary>T : class: T? is a nullable reference.</summary>
    public class Reference<T> where T : class
    {
        public T? Target { get; set; }
        public List<T>? All { get; set; }
        public Dictionary<string, T>? ByName { get; set; }
    }

    /// <summary>T : IComparable&lt;T&gt;, built through its constructor (get-only members).</summary>
    public class Range<T> where T : IComparable<T>
    {
        public Range(T min, T max)
        {
            Min = min;
            Max = max;
        }

        public T Min { get; }
        public T Max { get; }

        public bool Contains(T value) => Min.CompareTo(value) <= 0 && value.CompareTo(Max) <= 0;
    }

    /// <summary>TKey : notnull, as a dictionary key.</summary>
    public class Registry<TKey, TValue> where TKey : notnull
    {
        public Dictionary<TKey, TValue> Items { get; set; } = new Dictionary<TKey, TValue>();
        public TKey? Primary { get; set; }
        public HashSet<TKey>? Flagged { get; set; }
    }

    // ------------------------------------------------------------------ nested generics

    public class NestedHolder
    {
        public List<Dictionary<string, Box<int>>>? Tables { get; set; }
        public Dictionary<Guid, List<Box<string>>>? Groups { get; set; }
        public Box<Box<Box<int>>>? Deep { get; set; }
        public Box<int[]>? Numbers { get; set; }
        public Box<List<int>?>? MaybeList { get; set; }
        public Pair<Box<int>, Box<string>>? Boxes { get; set; }
        public Slot<int>[]? Slots { get; set; }
        public List<Slot<string>>? NamedSlots { get; set; }
    }

    public class Base<T>
    {
        public T? Payload { get; set; }
        public string BaseName { get; set; } = "";
        public int BaseCount { get; set; }
    }

    /// <summary>A generic type whose base is a generic type closed over a generic of its own parameter.</summary>
    public class Derived<T> : Base<List<T>>
    {
        public T? Extra { get; set; }
    }

    /// <summary>A non-generic class at the end of a generic chain.</summary>
    public class Leaf : Derived<string>
    {
        public bool IsLeaf { get; set; }
    }

    /// <summary>A recursive generic type.</summary>
    public class TreeNode<T>
    {
        public T? Value { get; set; }
        public List<TreeNode<T>> Children { get; set; } = new List<TreeNode<T>>();
    }

    /// <summary>A type nested in a generic type (Catalog&lt;T&gt;.Page).</summary>
    public class Catalog<T>
    {
        public class Page
        {
            public int Number { get; set; }
            public List<T>? Items { get; set; }
        }

        public List<Page>? Pages { get; set; }
        public Page? Cover { get; set; }
    }

    // ------------------------------------------------------------------ version tolerance

    // Two versions of one generic type are two generic types with the same member names (the type
    // name is not on the wire): ParcelV1<T> is the old ParcelV2<T>.

    public class ParcelV1<T>
    {
        public T? Value { get; set; }
        public int Weight { get; set; }
    }

    public class ParcelV2<T>
    {
        public T? Value { get; set; }
        public int Weight { get; set; }
        public string Label { get; set; } = "unlabelled";
        public List<T>? Contents { get; set; }
        public T? Spare { get; set; }
    }

    /// <summary>The old Envelope&lt;T&gt;: no Kind.</summary>
    public record Message<T>(T Body);

    /// <summary>Box&lt;T&gt; after its member was renamed.</summary>
    public class RenamedBox<T>
    {
        [AmberFormerName("Value")]
        public T? Content { get; set; }
    }
}
