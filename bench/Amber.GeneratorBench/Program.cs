using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;

namespace Amber.GeneratorBench
{
    public static class Program
    {
        public static int Main(string[] args)
        {
            CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
            GeneratorBenchOptions options;
            try
            {
                options = GeneratorBenchOptions.Parse(args);
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            if (options.Help)
            {
                Console.WriteLine(GeneratorBenchOptions.Usage);
                return 0;
            }

            List<string> header = Header(options);
            foreach (string line in header) Console.Error.WriteLine(line);
            var clock = Stopwatch.StartNew();
            List<Scenario> scenarios;
            try
            {
                scenarios = new GeneratorBenchRunner(options, line => Console.Error.WriteLine($"[{clock.Elapsed:hh\\:mm\\:ss}] {line}")).Run();
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            header.Add($"The whole run took {clock.Elapsed:hh\\:mm\\:ss}.");

            Console.WriteLine();
            Report.Write(Console.Out, scenarios, header);
            if (options.MarkdownPath != null)
            {
                using var file = new StreamWriter(options.MarkdownPath);
                Report.Write(file, scenarios, header);
                Console.Error.WriteLine($"Wrote {options.MarkdownPath}.");
            }
            return scenarios.Any(s => s.Failure != null) ? 1 : 0;
        }

        private static List<string> Header(GeneratorBenchOptions options)
        {
            string runs = options.Runs is int n
                ? $"{n} measured build{(n == 1 ? "" : "s")} per row"
                : $"{GeneratorBenchOptions.SmallRuns} measured builds per row up to {GeneratorBenchOptions.SmallSizeLimit} types, {GeneratorBenchOptions.LargeRuns} above";
            return new List<string>
            {
                $"Amber checkout: {options.Repo}{Commit(options.Repo)}; scratch folder: {options.Work}.",
                $"{Environment.ProcessorCount} cores, {RuntimeInformation.OSDescription}, .NET SDK {BuildRunner.SdkVersion(Directory.Exists(options.Work) ? options.Work : Path.GetTempPath())}; {runs}.",
            };
        }

        /// <summary>" at commit abc1234", or nothing when the folder is not a git checkout.</summary>
        private static string Commit(string repo)
        {
            try
            {
                var start = new ProcessStartInfo("git") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
                foreach (string a in new[] { "-C", repo, "rev-parse", "--short", "HEAD" }) start.ArgumentList.Add(a);
                using Process process = Process.Start(start)!;
                string output = process.StandardOutput.ReadToEnd().Trim();
                process.StandardError.ReadToEnd();
                process.WaitForExit();
                return process.ExitCode == 0 && output.Length > 0 ? $" at commit {output}" : "";
            }
            catch (System.ComponentModel.Win32Exception)
            {
                return "";
            }
        }
    }
}
