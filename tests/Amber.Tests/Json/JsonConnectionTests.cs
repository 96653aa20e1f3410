using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Amber.Inspection;
using Amber.Json;
using Amber.Streaming;
using Amber.Tests.Models;
using Amber.Tests.Models.Inline;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.Refs;
using Xunit;
using Person = Amber.Tests.Models.Person;

namespace Amber.Tests.Json
{
    /// <summary>
    /// The inspector on captured connection streams (docs/format.md §7.6): every message is viewed with the shapes the
    /// messages before it defined, so each message's view is the view of the same value written as a payload of its own;
    /// a stream is told from a payload; damage is reported by message index and stream offset.
    /// </summary>
    public class JsonConnectionTests
    {
        /// <summary>Several types on one connection: an envelope, people, a polymorphic inventory, inline structs, a reference-mode graph.</summary>
        private static object[] Traffic() => new object[]
        {
            new MessageEnvelope { Header = "Test", From = new Guid("00112233-4455-6677-8899-aabbccddeeff"), To = Guid.Empty },
            new Person { Name = "Ada", Age = 36 },
            new Inventory
            {
                Items = new List<Item> { new Sword { Name = "Edge", Damage = 7, TwoHanded = true }, new Key { Name = "Brass", OpensDoor = 3 } },
                Equipped = new Container { Name = "bag", Contents = { new Key { OpensDoor = 1 } } },
            },
            new Sprite { Position = new Vector2 { X = 1.5f, Y = -2 }, Velocity = new Vector2 { X = 0.25f }, Tint = new Color { R = 255, A = 128 } },
            Ring(3),
            new Person { Name = "Bob", Age = 7 },
            new MessageEnvelope { Header = "Again", From = Guid.Empty, To = new Guid("ffeeddcc-bbaa-9988-7766-554433221100") },
            new Inventory { Items = new List<Item> { new Key { Name = "Iron" } }, ByName = new Dictionary<string, Item> { ["w"] = new Weapon { Damage = 2 } } },
            new Sprite { Tint = new Color { G = 9 } },
            Ring(2),
        };

        private static Graph Ring(int n)
        {
            var graph = new Graph();
            for (int i = 0; i < n; i++) graph.Vertices.Add(new Vertex { Id = i });
            for (int i = 0; i < n; i++) graph.Vertices[i].Edges.Add(graph.Vertices[(i + 1) % n]);
            return graph;
        }

        private static void Write(AmberMessageWriter writer, IBufferWriter<byte> buffer, object value)
        {
            switch (value)
            {
                case MessageEnvelope e: writer.WriteMessage(buffer, e); break;
                case Person p: writer.WriteMessage(buffer, p); break;
                case Inventory i: writer.WriteMessage(buffer, i); break;
                case Sprite s: writer.WriteMessage(buffer, s); break;
                case Graph g: writer.WriteMessage(buffer, g); break;
                default: throw new ArgumentException(value.GetType().Name);
            }
        }

        private static bool Read(AmberMessageReader reader, ref ReadOnlySequence<byte> buffer, object like) => like switch
        {
            MessageEnvelope => reader.TryReadMessage(ref buffer, out MessageEnvelope? _),
            Person => reader.TryReadMessage(ref buffer, out Person? _),
            Inventory => reader.TryReadMessage(ref buffer, out Inventory? _),
            Sprite => reader.TryReadMessage(ref buffer, out Sprite? _),
            Graph => reader.TryReadMessage(ref buffer, out Graph? _),
            _ => throw new ArgumentException(like.GetType().Name),
        };

        private static byte[] Payload(object value) => value switch
        {
            MessageEnvelope e => AmberSerializer.Serialize(e),
            Person p => AmberSerializer.Serialize(p),
            Inventory i => AmberSerializer.Serialize(i),
            Sprite s => AmberSerializer.Serialize(s),
            Graph g => AmberSerializer.Serialize(g),
            _ => throw new ArgumentException(value.GetType().Name),
        };

        /// <summary>The connection's bytes and where each message starts (the last entry: the stream's length).</summary>
        private static byte[] Connection(object[] values, out List<int> starts, int resetAt = -1)
        {
            var writer = new AmberMessageWriter();
            var buffer = new ArrayBufferWriter<byte>();
            starts = new List<int>();
            for (int i = 0; i < values.Length; i++)
            {
                if (i == resetAt) writer.Reset();
                starts.Add(buffer.WrittenCount);
                Write(writer, buffer, values[i]);
            }
            starts.Add(buffer.WrittenCount);
            return buffer.WrittenSpan.ToArray();
        }

        private static JsonDocument Dump(byte[] connection, Type? type, out AmberConnectionReport report)
        {
            var json = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(json)) report = AmberInspector.ConnectionToJson(new MemoryStream(connection), writer, type);
            return JsonDocument.Parse(json.WrittenMemory);
        }

