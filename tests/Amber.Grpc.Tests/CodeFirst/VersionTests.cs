using System;
using System.Threading.Tasks;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>
    /// Two versions of one contract (same wire name): the second adds a parameter with a default value and a message
    /// member. Clients and servers of either version talk to each other.
    /// </summary>
    [Collection(CodeFirstCollection.Name)]
    public class VersionTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public VersionTests(CodeFirstFixture fixture) => _fixture = fixture;

        [Fact]
        public async Task An_old_client_calls_a_new_server_which_reads_the_missing_parameter_as_its_default()
        {
            V1.IGreeter client = _fixture.Current.CreateAmberClient<V1.IGreeter>();
            V1.Greeting greeting = await client.Greet("Ada", 2).WaitAsync(Timeout);
            Assert.Equal("Hello Ada, Hello Ada!", greeting.Text);

            V1.Greeting repeated = await client.Repeat(new V1.Greeting { Text = "hi" }).WaitAsync(Timeout);
            Assert.Equal("hi", repeated.Text);
        }

        [Fact]
        public async Task A_new_client_calls_an_old_server_which_skips_what_it_does_not_know()
        {
            V2.IGreeter client = _fixture.Old.CreateAmberClient<V2.IGreeter>();
            V2.Greeting greeting = await client.Greet("Ada", 2, "?").WaitAsync(Timeout);
            Assert.Equal("Hello Ada, Hello Ada.", greeting.Text);
            Assert.Equal("unknown", greeting.Language);

            V2.Greeting repeated = await client.Repeat(new V2.Greeting { Text = "hi", Language = "fr" }).WaitAsync(Timeout);
            Assert.Equal("hi", repeated.Text);
            Assert.Equal("unknown", repeated.Language);
        }

        [Fact]
        public async Task A_new_client_and_a_new_server_exchange_every_member()
        {
            V2.IGreeter client = _fixture.Current.CreateAmberClient<V2.IGreeter>();
            V2.Greeting greeting = await client.Greet("Ada", 1, "?").WaitAsync(Timeout);
            Assert.Equal("Hello Ada?", greeting.Text);
            Assert.Equal("en", greeting.Language);

            V2.Greeting repeated = await client.Repeat(new V2.Greeting { Text = "hi", Language = "fr" }).WaitAsync(Timeout);
            Assert.Equal("fr", repeated.Language);
        }
    }
}
