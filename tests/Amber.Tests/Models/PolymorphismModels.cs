using System.Collections.Generic;

namespace Amber.Tests.Models.Poly
{
    // No attributes, no registration: the generator finds the implementations in this assembly.

    public abstract class Item
    {
        public string Name { get; set; } = "";
        public int Weight { get; set; }
    }

    public class Weapon : Item
    {
        public int Damage { get; set; }
    }

    public class Sword : Weapon
    {
        public bool TwoHanded { get; set; }
    }

    public class Key : Item
    {
        public int OpensDoor { get; set; }
    }

    public class Container : Item
    {
        public List<Item> Contents { get; set; } = new List<Item>();
    }

    public class Inventory
    {
        public List<Item>? Items { get; set; }
        public Item? Equipped { get; set; }
        public Dictionary<string, Item>? ByName { get; set; }
    }

    public interface IShape
    {
        double Area();
    }

    public sealed class Circle : IShape
    {
        public double Radius { get; set; }
        public double Area() => 3.14159 * Radius * Radius;
    }

    public struct Square : IShape
    {
        public double Side { get; set; }
        public double Area() => Side * Side;
    }

    public class Drawing
    {
        public IShape[]? Shapes { get; set; }
    }

    public class Animal
    {
        public string? Name { get; set; }
    }

    public class Dog : Animal
    {
        public bool GoodBoy { get; set; }
    }

    public class Zoo
    {
        public List<Animal>? Animals { get; set; }
    }

    // Version skew: the same member as a concrete type (old) and as a polymorphic one (new).
    public class PenV1
    {
        public Dog? Resident { get; set; }
    }

    public class PenV2
    {
        public Animal? Resident { get; set; }
    }

    public class Sack
    {
        public List<Item>? Items { get; set; }
    }
}

namespace Amber.Tests.Models.Fill
{
    // Get-only collection properties the object creates itself: Amber fills them in place.
    public class Party
    {
        public string? Name { get; set; }
        public List<string> Members { get; } = new List<string>();
        public Dictionary<string, int> Scores { get; } = new Dictionary<string, int>();
        public ISet<int> Tags { get; } = new HashSet<int>();
    }

    public class Roster
    {
        public Roster(string team) { Team = team; }
        public string Team { get; }
        public List<int> Numbers { get; } = new List<int>();
    }

    public class Broken
    {
        public List<int> Numbers { get; } = null!;
    }

    public class BrokenSource
    {
        public List<int>? Numbers { get; set; }
    }
}
