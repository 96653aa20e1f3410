using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using Amber.Streaming;
using Amber.Tool.Tests.Model;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary>
    /// <c>amber dump</c>, <c>verify</c> and <c>stats</c> of a captured connection stream (the messages of an
    /// <see cref="AmberMessageWriter"/>, one after another): told from a payload, walked in order with the shapes of the
    /// messages before each, damaged messages named by index and offset.
    /// </summary>
    public class ConnectionTests : ToolTestBase
    {
        /// <summary>Where an <see cref="AmberMessageReader"/> says message <paramref name="failing"/> fails (from the message's first byte).</summary>
        private static long ReaderOffset(byte[] connection, int failing)
        {
            var reader = new AmberMessageReader();
            var buffer = new System.Buffers.ReadOnlySequence<byte>(connection);
            for (int i = 0; i < failing; i++)
            {
                Assert.True(i % 2 == 0 ? reader.TryReadMessage(ref buffer, out Save? _) : reader.TryReadMessage(ref buffer, out Item? _));
            }
            AmberException e = Assert.Throws<AmberException>(() => failing % 2 == 0 ? reader.TryReadMessage(ref buffer, out Save? _) : reader.TryReadMessage(ref buffer, out Item? _));
            return e.ByteOffset;
        }

        [Fact]
        public void Verify_reads_every_message_in_order()
        {
            byte[] bytes = Samples.ConnectionBytes(9);
            string file = WriteFile("traffic.bin", bytes);
            ToolResult r = Run("verify", file);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains($"{file}: connection stream, OK", r.Stdout);
            Assert.Contains($"messages  9 (1 first message(s)), end at byte {bytes.Length}", r.Stdout);
            Assert.Equal("", r.Stderr);
        }

        [Fact]
        public void Verify_counts_the_first_messages_of_a_writer_that_started_over()
        {
            ToolResult r = Run("verify", WriteFile("traffic.bin", Samples.ConnectionBytes(8, resetAt: 5)));
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("messages  8 (2 first message(s))", r.Stdout);
        }

        [Fact]
        public void Verify_with_a_type_reads_every_message_as_that_type()
        {
            // Saves only: every message is a Save.
            var writer = new AmberMessageWriter();
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            for (int i = 0; i < 4; i++) writer.WriteMessage(buffer, Samples.Save(i));
            ToolResult r = Run("verify", WriteFile("saves.bin", buffer.WrittenSpan.ToArray()), "-a", ModelAssembly, "-t", "Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("connection stream of Amber.Tool.Tests.Model.Save, OK", r.Stdout);
        }

        [Fact]
        public void A_damaged_message_is_named_by_index_and_offset_and_the_messages_before_it_are_good()
        {
            byte[] bytes = Samples.ConnectionBytes(9);
            List<int> starts = Samples.MessageStarts(bytes);
            // Message 4's header byte: version 4 becomes version 1, which a connection does not have.
            bytes[starts[4] + 1] = (byte)((bytes[starts[4] + 1] & 0x0F) | 0x10);
            ToolResult r = Run("verify", WriteFile("bad.bin", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("connection stream, DAMAGED", r.Stdout);
            Assert.Contains($"good    4 message(s), before byte {starts[4]}", r.Stdout);
            Assert.Contains($"Message 4 (at byte {starts[4]}) does not read", r.Stdout);
            Assert.Contains($"(at byte offset {starts[4] + ReaderOffset(bytes, 4)})", r.Stdout);
        }

        [Fact]
        public void A_stream_cut_inside_a_message_says_so()
        {
            byte[] bytes = Samples.ConnectionBytes(6);
            List<int> starts = Samples.MessageStarts(bytes);
            ToolResult r = Run("verify", WriteFile("cut.bin", bytes.AsSpan(0, starts[5] + 3).ToArray()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("good    5 message(s)", r.Stdout);
            Assert.Contains($"The stream ends inside message 5 (at byte {starts[5]})", r.Stdout);
        }

        [Fact]
        public void A_message_whose_shapes_were_lost_is_an_error_not_a_wrong_value()
        {
            byte[] bytes = Samples.ConnectionBytes(6);
            List<int> starts = Samples.MessageStarts(bytes);
            // Message 1 (the first item, which defines Item's shape) is lost: message 3, the next item, refers to it.
            byte[] lost = bytes.Take(starts[1]).Concat(bytes.Skip(starts[2])).ToArray();
            ToolResult r = Run("verify", WriteFile("lost.bin", lost));
            Assert.Equal(AmberTool.BadInput, r.Code);
            // Message 2 (a save with items) is now message 1, and its items name Item's shape.
            Assert.Contains("good    1 message(s)", r.Stdout);
            Assert.Contains($"Message 1 (at byte {starts[1]})", r.Stdout);
            Assert.Contains("lost a message", r.Stdout);
        }

        [Fact]
        public void Dump_writes_one_object_per_message_with_the_shapes_of_the_earlier_ones()
        {
            byte[] bytes = Samples.ConnectionBytes(5);
            List<int> starts = Samples.MessageStarts(bytes);
            ToolResult r = Run("dump", WriteFile("traffic.bin", bytes), "-a", ModelAssembly);
            Assert.Equal(AmberTool.Ok, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            JsonElement root = doc.RootElement;
            Assert.Equal("amber-connection", root.GetProperty("format").GetString());
            JsonElement[] messages = root.GetProperty("messages").EnumerateArray().ToArray();
            Assert.Equal(5, messages.Length);
            for (int i = 0; i < 5; i++)
            {
                Assert.Equal(i, messages[i].GetProperty("message").GetInt32());
                Assert.Equal(starts[i], messages[i].GetProperty("offset").GetInt64());
                Assert.Equal(i == 0, messages[i].GetProperty("first").GetBoolean());
            }
            // The first save and the first item define their shapes; later ones define none and still read. (Message 2 defines
            // Save's full shape: the first save had no Level, so its root listed only the members it had.)
            Assert.True(messages[0].GetProperty("definitions").GetInt32() > 0);
            Assert.True(messages[1].GetProperty("definitions").GetInt32() > 0);
            Assert.Equal(0, messages[3].GetProperty("definitions").GetInt32());
            Assert.Equal(0, messages[4].GetProperty("definitions").GetInt32());
            Assert.Contains("Ada 4", messages[4].GetProperty("value").GetRawText());
            Assert.Contains("coin 3", messages[3].GetProperty("value").GetRawText());
            JsonElement end = root.GetProperty("end");
            Assert.Equal(5, end.GetProperty("messages").GetInt32());
            Assert.Equal(bytes.Length, end.GetProperty("offset").GetInt64());
            Assert.False(root.TryGetProperty("error", out _));
        }

        [Fact]
        public void A_typed_dump_names_the_members_of_every_message()
        {
            var writer = new AmberMessageWriter();
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            for (int i = 0; i < 3; i++) writer.WriteMessage(buffer, Samples.Save(i + 1));
            ToolResult r = Run("dump", WriteFile("saves.bin", buffer.WrittenSpan.ToArray()), "-a", ModelAssembly, "-t", "Save");
            Assert.Equal(AmberTool.Ok, r.Code);
            foreach (string player in new[] { "Ada 1", "Ada 2", "Ada 3" }) Assert.Contains($"\"Player\": \"{player}\"", r.Stdout);
            Assert.Contains("potion 1", r.Stdout);
        }

        [Fact]
        public void A_damaged_message_ends_the_dump_with_an_error_after_the_good_messages()
        {
            byte[] bytes = Samples.ConnectionBytes(7);
            List<int> starts = Samples.MessageStarts(bytes);
            bytes[starts[3] + 2] = 0x7D;   // message 3's object header names a shape no message defined
            ToolResult r = Run("dump", WriteFile("bad.bin", bytes));
            Assert.Equal(AmberTool.BadInput, r.Code);
            using JsonDocument doc = JsonDocument.Parse(r.Stdout);
            Assert.Equal(3, doc.RootElement.GetProperty("messages").GetArrayLength());
            JsonElement error = doc.RootElement.GetProperty("error");
            Assert.Equal(3, error.GetProperty("messageIndex").GetInt32());
            Assert.Equal(starts[3] + ReaderOffset(bytes, 3), error.GetProperty("offset").GetInt64());
            Assert.Contains("Message 3", error.GetProperty("message").GetString());
            Assert.False(doc.RootElement.TryGetProperty("end", out _));
            Assert.Contains("Message 3", r.Stderr);
        }

        [Fact]
        public void Stats_add_up_over_every_message()
        {
            byte[] bytes = Samples.ConnectionBytes(10);
            ToolResult r = Run("stats", WriteFile("traffic.bin", bytes), "-a", ModelAssembly);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains($"connection stream, 10 message(s), {bytes.Length} bytes", r.Stdout);
            string[] lines = r.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            string total = lines.Single(l => l.StartsWith("total", StringComparison.Ordinal));
            Assert.Contains($" {bytes.Length} ", total);
            // Without a type, objects are counted by the connection's shapes, whose ids run across messages.
            Assert.Contains(lines, l => l.StartsWith("shape 0 ", StringComparison.Ordinal));
        }

        [Fact]
        public void Stats_of_a_damaged_connection_exit_with_1()
        {
            byte[] bytes = Samples.ConnectionBytes(6);
            List<int> starts = Samples.MessageStarts(bytes);
            ToolResult r = Run("stats", WriteFile("cut.bin", bytes.AsSpan(0, starts[4] + 2).ToArray()));
            Assert.Equal(AmberTool.BadInput, r.Code);
            Assert.Contains("The stream ends inside message 4", r.Stderr);
        }

        [Fact]
        public void A_payload_that_begins_like_a_connection_message_is_still_a_payload()
        {
            // A list of 47 ints: header 0x16, then the count 48 (0x30) — bytes that also read as a length of 22 and a
            // version-3 header. The messages after the "first" do not follow one another, so it is a payload.
            byte[] payload = Samples.IntListPayload(47);
            Assert.Equal(0x16, payload[0]);
            Assert.Equal(3, payload[1] >> 4);
            ToolResult r = Run("verify", WriteFile("list.bin", payload));
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("payload, OK", r.Stdout);
        }

        [Fact]
        public void A_single_payload_is_not_a_connection()
        {
            ToolResult r = Run("verify", WriteFile("save.bin", Samples.SavePayload(3)));
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("payload, OK", r.Stdout);
        }

        [Fact]
        public void The_help_text_names_connection_streams()
        {
            ToolResult r = Run("--help");
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("connection", r.Stdout);
        }
    }
}
