#if NET8_0_OR_GREATER
using System.Collections.Generic;
using Amber.Streaming;

namespace Amber.Inspection
{
    /// <summary>
    /// What <see cref="AmberInspector"/> found in a chunked stream (docs/format.md §7.4): the frames that
    /// were read and checked, their totals, and the first error, if any. Reading stops at the first error.
    /// </summary>
    public sealed class AmberStreamReport
    {
        internal AmberStreamReport(IReadOnlyList<AmberFrameInfo> frames, long streamBytes, long endOffset, AmberException? error)
        {
            Frames = frames;
            StreamBytes = streamBytes;
            EndOffset = endOffset;
            Error = error;
            foreach (AmberFrameInfo frame in frames)
            {
                Items += frame.Items;
                RawBytes += frame.RawBytes;
                StoredBytes += frame.StoredBytes;
            }
        }

        /// <summary>The frames read and checked, in stream order. Each one's checksum matched and it decompressed to its length.</summary>
        public IReadOnlyList<AmberFrameInfo> Frames { get; }

        /// <summary>The items in <see cref="Frames"/>.</summary>
        public long Items { get; }

        /// <summary>The frame bodies' bytes after decompression.</summary>
        public long RawBytes { get; }

        /// <summary>The frame bodies' bytes as stored in the stream.</summary>
        public long StoredBytes { get; }

        /// <summary>The stream bytes read, headers included.</summary>
        public long StreamBytes { get; }

        /// <summary>Where the end frame starts, or -1 when it was not reached or did not check out.</summary>
        public long EndOffset { get; }

        /// <summary>
        /// The first problem found (its <see cref="AmberException.ByteOffset"/> is a stream offset), or null when the
        /// whole stream was read and its end frame's totals and checksum matched.
        /// </summary>
        public AmberException? Error { get; }

        /// <summary>Whether the stream was read to its end frame with no error.</summary>
        public bool IsValid => Error == null;
    }

    /// <summary>One frame of a chunked stream, as <see cref="AmberInspector"/> read it.</summary>
    public sealed class AmberFrameInfo
    {
        internal AmberFrameInfo(int index, long offset, int compressionId, string compression, int items, int rawBytes, int storedBytes)
        {
            Index = index;
            Offset = offset;
            CompressionId = compressionId;
            Compression = compression;
            Items = items;
            RawBytes = rawBytes;
            StoredBytes = storedBytes;
        }

        /// <summary>The frame's number, from 0.</summary>
        public int Index { get; }

        /// <summary>Where the frame (its header) starts in the stream.</summary>
        public long Offset { get; }

        /// <summary>The compression id in the frame's header: 0 stored, 1 Brotli, 2 LZ4.</summary>
        public int CompressionId { get; }

        /// <summary>The compression's name: <c>stored</c>, or the <see cref="AmberCompressor.Name"/> of the compressor that decompressed it.</summary>
        public string Compression { get; }

        /// <summary>The number of items in the frame.</summary>
        public int Items { get; }

        /// <summary>The body's length after decompression.</summary>
        public int RawBytes { get; }

        /// <summary>The body's length in the stream (without the 17-byte header).</summary>
        public int StoredBytes { get; }
    }
}
#endif
