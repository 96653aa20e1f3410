using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>Writes one value of a known type that is not an object (an enum, a collection): just the value, in its wire type.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public delegate void AmberValueWriter<T>(ref AmberWriter writer, T value);
}
