using System;

namespace Amber
{
    /// <summary>
    /// Serializes a member that is not public (a private field, a property with a private setter, a
    /// get-only auto-property). Internal members of the same assembly are used directly; private ones
    /// are reached through UnsafeAccessor, which needs .NET 8 or later (the generator reports AMB008
    /// otherwise).
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Field | System.AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberIncludeAttribute : System.Attribute
    {
    }
}
