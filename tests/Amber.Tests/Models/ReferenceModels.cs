using System.Collections.Generic;

namespace Amber.Tests.Models.Refs
{
    public class Node
    {
        public string? Name { get; set; }
        public Node? Parent { get; set; }
        public List<Node> Children { get; set; } = new List<Node>();
    }

    public class Library
    {
        public List<Title>? Shelf { get; set; }
        public Title? Featured { get; set; }
        public List<string>? Notes { get; set; }
        public string? Missing { get; set; }
    }

    // Collection identity (format version 2): one list seen from two members and from inside another list.
    public class ListPair
    {
        public List<int>? First { get; set; }
        public List<int>? Second { get; set; }
        public List<List<int>?>? Nested { get; set; }
    }

    public class Title
    {
        public string? Text { get; set; }
    }

    // Old and new versions for id alignment: the reader skips Old, whose string and object take ids.
    public class AliasWriter
    {
        public string? Old { get; set; }
        public Title? OldTitle { get; set; }
        public string? Name { get; set; }
        public string? Alias { get; set; }
        public Title? Main { get; set; }
        public Title? Same { get; set; }
    }

    public class AliasReader
    {
        public string? Name { get; set; }
        public string? Alias { get; set; }
        public Title? Main { get; set; }
        public Title? Same { get; set; }
    }

    public class SkippedTarget
    {
        public Title? Same { get; set; }
    }

    public record Person(string Name, Person? Friend);   // built by its constructor: a cycle through it cannot be read

    [AmberPreserveReferences]
    public class Graph
    {
        public List<Vertex> Vertices { get; set; } = new List<Vertex>();
    }

    public class Vertex
    {
        public int Id { get; set; }
        public List<Vertex> Edges { get; set; } = new List<Vertex>();
    }

    public class Stash
    {
        public List<Amber.Tests.Models.Poly.Item>? Items { get; set; }
        public Amber.Tests.Models.Poly.Item? Equipped { get; set; }
    }
}
