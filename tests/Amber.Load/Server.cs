using System;
using System.Diagnostics;
using System.Net;
using System.Threading;
using System.Threading.Tasks;
using Amber.AspNetCore;
using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Amber.Load
{
    /// <summary>
    /// The server, run in a child process (<c>Amber.Load serve HTTP_PORT GRPC_PORT</c>) so that its managed heap and
    /// working set hold only the server's own memory, not the load clients' buffers. Controlled through stdin:
    /// <c>stats</c> answers one <c>STATS</c> line (after a full blocking compacting GC) and restarts the peak;
    /// <c>quit</c> stops it.
    /// </summary>
    internal static class Server
    {
        /// <summary>Amber's limit on one request (ASP.NET Core body and gRPC message): 64 KiB, set on purpose (the default is 1 GiB).</summary>
        public const long MaxInputBytes = 64 * 1024;

        /// <summary>Kestrel's request body limit (default 30 MB), set to 1 MiB.</summary>
        public const long MaxRequestBodySize = 1024 * 1024;

        /// <summary>gRPC's per-message receive limit (default 4 MB), set to 256 KiB.</summary>
        public const int GrpcMaxReceiveMessageSize = 256 * 1024;

        /// <summary>Kestrel's MinRequestBodyDataRate: 240 bytes/s (the default rate) after a 2 s grace period (default 5 s).</summary>
        public static readonly MinDataRate BodyDataRate = new MinDataRate(240, TimeSpan.FromSeconds(2));

        private static long _peakHeap, _peakWorkingSet;

        public static async Task<int> RunAsync(int httpPort, int grpcPort)
        {
            var options = new AmberOptions { MaxInputBytes = MaxInputBytes };
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.Logging.ClearProviders();
            builder.WebHost.ConfigureKestrel(k =>
            {
                k.Listen(IPAddress.Loopback, httpPort, l => l.Protocols = HttpProtocols.Http1);
                k.Listen(IPAddress.Loopback, grpcPort, l => l.Protocols = HttpProtocols.Http2);
                k.Limits.MaxRequestBodySize = MaxRequestBodySize;
                k.Limits.MinRequestBodyDataRate = BodyDataRate;
            });
            builder.Services.AddAmber(options);
            builder.Services.AddAmberGrpc(options);
            builder.Services.Configure<GrpcServiceOptions>(o => o.MaxReceiveMessageSize = GrpcMaxReceiveMessageSize);

            WebApplication app = builder.Build();
            app.MapPost("/orders", (AmberBody<Order> order) =>
                AmberResults.Amber(new OrderReceipt { Echo = order.Value, Total = order.Value.Total() }));
            app.MapPost("/readings", (AmberBody<Reading> reading) =>
                AmberResults.Amber(ReadingSummary.Of(new[] { reading.Value })));
            app.MapAmberGrpcService<LoadService>();
            await app.StartAsync();

            using var sampler = new Timer(_ => Sample(), null, 0, 50);
            Console.WriteLine("READY");
            string? command;
            while ((command = Console.ReadLine()) != null && command != "quit")
            {
                if (command != "stats") continue;
                GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
                GC.WaitForPendingFinalizers();
                GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: true);
                long heap = GC.GetTotalMemory(false);
                long workingSet = WorkingSet();
                long pinned = GC.GetGCMemoryInfo().GenerationInfo[4].SizeAfterBytes;   // the pinned object heap: Kestrel's memory pool
                long peakHeap = Math.Max(Interlocked.Exchange(ref _peakHeap, 0), heap);
                long peakWorkingSet = Math.Max(Interlocked.Exchange(ref _peakWorkingSet, 0), workingSet);
                Console.WriteLine($"STATS {heap} {workingSet} {peakHeap} {peakWorkingSet} {pinned}");
            }
            await app.StopAsync();
            return 0;
        }

        private static long WorkingSet()
        {
            using Process self = Process.GetCurrentProcess();
            return self.WorkingSet64;
        }

        private static void Sample()
        {
            long heap = GC.GetTotalMemory(false), workingSet = WorkingSet();
            long seen;
            while (heap > (seen = Interlocked.Read(ref _peakHeap)) && Interlocked.CompareExchange(ref _peakHeap, heap, seen) != seen) { }
            while (workingSet > (seen = Interlocked.Read(ref _peakWorkingSet)) && Interlocked.CompareExchange(ref _peakWorkingSet, workingSet, seen) != seen) { }
        }
    }
}
