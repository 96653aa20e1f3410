using System;
using System.Collections.Generic;
using System.Collections.Immutable;

namespace Amber.Fuzz.Models
{
    public class Item
    {
        public string Name { get; set; } = "";
        public int Count { get; set; }
        public Item? Next { get; set; }
    }

    /// <summary>Packed primitive arrays and lists, multi-dimensional and jagged arrays, every collection kind and key kind.</summary>
    public class Collections
    {
        public int[]? Ints { get; set; }
        public long[]? Longs { get; set; }
        public List<double>? Doubles { get; set; }
        public List<bool>? Bools { get; set; }
        public char[]? Chars { get; set; }
        public ushort[]? Shorts { get; set; }
        public List<float>? Floats { get; set; }
        public int[,]? Grid { get; set; }
        public string?[,,]? Cube { get; set; }
        public int[][]? Jagged { get; set; }
        public List<List<string>>? Nested { get; set; }
        public List<string?>? Strings { get; set; }
        public List<int?>? MaybeInts { get; set; }
        public HashSet<int>? IntSet { get; set; }
        public HashSet<string>? StringSet { get; set; }
        public SortedSet<long>? Sorted { get; set; }
        public Queue<string>? Queue { get; set; }
        public Stack<int>? Stack { get; set; }
        public LinkedList<Item>? Linked { get; set; }
        public ImmutableArray<int> ImmutableInts { get; set; }
        public ImmutableArray<string> ImmutableStrings { get; set; }
        public ImmutableList<Item>? ImmutableItems { get; set; }
        public ImmutableDictionary<string, int>? ImmutableMap { get; set; }
        public Dictionary<string, int>? ByName { get; set; }
        public Dictionary<int, string>? ByNumber { get; set; }
        public Dictionary<Guid, Item>? ById { get; set; }
        public Dictionary<Mood, List<int>>? ByMood { get; set; }
        public Dictionary<string, int?>? MaybeValues { get; set; }
        public SortedDictionary<string, double>? SortedMap { get; set; }
        public IReadOnlyList<string>? ReadOnly { get; set; }
        public IEnumerable<int>? Enumerable { get; set; }
        public IDictionary<long, string>? AnyMap { get; set; }
        public List<Item> Items { get; } = new List<Item>();   // get-only: filled in place
        public Item[]? ItemArray { get; set; }
    }
}
