using System.Collections.Generic;

[assembly: Amber.AmberSurrogate(typeof(Amber.Tool.Tests.Model.Writing.Temperature), typeof(Amber.Tool.Tests.Model.Writing.TemperatureSurrogate))]

namespace Amber.Tool.Tests.Model.Writing
{
    /// <summary>
    /// A model whose schema shows what a writer in another language needs to write .NET's bytes: members written at their
    /// default, multi-dimensional arrays, struct sequences written one by one, kept unknown members, and collections held
    /// in an object member.
    /// </summary>
    public class Defaults
    {
        public int Plain { get; set; }
        public int Lives { get; set; } = 3;
        public string Name { get; set; } = "";
        public string? Nick { get; set; }
        public int? Level { get; set; }
        public int? Start { get; set; } = 1;
        public Spot Spot { get; set; }
    }

    /// <summary>Primitives only, set through setters: written inline, and as rows in a List or an array.</summary>
    public struct Spot
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    /// <summary>Members given through a constructor whose parameters have defaults: 0 can be left out, 7 cannot.</summary>
    public sealed class Settings
    {
        public Settings(int volume = 7, int speed = 0)
        {
            Volume = volume;
            Speed = speed;
        }

        public int Volume { get; }
        public int Speed { get; }
    }

    /// <summary>A positional record with a default: Size is written even at 0.</summary>
    public sealed record Pin(string Label, int Size = 12, int Order = 0);

    public sealed class Grids
    {
        public double[,]? Cells { get; set; }
        public int[,,]? Cube { get; set; }
        public Spot[,]? Board { get; set; }
        public int[]? Flat { get; set; }
    }

    /// <summary>A type from elsewhere, written through a struct of primitives.</summary>
    public readonly struct Temperature
    {
        public Temperature(double kelvin) => Kelvin = kelvin;

        public double Kelvin { get; }
    }

    public struct TemperatureSurrogate
    {
        public double Kelvin { get; set; }

        public static implicit operator TemperatureSurrogate(Temperature t) => new TemperatureSurrogate { Kelvin = t.Kelvin };

        public static implicit operator Temperature(TemperatureSurrogate s) => new Temperature(s.Kelvin);
    }

    /// <summary>Sequences of inline structs: rows where .NET writes rows, one by one where it does not.</summary>
    public sealed class Readings
    {
        public List<Temperature> Temperatures { get; set; } = new List<Temperature>();
        public Temperature[] Peaks { get; set; } = System.Array.Empty<Temperature>();
        public List<Spot> Spots { get; set; } = new List<Spot>();
        public Spot[] Corners { get; set; } = System.Array.Empty<Spot>();
        public IReadOnlyList<Spot> Path { get; set; } = new List<Spot>();
        public HashSet<Spot> Visited { get; set; } = new HashSet<Spot>();
    }

    /// <summary>Keeps the members it does not know and writes them back.</summary>
    public sealed class Relay
    {
        public int Id { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public sealed class Parcel
    {
        public string Name { get; set; } = "";
    }

    /// <summary>An object member: it may hold a List&lt;Parcel&gt;, which the generated code registers as a known type.</summary>
    public sealed class Holder
    {
        public object? Content { get; set; }
    }

    public sealed class Crate
    {
        public List<Parcel> Parcels { get; set; } = new List<Parcel>();
    }

    /// <summary>Payloads written here so the model's generated code is in this assembly.</summary>
    public static class WritingSamples
    {
        public static byte[][] Payloads() => new[]
        {
            AmberSerializer.Serialize(new Defaults()),
            AmberSerializer.Serialize(new Settings()),
            AmberSerializer.Serialize(new Pin("a")),
            AmberSerializer.Serialize(new Grids()),
            AmberSerializer.Serialize(new Readings()),
            AmberSerializer.Serialize(new Relay()),
            AmberSerializer.Serialize(new Holder { Content = new List<Parcel> { new Parcel { Name = "i" } } }),
            AmberSerializer.Serialize(new Crate()),
            AmberSerializer.Serialize(new Dictionary<string, Parcel> { ["k"] = new Parcel() }),
        };
    }
}
