// The game does not own the engine's structs (bench/Amber.Bench.Engine), so it cannot mark them up or
// change them; they are serializable through a surrogate, declared once on the
// game's side. Amber writes the surrogate wherever Vector2 or Color appears (members, Color?, lists)
// and converts with the operators below. The peers write the engine structs' public fields directly.
[assembly: Amber.AmberSurrogate(typeof(Engine.Vector2), typeof(Amber.Bench.Workloads.Game.Vector2Surrogate))]
[assembly: Amber.AmberSurrogate(typeof(Engine.Color), typeof(Amber.Bench.Workloads.Game.ColorSurrogate))]

namespace Amber.Bench.Workloads.Game
{
    /// <summary>What the save stores for an engine <see cref="Engine.Vector2"/>: the same two floats, under the game's own names.</summary>
    public struct Vector2Surrogate
    {
        public float X;
        public float Y;

        public static implicit operator Vector2Surrogate(Engine.Vector2 v) => new Vector2Surrogate { X = v.X, Y = v.Y };

        public static implicit operator Engine.Vector2(Vector2Surrogate s) => new Engine.Vector2 { X = s.X, Y = s.Y };
    }

    /// <summary>What the save stores for an engine <see cref="Engine.Color"/>: the four channels.</summary>
    public struct ColorSurrogate
    {
        public byte R;
        public byte G;
        public byte B;
        public byte A;

        public static implicit operator ColorSurrogate(Engine.Color c) => new ColorSurrogate { R = c.R, G = c.G, B = c.B, A = c.A };

        public static implicit operator Engine.Color(ColorSurrogate s) => new Engine.Color { R = s.R, G = s.G, B = s.B, A = s.A };
    }
}
