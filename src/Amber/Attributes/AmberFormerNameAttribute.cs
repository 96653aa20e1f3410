using System;

namespace Amber
{
    /// <summary>
    /// Gives a renamed member the name(s) it had before, so data written before the rename still
    /// reads, and data written after it still reads in old code. The first former name given is the
    /// member's wire name (docs/format.md §4). On a class or struct, the type's former full C# name
    /// ("Game.Items.OldSword"): the first former name stays the type tag it is written with in a
    /// polymorphic or <c>object</c> member, and the current name is accepted too (docs/format.md §7.1).
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property | AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
    public sealed class AmberFormerNameAttribute : Attribute
    {
        /// <summary>Declares a former name.</summary>
        public AmberFormerNameAttribute(string name) => Name = name;

        /// <summary>The former name.</summary>
        public string Name { get; }
    }
}
