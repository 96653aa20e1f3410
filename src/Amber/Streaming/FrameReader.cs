using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;

namespace Amber.Streaming
{
    /// <summary>Reads the frames of a chunked stream one at a time (<see cref="FrameScanner"/> checks and decompresses each) and decodes their items (docs/format.md §7.4).</summary>
    internal sealed class FrameReader<T> : IDisposable
    {
        private readonly AmberStreamOptions _options;
        private readonly IAmberFormatter<T> _formatter;
        private readonly FrameScanner _frames;
        private T[] _items = Array.Empty<T>();
        private int _itemCount;

        public FrameReader(Stream source, AmberStreamOptions options)
        {
            _options = options;
            _formatter = AmberFormatterRegistry.Get<T>();
            _frames = new FrameScanner(source, options.Serializer,
                options.Compression == null ? Array.Empty<AmberCompressor>() : new[] { options.Compression });
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
            if (!await _frames.ReadFrameAsync(async, cancellationToken).ConfigureAwait(false)) return 0;
            Decode(_frames.Body, _frames.Count, _frames.BodyStart, _frames.Index);
            return _itemCount;
        }

        private void Decode(SegmentedBuffer body, int count, long bodyStart, uint frame)
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
                throw new AmberException($"Frame {frame} (its body starts at stream byte {bodyStart}; the offset is within the body), item path {ex.MemberPath}: {ex.Problem}", ex.ByteOffset, ex.Fix, ex);
            }
            finally
            {
                reader.Dispose();
            }
        }

        public void Dispose() => _frames.Dispose();
    }
}
