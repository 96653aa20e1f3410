using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Grpc.Core;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>Messages through a real gRPC server and client, with AmberGrpc's methods on both ends.</summary>
    [Collection(GrpcServerCollection.Name)]
    public sealed class RoundTripTests
    {
        private readonly GrpcServerFixture _server;

        public RoundTripTests(GrpcServerFixture server) => _server = server;

        internal static Catalog SampleCatalog(int shelves = 3) => new Catalog
        {
            Name = "Stacks",
            Shelves = Enumerable.Range(0, shelves).Select(i => new Shelf
            {
                Label = "Shelf " + i,
                Titles = Enumerable.Range(0, i + 1).Select(t => "Title " + i + "." + t).ToList(),
                Counts = Enumerable.Range(0, i).ToArray(),
            }).ToList(),
            Tags = new Dictionary<string, List<int>>
            {
                ["fiction"] = new List<int> { 1, 2, 3 },
                ["empty"] = new List<int>(),
            },
        };

        [Fact]
        public async Task Unary_call_round_trips_a_plain_class_with_nested_collections()
        {
            Catalog sent = SampleCatalog();

            Catalog received = await _server.Invoker.AsyncUnaryCall(Api.Echo, null, new CallOptions(), sent);

            Assert.Equal("Stacks (seen)", received.Name);
            Assert.Equal(3, received.Shelves.Count);
            for (int i = 0; i < 3; i++)
            {
                Assert.Equal(sent.Shelves[i].Label, received.Shelves[i].Label);
                Assert.Equal(sent.Shelves[i].Titles, received.Shelves[i].Titles);
                Assert.Equal(sent.Shelves[i].Counts, received.Shelves[i].Counts);
            }
            Assert.Equal(new[] { "empty", "fiction" }, received.Tags.Keys.OrderBy(k => k, StringComparer.Ordinal));
            Assert.Equal(new List<int> { 1, 2, 3 }, received.Tags["fiction"]);
            Assert.Empty(received.Tags["empty"]);
        }

        [Fact]
        public async Task Server_streaming_delivers_every_message_in_order()
        {
            using AsyncServerStreamingCall<Item> call = _server.Invoker.AsyncServerStreamingCall(
                Api.Count, null, new CallOptions(), new CountRequest { Count = 25, Prefix = "item-" });

            var items = new List<Item>();
            while (await call.ResponseStream.MoveNext(default)) items.Add(call.ResponseStream.Current);

            Assert.Equal(Enumerable.Range(0, 25), items.Select(i => i.Index));
            Assert.Equal(Enumerable.Range(0, 25).Select(i => "item-" + i), items.Select(i => i.Text));
            Assert.Equal(StatusCode.OK, call.GetStatus().StatusCode);
        }

        [Fact]
        public async Task A_message_larger_than_one_buffer_segment_is_read_from_the_segments()
        {
            // 2.5 MB: far above one pipe segment, under gRPC's default 4 MB receive limit.
            var data = new byte[2_500_000];
            new Random(7).NextBytes(data);
            var sent = new Blob { Data = data, Lines = Enumerable.Range(0, 1000).Select(i => "line " + i).ToList() };

            BlobReport report = await _server.Invoker.AsyncUnaryCall(Api.Measure, null, new CallOptions(), sent);

            Assert.True(report.ArrivedInSegments, "the server's deserializer was handed a single-segment payload; the test no longer covers multi-segment reads");
            Assert.True(report.PayloadBytes > data.Length, "payload " + report.PayloadBytes + " bytes");
            Assert.Equal(data, report.Echo.Data);
            Assert.Equal(sent.Lines, report.Echo.Lines);
        }

        [Fact]
        public async Task A_server_with_a_newer_message_reads_an_older_client_and_answers_it()
        {
            // The client knows PersonV1; the server's PersonV2 has an Email the client never sends and does not read.
            PersonV1 reply = await _server.Invoker.AsyncUnaryCall(Api.GreetV1, null, new CallOptions(), new PersonV1 { Name = "Ada", Age = 36 });

            Assert.Equal("Hello, Ada", reply.Name);
            Assert.Equal(36, reply.Age);
        }

        [Fact]
        public async Task A_server_with_an_older_message_reads_a_newer_client_and_answers_it()
        {
            // The client sends PersonV2 with an Email; the server's PersonV1 skips it, and its answer reads as a V2 without one.
            PersonV2 reply = await _server.Invoker.AsyncUnaryCall(Api.OlderV2, null, new CallOptions(),
                new PersonV2 { Name = "Grace", Age = 85, Email = "grace@example.org" });

            Assert.Equal("Grace", reply.Name);
            Assert.Equal(86, reply.Age);
            Assert.Null(reply.Email);
        }
    }
}