        [Fact]
        public void Each_message_views_as_its_value_written_alone()
        {
            object[] values = Traffic();
            byte[] connection = Connection(values, out List<int> starts);
            using JsonDocument doc = Dump(connection, null, out AmberConnectionReport report);
            Assert.True(report.IsValid, report.Error?.Message);
            JsonElement[] messages = doc.RootElement.GetProperty("messages").EnumerateArray().ToArray();
            Assert.Equal(values.Length, messages.Length);
            for (int i = 0; i < values.Length; i++)
            {
                Assert.Equal(starts[i], messages[i].GetProperty("offset").GetInt64());
                using JsonDocument alone = JsonDocument.Parse(AmberJson.ToJson(Payload(values[i])));
                Assert.True(JsonElement.DeepEquals(alone.RootElement, messages[i].GetProperty("value")),
                    $"message {i} ({values[i].GetType().Name}):\n{messages[i].GetProperty("value")}\nalone:\n{alone.RootElement}");
            }
            // The later message of each type defines nothing: its shapes are the connection's.
            int[] definitions = messages.Select(m => m.GetProperty("definitions").GetInt32()).ToArray();
            // (The second envelope does define one: the first had no To, so its root listed only the members it had.)
            Assert.True(definitions[0] > 0 && definitions[5] == 0 && definitions[8] == 0 && definitions[9] == 0, string.Join(", ", definitions));
        }

        [Fact]
        public void A_typed_view_of_every_message_names_the_members()
        {
            Person[] people = { new Person { Name = "Ada", Age = 36 }, new Person { Name = "Bob", Age = 7 }, new Person { Name = "Cy" } };
            byte[] connection = Connection(people.Cast<object>().ToArray(), out _);
            using JsonDocument doc = Dump(connection, typeof(Person), out AmberConnectionReport report);
            Assert.True(report.IsValid);
            JsonElement[] messages = doc.RootElement.GetProperty("messages").EnumerateArray().ToArray();
            for (int i = 0; i < people.Length; i++)
            {
                using JsonDocument alone = JsonDocument.Parse(AmberJson.ToJson<Person>(AmberSerializer.Serialize(people[i])));
                Assert.True(JsonElement.DeepEquals(alone.RootElement, messages[i].GetProperty("value")), messages[i].GetProperty("value").ToString());
            }
            Assert.Equal("Cy", messages[2].GetProperty("value").GetProperty("Name").GetString());
        }

        [Fact]
        public void The_report_counts_messages_first_messages_and_definitions()
        {
            object[] values = Traffic();
            byte[] connection = Connection(values, out List<int> starts, resetAt: 5);
            AmberConnectionReport report = AmberInspector.VerifyConnection(new MemoryStream(connection));
            Assert.True(report.IsValid, report.Error?.Message);
            Assert.Equal(-1, report.ErrorMessage);
            Assert.Equal(values.Length, report.Messages.Count);
            Assert.Equal(2, report.FirstMessages);
            Assert.Equal(connection.Length, report.StreamBytes);
            Assert.Equal(connection.Length - report.Messages.Sum(m => m.PrefixBytes), report.PayloadBytes);
            for (int i = 0; i < values.Length; i++)
            {
                AmberMessageInfo m = report.Messages[i];
                Assert.Equal(i, m.Index);
                Assert.Equal(starts[i], m.Offset);
                Assert.Equal(starts[i + 1] - starts[i], m.PrefixBytes + m.PayloadBytes);
                Assert.Equal(i is 0 or 5, m.IsFirst);
                Assert.Equal(values[i] is Graph, m.ReferenceMode);
            }
            // After the reset, the messages from 5 on define their shapes again, and hold only those.
            Assert.Equal(report.Messages.Skip(5).Sum(m => m.Definitions), report.Shapes);
        }

        [Fact]
        public void A_message_that_does_not_read_is_named_by_index_and_stream_offset()
        {
            byte[] connection = Connection(Traffic(), out List<int> starts);
            // Message 6 (a second envelope) refers to shape 0; make it name a shape no message defined.
            Assert.Equal(0x45, connection[starts[6] + 1]);
            connection[starts[6] + 2] = 0x7D;
            AmberConnectionReport report = AmberInspector.VerifyConnection(new MemoryStream(connection));
            Assert.False(report.IsValid);
            Assert.Equal(6, report.ErrorMessage);
            Assert.Equal(6, report.Messages.Count);
            Assert.Equal(starts[6], report.StreamBytes);
            // The offset is the message reader's (from the message's first byte), from where the message starts.
            var reader = new AmberMessageReader();
            var buffer = new ReadOnlySequence<byte>(connection);
            object[] values = Traffic();
            for (int i = 0; i < 6; i++) Assert.True(Read(reader, ref buffer, values[i]));
            AmberException direct = Assert.Throws<AmberException>(() => Read(reader, ref buffer, values[6]));
            Assert.Equal(starts[6] + direct.ByteOffset, report.Error!.ByteOffset);
            Assert.StartsWith($"Message 6 (at byte {starts[6]}) does not read", report.Error.Message);
            Assert.Contains("which no message this reader has read on the connection defined", report.Error.Message);
            Assert.Throws<AmberException>(() => AmberInspector.GetConnectionStats(new MemoryStream(connection)));
        }

