using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>The real .NET client against the real server, over the real transports, with the 'amber' protocol.</summary>
    public sealed class HubTests : IClassFixture<ShopServer>
    {
        private static readonly TimeSpan Timeout = ShopServer.Timeout;
        private readonly ShopServer _server;

        public HubTests(ShopServer server) => _server = server;

        [Theory]
        [InlineData(HttpTransportType.WebSockets)]
        [InlineData(HttpTransportType.LongPolling)]
        public async Task An_invocation_carries_a_record_a_class_with_a_list_and_a_polymorphic_base_and_returns_a_result(HttpTransportType transport)
        {
            await using HubConnection client = _server.Client(transport);
            await client.StartAsync().WaitAsync(Timeout);

            var basket = new Basket { Owner = "ada", Items = { new Point(1, 2), new Point(3, 4), new Point(5, 6) } };
            Summary summary = await client.InvokeAsync<Summary>("Describe", new Point(7, 8), basket, new Circle { Label = "c", Radius = 2.5 }).WaitAsync(Timeout);
            Assert.Equal(new Summary("ada", 3, "Circle:c", 2.5, 7), summary);

            summary = await client.InvokeAsync<Summary>("Describe", new Point(-1, 0), new Basket { Owner = "bo" }, new Square { Label = "s", Side = 4 }).WaitAsync(Timeout);
            Assert.Equal(new Summary("bo", 0, "Square:s", 4, -1), summary);
        }

        [Fact]
        public async Task The_server_streams_items_to_the_client()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            using var cts = new CancellationTokenSource(Timeout);
            var points = new List<Point>();
            await foreach (Point p in client.StreamAsync<Point>("Walk", 5, cts.Token)) points.Add(p);
            Assert.Equal(Enumerable.Range(0, 5).Select(i => new Point(i, i * i)), points);
        }

        [Fact]
        public async Task The_client_streams_items_to_the_server()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            int sum = await client.InvokeAsync<int>("Sum", Points(4)).WaitAsync(Timeout);
            Assert.Equal((0 * 10 + 1) + (1 * 10 + 2) + (2 * 10 + 3) + (3 * 10 + 4), sum);
        }

        private static async IAsyncEnumerable<Point> Points(int count, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            for (int i = 0; i < count; i++)
            {
                await Task.Yield();
                yield return new Point(i, i + 1);
            }
        }

        [Fact]
        public async Task A_group_message_reaches_only_the_groups_members()
        {
            await using HubConnection member = _server.Client();
            await using HubConnection outsider = _server.Client();
            var memberGot = new TaskCompletionSource<Note>(TaskCreationOptions.RunContinuationsAsynchronously);
            var outsiderGot = new List<Note>();
            member.On<Note>("Note", n => memberGot.TrySetResult(n));
            outsider.On<Note>("Note", n => { lock (outsiderGot) outsiderGot.Add(n); });
            await Task.WhenAll(member.StartAsync(), outsider.StartAsync()).WaitAsync(Timeout);
            await member.InvokeAsync("Join", "readers").WaitAsync(Timeout);
            await outsider.InvokeAsync("Join", "writers").WaitAsync(Timeout);

            await outsider.InvokeAsync("Post", "readers", "chapter 1").WaitAsync(Timeout);
            Assert.Equal(new Note("readers", "chapter 1"), await memberGot.Task.WaitAsync(Timeout));

            // The outsider's own group gets a message after the readers' one; once it arrived, the readers' one would have too.
            var outsiderOwn = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            outsider.On<Note>("Note", n => { if (n.Group == "writers") outsiderOwn.TrySetResult(true); });
            await member.InvokeAsync("Post", "writers", "draft").WaitAsync(Timeout);
            await outsiderOwn.Task.WaitAsync(Timeout);
            lock (outsiderGot) Assert.Equal(new[] { new Note("writers", "draft") }, outsiderGot);
        }

        [Fact]
        public async Task A_client_on_the_first_version_of_a_type_calls_a_hub_on_the_second()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            string greeting = await client.InvokeAsync<string>("Greet", new ProfileV1 { Name = "ada" }).WaitAsync(Timeout);
            Assert.Equal("Hello ada <no email>", greeting);
        }

        [Fact]
        public async Task An_argument_that_does_not_bind_fails_that_invocation_and_the_connection_goes_on()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            HubException failure = await Assert.ThrowsAsync<HubException>(() => client.InvokeAsync<int>("Add", "one", 2).WaitAsync(Timeout));
            Assert.Contains("argument 1 of 'Add'", failure.Message);
            Assert.Equal(HubConnectionState.Connected, client.State);
            Assert.Equal(5, await client.InvokeAsync<int>("Add", 2, 3).WaitAsync(Timeout));
        }
    }
}
