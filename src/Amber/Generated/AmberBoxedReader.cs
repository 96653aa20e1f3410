using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>Reads the members of a known type after its header was read; returns the value, boxed.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public delegate object? AmberBoxedReader(ref AmberReader reader, ShapeMatch match, ulong presence);
}
