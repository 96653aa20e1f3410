using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>Writes a boxed value of one known type, header included (docs/format.md §7.3).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public delegate void AmberBoxedWriter(ref AmberWriter writer, object value);
}
