using System;

namespace Amber
{
    /// <summary>
    /// Serializes every instance of a type (a type you do not own, such as an engine's Vector2)
    /// as its surrogate type, everywhere it appears: members, collections, nullable values,
    /// roots. The surrogate converts both ways with conversion operators (implicit or explicit),
    /// declared in either type: <c>static implicit operator Surrogate(T value)</c> and
    /// <c>static implicit operator T(Surrogate value)</c>. Declare it once, at assembly level:
    /// <c>[assembly: AmberSurrogate(typeof(Vector2), typeof(Vector2Surrogate))]</c>, or on the
    /// surrogate type itself: <c>[AmberSurrogate(typeof(Vector2))] struct Vector2Surrogate { … }</c>.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Assembly | System.AttributeTargets.Class | System.AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
    public sealed class AmberSurrogateAttribute : System.Attribute
    {
        /// <summary>On a surrogate type: names the type it replaces.</summary>
        public AmberSurrogateAttribute(System.Type type) => Type = type;

        /// <summary>Names a type and its surrogate.</summary>
        public AmberSurrogateAttribute(System.Type type, System.Type surrogate)
        {
            Type = type;
            Surrogate = surrogate;
        }

        /// <summary>The type that is replaced on the wire.</summary>
        public System.Type Type { get; }

        /// <summary>The type written instead (null when the attribute is on the surrogate type itself).</summary>
        public System.Type? Surrogate { get; }
    }
}
