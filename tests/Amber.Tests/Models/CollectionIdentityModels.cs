using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;

[assembly: Amber.AmberFormatter(typeof(Amber.Tests.Models.CollectionIds.Ring), typeof(Amber.Tests.Models.CollectionIds.RingFormatter))]
// ReferenceModeCollectionTests round-trips through a generic helper, which is no concrete call site.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.CollectionIds.Shelves))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.CollectionIds.Mixed))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.CollectionIds.Folder))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.CollectionIds.OwnedRoot))]

namespace Amber.Tests.Models.CollectionIds
{
    public class Item
    {
        public string? Name { get; set; }
    }

    /// <summary>Each collection kind twice, so the second member can hold the first member's instance.</summary>
    public class Shelves
    {
        public int[]? Numbers { get; set; }
        public int[]? NumbersAgain { get; set; }
        public List<Item>? Items { get; set; }
        public List<Item>? ItemsAgain { get; set; }
        public IList<Item>? ItemsAsInterface { get; set; }
        public IEnumerable<Item>? ItemsAsEnumerable { get; set; }
        public Dictionary<string, Item>? Index { get; set; }
        public IReadOnlyDictionary<string, Item>? IndexAgain { get; set; }
        public HashSet<string>? Tags { get; set; }
        public HashSet<string>? TagsAgain { get; set; }
        public SortedSet<int>? Sorted { get; set; }
        public SortedSet<int>? SortedAgain { get; set; }
        public Queue<Item>? Queue { get; set; }
        public Queue<Item>? QueueAgain { get; set; }
        public Stack<int>? Stack { get; set; }
        public Stack<int>? StackAgain { get; set; }
        public LinkedList<int>? Linked { get; set; }
        public LinkedList<int>? LinkedAgain { get; set; }
        public ReadOnlyCollection<int>? ReadOnly { get; set; }
        public ReadOnlyCollection<int>? ReadOnlyAgain { get; set; }
        public ImmutableList<string>? Frozen { get; set; }
        public ImmutableList<string>? FrozenAgain { get; set; }
        public ImmutableDictionary<string, int>? FrozenMap { get; set; }
        public ImmutableDictionary<string, int>? FrozenMapAgain { get; set; }
        public int[,]? Grid { get; set; }
        public int[,]? GridAgain { get; set; }
        public int[][]? Jagged { get; set; }
        public List<Spot>? Spots { get; set; }        // rows (§6.1)
        public List<Spot>? SpotsAgain { get; set; }
        public ImmutableArray<int> Values { get; set; }
        public ImmutableArray<int> ValuesAgain { get; set; }
        public Ring? Ring { get; set; }
        public Ring? RingAgain { get; set; }
    }

    public struct Spot
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    /// <summary>Typed and <c>object</c> positions, in both orders.</summary>
    public class Mixed
    {
        public object? BoxedFirst { get; set; }
        public List<Item>? Typed { get; set; }
        public object? BoxedAfter { get; set; }
        public List<object>? Objects { get; set; }
        public object? BoxedObjects { get; set; }
        public object? Array { get; set; }
        public object? ArrayAgain { get; set; }
    }

    /// <summary>A cycle through a list: a child's Siblings is its parent's Children.</summary>
    public class Folder
    {
        public string? Name { get; set; }
        public List<Folder> Children { get; set; } = new List<Folder>();
        public List<Folder>? Siblings { get; set; }
    }

    /// <summary>An immutable list whose element refers back to it: the list exists only after its elements.</summary>
    public class Owned
    {
        public ImmutableList<Owned>? Owner { get; set; }
    }

    public class OwnedRoot
    {
        public ImmutableList<Owned>? All { get; set; }
    }

    // Two versions: the reader does not know First, so the list it held is skipped.
    public class SharedV2
    {
        public List<int>? First { get; set; }
        public List<int>? Second { get; set; }
    }

    public class SharedV1
    {
        public List<int>? Second { get; set; }
    }

    // A reader that declares the second holder of the list as another collection type.
    public class SharedAsArray
    {
        public List<int>? First { get; set; }
        public int[]? Second { get; set; }
    }

    /// <summary>A collection class of its own, written by a hand-written formatter that keeps identity.</summary>
    public sealed class Ring
    {
        public Ring(int[] values) => Values = values;

        public int[] Values { get; }
    }

    public sealed class RingFormatter : IAmberFormatter<Ring>
    {
        public WireType WireType => WireType.Sequence;

        public void Write(ref AmberWriter writer, Ring value)
        {
            if (writer.TryWriteCollectionReference(value)) return;   // null, or a ring written before
            writer.WritePacked<int>(value.Values);
        }

        public Ring Read(ref AmberReader reader, WireType wireType)
        {
            reader.Expect(wireType, WireType.Sequence, "a ring");
            int count = reader.ReadSequenceHeader(out byte descriptor, out object? existing);
            if (count < 0) return reader.ReferenceAs<Ring>(existing);
            return reader.RecordCollection(new Ring(reader.ReadPrimitiveArray<int>(count, descriptor)));
        }
    }

    // Collection identity in the JSON view (format version 2, docs/json.md): maps shared between members, collections
    // held in object members, and arrays of arrays.
    public class MapPair
    {
        public Dictionary<string, int>? First { get; set; }
        public Dictionary<string, int>? Second { get; set; }
    }

    public class ObjectPair
    {
        public object? First { get; set; }
        public object? Second { get; set; }
    }

    public class Jagged
    {
        public int[][]? Rows { get; set; }
        public int[]? Row { get; set; }
        public int[,]? Grid { get; set; }
    }
}
