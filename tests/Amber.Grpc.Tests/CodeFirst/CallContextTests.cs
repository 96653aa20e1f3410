using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Grpc.Core;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>What a call carries besides its data: headers, deadline and cancellation, from CallOptions to ServerCallContext.</summary>
    [Collection(CodeFirstCollection.Name)]
    public class CallContextTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public CallContextTests(CodeFirstFixture fixture) => _fixture = fixture;

        private ICalculator Client => _fixture.Current.CreateAmberClient<ICalculator>();

        [Fact]
        public async Task Request_headers_and_deadline_of_the_CallOptions_reach_the_ServerCallContext()
        {
            var options = new CallOptions(new global::Grpc.Core.Metadata { { "tenant", "acme" } }, DateTime.UtcNow.AddMinutes(1));
            CallInfo info = await Client.Inspect(options.ToAmberCallContext()).WaitAsync(Timeout);
            Assert.Equal("acme", info.Tenant);
            Assert.True(info.HasDeadline);
            Assert.Equal("/Amber.Grpc.Tests.CodeFirst.Calculator/Inspect", info.Method);
        }

        [Fact]
        public async Task A_default_context_sends_no_headers_and_no_deadline()
        {
            CallInfo info = await Client.Inspect().WaitAsync(Timeout);
            Assert.Null(info.Tenant);
            Assert.False(info.HasDeadline);
        }

        [Fact]
        public async Task A_context_made_from_parts_carries_its_headers_alongside_a_message()
        {
            AmberCallContext context = AmberGrpcCallContext.Create(new global::Grpc.Core.Metadata { { "note", "gift wrap" } });
            Receipt receipt = await Client.Place(new Order { Customer = "Ada" }, context).WaitAsync(Timeout);
            Assert.Equal("gift wrap", receipt.Note);
        }

        [Fact]
        public async Task The_deadline_of_the_CallOptions_is_the_served_call_s_deadline()
        {
            // gRPC sends the time left (grpc-timeout), so the server's deadline is the client's to within the transit time.
            DateTime deadline = DateTime.UtcNow.AddMinutes(10);
            CallInfo info = await Client.Inspect(AmberGrpcCallContext.Create(deadline: deadline)).WaitAsync(Timeout);
            Assert.True(info.HasDeadline);
            Assert.InRange(info.Deadline, deadline.AddMinutes(-1), deadline.AddMinutes(1));
        }

        [Fact]
        public async Task A_cancelled_token_cancels_a_unary_call_in_flight()
        {
            using var cts = new CancellationTokenSource();
            var started = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            CalculatorService.WaitStarted[60_001] = started;
            Task<Sum> call = Client.Wait(60_001, cts.Token);
            await started.Task.WaitAsync(Timeout);
            cts.Cancel();
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => call.WaitAsync(Timeout));
            Assert.True(ex.StatusCode == StatusCode.Cancelled, ex.Status.ToString());
        }

        [Fact]
        public async Task A_cancelled_token_cancels_a_client_stream_whose_source_waits()
        {
            using var cts = new CancellationTokenSource();
            var firstSent = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            Task<Total> call = Client.Upload(OnePartThenWait(firstSent), cts.Token);
            await firstSent.Task.WaitAsync(Timeout);
            cts.Cancel();
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() => call.WaitAsync(Timeout));
            Assert.True(ex.StatusCode == StatusCode.Cancelled, ex.Status.ToString());
        }

        [Fact]
        public async Task A_cancelled_token_ends_a_server_stream_being_read()
        {
            using var cts = new CancellationTokenSource();
            var seen = 0;
            Exception? error = null;
            try
            {
                await foreach (Tick tick in Client.Ticks(new TickRequest { Symbol = "cancel", Count = 10_000, DelayMilliseconds = 5 }, cts.Token).WithCancellation(new CancellationTokenSource(Timeout).Token))
                {
                    if (++seen == 2) cts.Cancel();
                }
            }
            catch (RpcException ex)
            {
                error = ex;
            }
            Assert.Equal(2, seen);
            Assert.Equal(StatusCode.Cancelled, Assert.IsType<RpcException>(error).StatusCode);
        }

        [Fact]
        public void The_client_reads_back_the_CallOptions_it_calls_with()
        {
            var headers = new global::Grpc.Core.Metadata { { "tenant", "acme" } };
            using var cts = new CancellationTokenSource();
            CallOptions options = new CallOptions(headers, cancellationToken: cts.Token).ToAmberCallContext().GetCallOptions();
            Assert.Same(headers, options.Headers);
            Assert.Equal(cts.Token, options.CancellationToken);

            CallOptions fromToken = new AmberCallContext(cts.Token).GetCallOptions();
            Assert.Null(fromToken.Headers);
            Assert.Equal(cts.Token, fromToken.CancellationToken);
        }

        [Fact]
        public void A_context_that_is_not_a_served_call_has_no_ServerCallContext()
        {
            AmberCallContext clientSide = new CallOptions().ToAmberCallContext();
            Assert.False(clientSide.TryGetServerCallContext(out ServerCallContext? none));
            Assert.Null(none);
            InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => default(AmberCallContext).GetServerCallContext());
            Assert.Contains("TryGetServerCallContext", ex.Message);
        }

        [Fact]
        public void A_served_call_s_context_passed_to_a_client_gives_its_deadline_and_cancellation()
        {
            using var cts = new CancellationTokenSource();
            DateTime deadline = new DateTime(2030, 1, 2, 3, 4, 5, DateTimeKind.Utc);
            var served = new FakeServerCallContext(deadline, cts.Token);
            CallOptions options = new AmberCallContext(served, cts.Token).GetCallOptions();
            Assert.Equal(deadline, options.Deadline);
            Assert.Equal(cts.Token, options.CancellationToken);
            Assert.Same(served, new AmberCallContext(served, cts.Token).GetServerCallContext());

            CallOptions noDeadline = new AmberCallContext(new FakeServerCallContext(DateTime.MaxValue, default), default).GetCallOptions();
            Assert.Null(noDeadline.Deadline);
        }

        private sealed class FakeServerCallContext : ServerCallContext
        {
            private readonly DateTime _deadline;
            private readonly CancellationToken _cancellationToken;

            public FakeServerCallContext(DateTime deadline, CancellationToken cancellationToken)
            {
                _deadline = deadline;
                _cancellationToken = cancellationToken;
            }

            protected override string MethodCore => "/tests.Fake/Call";
            protected override string HostCore => "localhost";
            protected override string PeerCore => "ipv4:127.0.0.1:1";
            protected override DateTime DeadlineCore => _deadline;
            protected override global::Grpc.Core.Metadata RequestHeadersCore { get; } = new global::Grpc.Core.Metadata();
            protected override CancellationToken CancellationTokenCore => _cancellationToken;
            protected override global::Grpc.Core.Metadata ResponseTrailersCore { get; } = new global::Grpc.Core.Metadata();
            protected override Status StatusCore { get; set; }
            protected override WriteOptions? WriteOptionsCore { get; set; }
            protected override AuthContext AuthContextCore { get; } = new AuthContext(null, new Dictionary<string, List<AuthProperty>>());
            protected override ContextPropagationToken CreatePropagationTokenCore(ContextPropagationOptions? options) => throw new NotSupportedException();
            protected override Task WriteResponseHeadersAsyncCore(global::Grpc.Core.Metadata responseHeaders) => Task.CompletedTask;
        }

        private static async IAsyncEnumerable<Part> OnePartThenWait(TaskCompletionSource<bool> firstSent, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken ct = default)
        {
            yield return new Part { Name = "first", Quantity = 1 };
            firstSent.TrySetResult(true);
            await Task.Delay(System.Threading.Timeout.Infinite, ct);
        }
    }
}
