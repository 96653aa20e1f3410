#if NET8_0_OR_GREATER
using System;
using System.Collections.Generic;
using Amber.Streaming;

namespace Amber.Inspection
{
    /// <summary>Settings for <see cref="AmberInspector"/>. Immutable; reuse one instance.</summary>
    public sealed class AmberInspectorOptions
    {
        /// <summary>The options used when a call passes none: default limits, stored frames only.</summary>
        public static AmberInspectorOptions Default { get; } = new AmberInspectorOptions();

        /// <summary>The serializer options: the limits a frame and its items are checked against.</summary>
        public AmberOptions Serializer { get; init; } = AmberOptions.Default;

        /// <summary>
        /// The compressors compressed frames may use (from Amber.Compression: <c>AmberBrotli.Default</c>, <c>AmberLz4.Default</c>).
        /// Stored frames are always read; a frame compressed with a compressor not in this list is reported as an error.
        /// </summary>
        public IReadOnlyList<AmberCompressor> Compressors { get; init; } = Array.Empty<AmberCompressor>();
    }
}
#endif
