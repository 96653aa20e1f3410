using GameEngine;

// The engine's structs are not the game's to change: they have no setters (Color is one packed
// uint). The game tells Amber, once, to write each of them as a surrogate of its own; Amber uses it
// wherever the type appears (members, Color?, Vector2?, Vector2[]) and converts with the operators.
[assembly: Amber.AmberSurrogate(typeof(Vector2), typeof(GameSave.SavedVector2))]
[assembly: Amber.AmberSurrogate(typeof(Color), typeof(GameSave.SavedColor))]

namespace GameSave
{
    /// <summary>A <see cref="Vector2"/> as the save stores it.</summary>
    public struct SavedVector2
    {
        public float X;
        public float Y;

        public static implicit operator SavedVector2(Vector2 value) => new SavedVector2 { X = value.X, Y = value.Y };

        public static implicit operator Vector2(SavedVector2 saved) => new Vector2(saved.X, saved.Y);
    }

    /// <summary>A <see cref="Color"/> as the save stores it: the channels by name, not the engine's packing.</summary>
    public struct SavedColor
    {
        public byte R;
        public byte G;
        public byte B;
        public byte A;

        public static implicit operator SavedColor(Color value) => new SavedColor { R = value.R, G = value.G, B = value.B, A = value.A };

        public static implicit operator Color(SavedColor saved) => new Color(saved.R, saved.G, saved.B, saved.A);
    }
}
