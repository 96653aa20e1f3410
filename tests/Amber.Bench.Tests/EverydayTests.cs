using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Bench.Runner;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Everyday;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>
    /// The everyday workload: its four cases have the labels, sizes and variety they describe, the
    /// comparison notices a price that lost its decimals, and the messages case writes one payload per message.
    /// </summary>
    public sealed class EverydayTests
    {
        private static List<WorkloadCase> Cases(BenchScale scale) => new EverydayWorkload().Cases(scale, sweep: false).ToList();

        private static T Value<T>(BenchScale scale, string label) => ((WorkloadCase<T>)Cases(scale).Single(c => c.Case == label)).Value;

        private static IReadOnlyList<Message> Messages(BenchScale scale) =>
            ((PayloadPerItemCase<Message>)Cases(scale).Single(c => c.Case == EverydayWorkload.Messages)).Items;

        [Fact]
        public void FourLabelledCasesOfTheScalesSizes()
        {
            foreach (BenchScale scale in new[] { BenchScale.Quick, BenchScale.Tiny })
            {
                List<WorkloadCase> cases = Cases(scale);
                Assert.Equal(new[] { "records", "rows", "sprites", "messages" }, cases.Select(c => c.Case));
                Assert.Equal(new[] { scale.Everyday.Records, scale.Everyday.Rows, scale.Everyday.Sprites, scale.Everyday.Messages }, cases.Select(c => c.Objects));
                Assert.All(cases, c => Assert.Equal("everyday: " + c.Case, c.Title));
            }
            Assert.Equal(new EverydaySizes(50_000, 50_000, 20_000, 10_000), BenchScale.Quick.Everyday);
        }

        [Fact]
        public void TheSameSeedBuildsTheSameValues()
        {
            TradeBlotter first = Value<TradeBlotter>(BenchScale.Tiny, EverydayWorkload.Records);
            TradeBlotter second = Value<TradeBlotter>(BenchScale.Tiny, EverydayWorkload.Records);
            var c = new Comparer();
            EverydayWorkload.CompareTrades(c, first, second);
            Assert.False(c.Failed, c.FirstDifference);
        }

        [Fact]
        public void TradesHaveTwoToFourDecimalsBothKindsAndSubMillisecondTimes()
        {
            List<Trade> trades = Value<TradeBlotter>(BenchScale.Quick, EverydayWorkload.Records).Trades;
            Assert.Equal(new byte[] { 2, 3, 4 }, trades.Select(t => t.Price.Scale).Distinct().OrderBy(s => s));
            Assert.Contains(trades, t => t.Price.Scale == 4 && t.Price.ToString(System.Globalization.CultureInfo.InvariantCulture).EndsWith('0'));
            Assert.Equal(new[] { DateTimeKind.Unspecified, DateTimeKind.Utc }, trades.Select(t => t.Time.Kind).Distinct().OrderBy(k => k));
            Assert.Contains(trades, t => t.Time.Ticks % TimeSpan.TicksPerMillisecond != 0);
            Assert.Equal(2, trades.Select(t => t.Side).Distinct().Count());
            Assert.InRange(trades.Select(t => t.Symbol).Distinct().Count(), 5, 20);
        }

        [Fact]
        public void AboutAThirdOfEachNullableReadingMemberIsNull()
        {
            List<Reading> readings = Value<ReadingLog>(BenchScale.Quick, EverydayWorkload.Rows).Readings;
            foreach (Func<Reading, bool> isNull in new Func<Reading, bool>[] { r => r.Count == null, r => r.Value == null, r => r.At == null, r => r.Unit == null })
            {
                Assert.InRange(readings.Count(isNull) / (double)readings.Count, 0.30, 0.37);
            }
            Assert.Equal(5, readings.Select(r => r.Status).Distinct().Count());
        }

        [Fact]
        public void SpritesHaveNamelessOnesAndEveryLayer()
        {
            List<Sprite> sprites = Value<Scene>(BenchScale.Quick, EverydayWorkload.Sprites).Sprites;
            Assert.Contains(sprites, s => s.Name == null);
            Assert.Contains(sprites, s => s.Name != null);
            Assert.Equal(5, sprites.Select(s => s.Layer).Distinct().Count());
        }

        [Fact]
        public void MessagesHoldEveryKindEvenAtTinyScale()
        {
            foreach (BenchScale scale in new[] { BenchScale.Quick, BenchScale.Tiny })
            {
                Assert.Equal(5, Messages(scale).Select(m => m.GetType()).Distinct().Count());
            }
        }

        [Fact]
        public void TheComparisonCatchesAPriceThatLostItsTrailingZeros()
        {
            var time = new DateTime(2026, 3, 2, 15, 0, 0, DateTimeKind.Utc);
            var written = new TradeBlotter { Trades = { new Trade(Guid.Empty, "SAP", 12.3400m, 100, time, Side.Buy) } };
            var read = new TradeBlotter { Trades = { new Trade(Guid.Empty, "SAP", 12.34m, 100, time, Side.Buy) } };
            var c = new Comparer();
            EverydayWorkload.CompareTrades(c, written, read);
            Assert.StartsWith("Trades[0].Price.Scale:", c.FirstDifference);
        }

        [Fact]
        public void TheMessagesRowIsOnePayloadPerMessage()
        {
            List<ResultRow> rows = BenchRunner.Run(BenchOptions.Parse(new[] { "--tiny", "--workload", "everyday", "--serializer", "Amber" }), Peers.All());
            ResultRow messages = rows.Single(r => r.Case == EverydayWorkload.Messages);
            Assert.True(messages.Verified, messages.Note);
            Assert.Equal(BenchScale.Tiny.Everyday.Messages, messages.Objects);
            Assert.Equal(Messages(BenchScale.Tiny).Sum(m => (long)AmberSerializer.Serialize<Message>(m).Length), messages.SizeBytes);
        }
    }
}
