using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;

namespace Amber.Streaming
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
    [SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "It reads and writes Amber streams (docs/format.md); it is not a Stream.")]
    public static class AmberStream
    {
        /// <summary>Writes <paramref name="items"/> to <paramref name="destination"/> as a chunked stream.</summary>
        public static void Write<[AmberRoot] T>(Stream destination, IEnumerable<T> items, AmberStreamOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            using var frames = new FrameWriter<T>(options ?? AmberStreamOptions.Default);
            FrameWriter<T>.WriteStart(destination);
            using IEnumerator<T> e = items.GetEnumerator();
            while (frames.Fill(e)) frames.Flush(destination);
            frames.WriteEnd(destination);
            destination.Flush();
        }

        /// <summary>Writes <paramref name="items"/> to <paramref name="destination"/> as a chunked stream, asynchronously.</summary>
        public static async Task WriteAsync<[AmberRoot] T>(Stream destination, IEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            using var frames = new FrameWriter<T>(options ?? AmberStreamOptions.Default);
            await FrameWriter<T>.WriteStartAsync(destination, cancellationToken).ConfigureAwait(false);
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
        public static async Task WriteAsync<[AmberRoot] T>(Stream destination, IAsyncEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            if (items == null) throw new ArgumentNullException(nameof(items));
            options ??= AmberStreamOptions.Default;
            using var frames = new FrameWriter<T>(options);
            await FrameWriter<T>.WriteStartAsync(destination, cancellationToken).ConfigureAwait(false);
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
        public static IEnumerable<T> Read<[AmberRoot] T>(Stream source, AmberStreamOptions? options = null)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            return ReadIterator<T>(source, options ?? AmberStreamOptions.Default);
        }

        private static IEnumerable<T> ReadIterator<T>(Stream source, AmberStreamOptions options)
        {
            using var frames = new FrameReader<T>(source, options);
            while (true)
            {
                ValueTask<int> read = frames.ReadFrameAsync(false, default);
                Debug.Assert(read.IsCompleted, "a read with async false completes before it returns");
                int n = read.GetAwaiter().GetResult();
                if (n == 0) yield break;
                for (int i = 0; i < n; i++) yield return frames.Take(i);
            }
        }

        /// <summary>Reads the items of a chunked stream one by one, asynchronously.</summary>
        public static IAsyncEnumerable<T> ReadAsync<[AmberRoot] T>(Stream source, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
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
        public static List<T> ReadAll<[AmberRoot] T>(Stream source, AmberStreamOptions? options = null) => new List<T>(Read<T>(source, options));

        /// <summary>Reads a whole chunked stream into a list, asynchronously.</summary>
        public static async Task<List<T>> ReadAllAsync<[AmberRoot] T>(Stream source, AmberStreamOptions? options = null, CancellationToken cancellationToken = default)
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
}
