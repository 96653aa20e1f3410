using System;

namespace GameEngine
{
    /// <summary>The engine's colour: four channels packed into one 32-bit value (RGBA, R in the high byte).</summary>
    public readonly struct Color : IEquatable<Color>
    {
        private readonly uint _packed;

        public Color(byte r, byte g, byte b, byte a = 255)
        {
            _packed = ((uint)r << 24) | ((uint)g << 16) | ((uint)b << 8) | a;
        }

        public byte R => (byte)(_packed >> 24);

        public byte G => (byte)(_packed >> 16);

        public byte B => (byte)(_packed >> 8);

        public byte A => (byte)_packed;

        public uint Packed => _packed;

        public bool Equals(Color other) => _packed == other._packed;

        public override bool Equals(object? obj) => obj is Color other && Equals(other);

        public override int GetHashCode() => (int)_packed;

        public override string ToString() => $"#{_packed:X8}";
    }
}
