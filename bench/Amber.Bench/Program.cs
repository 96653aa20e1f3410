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

            if (options.ColdStart)
            {
                Console.WriteLine($"Amber comparison suite — coldstart mode, {Environment.ProcessorCount} cores, .NET {Environment.Version}, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}");
                return ColdStartProbe.Run(options.Runs, options.Serializers == null ? null : string.Join(",", options.Serializers), line => Console.Error.WriteLine("[coldstart] " + line));
            }

            Console.WriteLine($"Amber comparison suite — {(options.Tiny ? "tiny" : options.Full ? "full" : "quick")} mode, {Environment.ProcessorCount} cores, .NET {Environment.Version}, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}");
            bool interactive = !Console.IsErrorRedirected;
            List<ResultRow> rows;
            try
            {
                StreamEntryPointsProbe.Selected(options);
                rows = BenchRunner.Run(options, Peers.All(), line =>
                {
                    if (interactive) Console.Error.Write("\r" + (line.Length > 118 ? line.Substring(0, 118) : line.PadRight(118)));
                    else Console.Error.WriteLine(line);
                });
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            if (interactive) Console.Error.Write("\r" + new string(' ', 118) + "\r");

            Report.PrintTables(Console.Out, rows, BenchRunner.AllWorkloads());
            Report.PrintSummary(Console.Out, rows);

            List<StreamEntryPointsProbe.Row> entryPoints = StreamEntryPointsProbe.Run(options, Peers.All(), line =>
            {
                if (interactive) Console.Error.Write("\r" + (line.Length > 118 ? line.Substring(0, 118) : line.PadRight(118)));
                else Console.Error.WriteLine(line);
            });
            if (interactive) Console.Error.Write("\r" + new string(' ', 118) + "\r");
            StreamEntryPointsProbe.Print(Console.Out, entryPoints, Peers.All());

            List<ConnectionProbe.Row> connection = new List<ConnectionProbe.Row>();
            if (options.Workloads == null || options.Workloads.Contains("envelope"))
            {
                connection = ConnectionProbe.Run(options, line =>
                {
                    if (interactive) Console.Error.Write("\r" + (line.Length > 118 ? line.Substring(0, 118) : line.PadRight(118)));
                    else Console.Error.WriteLine(line);
                });
                if (interactive) Console.Error.Write("\r" + new string(' ', 118) + "\r");
                ConnectionProbe.Print(Console.Out, connection);
            }

            bool streamingOk = true;
            if ((options.Workloads == null || options.Workloads.Contains("sportevents")) && options.WantsSerializer("Amber"))
            {
                BenchScale scale = options.Tiny ? BenchScale.Tiny : options.Full ? BenchScale.Full : BenchScale.Quick;
                List<StreamingProbe.Row> streaming = StreamingProbe.Run(scale, line =>
                {
                    if (interactive) Console.Error.Write("\r" + ("[snapshot file] " + line).PadRight(118));
                    else Console.Error.WriteLine("[snapshot file] " + line);
                });
                if (interactive) Console.Error.Write("\r" + new string(' ', 118) + "\r");
                StreamingProbe.Print(Console.Out, streaming, scale.SportEvents);
                streamingOk = streaming.TrueForAll(r => r.Size == 0 || r.Verified);
            }

            if (options.CsvPath != null)
            {
                Report.WriteCsv(options.CsvPath, rows);
                string svg = Path.ChangeExtension(options.CsvPath, ".svg");
                Report.WriteSvg(svg, rows);
                Console.WriteLine();
                Console.WriteLine($"wrote {options.CsvPath} and {svg}");
            }
            bool allVerified = rows.TrueForAll(r => !r.Measured || r.Verified) && streamingOk && entryPoints.TrueForAll(r => r.Result.Measured && r.Result.Verified)
                && connection.TrueForAll(r => r.Result.Measured && r.Result.Verified);
            return allVerified ? 0 : 1;
        }
    }
}
