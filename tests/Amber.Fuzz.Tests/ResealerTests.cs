using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Fuzz.Afl;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Fuzz.Targets;
using Amber.Streaming;
using Xunit;

namespace Amber.Fuzz.Tests
{
    /// <summary>
    /// The AFL++ harness's re-sealer (<see cref="Resealer"/>): it leaves intact streams and messages as they are, and makes a
    /// damaged frame or a wrong length prefix agree with its bytes again, so the reader gets past the integrity check to the
    /// items; and the new targets, <c>Traffic.framing</c> and <c>Model.fromjson</c>.
    /// </summary>
    public class ResealerTests
    {
        private const int StartLength = 5;
        private const int HeaderLength = 17;

        private static byte[] SceneStream(int items, int seed = 3)
        {
            var f = new ModelFactory(new Random(seed));
            using var stream = new MemoryStream();
            AmberStream.Write(stream, Enumerable.Range(0, items).Select(_ => f.Scene()).ToList(), new AmberStreamOptions { ItemsPerFrame = 2 });
            return stream.ToArray();
        }

        /// <summary>The offsets of the frame headers of a stream (its end frame last).</summary>
        private static List<int> Frames(byte[] stream)
        {
            var frames = new List<int>();
            int p = StartLength;
            while (p < stream.Length)
            {
                frames.Add(p);
                if (stream[p] == 0x80) break;
                p += HeaderLength + (int)BinaryPrimitives.ReadUInt32LittleEndian(stream.AsSpan(p + 9));
            }
            return frames;
        }

        private static AmberException ReadFails(byte[] stream)
        {
            return Assert.Throws<AmberException>(() =>
            {
                using var s = new MemoryStream(stream, writable: false);
                foreach (Scene item in AmberStream.Read<Scene>(s)) GC.KeepAlive(item);
            });
        }

