using System;

namespace Amber
{
    /// <summary>
    /// Serializes every instance of a type with a hand-written <see cref="IAmberFormatter{T}"/>
    /// (a class with a public parameterless constructor), everywhere it appears:
    /// <c>[assembly: AmberFormatter(typeof(Money), typeof(MoneyFormatter))]</c>. The formatter uses
    /// the same <see cref="AmberWriter"/>/<see cref="AmberReader"/> API that generated code uses.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberFormatterAttribute : System.Attribute
    {
        /// <summary>Names a type and its formatter.</summary>
        public AmberFormatterAttribute(System.Type type, System.Type formatter)
        {
            Type = type;
            Formatter = formatter;
        }

        /// <summary>The type the formatter serves.</summary>
        public System.Type Type { get; }

        /// <summary>The formatter type.</summary>
        public System.Type Formatter { get; }
    }
}
