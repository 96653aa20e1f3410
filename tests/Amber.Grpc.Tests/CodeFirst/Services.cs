using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Grpc.Core;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>The contract's implementation, as a user writes it: a plain class, made by gRPC per call.</summary>
    public sealed class CalculatorService : ICalculator
    {
        private static int s_pings;

        /// <summary>Completed when a server stream with that symbol ends by its call's cancellation.</summary>
        public static readonly ConcurrentDictionary<string, TaskCompletionSource<bool>> TicksCancelled =
            new ConcurrentDictionary<string, TaskCompletionSource<bool>>();

        /// <summary>Completed when a Wait call for that many milliseconds has started on the server.</summary>
        public static readonly ConcurrentDictionary<int, TaskCompletionSource<bool>> WaitStarted =
            new ConcurrentDictionary<int, TaskCompletionSource<bool>>();

        public static int Pings => Volatile.Read(ref s_pings);

        public Task<Sum> Add(int a, int b, CancellationToken ct = default) => Task.FromResult(new Sum { Value = a + b });

        public Task<Receipt> Place(Order order, AmberCallContext context = default) => Task.FromResult(new Receipt
        {
            Customer = order.Customer,
            Items = order.Lines.Sum(l => l.Quantity),
            Total = order.Lines.Sum(l => l.Quantity * l.Price),
            Note = context.GetServerCallContext().RequestHeaders.GetValue("note"),
        });

        public async IAsyncEnumerable<Tick> Ticks(TickRequest request, AmberCallContext context = default)
        {
            try
            {
                for (int i = 0; i < request.Count; i++)
                {
                    if (request.DelayMilliseconds > 0) await Task.Delay(request.DelayMilliseconds, context.CancellationToken);
                    yield return new Tick { Symbol = request.Symbol, Index = i };
                }
            }
            finally
            {
                if (context.CancellationToken.IsCancellationRequested && TicksCancelled.TryGetValue(request.Symbol, out TaskCompletionSource<bool>? seen))
                {
                    seen.TrySetResult(true);
                }
            }
        }

        public async Task<Total> Upload(IAsyncEnumerable<Part> parts, CancellationToken ct = default)
        {
            var total = new Total();
            await foreach (Part part in parts.WithCancellation(ct))
            {
                total.Parts++;
                total.Quantity += part.Quantity;
                total.Names.Add(part.Name);
            }
            return total;
        }

        public async IAsyncEnumerable<Echo> Chat(IAsyncEnumerable<Echo> messages, AmberCallContext context = default)
        {
            await foreach (Echo message in messages.WithCancellation(context.CancellationToken))
            {
                yield return new Echo { Text = message.Text.ToUpperInvariant(), Seq = message.Seq };
            }
        }

        public Task Ping()
        {
            Interlocked.Increment(ref s_pings);
            return Task.CompletedTask;
        }

        public ValueTask<int> Count(string name) => new ValueTask<int>(name.Length);

        public Task<string> Describe(string name, int age, double[] scores, bool vip, Order? lastOrder) =>
            Task.FromResult($"{name}|{age}|{string.Join(",", scores)}|{vip}|{lastOrder?.Customer ?? "none"}|{lastOrder?.Lines.Count ?? 0}");

        public Task<CallInfo> Inspect(AmberCallContext context = default)
        {
            ServerCallContext call = context.GetServerCallContext();
            return Task.FromResult(new CallInfo
            {
                Tenant = call.RequestHeaders.GetValue("tenant"),
                HasDeadline = call.Deadline != DateTime.MaxValue,
                Deadline = call.Deadline,
                Method = call.Method,
            });
        }

        public async Task<Sum> Wait(int milliseconds, AmberCallContext context = default)
        {
            if (WaitStarted.TryGetValue(milliseconds, out TaskCompletionSource<bool>? started)) started.TrySetResult(true);
            await Task.Delay(milliseconds, context.CancellationToken);
            return new Sum { Value = milliseconds };
        }

        public Task<Order> Find(int id) => id == 1
            ? Task.FromResult(new Order { Customer = "Ada", Lines = { new Line { Sku = "A-1", Quantity = 1, Price = 2.5m } } })
            : throw new RpcException(new Status(StatusCode.NotFound, $"No order {id}."));

        public Task GiveUp() => throw new OperationCanceledException("The work was abandoned.");
    }

    public sealed class GreeterV1Service : V1.IGreeter
    {
        public Task<V1.Greeting> Greet(string name, int times, CancellationToken ct = default) =>
            Task.FromResult(new V1.Greeting { Text = string.Join(", ", Enumerable.Repeat("Hello " + name, times)) + "." });

        public Task<V1.Greeting> Repeat(V1.Greeting greeting) => Task.FromResult(new V1.Greeting { Text = greeting.Text });
    }

    public sealed class GreeterV2Service : V2.IGreeter
    {
        public Task<V2.Greeting> Greet(string name, int times, string punctuation = "!", CancellationToken ct = default) =>
            Task.FromResult(new V2.Greeting { Text = string.Join(", ", Enumerable.Repeat("Hello " + name, times)) + punctuation, Language = "en" });

        public Task<V2.Greeting> Repeat(V2.Greeting greeting) => Task.FromResult(new V2.Greeting { Text = greeting.Text, Language = greeting.Language });
    }

    /// <summary>Implements no contract: nothing to serve.</summary>
    public sealed class NoContractService
    {
        public Task<Sum> Add(int a, int b) => Task.FromResult(new Sum { Value = a + b });
    }

    /// <summary>A contract no code names where the generator looks, so no service is written for it.</summary>
    public interface INotGenerated
    {
        Task<Sum> Nothing();
    }
}
