using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

// Code-first contracts as a user writes them: plain interfaces and plain message classes, no attribute, no .proto.

namespace Amber.Grpc.Tests.CodeFirst
{
    public interface ICalculator
    {
        /// <summary>Unary, primitive parameters (packed into one request), a value result (wrapped).</summary>
        Task<Sum> Add(int a, int b, CancellationToken ct = default);

        /// <summary>Unary, one message each way, sent as they are.</summary>
        Task<Receipt> Place(Order order, AmberCallContext context = default);

        /// <summary>Server streaming.</summary>
        IAsyncEnumerable<Tick> Ticks(TickRequest request, AmberCallContext context = default);

        /// <summary>Client streaming.</summary>
        Task<Total> Upload(IAsyncEnumerable<Part> parts, CancellationToken ct = default);

        /// <summary>Duplex streaming.</summary>
        IAsyncEnumerable<Echo> Chat(IAsyncEnumerable<Echo> messages, AmberCallContext context = default);

        /// <summary>No parameters, no result.</summary>
        Task Ping();

        /// <summary>A string alone (a reference type, sent as it is), a value result from a ValueTask.</summary>
        ValueTask<int> Count(string name);

        /// <summary>Several parameters of several kinds, a string result.</summary>
        Task<string> Describe(string name, int age, double[] scores, bool vip, Order? lastOrder);

        /// <summary>No data parameter; reads the request headers and deadline on the server.</summary>
        Task<CallInfo> Inspect(AmberCallContext context = default);

        /// <summary>Waits for the call's end (its deadline, its cancellation) or the given time.</summary>
        Task<Sum> Wait(int milliseconds, AmberCallContext context = default);

        /// <summary>Fails with the status it is given: NotFound for an unknown id.</summary>
        Task<Order> Find(int id);

        /// <summary>Throws OperationCanceledException on the server.</summary>
        Task GiveUp();
    }

    public sealed class Sum
    {
        public int Value { get; set; }
    }

    public sealed class Order
    {
        public string Customer { get; set; } = "";
        public List<Line> Lines { get; set; } = new List<Line>();
    }

    public sealed class Line
    {
        public string Sku { get; set; } = "";
        public int Quantity { get; set; }
        public decimal Price { get; set; }
    }

    public sealed class Receipt
    {
        public string Customer { get; set; } = "";
        public int Items { get; set; }
        public decimal Total { get; set; }
        public string? Note { get; set; }
    }

    public sealed class TickRequest
    {
        public string Symbol { get; set; } = "";
        public int Count { get; set; }
        public int DelayMilliseconds { get; set; }
    }

    public sealed class Tick
    {
        public string Symbol { get; set; } = "";
        public int Index { get; set; }
    }

    public sealed class Part
    {
        public string Name { get; set; } = "";
        public int Quantity { get; set; }
    }

    public sealed class Total
    {
        public int Parts { get; set; }
        public int Quantity { get; set; }
        public List<string> Names { get; set; } = new List<string>();
    }

    public sealed class Echo
    {
        public string Text { get; set; } = "";
        public int Seq { get; set; }
    }

    public sealed class CallInfo
    {
        public string? Tenant { get; set; }
        public bool HasDeadline { get; set; }
        public DateTime Deadline { get; set; }
        public string Method { get; set; } = "";
    }
}

namespace Amber.Grpc.Tests.CodeFirst.V1
{
    /// <summary>The first version of a contract; its wire name stays put across versions.</summary>
    [AmberService(Name = "tests.Greeter")]
    public interface IGreeter
    {
        Task<Greeting> Greet(string name, int times, CancellationToken ct = default);

        Task<Greeting> Repeat(Greeting greeting);
    }

    public sealed class Greeting
    {
        public string Text { get; set; } = "";
    }
}

namespace Amber.Grpc.Tests.CodeFirst.V2
{
    /// <summary>The second version: Greet gained a parameter with a default value, Greeting a member.</summary>
    [AmberService(Name = "tests.Greeter")]
    public interface IGreeter
    {
        Task<Greeting> Greet(string name, int times, string punctuation = "!", CancellationToken ct = default);

        Task<Greeting> Repeat(Greeting greeting);
    }

    public sealed class Greeting
    {
        public string Text { get; set; } = "";
        public string Language { get; set; } = "unknown";
    }
}
