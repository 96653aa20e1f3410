using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Load
{
    /// <summary>
    /// Load and fault run of Amber.AspNetCore and Amber.Grpc(.AspNetCore) on loopback:
    /// <c>Amber.Load [SECONDS]</c> (default 60 per part). Starts the server as a child process, drives it with
    /// 64 concurrent clients per part, prints a summary and exits non-zero on any breach.
    /// </summary>
    public static class Program
    {
        public const int Clients = 64;

        /// <summary>Every client request or call ends within this or is counted as hung.</summary>
        public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(20);

        /// <summary>The most the server's managed heap (after a full GC) may grow over a part.</summary>
        public const long HeapBound = 16L * 1024 * 1024;

        public static async Task<int> Main(string[] args)
        {
            if (args.Length == 3 && args[0] == "serve")
                return await Server.RunAsync(int.Parse(args[1], CultureInfo.InvariantCulture), int.Parse(args[2], CultureInfo.InvariantCulture));

            int seconds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 60;
            int httpPort = FreePort(), grpcPort = FreePort();
            using var child = new ServerProcess(httpPort, grpcPort);
            var breaches = new List<string>();

            Console.WriteLine($"Amber.Load: {Clients} clients, {seconds} s per part, deadline {Deadline.TotalSeconds} s per request; server pid {child.Id} " +
                $"(MaxInputBytes {Server.MaxInputBytes}, Kestrel MaxRequestBodySize {Server.MaxRequestBodySize}, MinRequestBodyDataRate " +
                $"{Server.BodyDataRate.BytesPerSecond} B/s after {Server.BodyDataRate.GracePeriod.TotalSeconds} s, gRPC MaxReceiveMessageSize {Server.GrpcMaxReceiveMessageSize})");

            await RunPartAsync("ASP.NET Core", child, new HttpLoad(httpPort), seconds, breaches);
            await RunPartAsync("gRPC", child, new GrpcLoad(grpcPort), seconds, breaches);

            Console.WriteLine();
            if (breaches.Count == 0)
            {
                Console.WriteLine("RESULT: PASS (no breach)");
                return 0;
            }
            Console.WriteLine($"RESULT: FAIL ({breaches.Count} breach kinds)");
            foreach (string b in breaches.Take(50)) Console.WriteLine("  " + b);
            return 1;
        }

        private static async Task RunPartAsync(string name, ServerProcess server, ILoad load, int seconds, List<string> breaches)
        {
            await load.WarmUpAsync();
            MemoryStats start = await server.StatsAsync();
            var results = new ConcurrentQueue<Outcome>();
            using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(seconds));
            Task[] clients = Enumerable.Range(0, Clients).Select(c => Task.Run(async () =>
            {
                var random = new Random(c * 7919 + name.Length);
                while (!stop.IsCancellationRequested) results.Enqueue(await load.OneAsync(random));
            })).ToArray();
            await Task.WhenAll(clients);
            await load.DisposeAsync();
            // Give connections the server is still closing a moment, then measure.
            await Task.Delay(2000);
            MemoryStats end = await server.StatsAsync();
            Report.Print(name, results.ToArray(), start, end, breaches);
            if (end.Heap > start.Heap + HeapBound)
                breaches.Add($"{name}: server managed heap grew from {Report.MiB(start.Heap)} to {Report.MiB(end.Heap)} (bound +{Report.MiB(HeapBound)})");
        }

        private static int FreePort()
        {
            using var listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            return ((IPEndPoint)listener.LocalEndpoint).Port;
        }
    }

    /// <summary>One part's load: a warm-up, then one random request or call at a time per client.</summary>
    internal interface ILoad : IAsyncDisposable
    {
        Task WarmUpAsync();

        Task<Outcome> OneAsync(Random random);
    }

    /// <summary>What one request or call came to: its kind, what answered (an HTTP status, a gRPC status, "closed", "hung"), whether that is a breach, and its latency.</summary>
    internal readonly record struct Outcome(string Kind, string Answer, string? Breach, double Milliseconds);

    internal readonly record struct MemoryStats(long Heap, long WorkingSet, long PeakHeap, long PeakWorkingSet, long PinnedHeap);

    /// <summary>The server child process and its stdin/stdout control.</summary>
    internal sealed class ServerProcess : IDisposable
    {
        private readonly Process _process;

        public ServerProcess(int httpPort, int grpcPort)
        {
            string self = Assembly.GetEntryAssembly()!.Location;
            string host = Environment.ProcessPath!;
            var start = new ProcessStartInfo(host) { RedirectStandardInput = true, RedirectStandardOutput = true, UseShellExecute = false };
            if (Path.GetFileNameWithoutExtension(host) == "dotnet") start.ArgumentList.Add(self);
            start.ArgumentList.Add("serve");
            start.ArgumentList.Add(httpPort.ToString(CultureInfo.InvariantCulture));
            start.ArgumentList.Add(grpcPort.ToString(CultureInfo.InvariantCulture));
            _process = Process.Start(start) ?? throw new InvalidOperationException("The server process did not start.");
            string? line = ReadLine(TimeSpan.FromSeconds(60));
            if (line != "READY") throw new InvalidOperationException("The server process did not start: " + line);
        }

        public int Id => _process.Id;

        public async Task<MemoryStats> StatsAsync()
        {
            await _process.StandardInput.WriteLineAsync("stats");
            await _process.StandardInput.FlushAsync();
            string line = ReadLine(TimeSpan.FromSeconds(60)) ?? throw new InvalidOperationException("The server process ended.");
            long[] n = line.Split(' ').Skip(1).Select(s => long.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            return new MemoryStats(n[0], n[1], n[2], n[3], n[4]);
        }

        private string? ReadLine(TimeSpan timeout)
        {
            Task<string?> read = _process.StandardOutput.ReadLineAsync();
            if (!read.Wait(timeout)) throw new TimeoutException("The server process did not answer within " + timeout);
            return read.Result;
        }

        public void Dispose()
        {
            try
            {
                _process.StandardInput.WriteLine("quit");
                _process.StandardInput.Flush();
                if (!_process.WaitForExit(15_000)) _process.Kill();
            }
            catch (Exception) when (_process.HasExited) { }
            _process.Dispose();
        }
    }

    internal static class Report
    {
        public static string MiB(long bytes) => (bytes / (1024.0 * 1024.0)).ToString("0.0", CultureInfo.InvariantCulture) + " MiB";

        public static void Print(string part, Outcome[] results, MemoryStats start, MemoryStats end, List<string> breaches)
        {
            Console.WriteLine();
            Console.WriteLine($"== {part}: {results.Length} requests ==");
            Console.WriteLine($"{"kind",-18} {"answer",-22} {"count",8} {"median ms",10} {"p99 ms",9}");
            foreach (var group in results.GroupBy(r => (r.Kind, r.Answer)).OrderBy(g => g.Key.Kind, StringComparer.Ordinal).ThenBy(g => g.Key.Answer, StringComparer.Ordinal))
            {
                double[] ms = group.Select(r => r.Milliseconds).OrderBy(m => m).ToArray();
                bool bad = group.Any(r => r.Breach != null);
                Console.WriteLine($"{group.Key.Kind,-18} {group.Key.Answer,-22} {ms.Length,8} {Percentile(ms, 0.5),10:0.0} {Percentile(ms, 0.99),9:0.0}{(bad ? "  BREACH" : "")}");
            }
            double[] all = results.Select(r => r.Milliseconds).OrderBy(m => m).ToArray();
            Console.WriteLine($"{"all",-18} {"",-22} {all.Length,8} {Percentile(all, 0.5),10:0.0} {Percentile(all, 0.99),9:0.0}");
            Console.WriteLine($"server managed heap after full GC: start {MiB(start.Heap)}, peak {MiB(end.PeakHeap)} (sampled every 50 ms, before GC), end {MiB(end.Heap)} (of which pinned object heap, Kestrel's block pool: start {MiB(start.PinnedHeap)}, end {MiB(end.PinnedHeap)})");
            Console.WriteLine($"server working set:                start {MiB(start.WorkingSet)}, peak {MiB(end.PeakWorkingSet)}, end {MiB(end.WorkingSet)}");
            foreach (var group in results.Where(r => r.Breach != null).GroupBy(r => r.Breach))
                breaches.Add($"{part}: {group.Count()} x {group.Key}");
        }

        private static double Percentile(double[] sorted, double p) =>
            sorted.Length == 0 ? 0 : sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1 < 0 ? 0 : (int)Math.Ceiling(p * sorted.Length) - 1)];
    }

    /// <summary>Damage done to good payloads.</summary>
    internal static class Faults
    {
        public static byte[] FlipBits(byte[] payload, Random random)
        {
            byte[] copy = (byte[])payload.Clone();
            int flips = random.Next(1, 4);
            for (int i = 0; i < flips && copy.Length > 0; i++) copy[random.Next(copy.Length)] ^= (byte)(1 << random.Next(8));
            return copy;
        }

        public static byte[] Truncate(byte[] payload, Random random) => payload.AsSpan(0, random.Next(payload.Length)).ToArray();

        public static byte[] Oversized(long above, long upTo, Random random)
        {
            var bytes = new byte[above + 1 + random.NextInt64(upTo - above)];
            random.NextBytes(bytes);
            return bytes;
        }
    }
}
