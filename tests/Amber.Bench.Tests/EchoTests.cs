using System;
using System.Buffers;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using Amber.Echo;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>
    /// The echo harness (bench/Amber.Echo) run briefly over loopback: every serializer's messages come back
    /// intact (each one deserialized and compared with what was sent, payload included). No timing is asserted.
    /// </summary>
    public class EchoTests
    {
        [Fact]
        public async Task EveryMessageOfEverySerializerComesBackIntact()
        {
            var options = new EchoOptions { Clients = 3, InFlight = 16, Seconds = 0.3, Warmup = 0.1, Rounds = 1 };
            var rows = await EchoBench.RunAsync(options, _ => { });

            Assert.Equal(EchoSerializer.All().Select(s => s.Name), rows.Select(r => r.Serializer));
            foreach (EchoRow row in rows)
            {
                Assert.True(row.Verified, $"{row.Serializer}: {row.Failure ?? "nothing came back"}");
                Assert.True(row.Messages > 0, row.Serializer);
                Assert.Equal(row.Messages, row.Latency.Count);
            }
            // One message in one direction: the frame (a one-byte length below 128) and the 32-byte payload.
            Assert.Equal(1 + AmberSerializer.Serialize(Messages.Create(new Random(0))).Length + EchoRun.PayloadBytes, rows.Single(r => r.Serializer == "Amber").BytesPerMessage);
        }

        [Fact]
        public async Task TheCsvHasExactlyTheColumnsOfTheRelayReport()
        {
            var options = new EchoOptions { Clients = 1, InFlight = 4, Seconds = 0.2, Warmup = 0, Rounds = 1, Serializers = new() { "Amber", "Hand-written" } };
            var rows = await EchoBench.RunAsync(options, _ => { });
            string path = Path.Combine(Path.GetTempPath(), "amber-echo-test-" + Guid.NewGuid().ToString("N") + ".csv");
            try
            {
                EchoBench.WriteCsv(path, rows);
                string[] lines = File.ReadAllLines(path);
                Assert.Equal("serializer,clients,in_flight,messages,msgs_per_s,bytes_per_msg,alloc_per_msg,p50_us,p99_us,verified", lines[0]);
                Assert.Equal(3, lines.Length);
                Assert.StartsWith("Amber,1,4,", lines[1]);
                Assert.StartsWith("Hand-written static,1,4,", lines[2]);
                Assert.All(lines.Skip(1), l => Assert.EndsWith(",true", l));
            }
            finally
            {
                File.Delete(path);
            }
        }

        [Fact]
        public void AnEchoedEnvelopeThatDiffersIsCaught()
        {
            MessageEnvelope sent = Messages.Create(new Random(1));
            MessageEnvelope echoed = Messages.Create(new Random(1));
            Assert.Null(Messages.Difference(sent, echoed));
            echoed.To = Guid.Empty;
            Assert.Equal("To differs", Messages.Difference(sent, echoed));
            Assert.Equal("came back null", Messages.Difference(sent, null));

            Span<byte> payload = stackalloc byte[EchoRun.PayloadBytes];
            Messages.FillPayload(payload, 41);
            Assert.True(Messages.PayloadMatches(payload, 41));
            Assert.False(Messages.PayloadMatches(payload, 42));
        }

        [Theory]
        [InlineData("--clients", "0")]
        [InlineData("--in-flight", "x")]
        [InlineData("--seconds", "0")]
        [InlineData("--nope")]
        public void BadOptionsAreRejected(params string[] args)
        {
            Assert.Throws<ArgumentException>(() => EchoOptions.Parse(args));
        }

        [Fact]
        public void TheHistogramReadsPercentilesFromItsBuckets()
        {
            var h = new LatencyHistogram();
            for (int i = 1; i <= 99; i++) h.Record(TimeSpan.FromMicroseconds(10));
            h.Record(TimeSpan.FromMilliseconds(50));
            Assert.Equal(11, h.Percentile(0.50));
            Assert.Equal(11, h.Percentile(0.99));
            Assert.Equal(50_010, h.Percentile(1.0));
        }
    }
}
