using System;

namespace Amber
{
    /// <summary>Chooses the constructor Amber uses to create a type when there is more than one candidate.</summary>
    [AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
    public sealed class AmberConstructorAttribute : Attribute
    {
    }
}
