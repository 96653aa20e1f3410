using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using Amber.Tool.Tests.Model;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary><c>amber dump</c>: payloads and streams as JSON, typed and schema-less, to stdout or a file; damaged input.</summary>
    public class DumpTests : ToolTestBase
    {
        [Theory]
        [InlineData("stored")]
        [InlineData("brotli")]
        [InlineData("lz4")]
        public void A_stream_is_dumped_frame_by_frame(string codec)
        {
            byte[] bytes = StreamBytes(25, codec);
            ToolResult r = Run("dump", WriteFile("saves.ambs", bytes));
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            JsonElement root = doc.RootElement;
            Assert.Equal("amber-stream", root.GetProperty("format").GetString());
            JsonElement[] frames = root.GetProperty("frames").EnumerateArray().ToArray();
            Assert.Equal(3, frames.Length);
            var starts = FrameStarts(bytes);
            for (int i = 0; i < 3; i++)
            {
                Assert.Equal(i, frames[i].GetProperty("frame").GetInt32());
                Assert.Equal(starts[i], frames[i].GetProperty("offset").GetInt64());
                Assert.Equal(codec, frames[i].GetProperty("compression").GetString());
                Assert.Equal("ok", frames[i].GetProperty("checksum").GetString());
                Assert.Equal(frames[i].GetProperty("items").GetInt32(), frames[i].GetProperty("values").GetArrayLength());
                Assert.Equal(starts[i + 1] - starts[i] - 17, frames[i].GetProperty("storedBytes").GetInt32());
            }
            Assert.Equal(new[] { 10, 10, 5 }, frames.Select(f => f.GetProperty("items").GetInt32()));
            JsonElement end = root.GetProperty("end");
            Assert.Equal(25, end.GetProperty("items").GetInt64());
            Assert.Equal(3, end.GetProperty("frames").GetInt32());
            Assert.Equal(starts[3], end.GetProperty("offset").GetInt64());
            Assert.False(root.TryGetProperty("error", out _));
        }

        [Fact]
        public void A_typed_stream_dump_names_the_members()
        {
            string file = WriteFile("saves.ambs", StreamBytes(12, "lz4"));
            ToolResult r = Run("dump", file, "--assembly", ModelAssembly, "--type", "Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("\"Player\": \"Ada 11\"", r.Stdout);
            Assert.Contains("potion 2", r.Stdout);
        }

        [Fact]
        public void A_typed_payload_dump_names_the_members()
        {
            string file = WriteFile("save.bin", Samples.SavePayload(7));
            ToolResult r = Run("dump", file, "-a", ModelAssembly, "-t", "Amber.Tool.Tests.Model.Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            Assert.Contains("\"Player\": \"Ada 7\"", r.Stdout);
            Assert.Contains("\"Level\": 7", r.Stdout);
        }

        [Fact]
        public void A_schema_less_payload_dump_is_JSON()
        {
            ToolResult r = Run("dump", WriteFile("save.bin", Samples.SavePayload(3)));
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            Assert.Contains("Ada 3", r.Stdout);
        }

        [Fact]
        public void Output_goes_to_the_file_and_not_to_stdout()
        {
            string output = Path.Combine(Directory, "out.json");
            ToolResult r = Run("dump", WriteFile("saves.ambs", StreamBytes(5)), "--output", output);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Equal("", r.Stdout);
            using JsonDocument doc = JsonDocument.Parse(File.ReadAllText(output));
            Assert.Equal(5, doc.RootElement.GetProperty("end").GetProperty("items").GetInt64());
        }

        [Fact]
        public void A_damaged_first_frame_ends_the_JSON_with_an_error_and_exits_with_1()
        {
            byte[] bytes = StreamBytes(25, "lz4");
            bytes[5 + 17 + 2] ^= 0x04;
            ToolResult r = Run("dump", WriteFile("bad.ambs", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            Assert.Equal(0, doc.RootElement.GetProperty("frames").GetArrayLength());
            JsonElement error = doc.RootElement.GetProperty("error");
            Assert.Equal(5, error.GetProperty("offset").GetInt64());
            Assert.Contains("Frame 0 of the chunked stream is damaged", error.GetProperty("message").GetString());
            Assert.False(doc.RootElement.TryGetProperty("end", out _));
            Assert.Contains("Frame 0 of the chunked stream is damaged", r.Stderr);
        }

        [Fact]
        public void A_damaged_later_frame_keeps_the_good_frames_before_it()
        {
            byte[] bytes = StreamBytes(25);
            int frame2 = FrameStarts(bytes)[2];
            bytes[frame2 + 17 + 5] ^= 0x01;
            ToolResult r = Run("dump", WriteFile("bad.ambs", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            Assert.Equal(2, doc.RootElement.GetProperty("frames").GetArrayLength());
            Assert.Equal(frame2, doc.RootElement.GetProperty("error").GetProperty("offset").GetInt64());
        }

        [Fact]
        public void A_truncated_stream_exits_with_1()
        {
            byte[] bytes = StreamBytes(25);
            ToolResult r = Run("dump", WriteFile("cut.ambs", bytes.AsSpan(0, 12).ToArray()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("cut short inside a frame header (frame 0)", r.Stderr);
        }

        [Fact]
        public void A_file_that_is_not_Amber_data_exits_with_1_and_writes_no_JSON()
        {
            ToolResult r = Run("dump", WriteFile("notes.txt", System.Text.Encoding.UTF8.GetBytes("{ \"not\": \"amber\" }")));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Equal("", r.Stdout);
            Assert.StartsWith("amber: ", r.Stderr);
            Assert.DoesNotContain("   at ", r.Stderr);   // no stack trace
        }
    }
}
