using System;

namespace Amber
{
    /// <summary>
    /// Asks the generator to write a formatter for a type that is not passed to
    /// <see cref="AmberSerializer"/> with a concrete type argument (for example one used only
    /// through generic code): <c>[assembly: AmberSerializable(typeof(MyType))]</c>.
    /// </summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberSerializableAttribute : Attribute
    {
        /// <summary>Names the type.</summary>
        public AmberSerializableAttribute(Type type) => Type = type;

        /// <summary>The type.</summary>
        public Type Type { get; }
    }
}
