using System;

namespace Amber
{
    /// <summary>What a polymorphic or <c>object</c> member does with a type tag this program does not know.</summary>
    public enum AmberUnknownTypeHandling
    {
        /// <summary>Fail with an <see cref="AmberException"/> that names the tag (the default).</summary>
        Throw,

        /// <summary>Skip the object; the member (or collection element) becomes null.</summary>
        Null,

        /// <summary>
        /// Read the members the declared type has (mapped by name), when the declared type is a concrete
        /// class; otherwise as <see cref="Null"/>.
        /// </summary>
        DeclaredType,
    }
}
