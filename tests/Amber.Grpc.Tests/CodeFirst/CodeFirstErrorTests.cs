using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Grpc.Core;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>Failures as gRPC statuses, failing request streams, and set-up mistakes named with their fix.</summary>
    [Collection(CodeFirstCollection.Name)]
    public class CodeFirstErrorTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public CodeFirstErrorTests(CodeFirstFixture fixture) => _fixture = fixture;

        private ICalculator Client => _fixture.Current.CreateAmberClient<ICalculator>();

        [Fact]
        public async Task An_RpcException_thrown_by_the_service_reaches_the_client_with_its_status()
        {
            Order found = await Client.Find(1).WaitAsync(Timeout);
            Assert.Equal("Ada", found.Customer);

            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => Client.Find(2).WaitAsync(Timeout));
            Assert.Equal(StatusCode.NotFound, ex.StatusCode);
            Assert.Equal("No order 2.", ex.Status.Detail);
        }

        [Fact]
        public async Task A_service_that_gives_up_by_cancellation_ends_the_call_as_Cancelled()
        {
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => Client.GiveUp().WaitAsync(Timeout));
            Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
        }

        [Fact]
        public async Task An_unreadable_request_is_InvalidArgument_with_Amber_message()
        {
            // Bytes that are no Amber payload, sent to the contract's method path by a raw client.
            var raw = new Method<byte[], byte[]>(MethodType.Unary, "Amber.Grpc.Tests.CodeFirst.Calculator", "Place",
                Marshallers.Create(b => b, b => b), Marshallers.Create(b => b, b => b));
            CallInvoker invoker = _fixture.Current.CreateCallInvoker();
            RpcException ex = await Assert.ThrowsAsync<RpcException>(async () =>
                await invoker.AsyncUnaryCall(raw, null, new CallOptions(), new byte[] { 0xFF, 0x00, 0x13, 0x37, 0x42 }).ResponseAsync.WaitAsync(Timeout));
            Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
            Assert.StartsWith("Amber could not read the message: ", ex.Status.Detail);
        }

        [Fact]
        public async Task A_client_stream_that_throws_cancels_the_call_and_is_its_error()
        {
            var source = new InvalidOperationException("The part list is broken.");
            InvalidOperationException ex = await Assert.ThrowsAsync<InvalidOperationException>(() => Client.Upload(PartsThenThrow(2, source)).WaitAsync(Timeout));
            Assert.Same(source, ex);
        }

        [Fact]
        public async Task A_duplex_request_stream_that_throws_cancels_the_call_and_is_its_error()
        {
            var source = new InvalidOperationException("The message source is broken.");
            var answers = new List<string>();
            InvalidOperationException ex = await Assert.ThrowsAsync<InvalidOperationException>(async () =>
            {
                await foreach (Echo answer in Client.Chat(EchoesThenThrow(source)).WithCancellation(new CancellationTokenSource(Timeout).Token))
                {
                    answers.Add(answer.Text);
                }
            });
            Assert.Same(source, ex);
            Assert.DoesNotContain("NEVER", answers);
        }

        [Fact]
        public void A_client_of_a_contract_with_no_generated_service_fails_naming_the_fix()
        {
            AmberException ex = Assert.Throws<AmberException>(() => MakeClient<INotGenerated>(_fixture.Current));
            Assert.Contains("INotGenerated", ex.Message);
            Assert.Contains("[AmberService]", ex.Fix);
        }

        [Fact]
        public async Task Mapping_a_class_that_implements_no_contract_fails_naming_the_fix()
        {
            await using WebApplication app = Build(amber: true);
            AmberException ex = Assert.Throws<AmberException>(() => Map<NoContractService>(app));
            Assert.Contains(typeof(NoContractService).FullName!, ex.Message);
            Assert.Contains("interface", ex.Fix);
        }

        [Fact]
        public async Task Mapping_without_AddAmberGrpc_fails_naming_the_fix()
        {
            await using WebApplication app = Build(amber: false);
            AmberException ex = Assert.Throws<AmberException>(() => app.MapAmberGrpcService<CalculatorService>());
            Assert.Contains("AddAmberGrpc", ex.Fix);
        }

        [Fact]
        public async Task The_options_given_to_AddAmberGrpc_guard_every_request_and_a_second_call_keeps_them()
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder();
            builder.WebHost.UseTestServer();
            builder.Logging.ClearProviders();
            builder.Services.AddAmberGrpc(new AmberOptions { MaxStringLength = 16 });
            builder.Services.AddAmberGrpc();
            await using WebApplication app = builder.Build();
            app.MapAmberGrpcService<CalculatorService>();
            await app.StartAsync().WaitAsync(Timeout);
            TestServer server = app.GetTestServer();
            using GrpcChannel channel = GrpcChannel.ForAddress(server.BaseAddress, new GrpcChannelOptions { HttpHandler = server.CreateHandler() });
            ICalculator client = channel.CreateAmberClient<ICalculator>();

            Assert.Equal(5, await client.Count("short").AsTask().WaitAsync(Timeout));
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => client.Count(new string('x', 100)).AsTask().WaitAsync(Timeout));
            Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
            Assert.Contains("MaxStringLength", ex.Status.Detail);
        }

        [Fact]
        public async Task The_options_given_to_the_client_guard_every_response()
        {
            ICalculator client = _fixture.Current.CreateAmberClient<ICalculator>(new AmberOptions { MaxStringLength = 32 });
            Assert.Equal("Ada|1||False|none|0", await client.Describe("Ada", 1, Array.Empty<double>(), false, null).WaitAsync(Timeout));
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => client.Describe(new string('x', 100), 1, Array.Empty<double>(), false, null).WaitAsync(Timeout));
            Assert.Equal(StatusCode.Internal, ex.StatusCode);
            Assert.Contains("MaxStringLength", ex.Status.Detail);
        }

        // Generic helpers: the type arguments reach the calls through an unmarked type parameter, so the generator
        // writes nothing for them (as for a contract it cannot see).
        private static T MakeClient<T>(GrpcChannel channel) where T : class => channel.CreateAmberClient<T>();

        private static void Map<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.NonPublicMethods)] T>(IEndpointRouteBuilder endpoints)
            where T : class => endpoints.MapAmberGrpcService<T>();

        private static WebApplication Build(bool amber)
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder();
            builder.WebHost.UseTestServer();
            builder.Logging.ClearProviders();
            if (amber) builder.Services.AddAmberGrpc();
            else builder.Services.AddGrpc();
            return builder.Build();
        }

        private static async IAsyncEnumerable<Part> PartsThenThrow(int count, Exception error)
        {
            for (int i = 1; i <= count; i++)
            {
                await Task.Yield();
                yield return new Part { Name = "part-" + i, Quantity = i };
            }
            throw error;
        }

        private static async IAsyncEnumerable<Echo> EchoesThenThrow(Exception error)
        {
            await Task.Yield();
            yield return new Echo { Text = "first", Seq = 1 };
            throw error;
        }
    }
}
