using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Configuration;
using Akka.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>Amber bound with one Akka.Hosting call in a generic host, no HOCON binding.</summary>
    public sealed class HostingTests
    {
        [Fact]
        public async Task WithAmberSerializer_binds_the_types_and_the_options_in_a_hosted_actor_system()
        {
            var limits = new AmberOptions { MaxCollectionLength = 2 };
            using IHost host = new HostBuilder()
                .ConfigureServices(services => services.AddAkka("hosted", builder => builder
                    .AddHocon(ConfigurationFactory.ParseString("akka.actor.serialize-messages = on\n" + TestConfig.Quiet), HoconAddMode.Prepend)
                    .WithAmberSerializer(typeof(IShopMessage), limits)
                    .WithActors((system, registry) => registry.Register<OrderHandler>(system.ActorOf(Props.Create(() => new OrderHandler()), "orders")))))
                .Build();
            await host.StartAsync().WaitAsync(TestConfig.Timeout);
            try
            {
                ActorSystem system = host.Services.GetRequiredService<ActorSystem>();
                var serializer = Assert.IsType<AmberAkkaSerializer>(system.Serialization.FindSerializerFor(new Greeting("", new Dictionary<string, int>())));
                Assert.Same(limits, serializer.Options);
                Assert.Equal(AmberAkkaSerializer.SerializerIdentifier, serializer.Identifier);

                // serialize-messages: the request and the reply are written and read by Amber on the way.
                IActorRef orders = await host.Services.GetRequiredService<ActorRegistry>().GetAsync<OrderHandler>().WaitAsync(TestConfig.Timeout);
                Greeting reply = await orders.Ask<Greeting>(new Greeting("hosted", new Dictionary<string, int> { ["n"] = 5 }), TestConfig.Timeout);
                Assert.Equal("hosted back", reply.Text);
                Assert.Equal(10, reply.Counts["n"]);

                // The options are the ones given: three entries are one past the limit.
                var tooMany = new Greeting("x", new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3 });
                byte[] bytes = serializer.ToBinary(tooMany);
                Assert.Throws<AmberAkkaException>(() => serializer.FromBinary(bytes, serializer.Manifest(tooMany)));
            }
            finally
            {
                await host.StopAsync().WaitAsync(TestConfig.Timeout);
            }
        }

        [Fact]
        public async Task WithAmberSerializer_without_options_takes_those_of_the_HOCON_section()
        {
            using IHost host = new HostBuilder()
                .ConfigureServices(services => services.AddAkka("hosted-hocon", builder => builder
                    .AddHocon(ConfigurationFactory.ParseString("akka.actor.serialization-settings.amber { max-collection-length = 2 }\n" + TestConfig.Quiet), HoconAddMode.Prepend)
                    .WithAmberSerializer(typeof(IShopMessage))))
                .Build();
            await host.StartAsync().WaitAsync(TestConfig.Timeout);
            try
            {
                ActorSystem system = host.Services.GetRequiredService<ActorSystem>();
                var serializer = Assert.IsType<AmberAkkaSerializer>(system.Serialization.FindSerializerFor(new Greeting("", new Dictionary<string, int>())));
                Assert.Equal(2, serializer.Options.MaxCollectionLength);
            }
            finally
            {
                await host.StopAsync().WaitAsync(TestConfig.Timeout);
            }
        }

        [Fact]
        public void WithAmberSerializer_refuses_to_bind_System_Object_and_an_empty_list()
        {
            var builder = new AkkaConfigurationBuilder(new ServiceCollection(), "refused");
            var ex = Assert.Throws<ArgumentException>(() => builder.WithAmberSerializer(typeof(object)));
            Assert.Contains("marker interface", ex.Message);
            Assert.Throws<ArgumentException>(() => builder.WithAmberSerializer(Array.Empty<Type>()));
        }
    }
}
