// context=engine: an engine's struct the game does not own (docs/serialization.md's surrogate), as an engine declares it.
namespace Engine
{
    public readonly struct Color
    {
        public Color(byte r, byte g, byte b, byte a) { R = r; G = g; B = b; A = a; }
        public byte R { get; }
        public byte G { get; }
        public byte B { get; }
        public byte A { get; }
    }
}
