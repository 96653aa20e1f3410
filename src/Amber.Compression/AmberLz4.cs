using System;
using System.Buffers;
using Amber.Streaming;
using K4os.Compression.LZ4;

namespace Amber.Compression
{
    /// <summary>
    /// LZ4 compression of chunked-stream frames (docs/format.md §7.4, compression id 2), with K4os.Compression.LZ4:
    /// <c>new AmberStreamOptions { Compression = AmberLz4.Default }</c> to write, and the same to read. Each
    /// frame body is one LZ4 block (the block format, no LZ4 frame around it): the frame header already holds
    /// the raw length and a checksum. Much faster than Brotli to write and read, somewhat larger; runs on
    /// netstandard2.1 as well as .NET 8+.
    /// </summary>
    public sealed class AmberLz4 : AmberCompressor
    {
        // Levels are a plain int, as AmberBrotli's quality is, rather than K4os's LZ4Level enum: the public
        // API then names no type of the dependency, so a caller needs no K4os using, and a change of that
        // enum (or of the LZ4 library) is not a breaking change of Amber.Compression.
        private const int MaxLevel = 12;

        /// <summary>The most LZ4's block format can hold in one block (LZ4_MAX_INPUT_SIZE).</summary>
        private const int MaxInput = 0x7E000000;

        /// <summary>No LZ4 block decodes to more than this many times its own length.</summary>
        private const long MaxRatio = 255;

        /// <summary>Chunks handed to the destination writer, which need not give out a whole frame at once.</summary>
        private const int CopyBlock = 64 * 1024;

        private readonly LZ4Level _level;

        /// <summary>Level 0: LZ4's fast encoder, for snapshots written and read often.</summary>
        public static AmberLz4 Default { get; } = new AmberLz4(0);

        /// <summary>
        /// An LZ4 compressor of the given level, 0–12 as LZ4 numbers them: 0–2 the fast encoder (all the same),
        /// 3–9 the high-compression encoder, 10–12 the optimal parser (smallest, slowest to write). Reading
        /// speed is the same at every level, and any level reads what any other wrote.
        /// </summary>
        public AmberLz4(int level)
        {
            if (level < 0 || level > MaxLevel) throw new ArgumentOutOfRangeException(nameof(level), level, "LZ4 level is 0 to 12.");
            _level = level < (int)LZ4Level.L03_HC ? LZ4Level.L00_FAST : (LZ4Level)level;
        }

        /// <inheritdoc />
        public override byte Id => 2;

        /// <inheritdoc />
        public override string Name => "LZ4";

        /// <inheritdoc />
        public override void Compress(in ReadOnlySequence<byte> raw, IBufferWriter<byte> destination)
        {
            if (raw.Length > MaxInput)
                throw new AmberException($"A frame of {raw.Length} bytes is above the {MaxInput} bytes one LZ4 block can hold", -1,
                    "Lower AmberStreamOptions.BytesPerFrame, or write such items with AmberSerializer.");
            int length = (int)raw.Length;
            if (length == 0) return;   // LZ4 encodes nothing as nothing; Decompress reads it back with rawLength 0.

            byte[]? input = null;
            byte[] output = ArrayPool<byte>.Shared.Rent(LZ4Codec.MaximumOutputSize(length));
            try
            {
                ReadOnlySpan<byte> source;
                if (raw.IsSingleSegment)
                {
                    source = raw.First.Span;
                }
                else
                {
                    input = ArrayPool<byte>.Shared.Rent(length);
                    raw.CopyTo(input);
                    source = input.AsSpan(0, length);
                }
                int written = LZ4Codec.Encode(source, output, _level);
                // Cannot happen with a target of MaximumOutputSize; a result that is not used would be a silent loss.
                if (written <= 0) throw new InvalidOperationException($"The LZ4 encoder failed on {length} bytes.");
                CopyOut(output.AsSpan(0, written), destination);
            }
            finally
            {
                if (input != null) ArrayPool<byte>.Shared.Return(input);
                ArrayPool<byte>.Shared.Return(output);
            }
        }

        /// <inheritdoc />
        public override void Decompress(in ReadOnlySequence<byte> stored, IBufferWriter<byte> destination, int rawLength)
        {
            if (rawLength < 0) throw new ArgumentOutOfRangeException(nameof(rawLength), rawLength, "A raw length is not negative.");
            if (stored.IsEmpty)
            {
                if (rawLength == 0) return;
                throw Bad($"it is empty, but its header says {rawLength} bytes");
            }
            if (rawLength == 0) throw Bad($"its header says 0 bytes, but {stored.Length} are stored");
            if (stored.Length > int.MaxValue) throw Bad($"{stored.Length} stored bytes are more than one LZ4 block can be");
            // A sequence of c stored bytes (token, offset, length bytes) yields fewer than 255 × c bytes, and a literal
            // one byte per byte, so a larger claim cannot be honest: refused before anything of that size is rented.
            if (rawLength > MaxRatio * stored.Length)
                throw Bad($"{stored.Length} stored bytes cannot decompress to the {rawLength} its header says");

            int storedLength = (int)stored.Length;
            byte[]? input = null;
            byte[] output = ArrayPool<byte>.Shared.Rent(rawLength);
            try
            {
                ReadOnlySpan<byte> source;
                if (stored.IsSingleSegment)
                {
                    source = stored.First.Span;
                }
                else
                {
                    input = ArrayPool<byte>.Shared.Rent(storedLength);
                    stored.CopyTo(input);
                    source = input.AsSpan(0, storedLength);
                }
                // The safe decoder, bounded by both spans: it never reads past the stored bytes nor writes past
                // rawLength, and reports a malformed block as a negative result instead of throwing.
                int produced = LZ4Codec.Decode(source, output.AsSpan(0, rawLength));
                if (produced < 0) throw Bad($"it is not a valid LZ4 block, or it decompresses to more than the {rawLength} bytes its header says");
                if (produced != rawLength) throw Bad($"it decompresses to {produced} bytes, not {rawLength}");
                CopyOut(output.AsSpan(0, produced), destination);
            }
            finally
            {
                if (input != null) ArrayPool<byte>.Shared.Return(input);
                ArrayPool<byte>.Shared.Return(output);
            }
        }

        private static void CopyOut(ReadOnlySpan<byte> data, IBufferWriter<byte> destination)
        {
            while (!data.IsEmpty)
            {
                Span<byte> target = destination.GetSpan(Math.Min(data.Length, CopyBlock));
                int n = Math.Min(target.Length, data.Length);
                data.Slice(0, n).CopyTo(target);
                destination.Advance(n);
                data = data.Slice(n);
            }
        }

        private static AmberException Bad(string what) =>
            new AmberException("An LZ4 frame body is damaged: " + what, -1, "The stream was corrupted in storage or transit; restore it from a good copy.");
    }
}
