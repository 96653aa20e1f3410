using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>The counter's streaming method as a code-first contract, served by a server bound with <see cref="AmberGrpc.Method{TRequest, TResponse}(Grpc.Core.MethodType, string, string, AmberOptions)"/>.</summary>
    [AmberService(Name = "amber.test.Counter")]
    public interface ICounter
    {
        IAsyncEnumerable<Item> Count(CountRequest request);
    }

    /// <summary>
    /// An Amber client asks for shapes once per call; a server that does not know the request header (one bound by hand,
    /// or of an older Amber) answers with a payload per message, and the client reads those as well.
    /// </summary>
    [Collection(GrpcServerCollection.Name)]
    public class StreamShapeCompatibilityTests
    {
        private readonly GrpcServerFixture _server;

        public StreamShapeCompatibilityTests(GrpcServerFixture server) => _server = server;

        [Fact]
        public async Task A_code_first_client_reads_the_payloads_of_a_server_that_ignores_its_request_header()
        {
            ICounter client = _server.Invoker.CreateAmberClient<ICounter>();
            var items = new List<Item>();
            await foreach (Item item in client.Count(new CountRequest { Count = 12, Prefix = "n" }).WithCancellation(new CancellationTokenSource(TimeSpan.FromSeconds(20)).Token))
            {
                items.Add(item);
            }
            Assert.Equal(Enumerable.Range(0, 12), items.Select(i => i.Index));
            Assert.Equal(Enumerable.Range(0, 12).Select(i => "n" + i), items.Select(i => i.Text));
        }
    }
}
