using System.Buffers;

namespace Amber.Streaming
{
    /// <summary>
    /// Compresses the body of each frame of a chunked stream (docs/format.md §7.4). The core package
    /// has none (frames are stored as they are); the Amber.Compression package has LZ4 and Brotli. A compressor
    /// works one frame at a time, so memory stays bounded by the frame size.
    /// </summary>
    public abstract class AmberCompressor
    {
        /// <summary>The compression id in the frame header: 1–15 (0 is "stored").</summary>
        public abstract byte Id { get; }

        /// <summary>A name for messages.</summary>
        public abstract string Name { get; }

        /// <summary>Compresses <paramref name="raw"/> into <paramref name="destination"/>.</summary>
        public abstract void Compress(in ReadOnlySequence<byte> raw, IBufferWriter<byte> destination);

        /// <summary>
        /// Decompresses <paramref name="stored"/> into <paramref name="destination"/>, writing at most
        /// <paramref name="rawLength"/> bytes. Throws <see cref="AmberException"/> when the data is not
        /// valid or does not decompress to exactly <paramref name="rawLength"/> bytes.
        /// </summary>
        public abstract void Decompress(in ReadOnlySequence<byte> stored, IBufferWriter<byte> destination, int rawLength);
    }
}
