using System;
using System.Collections.Generic;

namespace Amber.Tool.Tests.Model.Zoo
{
    /// <summary>
    /// A model whose schema shows the declared types of polymorphic members (an abstract class, an interface, a class with
    /// subclasses), nullable and non-nullable reference members, and a [Flags] enum.
    /// </summary>
    public class Enclosure
    {
        public string Title { get; set; } = "";
        public string? Sign { get; set; }
        public int Capacity { get; set; }
        public int? Rating { get; set; }
        public List<string> Tags { get; set; } = new List<string>();
        public List<string?> Notes { get; set; } = new List<string?>();
        public string[]? Aliases { get; set; }
        public List<Animal>? Animals { get; set; }
        public IFeeder? Feeder { get; set; }
        public Cage Cage { get; set; } = new Cage();
        public Dictionary<string, Keeper?> Keepers { get; set; } = new Dictionary<string, Keeper?>();
        public Dictionary<string, int> Counts { get; set; } = new Dictionary<string, int>();
        public Keeper Head { get; set; } = new Keeper();
        public Access Access { get; set; }
        public Ledger? Ledger { get; set; }
    }

    public abstract class Animal
    {
        public string Name { get; set; } = "";
    }

    public interface IFeeder
    {
        string Badge { get; }
    }

    public sealed class Lion : Animal, IFeeder
    {
        public string Badge => "lion";
        public int Roar { get; set; }
    }

    public sealed class Parrot : Animal
    {
        public List<string> Words { get; set; } = new List<string>();
    }

    public sealed class Keeper : IFeeder
    {
        public string Badge { get; set; } = "";
    }

    /// <summary>A concrete class with a subclass: a member declared as it is polymorphic, its untagged shape read as itself.</summary>
    public class Cage
    {
        public double Size { get; set; }
    }

    public sealed class BigCage : Cage
    {
        public int Doors { get; set; }
    }

    [Flags]
    public enum Access
    {
        None = 0,
        Read = 1,
        Write = 2,
        ReadWrite = Read | Write,
        Admin = 4,
    }

    /// <summary>Serialized on its own: it has generated code, but nothing an enclosure holds leads to it.</summary>
    public sealed class Visitor
    {
        public string Ticket { get; set; } = "";
    }

    /// <summary>The call sites that give the zoo model its generated code.</summary>
    public static class ZooSamples
    {
        public static Enclosure Enclosure() => new Enclosure
        {
            Title = "savanna",
            Tags = { "big" },
            Notes = { null, "fed" },
            Animals = new List<Animal> { new Lion { Name = "leo", Roar = 3 }, new Parrot { Name = "polly", Words = { "hi" } } },
            Feeder = new Keeper { Badge = "k1" },
            Cage = new BigCage { Size = 40, Doors = 2 },
            Keepers = { ["day"] = new Keeper { Badge = "k2" }, ["night"] = null },
            Access = Access.ReadWrite | Access.Admin,
            Ledger = new Ledger { Code = "L", Lines = new List<string> { "a" }, Count = 1 },
        };

        public static byte[] EnclosurePayload() => AmberSerializer.Serialize(Enclosure());

        public static byte[] VisitorPayload() => AmberSerializer.Serialize(new Visitor { Ticket = "t" });
    }
}
