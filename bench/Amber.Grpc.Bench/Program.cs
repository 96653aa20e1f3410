using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using ProtoBuf.Grpc.Client;
using ProtoBuf.Grpc.Server;

namespace Amber.Grpc.Bench
{
    /// <summary>
    /// Code-first gRPC: the same interface and implementation served by Amber.Grpc.AspNetCore and by protobuf-net.Grpc,
    /// each on its own Kestrel server on 127.0.0.1 (HTTP/2 cleartext), each called through a Grpc.Net.Client channel whose
    /// socket counts the bytes both ways. For each call shape, a round makes a fixed number of calls from several concurrent
    /// callers and checks every result; rounds are interleaved (each round runs both, in alternating order) after one
    /// warm-up, and the table gives the median calls per second with the lowest and highest round, and the bytes on the
    /// wire per call.
    /// </summary>
    public static class Program
    {
        private sealed class Contender
        {
            public Contender(string name, IOrderDesk client, ByteCounter counter)
            {
                Name = name;
                Client = client;
                Counter = counter;
            }

            public string Name { get; }
            public IOrderDesk Client { get; }
            public ByteCounter Counter { get; }
        }

        /// <summary>Makes the calls through a client of the one-message contract, as its users call it.</summary>
        private sealed class MessagesClient : IOrderDesk
        {
            private readonly IOrderDeskMessages _client;

            public MessagesClient(IOrderDeskMessages client) => _client = client;

            public async Task<long> Touch(long sentAt, int sequence) => (await _client.Touch(new TouchRequest { SentAt = sentAt, Sequence = sequence })).Value;

            public Task<Quote> Price(string sku, int quantity, Tier tier, DateTime? until, Address shipTo) =>
                _client.Price(new PriceRequest { Sku = sku, Quantity = quantity, Tier = tier, Until = until, ShipTo = shipTo });

            public Task<Receipt> Place(Order order) => _client.Place(order);

            public IAsyncEnumerable<Tick> Watch(string symbol, int count, CancellationToken cancellationToken = default) =>
                _client.Watch(new WatchRequest { Symbol = symbol, Count = count }, cancellationToken);
        }

        /// <summary>One call shape: what one call sends and how its result is checked.</summary>
        private sealed class Shape
        {
            public Shape(string name, string description, int callsPerRound, Func<IOrderDesk, int, Task<bool>> call)
            {
                Name = name;
                Description = description;
                CallsPerRound = callsPerRound;
                Call = call;
            }

            public string Name { get; }
            public string Description { get; }
            public int CallsPerRound { get; }
            public Func<IOrderDesk, int, Task<bool>> Call { get; }
        }

        private const int TicksPerStream = 20;

