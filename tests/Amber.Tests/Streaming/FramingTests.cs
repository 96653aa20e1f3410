using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using Amber.Format;
using Amber.Streaming;
using Amber.Tests.Models;
using Amber.Tests.Runtime;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>
    /// Message framing (docs/format.md, "Message framing"): a varint payload length, then the payload.
    /// Golden bytes, every split of concatenated messages, partial frames, hostile prefixes, and a real
    /// <see cref="Pipe"/> between a writer task and a reader loop.
    /// </summary>
    public class FramingTests
    {
        private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes);

        private static string Clean(string spaced) => spaced.Replace(" ", "").Replace("|", "");

        private static byte[] Frame<T>(T value, AmberOptions? options = null)
        {
            var buffer = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(buffer, value, options);
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>A destination that hands out blocks of exactly the size asked for, so any payload past the first block spills.</summary>
        private sealed class ExactBlockWriter : IBufferWriter<byte>
        {
            private byte[] _data = new byte[0];
            private byte[] _block = new byte[0];

            public byte[] Written => _data;

            public void Advance(int count)
            {
                Array.Resize(ref _data, _data.Length + count);
                _block.AsSpan(0, count).CopyTo(_data.AsSpan(_data.Length - count));
            }

            public Memory<byte> GetMemory(int sizeHint = 0) => _block = new byte[Math.Max(sizeHint, 1)];

            public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
        }

        [Fact]
        public void Golden_bytes_of_a_small_message()
        {
            // 0D            length: the payload's 13 bytes, one varint byte
            // 15 | 02 | 04 3460 00BA | 03 | 04 416461 | 48
            //               the payload of Person { Name = "Ada", Age = 36 }, as
            //               Serialization/GeneratedCodecGoldenBytesTests.Person pins it
            Assert.Equal(Clean("0D | 15 02 04 3460 00BA 03 04 416461 48"), Hex(Frame(new Person { Name = "Ada", Age = 36 })));
        }

        [Fact]
        public void Golden_bytes_of_a_message_with_a_two_byte_length()
        {
            // Name of 200 'x': 15 | 02 | 04 3460 00BA | 03 | C9 01 (L = 200 + 1) 'x' * 200 | 48 = 211 bytes;
            // 211 = 0xD3 → varint D3 01.
            string payload = Clean("15 02 04 3460 00BA 03 C901") + string.Concat(Enumerable.Repeat("78", 200)) + "48";
            Assert.Equal("D301" + payload, Hex(Frame(new Person { Name = new string('x', 200), Age = 36 })));
        }

        [Theory]
        [InlineData(0)]
        [InlineData(100)]
        [InlineData(120)]
        [InlineData(121)]
        [InlineData(500)]
        [InlineData(510)]
        [InlineData(5_000)]
        [InlineData(20_000)]
        [InlineData(300_000)]
        public void Bytes_are_the_shortest_length_then_exactly_what_Serialize_writes(int nameLength)
        {
            var person = new Person { Name = new string('n', nameLength), Age = nameLength };
            var options = new AmberOptions { PreserveReferences = nameLength % 2 == 0 };
            byte[] payload = AmberSerializer.Serialize(person, options);
            byte[] prefix = new byte[AmberPrimitives.MaxVarintLength];
            byte[] expected = prefix.AsSpan(0, AmberPrimitives.TryWriteVarint(prefix, (ulong)payload.Length)).ToArray().Concat(payload).ToArray();

            // After bytes already in the buffer, into one large block, and into blocks of exactly the size asked for.
            var shared = new ArrayBufferWriter<byte>();
            shared.Write(new byte[] { 1, 2, 3 });
            AmberFraming.WriteMessage(shared, person, options);
            Assert.Equal(Hex(new byte[] { 1, 2, 3 }.Concat(expected).ToArray()), Hex(shared.WrittenSpan));

            Assert.Equal(Hex(expected), Hex(Frame(person, options)));

            var exact = new ExactBlockWriter();
            AmberFraming.WriteMessage(exact, person, options);
            Assert.Equal(Hex(expected), Hex(exact.Written));
        }

        [Fact]
        public void A_failed_write_commits_nothing()
        {
            var buffer = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(buffer, new Person { Name = "a" });
            int before = buffer.WrittenCount;
            // A cycle without reference mode: the writer fails at MaxDepth, after it wrote part of the payload.
            var cycle = new Models.Refs.Node { Name = "loop" };
            cycle.Parent = cycle;
            Assert.Throws<AmberException>(() => AmberFraming.WriteMessage(buffer, cycle));
            Assert.Equal(before, buffer.WrittenCount);
            // The thread's writer is usable again.
            AmberFraming.WriteMessage(buffer, new Person { Name = "b" });
            var sequence = new ReadOnlySequence<byte>(buffer.WrittenMemory);
            Assert.True(AmberFraming.TryReadMessage(ref sequence, out Person? a));
            Assert.True(AmberFraming.TryReadMessage(ref sequence, out Person? b));
            Assert.Equal("a", a!.Name);
            Assert.Equal("b", b!.Name);
            Assert.True(sequence.IsEmpty);
        }

        private static readonly Person[] s_messages =
        {
            new Person { Name = "Ada", Age = 36 },
            new Person(),
            new Person { Name = new string('L', 130), Age = -1 },   // a two-byte length
            new Person { Name = "é", Age = int.MaxValue },
            new Person { Name = "Zed", Age = 7 },
        };

        private static byte[] Concatenated()
        {
            var buffer = new ArrayBufferWriter<byte>();
            foreach (Person p in s_messages) AmberFraming.WriteMessage(buffer, p);
            return buffer.WrittenSpan.ToArray();
        }

        private static void ReadAllAndCheck(ReadOnlySequence<byte> sequence, string split)
        {
            var read = new List<Person>();
            while (AmberFraming.TryReadMessage(ref sequence, out Person? p)) read.Add(p!);
            Assert.True(sequence.IsEmpty, split);
            Assert.Equal(s_messages.Select(m => m.Name + "/" + m.Age), read.Select(m => m.Name + "/" + m.Age));
        }

        [Fact]
        public void Concatenated_messages_read_back_from_every_two_segment_split()
        {
            byte[] data = Concatenated();
            ReadAllAndCheck(new ReadOnlySequence<byte>(data), "one segment");
            foreach ((int offset, ReadOnlySequence<byte> sequence) in TestSequences.AllTwoWaySplits(data)) ReadAllAndCheck(sequence, "split at " + offset);
            ReadAllAndCheck(TestSequences.OneByteSegmentsWithEmpties(data), "one byte per segment");
        }

        [Fact]
        public void Concatenated_messages_read_back_from_every_three_segment_split()
        {
            byte[] data = Concatenated();
            for (int i = 0; i <= data.Length; i++)
            {
                for (int j = i; j <= data.Length; j++) ReadAllAndCheck(TestSequences.SplitAt(data, i, j), $"split at {i} and {j}");
            }
        }

        [Fact]
        public void Every_partial_message_needs_more_data_and_leaves_the_buffer_as_it_was()
        {
            byte[] frame = Frame(new Person { Name = new string('p', 140), Age = 1 });   // two-byte length, so the prefix itself is cut too
            Assert.Equal(0x80, frame[0] & 0x80);
            for (int n = 0; n < frame.Length; n++)
            {
                byte[] part = frame.AsSpan(0, n).ToArray();
                foreach (ReadOnlySequence<byte> original in new[] { new ReadOnlySequence<byte>(part), TestSequences.OneByteSegments(part), TestSequences.SplitAt(part, n / 2) })
                {
                    ReadOnlySequence<byte> buffer = original;
                    Assert.False(AmberFraming.TryReadMessage(ref buffer, out Person? value), $"{n} bytes");
                    Assert.Null(value);
                    Assert.Equal(original.Start, buffer.Start);
                    Assert.Equal(original.End, buffer.End);
                }
            }
            var whole = TestSequences.SplitAt(frame, 1);
            Assert.True(AmberFraming.TryReadMessage(ref whole, out Person? done));
            Assert.Equal(140, done!.Name.Length);
        }

        private static AmberException ReadBad(byte[] data, AmberOptions? options = null)
        {
            // The same error whichever way the bytes are split.
            AmberException one = Assert.Throws<AmberException>(() =>
            {
                var buffer = new ReadOnlySequence<byte>(data);
                AmberFraming.TryReadMessage(ref buffer, out Person? _, options);
            });
            AmberException split = Assert.Throws<AmberException>(() =>
            {
                ReadOnlySequence<byte> buffer = TestSequences.OneByteSegments(data);
                AmberFraming.TryReadMessage(ref buffer, out Person? _, options);
            });
            Assert.Equal(one.Message, split.Message);
            return one;
        }

        [Fact]
        public void A_length_above_MaxInputBytes_is_refused_as_soon_as_the_prefix_is_read()
        {
            // 2^34 in five varint bytes (default MaxInputBytes is 2^30): no payload follows, and none is awaited.
            AmberException big = ReadBad(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x40 });
            Assert.Equal(0, big.ByteOffset);
            Assert.Contains("A message length in bytes of 17179869184 is above the limit of 1073741824", big.Message);
            Assert.Contains("MaxInputBytes", big.Message);

            // A lower limit: 101 > 100.
            AmberException low = ReadBad(new byte[] { 101, 0x15 }, new AmberOptions { MaxInputBytes = 100 });
            Assert.Contains("of 101 is above the limit of 100", low.Message);
        }

        [Fact]
        public void A_prefix_longer_than_MaxInputBytes_needs_is_refused_at_its_last_allowed_byte()
        {
            // 2^40 needs six varint bytes; a length up to the default 2^30 needs at most five, so a fifth byte
            // that says another follows is already bad, before the sixth arrives.
            AmberException huge = ReadBad(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x20 });
            Assert.Equal(4, huge.ByteOffset);
            Assert.Contains("runs past 5 byte(s)", huge.Message);
            Assert.Contains("MaxInputBytes", huge.Message);
            Assert.Equal(4, ReadBad(new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80 }).ByteOffset);

            // Four continuation bytes may still end in a legal length: a partial prefix.
            var four = new ReadOnlySequence<byte>(new byte[] { 0x80, 0x80, 0x80, 0x80 });
            Assert.False(AmberFraming.TryReadMessage(ref four, out Person? _));

            // An endless run of continuation bytes (an 11-byte "varint") fails at the same byte.
            Assert.Equal(4, ReadBad(Enumerable.Repeat((byte)0xFF, 11).ToArray()).ByteOffset);

            // A lower limit shortens the longest prefix: MaxInputBytes 100 fits one byte.
            AmberException small = ReadBad(new byte[] { 0x81 }, new AmberOptions { MaxInputBytes = 100 });
            Assert.Equal(0, small.ByteOffset);
            Assert.Contains("runs past 1 byte(s)", small.Message);
        }

        [Fact]
        public void A_prefix_that_is_not_the_shortest_form_or_a_zero_length_is_bad_data()
        {
            AmberException padded = ReadBad(new byte[] { 0x8D, 0x00 });   // 13 in two bytes
            Assert.Equal(1, padded.ByteOffset);
            Assert.Contains("not the shortest varint", padded.Message);

            AmberException empty = ReadBad(new byte[] { 0x00, 0x15 });
            Assert.Equal(0, empty.ByteOffset);
            Assert.Contains("length 0", empty.Message);
        }

        [Fact]
        public void A_payload_that_fails_to_read_reports_its_offset_from_the_start_of_the_message()
        {
            // A payload header from another format version at message byte 1.
            AmberException header = ReadBad(new byte[] { 0x02, 0xF5, 0x00 });
            Assert.Equal(1, header.ByteOffset);
            Assert.Contains("payload header 0xF5", header.Message);
            Assert.IsType<AmberException>(header.InnerException);

            // A whole Person payload with one byte more than its value inside the frame: trailing byte at message offset 14.
            byte[] frame = Frame(new Person { Name = "Ada", Age = 36 });
            byte[] longer = new byte[] { (byte)(frame[0] + 1) }.Concat(frame.Skip(1)).Concat(new byte[] { 0x00 }).ToArray();
            AmberException trailing = ReadBad(longer);
            Assert.Equal(14, trailing.ByteOffset);
            Assert.Contains("follow the end of the payload", trailing.Message);

            // A cut payload inside a complete frame: the name claims more bytes than the frame holds.
            byte[] cut = (byte[])frame.Clone();
            cut[9] = 0x10;   // Name: L = 15 + 1, but only "Ada" and the age follow
            Assert.Contains("in Person", ReadBad(cut).Message);
        }

        /// <summary>Reads messages until false or an error: what was read, then "need more data", or the error's message.</summary>
        private static string Outcome(ReadOnlySequence<byte> buffer)
        {
            var sb = new System.Text.StringBuilder();
            try
            {
                while (AmberFraming.TryReadMessage(ref buffer, out Person? p)) sb.Append(p!.Name).Append('/').Append(p.Age).Append(';');
                return sb.Append("need more data, ").Append(buffer.Length).Append(" byte(s) left").ToString();
            }
            catch (AmberException ex)
            {
                return sb.Append(ex.Message).ToString();
            }
        }

        [Fact]
        public void Damaged_streams_read_alike_from_one_segment_and_from_any_split_and_fail_only_with_AmberException()
        {
            byte[] data = Concatenated();
            var random = new Random(20261123);
            for (int round = 0; round < 3_000; round++)
            {
                byte[] damaged = (byte[])data.Clone();
                int edits = random.Next(1, 4);
                for (int e = 0; e < edits; e++)
                {
                    int at = random.Next(damaged.Length);
                    switch (random.Next(3))
                    {
                        case 0: damaged[at] ^= (byte)(1 << random.Next(8)); break;
                        case 1: damaged[at] = new byte[] { 0x00, 0x7F, 0x80, 0xFF }[random.Next(4)]; break;
                        default: damaged = damaged.AsSpan(0, at).ToArray(); break;
                    }
                    if (damaged.Length == 0) break;
                }
                string expected = Outcome(new ReadOnlySequence<byte>(damaged));
                Assert.Equal(expected, Outcome(TestSequences.OneByteSegmentsWithEmpties(damaged)));
                int cut = random.Next(damaged.Length + 1);
                Assert.Equal(expected, Outcome(TestSequences.SplitAt(damaged, cut, random.Next(cut, damaged.Length + 1))));
            }
        }

        [Fact]
        public void Repeated_writes_into_a_reused_buffer_allocate_nothing()
        {
            var buffer = new ArrayBufferWriter<byte>(4096);
            var person = new Person { Name = "Ada", Age = 36 };
            for (int i = 0; i < 100; i++)
            {
                buffer.ResetWrittenCount();
                AmberFraming.WriteMessage(buffer, person);
            }
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 10_000; i++)
            {
                buffer.ResetWrittenCount();
                AmberFraming.WriteMessage(buffer, person);
            }
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(14, buffer.WrittenCount);
        }

        [Fact]
        public void Reading_a_message_copies_nothing()
        {
            // An int payload allocates nothing itself, so anything allocated would be a copy of the bytes.
            var writer = new ArrayBufferWriter<byte>();
            for (int i = 0; i < 4; i++) AmberFraming.WriteMessage(writer, 1_000_000 + i);
            byte[] data = writer.WrittenSpan.ToArray();
            ReadOnlySequence<byte> single = new ReadOnlySequence<byte>(data);
            ReadOnlySequence<byte> split = TestSequences.OneByteSegments(data);
            long sum = 0;
            for (int round = 0; round < 2; round++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                for (int i = 0; i < 1_000; i++)
                {
                    ReadOnlySequence<byte> buffer = single;
                    while (AmberFraming.TryReadMessage(ref buffer, out int value)) sum += value;
                    buffer = split;
                    while (AmberFraming.TryReadMessage(ref buffer, out int value)) sum += value;
                }
                if (round == 1) Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            }
            Assert.Equal(2 * 1_000 * 2 * (4_000_000L + 6), sum);   // rounds × loops × sources × the four values
        }

        [Fact]
        public async Task A_pipe_carries_messages_from_a_writer_task_to_a_reader_loop()
        {
            const int Count = 3_000;
            static Person Message(int i) => new Person { Name = new string((char)('a' + i % 26), i % 97 == 0 ? 9_000 + i : i % 300), Age = i };

            var pipe = new Pipe(new PipeOptions(minimumSegmentSize: 64, pauseWriterThreshold: 32 * 1024, resumeWriterThreshold: 16 * 1024, useSynchronizationContext: false));
            Task writing = Task.Run(async () =>
            {
                for (int i = 0; i < Count; i++)
                {
                    AmberFraming.WriteMessage(pipe.Writer, Message(i));
                    if (i % 3 == 2) await pipe.Writer.FlushAsync();
                }
                await pipe.Writer.CompleteAsync();
            });

            int read = 0;
            int multiSegmentReads = 0;
            while (true)
            {
                ReadResult result = await pipe.Reader.ReadAsync();
                ReadOnlySequence<byte> buffer = result.Buffer;
                if (!buffer.IsSingleSegment) multiSegmentReads++;
                while (AmberFraming.TryReadMessage(ref buffer, out Person? message))
                {
                    Person expected = Message(read);
                    Assert.Equal(expected.Age, message!.Age);
                    Assert.Equal(expected.Name, message.Name);
                    read++;
                }
                pipe.Reader.AdvanceTo(buffer.Start, buffer.End);
                if (result.IsCompleted)
                {
                    Assert.True(buffer.IsEmpty);
                    break;
                }
            }
            await pipe.Reader.CompleteAsync();
            await writing;
            Assert.Equal(Count, read);
            Assert.True(multiSegmentReads > 0);
        }

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void A_message_above_MaxInputBytes_is_refused_when_written_and_commits_nothing(bool spill)
        {
            // 13 bytes of payload (Golden_bytes_of_a_small_message): a reader with MaxInputBytes = 12 refuses it, so the writer does.
            var person = new Person { Name = "Ada", Age = 36 };
            var strict = new AmberOptions { MaxInputBytes = 12 };
            IBufferWriter<byte> destination = spill ? new ExactBlockWriter() : new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(destination, person, new AmberOptions { MaxInputBytes = 13 });
            int before = Written(destination).Length;
            var ex = Assert.Throws<AmberException>(() => AmberFraming.WriteMessage(destination, person, strict));
            Assert.Contains("payload of 13 bytes is above MaxInputBytes (12)", ex.Message);
            Assert.Contains("raise AmberOptions.MaxInputBytes", ex.Message);
            Assert.Equal(before, Written(destination).Length);
            var buffer = new ReadOnlySequence<byte>(Written(destination));
            Assert.True(AmberFraming.TryReadMessage(ref buffer, out Person? back, new AmberOptions { MaxInputBytes = 13 }));
            Assert.Equal("Ada", back!.Name);
            Assert.Equal(0, buffer.Length);

            static byte[] Written(IBufferWriter<byte> w) => w is ExactBlockWriter e ? e.Written : ((ArrayBufferWriter<byte>)w).WrittenSpan.ToArray();
        }

        [Fact]
        public void A_connection_message_above_MaxInputBytes_is_refused_when_written_and_the_connection_goes_on()
        {
            var options = new AmberOptions { MaxInputBytes = 40 };
            var writer = new AmberMessageWriter(options);
            var destination = new ArrayBufferWriter<byte>();
            writer.WriteMessage(destination, new Person { Name = "Ada", Age = 36 });
            int before = destination.WrittenCount;
            var ex = Assert.Throws<AmberException>(() => writer.WriteMessage(destination, new Person { Name = new string('x', 100), Age = 1 }));
            Assert.Contains("above MaxInputBytes (40)", ex.Message);
            Assert.Equal(before, destination.WrittenCount);
            writer.WriteMessage(destination, new Person { Name = "Bo", Age = 7 });

            var reader = new AmberMessageReader(options);
            var buffer = new ReadOnlySequence<byte>(destination.WrittenMemory);
            Assert.True(reader.TryReadMessage(ref buffer, out Person? first));
            Assert.True(reader.TryReadMessage(ref buffer, out Person? second));
            Assert.Equal(("Ada", 36, "Bo", 7), (first!.Name, first.Age, second!.Name, second.Age));
            Assert.Equal(0, buffer.Length);
        }
    }
}
