using System;
using System.Buffers.Binary;
using System.IO;
using Amber.Internal;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>The exact bytes of a chunked stream (docs/format.md §7.4), laid out by hand from the spec.</summary>
    public class StreamGoldenBytesTests
    {
        [Fact]
        public void One_frame_of_one_string_and_the_end_frame()
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, new[] { "hi" });

            byte[] body = { 0x14, 0x03, 0x68, 0x69 };   // payload header (version 1, Bytes), "hi"
            byte[] header = new byte[17];
            header[0] = 0x00;                                                  // flags: stored, no codec
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(1), 1);     // count
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(5), 4);     // raw length
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(9), 4);     // stored length
            uint seed = XxHash32.Hash(header.AsSpan(0, 13));
            BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(13), XxHash32.Hash(body, seed));

            byte[] end = new byte[17];
            end[0] = 0x80;
            BinaryPrimitives.WriteUInt64LittleEndian(end.AsSpan(1), 1);        // total items
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(9), 1);        // frames
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(13), XxHash32.Hash(end.AsSpan(0, 13)));

            string expected = "414D425301"                                     // "AMBS", version 1
                + Convert.ToHexString(header) + Convert.ToHexString(body) + Convert.ToHexString(end);
            Assert.Equal(expected, Convert.ToHexString(ms.ToArray()));
        }

        [Fact]
        public void An_empty_stream_is_the_start_and_the_end_frame()
        {
            var ms = new MemoryStream();
            AmberStream.Write(ms, Array.Empty<string>());
            byte[] end = new byte[17];
            end[0] = 0x80;
            BinaryPrimitives.WriteUInt32LittleEndian(end.AsSpan(13), XxHash32.Hash(end.AsSpan(0, 13)));
            Assert.Equal("414D425301" + Convert.ToHexString(end), Convert.ToHexString(ms.ToArray()));
            Assert.Empty(AmberStream.ReadAll<string>(new MemoryStream(ms.ToArray())));
        }
    }
}
