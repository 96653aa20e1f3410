using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Compression;
using Amber.Internal;
using Amber.Streaming;
using Amber.Tests.Models;
using TestSequences = Amber.Tests.Runtime.TestSequences;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>
    /// The LZ4 frame compressor (docs/format.md §7.4, compression id 2) on its own and behind a valid checksum: the stream's
    /// checksum stops every accidental flip before the compressor sees it, so these tests forge frames whose damaged
    /// bodies carry a correct checksum, and feed the compressor directly, to reach the decoder itself.
    /// </summary>
    public class AmberLz4Tests
    {
        private static readonly AmberStreamOptions Lz4 = new AmberStreamOptions { ItemsPerFrame = 7, Compression = AmberLz4.Default };

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

        /// <summary>Bytes that compress, but not to nothing: text with repeats and a counter.</summary>
        private static byte[] Sample(int length)
        {
            var data = new byte[length];
            for (int i = 0; i < length; i++) data[i] = (byte)(i % 97 < 60 ? 'a' + i % 7 : i * 31);
            return data;
        }

        private static byte[] Compress(AmberCompressor compressor, byte[] raw)
        {
            var w = new ArrayBufferWriter<byte>();
            compressor.Compress(new ReadOnlySequence<byte>(raw), w);
            return w.WrittenSpan.ToArray();
        }

        private static byte[] Decompress(ReadOnlySequence<byte> stored, int rawLength)
        {
            var w = new ArrayBufferWriter<byte>();
            AmberLz4.Default.Decompress(stored, w, rawLength);
            return w.WrittenSpan.ToArray();
        }

        /// <summary>A one-frame stream holding <paramref name="body"/> as stored bytes, with a correct checksum and end frame.</summary>
        private static byte[] Forge(uint count, uint rawLength, byte[] body)
        {
            var header = new byte[17];
            header[0] = 2;
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(1), count);
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(5), rawLength);
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(9), (uint)body.Length);
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(13), XxHash32.Hash(body, XxHash32.Hash(header.AsSpan(0, 13))));
            var end = new byte[17];
            end[0] = 0x80;
            BinaryPrimitives.WriteUInt64LittleEndian(end.AsSpan(1), count);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(9), 1);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(13), XxHash32.Hash(end.AsSpan(0, 13)));
            return new byte[] { 0x41, 0x4D, 0x42, 0x53, 0x01 }.Concat(header).Concat(body).Concat(end).ToArray();
        }

        /// <summary>A small one-frame LZ4 stream: its count, raw length and stored body.</summary>
        private static (uint Count, uint RawLength, byte[] Body) OneFrame(int books)
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, Books(books), Lz4);
            byte[] bytes = ms.ToArray();
            Assert.Equal(2, bytes[5]);
            uint count = BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(6));
            uint raw = BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(10));
            int stored = (int)BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(14));
            Assert.Equal((uint)books, count);
            Assert.Equal(bytes.Length, 5 + 17 + stored + 17);   // one frame and the end frame
            Assert.Equal(Forge(count, raw, bytes.AsSpan(22, stored).ToArray()), bytes);   // the forger lays frames out as the writer does
            return (count, raw, bytes.AsSpan(22, stored).ToArray());
        }

        [Fact]
        public void The_compressor_is_id_2_named_LZ4()
        {
            Assert.Equal(2, AmberLz4.Default.Id);
            Assert.Equal("LZ4", AmberLz4.Default.Name);
            Assert.Same(AmberLz4.Default, AmberLz4.Default);
        }

        [Fact]
        public void Every_level_round_trips_and_any_level_reads_any_other()
        {
            byte[] raw = Sample(20_000);
            int fastest = Compress(AmberLz4.Default, raw).Length;
            int smallest = Compress(new AmberLz4(12), raw).Length;
            Assert.True(smallest < fastest, $"level 12: {smallest}, level 0: {fastest}");
            for (int level = 0; level <= 12; level++)
            {
                byte[] stored = Compress(new AmberLz4(level), raw);
                Assert.True(stored.Length < raw.Length / 2, $"level {level}: {stored.Length}");
                Assert.Equal(raw, Decompress(new ReadOnlySequence<byte>(stored), raw.Length));
            }
            // Levels 0–2 are LZ4's one fast encoder.
            Assert.Equal(Compress(AmberLz4.Default, raw), Compress(new AmberLz4(2), raw));
        }

        [Theory]
        [InlineData(-1)]
        [InlineData(13)]
        public void A_level_outside_0_to_12_is_refused(int level)
        {
            var ex = Assert.Throws<ArgumentOutOfRangeException>(() => new AmberLz4(level));
            Assert.Equal("level", ex.ParamName);
        }

        [Fact]
        public void Multi_segment_input_compresses_and_decompresses_as_one_span_does()
        {
            byte[] raw = Sample(3_000);
            byte[] stored = Compress(AmberLz4.Default, raw);

            foreach (ReadOnlySequence<byte> split in new[] { TestSequences.Chunked(raw, 1000), TestSequences.OneByteSegmentsWithEmpties(raw), TestSequences.SplitAt(raw, 0, 1, 2999) })
            {
                var w = new ArrayBufferWriter<byte>();
                AmberLz4.Default.Compress(split, w);
                Assert.Equal(stored, w.WrittenSpan.ToArray());
            }
            foreach ((int offset, ReadOnlySequence<byte> split) in TestSequences.AllTwoWaySplits(stored))
                Assert.True(raw.AsSpan().SequenceEqual(Decompress(split, raw.Length)), $"split at {offset}");
            Assert.Equal(raw, Decompress(TestSequences.OneByteSegments(stored), raw.Length));
        }

        [Fact]
        public void A_frame_larger_than_one_writer_span_goes_out_and_back_in_pieces()
        {
            // 1 MiB of one byte: compresses close to LZ4's 255:1 bound, and is larger than the stream's 64 KiB buffer segments.
            byte[] raw = new byte[1 << 20];
            raw.AsSpan().Fill(0x5A);
            byte[] stored = Compress(AmberLz4.Default, raw);
            Assert.InRange(stored.Length, raw.Length / 255, raw.Length / 200);
            Assert.Equal(raw, Decompress(TestSequences.Chunked(stored, 1000), raw.Length));

            // The same through a stream, where the destination is the reader's segmented buffer.
            var big = Enumerable.Range(0, 3).Select(i => new Book { Title = new string('x', 300_000), Id = i }).ToList();
            var ms = new MemoryStream();
            AmberStream.Write(ms, big, new AmberStreamOptions { Compression = AmberLz4.Default });
            Assert.True(ms.Length < 10_000, $"{ms.Length} bytes");
            AssertBooks(big, AmberStream.ReadAll<Book>(new MemoryStream(ms.ToArray()), new AmberStreamOptions { Compression = AmberLz4.Default }));
        }

        [Theory]
        [InlineData(-1)]
        [InlineData(1)]
        [InlineData(100)]
        public void A_body_that_decompresses_to_more_or_less_than_rawLength_is_refused_and_nothing_is_written(int error)
        {
            byte[] raw = Sample(500);
            byte[] stored = Compress(AmberLz4.Default, raw);
            var w = new ArrayBufferWriter<byte>();
            AmberException ex = Assert.Throws<AmberException>(() => AmberLz4.Default.Decompress(new ReadOnlySequence<byte>(stored), w, raw.Length + error));
            Assert.StartsWith("An LZ4 frame body is damaged", ex.Problem);
            Assert.Contains((raw.Length + error).ToString(), ex.Problem);
            Assert.Contains("restore it from a good copy", ex.Fix);
            Assert.Equal(0, w.WrittenCount);
        }

        [Theory]
        [InlineData(-1)]
        [InlineData(1)]
        public void A_frame_whose_header_length_disagrees_with_its_LZ4_body_is_a_damaged_frame(int error)
        {
            (uint count, uint raw, byte[] body) = OneFrame(5);
            byte[] forged = Forge(count, (uint)(raw + error), body);   // the checksum is right: only the decoder can tell
            AmberException ex = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(forged), Lz4));
            Assert.Contains("Frame 0 of the chunked stream is damaged", ex.Message);
            Assert.Contains("LZ4", ex.Message);
            Assert.Contains((raw + error).ToString(), ex.Message);
            Assert.Equal(5, ex.ByteOffset);
        }

        [Fact]
        public void A_length_claim_beyond_what_the_body_could_hold_is_refused_before_decoding()
        {
            byte[] stored = Compress(AmberLz4.Default, Sample(100));
            AmberException ex = Assert.Throws<AmberException>(() => Decompress(new ReadOnlySequence<byte>(stored), 255 * stored.Length + 1));
            Assert.Contains("cannot decompress", ex.Problem);
            Assert.Throws<AmberException>(() => Decompress(ReadOnlySequence<byte>.Empty, 10));
            Assert.Throws<AmberException>(() => Decompress(new ReadOnlySequence<byte>(stored), 0));
            Assert.Empty(Decompress(ReadOnlySequence<byte>.Empty, 0));
        }

        [Fact]
        public void Bytes_after_the_last_sequence_are_refused()
        {
            byte[] raw = Sample(100);
            byte[] stored = Compress(AmberLz4.Default, raw);
            Assert.Equal(raw, Decompress(new ReadOnlySequence<byte>(stored), raw.Length));
            foreach (byte extra in new byte[] { 0x00, 0x10, 0x61 })
                Assert.Throws<AmberException>(() => Decompress(new ReadOnlySequence<byte>(stored.Append(extra).ToArray()), raw.Length));
        }

        [Fact]
        public void Every_bit_flip_and_every_cut_of_an_LZ4_body_behind_a_valid_checksum_is_an_error_or_the_right_items()
        {
            (uint count, uint raw, byte[] body) = OneFrame(6);
            List<Book> expected = Books(6);
            int errors = 0;

            void Check(byte[] forged, string what)
            {
                List<Book> read;
                try
                {
                    read = AmberStream.ReadAll<Book>(new MemoryStream(forged), Lz4);
                }
                catch (AmberException ex)
                {
                    Assert.True(ex.ByteOffset >= 0, $"{what}: no offset");
                    errors++;
                    return;
                }
                // A flip inside a literal run is still valid LZ4, and can decode to other valid items: what the
                // checksum exists to catch. What may never happen is another kind of exception, or a different count.
                Assert.Equal(expected.Count, read.Count);
            }

            for (int i = 0; i < body.Length; i++)
            {
                for (int bit = 0; bit < 8; bit++)
                {
                    body[i] ^= (byte)(1 << bit);
                    Check(Forge(count, raw, body), $"flip at {i}.{bit}");
                    body[i] ^= (byte)(1 << bit);
                }
            }
            for (int length = 0; length < body.Length; length++)
                Check(Forge(count, raw, body.AsSpan(0, length).ToArray()), $"cut at {length}");
            Check(Forge(count, raw, body.Concat(new byte[] { 0 }).ToArray()), "one byte more");

            Assert.True(errors > body.Length, $"{errors} errors");   // every cut at least, and the flips that break the block
            AssertBooks(expected, AmberStream.ReadAll<Book>(new MemoryStream(Forge(count, raw, body)), Lz4));
        }

        [Fact]
        public void Random_bodies_are_an_AmberException_or_exactly_rawLength_bytes()
        {
            var random = new Random(20261122);
            byte[] valid = Compress(AmberLz4.Default, Sample(400));
            for (int round = 0; round < 20_000; round++)
            {
                byte[] stored;
                if (round % 2 == 0)
                {
                    stored = new byte[random.Next(1, 48)];
                    random.NextBytes(stored);
                }
                else
                {
                    // A valid block with a few random bytes overwritten, so the decoder gets past the first sequence.
                    stored = (byte[])valid.Clone();
                    for (int k = random.Next(1, 4); k > 0; k--) stored[random.Next(stored.Length)] = (byte)random.Next(256);
                }
                int rawLength = random.Next(1, 600);
                var w = new ArrayBufferWriter<byte>();
                try
                {
                    AmberLz4.Default.Decompress(TestSequences.Chunked(stored, 1 + round % 17), w, rawLength);
                    Assert.Equal(rawLength, w.WrittenCount);
                }
                catch (AmberException ex)
                {
                    Assert.StartsWith("An LZ4 frame body is damaged", ex.Problem);
                    Assert.Equal(0, w.WrittenCount);
                }
            }
        }
    }
}
