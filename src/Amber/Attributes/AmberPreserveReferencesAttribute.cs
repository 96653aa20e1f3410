using System;

namespace Amber
{
    /// <summary>
    /// Keeps object identity for this type (docs/format.md §7.2): every payload whose graph can
    /// contain it is written in reference mode, as if <see cref="AmberOptions.PreserveReferences"/>
    /// were set — shared instances stay shared and cycles round-trip.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Class, AllowMultiple = false, Inherited = true)]
    public sealed class AmberPreserveReferencesAttribute : System.Attribute
    {
    }
}
