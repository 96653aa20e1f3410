using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Amber.Compression;
using Amber.Streaming;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>Chunked streams (docs/format.md §7.4): round trips, frame bounds, integrity, compression (stored, Brotli, LZ4), limits, cancellation, snapshots.</summary>
    public class AmberStreamTests
    {
        private static readonly AmberStreamOptions SmallFrames = new AmberStreamOptions { ItemsPerFrame = 7 };
        private static readonly AmberStreamOptions SmallBrotli = new AmberStreamOptions { ItemsPerFrame = 7, Compression = AmberBrotli.Default };
        private static readonly AmberStreamOptions SmallLz4 = new AmberStreamOptions { ItemsPerFrame = 7, Compression = AmberLz4.Default };

        private static AmberStreamOptions Small(string compression) => compression switch
        {
            "stored" => SmallFrames,
            "brotli" => SmallBrotli,
            "lz4" => SmallLz4,
            _ => throw new ArgumentOutOfRangeException(nameof(compression), compression, null),
        };

        private static List<Book> Books(int n) => Enumerable.Range(0, n).Select(i => new Book { Title = "Book " + i, Id = i, BookData = i % 3 == 0 ? new byte[] { (byte)i, 1, 2 } : null }).ToList();

        private static void AssertBooks(IReadOnlyList<Book> expected, IReadOnlyList<Book> actual)
        {
            Assert.Equal(expected.Count, actual.Count);
            for (int i = 0; i < expected.Count; i++)
            {
                Assert.Equal(expected[i].Title, actual[i].Title);
                Assert.Equal(expected[i].Id, actual[i].Id);
                Assert.Equal(expected[i].BookData, actual[i].BookData);
            }
        }

        private static byte[] Write(IEnumerable<Book> books, AmberStreamOptions options)
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, books, options);
            return ms.ToArray();
        }

        /// <summary>The byte offset where each frame starts, and where the end frame starts (last).</summary>
        private static List<int> FrameStarts(byte[] stream)
        {
            var starts = new List<int>();
            int pos = 5;
            while (true)
            {
                starts.Add(pos);
                if (stream[pos] == 0x80) return starts;
                pos += 17 + (int)BinaryPrimitives.ReadUInt32LittleEndian(stream.AsSpan(pos + 9));
            }
        }

        [Theory]
        [InlineData(0)]
        [InlineData(1)]
        [InlineData(7)]
        [InlineData(100)]
        public async Task Items_round_trip_through_every_read_path(int n)
        {
            List<Book> books = Books(n);
            foreach (AmberStreamOptions options in new[] { AmberStreamOptions.Default, SmallFrames, SmallBrotli, SmallLz4 })
            {
                byte[] bytes = Write(books, options);
                AssertBooks(books, AmberStream.ReadAll<Book>(new MemoryStream(bytes), options));
                AssertBooks(books, await AmberStream.ReadAllAsync<Book>(new MemoryStream(bytes), options));
                AssertBooks(books, AmberStream.Read<Book>(new MemoryStream(bytes), options).ToList());
            }
        }

        [Fact]
        public async Task Async_writers_write_the_same_bytes_as_the_sync_writer()
        {
            List<Book> books = Books(50);
            byte[] sync = Write(books, SmallFrames);

            var fromList = new MemoryStream();
            await AmberStream.WriteAsync(fromList, books, SmallFrames);
            Assert.Equal(sync, fromList.ToArray());

            var fromAsync = new MemoryStream();
            await AmberStream.WriteAsync(fromAsync, Produce(books), SmallFrames);
            Assert.Equal(sync, fromAsync.ToArray());
        }

        private static async IAsyncEnumerable<Book> Produce(IEnumerable<Book> books)
        {
            foreach (Book b in books)
            {
                await Task.Yield();
                yield return b;
            }
        }

        [Fact]
        public void Frames_hold_at_most_ItemsPerFrame_items_and_are_closed_at_BytesPerFrame()
        {
            byte[] bytes = Write(Books(50), SmallFrames);
            List<int> starts = FrameStarts(bytes);
            Assert.Equal(8 + 1, starts.Count);   // 7 × 7 + 1, and the end frame
            foreach (int s in starts.Take(starts.Count - 1)) Assert.InRange(BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(s + 1)), 1u, 7u);

            // Large items: the byte bound closes frames long before the item bound.
            var big = Enumerable.Range(0, 40).Select(i => new Book { Title = new string('x', 600), Id = i }).ToList();
            byte[] chunked = Write(big, new AmberStreamOptions { BytesPerFrame = 4096 });
            Assert.True(FrameStarts(chunked).Count > 5);
            AssertBooks(big, AmberStream.ReadAll<Book>(new MemoryStream(chunked)));
        }

        [Fact]
        public void The_format_starts_with_the_magic_and_ends_with_the_totals()
        {
            byte[] bytes = Write(Books(10), SmallFrames);
            Assert.Equal(new byte[] { 0x41, 0x4D, 0x42, 0x53, 0x01 }, bytes.AsSpan(0, 5).ToArray());
            int end = FrameStarts(bytes).Last();
            Assert.Equal(bytes.Length, end + 17);
            Assert.Equal(10UL, BinaryPrimitives.ReadUInt64LittleEndian(bytes.AsSpan(end + 1)));
            Assert.Equal(2u, BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(end + 9)));
        }

        [Theory]
        [InlineData("stored")]
        [InlineData("brotli")]
        [InlineData("lz4")]
        public void A_stream_cut_at_any_byte_is_an_error_never_fewer_items(string compression)
        {
            AmberStreamOptions options = Small(compression);
            byte[] bytes = Write(Books(30), options);
            List<int> boundaries = FrameStarts(bytes);
            for (int length = 0; length < bytes.Length; length++)
            {
                var cut = new MemoryStream(bytes, 0, length);
                var read = new List<Book>();
                AmberException ex = Assert.Throws<AmberException>(() =>
                {
                    foreach (Book b in AmberStream.Read<Book>(cut, options)) read.Add(b);
                });
                if (boundaries.Contains(length)) Assert.Contains("without its end frame", ex.Message);
                // Items of whole frames before the cut were handed out (correct ones), but the enumeration ends in an error, not quietly.
                AssertBooks(Books(30).Take(read.Count).ToList(), read);
            }
        }

        [Theory]
        [InlineData("stored")]
        [InlineData("brotli")]
        [InlineData("lz4")]
        public void Every_single_bit_flip_is_detected(string compression)
        {
            AmberStreamOptions options = Small(compression);
            byte[] bytes = Write(Books(15), options);
            for (int i = 0; i < bytes.Length; i++)
            {
                for (int bit = 0; bit < 8; bit++)
                {
                    bytes[i] ^= (byte)(1 << bit);
                    AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(bytes), options));
                    Assert.True(ex.ByteOffset >= 0, $"flip at {i}.{bit}: no offset");
                    bytes[i] ^= (byte)(1 << bit);
                }
            }
            Assert.Equal(15, AmberStream.ReadAll<Book>(new MemoryStream(bytes), options).Count);
        }

        [Fact]
        public void The_damage_message_names_the_frame_and_the_offset()
        {
            byte[] bytes = Write(Books(20), SmallFrames);
            int second = FrameStarts(bytes)[1];
            bytes[second + 20] ^= 0x10;   // inside the second frame's body
            AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(bytes), SmallFrames));
            Assert.Contains("Frame 1", ex.Message);
            Assert.Contains("checksum", ex.Message);
            Assert.Equal(second, ex.ByteOffset);
        }

        [Fact]
        public void Brotli_frames_are_smaller_and_need_the_compressor_to_read()
        {
            List<Book> books = Books(500);
            byte[] plain = Write(books, AmberStreamOptions.Default);
            byte[] packed = Write(books, new AmberStreamOptions { Compression = AmberBrotli.Default });
            Assert.True(packed.Length < plain.Length / 2, $"{packed.Length} vs {plain.Length}");
            AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(packed)));
            Assert.Contains("compression id 1", ex.Message);
            Assert.Contains("Compression", ex.Message);
        }

        [Fact]
        public void Lz4_frames_are_smaller_and_need_the_compressor_to_read()
        {
            List<Book> books = Books(500);
            byte[] plain = Write(books, AmberStreamOptions.Default);
            byte[] packed = Write(books, new AmberStreamOptions { Compression = AmberLz4.Default });
            Assert.True(packed.Length < plain.Length * 3 / 4, $"{packed.Length} vs {plain.Length}");
            Assert.Equal(2, packed[5] & 0x0F);   // the first frame's compression id

            AmberException none = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(packed)));
            Assert.Contains("compression id 2", none.Message);
            Assert.Contains("AmberLz4", none.Message);
            Assert.Equal(5, none.ByteOffset);

            // Another compressor is not a stand-in: a Brotli reader refuses LZ4 frames by id, before decoding anything.
            AmberException other = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(packed), new AmberStreamOptions { Compression = AmberBrotli.Default }));
            Assert.Contains("compression id 2", other.Message);

            AssertBooks(books, AmberStream.ReadAll<Book>(new MemoryStream(packed), new AmberStreamOptions { Compression = AmberLz4.Default }));
        }

        [Fact]
        public void A_frame_header_above_the_decompressed_limit_fails_before_its_body_is_read()
        {
            byte[] bytes = Write(Books(20), SmallFrames);
            var small = new AmberStreamOptions { ItemsPerFrame = 7, Serializer = new AmberOptions { MaxDecompressedBytes = 16 } };
            AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(bytes), small));
            Assert.Contains("MaxDecompressedBytes", ex.Message);
            Assert.Equal(5, ex.ByteOffset);

            // A header claiming 4 GB: refused by the limit, nothing allocated for it.
            int first = FrameStarts(bytes)[0];
            BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(first + 5), uint.MaxValue);
            Assert.Contains("MaxDecompressedBytes", Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(bytes))).Message);

            // The writer refuses to write what readers with the same options would refuse.
            var tiny = new AmberStreamOptions { Serializer = new AmberOptions { MaxDecompressedBytes = 64 } };
            Assert.Throws<AmberException>(() => Write(Books(20), tiny));
        }

        [Fact]
        public async Task Async_reading_and_writing_honour_cancellation()
        {
            using var cts = new CancellationTokenSource();
            cts.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => AmberStream.WriteAsync(new MemoryStream(), Books(10), SmallFrames, cts.Token));
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => AmberStream.WriteAsync(new MemoryStream(), Produce(Books(10)), SmallFrames, cts.Token));

            byte[] bytes = Write(Books(100), SmallFrames);
            using var midway = new CancellationTokenSource();
            int seen = 0;
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            {
                await foreach (Book b in AmberStream.ReadAsync<Book>(new MemoryStream(bytes), SmallFrames, midway.Token))
                {
                    if (++seen == 10) midway.Cancel();
                }
            });
            Assert.InRange(seen, 10, 14);   // the rest of the current frame at most
        }

        [Fact]
        public void Not_a_chunked_stream_is_said_so()
        {
            byte[] single = AmberSerializer.Serialize(Books(3));
            AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(single)));
            Assert.Contains("AMBS", ex.Message);
        }

        [Fact]
        public async Task Snapshots_replace_the_file_whole_or_not_at_all()
        {
            string dir = Path.Combine(Path.GetTempPath(), "amber-snapshot-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                string path = Path.Combine(dir, "topic.amber");
                AmberSnapshot.WriteFile(path, Books(40), SmallFrames);
                AssertBooks(Books(40), AmberSnapshot.ReadFile<Book>(path, SmallFrames).ToList());

                // A writer that fails midway (the process "crashes" while enumerating) leaves the old snapshot and no temporary file.
                Assert.Throws<InvalidOperationException>(() => AmberSnapshot.WriteFile(path, Failing(Books(100), 50), SmallFrames));
                AssertBooks(Books(40), AmberSnapshot.ReadFile<Book>(path, SmallFrames).ToList());
                Assert.Single(Directory.GetFiles(dir));

                await AmberSnapshot.WriteFileAsync(path, Produce(Books(60)), SmallBrotli);
                var back = new List<Book>();
                await foreach (Book b in AmberSnapshot.ReadFileAsync<Book>(path, SmallBrotli)) back.Add(b);
                AssertBooks(Books(60), back);
                Assert.Single(Directory.GetFiles(dir));

                await AmberSnapshot.WriteFileAsync(path, Produce(Books(70)), SmallLz4);
                var lz4 = new List<Book>();
                await foreach (Book b in AmberSnapshot.ReadFileAsync<Book>(path, SmallLz4)) lz4.Add(b);
                AssertBooks(Books(70), lz4);
                AssertBooks(Books(70), AmberSnapshot.ReadFile<Book>(path, SmallLz4).ToList());
                Assert.Single(Directory.GetFiles(dir));

                AmberSnapshot.WriteFile(path, Books(80), SmallLz4);
                AssertBooks(Books(80), AmberSnapshot.ReadFile<Book>(path, SmallLz4).ToList());
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        private static IEnumerable<Book> Failing(IEnumerable<Book> books, int after)
        {
            int i = 0;
            foreach (Book b in books)
            {
                if (i++ == after) throw new InvalidOperationException("crash while writing");
                yield return b;
            }
        }

        [Fact]
        public async Task A_single_large_value_goes_to_and_from_a_stream_in_segments()
        {
            // 3 MB of books: written through the 64 KB stream buffer, read from 64 KB segments.
            var shelf = new BookShelf { Books = Books(100_000) };
            var ms = new MemoryStream();
            AmberSerializer.Serialize(ms, shelf);
            Assert.Equal(AmberSerializer.Serialize(shelf), ms.ToArray());
            ms.Position = 0;
            AssertBooks(shelf.Books, AmberSerializer.Deserialize<BookShelf>(ms)!.Books!);
            ms.Position = 0;
            AssertBooks(shelf.Books, (await AmberSerializer.DeserializeAsync<BookShelf>(ms))!.Books!);
        }
    }
}
