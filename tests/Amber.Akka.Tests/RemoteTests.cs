using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Event;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>Two actor systems on loopback, one serving and one calling, with Akka.Remote between them.</summary>
    public sealed class RemotePair : IAsyncLifetime
    {
        private const string Remote = @"
akka.actor.provider = remote
akka.remote.dot-netty.tcp { hostname = 127.0.0.1, port = 0 }
";

        public ActorSystem Server { get; private set; } = null!;
        public ActorSystem Client { get; private set; } = null!;
        public Address ServerAddress { get; private set; } = null!;

        public Task InitializeAsync()
        {
            // The server reads with a limit: at most 1,000 entries in one collection.
            Server = TestConfig.Start("server", Remote + "akka.actor.serialization-settings.amber { max-collection-length = 1000 }\n");
            Client = TestConfig.Start("client", Remote);
            ServerAddress = ((ExtendedActorSystem)Server).Provider.DefaultAddress;
            Server.ActorOf(Props.Create(() => new OrderHandler()), "orders");
            return Task.CompletedTask;
        }

        public async Task DisposeAsync()
        {
            await TestConfig.Stop(Client);
            await TestConfig.Stop(Server);
        }

        public Task<IActorRef> ResolveOnServer(string name) =>
            Client.ActorSelection(new RootActorPath(ServerAddress) / "user" / name).ResolveOne(TestConfig.Timeout);
    }

    public sealed class RemoteTests : IClassFixture<RemotePair>
    {
        private readonly RemotePair _pair;

        public RemoteTests(RemotePair pair) => _pair = pair;

        [Fact]
        public void Both_systems_choose_Amber_for_the_bound_message_types()
        {
            object[] messages =
            {
                new PlaceOrder("o", new List<OrderLine>(), new Dictionary<string, string>()),
                new OrderAccepted("o", 0, 0m, ""),
                BurstItem.Make(1),
                new BurstReport(0, 0, -1),
            };
            foreach (ActorSystem system in new[] { _pair.Server, _pair.Client })
            {
                foreach (object message in messages)
                {
                    var serializer = Assert.IsType<AmberAkkaSerializer>(system.Serialization.FindSerializerFor(message));
                    Assert.Equal(AmberAkkaSerializer.SerializerIdentifier, serializer.Identifier);
                }
            }
            // The server really is another system, reached over TCP.
            Assert.Equal("akka.tcp", _pair.ServerAddress.Protocol);
            Assert.True(_pair.ServerAddress.Port > 0);
        }

        [Fact]
        public async Task A_request_and_its_reply_cross_the_network()
        {
            IActorRef orders = await _pair.ResolveOnServer("orders");
            var order = new PlaceOrder("order-17",
                new List<OrderLine> { new OrderLine("apple", 3, 0.5m), new OrderLine("pear", 2, 1.25m) },
                new Dictionary<string, string> { ["gift"] = "yes", ["note"] = "ring twice ✓" });

            OrderAccepted accepted = await orders.Ask<OrderAccepted>(order, TestConfig.Timeout);

            Assert.Equal("order-17", accepted.OrderId);
            Assert.Equal(2, accepted.LineCount);
            Assert.Equal(4.0m, accepted.Total);
            Assert.Equal("server", accepted.HandledBy);   // answered by the other system, not locally

            Greeting echoed = await orders.Ask<Greeting>(new Greeting("hello", new Dictionary<string, int> { ["a"] = 1, ["b"] = 21 }), TestConfig.Timeout);
            Assert.Equal("hello back", echoed.Text);
            Assert.Equal(new Dictionary<string, int> { ["a"] = 2, ["b"] = 42 }, echoed.Counts);
        }

        [Fact]
        public async Task A_burst_of_ten_thousand_messages_arrives_whole_and_in_order()
        {
            const int Count = 10_000;
            _pair.Server.ActorOf(Props.Create(() => new BurstCollector(Count)), "burst");
            IActorRef collector = await _pair.ResolveOnServer("burst");
            var done = new TaskCompletionSource<BurstReport>(TaskCreationOptions.RunContinuationsAsynchronously);
            IActorRef reportTo = _pair.Client.ActorOf(Props.Create(() => new Completer<BurstReport>(done)));

            for (int i = 0; i < Count; i++) collector.Tell(BurstItem.Make(i), reportTo);

            BurstReport report = await done.Task.Bounded();
            Assert.Equal(Count, report.Received);
            Assert.Equal(Count, report.Intact);
            Assert.Equal(-1, report.FirstBadSeq);
        }

        [Fact]
        public async Task A_message_the_server_refuses_to_read_is_dropped_and_the_connection_keeps_working()
        {
            IActorRef orders = await _pair.ResolveOnServer("orders");
            var refused = new TaskCompletionSource<Greeting>(TaskCreationOptions.RunContinuationsAsynchronously);
            IActorRef replyTo = _pair.Client.ActorOf(Props.Create(() => new Completer<Greeting>(refused)));
            var refusal = new TaskCompletionSource<Warning>(TaskCreationOptions.RunContinuationsAsynchronously);
            _pair.Server.EventStream.Subscribe(_pair.Server.ActorOf(Props.Create(() => new RefusalListener(refusal))), typeof(Warning));
            var tooMany = new Greeting("big", new Dictionary<string, int>());
            for (int i = 0; i < 1001; i++) tooMany.Counts["k" + i] = i;

            orders.Tell(tooMany, replyTo);   // written by the client (no limit), refused by the server's reader

            var cause = Assert.IsType<AmberAkkaException>((await refusal.Task.Bounded()).Cause);
            Assert.Equal("Amber.Akka.Tests.Greeting", cause.Manifest);
            Assert.Contains("MaxCollectionLength", cause.Message);
            Greeting fine = await orders.Ask<Greeting>(new Greeting("small", new Dictionary<string, int> { ["k"] = 1 }), TestConfig.Timeout);

            Assert.Equal("small back", fine.Text);
            Assert.False(refused.Task.IsCompleted);   // the refused message got no reply: it never reached the actor
        }
    }
}
