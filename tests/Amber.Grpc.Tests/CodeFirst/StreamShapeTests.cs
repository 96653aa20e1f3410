using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Amber.Streaming;
using Grpc.Core;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>
    /// A stream of responses defines each shape once per call when the client asks with the <c>amber-shapes: call</c>
    /// request header (connection messages, docs/format.md §7.6, unframed), and is a payload per message otherwise.
    /// The calls here are raw: each response message's bytes as gRPC delivers them.
    /// </summary>
    [Collection(CodeFirstCollection.Name)]
    public class StreamShapeTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public StreamShapeTests(CodeFirstFixture fixture) => _fixture = fixture;

        /// <summary>The calculator's Ticks method, its responses received as bytes.</summary>
        private static Method<TickRequest, byte[]> RawTicks()
        {
            AmberServiceMethod ticks = AmberServices.Get(typeof(ICalculator)).Methods.Single(m => m.Name == "Ticks");
            Method<TickRequest, Tick> typed = AmberGrpc.Method<TickRequest, Tick>(ticks);
            Marshaller<byte[]> bytes = Marshallers.Create<byte[]>(
                (Action<byte[], SerializationContext>)((_, _) => throw new InvalidOperationException()),
                (Func<DeserializationContext, byte[]>)(context => context.PayloadAsNewBuffer()));
            return new Method<TickRequest, byte[]>(typed.Type, typed.ServiceName, typed.Name, typed.RequestMarshaller, bytes);
        }

        private async Task<List<byte[]>> ReceiveAsync(global::Grpc.Core.Metadata? headers, int count)
        {
            using var timeout = new CancellationTokenSource(Timeout);
            using AsyncServerStreamingCall<byte[]> call = _fixture.Current.CreateCallInvoker().AsyncServerStreamingCall(
                RawTicks(), null, new CallOptions(headers, cancellationToken: timeout.Token), new TickRequest { Symbol = "AMB", Count = count });
            var messages = new List<byte[]>();
            while (await call.ResponseStream.MoveNext(timeout.Token)) messages.Add(call.ResponseStream.Current);
            return messages;
        }

        [Fact]
        public async Task Asked_for_shapes_once_per_call_the_server_sends_connection_messages_and_only_the_first_defines_the_shape()
        {
            List<byte[]> messages = await ReceiveAsync(new global::Grpc.Core.Metadata { { "amber-shapes", "call" } }, 6);
            Assert.Equal(6, messages.Count);
            // Version 3, a connection's first message; then version 4, each referring to the shapes before it (format §7.6).
            Assert.Equal(3, messages[0][0] >> 4);
            Assert.All(messages.Skip(1), m => Assert.Equal(4, m[0] >> 4));
            // Tick 0 has its Index absent, so its shape lists Symbol alone; tick 1 defines the full shape; from tick 2 on
            // every message refers to it: the same length, and no definition.
            byte[] steady = messages[2];
            Assert.All(messages.Skip(2), m => Assert.Equal(steady.Length, m.Length));
            Assert.True(messages[1].Length > steady.Length + 4, $"{messages[1].Length} against {steady.Length}");
            // Header, object header (shape 1, defined before), presence, "AMB", the index.
            Assert.Equal(new byte[] { 0x45, 0x05, 0x03, 0x04, 0x41, 0x4D, 0x42, 0x04 }, steady);

            var reader = new AmberMessageReader();
            Assert.Equal(Enumerable.Range(0, 6), messages.Select(m => reader.ReadUnframed<Tick>(m)!.Index));
        }

        [Fact]
        public async Task Not_asked_the_server_sends_each_response_as_a_payload_as_to_any_other_client()
        {
            List<byte[]> messages = await ReceiveAsync(null, 3);
            Assert.All(messages, m => Assert.Equal(1, m[0] >> 4));
            Assert.Equal(new[] { 0, 1, 2 }, messages.Select(m => AmberSerializer.Deserialize<Tick>(m)!.Index));
        }

        [Fact]
        public async Task An_Amber_client_reads_a_long_stream_defined_once_per_call()
        {
            ICalculator client = _fixture.Current.CreateAmberClient<ICalculator>();
            var ticks = new List<Tick>();
            await foreach (Tick tick in client.Ticks(new TickRequest { Symbol = "AMB", Count = 300 }).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                ticks.Add(tick);
            }
            Assert.Equal(Enumerable.Range(0, 300), ticks.Select(t => t.Index));
            Assert.All(ticks, t => Assert.Equal("AMB", t.Symbol));
        }

        [Fact]
        public async Task Calls_one_after_another_and_side_by_side_each_start_their_shapes_anew()
        {
            // The writers and readers of streamed calls are kept for reuse: each call must begin with a first message, and
            // two calls at once must not share one.
            ICalculator client = _fixture.Current.CreateAmberClient<ICalculator>();
            for (int call = 0; call < 5; call++)
            {
                await foreach (Tick _ in client.Ticks(new TickRequest { Symbol = "S" + call, Count = 3 })) break;   // left after one item
                Assert.Equal(Enumerable.Range(0, 4), await IndexesAsync(client, "A" + call, 4));
            }
            int[][] together = await Task.WhenAll(Enumerable.Range(0, 16).Select(call => IndexesAsync(client, "B" + call, 2 + call % 5)));
            for (int call = 0; call < 16; call++) Assert.Equal(Enumerable.Range(0, 2 + call % 5), together[call]);
        }

        private static async Task<int[]> IndexesAsync(ICalculator client, string symbol, int count)
        {
            var indexes = new List<int>();
            await foreach (Tick tick in client.Ticks(new TickRequest { Symbol = symbol, Count = count }).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                Assert.Equal(symbol, tick.Symbol);
                indexes.Add(tick.Index);
            }
            return indexes.ToArray();
        }
    }
}
