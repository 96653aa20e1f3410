using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Grpc;
using Grpc.Core;
using Grpc.Net.Client;

namespace Amber.Load
{
    /// <summary>
    /// The gRPC part over HTTP/2 on loopback: good calls through the generated client (<c>CreateAmberClient</c>), faulty
    /// ones through the same methods with a raw-bytes marshaller, so the server's Amber marshaller gets exactly the
    /// damaged, cut or oversized message.
    /// </summary>
    internal sealed class GrpcLoad : ILoad
    {
        private const string Service = "amber.load.Load";
        private static readonly Marshaller<byte[]> Raw = Marshallers.Create(b => b, b => b);
        private static readonly Method<byte[], byte[]> RawPlace = new Method<byte[], byte[]>(MethodType.Unary, Service, "Place", Raw, Raw);
        private static readonly Method<byte[], byte[]> RawUpload = new Method<byte[], byte[]>(MethodType.ClientStreaming, Service, "Upload", Raw, Raw);

        private readonly GrpcChannel _channel;
        private readonly ILoadService _client;
        private readonly CallInvoker _raw;

        public GrpcLoad(int port)
        {
            _channel = GrpcChannel.ForAddress("http://127.0.0.1:" + port, new GrpcChannelOptions
            {
                HttpHandler = new SocketsHttpHandler { EnableMultipleHttp2Connections = true },
                MaxSendMessageSize = null,
            });
            _client = _channel.CreateAmberClient<ILoadService>();
            _raw = _channel.CreateCallInvoker();
        }

        public async Task WarmUpAsync()
        {
            var random = new Random(2);
            for (int i = 0; i < 20; i++)
            {
                Outcome o = await (i % 2 == 0 ? GoodUnaryAsync(random) : GoodStreamAsync(random, "warm-up", slow: false));
                if (o.Breach != null) throw new InvalidOperationException("Warm-up failed: " + o.Breach);
            }
        }

        public ValueTask DisposeAsync()
        {
            _channel.Dispose();
            return default;
        }

        public Task<Outcome> OneAsync(Random random)
        {
            int roll = random.Next(100);
            if (roll < 30) return GoodUnaryAsync(random);
            if (roll < 50) return GoodStreamAsync(random, "good-stream", slow: false);
            if (roll < 60) return RawUnaryAsync(random, "damaged", Faults.FlipBits(AmberSerializer.Serialize(Order.Random(random)), random));
            if (roll < 70) return RawUnaryAsync(random, "truncated", Faults.Truncate(AmberSerializer.Serialize(Order.Random(random)), random));
            if (roll < 74) return RawUnaryAsync(random, "oversized-amber", Faults.Oversized(Server.MaxInputBytes, Server.GrpcMaxReceiveMessageSize - 16, random));
            if (roll < 77) return RawUnaryAsync(random, "oversized-grpc", Faults.Oversized(Server.GrpcMaxReceiveMessageSize, 4 * Server.GrpcMaxReceiveMessageSize, random));
            if (roll < 85) return BadStreamAsync(random);
            if (roll < 93) return GoodStreamAsync(random, "slow-stream", slow: true);
            return StallAsync(random);
        }

        private async Task<Outcome> GoodUnaryAsync(Random random)
        {
            Order order = Order.Random(random);
            byte[] sent = AmberSerializer.Serialize(order);
            var stopwatch = Stopwatch.StartNew();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            try
            {
                OrderReceipt receipt = await _client.Place(order, deadline.Token);
                double ms = stopwatch.Elapsed.TotalMilliseconds;
                string? wrong = !AmberSerializer.Serialize(receipt.Echo).AsSpan().SequenceEqual(sent) ? "the echoed order differs"
                    : receipt.Total != order.Total() ? "wrong total" : null;
                return new Outcome("good-unary", wrong == null ? "OK correct" : "OK WRONG", wrong == null ? null : "good-unary: " + wrong, ms);
            }
            catch (Exception ex)
            {
                string answer = Answer(ex, deadline);
                return new Outcome("good-unary", answer, "good-unary: " + answer, stopwatch.Elapsed.TotalMilliseconds);
            }
        }

