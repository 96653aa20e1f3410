using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;

namespace Amber.Streaming
{
    /// <summary>Serializes items into frame bodies, compresses and seals them, and writes frames and the end frame (docs/format.md §7.4).</summary>
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

        public static void WriteStart(Stream destination) => destination.Write(Start());

        public static ValueTask WriteStartAsync(Stream destination, CancellationToken cancellationToken) =>
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
            AmberCompressor? compressor = _options.Compression;
            if (compressor != null)
            {
                compressor.Compress(_raw.AsSequence(), _stored);
                body = _stored;
            }
            long limit = _options.Serializer.MaxDecompressedBytes;
            if (_raw.Length > limit || body.Length > limit)
                throw new AmberException($"A frame of {_count} item(s) is {Math.Max(_raw.Length, body.Length)} bytes, above the frame limit of {limit}", -1,
                    "An item is larger than AmberOptions.MaxDecompressedBytes allows one frame to be; raise it for writer and readers, or write such items with AmberSerializer.");
            _header[0] = compressor?.Id ?? 0;
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
}
