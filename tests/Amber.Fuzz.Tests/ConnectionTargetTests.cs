using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Fuzz.Targets;
using Amber.Streaming;
using Xunit;

namespace Amber.Fuzz.Tests
{
    /// <summary>
    /// The connection target (<see cref="ConnectionTraffic"/>): its seeds, the walk of a connection message by message, its
    /// mutations, and the checks it adds — reading on after a failed message, which the reader must have rolled back.
    /// </summary>
    public class ConnectionTargetTests
    {
        /// <summary>A connection of <paramref name="count"/> messages of <see cref="ConnectionTraffic.Schedule"/>'s types, in its order.</summary>
        private static byte[] Seed(int count)
        {
            var f = new ModelFactory(new Random(count));
            var writer = new AmberMessageWriter();
            var buffer = new ArrayBufferWriter<byte>();
            for (int i = 0; i < count; i++)
            {
                switch (i % 8)
                {
                    case 0: writer.WriteMessage(buffer, f.Scene()); break;
                    case 1: writer.WriteMessage(buffer, f.Geometry()); break;
                    case 2: writer.WriteMessage(buffer, f.Records()); break;
                    case 3: writer.WriteMessage(buffer, f.Tree()); break;
                    case 4: writer.WriteMessage(buffer, f.Shape()); break;
                    case 5: writer.WriteMessage(buffer, f.Network()); break;
                    case 6: writer.WriteMessage(buffer, f.Geometry().Vertices ?? Array.Empty<Vector3>()); break;
                    default: writer.WriteMessage(buffer, f.Dynamic()); break;
                }
            }
            return buffer.WrittenSpan.ToArray();
        }

        [Fact]
        public void The_seeds_read_cleanly_and_hold_several_messages()
        {
            FuzzModel model = FuzzModels.All.Single(m => m.IsConnection);
            List<byte[]> seeds = model.MakeSeeds(1);
            Assert.Equal(6, seeds.Count);
            foreach (byte[] seed in seeds)
            {
                ConnectionRun run = ConnectionTraffic.Read(new ReadOnlySequence<byte>(seed), null, null);
                Assert.Empty(run.Errors);
                Assert.Equal(Mutator.Messages(seed).Count, run.Messages);
            }
            Assert.Contains(seeds, s => Mutator.Messages(s).Count >= 12);
            Assert.Equal(new[] { "Traffic.connection" }, FuzzTarget.All.Where(t => t.Model.IsConnection).Select(t => t.Name));
            Assert.Single(FuzzTarget.Select("connection"));
        }

        [Fact]
        public void The_walker_walks_a_connection_message_by_message_with_the_shapes_before_each()
        {
            byte[] stream = Seed(17);
            Field[] fields = PayloadWalker.WalkConnection(stream);
            List<(int Start, int Prefix, int End)> messages = Mutator.Messages(stream);
            Assert.Equal(17, messages.Count);
            Assert.Equal(17, fields.Count(f => f.Kind == FieldKind.MessageLength));
            Field[] headers = fields.Where(f => f.Kind == FieldKind.PayloadHeader).ToArray();
            Assert.Equal(3, (int)headers[0].Value >> 4);
            Assert.All(headers.Skip(1), h => Assert.Equal(4, (int)h.Value >> 4));
            Assert.Equal(0x08, (int)headers[3].Value & 0x08);   // TreeNode: reference mode, its collections take ids
            // Every message is walked to its end: later ones with the shapes the earlier ones defined.
            for (int k = 0; k < messages.Count; k++)
            {
                (int start, int prefix, int end) = messages[k];
                Assert.True(end == fields.Where(f => f.Offset >= start && f.Offset < end).Max(f => f.Offset + f.Length), $"message {k}");
            }
        }

        [Fact]
        public void A_first_message_the_reader_refuses_still_leaves_the_fields_of_the_messages_after_it()
        {
            // The walker aims mutations: a first message whose header a mutation broke (version 7) is walked past the byte the
            // reader refuses, and the later messages are walked with the shapes it defined, as if it had been read.
            byte[] stream = Seed(17);
            List<(int Start, int Prefix, int End)> messages = Mutator.Messages(stream);
            Field[] intact = PayloadWalker.WalkConnection(stream);
            byte[] broken = (byte[])stream.Clone();
            int header = messages[0].Start + messages[0].Prefix;
            broken[header] = (byte)(0x70 | (broken[header] & 0x0F));
            Assert.NotEmpty(ConnectionTraffic.Read(new ReadOnlySequence<byte>(broken), null, null).Errors);
            Field[] fields = PayloadWalker.WalkConnection(broken);
            Assert.Equal(intact.Select(f => (f.Kind, f.Offset, f.Length)), fields.Select(f => (f.Kind, f.Offset, f.Length)));
        }

