using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>Every call kind and parameter shape of a plain interface, through a real gRPC server and client.</summary>
    [Collection(CodeFirstCollection.Name)]
    public class CallKindTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public CallKindTests(CodeFirstFixture fixture) => _fixture = fixture;

        private ICalculator Client => _fixture.Current.CreateAmberClient<ICalculator>();

        [Fact]
        public async Task Primitive_parameters_travel_packed_and_the_message_result_comes_back()
        {
            Sum sum = await Client.Add(40, 2).WaitAsync(Timeout);
            Assert.Equal(42, sum.Value);
        }

        [Fact]
        public async Task A_client_made_from_a_CallInvoker_calls_the_same_service()
        {
            ICalculator client = _fixture.Current.CreateCallInvoker().CreateAmberClient<ICalculator>();
            Sum sum = await client.Add(-7, 3).WaitAsync(Timeout);
            Assert.Equal(-4, sum.Value);
        }

        [Fact]
        public async Task A_message_parameter_travels_as_it_is()
        {
            var order = new Order
            {
                Customer = "Ada",
                Lines = { new Line { Sku = "A-1", Quantity = 2, Price = 1.25m }, new Line { Sku = "B-2", Quantity = 3, Price = 10m } },
            };
            Receipt receipt = await Client.Place(order).WaitAsync(Timeout);
            Assert.Equal("Ada", receipt.Customer);
            Assert.Equal(5, receipt.Items);
            Assert.Equal(32.5m, receipt.Total);
            Assert.Null(receipt.Note);
        }

        [Fact]
        public async Task Server_streaming_yields_every_response_in_order()
        {
            var ticks = new List<Tick>();
            await foreach (Tick tick in Client.Ticks(new TickRequest { Symbol = "AMB", Count = 5 }).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                ticks.Add(tick);
            }
            Assert.Equal(new[] { 0, 1, 2, 3, 4 }, ticks.Select(t => t.Index));
            Assert.All(ticks, t => Assert.Equal("AMB", t.Symbol));
        }

        [Fact]
        public async Task Leaving_a_server_stream_early_ends_the_call_on_the_server()
        {
            var ended = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            CalculatorService.TicksCancelled["early-exit"] = ended;
            var ticks = new List<int>();
            await foreach (Tick tick in Client.Ticks(new TickRequest { Symbol = "early-exit", Count = 10_000, DelayMilliseconds = 5 }).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                ticks.Add(tick.Index);
                if (ticks.Count == 3) break;
            }
            Assert.Equal(new[] { 0, 1, 2 }, ticks);
            Assert.True(await ended.Task.WaitAsync(Timeout));
        }

        [Fact]
        public async Task Client_streaming_sends_every_request_then_ends_the_stream()
        {
            Total total = await Client.Upload(Parts(4)).WaitAsync(Timeout);
            Assert.Equal(4, total.Parts);
            Assert.Equal(1 + 2 + 3 + 4, total.Quantity);
            Assert.Equal(new[] { "part-1", "part-2", "part-3", "part-4" }, total.Names);
        }

        [Fact]
        public async Task Client_streaming_an_empty_stream_gets_its_answer()
        {
            Total total = await Client.Upload(Parts(0)).WaitAsync(Timeout);
            Assert.Equal(0, total.Parts);
        }

        [Fact]
        public async Task Duplex_streaming_answers_each_message_before_the_request_stream_ends()
        {
            // One message is sent only after the answer to the previous one came back: the two streams interleave.
            Channel<Echo> requests = Channel.CreateUnbounded<Echo>();
            using var cts = new CancellationTokenSource(Timeout);
            var answers = new List<Echo>();
            await requests.Writer.WriteAsync(new Echo { Text = "one", Seq = 1 });
            await foreach (Echo answer in Client.Chat(requests.Reader.ReadAllAsync(cts.Token)).WithCancellation(cts.Token))
            {
                answers.Add(answer);
                if (answer.Seq == 1) await requests.Writer.WriteAsync(new Echo { Text = "two", Seq = 2 });
                else if (answer.Seq == 2) await requests.Writer.WriteAsync(new Echo { Text = "three", Seq = 3 });
                else requests.Writer.Complete();
            }
            Assert.Equal(new[] { "ONE", "TWO", "THREE" }, answers.Select(a => a.Text));
            Assert.Equal(new[] { 1, 2, 3 }, answers.Select(a => a.Seq));
        }

        [Fact]
        public async Task Leaving_a_duplex_stream_early_stops_reading_the_request_stream()
        {
            var sourceStopped = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            var answers = new List<int>();
            await foreach (Echo answer in Client.Chat(Endless(sourceStopped)).WithCancellation(new CancellationTokenSource(Timeout).Token))
            {
                answers.Add(answer.Seq);
                if (answers.Count == 2) break;
            }
            Assert.Equal(new[] { 0, 1 }, answers);
            Assert.True(await sourceStopped.Task.WaitAsync(Timeout));
        }

        [Fact]
        public async Task A_method_with_no_parameters_and_no_result_is_called()
        {
            int before = CalculatorService.Pings;
            await Client.Ping().WaitAsync(Timeout);
            Assert.True(CalculatorService.Pings > before);
        }

        [Fact]
        public async Task A_value_result_of_a_ValueTask_comes_back_unwrapped()
        {
            int length = await Client.Count("hello, world").AsTask().WaitAsync(Timeout);
            Assert.Equal(12, length);
        }

        [Fact]
        public async Task Several_parameters_of_several_kinds_arrive_each_as_sent()
        {
            var last = new Order { Customer = "Grace", Lines = { new Line { Sku = "X", Quantity = 1, Price = 1m } } };
            string withOrder = await Client.Describe("Ada", 36, new[] { 1.5, 2.25 }, true, last).WaitAsync(Timeout);
            string withNull = await Client.Describe("Alan", 41, Array.Empty<double>(), false, null).WaitAsync(Timeout);
            Assert.Equal("Ada|36|1.5,2.25|True|Grace|1", withOrder);
            Assert.Equal("Alan|41||False|none|0", withNull);
        }

        private static async IAsyncEnumerable<Echo> Endless(TaskCompletionSource<bool> stopped, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken ct = default)
        {
            using CancellationTokenRegistration registration = ct.Register(() => stopped.TrySetResult(true));
            for (int i = 0; ; i++)
            {
                yield return new Echo { Text = "m" + i, Seq = i };
                await Task.Delay(5, ct);
            }
        }

        private static async IAsyncEnumerable<Part> Parts(int count)
        {
            for (int i = 1; i <= count; i++)
            {
                await Task.Yield();
                yield return new Part { Name = "part-" + i, Quantity = i };
            }
        }
    }
}
