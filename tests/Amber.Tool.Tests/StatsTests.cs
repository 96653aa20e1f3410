using System;
using System.Globalization;
using System.IO;
using System.Linq;
using Amber.Tool.Tests.Model;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary><c>amber stats</c>: the table's rows add up to the bytes looked at; damaged input.</summary>
    public class StatsTests : ToolTestBase
    {
        /// <summary>The table's rows (between the header and the total) as (type, objects, bytes), and the total's bytes.</summary>
        private static (string Type, long Objects, long Bytes)[] Rows(string stdout, out long totalBytes)
        {
            string[] lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.TrimEnd('\r')).ToArray();
            int header = Array.FindIndex(lines, l => l.StartsWith("type ", StringComparison.Ordinal));
            Assert.True(header >= 0, stdout);
            string[] total = lines[^1].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal("total", total[0]);
            totalBytes = long.Parse(total[2], CultureInfo.InvariantCulture);
            return lines.Skip(header + 1).Take(lines.Length - header - 2).Select(l =>
            {
                string[] cells = l.Split("  ", StringSplitOptions.RemoveEmptyEntries).Select(c => c.Trim()).ToArray();
                return (cells[0], long.Parse(cells[1], CultureInfo.InvariantCulture), long.Parse(cells[2], CultureInfo.InvariantCulture));
            }).ToArray();
        }

        [Fact]
        public void Payload_rows_add_up_to_the_payload()
        {
            byte[] payload = Samples.SavePayload(7);
            ToolResult r = Run("stats", WriteFile("save.bin", payload), "--assembly", ModelAssembly, "--type", "Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            var rows = Rows(r.Stdout, out long total);
            Assert.Equal(payload.Length, total);
            Assert.Equal(total, rows.Sum(row => row.Bytes));
            Assert.Contains(rows, row => row.Type.EndsWith("Save", StringComparison.Ordinal) && row.Objects == 1);
            Assert.Contains(rows, row => row.Type.EndsWith("Item", StringComparison.Ordinal) && row.Objects == 3);
        }

        [Theory]
        [InlineData("stored")]
        [InlineData("lz4")]
        public void Stream_rows_add_up_to_the_frame_bodies(string codec)
        {
            byte[] bytes = StreamBytes(25, codec);
            ToolResult r = Run("stats", WriteFile("saves.ambs", bytes), "-a", ModelAssembly, "-t", "Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("25 item(s)", r.Stdout);
            var rows = Rows(r.Stdout, out long total);
            Assert.Equal(total, rows.Sum(row => row.Bytes));
            var starts = FrameStarts(bytes);
            if (codec == "stored") Assert.Equal(bytes.Length - 5 - 17 - 17 * (starts.Count - 1), total);
            Assert.Contains(rows, row => row.Type.EndsWith("Save", StringComparison.Ordinal) && row.Objects == 25);
            // Save i holds i % 4 items.
            Assert.Contains(rows, row => row.Type.EndsWith("Item", StringComparison.Ordinal) && row.Objects == Enumerable.Range(0, 25).Sum(i => i % 4));
        }

        [Fact]
        public void Schema_less_stats_count_the_objects_too()
        {
            ToolResult r = Run("stats", WriteFile("saves.ambs", StreamBytes(8)));
            Assert.Equal(AmberTool.Ok, r.Code);
            var rows = Rows(r.Stdout, out long total);
            Assert.Equal(total, rows.Sum(row => row.Bytes));
            Assert.True(rows.Sum(row => row.Objects) >= 8);
        }

        [Fact]
        public void A_damaged_stream_exits_with_1_and_names_the_frame()
        {
            byte[] bytes = StreamBytes(25, "brotli");
            bytes[5 + 17 + 1] ^= 0x80;
            ToolResult r = Run("stats", WriteFile("bad.ambs", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("Frame 0 of the chunked stream is damaged", r.Stderr);
            Assert.Contains("(at byte offset 5)", r.Stderr);
            Assert.Equal("", r.Stdout);
        }

        [Fact]
        public void A_stream_cut_short_at_a_frame_boundary_exits_with_1()
        {
            byte[] bytes = StreamBytes(25);
            int end = FrameStarts(bytes)[^1];
            ToolResult r = Run("stats", WriteFile("cut.ambs", bytes.AsSpan(0, end).ToArray()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("without its end frame", r.Stderr);
        }

        [Fact]
        public void A_file_that_is_not_Amber_data_exits_with_1()
        {
            ToolResult r = Run("stats", WriteFile("data.csv", System.Text.Encoding.UTF8.GetBytes("a,b,c\n1,2,3\n")));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.StartsWith("amber: ", r.Stderr);
        }
    }
}
