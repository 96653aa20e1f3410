using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>Reads one value of a known type that is not an object, written with <paramref name="wireType"/>.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public delegate T AmberValueReader<T>(ref AmberReader reader, WireType wireType);
}