        [Fact]
        public void Xxh32_gives_the_checksums_the_runtime_writes_into_real_frames()
        {
            Assert.Equal(0x02CC5D05u, Xxh32.Hash(ReadOnlySpan<byte>.Empty, 0));   // the specification's empty input
            byte[] stream = SceneStream(7);
            List<int> frames = Frames(stream);
            Assert.Equal(5, frames.Count);   // four frames of 2, 2, 2 and 1 items, and the end frame
            foreach (int p in frames.Take(frames.Count - 1))
            {
                ReadOnlySpan<byte> header = stream.AsSpan(p, HeaderLength);
                int stored = (int)BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(9));
                Assert.True(stored > 16);   // the four-lane part of the hash is covered too
                Assert.Equal(BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(13)), Resealer.Checksum(header, stream.AsSpan(p + HeaderLength, stored)));
            }
            int end = frames[^1];
            Assert.Equal(BinaryPrimitives.ReadUInt32LittleEndian(stream.AsSpan(end + 13)), Xxh32.Hash(stream.AsSpan(end, 13), 0));
        }

        [Fact]
        public void Intact_streams_snapshots_and_messages_are_unchanged_by_resealing()
        {
            foreach (string name in new[] { "Scene.stream", "Shape.snapshot" })
            {
                foreach (byte[] seed in AflTargets.Find(name)!.Seeds(1)) Assert.Equal(seed, Resealer.Stream(seed));
            }
            foreach (byte[] seed in AflTargets.Find("Traffic.framing")!.Seeds(1)) Assert.Equal(seed, Resealer.Messages(seed, connection: false));
            foreach (byte[] seed in AflTargets.Find("Scene.framing")!.Seeds(1)) Assert.Equal(seed, Resealer.Messages(seed, connection: false));
            foreach (byte[] seed in FuzzModels.All.Single(m => m.IsConnection).MakeSeeds(1)) Assert.Equal(seed, Resealer.Messages(seed, connection: true));
        }

        [Fact]
        public void A_damaged_frame_resealed_reads_past_the_checksum_to_the_item_error()
        {
            byte[] stream = SceneStream(5);
            int second = Frames(stream)[1];
            byte[] damaged = (byte[])stream.Clone();
            damaged[second + HeaderLength] = 0xF1;   // the second frame body's payload header: version 15
            Assert.Contains("checksum", ReadFails(damaged).Message, StringComparison.Ordinal);

            byte[] resealed = Resealer.Stream(damaged);
            Assert.Equal(damaged.Length, resealed.Length);
            Assert.Equal(0xF1, resealed[second + HeaderLength]);
            AmberException error = ReadFails(resealed);
            Assert.DoesNotContain("checksum", error.Message, StringComparison.Ordinal);
            Assert.Contains("Frame 1", error.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void A_byte_inserted_into_a_frame_body_gets_its_stored_and_raw_lengths_and_checksum_fixed()
        {
            byte[] stream = SceneStream(5);
            List<int> frames = Frames(stream);
            int first = frames[0];
            uint stored = BinaryPrimitives.ReadUInt32LittleEndian(stream.AsSpan(first + 9));
            int at = first + HeaderLength + 10;
            byte[] damaged = stream.Take(at).Append((byte)0x7B).Concat(stream.Skip(at)).ToArray();
            Assert.Contains("checksum", ReadFails(damaged).Message, StringComparison.Ordinal);

            byte[] resealed = Resealer.Stream(damaged);
            Assert.Equal(stored + 1, BinaryPrimitives.ReadUInt32LittleEndian(resealed.AsSpan(first + 9)));
            Assert.Equal(stored + 1, BinaryPrimitives.ReadUInt32LittleEndian(resealed.AsSpan(first + 5)));
            // The later frames and the end frame are where they were, one byte on, and checked as they were.
            Assert.Equal(stream.Skip(frames[1]).ToArray(), resealed.Skip(frames[1] + 1).ToArray());
            AmberException error = ReadFails(resealed);
            Assert.DoesNotContain("checksum", error.Message, StringComparison.Ordinal);
            Assert.Contains("Frame 0", error.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void A_dropped_frame_gets_the_end_frames_totals_fixed_and_the_rest_reads()
        {
            byte[] stream = SceneStream(5);
            List<int> frames = Frames(stream);
            // Without the second frame (2 items): 3 items in 2 frames, where the end frame says 5 in 3.
            byte[] dropped = stream.Take(frames[1]).Concat(stream.Skip(frames[2])).ToArray();
            ReadFails(dropped);
            byte[] resealed = Resealer.Stream(dropped);
            using var s = new MemoryStream(resealed, writable: false);
            Assert.Equal(3, AmberStream.Read<Scene>(s).Count());
        }

        [Fact]
        public void A_wrong_length_prefix_is_rewritten_to_the_walked_payload_so_every_message_reads()
        {
            byte[] seed = AflTargets.Find("Traffic.framing")!.Seeds(1).First(s => s.Length > 1000 && (s[0] & 0x7F) < 0x7F);   // several messages
            byte[] damaged = (byte[])seed.Clone();
            damaged[0]++;   // the first message now takes the next message's prefix as its last byte
            Assert.Throws<AmberException>(() =>
            {
                var buffer = new ReadOnlySequence<byte>(damaged);
                AmberFraming.TryReadMessage(ref buffer, out Scene? _);
            });
            byte[] resealed = Resealer.Messages(damaged, connection: false);
            Assert.Equal(seed, resealed);
            AflTargets.Find("Traffic.framing")!.Run(resealed);   // every message reads: no AmberException
        }

        [Fact]
        public void A_connections_wrong_length_prefix_is_rewritten_and_no_message_fails()
        {
            byte[] seed = FuzzModels.All.Single(m => m.IsConnection).MakeSeeds(1).First(s => s.Length > 200 && (s[0] & 0x7F) > 1);
            byte[] damaged = (byte[])seed.Clone();
            damaged[0]--;
            Assert.NotEmpty(ConnectionTraffic.Read(new ReadOnlySequence<byte>(damaged), null, null).Errors);
            byte[] resealed = Resealer.Messages(damaged, connection: true);
            Assert.Equal(seed, resealed);
            Assert.Empty(ConnectionTraffic.Read(new ReadOnlySequence<byte>(resealed), null, null).Errors);
        }

        [Fact]
        public void One_input_in_about_eight_is_read_as_it_is()
        {
            var random = new Random(11);
            int asIs = 0;
            for (int i = 0; i < 4000; i++)
            {
                byte[] input = new byte[random.Next(1, 64)];
                random.NextBytes(input);
                if (Resealer.ReadsAsIs(input))
                {
                    asIs++;
                    Assert.Same(input, Resealer.StreamUnlessAsIs(input));
                }
            }
            Assert.InRange(asIs, 400, 600);
        }

        [Fact]
        public void The_json_text_targets_start_from_views_with_the_views_keys()
        {
            string Seeds(string target) => string.Concat(AflTargets.Find(target)!.Seeds(1).Select(s => System.Text.Encoding.UTF8.GetString(s)));
            Assert.Contains("\"$type\"", Seeds("Scene.fromjson"), StringComparison.Ordinal);
            Assert.Contains("\"$dims\"", Seeds("Collections.fromjson"), StringComparison.Ordinal);
            Assert.Contains("\"$ref\"", Seeds("TreeNode.fromjson"), StringComparison.Ordinal);
            Assert.Contains("\"$value\"", Seeds("Dynamic.fromjson"), StringComparison.Ordinal);
            Assert.Null(AflTargets.Find("Shape.fromjson"));
            // Not JSON: refused with an AmberException, the normal way.
            AflTarget scene = AflTargets.Find("Scene.fromjson")!;
            Assert.Throws<AmberException>(() => scene.Run("{\"Main\": [1,"u8.ToArray()));
        }
    }
}
