using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Amber.Tests.Models;
using Xunit;
using Vector3 = Amber.Tests.Models.Vector3;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Every entry point of <see cref="AmberSerializer"/> writes the same bytes and reads the same
    /// value: byte[], IBufferWriter, Stream, async Stream; span, sequence (split anywhere), Stream,
    /// async Stream.
    /// </summary>
    public class EntryPointTests
    {
        private static readonly Guid From = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        private static readonly Guid To = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");

        private static BookShelf MakeShelf(int count) => new BookShelf
        {
            Books = Enumerable.Range(0, count).Select(i => new Book
            {
                Title = i % 7 == 0 ? null : "Book " + i,
                Id = i - 3,
                BookData = i % 3 == 0 ? null : Enumerable.Range(0, i % 50).Select(b => (byte)b).ToArray(),
            }).ToList(),
        };

        private static MessageEnvelope MakeEnvelope() => new MessageEnvelope
        {
            IsInternal = true,
            TimeStamp = new DateTime(638397614451234567L, DateTimeKind.Utc),
            MessageId = Guid.Parse("fedcba98-7654-3210-fedc-ba9876543210"),
            Header = "Test \u00E9",
            From = From,
            To = To,
            KeyValuePairs = new Dictionary<string, string> { ["a"] = "1", ["bb"] = "22", ["\u65E5"] = "" },
        };

        private static Vector3[] MakeVectors() =>
            Enumerable.Range(0, 100).Select(i => new Vector3 { X = i, Y = -i, Z = i * 0.5f }).ToArray();

        private static void AssertShelf(BookShelf expected, BookShelf? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected.Books!.Count, actual!.Books!.Count);
            for (int i = 0; i < expected.Books.Count; i++)
            {
                Assert.Equal(expected.Books[i].Title, actual.Books[i].Title);
                Assert.Equal(expected.Books[i].Id, actual.Books[i].Id);
                Assert.Equal(expected.Books[i].BookData, actual.Books[i].BookData);
            }
        }

        private static void AssertEnvelope(MessageEnvelope expected, MessageEnvelope? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected.IsInternal, actual!.IsInternal);
            Assert.Equal(expected.TimeStamp.Ticks, actual.TimeStamp.Ticks);
            Assert.Equal(expected.TimeStamp.Kind, actual.TimeStamp.Kind);
            Assert.Equal(expected.MessageId, actual.MessageId);
            Assert.Equal(expected.Header, actual.Header);
            Assert.Equal(expected.From, actual.From);
            Assert.Equal(expected.To, actual.To);
            Assert.Equal(expected.KeyValuePairs, actual.KeyValuePairs);
        }

        private static void AssertVectors(Vector3[] expected, Vector3[]? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected, actual!);
        }

        // ------------------------------------------------------------------ writing

        [Fact]
        public async Task Every_serialize_entry_point_writes_the_same_bytes_for_the_shelf()
        {
            BookShelf shelf = MakeShelf(1000);
            byte[] bytes = AmberSerializer.Serialize(shelf);

            var bufferWriter = new ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(bufferWriter, shelf);
            Assert.Equal(bytes, bufferWriter.WrittenSpan.ToArray());

            var tiny = new ArrayBufferWriter<byte>(1);   // grows many times while writing
            AmberSerializer.Serialize(tiny, shelf);
            Assert.Equal(bytes, tiny.WrittenSpan.ToArray());

            var stream = new MemoryStream();
            AmberSerializer.Serialize(stream, shelf);
            Assert.Equal(bytes, stream.ToArray());

            var asyncStream = new MemoryStream();
            await AmberSerializer.SerializeAsync(asyncStream, shelf);
            Assert.Equal(bytes, asyncStream.ToArray());

            // The buffer writer is appended to, not overwritten; a stream is written at its position.
            AmberSerializer.Serialize(bufferWriter, shelf);
            Assert.Equal(bytes.Concat(bytes), bufferWriter.WrittenSpan.ToArray());
        }

        [Fact]
        public async Task Every_serialize_entry_point_writes_the_same_bytes_for_the_envelope_and_vectors()
        {
            MessageEnvelope envelope = MakeEnvelope();
            byte[] envelopeBytes = AmberSerializer.Serialize(envelope);
            var w1 = new ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(w1, envelope);
            var s1 = new MemoryStream();
            AmberSerializer.Serialize(s1, envelope);
            var a1 = new MemoryStream();
            await AmberSerializer.SerializeAsync(a1, envelope);
            Assert.Equal(envelopeBytes, w1.WrittenSpan.ToArray());
            Assert.Equal(envelopeBytes, s1.ToArray());
            Assert.Equal(envelopeBytes, a1.ToArray());

            Vector3[] vectors = MakeVectors();
            byte[] vectorBytes = AmberSerializer.Serialize(vectors);
            var w2 = new ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(w2, vectors);
            var s2 = new MemoryStream();
            AmberSerializer.Serialize(s2, vectors);
            var a2 = new MemoryStream();
            await AmberSerializer.SerializeAsync(a2, vectors);
            Assert.Equal(vectorBytes, w2.WrittenSpan.ToArray());
            Assert.Equal(vectorBytes, s2.ToArray());
            Assert.Equal(vectorBytes, a2.ToArray());
        }

        // ------------------------------------------------------------------ reading

        [Fact]
        public async Task Every_deserialize_entry_point_reads_the_shelf()
        {
            BookShelf shelf = MakeShelf(1000);
            byte[] bytes = AmberSerializer.Serialize(shelf);

            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(bytes));
            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(new ReadOnlySpan<byte>(bytes)));
            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(new ReadOnlySequence<byte>(bytes)));
            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(Segments.OneByte(bytes)));
            foreach (int at in new[] { 0, 1, 2, 3, bytes.Length / 3, bytes.Length / 2, bytes.Length - 1, bytes.Length })
            {
                AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(Segments.SplitAt(bytes, at)));
            }
            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(new MemoryStream(bytes)));
            AssertShelf(shelf, await AmberSerializer.DeserializeAsync<BookShelf>(new MemoryStream(bytes)));
            // A stream that hands out a few bytes per read.
            AssertShelf(shelf, AmberSerializer.Deserialize<BookShelf>(new TrickleStream(bytes, 7)));
            AssertShelf(shelf, await AmberSerializer.DeserializeAsync<BookShelf>(new TrickleStream(bytes, 7)));
        }

        [Fact]
        public async Task Every_deserialize_entry_point_reads_the_envelope_and_vectors()
        {
            MessageEnvelope envelope = MakeEnvelope();
            byte[] e = AmberSerializer.Serialize(envelope);
            AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(new ReadOnlySpan<byte>(e)));
            AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(new ReadOnlySequence<byte>(e)));
            AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(Segments.OneByte(e)));
            AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(new MemoryStream(e)));
            AssertEnvelope(envelope, await AmberSerializer.DeserializeAsync<MessageEnvelope>(new MemoryStream(e)));

            Vector3[] vectors = MakeVectors();
            byte[] v = AmberSerializer.Serialize(vectors);
            AssertVectors(vectors, AmberSerializer.Deserialize<Vector3[]>(new ReadOnlySpan<byte>(v)));
            AssertVectors(vectors, AmberSerializer.Deserialize<Vector3[]>(new ReadOnlySequence<byte>(v)));
            AssertVectors(vectors, AmberSerializer.Deserialize<Vector3[]>(Segments.OneByte(v)));
            AssertVectors(vectors, AmberSerializer.Deserialize<Vector3[]>(Segments.SplitAt(v, v.Length / 2 + 1)));
            AssertVectors(vectors, AmberSerializer.Deserialize<Vector3[]>(new MemoryStream(v)));
            AssertVectors(vectors, await AmberSerializer.DeserializeAsync<Vector3[]>(new MemoryStream(v)));
        }

        [Fact]
        public void Envelope_reads_from_a_sequence_split_into_two_segments_at_every_position()
        {
            MessageEnvelope envelope = MakeEnvelope();
            byte[] bytes = AmberSerializer.Serialize(envelope);
            for (int at = 0; at <= bytes.Length; at++)
            {
                AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(Segments.SplitAt(bytes, at)));
            }
        }

        [Fact]
        public void Sequences_with_empty_segments_read()
        {
            MessageEnvelope envelope = MakeEnvelope();
            byte[] bytes = AmberSerializer.Serialize(envelope);
            var chunks = new List<ReadOnlyMemory<byte>> { ReadOnlyMemory<byte>.Empty };
            foreach (byte b in bytes)
            {
                chunks.Add(new[] { b });
                chunks.Add(ReadOnlyMemory<byte>.Empty);
            }
            AssertEnvelope(envelope, AmberSerializer.Deserialize<MessageEnvelope>(Segments.Of(chunks.ToArray())));
        }

        [Fact]
        public void Serialize_rejects_null_destinations_and_deserialize_a_null_stream()
        {
            Assert.Throws<ArgumentNullException>(() => AmberSerializer.Serialize((IBufferWriter<byte>)null!, new Person()));
            Assert.Throws<ArgumentNullException>(() => AmberSerializer.Serialize((Stream)null!, new Person()));
            Assert.Throws<ArgumentNullException>(() => AmberSerializer.Deserialize<Person>((Stream)null!));
        }

        // ------------------------------------------------------------------ cancellation

        [Fact]
        public async Task DeserializeAsync_with_a_cancelled_token_throws_OperationCanceledException()
        {
            byte[] bytes = AmberSerializer.Serialize(MakeEnvelope());
            using var cts = new CancellationTokenSource();
            cts.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
                await AmberSerializer.DeserializeAsync<MessageEnvelope>(new MemoryStream(bytes), cancellationToken: cts.Token));
        }

        [Fact]
        public async Task SerializeAsync_with_a_cancelled_token_throws_and_writes_nothing()
        {
            using var cts = new CancellationTokenSource();
            cts.Cancel();
            var stream = new MemoryStream();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
                await AmberSerializer.SerializeAsync(stream, MakeEnvelope(), cancellationToken: cts.Token));
            Assert.Equal(0, stream.Length);
        }

        // ------------------------------------------------------------------ allocations

        [Fact]
        public void Serializing_into_a_reused_buffer_writer_allocates_nothing()
        {
            BookShelf shelf = MakeShelf(1000);
            MessageEnvelope envelope = MakeEnvelope();
            Vector3[] vectors = MakeVectors();
            var buffer = new ArrayBufferWriter<byte>(1 << 20);

            void WriteAll()
            {
                buffer.ResetWrittenCount();
                AmberSerializer.Serialize(buffer, shelf);
                buffer.ResetWrittenCount();
                AmberSerializer.Serialize(buffer, envelope);
                buffer.ResetWrittenCount();
                AmberSerializer.Serialize(buffer, vectors);
            }

            for (int i = 0; i < 50; i++) WriteAll();   // warm-up: pooled state, JIT

            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++) WriteAll();
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Equal(0, allocated);
            Assert.Equal(AmberSerializer.Serialize(vectors), buffer.WrittenSpan.ToArray());
        }

        /// <summary>A read-only stream that returns at most a few bytes per read.</summary>
        private sealed class TrickleStream : Stream
        {
            private readonly byte[] _data;
            private readonly int _chunk;
            private int _pos;

            public TrickleStream(byte[] data, int chunk)
            {
                _data = data;
                _chunk = chunk;
            }

            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => _pos; set => throw new NotSupportedException(); }
            public override void Flush() { }

            public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

            public override int Read(Span<byte> buffer)
            {
                int n = Math.Min(Math.Min(buffer.Length, _chunk), _data.Length - _pos);
                _data.AsSpan(_pos, n).CopyTo(buffer);
                _pos += n;
                return n;
            }

            public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
            {
                cancellationToken.ThrowIfCancellationRequested();
                return new ValueTask<int>(Read(buffer.Span));
            }

            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }
    }
}
