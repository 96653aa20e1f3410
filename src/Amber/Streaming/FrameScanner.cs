using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;
using Amber.Metadata;

namespace Amber.Streaming
{
    /// <summary>
    /// Reads the frames of a chunked stream one at a time (docs/format.md §7.4) and checks each: the start,
    /// the header, the checksum, the decompressed length and the end frame's totals. It knows nothing of the
    /// items: <see cref="FrameReader{T}"/> decodes them, and the inspector walks them without a type. Every
    /// failure is an <see cref="AmberException"/> that names the frame and the stream byte.
    /// </summary>
    internal sealed class FrameScanner : IDisposable
    {
        private readonly Stream _source;
        private readonly AmberOptions _serializer;
        private readonly IReadOnlyList<AmberCompressor> _compressors;
        private readonly SegmentedBuffer _stored = new SegmentedBuffer();
        private readonly SegmentedBuffer _raw = new SegmentedBuffer();
        private readonly byte[] _header = new byte[FrameFormat.HeaderLength];
        private long _position;      // stream bytes consumed
        private bool _started;
        private bool _ended;
        private long _totalItems;
        private uint _frames;

        /// <param name="source">The stream, at its first byte.</param>
        /// <param name="serializer">The limits (MaxDecompressedBytes, MaxCollectionLength).</param>
        /// <param name="compressors">The compressors compressed frames may use; stored frames are always read.</param>
        public FrameScanner(Stream source, AmberOptions serializer, IReadOnlyList<AmberCompressor> compressors)
        {
            _source = source;
            _serializer = serializer;
            _compressors = compressors;
        }

        /// <summary>Stream bytes read so far.</summary>
        public long Position => _position;

        /// <summary>Frames read and checked so far (the end frame not counted).</summary>
        public uint Frames => _frames;

        /// <summary>Items in the frames read so far.</summary>
        public long TotalItems => _totalItems;

        /// <summary>Whether the end frame was read and its totals matched.</summary>
        public bool Ended => _ended;

        /// <summary>The index of the current frame (the one the last <see cref="ReadFrameAsync"/> returned).</summary>
        public uint Index { get; private set; }

        /// <summary>Where the current frame starts in the stream (its flags byte).</summary>
        public long FrameStart { get; private set; }

        /// <summary>Where the current frame's stored body starts in the stream.</summary>
        public long BodyStart { get; private set; }

        /// <summary>The current frame's compression id (0: stored).</summary>
        public int CompressionId { get; private set; }

        /// <summary>The current frame's compressor, null when it is stored.</summary>
        public AmberCompressor? Compressor { get; private set; }

        /// <summary>The current frame's item count.</summary>
        public int Count { get; private set; }

        /// <summary>The current frame's body length after decompression.</summary>
        public int RawLength { get; private set; }

        /// <summary>The current frame's length in the stream, without its header.</summary>
        public int StoredLength { get; private set; }

        /// <summary>The current frame's body after decompression (valid until the next read).</summary>
        public SegmentedBuffer Body { get; private set; } = null!;

