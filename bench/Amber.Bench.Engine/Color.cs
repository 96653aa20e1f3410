namespace Engine
{
    /// <summary>An 8-bit RGBA colour, as a game engine declares it: four public byte fields.</summary>
    public struct Color
    {
        public byte R, G, B, A;
    }
}
