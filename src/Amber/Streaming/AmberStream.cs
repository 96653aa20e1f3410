using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;

namespace Amber
{
    /// <summary>
    /// Chunked streams (docs/format.md §7.4): many items written to a <see cref="Stream"/> in frames of
    /// a bounded size, each with a checksum and optionally compressed, and read back item by item. Memory
    /// is bounded by the frame size, not by the data: a topic snapshot of 50,000 records never exists as
    /// one byte array. A stream cut short or damaged is reported as an <see cref="AmberException"/> that
    /// says which frame and at which byte, never read as fewer items.
    /// </summary>
    /// <remarks>
    /// For a <c>PipeWriter</c> or <c>PipeReader</c>, pass <c>writer.AsStream()</c> / <c>reader.AsStream()</c>
    /// (System.IO.Pipelines): the core package depends on nothing beyond the framework.
    /// </remarks>
    public static class AmberStream
    {
        /// <summary>Writes <paramref name="items"/> to <paramref name="destination"/> as a chunked stream.</summary>
        public static void Write<T>(Stream destination, IEnumerable<T> items, AmberStreamOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            using var frames = new FrameWriter<T>(options ?? AmberStreamOptions.Default);
            frames.WriteStart(destination);
            using IEnumerator<T> e = items.GetEnumerator();
            while (frames.Fill(e)) frames.Flush(destination);
            frames.WriteEnd(destination);
            destination.Flush();
        }

        /// <summary>Writes <paramref name="items"/> to <paramref name="destination"/> as a chunked stream, asynchronously.</summary>
        public static async Task WriteAsync<T>(Stream destination, IEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            using var frames = new FrameWriter<T>(options ?? AmberStreamOptions.Default);
            await frames.WriteStartAsync(destination, cancellationToken).ConfigureAwait(false);
            using IEnumerator<T> e = items.GetEnumerator();
            while (true)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (!frames.Fill(e)) break;
                await frames.FlushAsync(destination, cancellationToken).ConfigureAwait(false);
            }
            await frames.WriteEndAsync(destination, cancellationToken).ConfigureAwait(false);
            await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        /// <summary>
        /// Writes the items of an asynchronous sequence as a chunked stream: up to
        /// <see cref="AmberStreamOptions.ItemsPerFrame"/> items are gathered, then written as one frame.
        /// </summary>
        public static async Task WriteAsync<T>(Stream destination, IAsyncEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            options ??= AmberStreamOptions.Default;
            using var frames = new FrameWriter<T>(options);
            await frames.WriteStartAsync(destination, cancellationToken).ConfigureAwait(false);
            var batch = new List<T>(Math.Min(options.ItemsPerFrame, 4096));
            await foreach (T item in items.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                batch.Add(item);
                if (batch.Count < options.ItemsPerFrame) continue;
                await WriteBatchAsync(frames, batch, destination, cancellationToken).ConfigureAwait(false);
            }
            await WriteBatchAsync(frames, batch, destination, cancellationToken).ConfigureAwait(false);
            await frames.WriteEndAsync(destination, cancellationToken).ConfigureAwait(false);
            await destination.FlushAsync(cancellationToken).ConfigureAwait(false);
        }

        private static async Task WriteBatchAsync<T>(FrameWriter<T> frames, List<T> batch, Stream destination, CancellationToken cancellationToken)
        {
            // A batch larger than BytesPerFrame becomes several frames.
            using (List<T>.Enumerator e = batch.GetEnumerator())
            {
                var adapter = new ListEnumerator<T>(e);
                while (frames.Fill(adapter)) await frames.FlushAsync(destination, cancellationToken).ConfigureAwait(false);
            }
            batch.Clear();
        }

        /// <summary>Reads the items of a chunked stream one by one. Memory holds one frame's items at a time.</summary>
        public static IEnumerable<T> Read<T>(Stream source, AmberStreamOptions? options = null)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            return ReadIterator<T>(source, options ?? AmberStreamOptions.Default);
        }

