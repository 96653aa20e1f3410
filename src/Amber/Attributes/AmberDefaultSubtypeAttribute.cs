using System;

namespace Amber
{
    /// <summary>
    /// Names the subtype that data written without a type tag reads as, where this class or interface is declared: data
    /// written while the type was a concrete class with no subclasses (a <c>Weapon</c> that became <c>abstract Weapon</c>
    /// with <c>Sword</c> and <c>Bow</c>) reads as the subtype named here, member by member, with no change to that data
    /// (docs/versioning.md, "A hierarchy under old data"). The subtype must derive from (or implement) the type and be one the
    /// generator can create; on a concrete base class it replaces the base as the type untagged data reads as.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, AllowMultiple = false, Inherited = false)]
    public sealed class AmberDefaultSubtypeAttribute : Attribute
    {
        /// <summary>Names the subtype untagged data reads as.</summary>
        /// <param name="subtype">A concrete class that derives from or implements the type the attribute is on.</param>
        public AmberDefaultSubtypeAttribute(Type subtype) => Subtype = subtype;

        /// <summary>The subtype untagged data reads as.</summary>
        public Type Subtype { get; }
    }
}
