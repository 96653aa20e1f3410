using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Runtime;
using Xunit;

namespace Amber.Tests.Serialization
{
    public enum MeterState { Ok, Warning, Fault }

    /// <summary>Members whose presence varies, read as one run without branches when the span holds the run's widest values.</summary>
    public sealed class MeterReading
    {
        public long Id { get; set; }
        public int? Count { get; set; }
        public double? Value { get; set; }
        public MeterState State { get; set; }
        public DateTime? At { get; set; }
        public bool Flag { get; set; }
        public float? Gain { get; set; } = 1.5f;   // an initializer: absent in the writer's shape means null, not 1.5
        public string? Note { get; set; }
        public int Tail { get; set; }
        public long? Total { get; set; }
    }

    public sealed class MeterLog
    {
        public List<MeterReading> Readings { get; set; } = new List<MeterReading>();
    }

    /// <summary>
    /// A run of members read without branches needs the run's widest encoding in the current span; where the span is
    /// shorter (near its end, at a segment boundary) the same members are read one by one. Reading from one-byte and
    /// three-byte segments takes that path for every object, and must give what the single span gives.
    /// </summary>
    public class ShortSpanMemberRunTests
    {
        private static MeterLog Sample()
        {
            var random = new Random(7);
            var log = new MeterLog();
            for (int i = 0; i < 300; i++)
            {
                log.Readings.Add(new MeterReading
                {
                    Id = i % 5 == 0 ? 0 : 4_200_000_000L + i,
                    Count = random.Next(3) == 0 ? null : random.Next(-5000, 5000),
                    Value = random.Next(3) == 0 ? null : random.NextDouble() * 100,
                    State = (MeterState)random.Next(3),
                    At = random.Next(3) == 0 ? null : new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(i * 15),
                    Flag = random.Next(2) == 0,
                    Gain = random.Next(3) == 0 ? null : (float)random.NextDouble(),
                    Note = random.Next(4) == 0 ? "note " + i : null,
                    Tail = random.Next(3) == 0 ? 0 : random.Next(),
                    Total = random.Next(3) == 0 ? null : random.NextInt64(long.MinValue, long.MaxValue),
                });
            }
            return log;
        }

        public static IEnumerable<object[]> Splits => new[] { new object[] { 1 }, new object[] { 3 }, new object[] { 7 } };

        [Theory]
        [MemberData(nameof(Splits))]
        public void Segments_shorter_than_a_run_read_every_member_as_the_single_span_does(int segmentLength)
        {
            MeterLog log = Sample();
            byte[] bytes = AmberSerializer.Serialize(log);

            MeterLog fromSpan = AmberSerializer.Deserialize<MeterLog>(bytes)!;
            MeterLog fromSegments = AmberSerializer.Deserialize<MeterLog>(TestSequences.Chunked(bytes, segmentLength))!;

            foreach (MeterLog read in new[] { fromSpan, fromSegments })
            {
                Assert.Equal(log.Readings.Count, read.Readings.Count);
                for (int i = 0; i < log.Readings.Count; i++)
                {
                    MeterReading a = log.Readings[i], b = read.Readings[i];
                    Assert.Equal((a.Id, a.Count, a.Value, a.State, a.At, a.Flag, a.Gain, a.Note, a.Tail, a.Total),
                        (b.Id, b.Count, b.Value, b.State, b.At, b.Flag, b.Gain, b.Note, b.Tail, b.Total));
                }
            }
        }

        [Fact]
        public void An_absent_member_with_an_initializer_reads_as_null_from_short_segments_too()
        {
            var reading = new MeterReading { Id = 9, Gain = null, Tail = 3 };
            byte[] bytes = AmberSerializer.Serialize(new MeterLog { Readings = { reading, reading } });

            MeterLog read = AmberSerializer.Deserialize<MeterLog>(TestSequences.OneByteSegments(bytes))!;

            Assert.All(read.Readings, r => Assert.Null(r.Gain));
            Assert.All(read.Readings, r => Assert.Equal(3, r.Tail));
        }

        [Fact]
        public void A_bad_value_in_a_run_read_from_short_segments_names_its_member()
        {
            var reading = new MeterReading { Id = 1, Flag = true, Tail = 1 };
            byte[] bytes = AmberSerializer.Serialize(new MeterLog { Readings = { reading } });
            // The bool's byte is the only 0x01 after Id's 0x02 … find the Flag byte by writing it as 1 and then 0.
            byte[] without = AmberSerializer.Serialize(new MeterLog { Readings = { new MeterReading { Id = 1, Flag = false, Tail = 1 } } });
            int flag = Enumerable.Range(0, bytes.Length).First(i => i < without.Length && bytes[i] != without[i] && bytes[i] == 1);
            bytes[flag] = 2;   // a bool is 0 or 1

            AmberException ex = Assert.ThrowsAny<AmberException>(() => AmberSerializer.Deserialize<MeterLog>(TestSequences.OneByteSegments(bytes)));
            Assert.Contains("Flag", ex.Message);
        }
    }
}
