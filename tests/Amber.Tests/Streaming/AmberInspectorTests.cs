using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Amber.Compression;
using Amber.Inspection;
using Amber.Streaming;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>AmberInspector on chunked streams: the frames it lists are the frames in the bytes, the first bad frame is reported (not thrown) at its offset.</summary>
    public class AmberInspectorTests
    {
        private static readonly AmberInspectorOptions AllCompressors = new AmberInspectorOptions { Compressors = new AmberCompressor[] { AmberBrotli.Default, AmberLz4.Default } };

        private static byte[] Write(int count, AmberCompressor? compressor)
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, Enumerable.Range(0, count).Select(i => new Book { Title = "Book " + i, Id = i }), new AmberStreamOptions { ItemsPerFrame = 7, Compression = compressor });
            return ms.ToArray();
        }

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

        public static TheoryData<string> Compressions => new TheoryData<string> { "stored", "Brotli", "LZ4" };

        private static AmberCompressor? Compressor(string name) => name switch { "Brotli" => AmberBrotli.Default, "LZ4" => AmberLz4.Default, _ => null };

        [Theory]
        [MemberData(nameof(Compressions))]
        public void The_report_lists_every_frame_as_it_is_in_the_bytes(string compression)
        {
            byte[] bytes = Write(30, Compressor(compression));
            List<int> starts = FrameStarts(bytes);
            AmberStreamReport report = AmberInspector.VerifyStream(new MemoryStream(bytes), null, AllCompressors);
            Assert.True(report.IsValid, report.Error?.Message);
            Assert.Equal(5, report.Frames.Count);
            for (int i = 0; i < report.Frames.Count; i++)
            {
                AmberFrameInfo f = report.Frames[i];
                Assert.Equal(i, f.Index);
                Assert.Equal(starts[i], f.Offset);
                Assert.Equal(compression, f.Compression);
                Assert.Equal(bytes[starts[i]] & 0x0F, f.CompressionId);
                Assert.Equal(i < 4 ? 7 : 2, f.Items);
                Assert.Equal(starts[i + 1] - starts[i] - 17, f.StoredBytes);
                Assert.Equal((int)BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(starts[i] + 5)), f.RawBytes);
            }
            Assert.Equal(30, report.Items);
            Assert.Equal(bytes.Length, report.StreamBytes);
            Assert.Equal(starts[^1], report.EndOffset);
            Assert.Equal(report.Frames.Sum(f => (long)f.StoredBytes), report.StoredBytes);
        }

        [Fact]
        public void A_compressed_frame_without_its_compressor_is_an_error_not_an_exception()
        {
            byte[] bytes = Write(10, AmberLz4.Default);
            AmberStreamReport report = AmberInspector.VerifyStream(new MemoryStream(bytes));
            Assert.False(report.IsValid);
            Assert.Empty(report.Frames);
            Assert.Contains("compression id 2", report.Error!.Message);
            Assert.Equal(5, report.Error.ByteOffset);
        }

        [Fact]
        public void Reading_stops_at_the_first_damaged_frame()
        {
            byte[] bytes = Write(30, AmberBrotli.Default);
            List<int> starts = FrameStarts(bytes);
            bytes[starts[3] + 20] ^= 0x01;
            bytes[starts[4] + 20] ^= 0x01;
            AmberStreamReport report = AmberInspector.VerifyStream(new MemoryStream(bytes), null, AllCompressors);
            Assert.Equal(3, report.Frames.Count);
            Assert.Equal(21, report.Items);
            Assert.Equal(starts[3], report.Error!.ByteOffset);
            Assert.Contains("Frame 3 of the chunked stream is damaged", report.Error.Message);
            Assert.Equal(-1, report.EndOffset);
        }

        [Fact]
        public void The_same_damage_fails_AmberStream_with_the_same_message()
        {
            byte[] bytes = Write(30, null);
            List<int> starts = FrameStarts(bytes);
            bytes[starts[2] + 3] ^= 0x40;
            AmberStreamReport report = AmberInspector.VerifyStream(new MemoryStream(bytes));
            var thrown = Assert.Throws<AmberException>(() => AmberStream.ReadAll<Book>(new MemoryStream(bytes)));
            Assert.Equal(thrown.Message, report.Error!.Message);
        }

        [Fact]
        public void Progress_is_told_the_bytes_read_after_each_frame()
        {
            byte[] bytes = Write(30, null);
            var seen = new List<long>();
            AmberInspector.VerifyStream(new MemoryStream(bytes), progress: new Recorder(seen));
            Assert.Equal(FrameStarts(bytes).Skip(1).Select(s => (long)s).Append(bytes.Length), seen);
        }

        [Fact]
        public void A_stream_is_told_from_a_payload_by_its_first_bytes()
        {
            Assert.True(AmberInspector.IsChunkedStream(Write(1, null)));
            Assert.False(AmberInspector.IsChunkedStream(AmberSerializer.Serialize(new Book { Title = "x" })));
            Assert.False(AmberInspector.IsChunkedStream("AMB"u8));
        }

        [Fact]
        public void The_JSON_of_a_stream_damaged_in_its_first_frame_is_whole_and_ends_with_the_error()
        {
            byte[] bytes = Write(10, null);
            bytes[5 + 17] ^= 0xFF;
            var json = new ArrayBufferWriter<byte>();
            AmberStreamReport report;
            using (var writer = new Utf8JsonWriter(json)) report = AmberInspector.StreamToJson(new MemoryStream(bytes), writer);
            Assert.False(report.IsValid);
            using JsonDocument doc = JsonDocument.Parse(json.WrittenMemory);
            Assert.Equal("amber-stream", doc.RootElement.GetProperty("format").GetString());
            Assert.Equal(0, doc.RootElement.GetProperty("frames").GetArrayLength());
            Assert.Equal(5, doc.RootElement.GetProperty("error").GetProperty("offset").GetInt64());
            Assert.Equal(report.Error!.Message, doc.RootElement.GetProperty("error").GetProperty("message").GetString());
        }

        [Fact]
        public void Stream_stats_count_every_item_and_add_up()
        {
            byte[] bytes = Write(30, AmberLz4.Default);
            AmberPayloadStats stats = AmberInspector.GetStreamStats(new MemoryStream(bytes), typeof(Book), AllCompressors);
            AmberStreamReport report = AmberInspector.VerifyStream(new MemoryStream(bytes), typeof(Book), AllCompressors);
            Assert.True(report.IsValid, report.Error?.Message);
            Assert.Equal(30, stats.Items);
            Assert.Equal(report.RawBytes, stats.TotalBytes);
            Assert.Equal(stats.TotalBytes, stats.Types.Sum(t => t.Bytes));
            Assert.Equal(30, stats.Types.Single(t => t.TypeName.EndsWith("Book", StringComparison.Ordinal)).Count);
        }

        [Fact]
        public void Payload_stats_add_up_to_the_payload()
        {
            byte[] payload = AmberSerializer.Serialize(new BookShelf { Books = new List<Book> { new Book { Title = "a" }, new Book { Title = "b" } } });
            AmberPayloadStats stats = AmberInspector.GetStats(payload, typeof(BookShelf));
            Assert.Equal(payload.Length, stats.TotalBytes);
            Assert.Equal(1, stats.Items);
            Assert.Equal(payload.Length, stats.Types.Sum(t => t.Bytes));
            Assert.Equal(2, stats.Types.Single(t => t.TypeName.EndsWith("Book", StringComparison.Ordinal)).Count);
        }

        private sealed class Recorder : IProgress<long>
        {
            private readonly List<long> _seen;

            public Recorder(List<long> seen) => _seen = seen;

            public void Report(long value) => _seen.Add(value);
        }
    }
}
