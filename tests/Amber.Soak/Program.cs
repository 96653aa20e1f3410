using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;

namespace Amber.Soak
{
    /// <summary>What one soak run does; each can be set on the command line (--name value).</summary>
    internal sealed class Settings
    {
        public int Seconds = 180;
        public int Threads = Math.Clamp(2 * Environment.ProcessorCount, 4, 8);
        public int LargeThreads = 2;
        public int LargeMegabytes = 256;
        public int Nodes = 200_000;
        public int StreamItems = 200_000;
        public int BoundMegabytes = 16;
        public bool Pin;

        public static Settings Parse(string[] args)
        {
            var s = new Settings();
            for (int i = 0; i < args.Length; i++)
            {
                string name = args[i];
                if (name == "--pin") { s.Pin = true; continue; }
                if (i + 1 >= args.Length) throw new ArgumentException("The option " + name + " needs a value.");
                int value = int.Parse(args[++i], CultureInfo.InvariantCulture);
                switch (name)
                {
                    case "--seconds": s.Seconds = value; break;
                    case "--threads": s.Threads = value; break;
                    case "--large-threads": s.LargeThreads = value; break;
                    case "--large-mb": s.LargeMegabytes = value; break;
                    case "--nodes": s.Nodes = value; break;
                    case "--stream-items": s.StreamItems = value; break;
                    case "--bound-mb": s.BoundMegabytes = value; break;
                    default: throw new ArgumentException("Unknown option " + name + ".");
                }
            }
            s.LargeThreads = Math.Clamp(s.LargeThreads, 1, s.Threads);
            return s;
        }
    }

    internal static class Program
    {
        private const double MB = 1024.0 * 1024.0;

        private static int Main(string[] args)
        {
            Settings settings;
            try
            {
                settings = Settings.Parse(args);
            }
            catch (Exception e) when (e is ArgumentException or FormatException or OverflowException)
            {
                Console.Error.WriteLine(e.Message);
                Console.Error.WriteLine("usage: Amber.Soak [--seconds 180] [--threads N] [--large-threads 2] [--large-mb 256] [--nodes 200000] [--stream-items 200000] [--bound-mb 16] [--pin]");
                return 2;
            }

            var phases = new Phases(settings);
            TimeSpan small = TimeSpan.FromSeconds(Math.Clamp(settings.Seconds / 12.0, 1.5, 8));
            Console.WriteLine($"Amber soak: {settings.Seconds} s, {settings.Threads} threads ({settings.LargeThreads} with a {settings.LargeMegabytes} MB value), " +
                $"{settings.Nodes:N0} shared nodes per thread, {settings.StreamItems:N0} stream items per thread, small phases of {small.TotalSeconds:0.#} s, " +
                $"bound +{settings.BoundMegabytes} MB{(settings.Pin ? ", with a deliberately pinned array" : "")}");
            Console.WriteLine("held = managed heap after a full compacting collection, less the arrays ArrayPool<byte>.Shared keeps for reuse (pool).");
            Console.WriteLine();
            Console.WriteLine($"{"cycle",5} {"phase",-8} {"MB written",10} {"heap MB",9} {"pool MB",8} {"held MB",8} {"vs base",8} {"ws MB",8} {"gen2",5} {"s",5}  check");

            var clock = Stopwatch.StartNew();
            var failures = new List<string>();
            var cycleHeld = new List<double>();
            double? baseline = null;
            using var workers = new Workers(settings.Threads);
            try
            {
                // Cycle 0 is a small phase alone: the baseline, before any large payload has been through the runtime.
                Row(0, "small", () => workers.Run(w => phases.Small(w, small)));
                // At least two cycles, however short the run; then as many as the time allows.
                for (int cycle = 1; cycle <= 2 || clock.Elapsed.TotalSeconds < settings.Seconds; cycle++)
                {
                    int c = cycle;
                    Row(c, "large", () => workers.Run(w => phases.LargeValue(w, c)));
                    Row(c, "graph", () => workers.Run(w => phases.SharedGraph(w, c)));
                    Row(c, "streams", () => workers.Run(w => phases.Streams(w, c)));
                    Row(c, "small", () => workers.Run(w => phases.Small(w, small)));
                }
            }
            catch (InvalidOperationException e)
            {
                Console.Error.WriteLine(e.Message);
                Console.Error.WriteLine(e.InnerException);
                return 2;
            }

            // The trend: a straight line through the held heap after each cycle's small phase must not rise by half the
            // bound over the run (a holder that grows a little every cycle stays under the bound for a few cycles).
            if (cycleHeld.Count >= 3)
            {
                double slope = Slope(cycleHeld);
                double rise = slope * (cycleHeld.Count - 1);
                Console.WriteLine($"trend over {cycleHeld.Count} cycles: {Math.Round(slope, 2) + 0.0:+0.00;-0.00;+0.00} MB per cycle, {Math.Round(rise, 1) + 0.0:+0.0;-0.0;+0.0} MB over the run (limit +{settings.BoundMegabytes / 2.0:0.0} MB)");
                if (rise > settings.BoundMegabytes / 2.0) failures.Add($"the held heap grows {slope:0.00} MB per cycle");
            }
            Console.WriteLine($"{clock.Elapsed.TotalSeconds:0} s; {phases.OrdersFromJson:N0} orders read from JSON in the small phases, each through FromJson and PayloadFromJson");
            if (failures.Count == 0)
            {
                Console.WriteLine("PASS: after every small phase the held heap came back within " + settings.BoundMegabytes + " MB of the baseline, with no growth from cycle to cycle.");
                return 0;
            }
            foreach (string f in failures) Console.WriteLine("FAIL: " + f);
            return 1;

            void Row(int cycle, string phase, Action run)
            {
                var phaseClock = Stopwatch.StartNew();
                run();
                double seconds = phaseClock.Elapsed.TotalSeconds;
                MemorySample m = Memory.Settle();
                double written = phases.TakeWritten() / MB;
                double held = m.Held / MB;
                string check = "";
                string versus = "";
                if (phase == "small")
                {
                    baseline ??= held;
                    double delta = held - baseline.Value;
                    versus = delta.ToString("+0.0;-0.0", CultureInfo.InvariantCulture);
                    if (cycle > 0)
                    {
                        cycleHeld.Add(held);
                        bool ok = delta <= settings.BoundMegabytes;
                        check = ok ? "ok" : "BREACH";
                        if (!ok) failures.Add($"cycle {cycle}: the held heap is {delta:0.0} MB above the baseline (bound {settings.BoundMegabytes} MB)");
                    }
                    else
                    {
                        check = "baseline";
                    }
                }
                string pool = m.PoolHeld < 0 ? "n/a" : (m.PoolHeld / MB).ToString("0.0", CultureInfo.InvariantCulture);
                Console.WriteLine($"{cycle,5} {phase,-8} {written,10:0.0} {m.Heap / MB,9:0.0} {pool,8} {held,8:0.0} {versus,8} {m.WorkingSet / MB,8:0} {m.Gen2Count,5} {seconds,5:0.0}  {check}");
            }
        }

        private static double Slope(List<double> ys)
        {
            double n = ys.Count, sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (int i = 0; i < ys.Count; i++)
            {
                sx += i;
                sy += ys[i];
                sxx += (double)i * i;
                sxy += i * ys[i];
            }
            return (n * sxy - sx * sy) / (n * sxx - sx * sx);
        }
    }
}
