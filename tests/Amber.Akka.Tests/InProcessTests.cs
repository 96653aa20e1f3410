using System;
using System.Collections.Generic;
using System.Threading.Channels;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Event;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>
    /// One actor system with <c>akka.actor.serialize-messages = on</c>: every message sent is written and read again by its
    /// serializer before it is delivered, so the bound types go through Amber without a network.
    /// </summary>
    public sealed class InProcessTests
    {
        private const string SerializeMessages = @"
akka.actor.serialize-messages = on
akka.actor.serialization-settings.amber { max-collection-length = 3 }
akka.actor.serialization-bindings { ""Amber.Akka.Tests.Gauge, Amber.Akka.Tests"" = amber }
";

        /// <summary>A system, a <see cref="Catcher"/> already running (its first message delivered), and the next error about serialization.</summary>
        private sealed class Harness : IAsyncDisposable
        {
            private readonly Channel<object> _caught = Channel.CreateUnbounded<object>();

            private Harness(string name)
            {
                System = TestConfig.Start(name, SerializeMessages);
                System.EventStream.Subscribe(System.ActorOf(Props.Create(() => new ErrorListener(Error))), typeof(Error));
                Catcher = System.ActorOf(Props.Create(() => new Catcher(_caught.Writer)));
            }

            public ActorSystem System { get; }
            public IActorRef Catcher { get; }
            public TaskCompletionSource<Error> Error { get; } = new TaskCompletionSource<Error>(TaskCreationOptions.RunContinuationsAsynchronously);

            public static async Task<Harness> Start(string name)
            {
                var harness = new Harness(name);
                // Akka reports a failed send well only to an actor that has started: deliver one message first.
                harness.Catcher.Tell(BurstItem.Make(0));
                Assert.Equal(0, Assert.IsType<BurstItem>(await harness.Next()).Seq);
                return harness;
            }

            public Task<object> Next() => _caught.Reader.ReadAsync().AsTask().Bounded();

            public async ValueTask DisposeAsync() => await TestConfig.Stop(System);
        }

        [Fact]
        public async Task A_message_is_delivered_as_the_copy_Amber_read_back()
        {
            await using Harness h = await Harness.Start("local");
            Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(BurstItem.Make(0)));
            var sent = new PlaceOrder("o-1", new List<OrderLine> { new OrderLine("fig", 7, 2.5m) }, new Dictionary<string, string> { ["k"] = "v" });

            h.Catcher.Tell(sent);

            var received = Assert.IsType<PlaceOrder>(await h.Next());
            Assert.NotSame(sent, received);
            Assert.NotSame(sent.Lines, received.Lines);
            Assert.Equal("o-1", received.OrderId);
            Assert.Equal(sent.Lines, received.Lines);
            Assert.Equal(sent.Notes, received.Notes);
        }

        [Fact]
        public async Task A_struct_message_held_as_a_nullable_is_delivered_as_its_value()
        {
            // Tell takes an object: a T? is boxed as its T (Akka refuses a null message), which the generator serves because
            // the call names T? (Gauge implements no served interface that would make it known otherwise); the default is a
            // value like any other.
            await using Harness h = await Harness.Start("nullable");
            foreach (Reading? sent in new Reading?[] { new Reading(3, -1.5), default(Reading) })
            {
                h.Catcher.Tell(sent);
                Assert.Equal(sent, Assert.IsType<Reading>(await h.Next()));
            }
            foreach (Gauge? sent in new Gauge?[] { new Gauge(4, 2.5), default(Gauge) })
            {
                object boxed = sent!;
                var amber = Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(boxed));
                Assert.Equal("Amber.Akka.Tests.Gauge", amber.Manifest(boxed));
                Assert.Equal(sent, amber.FromBinary(amber.ToBinary(boxed), amber.Manifest(boxed)));
                h.Catcher.Tell(sent);
                Assert.Equal(sent, Assert.IsType<Gauge>(await h.Next()));
            }
        }

        [Fact]
        public async Task A_message_sent_as_its_interface_is_served_as_its_own_type()
        {
            await using Harness h = await Harness.Start("interface");
            // Code names only INotice where Akka takes the message: Amber serves Notice, its implementation, as a root too.
            INotice notice = new Notice("low disk", 2);
            var serializer = Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(notice));
            Assert.Equal("Amber.Akka.Tests.Notice", serializer.Manifest(notice));

            h.Catcher.Tell(notice);

            var received = Assert.IsType<Notice>(await h.Next());
            Assert.NotSame(notice, received);
            Assert.Equal(notice, received);
        }

        [Fact]
        public async Task A_message_Amber_knows_only_inside_another_goes_as_a_tagged_payload()
        {
            await using Harness h = await Harness.Start("tagged");
            h.Catcher.Tell(new Mail("report", new Attachment("a.pdf", 10)));
            Assert.IsType<Mail>(await h.Next());

            // Attachment has a codec (a Mail's member holds one) but no formatter: sent on its own, it is tagged.
            object attachment = new Attachment("b.pdf", 20);
            var serializer = Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(attachment));
            Assert.False(AmberFormatterRegistry.IsRegistered(typeof(Attachment)));
            Assert.Equal("*Amber.Akka.Tests.Attachment", serializer.Manifest(attachment));

            h.Catcher.Tell(attachment);

            Assert.Equal(attachment, Assert.IsType<Attachment>(await h.Next()));

            // The manifest and the bytes must agree: a tagged payload of another type is refused.
            byte[] bytes = serializer.ToBinary(attachment);
            var ex = Assert.Throws<AmberAkkaException>(() => serializer.FromBinary(bytes, "*Amber.Akka.Tests.Notice"));
            Assert.Contains("not the type its manifest names", ex.Message);
        }

        [Fact]
        public async Task The_options_of_the_HOCON_section_guard_every_delivery()
        {
            await using Harness h = await Harness.Start("limits");
            var serializer = Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(BurstItem.Make(0)));
            Assert.Equal(3, serializer.Options.MaxCollectionLength);

            // Four values: one past the limit, so reading the copy fails and the message is not delivered.
            h.Catcher.Tell(new BurstItem(1, "too long", new long[] { 1, 2, 3, 4 }));
            AmberException amber = FindAmberException((await h.Error.Task.Bounded()).Cause);
            Assert.Contains("Akka manifest 'Amber.Akka.Tests.BurstItem'", amber.Message);
            Assert.Contains("MaxCollectionLength", amber.Message);

            // Within the limit, the next message is delivered, and it is the first since the one that failed.
            h.Catcher.Tell(new BurstItem(2, "fits", new long[] { 1, 2, 3 }));
            Assert.Equal(2, Assert.IsType<BurstItem>(await h.Next()).Seq);
        }

        [Fact]
        public async Task A_bound_type_without_an_Amber_formatter_fails_naming_the_type_and_the_fix()
        {
            await using Harness h = await Harness.Start("unserved");
            // Held as object: the tests name Unserved nowhere the generator looks, so Amber has no formatter for it.
            object message = new Unserved { Name = "x" };
            var serializer = Assert.IsType<AmberAkkaSerializer>(h.System.Serialization.FindSerializerFor(message));

            AssertNamesTypeAndFix(Assert.ThrowsAny<AmberException>(() => serializer.ToBinary(message)).Message);
            AssertNamesTypeAndFix(Assert.ThrowsAny<AmberException>(() => serializer.Manifest(message)).Message);

            // Sent to an actor, Akka reports the same failure on its event stream and does not deliver the message.
            h.Catcher.Tell(message);
            AssertNamesTypeAndFix(FindAmberException((await h.Error.Task.Bounded()).Cause).Message);
            h.Catcher.Tell(BurstItem.Make(5));
            Assert.Equal(5, Assert.IsType<BurstItem>(await h.Next()).Seq);

            static void AssertNamesTypeAndFix(string text)
            {
                Assert.Contains("Amber.Akka.Tests.Unserved", text);
                Assert.Contains("[AmberRoot]", text);
                Assert.Contains("[assembly: Amber.AmberSerializable(typeof(Unserved))]", text);
            }
        }

        internal static AmberException FindAmberException(Exception? cause)
        {
            for (Exception? e = cause; e != null; e = e.InnerException)
            {
                if (e is AmberException amber) return amber;
            }
            throw new Xunit.Sdk.XunitException("No AmberException in the chain of the published error: " + cause);
        }
    }
}
