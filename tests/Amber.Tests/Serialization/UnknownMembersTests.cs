using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Format;
using Amber.Json;
using Amber.Streaming;
using Amber.Tests.Models.Inline;
using Amber.Tests.Models.Poly;
using Amber.Tests.Models.Relay;
using Amber.Tests.Runtime;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Unknown members survive (docs/format.md §5.2): a type with an <see cref="AmberUnknownMembers"/> member keeps what
    /// the data has and it lacks, and writes it back. Version 2 → version 1 → version 2 through the one-shot API, chunked
    /// streams and connection messages (a relay between two connections, the stream in random chunks and segments), nested
    /// objects of unknown types, collections, rows, inline structs, polymorphic values, records, structs and reference mode.
    /// </summary>
    public class UnknownMembersTests
    {
        private static RelayMessageV2 Full(int i) => new RelayMessageV2
        {
            Header = "h" + i,
            From = new Guid(i, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
            Route = new RelayRouteV2 { Hops = i % 5, Via = "via" + i, Note = new AttachmentV2 { Name = "note", Data = new byte[] { 1, 2, (byte)i } } },
            Priority = -i,
            Attachment = new AttachmentV2 { Name = "a" + i, Data = new byte[] { 9, 8 }, Next = new AttachmentV2 { Name = "next" } },
            Tags = new List<string> { "x", "y" + i },
            Codes = new[] { i, i * 2, -i },
            Path = new[] { new Vector2 { X = i, Y = 1 }, new Vector2 { X = 2, Y = -i } },
            Tint = new Color { R = (byte)i, G = 2, B = 3, A = 255 },
            Item = i % 2 == 0 ? new Sword { Name = "sword", Damage = i, TwoHanded = true } : new Key { Name = "key", OpensDoor = i },
            Items = new List<Item> { new Container { Name = "bag", Contents = { new Key { OpensDoor = 7 } } }, new Weapon { Damage = 3 } },
            ByName = new Dictionary<string, AttachmentV2> { ["k" + i] = new AttachmentV2 { Name = "by" } },
            Score = i % 3 == 0 ? null : i / 4.0,
        };

        /// <summary>Every member of two version-2 messages, as text, so a difference shows which member changed.</summary>
        private static string Describe(RelayMessageV2? m)
        {
            if (m == null) return "null";
            static string A(AttachmentV2? a) => a == null ? "-" : $"({a.Name} {(a.Data == null ? "-" : Convert.ToHexString(a.Data))} {A(a.Next)})";
            static string I(Item? t) => t switch
            {
                null => "-",
                Sword s => $"Sword {s.Name} {s.Damage} {s.TwoHanded}",
                Weapon w => $"Weapon {w.Name} {w.Damage}",
                Key k => $"Key {k.Name} {k.OpensDoor}",
                Container c => $"Container {c.Name} [{string.Join(",", c.Contents.Select(I))}]",
                _ => t.GetType().Name,
            };
            return string.Join(" | ", new[]
            {
                m.Header ?? "-", m.From.ToString(),
                m.Route == null ? "-" : $"{m.Route.Hops} {m.Route.Via} {A(m.Route.Note)}",
                m.Priority.ToString(), A(m.Attachment),
                m.Tags == null ? "-" : string.Join(",", m.Tags),
                m.Codes == null ? "-" : string.Join(",", m.Codes),
                m.Path == null ? "-" : string.Join(",", m.Path.Select(v => $"{v.X}/{v.Y}")),
                $"{m.Tint.R}.{m.Tint.G}.{m.Tint.B}.{m.Tint.A}",
                I(m.Item), m.Items == null ? "-" : string.Join(",", m.Items.Select(I)),
                m.ByName == null ? "-" : string.Join(",", m.ByName.Select(p => p.Key + "=" + A(p.Value))),
                m.Score?.ToString() ?? "null",
            });
        }

        [Fact]
        public void A_version_1_object_keeps_what_version_2_wrote_and_writes_it_back()
        {
            RelayMessageV2 sent = Full(4);
            RelayMessageV1 relay = AmberSerializer.Deserialize<RelayMessageV1>(AmberSerializer.Serialize(sent))!;
            Assert.Equal("h4", relay.Header);
            Assert.Equal(4, relay.Route!.Hops);
            Assert.Equal(10, relay.Unknown!.Count);
            Assert.Equal(2, relay.Route.Unknown!.Count);
            relay.Header = "changed by the relay";
            relay.Route.Hops++;
            RelayMessageV2 back = AmberSerializer.Deserialize<RelayMessageV2>(AmberSerializer.Serialize(relay))!;
            sent.Header = "changed by the relay";
            sent.Route!.Hops++;
            Assert.Equal(Describe(sent), Describe(back));
        }

        [Fact]
        public void Data_without_unknown_members_keeps_none_and_writes_the_same_bytes()
        {
            var v1 = new RelayMessageV1 { Header = "a", From = Guid.NewGuid(), Route = new RelayRouteV1 { Hops = 2 } };
            byte[] bytes = AmberSerializer.Serialize(v1);
            RelayMessageV1 read = AmberSerializer.Deserialize<RelayMessageV1>(bytes)!;
            Assert.Null(read.Unknown);
            Assert.Null(read.Route!.Unknown);
            Assert.Equal(Convert.ToHexString(bytes), Convert.ToHexString(AmberSerializer.Serialize(read)));
        }

        [Fact]
        public void Kept_members_are_written_after_the_types_own_in_a_shape_that_lists_them()
        {
            // Version 1 of the record knows X and Y; version 2 added Label and Marks.
            byte[] bytes = AmberSerializer.Serialize(new PointRecordV2(1, 2, "l", new List<int> { 5 }));
            PointRecordV1 v1 = AmberSerializer.Deserialize<PointRecordV1>(bytes)!;
            Assert.Equal(2, v1.Unknown!.Count);
            byte[] again = AmberSerializer.Serialize(v1);
            // 15 (payload header) | 02 (shape 0 defined here) | 08: 4 members, untyped | X, Y, then the kept Label and Marks
            Assert.Equal("150208", Convert.ToHexString(again.AsSpan(0, 3)));
            string keptTags = string.Concat(v1.Unknown.Tags.ToArray().Select(t => Convert.ToHexString(BitConverter.GetBytes(t))));
            Assert.Equal(keptTags, Convert.ToHexString(again.AsSpan(3 + 4, 4)));
            // The same bytes as version 2 wrote: the kept members come back in the writer's order, after the type's own.
            Assert.Equal(Convert.ToHexString(bytes), Convert.ToHexString(again));
        }

        [Fact]
        public void A_record_and_a_struct_keep_unknown_members_too()
        {
            PointRecordV1 p1 = AmberSerializer.Deserialize<PointRecordV1>(AmberSerializer.Serialize(new PointRecordV2(1, 2, "label", new List<int> { 5, 6 })))!;
            Assert.Equal((1, 2), (p1.X, p1.Y));
            Assert.Equal(2, p1.Unknown!.Count);
            PointRecordV2 p2 = AmberSerializer.Deserialize<PointRecordV2>(AmberSerializer.Serialize(p1 with { X = 10 }))!;
            Assert.Equal((10, 2, "label", "5,6"), (p2.X, p2.Y, p2.Label, string.Join(",", p2.Marks)));

            StampV1 s1 = AmberSerializer.Deserialize<StampV1>(AmberSerializer.Serialize(new StampV2 { Ticks = 5, Zone = "UTC", Source = new AttachmentV2 { Name = "src" } }));
            Assert.Equal(2, s1.Unknown!.Count);
            StampV2 s2 = AmberSerializer.Deserialize<StampV2>(AmberSerializer.Serialize(s1));
            Assert.Equal((5L, "UTC", "src"), (s2.Ticks, s2.Zone, s2.Source!.Name));
        }

        [Fact]
        public void Kept_members_survive_a_chunked_stream()
        {
            RelayMessageV2[] sent = Enumerable.Range(0, 40).Select(Full).ToArray();
            var v2Stream = new MemoryStream();
            AmberStream.Write(v2Stream, sent, new AmberStreamOptions { ItemsPerFrame = 7 });
            v2Stream.Position = 0;
            List<RelayMessageV1> relayed = AmberStream.ReadAll<RelayMessageV1>(v2Stream).ToList()!;
            var v1Stream = new MemoryStream();
            AmberStream.Write(v1Stream, relayed, new AmberStreamOptions { ItemsPerFrame = 5 });
            v1Stream.Position = 0;
            List<RelayMessageV2> back = AmberStream.ReadAll<RelayMessageV2>(v1Stream).ToList()!;
            Assert.Equal(sent.Select(Describe), back.Select(Describe));
        }

        [Theory]
        [InlineData(1)]
        [InlineData(2)]
        public void A_version_1_relay_between_version_2_clients_over_connections_forwards_every_member(int seed)
        {
            RelayMessageV2[] sent = Enumerable.Range(0, 60).Select(Full).ToArray();
            // Client → relay: one connection.
            var clientWriter = new AmberMessageWriter();
            var toRelay = new ArrayBufferWriter<byte>();
            foreach (RelayMessageV2 m in sent) clientWriter.WriteMessage(toRelay, m);

            // The relay reads version 1 from the stream arriving in random chunks, and forwards on another connection.
            var relayReader = new AmberMessageReader();
            var relayWriter = new AmberMessageWriter();
            var toClient = new ArrayBufferWriter<byte>();
            int forwarded = 0;
            foreach (ReadOnlySequence<byte> buffer in Arrivals(toRelay.WrittenSpan.ToArray(), seed))
            {
                ReadOnlySequence<byte> rest = buffer;
                while (relayReader.TryReadMessage(ref rest, out RelayMessageV1? m))
                {
                    Assert.NotNull(m!.Unknown);
                    relayWriter.WriteMessage(toClient, m);
                    forwarded++;
                }
                Consumed(buffer.Length - rest.Length);
            }
            Assert.Equal(sent.Length, forwarded);

            var clientReader = new AmberMessageReader();
            var received = new List<RelayMessageV2>();
            foreach (ReadOnlySequence<byte> buffer in Arrivals(toClient.WrittenSpan.ToArray(), seed + 10))
            {
                ReadOnlySequence<byte> rest = buffer;
                while (clientReader.TryReadMessage(ref rest, out RelayMessageV2? m)) received.Add(m!);
                Consumed(buffer.Length - rest.Length);
            }
            Assert.Equal(sent.Select(Describe), received.Select(Describe));
            // Shapes once per connection on the far side too: a later message is far smaller than the first.
        }

        [Fact]
        public void A_relay_forwards_kept_members_with_their_shapes_defined_once_per_connection()
        {
            var clientWriter = new AmberMessageWriter();
            var relayReader = new AmberMessageReader();
            var relayWriter = new AmberMessageWriter();
            var clientReader = new AmberMessageReader();
            var sentSizes = new List<int>();
            var forwardedSizes = new List<int>();
            for (int i = 0; i < 12; i++)
            {
                RelayMessageV2 m = Full(i % 2 == 0 ? 4 : 5);   // two kinds of message: a sword and a key
                var toRelay = new ArrayBufferWriter<byte>();
                clientWriter.WriteMessage(toRelay, m);
                var buffer = new ReadOnlySequence<byte>(toRelay.WrittenMemory);
                Assert.True(relayReader.TryReadMessage(ref buffer, out RelayMessageV1? relayed));
                var toClient = new ArrayBufferWriter<byte>();
                relayWriter.WriteMessage(toClient, relayed);
                buffer = new ReadOnlySequence<byte>(toClient.WrittenMemory);
                Assert.True(clientReader.TryReadMessage(ref buffer, out RelayMessageV2? back));
                Assert.Equal(Describe(m), Describe(back));
                sentSizes.Add(toRelay.WrittenCount);
                forwardedSizes.Add(toClient.WrittenCount);
            }
            // Once both kinds have been through, neither connection defines anything (the first message carried every shape): a forwarded message is the client's
            // own message again, but for the shape of its root, which the relay lists in full (two more presence bits).
            for (int i = 4; i < 12; i++)
            {
                Assert.Equal(forwardedSizes[i - 2], forwardedSizes[i]);
                Assert.True(forwardedSizes[i] < forwardedSizes[0] - 80, $"message {i}: {forwardedSizes[i]} bytes forwarded, the first {forwardedSizes[0]}");
                Assert.InRange(forwardedSizes[i] - sentSizes[i], 0, 2);
            }
        }

        private long _consumed;

        private void Consumed(long bytes) => _consumed += bytes;

        /// <summary>
        /// The buffers a reader sees as <paramref name="stream"/> arrives in random chunks: each time, everything arrived and
        /// not consumed yet, one segment per chunk (consumption is reported through <see cref="Consumed"/>).
        /// </summary>
        private IEnumerable<ReadOnlySequence<byte>> Arrivals(byte[] stream, int seed)
        {
            var random = new Random(seed);
            _consumed = 0;
            var chunks = new List<(long Start, byte[] Bytes)>();
            long offset = 0;
            while (offset < stream.Length || chunks.Count > 0)
            {
                if (offset < stream.Length)
                {
                    int n = (int)Math.Min(stream.Length - offset, 1 + random.Next(90));
                    chunks.Add((offset, stream.AsSpan((int)offset, n).ToArray()));
                    offset += n;
                }
                // Drop what was consumed.
                var segments = new List<byte[]>();
                foreach ((long start, byte[] bytes) in chunks)
                {
                    long end = start + bytes.Length;
                    if (end <= _consumed) continue;
                    int skip = (int)Math.Max(0, _consumed - start);
                    segments.Add(bytes.AsSpan(skip).ToArray());
                }
                chunks = chunks.Where(c => c.Start + c.Bytes.Length > _consumed).ToList();
                if (segments.Count == 0)
                {
                    if (offset >= stream.Length) yield break;
                    continue;
                }
                yield return TestSequences.FromSegments(segments.ToArray());
                if (offset >= stream.Length && _consumed >= stream.Length) yield break;
            }
        }

        [Fact]
        public void In_reference_mode_kept_values_come_back_correct_or_the_write_names_the_problem()
        {
            var options = new AmberOptions { PreserveReferences = true };
            var shared = new AttachmentV2 { Name = "shared" };

            // Nothing shared with the rest of the payload: the kept Label and Second come back.
            var alone = new SharingV2 { First = new AttachmentV2 { Name = "one" }, Second = new AttachmentV2 { Name = "two" }, Label = "label" };
            SharingV1 v1 = AmberSerializer.Deserialize<SharingV1>(AmberSerializer.Serialize(alone, options), options)!;
            SharingV2 back = AmberSerializer.Deserialize<SharingV2>(AmberSerializer.Serialize(v1, options), options)!;
            Assert.Equal(("one", "two", "label"), (back.First!.Name, back.Second!.Name, back.Label));

            // The kept Second is the object First holds: it cannot be carried, and writing says so.
            var sharing = new SharingV2 { First = shared, Second = shared, Label = "label" };
            SharingV1 relay = AmberSerializer.Deserialize<SharingV1>(AmberSerializer.Serialize(sharing, options), options)!;
            var ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Serialize(relay, options));
            Assert.Contains("SharingV1", ex.Message);
            Assert.Contains("an object it shares with another member", ex.Message);
        }

        [Fact]
        public void Kept_values_written_in_reference_mode_keep_the_payloads_ids_aligned()
        {
            var options = new AmberOptions { PreserveReferences = true };
            RelayMessageV2 sent = Full(2);
            RelayMessageV1 relay = AmberSerializer.Deserialize<RelayMessageV1>(AmberSerializer.Serialize(sent))!;
            // Written in reference mode: every kept object, collection and string takes its id, so later ones agree.
            relay.Route!.Unknown = relay.Route.Unknown;
            byte[] bytes = AmberSerializer.Serialize(relay, options);
            Assert.Equal(Describe(sent), Describe(AmberSerializer.Deserialize<RelayMessageV2>(bytes, options)));
        }

        [Fact]
        public void The_json_view_shows_kept_members_as_unknown_members()
        {
            RelayMessageV1 relay = AmberSerializer.Deserialize<RelayMessageV1>(AmberSerializer.Serialize(new RelayMessageV2 { Header = "a", Priority = 7 }))!;
            string json = AmberJson.ToJson<RelayMessageV1>(AmberSerializer.Serialize(relay));
            Assert.Contains("\"Header\": \"a\"", json);
            // Priority, which the view's type does not know, shown by its key and wire type with its raw varint (7 zigzagged).
            string priority = "\"#" + AmberCode.KeyOfHash(AmberCode.TypeTagOf("Priority")).ToString("x4") + ":varint\": 14";
            Assert.Contains(priority, json);
        }

        [Fact]
        public void Types_without_an_unknown_members_member_skip_as_before()
        {
            var v1 = AmberSerializer.Deserialize<Models.Person>(AmberSerializer.Serialize(new RelayMessageV2 { Header = "a", Priority = 1 }))!;
            Assert.Equal("", v1.Name);
        }
    }
}