        [Fact]
        public void A_stream_that_starts_late_or_is_cut_short_is_reported()
        {
            byte[] connection = Connection(Traffic(), out List<int> starts);
            AmberConnectionReport late = AmberInspector.VerifyConnection(new MemoryStream(connection[starts[1]..]));
            Assert.Equal(0, late.ErrorMessage);
            Assert.Contains("has not read the connection's first message", late.Error!.Message);

            AmberConnectionReport cut = AmberInspector.VerifyConnection(new MemoryStream(connection[..(starts[4] + 5)]));
            Assert.Equal(4, cut.ErrorMessage);
            Assert.StartsWith($"The stream ends inside message 4 (at byte {starts[4]})", cut.Error!.Message);

            // Not seekable: the bytes are read as they come, and the same is found.
            AmberConnectionReport piped = AmberInspector.VerifyConnection(new NonSeekable(connection[..(starts[4] + 5)]));
            Assert.Equal(cut.Error.Message, piped.Error!.Message);
        }

        [Fact]
        public void A_bad_length_prefix_is_reported_at_its_message()
        {
            byte[] connection = Connection(Traffic(), out List<int> starts);
            connection[starts[2]] = 0;   // a message of length 0
            AmberConnectionReport report = AmberInspector.VerifyConnection(new MemoryStream(connection));
            Assert.Equal(2, report.ErrorMessage);
            Assert.Equal(starts[2], report.Error!.ByteOffset);
            Assert.Contains("has a bad length prefix", report.Error.Message);
        }

        [Fact]
        public void Stats_count_the_objects_of_every_message_and_add_up_to_the_stream()
        {
            object[] values = Traffic();
            byte[] connection = Connection(values, out _);
            AmberPayloadStats stats = AmberInspector.GetConnectionStats(new MemoryStream(connection));
            Assert.Equal(values.Length, stats.Items);
            Assert.Equal(connection.Length, stats.TotalBytes);
            Assert.Equal(connection.Length, stats.Types.Sum(t => t.Bytes));
            long alone = values.Sum(v => AmberInspector.GetStats(Payload(v)).Types.Sum(t => t.Count));
            Assert.Equal(alone, stats.Types.Sum(t => t.Count));
        }

        [Fact]
        public void Connection_streams_are_told_from_payloads_and_chunked_streams()
        {
            byte[] connection = Connection(Traffic(), out _);
            Assert.True(AmberInspector.IsConnectionStream(connection));
            Assert.True(AmberInspector.IsConnectionStream(new MemoryStream(connection)));

            byte[] single = Connection(new object[] { new Person { Name = "Ada", Age = 36 } }, out _);
            Assert.True(AmberInspector.IsConnectionStream(single));

            foreach (object value in Traffic()) Assert.False(AmberInspector.IsConnectionStream(Payload(value)));
            // A root list of 47 ints begins 0x16 0x30: a length of 22 and a version-3 header. The rest does not follow on.
            byte[] list = AmberSerializer.Serialize(Enumerable.Range(0, 47).ToList());
            Assert.Equal(new byte[] { 0x16, 0x30 }, list[..2]);
            Assert.False(AmberInspector.IsConnectionStream(list));
            Assert.False(AmberInspector.IsConnectionStream(new MemoryStream(list)));
            // A later message alone (version 4), a message cut short, an empty span.
            Assert.False(AmberInspector.IsConnectionStream(connection[(connection[0] + 1)..]));
            Assert.False(AmberInspector.IsConnectionStream(connection[..(connection[0])]));
            Assert.False(AmberInspector.IsConnectionStream(ReadOnlySpan<byte>.Empty));

            var chunked = new MemoryStream();
            AmberStream.Write(chunked, new[] { new Person { Name = "Ada" } });
            Assert.False(AmberInspector.IsConnectionStream(chunked.ToArray()));

            var stream = new MemoryStream(connection) { Position = 0 };
            AmberInspector.IsConnectionStream(stream);
            Assert.Equal(0, stream.Position);
        }

        private sealed class NonSeekable : MemoryStream
        {
            public NonSeekable(byte[] data) : base(data, writable: false) { }

            public override bool CanSeek => false;

            public override long Length => throw new NotSupportedException();

            public override long Position { get => base.Position; set => throw new NotSupportedException(); }
        }
    }
}
