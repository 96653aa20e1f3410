using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    // Relays (docs/format.md §5.2): older builds of four root models that know a few of their members and keep the rest in
    // an AmberUnknownMembers member, for the Kept.* targets (Targets/KeptRelay.cs). Member names are on the wire and type
    // names are not, so a relay is a type of its own with some of the model's member names and types. Polymorphic members
    // keep the model's own types: a relay of Circle would need Circle's type tag, and two known types with one tag make that
    // tag unreadable in every object member of the process (the Object and Dynamic targets).

    /// <summary>Knows <see cref="Scene.Main"/> and <see cref="Scene.Pets"/>: keeps the lists, arrays and maps of polymorphic shapes and vehicles.</summary>
    public class SceneRelay
    {
        public Shape? Main { get; set; }
        public List<IAnimal>? Pets { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// An <see cref="Item"/> that knows its name and count and keeps the next item: a kept object, whose objects take ids in
    /// reference mode before the items after it, which later members refer to.
    /// </summary>
    public class ItemRelay
    {
        public string Name { get; set; } = "";
        public int Count { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// Knows three members of <see cref="Collections"/> (two of them of relayed items, the same instances in some reference-mode
    /// payloads, first met in Linked after the kept collections before it); keeps every other collection and key kind.
    /// </summary>
    public class CollectionsRelay
    {
        public int[]? Ints { get; set; }
        public Dictionary<Guid, ItemRelay>? ById { get; set; }
        public LinkedList<ItemRelay>? Linked { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// A <see cref="Vector3"/> that knows X and keeps Y and Z. Not a struct of primitives (it has a reference member), so it
    /// reads inline structs (format §5.1) member by member, keeping the row values it lacks, and is written as an object.
    /// Rows in a sequence (§6.1) read only into a struct of primitives: a relay of <see cref="Geometry.Vertices"/> keeps them whole.
    /// </summary>
    public struct Vector3Relay
    {
        public float X;
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A <see cref="Pixel"/> that knows R and keeps the rest of an inline row: an unsigned, a signed, an enum, a bool and a char.</summary>
    public struct PixelRelay
    {
        public byte R { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A <see cref="Labeled"/> that knows its label and keeps its inline position and weights.</summary>
    public struct LabeledRelay
    {
        public string? Label { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// Knows the origin, the anchors and the tint of <see cref="Geometry"/> (inline structs, read into <see cref="Vector3Relay"/>
    /// and <see cref="PixelRelay"/>) and its labels (objects holding an inline struct); keeps the rest: rows, nullable and
    /// multi-dimensional ones, jagged arrays of rows.
    /// </summary>
    public class GeometryRelay
    {
        public Vector3Relay Origin { get; set; }
        public Dictionary<int, Vector3Relay>? Anchors { get; set; }
        public LabeledRelay[]? Labels { get; set; }
        public PixelRelay Tint { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A <see cref="Person"/> (a positional record) that knows its name and keeps its age, its tags and its mood.</summary>
    public record PersonRelay(string Name)
    {
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// Knows the owner of <see cref="Network"/>, its items, its hub and its map of items by name (the same instances in
    /// reference mode) as relayed items, which keep their next item; keeps the labels (strings that items share in reference
    /// mode) and the logo. The owner comes first here, so that in what the relay writes the owner's kept tags, a list, take an
    /// id before the items that the hub refers to. Where an item's next item is another item of the list, reference mode
    /// cannot carry it: the relay refuses the input (a later reference to a kept object) or the write (a kept reference).
    /// </summary>
    public class NetworkRelay
    {
        public PersonRelay? Owner { get; set; }
        public List<ItemRelay>? Items { get; set; }
        public ItemRelay? Hub { get; set; }
        public Dictionary<string, ItemRelay>? ByName { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }
}
