using System.Collections.Generic;
using Amber;

namespace Amber.Soak
{
    /// <summary>One very large value: many small objects, one long string, a long list of strings and one large byte array.</summary>
    public sealed class Cargo
    {
        /// <summary>The many small objects.</summary>
        public List<Line> Lines { get; set; } = new List<Line>();

        /// <summary>One long string (tens of megabytes).</summary>
        public string Text { get; set; } = "";

        /// <summary>Many medium strings.</summary>
        public List<string> Notes { get; set; } = new List<string>();

        /// <summary>One large byte array.</summary>
        public byte[] Blob { get; set; } = System.Array.Empty<byte>();
    }

    /// <summary>A small object, many of which make up a large value or a chunked stream.</summary>
    public sealed class Line
    {
        /// <summary>Its number.</summary>
        public int Id { get; set; }

        /// <summary>A timestamp.</summary>
        public long Stamp { get; set; }

        /// <summary>A price.</summary>
        public double Price { get; set; }

        /// <summary>A short name.</summary>
        public string Name { get; set; } = "";

        /// <summary>A few numbers, or none.</summary>
        public List<int>? Tags { get; set; }
    }

    /// <summary>A graph written in reference mode: every node once in <see cref="Nodes"/>, and again through <see cref="Picks"/> and the nodes' parents.</summary>
    [AmberPreserveReferences]
    public sealed class Graph
    {
        /// <summary>Every node, in order.</summary>
        public List<Node> Nodes { get; set; } = new List<Node>();

        /// <summary>Nodes of <see cref="Nodes"/> again: each one a back-reference.</summary>
        public List<Node> Picks { get; set; } = new List<Node>();
    }

    /// <summary>A node of a <see cref="Graph"/>; its parent is a node written before it, so nesting stays shallow.</summary>
    public sealed class Node
    {
        /// <summary>Its number.</summary>
        public int Id { get; set; }

        /// <summary>Its own string (each one numbered in reference mode).</summary>
        public string Label { get; set; } = "";

        /// <summary>A node earlier in the list, or null for the first.</summary>
        public Node? Parent { get; set; }
    }

    /// <summary>A small message, the kind a service handles thousands of per second.</summary>
    public sealed class Note
    {
        /// <summary>Its number.</summary>
        public int Id { get; set; }

        /// <summary>Who sent it.</summary>
        public string From { get; set; } = "";

        /// <summary>Its text.</summary>
        public string Body { get; set; } = "";

        /// <summary>A few values.</summary>
        public double[] Values { get; set; } = System.Array.Empty<double>();
    }

    /// <summary>An order as a service receives it in JSON (AmberJson.FromJson): three object types, nested where they are declared.</summary>
    public sealed class Order
    {
        /// <summary>Its number.</summary>
        public int Id { get; set; }

        /// <summary>Who placed it.</summary>
        public Customer? Customer { get; set; }

        /// <summary>What it is for.</summary>
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();
    }

    /// <summary>The customer of an <see cref="Order"/>.</summary>
    public sealed class Customer
    {
        /// <summary>The name.</summary>
        public string Name { get; set; } = "";

        /// <summary>A level.</summary>
        public int Tier { get; set; }
    }

    /// <summary>One line of an <see cref="Order"/>.</summary>
    public sealed class OrderLine
    {
        /// <summary>The article.</summary>
        public string Sku { get; set; } = "";

        /// <summary>How many.</summary>
        public int Count { get; set; }

        /// <summary>The unit price.</summary>
        public double Price { get; set; }
    }
}
