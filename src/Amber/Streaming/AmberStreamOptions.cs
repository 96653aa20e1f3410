using System;

namespace Amber.Streaming
{
    /// <summary>Settings for chunked streams (<see cref="AmberStream"/>). Immutable; reuse one instance.</summary>
    public sealed class AmberStreamOptions
    {
        private readonly int _itemsPerFrame = 256;
        private readonly int _bytesPerFrame = 1 << 20;

        /// <summary>The options used when a call passes none.</summary>
        public static AmberStreamOptions Default { get; } = new AmberStreamOptions();

        /// <summary>The serializer options for the items (limits, references, unknown types).</summary>
        public AmberOptions Serializer { get; init; } = AmberOptions.Default;

        /// <summary>The most items in one frame (default 256).</summary>
        public int ItemsPerFrame
        {
            get => _itemsPerFrame;
            init
            {
                if (value < 1 || value > 1_000_000) throw new ArgumentOutOfRangeException(nameof(ItemsPerFrame), value, "ItemsPerFrame must be between 1 and 1,000,000.");
                _itemsPerFrame = value;
            }
        }

        /// <summary>
        /// A frame is closed once its body reaches this many bytes (default 1 MiB), even with fewer
        /// than <see cref="ItemsPerFrame"/> items. Memory for writing and reading is about two frames.
        /// </summary>
        public int BytesPerFrame
        {
            get => _bytesPerFrame;
            init
            {
                if (value < 1024 || value > 256 << 20) throw new ArgumentOutOfRangeException(nameof(BytesPerFrame), value, "BytesPerFrame must be between 1 KiB and 256 MiB.");
                _bytesPerFrame = value;
            }
        }

        /// <summary>
        /// Compresses each frame when writing; when reading, frames compressed with this compressor are
        /// accepted (stored frames always are). Null: frames are stored as they are.
        /// </summary>
        public AmberCompressor? Compression { get; init; }
    }
}
