using System;
using System.Buffers;
using System.Collections.Generic;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>The reader gives the same values from any segmentation of the input as from one span.</summary>
    public class MultiSegmentTests
    {
        static MultiSegmentTests()
        {
            AmberFormatterRegistry.Register<Shelf?>(ShelfFormatter.Instance);
        }

        private static readonly byte[] Payload = MixedPayload.Build();

        private static string ReadFull(ref AmberReader r) => MixedPayload.Read(ref r, MixedPayload.Shape);

        [Fact]
        public void Mixed_payload_from_one_span_reads_the_expected_values()
        {
            Assert.True(Payload.Length > 500, "the payload should be big enough to be interesting");
            Assert.Equal(MixedPayload.ExpectedTrace(), TestWire.Read(Payload, ReadFull));
            // A single-segment sequence takes the same path.
            Assert.Equal(MixedPayload.ExpectedTrace(), TestWire.Read(new ReadOnlySequence<byte>(Payload), ReadFull));
        }

        [Fact]
        public void Mixed_payload_split_in_two_at_every_position()
        {
            string expected = TestWire.Read(Payload, ReadFull);
            foreach ((int offset, ReadOnlySequence<byte> seq) in TestSequences.AllTwoWaySplits(Payload))
            {
                Assert.Equal(Payload.Length, seq.Length);
                string actual = TestWire.Read(seq, ReadFull);
                if (actual != expected) Assert.Fail($"split at {offset}: trace differs");
            }
        }

        [Fact]
        public void Mixed_payload_in_one_byte_segments()
        {
            string expected = TestWire.Read(Payload, ReadFull);
            ReadOnlySequence<byte> seq = TestSequences.OneByteSegments(Payload);
            Assert.False(seq.IsSingleSegment);
            Assert.Equal(expected, TestWire.Read(seq, ReadFull));
            Assert.Equal(expected, TestWire.Read(TestSequences.OneByteSegmentsWithEmpties(Payload), ReadFull));
        }

        [Theory]
        [InlineData(2)]
        [InlineData(3)]
        [InlineData(9)]
        [InlineData(10)]
        [InlineData(11)]
        [InlineData(16)]
        [InlineData(17)]
        [InlineData(255)]
        public void Mixed_payload_in_chunks(int chunk)
        {
            Assert.Equal(TestWire.Read(Payload, ReadFull), TestWire.Read(TestSequences.Chunked(Payload, chunk), ReadFull));
        }

        [Fact]
        public void Mixed_payload_in_three_segments_at_many_position_pairs()
        {
            string expected = TestWire.Read(Payload, ReadFull);
            for (int a = 0; a < Payload.Length; a += 13)
            {
                for (int b = a; b <= Payload.Length; b += 29)
                {
                    if (TestWire.Read(TestSequences.SplitAt(Payload, a, b), ReadFull) != expected) Assert.Fail($"split at {a} and {b}: trace differs");
                }
            }
        }

        [Fact]
        public void Skipping_every_member_works_at_every_split()
        {
            // A reader that knows only two members skips every other member: objects with shape
            // definitions, packed arrays, strings straddling the split, maps with nullable values.
            AmberShape few = MixedPayload.MakeShape("FewForSplits", "Ratio32", "Big");
            string expected = TestWire.Read(Payload, (ref AmberReader r) => MixedPayload.Read(ref r, few));
            Assert.Equal("Big=18446744073709551615\nRatio32=" + BitConverter.SingleToInt32Bits(-0.5f) + "\n", expected);
            foreach ((int offset, ReadOnlySequence<byte> seq) in TestSequences.AllTwoWaySplits(Payload))
            {
                if (TestWire.Read(seq, (ref AmberReader r) => MixedPayload.Read(ref r, few)) != expected) Assert.Fail($"split at {offset}: trace differs");
            }
            Assert.Equal(expected, TestWire.Read(TestSequences.OneByteSegments(Payload), (ref AmberReader r) => MixedPayload.Read(ref r, few)));
        }

        [Fact]
        public void Skipping_the_root_works_at_every_split()
        {
            ReadFunc<int> skip = (ref AmberReader r) =>
            {
                r.SkipValue(r.ReadPayloadHeader());
                return 0;
            };
            TestWire.Read(Payload, skip);
            foreach ((int _, ReadOnlySequence<byte> seq) in TestSequences.AllTwoWaySplits(Payload)) TestWire.Read(seq, skip);
            TestWire.Read(TestSequences.OneByteSegments(Payload), skip);
        }

        [Fact]
        public void A_sliced_sequence_starts_mid_segment_and_counts_positions_from_its_start()
        {
            var prefix = new byte[] { 0xDE, 0xAD, 0xBE };
            byte[] whole = TestWire.Concat(prefix, Payload, new byte[] { 0xEF });
            ReadOnlySequence<byte> seq = TestSequences.Chunked(whole, 37).Slice(prefix.Length, Payload.Length);
            Assert.Equal(MixedPayload.ExpectedTrace(), TestWire.Read(seq, ReadFull));
        }

        [Fact]
        public void Only_empty_segments_is_end_of_data()
        {
            ReadOnlySequence<byte> empty = TestSequences.FromSegments(Array.Empty<byte>(), Array.Empty<byte>(), Array.Empty<byte>());
            Assert.Equal(0, empty.Length);
            var ex = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(empty);
                r.ReadPayloadHeader();
            });
            Assert.Equal(0, ex.ByteOffset);
            // Bytes spread over segments with empty ones at both ends and in the middle.
            ReadOnlySequence<byte> padded = TestSequences.FromSegments(Array.Empty<byte>(), new byte[] { 0x80 }, Array.Empty<byte>(), new byte[] { 0x01 }, Array.Empty<byte>());
            Assert.Equal(128UL, TestWire.Read(padded, (ref AmberReader r) => r.ReadVarint()));
        }

        [Fact]
        public void Varints_and_fixed_values_straddling_every_boundary()
        {
            WriteAction write = (ref AmberWriter w) =>
            {
                w.WriteUInt64(ulong.MaxValue);
                w.WriteInt64(long.MinValue + 1);
                w.WriteVarint(16384);
                w.WriteGuid(new Guid("00112233-4455-6677-8899-aabbccddeeff"));
                w.WriteDouble(-1.0 / 3);
                w.WriteSingle(float.MaxValue);
                w.WriteDecimal(decimal.MinValue);
                w.WriteDateTimeOffset(new DateTimeOffset(2000, 1, 2, 3, 4, 5, TimeSpan.FromMinutes(-90)));
                w.WriteInt128(Int128.MinValue);
                w.WriteString("\U0001F600\U0001F600");
            };
            byte[] bytes = TestWire.Write(write);
            ReadFunc<string> read = (ref AmberReader r) => string.Join("|",
                r.ReadUInt64(), r.ReadInt64(), r.ReadVarint(), r.ReadGuid(), BitConverter.DoubleToInt64Bits(r.ReadDouble()),
                BitConverter.SingleToInt32Bits(r.ReadSingle()), r.ReadDecimal(), r.ReadDateTimeOffset().ToString("O"), r.ReadInt128(), r.ReadString());
            string expected = TestWire.Read(bytes, read);
            Assert.StartsWith("18446744073709551615|-9223372036854775807|16384|00112233-4455-6677-8899-aabbccddeeff|", expected, StringComparison.Ordinal);
            Assert.EndsWith("|2000-01-02T03:04:05.0000000-01:30|-170141183460469231731687303715884105728|\U0001F600\U0001F600", expected, StringComparison.Ordinal);
            foreach ((int offset, ReadOnlySequence<byte> seq) in TestSequences.AllTwoWaySplits(bytes))
            {
                Assert.True(expected == TestWire.Read(seq, read), $"split at {offset}");
            }
            Assert.Equal(expected, TestWire.Read(TestSequences.OneByteSegments(bytes), read));
        }

        [Fact]
        public void Serializer_deserializes_from_every_split()
        {
            var shelf = new Shelf
            {
                Name = "Split \u00e9\u4e2d\U0001F600",
                Books = new List<Book?> { new Book { Title = "One", Year = 1 }, null, new Book { Title = new string('l', 150), Year = -7 } },
            };
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(shelf);
            foreach ((int offset, ReadOnlySequence<byte> seq) in TestSequences.AllTwoWaySplits(bytes))
            {
                Shelf? back = ViaRegistry.Deserialize<Shelf?>(seq);
                Assert.NotNull(back);
                Assert.True(shelf.Name == back.Name, $"split at {offset}");
                Assert.Equal(3, back.Books!.Count);
                Assert.Null(back.Books[1]);
                Assert.Equal(new string('l', 150), back.Books[2]!.Title);
                Assert.Equal(-7, back.Books[2]!.Year);
            }
            Shelf? fromBytes = ViaRegistry.Deserialize<Shelf?>(TestSequences.OneByteSegments(bytes));
            Assert.Equal("One", fromBytes!.Books![0]!.Title);
        }
    }
}