        public static async Task<int> Main(string[] args)
        {
            int rounds = args.Length > 0 ? int.Parse(args[0]) : 10;
            int calls = args.Length > 1 ? int.Parse(args[1]) : 20_000;
            int callers = args.Length > 2 ? int.Parse(args[2]) : 16;
            string[]? only = args.Length > 3 ? args[3].Split(',') : null;
            Order[] orders = Enumerable.Range(0, 1024).Select(Order.Make).ToArray();
            Address[] addresses = Enumerable.Range(0, 64).Select(i => new Address { City = "City " + i, Postcode = (10_000 + i * 37).ToString() }).ToArray();

            var shapes = new[]
            {
                new Shape("tiny", "`Touch(long, int) -> long`", calls, async (client, i) =>
                    await client.Touch(1_772_000_000_000L + i, i) == 1_772_000_000_000L + 2L * i),
                new Shape("parameters", "`Price(string, int, Tier, DateTime?, Address) -> Quote` (a 2-member record among the parameters; a 3-member result)", calls, async (client, i) =>
                {
                    string sku = "SKU-" + (i % 1000);
                    int quantity = 1 + i % 9;
                    var tier = (Tier)(i % 4);
                    DateTime? until = i % 2 == 0 ? new DateTime(2026, 12, 24, 0, 0, 0, DateTimeKind.Utc) : null;
                    Address to = addresses[i % addresses.Length];
                    Quote quote = await client.Price(sku, quantity, tier, until, to);
                    Quote expected = Quote.For(sku, quantity, tier, until, to);
                    return quote.UnitPrice == expected.UnitPrice && quote.Total == expected.Total && quote.DeliveryDays == expected.DeliveryDays;
                }),
                new Shape("order", "`Place(Order) -> Receipt` (an order of 5 lines; a 5-member receipt)", calls, async (client, i) =>
                {
                    Order order = orders[i % orders.Length];
                    return (await client.Place(order)).Matches(order);
                }),
                new Shape("stream", $"`Watch(string, int) -> IAsyncEnumerable<Tick>` (a server stream of {TicksPerStream} 3-member items)", Math.Max(1, calls / 10), async (client, i) =>
                {
                    string symbol = "SYM" + (i % 100);
                    int n = 0;
                    await foreach (Tick tick in client.Watch(symbol, TicksPerStream))
                    {
                        Tick expected = Tick.At(symbol, n++);
                        if (tick.Sequence != expected.Sequence || tick.Price != expected.Price || tick.Volume != expected.Volume) return false;
                    }
                    return n == TicksPerStream;
                }),
            }.Where(s => only == null || only.Contains(s.Name)).ToArray();

            await using WebApplication amberServer = await StartAsync(services => services.AddAmberGrpc(), app => app.MapAmberGrpcService<OrderDesk>());
            await using WebApplication amberMessagesServer = await StartAsync(services => services.AddAmberGrpc(), app => app.MapAmberGrpcService<OrderDeskMessages>());
            await using WebApplication protobufServer = await StartAsync(services => services.AddCodeFirstGrpc(), app => app.MapGrpcService<OrderDeskMessages>());

            var amberCounter = new ByteCounter();
            var amberMessagesCounter = new ByteCounter();
            var protobufCounter = new ByteCounter();
            using GrpcChannel amberChannel = Channel(Address(amberServer), amberCounter);
            using GrpcChannel amberMessagesChannel = Channel(Address(amberMessagesServer), amberMessagesCounter);
            using GrpcChannel protobufChannel = Channel(Address(protobufServer), protobufCounter);
            // protobuf-net.Grpc last: the ratio column divides by its rate.
            var contenders = new[]
            {
                new Contender("Amber.Grpc, parameters", amberChannel.CreateAmberClient<IOrderDesk>(), amberCounter),
                new Contender("Amber.Grpc, request classes", new MessagesClient(amberMessagesChannel.CreateAmberClient<IOrderDeskMessages>()), amberMessagesCounter),
                new Contender("protobuf-net.Grpc, request classes", new MessagesClient(protobufChannel.CreateGrpcService<IOrderDeskMessages>()), protobufCounter),
            };

            var report = new StringBuilder();
            report.AppendLine($"Code-first gRPC, Amber.Grpc (`CreateAmberClient`, `MapAmberGrpcService`) against protobuf-net.Grpc (`CreateGrpcService`, `AddCodeFirstGrpc`): Kestrel HTTP/2 cleartext on 127.0.0.1, one Grpc.Net.Client channel per server, server and clients in one process, {Environment.ProcessorCount} cores; per shape, {rounds} measured rounds from {callers} concurrent callers after one warm-up, the two interleaved; every result checked.");
            report.AppendLine();
            report.AppendLine("| call shape | contender | calls/s (median) | lowest – highest round | ÷ protobuf-net.Grpc | bytes on the wire per call (both ways, median) | bytes allocated per call (client and server, median) |");
            report.AppendLine("|---|---|---:|---:|---:|---:|---:|");
            bool allRight = true;
            foreach (Shape shape in shapes)
            {
                var rates = contenders.Select(_ => new List<double>()).ToArray();
                var wire = contenders.Select(_ => new List<double>()).ToArray();
                var allocated = contenders.Select(_ => new List<double>()).ToArray();
                for (int round = 0; round <= rounds; round++)
                {
                    for (int k = 0; k < contenders.Length; k++)
                    {
                        int c = (k + round) % contenders.Length;
                        Contender contender = contenders[c];
                        long before = contender.Counter.Total;
                        long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
                        var watch = Stopwatch.StartNew();
                        int wrong = await RunAsync(contender.Client, shape, callers);
                        watch.Stop();
                        long allocatedBytes = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
                        long bytes = contender.Counter.Total - before;
                        if (wrong != 0)
                        {
                            allRight = false;
                            Console.Error.WriteLine($"{contender.Name}, {shape.Name}: {wrong} wrong results in round {round}");
                        }
                        if (round == 0) continue;
                        rates[c].Add(shape.CallsPerRound / watch.Elapsed.TotalSeconds);
                        wire[c].Add((double)bytes / shape.CallsPerRound);
                        allocated[c].Add((double)allocatedBytes / shape.CallsPerRound);
                    }
                }
                double peer = Median(rates[contenders.Length - 1]);
                for (int c = 0; c < contenders.Length; c++)
                {
                    report.AppendLine($"| {(c == 0 ? shape.Description : "")} | {contenders[c].Name} | {Median(rates[c]):N0} | {rates[c].Min():N0} – {rates[c].Max():N0} | {Median(rates[c]) / peer:F2} | {Median(wire[c]):N1} | {Median(allocated[c]):N0} |");
                }
            }
            Console.WriteLine(report.ToString());
            if (!allRight) Console.Error.WriteLine("Some results were wrong: the figures above do not count.");
            return allRight ? 0 : 1;
        }

