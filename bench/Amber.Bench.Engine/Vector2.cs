namespace Engine
{
    /// <summary>A 2D position or direction, as a game engine declares it: two public float fields.</summary>
    public struct Vector2
    {
        public float X;
        public float Y;
    }
}
