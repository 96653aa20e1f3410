namespace Amber.Tests.Shapes
{
    /// <summary>The base of a hierarchy whose implementations live in several assemblies.</summary>
    public abstract class Figure
    {
        public string? Label { get; set; }
    }

    /// <summary>An implementation next to its base: every project that declares a Figure member finds it at compile time.</summary>
    public class Dot : Figure
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    /// <summary>A concrete class with no subclass in this assembly (Amber.Tests.Plugin derives from it).</summary>
    public class Marker
    {
        public string? Text { get; set; }
    }
}
