using System;
using System.Buffers.Binary;
using System.IO;
using Amber.Compression;
using Amber.Internal;
using Amber.Streaming;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>The exact bytes of a chunked stream (docs/format.md §7.4), laid out by hand from the spec.</summary>
    public class StreamGoldenBytesTests
    {
        /// <summary>A frame header (format §7.4): flags, count, raw and stored length, then the checksum of the header's first 13 bytes and the body.</summary>
        private static byte[] FrameHeader(byte flags, uint count, uint rawLength, byte[] body)
        {
            byte[] header = new byte[17];
            header[0] = flags;
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(1), count);
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(5), rawLength);
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(9), (uint)body.Length);   // stored length
            uint seed = XxHash32.Hash(header.AsSpan(0, 13));
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(13), XxHash32.Hash(body, seed));
            return header;
        }

        /// <summary>The end frame: flag 0x80, total items, frames, and the checksum of its first 13 bytes.</summary>
        private static byte[] EndFrame(ulong items, uint frames)
        {
            byte[] end = new byte[17];
            end[0] = 0x80;
            BinaryPrimitives.WriteUInt64LittleEndian(end.AsSpan(1), items);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(9), frames);
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(13), XxHash32.Hash(end.AsSpan(0, 13)));
            return end;
        }

        [Fact]
        public void One_frame_of_one_string_and_the_end_frame()
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, new[] { "hi" });

            byte[] body = { 0x14, 0x03, 0x68, 0x69 };   // payload header (version 1, Bytes), "hi"
            byte[] header = FrameHeader(0x00, count: 1, rawLength: 4, body);   // flags: stored, no compression
            byte[] end = EndFrame(items: 1, frames: 1);

            string expected = "414D425301"                                     // "AMBS", version 1
                + Convert.ToHexString(header) + Convert.ToHexString(body) + Convert.ToHexString(end);
            Assert.Equal(expected, Convert.ToHexString(ms.ToArray()));
        }

        [Fact]
        public void One_LZ4_frame_is_one_LZ4_block_of_the_raw_body()
        {
            var options = new AmberStreamOptions { Compression = AmberLz4.Default };
            var ms = new MemoryStream();
            AmberStream.Write(ms, new[] { new string('a', 20) }, options);

            // Raw body: payload header (version 1, Bytes), L = 21, then 20 × 'a': 22 bytes.
            // The LZ4 block (no LZ4 frame, no length prefix) holds two sequences:
            byte[] body =
            {
                0x3A,               // token: 3 literals, match length 4 + 10 = 14
                0x14, 0x15, 0x61,   // the literals: payload header, L, the first 'a'
                0x01, 0x00,         // match offset 1 (little-endian): repeat the previous byte 14 times
                0x50,               // token: 5 literals, no match (LZ4 ends every block with at least 5 literals)
                0x61, 0x61, 0x61, 0x61, 0x61,
            };
            byte[] header = FrameHeader(0x02, count: 1, rawLength: 22, body);  // flags: compression id 2, LZ4; stored length 12
            byte[] end = EndFrame(items: 1, frames: 1);

            byte[] expected = Convert.FromHexString("414D425301" + Convert.ToHexString(header) + Convert.ToHexString(body) + Convert.ToHexString(end));
            // Reading is the format's contract: these bytes read back whatever encoder wrote them.
            Assert.Equal(new[] { new string('a', 20) }, AmberStream.ReadAll<string>(new MemoryStream(expected), options));
            // Writing pins the encoder: LZ4 level 0 (the fast encoder) chooses exactly these sequences.
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(ms.ToArray()));
        }

        [Fact]
        public void A_frames_items_list_every_member_even_the_first()
        {
            // A frame's payload holds many items, so its first object is not a message alone: Book's one shape lists
            // Title, Id and BookData though the first book has only a title (docs/format.md §5).
            var ms = new MemoryStream();
            AmberStream.Write(ms, new[] { new Amber.Tests.Models.Book { Title = "A" }, new Amber.Tests.Models.Book { Title = "B", Id = 2 } });

            byte[] body = Convert.FromHexString(
                "15"                                        // payload header (version 1, Object)
                + "02" + "06" + "1CB8" + "4072" + "5482"    // shape 0 defined: Title, Id, BookData
                + "01" + "0241"                             // presence: Title; "A"
                + "01" + "03" + "0242" + "04");             // shape 0; Title, Id; "B", zigzag(2)
            byte[] header = FrameHeader(0x00, count: 2, rawLength: (uint)body.Length, body);
            byte[] end = EndFrame(items: 2, frames: 1);
            string expected = "414D425301" + Convert.ToHexString(header) + Convert.ToHexString(body) + Convert.ToHexString(end);
            Assert.Equal(expected, Convert.ToHexString(ms.ToArray()));
        }

        [Fact]
        public void An_empty_stream_is_the_start_and_the_end_frame()
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, Array.Empty<string>());
            Assert.Equal("414D425301" + Convert.ToHexString(EndFrame(items: 0, frames: 0)), Convert.ToHexString(ms.ToArray()));
            Assert.Empty(AmberStream.ReadAll<string>(new MemoryStream(ms.ToArray())));
        }
    }
}
