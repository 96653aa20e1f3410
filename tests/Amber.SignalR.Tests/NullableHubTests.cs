using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR.Client;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// Nullable value types declared by a hub or a client (T?), with a value, the default (0, false, default(T)) and
    /// null, in each direction: a value of T? reaches the other side as a boxed T or null, and must be read back as the
    /// same T? whatever its value.
    /// </summary>
    public sealed class NullableHubTests : IClassFixture<ShopServer>
    {
        private static readonly TimeSpan Timeout = ShopServer.Timeout;
        private readonly ShopServer _server;

        public NullableHubTests(ShopServer server) => _server = server;

        public static IEnumerable<object[]> Types() => NullableSamples.Values.Keys.Select(t => new object[] { t.Name });

        private static Type TypeNamed(string name) => NullableSamples.Values.Keys.Single(t => t.Name == name);

        private Task Run(string type, string path)
        {
            var run = (Func<ShopServer, Task>)Delegate.CreateDelegate(typeof(Func<ShopServer, Task>),
                typeof(NullableHubTests).GetMethod(path, System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)!.MakeGenericMethod(TypeNamed(type)));
            return run(_server);
        }

        [Theory]
        [MemberData(nameof(Types))]
        public Task A_parameter_declared_nullable_receives_a_value_the_default_and_null(string type) => Run(type, nameof(Parameter));

        [Theory]
        [MemberData(nameof(Types))]
        public Task A_nullable_result_reaches_the_client_as_a_value_the_default_and_null(string type) => Run(type, nameof(Result));

        [Theory]
        [MemberData(nameof(Types))]
        public Task Nullable_stream_items_reach_the_client_as_sent(string type) => Run(type, nameof(ServerStream));

        [Theory]
        [MemberData(nameof(Types))]
        public Task Nullable_stream_items_reach_the_server_as_sent(string type) => Run(type, nameof(ClientStream));

        [Theory]
        [MemberData(nameof(Types))]
        public Task A_handler_declared_nullable_receives_what_the_server_sends(string type) => Run(type, nameof(Handler));

        [Theory]
        [MemberData(nameof(Types))]
        public Task A_nullable_client_result_reaches_the_server_as_returned(string type) => Run(type, nameof(ClientResult));

        private static async Task<HubConnection> Connect<T>(ShopServer server)
        {
            HubConnection client = server.NullableClient(typeof(T));
            await client.StartAsync().WaitAsync(Timeout);
            return client;
        }

        private static async Task Parameter<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            foreach (string which in NullableSamples.Cases)
            {
                T? sent = NullableSamples.Pick<T>(which);
                Assert.Equal(NullableSamples.Describe(sent), await client.InvokeAsync<string>("Take", sent).WaitAsync(Timeout));
            }
        }

        private static async Task Result<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            foreach (string which in NullableSamples.Cases)
            {
                Assert.Equal(NullableSamples.Pick<T>(which), await client.InvokeAsync<T?>("Give", which).WaitAsync(Timeout));
                Assert.Equal(NullableSamples.Pick<T>(which), await client.InvokeAsync<T?>("GiveLater", which).WaitAsync(Timeout));
            }
        }

        private static async Task ServerStream<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            using var cts = new CancellationTokenSource(Timeout);
            var items = new List<T?>();
            await foreach (T? item in client.StreamAsync<T?>("Items", cts.Token)) items.Add(item);
            Assert.Equal(NullableSamples.Cases.Select(NullableSamples.Pick<T>), items);
        }

        private static async Task ClientStream<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            string seen = await client.InvokeAsync<string>("Upload", Sent<T>()).WaitAsync(Timeout);
            Assert.Equal(NullableSamples.DescribeAll(NullableSamples.Cases.Select(w => (object?)NullableSamples.Pick<T>(w))), seen);
        }

        private static async IAsyncEnumerable<T?> Sent<T>([EnumeratorCancellation] CancellationToken cancellationToken = default) where T : struct
        {
            foreach (string which in NullableSamples.Cases)
            {
                await Task.Yield();
                yield return NullableSamples.Pick<T>(which);
            }
        }

        private static async Task Handler<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            var told = new System.Collections.Concurrent.BlockingCollection<T?>();
            client.On<T?>("Told", v => told.Add(v));
            foreach (string which in NullableSamples.Cases)
            {
                await client.InvokeAsync("Tell", which).WaitAsync(Timeout);
                Assert.True(told.TryTake(out T? got, Timeout), "no message for " + which);
                Assert.Equal(NullableSamples.Pick<T>(which), got);
            }
        }

        private static async Task ClientResult<T>(ShopServer server) where T : struct
        {
            await using HubConnection client = await Connect<T>(server);
            client.On<string, T?>("Answer", which => NullableSamples.Pick<T>(which));
            foreach (string which in NullableSamples.Cases)
                Assert.Equal(NullableSamples.Describe(NullableSamples.Pick<T>(which)), await client.InvokeAsync<string>("Ask", which).WaitAsync(Timeout));
        }

        [Fact]
        public async Task Nullable_parameters_among_others_receive_values_defaults_and_nulls()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            Assert.Equal("a: Int32 42 | Mood Cross | Spot Spot { X = 3, Y = -1.5 } | Decimal 9.99",
                await client.InvokeAsync<string>("Submit", "a", (int?)42, (Mood?)Mood.Cross, (Spot?)new Spot(3, -1.5), (decimal?)9.99m).WaitAsync(Timeout));
            Assert.Equal("b: Int32 0 | Mood Calm | Spot Spot { X = 0, Y = 0 } | Decimal 0",
                await client.InvokeAsync<string>("Submit", "b", (int?)0, (Mood?)Mood.Calm, (Spot?)default(Spot), (decimal?)0m).WaitAsync(Timeout));
            Assert.Equal("c: null | null | null | null",
                await client.InvokeAsync<string>("Submit", "c", (int?)null, (Mood?)null, (Spot?)null, (decimal?)null).WaitAsync(Timeout));
        }

        [Fact]
        public async Task A_nullable_result_of_zero_is_zero_not_null()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            Assert.Equal(0, await client.InvokeAsync<int?>("Half", 0).WaitAsync(Timeout));
            Assert.Equal(42, await client.InvokeAsync<int?>("Half", 84).WaitAsync(Timeout));
            Assert.Null(await client.InvokeAsync<int?>("Half", 3).WaitAsync(Timeout));
        }
    }
}