        /// <summary>Reads and checks the next frame; false at the end frame (whose totals are checked).</summary>
        public async ValueTask<bool> ReadFrameAsync(bool async, CancellationToken cancellationToken)
        {
            if (_ended) return false;
            cancellationToken.ThrowIfCancellationRequested();
            if (!_started)
            {
                int got = await ReadAsync(_header.AsMemory(0, FrameFormat.StartLength), async, cancellationToken).ConfigureAwait(false);
                if (got < FrameFormat.StartLength || !_header.AsSpan(0, 4).SequenceEqual(FrameFormat.Magic))
                    throw new AmberException("The data does not start with an Amber chunked stream header (\"AMBS\")", 0,
                        "Read it with the API that wrote it: AmberSerializer for a single payload, AmberStream for a chunked stream.");
                if (_header[4] != FrameFormat.Version)
                    throw new AmberException($"The chunked stream has version {_header[4]}; this Amber reads version {FrameFormat.Version}", 4,
                        "The stream was written by a newer Amber; update this reader.");
                _position = FrameFormat.StartLength;
                _started = true;
            }

            long frameStart = _position;
            int first = await ReadAsync(_header.AsMemory(0, 1), async, cancellationToken).ConfigureAwait(false);
            if (first == 0)
                throw new AmberException($"The stream ended after {_frames} frame(s) and {_totalItems} item(s) without its end frame", frameStart,
                    "The stream was cut short (a crash or a lost connection while writing); the data after this point is missing. Write snapshots with AmberSnapshot so a partial file never replaces a whole one.");
            byte flags = _header[0];
            if (flags == FrameFormat.EndFlag)
            {
                await ReadFullyAsync(_header.AsMemory(1, FrameFormat.EndLength - 1), frameStart, "the end frame", async, cancellationToken).ConfigureAwait(false);
                if (BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(13)) != XxHash32.Hash(_header.AsSpan(0, 13)))
                    throw Damaged(frameStart, "the end frame's checksum does not match");
                ulong total = BinaryPrimitives.ReadUInt64LittleEndian(_header.AsSpan(1));
                uint frames = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(9));
                if (total != (ulong)_totalItems || frames != _frames)
                    throw Damaged(frameStart, $"the end frame counts {total} item(s) in {frames} frame(s), but {_totalItems} item(s) in {_frames} frame(s) were read");
                _ended = true;
                return false;
            }
            if ((flags & 0xF0) != 0) throw Damaged(frameStart, $"the frame flags 0x{flags:X2} have reserved bits set");
            await ReadFullyAsync(_header.AsMemory(1, FrameFormat.HeaderLength - 1), frameStart, "a frame header", async, cancellationToken).ConfigureAwait(false);
            int compressionId = flags & 0x0F;
            uint count = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(1));
            uint rawLength = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(5));
            uint storedLength = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(9));
            uint checksum = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(13));
            // The header is not trusted until the checksum is checked, but it must not make us read or allocate much first.
            int limit = _serializer.MaxDecompressedBytes;
            if (rawLength > limit || storedLength > limit)
                AmberThrow.LimitExceeded(frameStart, $"Frame {_frames}'s body length", Math.Max(rawLength, storedLength), limit, nameof(AmberOptions.MaxDecompressedBytes));
            if (count == 0 || count > rawLength || count > _serializer.MaxCollectionLength || (compressionId == 0 && storedLength != rawLength))
                throw Damaged(frameStart, $"its header is inconsistent ({count} item(s), {rawLength} bytes, {storedLength} stored)");
            AmberCompressor? compressor = null;
            if (compressionId != 0)
            {
                compressor = Find(compressionId);
                if (compressor == null)
                    throw new AmberException($"Frame {_frames} is compressed with compression id {compressionId}, which this reader was not given", frameStart,
                        "Pass the compressor the writer used in AmberStreamOptions.Compression (from Amber.Compression: AmberBrotli, id 1; AmberLz4, id 2).");
            }

            _stored.Reset();
            long bodyStart = _position;
            long left = storedLength;
            while (left > 0)
            {
                Memory<byte> memory = _stored.GetMemory((int)Math.Min(left, SegmentedBuffer.SegmentSize));
                memory = memory.Slice(0, (int)Math.Min(left, memory.Length));
                int n = await ReadAsync(memory, async, cancellationToken).ConfigureAwait(false);
                if (n == 0)
                    throw new AmberException($"The stream was cut short inside frame {_frames}: {left} of its {storedLength} bytes are missing", _position,
                        "The stream was cut short (a crash or a lost connection while writing); the data after this point is missing.");
                _stored.Advance(n);
                left -= n;
            }
            if (FrameFormat.Checksum(_header, _stored) != checksum)
                throw Damaged(frameStart, $"the checksum of its {storedLength} bytes (from byte {bodyStart}) does not match");

            SegmentedBuffer body = _stored;
            if (compressor != null)
            {
                _raw.Reset();
                try
                {
                    compressor.Decompress(_stored.AsSequence(), _raw, (int)rawLength);
                }
                catch (AmberException ex)
                {
                    throw Damaged(frameStart, "it does not decompress: " + ex.Problem);
                }
                if (_raw.Length != rawLength) throw Damaged(frameStart, $"it decompresses to {_raw.Length} bytes, not {rawLength}");
                body = _raw;
            }

            Index = _frames;
            FrameStart = frameStart;
            BodyStart = bodyStart;
            CompressionId = compressionId;
            Compressor = compressor;
            Count = (int)count;
            RawLength = (int)rawLength;
            StoredLength = (int)storedLength;
            Body = body;
            _frames++;
            _totalItems += count;
            return true;
        }

        private AmberCompressor? Find(int compressionId)
        {
            foreach (AmberCompressor compressor in _compressors)
            {
                if (compressor.Id == compressionId) return compressor;
            }
            return null;
        }

        private AmberException Damaged(long at, string what) =>
            new AmberException($"Frame {_frames} of the chunked stream is damaged: {what}", at,
                "The stream was corrupted in storage or transit; restore it from a good copy. Amber does not load a damaged stream partially.");

        private async ValueTask ReadFullyAsync(Memory<byte> buffer, long frameStart, string what, bool async, CancellationToken cancellationToken)
        {
            int got = await ReadAsync(buffer, async, cancellationToken).ConfigureAwait(false);
            if (got < buffer.Length)
                throw new AmberException($"The stream was cut short inside {what} (frame {_frames})", frameStart,
                    "The stream was cut short (a crash or a lost connection while writing); the data after this point is missing.");
        }

        /// <summary>Reads until <paramref name="buffer"/> is full or the stream ends; returns the bytes read.</summary>
        private async ValueTask<int> ReadAsync(Memory<byte> buffer, bool async, CancellationToken cancellationToken)
        {
            int total = 0;
            while (total < buffer.Length)
            {
                int n = async
                    ? await _source.ReadAsync(buffer.Slice(total), cancellationToken).ConfigureAwait(false)
                    : _source.Read(buffer.Span.Slice(total));
                if (n == 0) break;
                total += n;
            }
            _position += total;
            return total;
        }

        public void Dispose()
        {
            _stored.Dispose();
            _raw.Dispose();
        }
    }
}
