// The engine's Vector3 is not the game's type, so the game declares once how it is saved: as this
// surrogate, wherever Vector3 appears (members, Vector3?, arrays). In Unity the same line would name
// UnityEngine.Vector3.
[assembly: Amber.AmberSurrogate(typeof(System.Numerics.Vector3), typeof(Amber.Tests.NetStandard.Vector3Surrogate))]

namespace Amber.Tests.NetStandard
{
    /// <summary>What a save stores for an engine Vector3: its three floats.</summary>
    public struct Vector3Surrogate
    {
        public float X;
        public float Y;
        public float Z;

        public static implicit operator Vector3Surrogate(System.Numerics.Vector3 v) => new Vector3Surrogate { X = v.X, Y = v.Y, Z = v.Z };

        public static implicit operator System.Numerics.Vector3(Vector3Surrogate s) => new System.Numerics.Vector3(s.X, s.Y, s.Z);
    }
}
