using System;
using System.Collections.Generic;
using Amber.Tests.Plugin;

[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Models.NamedOnlyMood))]

namespace Amber.Tests.Models.SelfSurrogate
{
    // [AmberSurrogate(typeof(Target))] on the surrogate type itself, here and in a referenced assembly
    // (Amber.Tests.Plugin: Gauge / GaugeSurrogate). Used by tests/Amber.Tests/Serialization/SurrogateOnTypeTests.cs.

    /// <summary>A type "you don't own": private state, no settable member, no constructor Amber could match.</summary>
    public readonly struct Bearing
    {
        private readonly int _milli;

        private Bearing(int milli) => _milli = milli;

        public static Bearing FromDegrees(double degrees) => new Bearing((int)Math.Round(degrees * 1000));

        public double Degrees => _milli / 1000.0;
    }

    [AmberSurrogate(typeof(Bearing))]
    public struct BearingSurrogate
    {
        public int Millidegrees { get; set; }

        public static implicit operator BearingSurrogate(Bearing b) => new BearingSurrogate { Millidegrees = (int)Math.Round(b.Degrees * 1000) };

        public static implicit operator Bearing(BearingSurrogate s) => Bearing.FromDegrees(s.Millidegrees / 1000.0);
    }

    public class Crate<T>
    {
        public T? Item { get; set; }
        public List<T>? Items { get; set; }
    }

    public class Route
    {
        public Bearing Heading { get; set; }
        public Bearing? Optional { get; set; }
        public List<Bearing>? Track { get; set; }
        public Bearing[]? Array { get; set; }
        public Dictionary<string, Bearing>? Named { get; set; }
        public Crate<Bearing>? Boxed { get; set; }
        public Gauge? Fuel { get; set; }
        public List<Gauge>? Gauges { get; set; }
    }

    // What the wire holds, read by plain types with the surrogates' member names.

    public struct PlainBearing
    {
        public int Millidegrees { get; set; }
    }

    /// <summary>
    /// A struct, as the surrogate is: a struct of primitives is written inline (docs/format.md §5.1), which only a struct
    /// reads (a class reading it fails, see InlineStructTests).
    /// </summary>
    public struct PlainGauge
    {
        public double Percent { get; set; }
    }

    public class PlainRoute
    {
        public PlainBearing Heading { get; set; }
        public PlainBearing? Optional { get; set; }
        public List<PlainBearing>? Track { get; set; }
        public Dictionary<string, PlainBearing>? Named { get; set; }
        public Crate<PlainBearing>? Boxed { get; set; }
        public PlainGauge? Fuel { get; set; }
    }
}

namespace Amber.Tests.Models
{
    /// <summary>An enum no model uses: known in object members only because an assembly attribute names it.</summary>
    public enum NamedOnlyMood { Cloudy, Sunny }
}
