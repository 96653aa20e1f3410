using System.Collections.Generic;

namespace Amber.SignalR.Tests
{
    public record Point(int X, int Y);

    public class Basket
    {
        public string Owner { get; set; } = "";
        public List<Point> Items { get; set; } = new List<Point>();
    }

    public abstract class Shape
    {
        public string Label { get; set; } = "";
    }

    public sealed class Circle : Shape
    {
        public double Radius { get; set; }
    }

    public sealed class Square : Shape
    {
        public double Side { get; set; }
    }

    public record Summary(string Owner, int Items, string Shape, double Size, int OriginX);

    public record Note(string Group, string Text);

    /// <summary>The server's current version of a profile: Email was added after the first version.</summary>
    public class Profile
    {
        public string Name { get; set; } = "";
        public string? Email { get; set; }
    }

    /// <summary>
    /// A client still on the first version of <see cref="Profile"/>: only Name. It is its own class (one process cannot
    /// hold two versions of one type); Amber matches members by name, and the type's name is not on the wire for a
    /// type that is not polymorphic, so its payload is byte for byte what the first version of Profile wrote.
    /// </summary>
    public class ProfileV1
    {
        public string Name { get; set; } = "";
    }
}

namespace Amber.SignalR.Tests
{
    /// <summary>A hub parameter, a result and a handler's type declared as an interface (its implementations below).</summary>
    public interface IPlayer
    {
        string Name { get; }
    }

    public sealed class Knight : IPlayer
    {
        public string Name { get; set; } = "";
        public int Armor { get; set; }
    }

    public sealed record Archer(string Name, int Arrows) : IPlayer;

    /// <summary>A struct implementation: written as itself, without a tag, so it does not bind where IPlayer is declared.</summary>
    public struct Squire : IPlayer
    {
        public string Name { get; set; }
    }

    public record Team(string Name, List<IPlayer> Players);
}

namespace Amber.SignalR.Tests
{
    public enum Mood
    {
        Calm,
        Glad = 2,
        Cross = 7,
    }

    public record struct Spot(int X, double Y);
}
