using System;
using System.Buffers;
using System.IO.Compression;
using Amber.Streaming;

namespace Amber.Compression
{
    /// <summary>
    /// Brotli compression of chunked-stream frames (docs/format.md §7.4, compression id 1), with the framework's
    /// encoder: <c>new AmberStreamOptions { Compression = AmberBrotli.Default }</c> to write, and the same
    /// to read. Each frame is compressed on its own, so writing and reading stay bounded by the frame size.
    /// </summary>
    public sealed class AmberBrotli : AmberCompressor
    {
        private const int WindowBits = 22;
        private const int BlockSize = 64 * 1024;
        private readonly int _quality;

        /// <summary>Quality 1: the fastest Brotli level, for snapshots written and read often.</summary>
        public static AmberBrotli Default { get; } = new AmberBrotli(1);

        /// <summary>A Brotli compressor of the given quality (0–11; higher is smaller and slower to write).</summary>
        public AmberBrotli(int quality)
        {
            if (quality < 0 || quality > 11) throw new ArgumentOutOfRangeException(nameof(quality), quality, "Brotli quality is 0 to 11.");
            _quality = quality;
        }

        /// <inheritdoc />
        public override byte Id => 1;

        /// <inheritdoc />
        public override string Name => "Brotli";

        /// <inheritdoc />
        public override void Compress(in ReadOnlySequence<byte> raw, IBufferWriter<byte> destination)
        {
            using var encoder = new BrotliEncoder(_quality, WindowBits);
            foreach (ReadOnlyMemory<byte> block in raw)
            {
                ReadOnlySpan<byte> source = block.Span;
                while (!source.IsEmpty)
                {
                    Span<byte> target = destination.GetSpan(BlockSize);
                    OperationStatus status = encoder.Compress(source, target, out int consumed, out int written, isFinalBlock: false);
                    if (status == OperationStatus.InvalidData) throw new InvalidOperationException("The Brotli encoder rejected its input.");
                    destination.Advance(written);
                    source = source.Slice(consumed);
                }
            }
            while (true)
            {
                Span<byte> target = destination.GetSpan(BlockSize);
                OperationStatus status = encoder.Compress(ReadOnlySpan<byte>.Empty, target, out _, out int written, isFinalBlock: true);
                destination.Advance(written);
                if (status == OperationStatus.Done) return;
                if (status != OperationStatus.DestinationTooSmall) throw new InvalidOperationException("The Brotli encoder failed to finish.");
            }
        }

        /// <inheritdoc />
        public override void Decompress(in ReadOnlySequence<byte> stored, IBufferWriter<byte> destination, int rawLength)
        {
            using var decoder = new BrotliDecoder();
            long produced = 0;
            OperationStatus status = OperationStatus.NeedMoreData;
            foreach (ReadOnlyMemory<byte> block in stored)
            {
                ReadOnlySpan<byte> source = block.Span;
                while (!source.IsEmpty)
                {
                    if (status == OperationStatus.Done) throw Bad("data follows the end of the compressed body");
                    int room = (int)Math.Min(BlockSize, rawLength - produced);
                    if (room == 0) throw Bad($"it decompresses to more than the {rawLength} bytes its header says");
                    Span<byte> target = destination.GetSpan(room).Slice(0, room);
                    status = decoder.Decompress(source, target, out int consumed, out int written);
                    if (status == OperationStatus.InvalidData) throw Bad("it is not valid Brotli data");
                    destination.Advance(written);
                    produced += written;
                    source = source.Slice(consumed);
                    if (consumed == 0 && written == 0 && status != OperationStatus.Done) throw Bad("the decoder made no progress");
                }
            }
            // Output the decoder still holds after the last input.
            while (status == OperationStatus.DestinationTooSmall)
            {
                int room = (int)Math.Min(BlockSize, rawLength - produced);
                if (room == 0) throw Bad($"it decompresses to more than the {rawLength} bytes its header says");
                Span<byte> target = destination.GetSpan(room).Slice(0, room);
                status = decoder.Decompress(ReadOnlySpan<byte>.Empty, target, out _, out int written);
                if (status == OperationStatus.InvalidData) throw Bad("it is not valid Brotli data");
                destination.Advance(written);
                produced += written;
                if (written == 0 && status != OperationStatus.Done) break;
            }
            if (status != OperationStatus.Done) throw Bad("the compressed body is cut short");
            if (produced != rawLength) throw Bad($"it decompresses to {produced} bytes, not {rawLength}");
        }

        private static AmberException Bad(string what) =>
            new AmberException("A Brotli frame body is damaged: " + what, -1, "The stream was corrupted in storage or transit; restore it from a good copy.");
    }
}