        private async Task<Outcome> GoodStreamAsync(Random random, string kind, bool slow)
        {
            Reading[] readings = Enumerable.Range(0, random.Next(0, 12)).Select(_ => Reading.Random(random)).ToArray();
            ReadingSummary expected = ReadingSummary.Of(readings);
            int seed = random.Next();
            var stopwatch = Stopwatch.StartNew();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            try
            {
                ReadingSummary summary = await _client.Upload(Stream(readings, slow, new Random(seed), deadline.Token), deadline.Token);
                double ms = stopwatch.Elapsed.TotalMilliseconds;
                bool right = summary.SameAs(expected);
                return new Outcome(kind, right ? "OK correct" : "OK WRONG", right ? null : kind + ": the summary differs from the expected one", ms);
            }
            catch (Exception ex)
            {
                string answer = Answer(ex, deadline);
                return new Outcome(kind, answer, kind + ": " + answer, stopwatch.Elapsed.TotalMilliseconds);
            }
        }

        private static async IAsyncEnumerable<Reading> Stream(Reading[] readings, bool slow, Random random, [EnumeratorCancellation] CancellationToken ct)
        {
            foreach (Reading r in readings)
            {
                if (slow) await Task.Delay(random.Next(20, 200), ct);
                yield return r;
            }
        }

        private async Task<Outcome> RawUnaryAsync(Random random, string kind, byte[] request)
        {
            var stopwatch = Stopwatch.StartNew();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            string answer;
            try
            {
                await _raw.AsyncUnaryCall(RawPlace, null, new CallOptions(cancellationToken: deadline.Token), request);
                answer = "OK";
            }
            catch (Exception ex)
            {
                answer = Answer(ex, deadline);
            }
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            string expected = kind == "oversized-grpc" ? "ResourceExhausted" : "InvalidArgument";
            // As over HTTP: a bit flip Amber can still read decodes to another order (no checksum), so OK is possible for "damaged".
            bool fine = answer == expected || (kind == "damaged" && answer == "OK");
            return new Outcome(kind, kind == "damaged" && answer == "OK" ? "OK (undetected)" : answer, fine ? null : $"{kind}: {answer}, expected {expected}", ms);
        }

        /// <summary>A client stream of good readings with one cut or oversized message among them.</summary>
        private async Task<Outcome> BadStreamAsync(Random random)
        {
            int count = random.Next(1, 8), bad = random.Next(count);
            bool oversized = random.Next(4) == 0;
            var stopwatch = Stopwatch.StartNew();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            string answer;
            try
            {
                using AsyncClientStreamingCall<byte[], byte[]> call = _raw.AsyncClientStreamingCall(RawUpload, null, new CallOptions(cancellationToken: deadline.Token));
                try
                {
                    for (int i = 0; i < count; i++)
                    {
                        byte[] good = AmberSerializer.Serialize(Reading.Random(random));
                        byte[] message = i != bad ? good : oversized ? Faults.Oversized(Server.MaxInputBytes, Server.GrpcMaxReceiveMessageSize - 16, random) : Faults.Truncate(good, random);
                        await call.RequestStream.WriteAsync(message, deadline.Token);
                    }
                    await call.RequestStream.CompleteAsync();
                }
                catch (Exception ex) when (!deadline.IsCancellationRequested && (ex is RpcException || ex is InvalidOperationException))
                {
                    // The server may end the call (on the bad message) while this side is still writing: a write then
                    // fails with the client's own view of the call; its status is the response's, read below.
                }
                await call.ResponseAsync;
                answer = "OK";
            }
            catch (Exception ex)
            {
                answer = Answer(ex, deadline);
            }
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            return new Outcome("bad-stream", answer, answer == "InvalidArgument" ? null : $"bad-stream: {answer}, expected InvalidArgument", ms);
        }

        /// <summary>A client stream that sends a message or two and then nothing, with a 2 s gRPC deadline.</summary>
        private async Task<Outcome> StallAsync(Random random)
        {
            var stopwatch = Stopwatch.StartNew();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            string answer;
            try
            {
                using AsyncClientStreamingCall<byte[], byte[]> call = _raw.AsyncClientStreamingCall(RawUpload, null,
                    new CallOptions(deadline: DateTime.UtcNow.AddSeconds(2), cancellationToken: deadline.Token));
                int sent = random.Next(0, 3);
                for (int i = 0; i < sent; i++) await call.RequestStream.WriteAsync(AmberSerializer.Serialize(Reading.Random(random)), deadline.Token);
                await call.ResponseAsync;
                answer = "OK";
            }
            catch (Exception ex)
            {
                answer = Answer(ex, deadline);
            }
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            return new Outcome("stall-stream", answer, answer == "DeadlineExceeded" ? null : $"stall-stream: {answer}, expected DeadlineExceeded", ms);
        }

        private static string Answer(Exception ex, CancellationTokenSource deadline) =>
            deadline.IsCancellationRequested ? "hung"
            : ex is RpcException rpc ? rpc.StatusCode.ToString()
            : ex.GetType().Name;
    }
}
