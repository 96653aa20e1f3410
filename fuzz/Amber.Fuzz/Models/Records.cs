using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    public record Person(string Name, int Age, List<string>? Tags = null, Mood Mood = Mood.Happy);

    public sealed record Address(string Street, string? City, int Zip = 10115);

    public sealed class Config
    {
        public required string Region { get; init; }
        public int Retries { get; init; } = 3;
        public List<string> Flags { get; } = new List<string>();
        public Dictionary<string, string> Settings { get; } = new Dictionary<string, string>();
        public TimeSpan Timeout { get; set; } = TimeSpan.FromSeconds(30);
        public required Address Home { get; init; }
    }

    public sealed class Immutable
    {
        public Immutable(string title, IReadOnlyList<int> values, Point at)
        {
            Title = title;
            Values = values;
            At = at;
        }

        public string Title { get; }
        public IReadOnlyList<int> Values { get; }
        public Point At { get; }
    }

    /// <summary>Records with constructors, init and required members, immutable classes, tuples and key-value pairs.</summary>
    public class Records
    {
        public Person? Owner { get; set; }
        public List<Person>? People { get; set; }
        public Address? Address { get; set; }
        public Config? Config { get; set; }
        public Immutable? Frozen { get; set; }
        public (int, string?) Pair { get; set; }
        public (int Id, string? Name, Guid Key, double Score)? MaybeTuple { get; set; }
        public Tuple<int, string>? OldTuple { get; set; }
        public KeyValuePair<string, int> Entry { get; set; }
        public List<KeyValuePair<int, Person>>? Entries { get; set; }
        public List<(string, Point)>? Tuples { get; set; }
        public Dictionary<Point, string>? ByPoint { get; set; }
        public ValueTuple<int, int, int, int, int, int, int, ValueTuple<int, string>> Long { get; set; }
    }
}
