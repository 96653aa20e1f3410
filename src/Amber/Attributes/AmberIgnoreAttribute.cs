using System;

namespace Amber
{
    /// <summary>Leaves a member out of serialization. <c>[NonSerialized]</c> and <c>[IgnoreDataMember]</c> do the same.</summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberIgnoreAttribute : Attribute
    {
    }
}
