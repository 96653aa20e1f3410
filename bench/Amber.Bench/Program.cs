using System;
using System.Collections.Generic;
using System.IO;
using Amber.Bench.Runner;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench
{
    public static class Program
    {
        /// <summary>Where the CSV and the chart go when --csv does not say (under the current folder; git ignores it).</summary>
        public const string DefaultCsvPath = "bench/results/comparison.csv";

        public static int Main(string[] args)
        {
            if (args.Length == 5 && args[0] == "--snapshot-probe")
            {
                return StreamingProbe.Child(args[1], args[2], args[3], args[4]);
            }

            BenchOptions options;
            try
            {
                options = BenchOptions.Parse(args);
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            if (options.Help)
            {
                Console.WriteLine(BenchOptions.Usage);
                return 0;
            }

            if (options.PayloadHashesPath != null)
            {
                try
                {
                    int count = PayloadHashes.Write(options.PayloadHashesPath, options, Peers.All());
                    Console.WriteLine($"wrote {count} payload hashes to {options.PayloadHashesPath}");
                    return 0;
                }
                catch (ArgumentException ex)
                {
                    Console.Error.WriteLine(ex.Message);
                    return 2;
                }
            }

            if (options.ColdStart)
            {
                Console.WriteLine($"Amber comparison suite — coldstart mode, {Environment.ProcessorCount} cores, .NET {Environment.Version}, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}");
                return ColdStartProbe.Run(options.Runs, options.Serializers == null ? null : string.Join(",", options.Serializers), line => Console.Error.WriteLine("[coldstart] " + line));
            }

            Console.WriteLine($"Amber comparison suite — {options.Mode} mode, {Environment.ProcessorCount} cores, .NET {Environment.Version}, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}");
            // Progress goes to stderr: one line rewritten in place on a terminal, a line each when redirected.
            bool interactive = !Console.IsErrorRedirected;
            void Progress(string line)
            {
                if (interactive) Console.Error.Write("\r" + (line.Length > 118 ? line.Substring(0, 118) : line.PadRight(118)));
                else Console.Error.WriteLine(line);
            }
            void EndProgress()
            {
                if (interactive) Console.Error.Write("\r" + new string(' ', 118) + "\r");
            }
            List<ResultRow> rows;
            try
            {
                StreamEntryPointsProbe.Selected(options);
                rows = BenchRunner.Run(options, Peers.All(), Progress);
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            EndProgress();

            Report.PrintTables(Console.Out, rows, BenchRunner.AllWorkloads());
            Report.PrintSummary(Console.Out, rows);

            // The long runs: each a table of its own after the summary, only with --long (or --full).
            var entryPoints = new List<StreamEntryPointsProbe.Row>();
            var connection = new List<ConnectionProbe.Row>();
            bool streamingOk = true;
            if (options.Long || options.Tiny)
            {
                entryPoints = StreamEntryPointsProbe.Run(options, Peers.All(), Progress);
                EndProgress();
                StreamEntryPointsProbe.Print(Console.Out, entryPoints, Peers.All());

                if (options.Workloads == null || options.Workloads.Contains("envelope"))
                {
                    connection = ConnectionProbe.Run(options, Progress);
                    EndProgress();
                    ConnectionProbe.Print(Console.Out, connection);
                }

                if ((options.Workloads == null || options.Workloads.Contains("sportevents")) && options.WantsSerializer("Amber"))
                {
                    BenchScale scale = options.Scale;
                    List<StreamingProbe.Row> streaming = StreamingProbe.Run(scale, line => Progress("[snapshot file] " + line));
                    EndProgress();
                    StreamingProbe.Print(Console.Out, streaming, scale.SportEvents);
                    streamingOk = streaming.TrueForAll(r => r.Size == 0 || r.Verified);
                }
            }

            string? csv = options.CsvPath ?? (options.Tiny ? null : DefaultCsvPath);
            if (csv != null)
            {
                string? folder = Path.GetDirectoryName(Path.GetFullPath(csv));
                if (folder != null) Directory.CreateDirectory(folder);
                Report.WriteCsv(csv, rows);
                string svg = Path.ChangeExtension(csv, ".svg");
                Report.WriteSvg(svg, rows);
                Console.WriteLine();
                Console.WriteLine($"wrote {csv} and {svg}");
            }
            if (!options.Long && !options.Tiny)
            {
                Console.WriteLine("The Stream entry points, one connection's messages and the snapshot file are measured with --long; the cold load with --coldstart.");
            }
            bool allVerified = rows.TrueForAll(r => !r.Measured || r.Verified) && streamingOk && entryPoints.TrueForAll(r => r.Result.Measured && r.Result.Verified)
                && connection.TrueForAll(r => r.Result.Measured && r.Result.Verified);
            return allVerified ? 0 : 1;
        }
    }
}
