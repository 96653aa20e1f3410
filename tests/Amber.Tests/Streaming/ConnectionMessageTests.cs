using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Streaming;
using Amber.Tests.Models;
using Amber.Tests.Models.Inline;
using Amber.Tests.Models.Poly;
using Amber.Tests.Runtime;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>
    /// Connection streams (docs/format.md §7.6): an <see cref="AmberMessageWriter"/> defines each shape once per connection
    /// and an <see cref="AmberMessageReader"/> keeps the definitions. Golden bytes, several types on one connection, every
    /// message read from random chunks and segments, late and lost messages, resets and limits.
    /// </summary>
    public class ConnectionMessageTests
    {
        private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes);

        private static string Clean(string spaced) => spaced.Replace(" ", "").Replace("|", "");

        /// <summary>Writes each value as one message and returns each message's bytes.</summary>
        private static List<byte[]> Messages(AmberMessageWriter writer, params object[] values)
        {
            var result = new List<byte[]>();
            foreach (object value in values)
            {
                var buffer = new ArrayBufferWriter<byte>();
                switch (value)
                {
                    case Person p: writer.WriteMessage(buffer, p); break;
                    case MessageEnvelope e: writer.WriteMessage(buffer, e); break;
                    case Inventory i: writer.WriteMessage(buffer, i); break;
                    case Sprite s: writer.WriteMessage(buffer, s); break;
                    case int n: writer.WriteMessage(buffer, n); break;
                    default: throw new ArgumentException(value.GetType().Name);
                }
                result.Add(buffer.WrittenSpan.ToArray());
            }
            return result;
        }

        private static T Read<T>(AmberMessageReader reader, byte[] message)
        {
            var buffer = new ReadOnlySequence<byte>(message);
            Assert.True(reader.TryReadMessage(ref buffer, out T? value));
            Assert.Equal(0, buffer.Length);
            return value!;
        }

        [Fact]
        public void Golden_bytes_the_first_message_defines_the_shape_and_later_ones_refer_to_it()
        {
            List<byte[]> messages = Messages(new AmberMessageWriter(), new Person { Name = "Ada", Age = 36 }, new Person { Name = "Bob", Age = 7 }, new Person { Name = "Cy" });
            // 0D                        length 13
            // 35                        header: version 3 (a connection's first message), root wire type Object
            // 02 | 04 3460 00BA         shape 0 defined here: 2 members, Name (Bytes) and Age (Varint)
            // 03 | 04 416461 | 48       presence, "Ada", 36
            Assert.Equal(Clean("0D | 35 | 02 | 04 3460 00BA | 03 | 04 416461 | 48"), Hex(messages[0]));
            // 08 | 45 (version 4: shapes continue) | 01 (shape 0) | 03 | 04 426F62 | 0E
            Assert.Equal(Clean("08 | 45 | 01 | 03 | 04 426F62 | 0E"), Hex(messages[1]));
            // Age 0 is absent: presence 01.
            Assert.Equal(Clean("06 | 45 | 01 | 01 | 03 4379"), Hex(messages[2]));
        }

        [Fact]
        public void Golden_bytes_a_later_messages_root_refers_to_its_shape_in_one_byte_and_its_inline_structs_in_one_byte_each()
        {
            List<byte[]> messages = Messages(new AmberMessageWriter(),
                new Sprite { Position = new Vector2 { X = 1.5f, Y = -2f } },
                new Sprite { Velocity = new Vector2 { X = 0.5f }, Tint = new Color { A = 1 } });
            // 1A | 45                   length 26; version 4: shapes continue
            // 01 | 07                   shape 0, defined in full by the first message; presence: all three members
            // 08 00000000 00000000      Position (0, 0): inline shape 1, defined by the first message, and its row
            // 08 0000003F 00000000      Velocity (0.5, 0)
            // 0C 00000001               Tint (0, 0, 0, 1): inline shape 2
            Assert.Equal(Clean("1A | 45 | 01 | 07 | 08 00000000 00000000 | 08 0000003F 00000000 | 0C 00000001"), Hex(messages[1]));
        }

        [Fact]
        public void A_steady_state_envelope_is_its_presence_and_values()
        {
            var writer = new AmberMessageWriter();
            var reader = new AmberMessageReader();
            var random = new Random(7);
            int steady = 0;
            for (int i = 0; i < 5; i++)
            {
                MessageEnvelope sent = NewEnvelope(random);
                byte[] message = Messages(writer, sent)[0];
                if (i > 0) steady = message.Length;
                MessageEnvelope read = Read<MessageEnvelope>(reader, message);
                Assert.Equal(sent.From, read.From);
                Assert.Equal(sent.To, read.To);
                Assert.Equal("Test", read.Header);
                Assert.Null(read.KeyValuePairs);
            }
            // length, header, object header, presence, "Test" (5), From (16), To (16).
            Assert.Equal(1 + 1 + 1 + 1 + 5 + 16 + 16, steady);
        }

        private static MessageEnvelope NewEnvelope(Random random)
        {
            byte[] bytes = new byte[16];
            random.NextBytes(bytes);
            var from = new Guid(bytes);
            random.NextBytes(bytes);
            return new MessageEnvelope { Header = "Test", From = from, To = new Guid(bytes) };
        }

        /// <summary>Several types on one connection, nested and polymorphic objects and inline structs among them.</summary>
        private static object[] MixedTraffic(int count, int seed)
        {
            var random = new Random(seed);
            var values = new List<object>();
            for (int i = 0; i < count; i++)
            {
                switch (random.Next(5))
                {
                    case 0: values.Add(NewEnvelope(random)); break;
                    case 1: values.Add(new Person { Name = "P" + i, Age = random.Next(100) }); break;
                    case 2:
                        values.Add(new Inventory
                        {
                            Items = new List<Item> { new Sword { Name = "s" + i, Damage = i, TwoHanded = i % 2 == 0 }, new Key { Name = "k", OpensDoor = i } },
                            Equipped = i % 3 == 0 ? new Container { Name = "bag", Contents = { new Key { OpensDoor = 1 } } } : null,
                        });
                        break;
                    case 3: values.Add(new Sprite { Tint = new Color { R = (byte)i }, Position = new Vector2 { X = i, Y = -i }, Velocity = new Vector2 { X = 0.5f } }); break;
                    default: values.Add(i); break;
                }
            }
            return values.ToArray();
        }

        private static string Describe(object value) => value switch
        {
            Person p => $"Person {p.Name} {p.Age}",
            MessageEnvelope e => $"Envelope {e.Header} {e.From} {e.To}",
            Inventory inv => "Inventory " + string.Join(",", inv.Items!.Select(Describe)) + " / " + (inv.Equipped == null ? "-" : Describe(inv.Equipped)),
            Sword s => $"Sword {s.Name} {s.Damage} {s.TwoHanded}",
            Key k => $"Key {k.Name} {k.OpensDoor}",
            Container c => $"Container {c.Name} [" + string.Join(",", c.Contents.Select(Describe)) + "]",
            Sprite s => $"Sprite {s.Tint.R} {s.Position.X} {s.Position.Y} {s.Velocity.X} {s.Velocity.Y}",
            int n => "int " + n,
            _ => value.GetType().Name,
        };

        private static object ReadAs(AmberMessageReader reader, ref ReadOnlySequence<byte> buffer, object like, out bool read)
        {
            object? value = null;
            switch (like)
            {
                case Person: read = reader.TryReadMessage(ref buffer, out Person? p); value = p; break;
                case MessageEnvelope: read = reader.TryReadMessage(ref buffer, out MessageEnvelope? e); value = e; break;
                case Inventory: read = reader.TryReadMessage(ref buffer, out Inventory? i); value = i; break;
                case Sprite: read = reader.TryReadMessage(ref buffer, out Sprite? s); value = s; break;
                default: read = reader.TryReadMessage(ref buffer, out int n); value = n; break;
            }
            return value!;
        }

        [Fact]
        public void Mixed_traffic_round_trips_and_later_messages_carry_no_definitions()
        {
            object[] values = MixedTraffic(200, 1);
            var writer = new AmberMessageWriter();
            List<byte[]> messages = Messages(writer, values);
            var reader = new AmberMessageReader();
            for (int i = 0; i < values.Length; i++)
            {
                var buffer = new ReadOnlySequence<byte>(messages[i]);
                object read = ReadAs(reader, ref buffer, values[i], out bool ok);
                Assert.True(ok);
                Assert.Equal(Describe(values[i]), Describe(read));
            }
            // A message of a type the connection has seen is smaller than the same value alone in a payload.
            int last = Array.FindLastIndex(values, v => v is Inventory);
            var single = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(single, (Inventory)values[last]);
            Assert.True(messages[last].Length < single.WrittenCount - 10, $"{messages[last].Length} vs {single.WrittenCount}");
        }

        [Theory]
        [InlineData(1)]
        [InlineData(2)]
        [InlineData(3)]
        public void The_stream_arriving_in_random_chunks_and_segments_reads_every_message(int seed)
        {
            object[] values = MixedTraffic(120, seed);
            byte[] stream = Messages(new AmberMessageWriter(), values).SelectMany(m => m).ToArray();
            var random = new Random(seed);
            var reader = new AmberMessageReader();
            var arrived = new List<byte[]>();
            int offset = 0, next = 0;
            while (next < values.Length)
            {
                if (offset < stream.Length)
                {
                    int chunk = Math.Min(stream.Length - offset, 1 + random.Next(40));
                    arrived.Add(stream.AsSpan(offset, chunk).ToArray());
                    offset += chunk;
                }
                // The buffer is every chunk not consumed yet, each its own segment.
                ReadOnlySequence<byte> buffer = TestSequences.FromSegments(arrived.ToArray());
                long before = buffer.Length;
                while (next < values.Length)
                {
                    ReadOnlySequence<byte> attempt = buffer;
                    object read = ReadAs(reader, ref attempt, values[next], out bool ok);
                    if (!ok)
                    {
                        Assert.Equal(buffer.Length, attempt.Length);   // untouched
                        break;
                    }
                    Assert.Equal(Describe(values[next]), Describe(read));
                    next++;
                    buffer = attempt;
                }
                arrived = buffer.Length == 0 ? new List<byte[]>() : new List<byte[]> { buffer.ToArray() };
                Assert.True(offset < stream.Length || next == values.Length || buffer.Length < before, "no progress");
            }
            Assert.Empty(arrived);
        }

        [Fact]
        public void A_reader_that_joins_late_is_told_so()
        {
            List<byte[]> messages = Messages(new AmberMessageWriter(), new Person { Name = "A" }, new Person { Name = "B" });
            var ex = Assert.ThrowsAny<AmberException>(() => Read<Person>(new AmberMessageReader(), messages[1]));
            Assert.Contains("has not read the connection's first message", ex.Message);
            Assert.Contains("AmberMessageWriter.Reset", ex.Fix);
        }

        [Fact]
        public void A_lost_message_that_defined_a_shape_is_an_error_not_a_wrong_object()
        {
            var writer = new AmberMessageWriter();
            List<byte[]> messages = Messages(writer, new Person { Name = "A" }, new Sprite { Position = new Vector2 { X = 1 } }, new Sprite { Position = new Vector2 { X = 2 } }, new Person { Name = "C" });
            var reader = new AmberMessageReader();
            Assert.Equal("A", Read<Person>(reader, messages[0]).Name);
            // messages[1] (which defined Sprite's shapes) is lost.
            var ex = Assert.ThrowsAny<AmberException>(() => Read<Sprite>(reader, messages[2]));
            Assert.Contains("no message this reader has read on the connection defined", ex.Message);
            // A message that needs only what the reader has still reads.
            Assert.Equal("C", Read<Person>(reader, messages[3]).Name);
        }

        [Fact]
        public void A_definition_out_of_order_names_the_missed_definitions()
        {
            var writer = new AmberMessageWriter();
            List<byte[]> messages = Messages(writer, new Person { Name = "A" }, new Sprite { Position = new Vector2 { X = 1 } }, new MessageEnvelope { Header = "h" });
            var reader = new AmberMessageReader();
            Read<Person>(reader, messages[0]);
            var ex = Assert.ThrowsAny<AmberException>(() => Read<MessageEnvelope>(reader, messages[2]));
            Assert.Contains("has not read every definition of the connection", ex.Message);
        }

        [Fact]
        public void A_writer_reset_starts_a_first_message_and_the_reader_follows()
        {
            var writer = new AmberMessageWriter();
            var reader = new AmberMessageReader();
            Read<Person>(reader, Messages(writer, new Person { Name = "A" })[0]);
            Read<Sprite>(reader, Messages(writer, new Sprite { Position = new Vector2 { X = 1 } })[0]);
            writer.Reset();
            byte[] again = Messages(writer, new Sprite { Position = new Vector2 { X = 2 } })[0];
            Assert.Equal(0x35, again[1]);   // version 3: defines its shapes from 0 again
            Assert.Equal(2, Read<Sprite>(reader, again).Position.X);
            Assert.Equal("B", Read<Person>(reader, Messages(writer, new Person { Name = "B" })[0]).Name);
        }

        [Fact]
        public void A_reader_reset_needs_a_first_message()
        {
            var writer = new AmberMessageWriter();
            var reader = new AmberMessageReader();
            Read<Person>(reader, Messages(writer, new Person { Name = "A" })[0]);
            reader.Reset();
            Assert.ThrowsAny<AmberException>(() => Read<Person>(reader, Messages(writer, new Person { Name = "B" })[0]));
            writer.Reset();
            Assert.Equal("C", Read<Person>(reader, Messages(writer, new Person { Name = "C" })[0]).Name);
        }

        [Fact]
        public void Single_payloads_and_connection_messages_are_told_apart()
        {
            var framed = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(framed, new Person { Name = "A" });
            var ex = Assert.ThrowsAny<AmberException>(() => Read<Person>(new AmberMessageReader(), framed.WrittenSpan.ToArray()));
            Assert.Contains("single payload", ex.Message);

            byte[] message = Messages(new AmberMessageWriter(), new Person { Name = "A" })[0];
            var buffer = new ReadOnlySequence<byte>(message);
            var ex2 = Assert.ThrowsAny<AmberException>(() => AmberFraming.TryReadMessage(ref buffer, out Person? _));
            Assert.Contains("connection message", ex2.Message);
        }

        [Fact]
        public void The_reader_refuses_definitions_past_its_limits_as_they_arrive()
        {
            var inventory = new Inventory { Items = new List<Item> { new Sword(), new Key(), new Container() } };
            byte[] message = Messages(new AmberMessageWriter(), inventory)[0];
            var ex = Assert.ThrowsAny<AmberException>(() => Read<Inventory>(new AmberMessageReader(new AmberOptions { MaxConnectionShapes = 2 }), message));
            Assert.Contains("MaxConnectionShapes", ex.Fix);
            var ex2 = Assert.ThrowsAny<AmberException>(() => Read<Inventory>(new AmberMessageReader(new AmberOptions { MaxConnectionShapeBytes = 16 }), message));
            Assert.Contains("MaxConnectionShapeBytes", ex2.Fix);
        }

        [Fact]
        public void A_writer_starts_anew_before_a_reader_with_its_options_would_refuse()
        {
            var options = new AmberOptions { MaxConnectionShapes = 8 };
            var writer = new AmberMessageWriter(options);
            var reader = new AmberMessageReader(options);
            object[] values = MixedTraffic(300, 4);
            List<byte[]> messages = Messages(writer, values);
            int firsts = messages.Count(m => m[1] >> 4 == 3 || (m[0] >= 0x80 && m[2] >> 4 == 3));
            Assert.True(firsts > 1, "the writer never started anew");
            for (int i = 0; i < values.Length; i++)
            {
                var buffer = new ReadOnlySequence<byte>(messages[i]);
                Assert.Equal(Describe(values[i]), Describe(ReadAs(reader, ref buffer, values[i], out _)));
            }
        }

        [Fact]
        public void A_message_the_writer_cannot_write_leaves_the_destination_as_it_was_and_the_next_message_starts_anew()
        {
            var writer = new AmberMessageWriter(new AmberOptions { MaxDepth = 3 });
            var reader = new AmberMessageReader();
            var buffer = new ArrayBufferWriter<byte>();
            writer.WriteMessage(buffer, new Person { Name = "A" });
            Read<Person>(reader, buffer.WrittenSpan.ToArray());
            var deep = new Inventory { Items = new List<Item> { new Container { Contents = { new Container { Contents = { new Key() } } } } } };
            var failed = new ArrayBufferWriter<byte>();
            Assert.ThrowsAny<AmberException>(() => writer.WriteMessage(failed, deep));
            Assert.Equal(0, failed.WrittenCount);
            var next = new ArrayBufferWriter<byte>();
            writer.WriteMessage(next, new Person { Name = "B" });
            Assert.Equal(0x35, next.WrittenSpan[1]);
            Assert.Equal("B", Read<Person>(reader, next.WrittenSpan.ToArray()).Name);
        }

        [Fact]
        public void Reference_mode_numbers_objects_per_message_and_shapes_per_connection()
        {
            var options = new AmberOptions { PreserveReferences = true };
            var writer = new AmberMessageWriter(options);
            var reader = new AmberMessageReader(options);
            for (int i = 0; i < 3; i++)
            {
                var key = new Key { Name = "shared" + i, OpensDoor = i };
                var inventory = new Inventory { Items = new List<Item> { key, key }, Equipped = key };
                var buffer = new ArrayBufferWriter<byte>();
                writer.WriteMessage(buffer, inventory);
                Assert.Equal(0x08, buffer.WrittenSpan[1] & 0x08);
                Inventory read = Read<Inventory>(reader, buffer.WrittenSpan.ToArray());
                Assert.Same(read.Items![0], read.Items[1]);
                Assert.Same(read.Items[0], read.Equipped);
                Assert.Equal(i, ((Key)read.Equipped!).OpensDoor);
            }
        }

        [Fact]
        public void A_failed_message_forgets_its_definitions_and_keeps_the_earlier_ones()
        {
            var writer = new AmberMessageWriter();
            List<byte[]> messages = Messages(writer, new Person { Name = "A" }, new Sprite { Position = new Vector2 { X = 1 } }, new Person { Name = "B" }, new Sprite { Position = new Vector2 { X = 2 } });
            var reader = new AmberMessageReader();
            Read<Person>(reader, messages[0]);
            byte[] damaged = (byte[])messages[1].Clone();
            damaged[^1] ^= 0xFF;
            damaged = damaged.Concat(new byte[] { 0 }).ToArray();
            damaged[0]++;   // a trailing byte: the payload fails after its definitions were read
            Assert.ThrowsAny<AmberException>(() => Read<Sprite>(reader, damaged));
            Assert.Equal("B", Read<Person>(reader, messages[2]).Name);
            var ex = Assert.ThrowsAny<AmberException>(() => Read<Sprite>(reader, messages[3]));
            Assert.Contains("no message this reader has read on the connection defined", ex.Message);
        }

        [Fact]
        public void Golden_bytes_an_unframed_message_is_the_framed_one_without_its_length()
        {
            List<byte[]> framed = Messages(new AmberMessageWriter(), new Person { Name = "Ada", Age = 36 }, new Person { Name = "Bob", Age = 7 });
            var writer = new AmberMessageWriter();
            var first = new ArrayBufferWriter<byte>();
            writer.WriteUnframed(first, new Person { Name = "Ada", Age = 36 });
            var second = new ArrayBufferWriter<byte>();
            writer.WriteUnframed(second, new Person { Name = "Bob", Age = 7 });
            Assert.Equal(Clean("35 | 02 | 04 3460 00BA | 03 | 04 416461 | 48"), Hex(first.WrittenSpan));
            Assert.Equal(Clean("45 | 01 | 03 | 04 426F62 | 0E"), Hex(second.WrittenSpan));
            Assert.Equal(framed[0].AsSpan(1).ToArray(), first.WrittenSpan.ToArray());
            Assert.Equal(framed[1].AsSpan(1).ToArray(), second.WrittenSpan.ToArray());
        }

        [Fact]
        public void Unframed_messages_of_mixed_traffic_round_trip_from_spans_and_from_segments()
        {
            object[] values = MixedTraffic(300, seed: 7);
            var writer = new AmberMessageWriter();
            var spanReader = new AmberMessageReader();
            var segmentReader = new AmberMessageReader();
            // Each value written unframed, then read from one span by one reader and from one-byte segments by the other.
            (object Read, object FromSegments) RoundTrip<T>(T value)
            {
                var buffer = new ArrayBufferWriter<byte>();
                writer.WriteUnframed(buffer, value);
                return (spanReader.ReadUnframed<T>(buffer.WrittenSpan)!, segmentReader.ReadUnframed<T>(Segments(buffer.WrittenSpan.ToArray()))!);
            }

            foreach (object value in values)
            {
                (object read, object readFromSegments) = value switch
                {
                    Person p => RoundTrip(p),
                    MessageEnvelope e => RoundTrip(e),
                    Sprite s => RoundTrip(s),
                    Inventory i => RoundTrip(i),
                    int n => RoundTrip(n),
                    _ => throw new ArgumentException(value.GetType().Name),
                };
                Assert.Equal(Describe(value), Describe(read));
                Assert.Equal(Describe(value), Describe(readFromSegments));
            }
        }

        /// <summary>The bytes as a sequence of one-byte segments, with empty ones between.</summary>
        private static ReadOnlySequence<byte> Segments(byte[] bytes) => TestSequences.OneByteSegmentsWithEmpties(bytes);

        [Fact]
        public void An_unframed_message_that_needs_an_earlier_ones_shapes_is_an_error_at_its_offset()
        {
            var writer = new AmberMessageWriter();
            writer.WriteUnframed(new ArrayBufferWriter<byte>(), new Person { Name = "A" });
            var second = new ArrayBufferWriter<byte>();
            writer.WriteUnframed(second, new Person { Name = "B" });
            var ex = Assert.ThrowsAny<AmberException>(() => new AmberMessageReader().ReadUnframed<Person>(second.WrittenSpan));
            Assert.Equal(0, ex.ByteOffset);
            Assert.Contains("first message", ex.Message);
        }

        [Fact]
        public void A_plain_payload_is_not_an_unframed_connection_message()
        {
            byte[] payload = AmberSerializer.Serialize(new Person { Name = "A" });
            var ex = Assert.ThrowsAny<AmberException>(() => new AmberMessageReader().ReadUnframed<Person>(payload));
            Assert.Equal(0, ex.ByteOffset);
        }
    }
}