        private static async Task<int> RunAsync(IOrderDesk client, Shape shape, int callers)
        {
            int next = -1, wrong = 0;
            using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(5));
            await Task.WhenAll(Enumerable.Range(0, callers).Select(async _ =>
            {
                int i;
                while ((i = Interlocked.Increment(ref next)) < shape.CallsPerRound)
                {
                    if (!await shape.Call(client, i).WaitAsync(timeout.Token)) Interlocked.Increment(ref wrong);
                }
            }));
            return wrong;
        }

        private static async Task<WebApplication> StartAsync(Action<IServiceCollection> addServices, Action<WebApplication> map)
        {
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, 0, o => o.Protocols = HttpProtocols.Http2));
            builder.Logging.ClearProviders();
            addServices(builder.Services);
            WebApplication app = builder.Build();
            map(app);
            await app.StartAsync().WaitAsync(TimeSpan.FromSeconds(60));
            return app;
        }

        private static string Address(WebApplication app) =>
            app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();

        /// <summary>A channel whose connections count every byte read and written on their socket.</summary>
        private static GrpcChannel Channel(string address, ByteCounter counter)
        {
            var handler = new SocketsHttpHandler
            {
                EnableMultipleHttp2Connections = true,
                ConnectCallback = async (context, ct) =>
                {
                    var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
                    await socket.ConnectAsync(context.DnsEndPoint, ct);
                    return new CountingStream(new NetworkStream(socket, ownsSocket: true), counter);
                },
            };
            return GrpcChannel.ForAddress(address, new GrpcChannelOptions { HttpHandler = handler });
        }

        private static double Median(List<double> values)
        {
            double[] sorted = values.OrderBy(v => v).ToArray();
            int mid = sorted.Length / 2;
            return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }
    }

    internal sealed class ByteCounter
    {
        private long _total;

        public long Total => Interlocked.Read(ref _total);

        public void Add(int count) => Interlocked.Add(ref _total, count);
    }

    /// <summary>A socket stream that counts the bytes going through it, both ways.</summary>
    internal sealed class CountingStream : Stream
    {
        private readonly Stream _inner;
        private readonly ByteCounter _counter;

        public CountingStream(Stream inner, ByteCounter counter)
        {
            _inner = inner;
            _counter = counter;
        }

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush() => _inner.Flush();
        public override Task FlushAsync(CancellationToken cancellationToken) => _inner.FlushAsync(cancellationToken);
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();

        public override int Read(byte[] buffer, int offset, int count)
        {
            int n = _inner.Read(buffer, offset, count);
            _counter.Add(n);
            return n;
        }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            int n = await _inner.ReadAsync(buffer, cancellationToken);
            _counter.Add(n);
            return n;
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Write(byte[] buffer, int offset, int count)
        {
            _inner.Write(buffer, offset, count);
            _counter.Add(count);
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            _counter.Add(buffer.Length);
            return _inner.WriteAsync(buffer, cancellationToken);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        protected override void Dispose(bool disposing)
        {
            if (disposing) _inner.Dispose();
            base.Dispose(disposing);
        }

        public override ValueTask DisposeAsync() => _inner.DisposeAsync();
    }
}
