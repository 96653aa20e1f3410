using System;
using System.Buffers;
using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>Hub parameters, results and client handlers declared as an interface, over Kestrel with the real client.</summary>
    public sealed class InterfaceTests : IClassFixture<ShopServer>
    {
        private static readonly TimeSpan Timeout = ShopServer.Timeout;
        private readonly ShopServer _server;

        public InterfaceTests(ShopServer server) => _server = server;

        [Fact]
        public async Task A_parameter_declared_as_an_interface_receives_each_implementation()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            Assert.Equal("knight ada armor 3", await client.InvokeAsync<string>("Introduce", new Knight { Name = "ada", Armor = 3 }).WaitAsync(Timeout));
            Assert.Equal("archer bo arrows 12", await client.InvokeAsync<string>("Introduce", new Archer("bo", 12)).WaitAsync(Timeout));
        }

        [Fact]
        public async Task A_result_and_a_handler_declared_as_an_interface_read_the_concrete_type()
        {
            await using HubConnection client = _server.Client();
            var joined = new TaskCompletionSource<IPlayer>(TaskCreationOptions.RunContinuationsAsynchronously);
            client.On<IPlayer>("Joined", p => joined.TrySetResult(p));
            await client.StartAsync().WaitAsync(Timeout);

            IPlayer promoted = await client.InvokeAsync<IPlayer>("Promote", new Knight { Name = "ada", Armor = 3 }).WaitAsync(Timeout);
            Knight knight = Assert.IsType<Knight>(promoted);
            Assert.Equal(("sir ada", 4), (knight.Name, knight.Armor));

            await client.InvokeAsync("Announce", new Archer("bo", 7)).WaitAsync(Timeout);
            Assert.Equal(new Archer("bo", 7), Assert.IsType<Archer>(await joined.Task.WaitAsync(Timeout)));
        }

        [Fact]
        public async Task A_parameter_declared_as_the_class_reads_a_value_that_carries_its_tag()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            Assert.Equal(9, await client.InvokeAsync<int>("Armor", new Knight { Name = "ada", Armor = 9 }).WaitAsync(Timeout));
        }

        [Fact]
        public async Task A_member_list_of_an_interface_keeps_each_items_type()
        {
            await using HubConnection client = _server.Client();
            await client.StartAsync().WaitAsync(Timeout);
            var team = new Team("red", new List<IPlayer> { new Knight { Name = "ada", Armor = 1 }, new Archer("bo", 2) });
            Assert.Equal("red: Knight ada, Archer bo", await client.InvokeAsync<string>("Roster", team).WaitAsync(Timeout));
        }

        /// <summary>A binder whose method "Introduce" takes an IPlayer.</summary>
        private sealed class PlayerBinder : IInvocationBinder
        {
            public IReadOnlyList<Type> GetParameterTypes(string methodName) => new[] { typeof(IPlayer) };

            public Type GetReturnType(string invocationId) => typeof(IPlayer);

            public Type GetStreamItemType(string streamId) => typeof(IPlayer);
        }

        [Fact]
        public void A_class_with_an_interface_is_written_with_its_tag_and_a_record_without_one_is_not()
        {
            var protocol = new AmberHubProtocol();
            byte[] frame = protocol.GetMessageBytes(new InvocationMessage("1", "Introduce", new object?[] { new Archer("bo", 12) })).ToArray();
            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(protocol.TryParseMessage(ref input, new PlayerBinder(), out HubMessage? message));
            Assert.Equal(new Archer("bo", 12), Assert.IsType<InvocationMessage>(message).Arguments[0]);

            // The stream item's payload (after length, kind, no headers, id "s", the value's length): an Archer is written where
            // object is declared, so with its type's tag; a Point implements only IEquatable<Point> and is written as itself.
            Assert.Equal(AmberSerializer.Serialize<object>(new Archer("b", 1)), ItemPayload(protocol, new Archer("b", 1)));
            Assert.NotEqual(AmberSerializer.Serialize(new Archer("b", 1)), ItemPayload(protocol, new Archer("b", 1)));
            Assert.Equal(AmberSerializer.Serialize(new Point(1, 1)), ItemPayload(protocol, new Point(1, 1)));
        }

        [Fact]
        public void A_struct_sent_where_an_interface_is_declared_fails_its_invocation_saying_what_to_send()
        {
            var protocol = new AmberHubProtocol();
            byte[] frame = protocol.GetMessageBytes(new InvocationMessage("1", "Introduce", new object?[] { new Squire { Name = "cy" } })).ToArray();
            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(protocol.TryParseMessage(ref input, new PlayerBinder(), out HubMessage? message));
            string error = Assert.IsType<InvocationBindingFailureMessage>(message).BindingFailure.SourceException.Message;
            Assert.Contains("argument 1 of 'Introduce' could not be read as Amber.SignalR.Tests.IPlayer", error);
            Assert.Contains("A value sent where IPlayer is declared must carry its type's tag", error);
            AmberException inner = Assert.IsType<AmberException>(Assert.IsType<AmberException>(((InvocationBindingFailureMessage)message!).BindingFailure.SourceException).InnerException);
            Assert.Single(System.Text.RegularExpressions.Regex.Matches(error, System.Text.RegularExpressions.Regex.Escape(inner.Fix!)));
        }

        private static byte[] ItemPayload(AmberHubProtocol protocol, object item)
        {
            byte[] frame = protocol.GetMessageBytes(new StreamItemMessage("s", item)).ToArray();
            Assert.Equal(frame.Length - 6 + 1, frame[5]);
            return frame[6..];
        }
    }
}