        private static IEnumerable<T> ReadIterator<T>(Stream source, AmberStreamOptions options)
        {
            using var frames = new FrameReader<T>(source, options);
            while (true)
            {
                int n = frames.ReadFrameAsync(false, default).GetAwaiter().GetResult();
                if (n == 0) yield break;
                for (int i = 0; i < n; i++) yield return frames.Take(i);
            }
        }

        /// <summary>Reads the items of a chunked stream one by one, asynchronously.</summary>
        public static IAsyncEnumerable<T> ReadAsync<T>(Stream source, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            return ReadAsyncIterator<T>(source, options ?? AmberStreamOptions.Default, cancellationToken);
        }

        private static async IAsyncEnumerable<T> ReadAsyncIterator<T>(Stream source, AmberStreamOptions options, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            using var frames = new FrameReader<T>(source, options);
            while (true)
            {
                int n = await frames.ReadFrameAsync(true, cancellationToken).ConfigureAwait(false);
                if (n == 0) yield break;
                for (int i = 0; i < n; i++) yield return frames.Take(i);
            }
        }

        /// <summary>Reads a whole chunked stream into a list.</summary>
        public static List<T> ReadAll<T>(Stream source, AmberStreamOptions? options = null) => new List<T>(Read<T>(source, options));

        /// <summary>Reads a whole chunked stream into a list, asynchronously.</summary>
        public static async Task<List<T>> ReadAllAsync<T>(Stream source, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            var list = new List<T>();
            await foreach (T item in ReadAsync<T>(source, options, cancellationToken).ConfigureAwait(false)) list.Add(item);
            return list;
        }

        /// <summary>An IEnumerator over a List enumerator without boxing it per call site.</summary>
        private sealed class ListEnumerator<T> : IEnumerator<T>
        {
            private List<T>.Enumerator _inner;

            public ListEnumerator(List<T>.Enumerator inner) => _inner = inner;

            public T Current => _inner.Current;

            object? System.Collections.IEnumerator.Current => Current;

            public bool MoveNext() => _inner.MoveNext();

            public void Reset() => throw new NotSupportedException();

