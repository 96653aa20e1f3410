using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    public class Box<T> where T : notnull
    {
        public T Value { get; set; } = default!;
        public List<T>? More { get; set; }
    }

    public class Ranked<TKey, TValue> where TKey : IComparable<TKey>
    {
        public TKey Key { get; set; } = default!;
        public TValue? Value { get; set; }
        public Dictionary<string, TValue>? ByName { get; set; }
    }

    public class Page<T> where T : Shape, new()
    {
        public int Number { get; set; }
        public List<T>? Entries { get; set; }
        public T? First { get; set; }
    }

    public abstract class Message<T>
    {
        public T? Body { get; set; }
    }

    public sealed class Envelope<T> : Message<T>
    {
        public string? To { get; set; }
    }

    public sealed class Receipt<T> : Message<T>
    {
        public Guid Id { get; set; }
    }

    public struct Maybe<T> where T : struct
    {
        public bool Has { get; set; }
        public T Value { get; set; }
    }

    /// <summary>Closed generics with constraints, nested constructions and generic bases.</summary>
    public class Generics
    {
        public Box<int>? IntBox { get; set; }
        public Box<string>? StringBox { get; set; }
        public Box<Box<Guid>>? Nested { get; set; }
        public Ranked<string, List<int>>? Ranked { get; set; }
        public Ranked<long, Person>? RankedPerson { get; set; }
        public Page<Circle>? Circles { get; set; }
        public Page<Square>? Squares { get; set; }
        public Message<int>? Message { get; set; }
        public List<Message<string>>? Messages { get; set; }
        public Maybe<double> MaybeDouble { get; set; }
        public Maybe<Point>[]? MaybePoints { get; set; }
        public List<Dictionary<string, Box<int>>>? Deep { get; set; }
    }
}
