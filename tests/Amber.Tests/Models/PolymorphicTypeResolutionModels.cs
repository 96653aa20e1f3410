using System.Collections.Generic;
using Amber.Tests.Models.Poly;
using Amber.Tests.Shapes;

// A Figure from a third assembly (the plugin), named here: a compile-time case of this project's Figure members.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Plugin.Polygon))]

// A closed generic subclass of a non-generic base: only a name like this one makes it a case.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.TypeResolution.Reward<Amber.Tests.Models.Poly.Sword>))]

// Only ever in object members: this names it so that the generator writes (and registers) a codec.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.TypeResolution.Torch))]

namespace Amber.Tests.Models.TypeResolution
{
    // Used by tests/Amber.Tests/Serialization/PolymorphicTypeResolutionTests.cs. Versions of a hierarchy are two
    // hierarchies in this assembly whose type tags agree, as VersionModels.cs does for members.

    // ---- write dispatch by exact runtime type

    public class Lamp
    {
        public int Lumens { get; set; }
    }

    public class OilLamp : Lamp
    {
        public int Oil { get; set; }
    }

    public class Room
    {
        public Lamp? Light { get; set; }
        public List<Lamp>? Spares { get; set; }
        public object? Anything { get; set; }
    }

    // ---- bases from another assembly (Amber.Tests.Shapes), implementations from three

    /// <summary>A Figure declared in this project.</summary>
    public class Ring : Figure
    {
        public int Radius { get; set; }
    }

    public class Canvas
    {
        public Figure? Main { get; set; }
        public List<Figure>? All { get; set; }
        public object? Any { get; set; }
        public Marker? Marker { get; set; }
    }

    // ---- former type names: Blade was Legacy.OldBlade, and before that Legacy.Archive.MiddleBlade

    public abstract class Loot
    {
        public string? Name { get; set; }
    }

    [AmberFormerName("Amber.Tests.Models.TypeResolution.Legacy.OldBlade")]
    [AmberFormerName("Amber.Tests.Models.TypeResolution.Legacy.Archive.MiddleBlade")]
    public class Blade : Loot
    {
        public int Sharpness { get; set; }
    }

    /// <summary>Added after the rename: the old version has no such type.</summary>
    public class Gem : Loot
    {
        public int Carats { get; set; }
    }

    /// <summary>Renamed from a type that no longer exists anywhere: no other registered type shares its tags.</summary>
    [AmberFormerName("Game.Items.Lantern")]
    public class Torch
    {
        public int Hours { get; set; }
    }

    public class LootBag
    {
        public Loot? Main { get; set; }
        public List<Loot>? All { get; set; }
        public int Count { get; set; }
    }

    // ---- a newer writer with a derived type the reader does not have
    //
    // The reader's members are declared Tool (concrete, with Hammer) and Part (abstract, with Bolt); the
    // writer's are declared IToolV2 / IPartV2, which the same classes implement, plus LaserCutter and Nut,
    // which the reader's Tool and Part dispatchers have never heard of (they are not Tools or Parts).

    public interface IToolV2
    {
    }

    public class Tool : IToolV2
    {
        public string? Name { get; set; }
        public int Weight { get; set; }
    }

    public class Hammer : Tool
    {
        public int Force { get; set; }
    }

    public class LaserCutter : IToolV2
    {
        public string? Name { get; set; }
        public int Weight { get; set; }
        public int Watts { get; set; }
    }

    public interface IPartV2
    {
    }

    public abstract class Part : IPartV2
    {
        public string? Serial { get; set; }
    }

    public class Bolt : Part
    {
        public int Size { get; set; }
    }

    public class Nut : IPartV2
    {
        public string? Serial { get; set; }
        public int Thread { get; set; }
    }

    public class Workshop
    {
        public Tool? Main { get; set; }
        public List<Tool>? Rack { get; set; }
        public Dictionary<string, Tool>? ByName { get; set; }
        public Part? Spare { get; set; }
        public List<Part>? Bin { get; set; }
        public string? Owner { get; set; }
    }

    public class WorkshopV2
    {
        public IToolV2? Main { get; set; }
        public List<IToolV2>? Rack { get; set; }
        public Dictionary<string, IToolV2>? ByName { get; set; }
        public IPartV2? Spare { get; set; }
        public List<IPartV2>? Bin { get; set; }
        public string? Owner { get; set; }
    }

    // ---- generic subclasses

    public abstract class Slot<T>
    {
        public T? Value { get; set; }
    }

    /// <summary>Serves every Slot&lt;T&gt;: T is read off the member's declared type.</summary>
    public class PlainSlot<T> : Slot<T>
    {
        public string? Label { get; set; }
    }

    /// <summary>Serves Slot&lt;int&gt; but not Slot&lt;string&gt; (the constraint).</summary>
    public class NumberSlot<T> : Slot<T> where T : struct
    {
        public T Min { get; set; }
    }

    /// <summary>Serves Slot&lt;List&lt;int&gt;&gt; as ListSlot&lt;int&gt;.</summary>
    public class ListSlot<T> : Slot<List<T>>
    {
        public int Capacity { get; set; }
    }

    /// <summary>TB cannot be read off a Slot&lt;TA&gt;: never a case.</summary>
    public class PairSlot<TA, TB> : Slot<TA>
    {
        public TB? Other { get; set; }
    }

    /// <summary>Serves Slot&lt;Sword&gt;, not Slot&lt;int&gt; or Slot&lt;string&gt; (a class-type constraint).</summary>
    public class ItemSlot<T> : Slot<T> where T : Item
    {
        public int Count { get; set; }
    }

    /// <summary>Serves Slot&lt;int&gt; and Slot&lt;Sword&gt;, not Slot&lt;string&gt; (string has no parameterless constructor).</summary>
    public class FreshSlot<T> : Slot<T> where T : new()
    {
        public bool Fresh { get; set; }
    }

    public interface ICarrier<T>
    {
        T? Load { get; }
    }

    /// <summary>Serves ICarrier&lt;string&gt;: T is read off an implemented generic interface.</summary>
    public class Carrier<T> : ICarrier<T>
    {
        public T? Load { get; set; }
    }

    public class IntSlot : Slot<int>
    {
        public int Extra { get; set; }
    }

    public class SlotRack
    {
        public Slot<int>? Number { get; set; }
        public Slot<string>? Text { get; set; }
        public Slot<List<int>>? Lists { get; set; }
        public List<Slot<int>>? Many { get; set; }
        public Slot<Sword>? Armed { get; set; }
        public ICarrier<string>? Carrier { get; set; }
    }

    public abstract class RewardBase
    {
        public int Gold { get; set; }
    }

    public class Reward<T> : RewardBase
    {
        public T? Prize { get; set; }
    }

    public class Chest
    {
        public RewardBase? Reward { get; set; }
        public List<RewardBase>? Rewards { get; set; }
    }
}

namespace Amber.Tests.Models.TypeResolution.Legacy
{
    // The hierarchy as an older version had it: the same member names, the type names Blade's former names give.

    public abstract class OldLoot
    {
        public string? Name { get; set; }
    }

    public class OldBlade : OldLoot
    {
        public int Sharpness { get; set; }
    }

    public static class Archive
    {
        /// <summary>A nested type: its full C# name is Legacy.Archive.MiddleBlade.</summary>
        public class MiddleBlade : OldLoot
        {
            public int Sharpness { get; set; }
        }
    }

    public class OldLootBag
    {
        public OldLoot? Main { get; set; }
        public List<OldLoot>? All { get; set; }
        public int Count { get; set; }
    }
}