            public void Dispose()
            {
            }
        }
    }

    /// <summary>The frame layout of docs/format.md §7.4.</summary>
    internal static class FrameFormat
    {
        public static ReadOnlySpan<byte> Magic => new byte[] { 0x41, 0x4D, 0x42, 0x53 };   // "AMBS"
        public const byte Version = 1;
        public const int StartLength = 5;
        public const int HeaderLength = 17;       // flags, count, raw length, stored length, checksum
        public const int CheckedHeaderLength = 13; // the part the checksum's seed covers
        public const byte EndFlag = 0x80;
        public const int EndLength = 17;          // flags, total items u64, frame count u32, checksum

        public static uint Checksum(ReadOnlySpan<byte> header, SegmentedBuffer body)
        {
            var h = new XxHash32(XxHash32.Hash(header.Slice(0, CheckedHeaderLength)));
            foreach (ReadOnlyMemory<byte> block in body.Blocks()) h.Append(block.Span);
            return h.Finish();
        }
    }

    internal sealed class FrameWriter<T> : IDisposable
    {
        private readonly AmberStreamOptions _options;
        private readonly IAmberFormatter<T> _formatter;
        private readonly SegmentedBuffer _raw = new SegmentedBuffer();
        private readonly SegmentedBuffer _stored = new SegmentedBuffer();
        private readonly byte[] _header = new byte[FrameFormat.HeaderLength];
        private int _count;
        private long _totalItems;
        private uint _frames;

        public FrameWriter(AmberStreamOptions options)
        {
            _options = options;
            _formatter = AmberFormatterRegistry.Get<T>();
        }

        public void WriteStart(Stream destination) => destination.Write(Start());

        public ValueTask WriteStartAsync(Stream destination, CancellationToken cancellationToken) =>
            destination.WriteAsync(Start().AsMemory(), cancellationToken);

        private static byte[] Start()
        {
            var start = new byte[FrameFormat.StartLength];
            FrameFormat.Magic.CopyTo(start);
            start[4] = FrameFormat.Version;
            return start;
        }

        /// <summary>Serializes items into a new frame body until a bound is reached; false when there were no items left.</summary>
        public bool Fill(IEnumerator<T> items)
        {
            if (!items.MoveNext()) return false;
            var writer = new AmberWriter(_raw, _options.Serializer, WriterState.Rent());
            try
            {
                if (AmberFormatterRegistry.RequiresReferences<T>() && !writer.ReferencesEnabled) writer.EnableReferences();
                writer.WritePayloadHeader(_formatter.WireType, singleRoot: false);
                int count = 0;
                do
                {
                    _formatter.Write(ref writer, items.Current);
                    count++;
                }
                while (count < _options.ItemsPerFrame && writer.BytesWritten < _options.BytesPerFrame && items.MoveNext());
                writer.Flush();
                _count = count;
            }
            catch (AmberException ex)
            {
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw;
            }
            finally
            {
                writer.Dispose();
            }
            Seal();
            return true;
        }

        private void Seal()
        {
            SegmentedBuffer body = _raw;
            AmberChunkCodec? codec = _options.Compression;
            if (codec != null)
            {
                codec.Compress(_raw.AsSequence(), _stored);
                body = _stored;
            }
            long limit = _options.Serializer.MaxDecompressedBytes;
            if (_raw.Length > limit || body.Length > limit)
                throw new AmberException($"A frame of {_count} item(s) is {Math.Max(_raw.Length, body.Length)} bytes, above the frame limit of {limit}", -1,
                    "An item is larger than AmberOptions.MaxDecompressedBytes allows one frame to be; raise it for writer and readers, or write such items with AmberSerializer.");
            _header[0] = codec?.Id ?? 0;
            BinaryPrimitives.WriteUInt32LittleEndian(_header.AsSpan(1), (uint)_count);
            BinaryPrimitives.WriteUInt32LittleEndian(_header.AsSpan(5), (uint)_raw.Length);
            BinaryPrimitives.WriteUInt32LittleEndian(_header.AsSpan(9), (uint)body.Length);
            BinaryPrimitives.WriteUInt32LittleEndian(_header.AsSpan(13), FrameFormat.Checksum(_header, body));
        }

        private SegmentedBuffer Body => _options.Compression != null ? _stored : _raw;

        public void Flush(Stream destination)
        {
            destination.Write(_header, 0, _header.Length);
            Body.WriteTo(destination);
            Next();
        }

        public async ValueTask FlushAsync(Stream destination, CancellationToken cancellationToken)
        {
            await destination.WriteAsync(_header.AsMemory(), cancellationToken).ConfigureAwait(false);
            await Body.WriteToAsync(destination, cancellationToken).ConfigureAwait(false);
            Next();
        }

        private void Next()
        {
            _totalItems += _count;
            _frames++;
            _count = 0;
            _raw.Reset();
            _stored.Reset();
        }

        private byte[] End()
        {
            var end = new byte[FrameFormat.EndLength];
            end[0] = FrameFormat.EndFlag;
            BinaryPrimitives.WriteUInt64LittleEndian(end.AsSpan(1), (ulong)_totalItems);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(9), _frames);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(13), XxHash32.Hash(end.AsSpan(0, 13)));
            return end;
        }

        public void WriteEnd(Stream destination) => destination.Write(End());

        public ValueTask WriteEndAsync(Stream destination, CancellationToken cancellationToken) =>
            destination.WriteAsync(End().AsMemory(), cancellationToken);

        public void Dispose()
        {
            _raw.Dispose();
            _stored.Dispose();
        }
    }

    internal sealed class FrameReader<T> : IDisposable
    {
        private readonly Stream _source;
        private readonly AmberStreamOptions _options;
        private readonly IAmberFormatter<T> _formatter;
        private readonly SegmentedBuffer _stored = new SegmentedBuffer();
        private readonly SegmentedBuffer _raw = new SegmentedBuffer();
        private readonly byte[] _header = new byte[FrameFormat.HeaderLength];
        private T[] _items = Array.Empty<T>();
        private int _itemCount;
        private long _position;      // stream bytes consumed
        private bool _started;
        private bool _ended;
        private long _totalItems;
        private uint _frames;

        public FrameReader(Stream source, AmberStreamOptions options)
        {
            _source = source;
            _options = options;
            _formatter = AmberFormatterRegistry.Get<T>();
        }

        /// <summary>Item <paramref name="i"/> of the current frame; the frame lets go of it.</summary>
        public T Take(int i)
        {
            T item = _items[i];
            _items[i] = default!;
            return item;
        }

        /// <summary>Reads the next frame and decodes its items; 0 at the end frame.</summary>
        public async ValueTask<int> ReadFrameAsync(bool async, CancellationToken cancellationToken)
        {
            if (_ended) return 0;
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
                return 0;
            }
            if ((flags & 0xF0) != 0) throw Damaged(frameStart, $"the frame flags 0x{flags:X2} have reserved bits set");
            await ReadFullyAsync(_header.AsMemory(1, FrameFormat.HeaderLength - 1), frameStart, "a frame header", async, cancellationToken).ConfigureAwait(false);
            int codecId = flags & 0x0F;
            uint count = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(1));
            uint rawLength = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(5));
            uint storedLength = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(9));
            uint checksum = BinaryPrimitives.ReadUInt32LittleEndian(_header.AsSpan(13));
            // The header is not trusted until the checksum is checked, but it must not make us read or allocate much first.
            int limit = _options.Serializer.MaxDecompressedBytes;
            if (rawLength > limit || storedLength > limit)
                AmberThrow.LimitExceeded(frameStart, $"Frame {_frames}'s body length", Math.Max(rawLength, storedLength), limit, nameof(AmberOptions.MaxDecompressedBytes));
            if (count == 0 || count > rawLength || count > _options.Serializer.MaxCollectionLength || (codecId == 0 && storedLength != rawLength))
                throw Damaged(frameStart, $"its header is inconsistent ({count} item(s), {rawLength} bytes, {storedLength} stored)");
            AmberChunkCodec? codec = null;
            if (codecId != 0)
            {
                codec = _options.Compression;
                if (codec == null || codec.Id != codecId)
                    throw new AmberException($"Frame {_frames} is compressed with codec {codecId}, which this reader was not given", frameStart,
                        "Pass the codec the writer used in AmberStreamOptions.Compression (from Amber.Compression: AmberBrotli, id 1; AmberLz4, id 2).");
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
            if (codec != null)
            {
                _raw.Reset();
                try
                {
                    codec.Decompress(_stored.AsSequence(), _raw, (int)rawLength);
                }
                catch (AmberException ex)
                {
                    throw Damaged(frameStart, "it does not decompress: " + ex.Problem);
                }
                if (_raw.Length != rawLength) throw Damaged(frameStart, $"it decompresses to {_raw.Length} bytes, not {rawLength}");
                body = _raw;
            }
            Decode(body, (int)count, bodyStart);
            _frames++;
            _totalItems += count;
            return _itemCount;
        }

        private void Decode(SegmentedBuffer body, int count, long bodyStart)
        {
            if (_items.Length < count) _items = new T[Math.Max(count, Math.Min(_items.Length * 2, _options.ItemsPerFrame))];
            var reader = new AmberReader(body.AsSequence(), _options.Serializer, ReaderState.Rent());
            try
            {
                WireType wt = reader.ReadPayloadHeader();
                for (int i = 0; i < count; i++) _items[i] = _formatter.Read(ref reader, wt);
                reader.EnsureEnd();
                _itemCount = count;
            }
            catch (AmberException ex)
            {
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw new AmberException($"Frame {_frames} (its body starts at stream byte {bodyStart}; the offset is within the body), item path {ex.MemberPath}: {ex.Problem}", ex.ByteOffset, ex.Fix, ex);
            }
            finally
            {
                reader.Dispose();
            }
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
