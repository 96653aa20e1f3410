using System;

namespace Amber
{
    /// <summary>
    /// Asks the generator to write a formatter for a type that no source code names with a concrete type
    /// argument at an Amber entry point or at a type parameter marked <see cref="AmberRootAttribute"/>:
    /// <c>[assembly: AmberSerializable(typeof(MyType))]</c>.
    /// </summary>
    /// <remarks>
    /// Generic code that passes its type parameter on to Amber needs no attribute when that parameter is
    /// marked <c>[AmberRoot]</c>: then each call of the generic code with a concrete type is a root
    /// (Amber's own entry points and those of Amber.AspNetCore, Amber.Grpc, Amber.Kafka and Amber.Caching are
    /// marked). This attribute remains for a type that reaches Amber only at run time: through reflection, a
    /// <see cref="Type"/> object, dependency injection, or as a subtype that no code names.
    /// </remarks>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberSerializableAttribute : Attribute
    {
        /// <summary>Names the type.</summary>
        public AmberSerializableAttribute(Type type) => Type = type;

        /// <summary>The type.</summary>
        public Type Type { get; }
    }
}
