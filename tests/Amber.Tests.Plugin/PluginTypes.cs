using System.Collections.Generic;
using Amber.Tests.Shapes;

// The plugin's own generator writes a codec for Star and registers it (module initializer) with the
// process-wide list of known types; Amber.Tests has no case for it.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Plugin.Star))]

namespace Amber.Tests.Plugin
{
    /// <summary>A Figure from outside the base's assembly, known to other assemblies only through AmberKnownTypes.</summary>
    public class Star : Figure
    {
        public int Points { get; set; }
        public List<object>? Tags { get; set; }
    }

    /// <summary>
    /// A Figure this assembly never serializes: Amber.Tests names it with [assembly: AmberSerializable], which
    /// makes it a compile-time case there.
    /// </summary>
    public class Polygon : Figure
    {
        public int Sides { get; set; }
    }

    /// <summary>A Figure nobody wrote a codec for: writing it anywhere fails.</summary>
    public class Scribble : Figure
    {
        public int Strokes { get; set; }
    }

    /// <summary>A subclass of a class that has no subclasses in its own assembly.</summary>
    public class PluginMarker : Marker
    {
        public int Color { get; set; }
    }

    /// <summary>A type "you don't own" in a referenced assembly: one private field, nothing Amber could read or write.</summary>
    public sealed class Gauge
    {
        private readonly double _fraction;

        private Gauge(double fraction) => _fraction = fraction;

        public static Gauge FromPercent(double percent) => new Gauge(percent / 100);

        public double ToPercent() => _fraction * 100;
    }

    /// <summary>Declared on the surrogate itself: every project referencing this one writes a Gauge as this.</summary>
    [Amber.AmberSurrogate(typeof(Gauge))]
    public struct GaugeSurrogate
    {
        public double Percent { get; set; }

        public static implicit operator GaugeSurrogate(Gauge g) => new GaugeSurrogate { Percent = g.ToPercent() };

        public static implicit operator Gauge(GaugeSurrogate s) => Gauge.FromPercent(s.Percent);
    }
}
