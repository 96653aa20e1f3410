using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Streaming;
using Amber.Tests.Models;
using Amber.Tests.Models.Inline;
using Amber.Tests.Models.KeptEdge;
using Amber.Tests.Models.Poly;
using Amber.Tests.Runtime;
using Amber.Tests.Serialization;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>
    /// The edges of connection streams (docs/format.md §7.6): messages split at every byte, out of order, read as the wrong
    /// type, with limits that differ between the ends, reference mode across messages, failures in the middle, length
    /// prefixes that grow and shrink, and relays that keep unknown members (§5.2) between two connections.
    /// </summary>
    public class ConnectionMessageEdgeTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        private static string D(object? value, bool identity = false) => KeptDescribe.Of(value, identity);

        /// <summary>Writes <paramref name="value"/> as one message of its own type.</summary>
        internal static void WriteAny(AmberMessageWriter writer, IBufferWriter<byte> destination, object value)
        {
            switch (value)
            {
                case Person p: writer.WriteMessage(destination, p); break;
                case Sprite s: writer.WriteMessage(destination, s); break;
                case Inventory i: writer.WriteMessage(destination, i); break;
                case MessageEnvelope e: writer.WriteMessage(destination, e); break;
                case KindsV2 k: writer.WriteMessage(destination, k); break;
                case ShelfV2 s2: writer.WriteMessage(destination, s2); break;
                case ShelfV1 s1: writer.WriteMessage(destination, s1); break;
                case IdOnlyV1 o: writer.WriteMessage(destination, o); break;
                case BoxV1 b1: writer.WriteMessage(destination, b1); break;
                case BoxV2 b2: writer.WriteMessage(destination, b2); break;
                case ManyShapes m: writer.WriteMessage(destination, m); break;
                case RefV2 r2: writer.WriteMessage(destination, r2); break;
                case RefFirstsV1 r1: writer.WriteMessage(destination, r1); break;
                case int n: writer.WriteMessage(destination, n); break;
                default: throw new ArgumentException(value.GetType().Name);
            }
        }

        /// <summary>Reads one message as <paramref name="type"/>.</summary>
        internal static bool ReadAny(AmberMessageReader reader, ref ReadOnlySequence<byte> buffer, Type type, out object? value)
        {
            bool read;
            switch (type.Name)
            {
                case nameof(Person): read = reader.TryReadMessage(ref buffer, out Person? p); value = p; break;
                case nameof(Sprite): read = reader.TryReadMessage(ref buffer, out Sprite? s); value = s; break;
                case nameof(Inventory): read = reader.TryReadMessage(ref buffer, out Inventory? i); value = i; break;
                case nameof(MessageEnvelope): read = reader.TryReadMessage(ref buffer, out MessageEnvelope? e); value = e; break;
                case nameof(KindsV2): read = reader.TryReadMessage(ref buffer, out KindsV2? k); value = k; break;
                case nameof(ShelfV2): read = reader.TryReadMessage(ref buffer, out ShelfV2? s2); value = s2; break;
                case nameof(ShelfV1): read = reader.TryReadMessage(ref buffer, out ShelfV1? s1); value = s1; break;
                case nameof(IdOnlyV1): read = reader.TryReadMessage(ref buffer, out IdOnlyV1? o); value = o; break;
                case nameof(BoxV1): read = reader.TryReadMessage(ref buffer, out BoxV1? b1); value = b1; break;
                case nameof(BoxV2): read = reader.TryReadMessage(ref buffer, out BoxV2? b2); value = b2; break;
                case nameof(ManyShapes): read = reader.TryReadMessage(ref buffer, out ManyShapes? m); value = m; break;
                case nameof(RefV2): read = reader.TryReadMessage(ref buffer, out RefV2? r2); value = r2; break;
                case nameof(RefFirstsV1): read = reader.TryReadMessage(ref buffer, out RefFirstsV1? r1); value = r1; break;
                case nameof(Int32): read = reader.TryReadMessage(ref buffer, out int n); value = n; break;
                default: throw new ArgumentException(type.Name);
            }
            return read;
        }

        internal static List<byte[]> Messages(AmberMessageWriter writer, IEnumerable<object> values)
        {
            var result = new List<byte[]>();
            foreach (object value in values)
            {
                var buffer = new ArrayBufferWriter<byte>();
                WriteAny(writer, buffer, value);
                result.Add(buffer.WrittenSpan.ToArray());
            }
            return result;
        }

        /// <summary>The payload header's version of a framed message: 3 for a connection's first message, 4 for a later one.</summary>
        internal static int VersionOf(byte[] message)
        {
            int at = 0;
            while (message[at] >= 0x80) at++;
            return message[at + 1] >> 4;
        }

        internal static object Read(AmberMessageReader reader, byte[] message, Type type)
        {
            var buffer = new ReadOnlySequence<byte>(message);
            Assert.True(ReadAny(reader, ref buffer, type, out object? value));
            Assert.Equal(0, buffer.Length);
            return value!;
        }

        private static BoxV2 Box(int i, bool extra, bool label) => new BoxV2
        {
            Name = "box" + i,
            Extra = extra ? new NoteV2 { Text = "extra" + i, Next = i % 2 == 0 ? new NoteV2 { Text = "more" } : null } : null,
            Label = label ? "label" + i : null,
        };

        internal static ShelfV2 Shelf(int i) => new ShelfV2
        {
            Boxes = new List<BoxV2> { Box(i, true, true), Box(i + 1, false, true), Box(i + 2, true, false), Box(i + 3, false, false) },
            ByKey = new Dictionary<string, BoxV2> { ["k" + i] = Box(i + 4, i % 2 == 0, true) },
            Array = i % 3 == 0 ? null : new[] { Box(i + 5, true, true) },
            A = new NoteV2 { Text = "A" + i },
            B = i % 2 == 0 ? new NoteV2 { Text = "B" + i } : null,
        };

        /// <summary>Several types on one connection: plain, inline, polymorphic, every kind of value, and boxes with kept sets.</summary>
        private static object[] Traffic(int count, int seed)
        {
            var random = new Random(seed);
            var values = new List<object>();
            for (int i = 0; i < count; i++)
            {
                values.Add(random.Next(7) switch
                {
                    0 => new Person { Name = "P" + i, Age = random.Next(100) },
                    1 => new Sprite { Position = new Vector2 { X = i, Y = -i }, Tint = new Color { R = (byte)i, A = 255 } },
                    2 => new Inventory { Items = new List<Item> { new Sword { Name = "s", Damage = i }, new Key { OpensDoor = i } }, Equipped = i % 2 == 0 ? new Container { Contents = { new Key() } } : null },
                    3 => UnknownMembersEdgeTests.FullKinds(i),
                    4 => Shelf(i),
                    5 => Box(i, random.Next(2) == 0, random.Next(2) == 0),
                    _ => i,
                });
            }
            return values.ToArray();
        }

        // ---- byte boundaries

        [Fact]
        public void Every_split_of_a_connection_stream_into_two_segments_reads_the_same_messages()
        {
            object[] values = Traffic(10, 1);
            byte[] stream = Messages(new AmberMessageWriter(), values).SelectMany(m => m).ToArray();
            string[] expected = values.Select(v => D(v)).ToArray();
            for (int split = 0; split <= stream.Length; split++)
            {
                var reader = new AmberMessageReader();
                ReadOnlySequence<byte> buffer = Segments.SplitAt(stream, split);
                for (int i = 0; i < values.Length; i++)
                {
                    Assert.True(ReadAny(reader, ref buffer, values[i].GetType(), out object? read), $"split {split}, message {i}");
                    Assert.Equal(expected[i], D(read));
                }
                Assert.Equal(0, buffer.Length);
            }
        }

        [Fact]
        public void A_message_arriving_a_byte_at_a_time_reads_only_once_complete_and_leaves_the_buffer_untouched_before()
        {
            object[] values = Traffic(12, 2);
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            var reader = new AmberMessageReader();
            for (int i = 0; i < messages.Count; i++)
            {
                // Each partial buffer also holds the start of the next message, as a pipe's would not: only the message's own bytes decide.
                byte[] message = messages[i];
                for (int have = 0; have < message.Length; have++)
                {
                    byte[] arrived = message.AsSpan(0, have).ToArray();
                    ReadOnlySequence<byte> partial = have % 2 == 0 ? new ReadOnlySequence<byte>(arrived) : Segments.SplitAt(arrived, have / 2);
                    ReadOnlySequence<byte> before = partial;
                    Assert.False(ReadAny(reader, ref partial, values[i].GetType(), out _), $"message {i} with {have} of {message.Length} bytes");
                    Assert.Equal(before.Start, partial.Start);
                    Assert.Equal(before.End, partial.End);
                }
                byte[] withNext = i + 1 < messages.Count ? message.Concat(messages[i + 1].Take(3)).ToArray() : message;
                ReadOnlySequence<byte> whole = Segments.OneByte(withNext);
                Assert.True(ReadAny(reader, ref whole, values[i].GetType(), out object? read));
                Assert.Equal(withNext.Length - message.Length, whole.Length);
                Assert.Equal(D(values[i]), D(read));
            }
        }

        private sealed class SmallBlockWriter : IBufferWriter<byte>
        {
            private readonly int _block;
            private readonly List<byte> _written = new List<byte>();
            private byte[] _current = Array.Empty<byte>();

            public SmallBlockWriter(int block) => _block = block;

            public void Advance(int count)
            {
                if (count < 0 || count > _current.Length) throw new InvalidOperationException("Advanced past the memory handed out.");
                _written.AddRange(_current.Take(count));
                _current = Array.Empty<byte>();
            }

            public Memory<byte> GetMemory(int sizeHint = 0) => _current = new byte[Math.Max(sizeHint, _block)];

            public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

            public byte[] ToArray() => _written.ToArray();
        }

        [Fact]
        public void Length_prefixes_that_grow_and_shrink_between_messages_frame_every_message_in_every_destination()
        {
            // Names whose payloads cross 127/128 and 16383/16384 bytes, one after another, so that the room a writer keeps
            // for the next prefix (the last one's length) is too short, too long, and right.
            int[] lengths = { 5, 120, 126, 127, 128, 130, 3, 200, 16370, 16378, 16379, 16380, 16390, 10, 16400, 126, 70000, 1, 16381, 127 };
            var people = lengths.Select((l, i) => new Person { Name = new string((char)('a' + i % 26), l), Age = i }).ToArray();
            Func<IBufferWriter<byte>>[] destinations =
            {
                () => new ArrayBufferWriter<byte>(),
                () => new ArrayBufferWriter<byte>(1),
                () => new StingyBufferWriter(),
                () => new SmallBlockWriter(130),
                () => new SmallBlockWriter(16390),
            };
            foreach (Func<IBufferWriter<byte>> make in destinations)
            {
                IBufferWriter<byte> destination = make();
                var writer = new AmberMessageWriter();
                foreach (Person p in people) writer.WriteMessage(destination, p);
                byte[] stream = destination switch
                {
                    ArrayBufferWriter<byte> a => a.WrittenSpan.ToArray(),
                    StingyBufferWriter s => s.ToArray(),
                    SmallBlockWriter b => b.ToArray(),
                    _ => throw new InvalidOperationException(),
                };
                var reader = new AmberMessageReader();
                var buffer = new ReadOnlySequence<byte>(stream);
                foreach (Person p in people)
                {
                    Assert.True(reader.TryReadMessage(ref buffer, out Person? read), destination.GetType().Name);
                    Assert.Equal((p.Name, p.Age), (read!.Name, read.Age));
                }
                Assert.Equal(0, buffer.Length);
            }
        }

        // ---- order, types and limits

        [Fact]
        public void Messages_given_out_of_order_are_refused_and_read_once_given_in_order()
        {
            object[] values = { new Person { Name = "A" }, new Sprite { Position = new Vector2 { X = 1 } }, new Person { Name = "B" }, new Sprite { Position = new Vector2 { X = 2 } } };
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            var reader = new AmberMessageReader();
            // The second first: the reader has not started.
            Assert.ThrowsAny<AmberException>(() => Read(reader, messages[1], typeof(Sprite)));
            Assert.Equal(D(values[0]), D(Read(reader, messages[0], typeof(Person))));
            // The fourth before the second: it names Sprite's shapes, which only the second defines.
            Assert.ThrowsAny<AmberException>(() => Read(reader, messages[3], typeof(Sprite)));
            for (int i = 1; i < 4; i++) Assert.Equal(D(values[i]), D(Read(reader, messages[i], values[i].GetType())));
            // A message read twice: it defines nothing new when its shapes are held, and reads again.
            Assert.Equal(D(values[2]), D(Read(reader, messages[2], typeof(Person))));
            // The first again: a first message starts the connection anew, and the rest follow.
            Assert.Equal(D(values[0]), D(Read(reader, messages[0], typeof(Person))));
            for (int i = 1; i < 4; i++) Assert.Equal(D(values[i]), D(Read(reader, messages[i], values[i].GetType())));
        }

        [Fact]
        public void A_message_read_as_the_wrong_type_is_refused_or_read_and_never_makes_a_later_message_wrong()
        {
            object[] values = Traffic(14, 3);
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            Type[] wrong = { typeof(Person), typeof(Sprite), typeof(int), typeof(KindsV2), typeof(ShelfV2), typeof(MessageEnvelope) };
            for (int k = 0; k < messages.Count; k++)
            {
                foreach (Type w in wrong.Where(t => t != values[k].GetType()))
                {
                    var reader = new AmberMessageReader();
                    for (int i = 0; i < k; i++) Read(reader, messages[i], values[i].GetType());
                    var buffer = new ReadOnlySequence<byte>(messages[k]);
                    bool failed = false;
                    try
                    {
                        ReadAny(reader, ref buffer, w, out _);
                    }
                    catch (AmberException)
                    {
                        failed = true;
                    }
                    if (failed)
                    {
                        // The buffer is as it was, and the message reads with the right type.
                        Assert.Equal(messages[k].Length, buffer.Length);
                        Assert.Equal(D(values[k]), D(Read(reader, messages[k], values[k].GetType())));
                    }
                    for (int i = k + 1; i < messages.Count; i++)
                    {
                        var rest = new ReadOnlySequence<byte>(messages[i]);
                        object? read = null;
                        Exception? e = Record.Exception(() => ReadAny(reader, ref rest, values[i].GetType(), out read));
                        if (e != null)
                        {
                            Assert.IsAssignableFrom<AmberException>(e);
                            continue;
                        }
                        Assert.Equal(D(values[i]), D(read));
                    }
                }
            }
        }

        [Fact]
        public void A_reader_with_smaller_limits_than_its_writer_refuses_with_an_amber_exception_never_a_wrong_value()
        {
            object[] values = Traffic(80, 4);
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            foreach (AmberOptions options in new[] { new AmberOptions { MaxConnectionShapes = 12 }, new AmberOptions { MaxConnectionShapeBytes = 200 } })
            {
                var reader = new AmberMessageReader(options);
                int refused = 0;
                for (int i = 0; i < messages.Count; i++)
                {
                    object? read = null;
                    var buffer = new ReadOnlySequence<byte>(messages[i]);
                    Exception? e = Record.Exception(() => ReadAny(reader, ref buffer, values[i].GetType(), out read));
                    if (e != null)
                    {
                        Assert.IsAssignableFrom<AmberException>(e);
                        refused++;
                        continue;
                    }
                    Assert.Equal(D(values[i]), D(read));
                }
                Assert.True(refused > 0, $"MaxConnectionShapes {options.MaxConnectionShapes}, MaxConnectionShapeBytes {options.MaxConnectionShapeBytes}: nothing refused");
            }
        }

        [Fact]
        public void A_writer_with_smaller_limits_than_its_reader_starts_anew_often_and_every_message_reads()
        {
            object[] values = Traffic(120, 5);
            var writer = new AmberMessageWriter(new AmberOptions { MaxConnectionShapes = 60, MaxConnectionShapeBytes = 3000 });
            List<byte[]> messages = Messages(writer, values);
            Assert.True(messages.Count(m => VersionOf(m) == 3) > 2, "the writer never started anew");
            var reader = new AmberMessageReader();
            for (int i = 0; i < messages.Count; i++) Assert.Equal(D(values[i]), D(Read(reader, messages[i], values[i].GetType())));
        }

        [Fact]
        public void A_message_whose_own_definitions_pass_the_writers_limit_is_not_sent_and_the_next_one_starts_anew()
        {
            var writer = new AmberMessageWriter(new AmberOptions { MaxConnectionShapes = 5 });
            var reader = new AmberMessageReader(new AmberOptions { MaxConnectionShapes = 5 });
            Read(reader, Messages(writer, new object[] { new Person { Name = "a" } })[0], typeof(Person));
            var failed = new ArrayBufferWriter<byte>();
            Assert.ThrowsAny<AmberException>(() => WriteAny(writer, failed, UnknownMembersEdgeTests.FullKinds(1)));
            Assert.Equal(0, failed.WrittenCount);
            byte[] next = Messages(writer, new object[] { new Person { Name = "b" } })[0];
            Assert.Equal(3, VersionOf(next));
            Assert.Equal("b", ((Person)Read(reader, next, typeof(Person))).Name);
        }

        /// <summary>The smallest MaxConnectionShapeBytes with which a fresh writer sends <paramref name="value"/> as its first message.</summary>
        internal static int SmallestShapeBytesThatSend(object value)
        {
            int low = 1, high = 1 << 20;
            while (low < high)
            {
                int mid = (low + high) / 2;
                var writer = new AmberMessageWriter(new AmberOptions { MaxConnectionShapeBytes = mid });
                bool sent = Record.Exception(() => WriteAny(writer, new ArrayBufferWriter<byte>(), value)) == null;
                if (sent) high = mid;
                else low = mid + 1;
            }
            return low;
        }

        internal static ManyShapes ManyBoxes() => new ManyShapes
        {
            Boxes = new List<object>
            {
                true, (byte)1, (sbyte)-1, (short)2, (ushort)3, 4, 5u, 6L, 7UL, 'c', 1.5f, 2.5, 3.5m, "s", new byte[] { 1 },
                new DateTime(2020, 1, 1), TimeSpan.FromSeconds(1), Guid.Empty, new DateOnly(2020, 1, 2), new TimeOnly(3, 4), (Half)1,
                (Int128)8, (UInt128)9, new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.Zero), new Uri("a", UriKind.Relative), new Version(1, 2),
                new System.Numerics.BigInteger(10), new[] { 1 }, new List<int> { 2 }, new[] { "a" }, new List<string> { "b" },
                new object[] { 1 }, new List<object> { 2 }, new Dictionary<string, object> { ["k"] = 3 },
            },
            Sprites = new List<Sprite> { new Sprite { Position = new Vector2 { X = 1 } } },
        };

        // ---- reference mode and failures

        [Fact]
        public void Reference_mode_shares_objects_within_a_message_and_never_across_messages()
        {
            var writer = new AmberMessageWriter(Refs);
            var reader = new AmberMessageReader(Refs);
            var key = new Key { Name = "shared", OpensDoor = 1 };
            Inventory? last = null;
            for (int i = 0; i < 4; i++)
            {
                var sent = new Inventory { Items = new List<Item> { key, new Sword { Name = "s" + i }, key }, Equipped = key, ByName = new Dictionary<string, Item> { ["k"] = key } };
                byte[] message = Messages(writer, new object[] { sent })[0];
                var read = (Inventory)Read(reader, message, typeof(Inventory));
                Assert.Same(read.Items![0], read.Items[2]);
                Assert.Same(read.Items[0], read.Equipped);
                Assert.Same(read.Items[0], read.ByName!["k"]);
                Assert.Equal(D(sent, identity: true), D(read, identity: true));
                if (last != null) Assert.NotSame(last.Equipped, read.Equipped);
                last = read;
            }
        }

        [Fact]
        public void Reference_mode_and_plain_messages_mix_on_one_connection()
        {
            // A type that needs no references beside one written with them: the header's flag is per message.
            var writer = new AmberMessageWriter(Refs);
            var reader = new AmberMessageReader();
            var plainWriter = new AmberMessageWriter();
            object[] values = Traffic(30, 6);
            List<byte[]> messages = Messages(writer, values);
            for (int i = 0; i < values.Length; i++) Assert.Equal(D(values[i]), D(Read(reader, messages[i], values[i].GetType())));
            List<byte[]> plain = Messages(plainWriter, values);
            var reader2 = new AmberMessageReader(Refs);
            for (int i = 0; i < values.Length; i++) Assert.Equal(D(values[i]), D(Read(reader2, plain[i], values[i].GetType())));
        }

        [Fact]
        public void A_damaged_message_in_the_middle_is_refused_and_later_messages_read_right_or_are_refused()
        {
            object[] values = Traffic(16, 7);
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            var random = new Random(7);
            for (int round = 0; round < 400; round++)
            {
                int k = random.Next(messages.Count);
                byte[] damaged = (byte[])messages[k].Clone();
                // Damage the payload, not the length prefix: the message stays one message.
                int prefix = damaged[0] < 0x80 ? 1 : damaged[1] < 0x80 ? 2 : 3;
                int at = prefix + random.Next(damaged.Length - prefix);
                damaged[at] ^= (byte)(1 << random.Next(8));
                var reader = new AmberMessageReader();
                bool damageRead = false;
                for (int i = 0; i < messages.Count; i++)
                {
                    byte[] message = i == k ? damaged : messages[i];
                    var buffer = new ReadOnlySequence<byte>(message);
                    object? read = null;
                    long before = GC.GetAllocatedBytesForCurrentThread();
                    Exception? e = Record.Exception(() => ReadAny(reader, ref buffer, values[i].GetType(), out read));
                    long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                    Assert.True(allocated < 64 * message.Length + (1 << 20), $"round {round}: message {i} allocated {allocated}");
                    if (e != null)
                    {
                        Assert.True(e is AmberException, $"round {round}, byte {at} of message {k}: message {i} threw {e.GetType().Name}: {e.Message}");
                        continue;
                    }
                    // A damaged message that reads is data (a damaged definition it carried is the connection's from then on);
                    // one that is refused leaves the definitions before it, so every later message reads right or is refused.
                    if (i == k) damageRead = true;
                    else if (!damageRead) Assert.Equal(D(values[i]), D(read));
                }
            }
        }

        // ---- relays that keep unknown members

        /// <summary>Reads every message as the relay's type and forwards it on another connection; returns the forwarded stream.</summary>
        internal static List<byte[]> Relay(List<byte[]> messages, Func<object, Type> relayType, AmberMessageReader reader, AmberMessageWriter writer, object[] values, Action<int, object>? change = null, Func<int, bool>? resetBefore = null)
        {
            var forwarded = new List<byte[]>();
            for (int i = 0; i < messages.Count; i++)
            {
                object relayed = Read(reader, messages[i], relayType(values[i]));
                change?.Invoke(i, relayed);
                if (resetBefore?.Invoke(i) == true) writer.Reset();
                var buffer = new ArrayBufferWriter<byte>();
                WriteAny(writer, buffer, relayed);
                forwarded.Add(buffer.WrittenSpan.ToArray());
            }
            return forwarded;
        }

        internal static Type RelayTypeOf(object value) => value switch
        {
            KindsV2 => typeof(IdOnlyV1),
            ShelfV2 => typeof(ShelfV1),
            BoxV2 => typeof(BoxV1),
            _ => value.GetType(),
        };

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void A_relay_forwards_mixed_traffic_with_kept_members_and_its_writer_may_start_anew_midway(bool resets)
        {
            object[] values = Traffic(60, 8);
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            List<byte[]> forwarded = Relay(messages, RelayTypeOf, new AmberMessageReader(), new AmberMessageWriter(), values, resetBefore: resets ? i => i % 17 == 9 : null);
            var client = new AmberMessageReader();
            for (int i = 0; i < values.Length; i++) Assert.Equal(D(values[i]), D(Read(client, forwarded[i], values[i].GetType())));
            Assert.Equal(resets ? 4 : 1, forwarded.Count(m => VersionOf(m) == 3));
        }

        [Fact]
        public void A_relay_that_knows_no_member_of_a_message_forwards_it_whole()
        {
            // Person, Sprite (inline structs) and Inventory (polymorphic lists) have no Id: a relay that knows only Id keeps all of it.
            object[] values = Traffic(40, 9).Where(v => v is Person or Sprite or Inventory).ToArray();
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            List<byte[]> forwarded = Relay(messages, _ => typeof(IdOnlyV1), new AmberMessageReader(), new AmberMessageWriter(), values);
            var client = new AmberMessageReader();
            for (int i = 0; i < values.Length; i++) Assert.Equal(D(values[i]), D(Read(client, forwarded[i], values[i].GetType())));
        }

        [Fact]
        public void Different_kept_sets_on_one_connection_define_each_extended_shape_once()
        {
            bool[][] kinds = { new[] { true, true }, new[] { true, false }, new[] { false, true }, new[] { false, false } };
            object[] values = Enumerable.Range(0, 16).Select(i => (object)Box(10 + 2 * i, kinds[i % 4][0], kinds[i % 4][1])).ToArray();
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            List<byte[]> forwarded = Relay(messages, RelayTypeOf, new AmberMessageReader(), new AmberMessageWriter(), values);
            var client = new AmberMessageReader();
            for (int i = 0; i < values.Length; i++) Assert.Equal(D(values[i]), D(Read(client, forwarded[i], typeof(BoxV2))));
            // A null Extra is written too (a class member is always present), so the kept sets are {Extra, Label} and {Extra}:
            // each extended shape is defined by the first box of its kind and referred to from then on.
            for (int i = 4; i < 12; i++) Assert.Equal(forwarded[i + 4].Length, forwarded[i].Length);
            for (int i = 0; i < 2; i++) Assert.True(forwarded[i + 4].Length < forwarded[i].Length, $"kind {i}: {forwarded[i].Length} then {forwarded[i + 4].Length}");
            for (int i = 2; i < 4; i++) Assert.True(forwarded[i + 4].Length <= forwarded[i].Length, $"kind {i}: {forwarded[i].Length} then {forwarded[i + 4].Length}");
        }

        [Fact]
        public void A_relay_whose_write_fails_midway_starts_its_connection_anew_and_the_client_follows()
        {
            // In reference mode a message whose kept B is the known A cannot be forwarded: the relay's write fails,
            // its next message is a first message, and the client reads every message that was forwarded.
            var values = Enumerable.Range(0, 12).Select(i =>
            {
                var r = new RefV2 { Name = "n" + i, A = new List<int> { i }, X = new NoteV2 { Text = "x" + i }, Y = new NoteV2 { Text = "y" + i }, Label = "label" + i };
                r.B = i % 4 == 2 ? r.A : new List<int> { -i };
                return (object)r;
            }).ToArray();
            List<byte[]> messages = Messages(new AmberMessageWriter(Refs), values);
            var relayReader = new AmberMessageReader();
            var relayWriter = new AmberMessageWriter(Refs);
            var client = new AmberMessageReader();
            int failures = 0;
            for (int i = 0; i < values.Length; i++)
            {
                var relayed = (RefFirstsV1)Read(relayReader, messages[i], typeof(RefFirstsV1));
                var buffer = new ArrayBufferWriter<byte>();
                Exception? e = Record.Exception(() => WriteAny(relayWriter, buffer, relayed));
                if (e != null)
                {
                    Assert.IsAssignableFrom<AmberException>(e);
                    Assert.Contains("RefFirstsV1", e.Message);
                    Assert.Equal(0, buffer.WrittenCount);
                    failures++;
                    continue;
                }
                Assert.Equal(D(values[i]), D(Read(client, buffer.WrittenSpan.ToArray(), typeof(RefV2))));
            }
            Assert.Equal(3, failures);
        }

        [Fact]
        public void Damaged_traffic_through_a_relay_is_refused_with_amber_exceptions_only()
        {
            object[] values = Traffic(12, 10).Where(v => v is KindsV2 or ShelfV2 or BoxV2).ToArray();
            List<byte[]> messages = Messages(new AmberMessageWriter(), values);
            var random = new Random(10);
            for (int round = 0; round < 300; round++)
            {
                int k = random.Next(messages.Count);
                byte[] damaged = (byte[])messages[k].Clone();
                int prefix = damaged[0] < 0x80 ? 1 : damaged[1] < 0x80 ? 2 : 3;
                damaged[prefix + random.Next(damaged.Length - prefix)] ^= (byte)(1 << random.Next(8));
                var relayReader = new AmberMessageReader();
                var relayWriter = new AmberMessageWriter();
                for (int i = 0; i < messages.Count; i++)
                {
                    var buffer = new ReadOnlySequence<byte>(i == k ? damaged : messages[i]);
                    object? relayed = null;
                    Exception? e = Record.Exception(() => ReadAny(relayReader, ref buffer, RelayTypeOf(values[i]), out relayed));
                    if (e == null)
                    {
                        e = Record.Exception(() => WriteAny(relayWriter, new ArrayBufferWriter<byte>(), relayed!));
                    }
                    Assert.True(e == null || e is AmberException, $"round {round}, message {i}: {e?.GetType().Name}: {e?.Message}");
                }
            }
        }
    }

    /// <summary>
    /// Connection streams at the points the first version of the code got wrong (docs/format.md §7.6, §5.2): the byte limit at
    /// its exact value, and reference-mode ids after kept objects.
    /// </summary>
    public class ConnectionMessageRegressionTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        private static string D(object? value, bool identity = false) => KeptDescribe.Of(value, identity);

        [Fact]
        public void A_reader_with_its_writers_limits_reads_a_message_the_writer_sent_at_the_exact_limit()
        {
            const int spare = 0;
            // A message of some 36 definitions: object shape ids 31 and up take a two-byte header. The writer counts each
            // definition as written; a reader with the same limit must not count more.
            ManyShapes value = ConnectionMessageEdgeTests.ManyBoxes();
            int limit = ConnectionMessageEdgeTests.SmallestShapeBytesThatSend(value) + spare;
            var options = new AmberOptions { MaxConnectionShapeBytes = limit };
            byte[] message = ConnectionMessageEdgeTests.Messages(new AmberMessageWriter(options), new object[] { value })[0];
            Exception? e = Record.Exception(() => ConnectionMessageEdgeTests.Read(new AmberMessageReader(options), message, typeof(ManyShapes)));
            Assert.True(e == null, $"the writer sent the message with MaxConnectionShapeBytes = {limit}, a reader with the same limit refused it: {e?.Message}");
        }

        [Fact]
        public void A_relay_in_reference_mode_keeps_its_back_references_aligned_after_kept_objects_on_a_connection()
        {
            object[] values = Enumerable.Range(0, 6).Select(i => (object)ConnectionMessageEdgeTests.Shelf(i)).ToArray();
            List<byte[]> messages = ConnectionMessageEdgeTests.Messages(new AmberMessageWriter(), values);
            // The relay makes B the object A is, after the boxes with their kept Extra notes.
            List<byte[]> forwarded = ConnectionMessageEdgeTests.Relay(messages, ConnectionMessageEdgeTests.RelayTypeOf, new AmberMessageReader(), new AmberMessageWriter(Refs), values, change: (_, o) => ((ShelfV1)o).B = ((ShelfV1)o).A);
            var client = new AmberMessageReader();
            for (int i = 0; i < values.Length; i++)
            {
                var expected = (ShelfV2)values[i];
                expected.B = expected.A;
                var read = (ShelfV2)ConnectionMessageEdgeTests.Read(client, forwarded[i], typeof(ShelfV2));
                Assert.Equal(D(expected, identity: true), D(read, identity: true));
            }
        }
    }
}
