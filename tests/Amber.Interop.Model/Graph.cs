using System.Collections.Generic;

namespace Amber.Interop.Model
{
    /// <summary>A node of a graph: a parent back-pointer makes a cycle.</summary>
    public class Node
    {
        /// <summary>Its name.</summary>
        public string Name { get; set; } = "";
        /// <summary>Its parent (a back-pointer).</summary>
        public Node? Parent { get; set; }
        /// <summary>Its children.</summary>
        public List<Node> Children { get; set; } = new List<Node>();
        /// <summary>Any other node (itself, a sibling).</summary>
        public Node? Link { get; set; }
        /// <summary>An <c>object</c> member that may hold a node.</summary>
        public object? Tag { get; set; }
    }

    /// <summary>A graph written in reference mode: shared objects and collections, cycles.</summary>
    public class Graph
    {
        /// <summary>The root of a tree whose children point back.</summary>
        public Node? Root { get; set; }
        /// <summary>An item.</summary>
        public Item? First { get; set; }
        /// <summary>The same item again, in a shared case.</summary>
        public Item? Second { get; set; }
        /// <summary>Items, some of them the ones above.</summary>
        public List<Item?> Items { get; set; } = new List<Item?>();
        /// <summary>A list.</summary>
        public List<int>? NumbersA { get; set; }
        /// <summary>The same list again, in a shared case.</summary>
        public List<int>? NumbersB { get; set; }
        /// <summary>A string that occurs twice.</summary>
        public string? TextA { get; set; }
        /// <summary>The same string again.</summary>
        public string? TextB { get; set; }
    }
}