        [Fact]
        public void A_failed_message_is_read_past_and_rolled_back()
        {
            byte[] stream = Seed(9);
            List<(int Start, int Prefix, int End)> messages = Mutator.Messages(stream);
            // Message 5 (a Network, version 4) gets a header version 1: refused, and the stream reads on after it.
            stream[messages[5].Start + messages[5].Prefix] = (byte)((stream[messages[5].Start + messages[5].Prefix] & 0x0F) | 0x10);
            ConnectionRun run = ConnectionTraffic.Read(new ReadOnlySequence<byte>(stream), null, null);
            Assert.Contains("is a single payload's", run.Errors[0].Message);
            Assert.Equal((messages[5].Start, messages[5].End, 5), run.RolledBack[0]);
            // The messages after it read, unless they need a shape message 5 would have defined.
            Assert.Equal(run.Errors.Count, run.RolledBack.Count);
            Assert.Equal(9, run.Messages);
            Assert.Null(ConnectionTraffic.CrossCheck(stream, Delivery.Whole));
        }

        [Fact]
        public void The_cross_check_holds_for_a_stream_with_failed_messages_however_it_arrives()
        {
            byte[] stream = Seed(12);
            List<(int Start, int Prefix, int End)> messages = Mutator.Messages(stream);
            // Message 6's payload loses a byte in the middle (its prefix is written again): it fails inside, after the
            // shapes it defines, if any, and the reader must forget them.
            byte[] payload = stream[(messages[6].Start + messages[6].Prefix)..messages[6].End];
            payload = payload.Take(payload.Length / 2).Concat(payload.Skip(payload.Length / 2 + 1)).ToArray();
            var damaged = new List<byte>(stream[..messages[6].Start]);
            damaged.AddRange(Mutator.Varint((ulong)payload.Length));
            damaged.AddRange(payload);
            damaged.AddRange(stream[messages[6].End..]);
            byte[] input = damaged.ToArray();

            Assert.Null(ConnectionTraffic.CrossCheck(input, Delivery.Whole));
            var random = new Random(3);
            int incremental = 0;
            for (int i = 0; i < 40; i++)
            {
                Delivery delivery = Delivery.Choose(EntryPoint.Connection, input.Length, random);
                if (delivery.Incremental) incremental++;
                Assert.Null(ConnectionTraffic.CrossCheck(input, delivery));
            }
            Assert.True(incremental > 0);
        }

        [Fact]
        public void Connection_mutations_keep_the_framing_mostly_and_stay_within_the_size_limit()
        {
            var m = new Mutator(new Random(11));
            var parent = new CorpusEntry(Seed(8), isSeed: true, connection: true);
            var other = new CorpusEntry(Seed(5), isSeed: true, connection: true);
            int changed = 0, framed = 0;
            for (int i = 0; i < 2000; i++)
            {
                byte[] child = m.MutateConnection(parent, other);
                Assert.True(child.Length <= Mutator.MaxLength);
                if (!child.AsSpan().SequenceEqual(parent.Data)) changed++;
                List<(int Start, int Prefix, int End)> messages = Mutator.Messages(child);
                if (messages.Count > 0 && messages[^1].End == child.Length) framed++;
            }
            Assert.True(changed > 1900, $"{changed} of 2000 changed");
            Assert.True(framed > 1000, $"{framed} of 2000 still whole messages");
        }

        [Fact]
        public void A_length_prefix_is_read_as_the_message_reader_reads_it()
        {
            Assert.True(ConnectionTraffic.TryMessageLength(new byte[] { 0x0D, 0x35 }, 1 << 30, out int prefix, out long total));
            Assert.Equal((1, 14L), (prefix, total));
            Assert.True(ConnectionTraffic.TryMessageLength(new byte[] { 0x80, 0x01 }, 1 << 30, out prefix, out total));
            Assert.Equal((2, 130L), (prefix, total));
            Assert.False(ConnectionTraffic.TryMessageLength(new byte[] { 0x00 }, 1 << 30, out _, out _));          // length 0
            Assert.False(ConnectionTraffic.TryMessageLength(new byte[] { 0x81, 0x00 }, 1 << 30, out _, out _));    // not the shortest
            Assert.False(ConnectionTraffic.TryMessageLength(new byte[] { 0x80, 0x80 }, 1 << 30, out _, out _));    // not all there
            Assert.False(ConnectionTraffic.TryMessageLength(new byte[] { 0xFF, 0x7F }, 100, out _, out _));        // above the limit
        }
    }
}
