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
    /// socket counts the bytes both ways. A round makes a fixed number of unary calls from several concurrent callers and
    /// checks every receipt; rounds are interleaved (each round runs both, in alternating order) after one warm-up, and the
    /// table gives the median calls per second with the lowest and highest round, and the bytes per call.
    /// </summary>
    public static class Program
    {
        private sealed class Contender
        {
            public Contender(string name, IOrderDesk client, ByteCounter counter, Func<Order, int> requestBytes, Func<Receipt, int> responseBytes)
            {
                Name = name;
                Client = client;
                Counter = counter;
                RequestBytes = requestBytes;
                ResponseBytes = responseBytes;
            }

            public string Name { get; }
            public IOrderDesk Client { get; }
            public ByteCounter Counter { get; }
            public Func<Order, int> RequestBytes { get; }
            public Func<Receipt, int> ResponseBytes { get; }
            public List<double> Rates { get; } = new List<double>();
            public List<double> WireBytes { get; } = new List<double>();
        }

        public static async Task<int> Main(string[] args)
        {
            int rounds = args.Length > 0 ? int.Parse(args[0]) : 10;
            int calls = args.Length > 1 ? int.Parse(args[1]) : 20_000;
            int callers = args.Length > 2 ? int.Parse(args[2]) : 16;
            Order[] orders = Enumerable.Range(0, 1024).Select(Order.Make).ToArray();

            await using WebApplication amberServer = await StartAsync(services => services.AddAmberGrpc(), app => app.MapAmberGrpcService<OrderDesk>());
            await using WebApplication protobufServer = await StartAsync(services => services.AddCodeFirstGrpc(), app => app.MapGrpcService<OrderDesk>());

            var amberCounter = new ByteCounter();
            var protobufCounter = new ByteCounter();
            using GrpcChannel amberChannel = Channel(Address(amberServer), amberCounter);
            using GrpcChannel protobufChannel = Channel(Address(protobufServer), protobufCounter);
            var contenders = new[]
            {
                new Contender("Amber.Grpc (`CreateAmberClient`, `MapAmberGrpcService`)", amberChannel.CreateAmberClient<IOrderDesk>(), amberCounter,
                    o => AmberSerializer.Serialize(o).Length, r => AmberSerializer.Serialize(r).Length),
                new Contender("protobuf-net.Grpc (`CreateGrpcService`, `AddCodeFirstGrpc`)", protobufChannel.CreateGrpcService<IOrderDesk>(), protobufCounter,
                    o => ProtobufLength(o), r => ProtobufLength(r)),
            };

            bool allRight = true;
            for (int round = 0; round <= rounds; round++)
            {
                for (int k = 0; k < contenders.Length; k++)
                {
                    Contender contender = contenders[(k + round) % contenders.Length];
                    long before = contender.Counter.Total;
                    var watch = Stopwatch.StartNew();
                    int wrong = await RunAsync(contender.Client, orders, calls, callers);
                    watch.Stop();
                    long bytes = contender.Counter.Total - before;
                    if (wrong != 0)
                    {
                        allRight = false;
                        Console.Error.WriteLine($"{contender.Name}: {wrong} wrong receipts in round {round}");
                    }
                    if (round == 0) continue;
                    contender.Rates.Add(calls / watch.Elapsed.TotalSeconds);
                    contender.WireBytes.Add((double)bytes / calls);
                }
            }

            var report = new StringBuilder();
            report.AppendLine($"Unary `Place(Order) -> Receipt` (an order of 5 lines; a 5-member receipt), Kestrel HTTP/2 cleartext on 127.0.0.1, one Grpc.Net.Client channel per server, server and clients in one process, {Environment.ProcessorCount} cores; {rounds} measured rounds of {calls:N0} calls from {callers} concurrent callers after one warm-up, the two interleaved; every receipt checked.");
            report.AppendLine();
            report.AppendLine("| contender | calls/s (median) | lowest – highest round | request / response message bytes | bytes on the wire per call (both ways, median) |");
            report.AppendLine("|---|---:|---:|---:|---:|");
            foreach (Contender c in contenders)
            {
                double request = orders.Average(o => (double)c.RequestBytes(o));
                double response = orders.Average(o => (double)c.ResponseBytes(Receipt.For(o)));
                report.AppendLine($"| {c.Name} | {Median(c.Rates):N0} | {c.Rates.Min():N0} – {c.Rates.Max():N0} | {request:N1} / {response:N1} | {Median(c.WireBytes):N1} |");
            }
            Console.WriteLine(report.ToString());
            if (!allRight) Console.Error.WriteLine("Some receipts were wrong: the figures above do not count.");
            return allRight ? 0 : 1;
        }

        private static async Task<int> RunAsync(IOrderDesk client, Order[] orders, int calls, int callers)
        {
            int next = -1, wrong = 0;
            using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(5));
            await Task.WhenAll(Enumerable.Range(0, callers).Select(async _ =>
            {
                int i;
                while ((i = Interlocked.Increment(ref next)) < calls)
                {
                    Order order = orders[i % orders.Length];
                    Receipt receipt = await client.Place(order).WaitAsync(timeout.Token);
                    if (!receipt.Matches(order)) Interlocked.Increment(ref wrong);
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

        private static int ProtobufLength<T>(T value)
        {
            using var stream = new MemoryStream();
            ProtoBuf.Serializer.Serialize(stream, value);
            return (int)stream.Length;
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
