using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    /// <summary>Always written in reference mode: parent and child point at each other, siblings are shared.</summary>
    [AmberPreserveReferences]
    public class TreeNode
    {
        public string? Name { get; set; }
        public TreeNode? Parent { get; set; }
        public List<TreeNode>? Children { get; set; }
        public TreeNode? Favorite { get; set; }
        public object? Payload { get; set; }
        public byte[]? Data { get; set; }
    }

    /// <summary>A graph of plain classes (no attribute): its shared instances and cycles survive only with AmberOptions.PreserveReferences.</summary>
    public class Network
    {
        public List<Item>? Items { get; set; }
        public Item? Hub { get; set; }
        public Dictionary<string, Item>? ByName { get; set; }
        public List<string>? Labels { get; set; }
        public Person? Owner { get; set; }
        public Shape? Logo { get; set; }
    }

    /// <summary>Recursion for depth: each level may hold more levels.</summary>
    public class Deep
    {
        public int Level { get; set; }
        public Deep? Left { get; set; }
        public Deep? Right { get; set; }
        public List<Deep>? Many { get; set; }
        public List<List<List<int>>>? Lists { get; set; }
    }
}
