using System;
using System.IO;
using System.Text;
using Amber.Tool.Tests.Model;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary><c>amber verify</c>: streams written by AmberStream and AmberSnapshot (stored, Brotli, LZ4), damaged and cut short; payloads.</summary>
    public class VerifyTests : ToolTestBase
    {
        [Theory]
        [InlineData("stored", "stored")]
        [InlineData("brotli", "Brotli")]
        [InlineData("lz4", "LZ4")]
        public void A_good_stream_is_OK_with_its_frames_items_and_compression(string codec, string name)
        {
            byte[] bytes = StreamBytes(25, codec);
            string file = WriteFile("saves.ambs", bytes);
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains($"{file}: chunked stream, OK", r.Stdout);
            Assert.Contains($"frames  3 (compression: {name}), end frame at byte {bytes.Length - 17}", r.Stdout);
            Assert.Contains("items   25", r.Stdout);
            Assert.Contains($"bytes   {bytes.Length} in the file", r.Stdout);
            Assert.Equal("", r.Stderr);
        }

        [Theory]
        [InlineData("stored")]
        [InlineData("brotli")]
        [InlineData("lz4")]
        public void A_snapshot_file_is_OK(string codec)
        {
            string file = Path.Combine(Directory, "world.snapshot");
            Samples.WriteSnapshot(file, 31, Options(codec));
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("items   31", r.Stdout);
            Assert.Contains("frames  4 ", r.Stdout);
        }

        [Fact]
        public void An_empty_stream_is_OK()
        {
            string file = WriteFile("empty.ambs", StreamBytes(0));
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("frames  0 (compression: none)", r.Stdout);
        }

        [Theory]
        [InlineData("stored")]
        [InlineData("brotli")]
        [InlineData("lz4")]
        public void A_flipped_bit_names_the_frame_and_its_offset(string codec)
        {
            byte[] bytes = StreamBytes(25, codec);
            int frame1 = FrameStarts(bytes)[1];
            bytes[frame1 + 17 + 3] ^= 0x10;   // inside frame 1's body
            string file = WriteFile("flipped.ambs", bytes);
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("chunked stream, DAMAGED", r.Stdout);
            Assert.Contains($"good    1 frame(s)", r.Stdout);
            Assert.Contains("10 item(s)", r.Stdout);
            Assert.Contains("Frame 1 of the chunked stream is damaged: the checksum", r.Stdout);
            Assert.Contains($"(at byte offset {frame1})", r.Stdout);
        }

        [Fact]
        public void A_flipped_bit_in_a_header_fails_too()
        {
            byte[] bytes = StreamBytes(25);
            int frame2 = FrameStarts(bytes)[2];
            bytes[frame2 + 1] ^= 0x01;   // frame 2's item count
            ToolResult r = Run("verify", WriteFile("header.ambs", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("Frame 2", r.Stdout);
            Assert.Contains($"(at byte offset {frame2})", r.Stdout);
        }

        [Fact]
        public void Every_cut_of_a_stream_is_reported()
        {
            byte[] bytes = StreamBytes(12, "lz4");
            for (int length = 0; length < bytes.Length; length++)
            {
                ToolResult r = Run("verify", WriteFile("cut.ambs", bytes.AsSpan(0, length).ToArray()));
                Assert.Equal(AmberTool.BadInput, r.Code);
                if (length >= 5) Assert.Contains("cut short", r.Stdout);
                if (length == 0) Assert.Contains("empty", r.Stderr);
            }
        }

        [Fact]
        public void End_frame_totals_that_do_not_match_are_reported()
        {
            byte[] bytes = StreamBytes(25);
            int end = FrameStarts(bytes)[^1];
            // Drop frame 1 entirely: the end frame then counts one frame too many (and its checksum still holds).
            int frame1 = FrameStarts(bytes)[1], frame2 = FrameStarts(bytes)[2];
            byte[] spliced = new byte[bytes.Length - (frame2 - frame1)];
            bytes.AsSpan(0, frame1).CopyTo(spliced);
            bytes.AsSpan(frame2).CopyTo(spliced.AsSpan(frame1));
            ToolResult r = Run("verify", WriteFile("spliced.ambs", spliced));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("the end frame counts 25 item(s) in 3 frame(s), but 15 item(s) in 2 frame(s) were read", r.Stdout);
            Assert.Contains($"(at byte offset {end - (frame2 - frame1)})", r.Stdout);
        }

        [Fact]
        public void A_newer_stream_version_is_reported()
        {
            byte[] bytes = StreamBytes(3);
            bytes[4] = 2;
            ToolResult r = Run("verify", WriteFile("v2.ambs", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("version 2", r.Stdout);
        }

        [Fact]
        public void A_file_that_does_not_exist_exits_with_1()
        {
            ToolResult r = Run("verify", Path.Combine(Directory, "missing.ambs"));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("no such file", r.Stderr);
        }

        [Fact]
        public void An_empty_file_exits_with_1()
        {
            ToolResult r = Run("verify", WriteFile("empty.bin", Array.Empty<byte>()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("the file is empty", r.Stderr);
        }

        [Fact]
        public void A_good_payload_is_OK()
        {
            byte[] payload = Samples.SavePayload();
            string file = WriteFile("save.bin", payload);
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains($"{file}: payload, OK: {payload.Length} bytes", r.Stdout);
        }

        [Fact]
        public void A_good_payload_is_OK_as_its_type()
        {
            string file = WriteFile("save.bin", Samples.SavePayload());
            ToolResult r = Run("verify", file, "--assembly", ModelAssembly, "--type", "Amber.Tool.Tests.Model.Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("payload of Amber.Tool.Tests.Model.Save, OK", r.Stdout);
        }

        [Fact]
        public void A_text_file_is_not_an_Amber_payload()
        {
            string file = WriteFile("notes.txt", Encoding.UTF8.GetBytes("just some notes, not Amber data\n"));
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("payload, INVALID", r.Stdout);
        }

        [Fact]
        public void A_truncated_payload_is_invalid()
        {
            byte[] payload = Samples.SavePayload();
            ToolResult r = Run("verify", WriteFile("cut.bin", payload.AsSpan(0, payload.Length - 3).ToArray()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("INVALID", r.Stdout);
        }

        [Fact]
        public void Progress_goes_to_stderr_and_never_to_stdout()
        {
            string file = WriteFile("saves.ambs", StreamBytes(40));
            ToolResult r = Run("verify", file, "--progress");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("amber: 100% of", r.Stderr);
            Assert.DoesNotContain("%", r.Stdout);
        }

        [Fact]
        public void Without_progress_a_small_file_prints_nothing_on_stderr()
        {
            ToolResult r = Run("verify", WriteFile("saves.ambs", StreamBytes(40)));
            Assert.Equal("", r.Stderr);
        }
    }
}
