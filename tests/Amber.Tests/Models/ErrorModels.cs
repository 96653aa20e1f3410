using System.Collections.Generic;

namespace Amber.Tests.Models
{
    // Types for tests/Amber.Tests/Serialization/GeneratedCodecErrorTests.cs.

    /// <summary>A linked node: node.Next = node makes a cycle.</summary>
    public class Node
    {
        public int Value { get; set; }
        public Node? Next { get; set; }
    }

    /// <summary>A tree node whose cycle goes through a list.</summary>
    public class TreeNode
    {
        public string? Name { get; set; }
        public List<TreeNode>? Children { get; set; }
    }

    /// <summary>
    /// Never passed to AmberSerializer with a concrete type argument, and not named by
    /// [assembly: AmberSerializable]: the generator writes no formatter for it.
    /// </summary>
    public class UnregisteredWidget
    {
        public int Size { get; set; }
    }

    /// <summary>Shares a member name with <see cref="Person"/> (Name) with another wire type.</summary>
    public class NamedById
    {
        public int Name { get; set; }
    }
}
