using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using Amber.Fuzz.Engine;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz
{
    /// <summary>
    /// <c>dotnet run -c Release --project fuzz/Amber.Fuzz -- [--target NAME|all] [--seconds N] [--iterations N] [--seed N] [--list]</c>,
    /// and <c>--replay FILE --target NAME</c> to run one saved input. See fuzz/README.md.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            string target = "all";
            double? seconds = null;
            long? iterations = null;
            int seed = 1;
            string? replay = null;
            string? findings = null;
            bool list = false;
            int stackKb = 512;
            string optionsName = "default";
            string? signatures = null;
            try
            {
                for (int i = 0; i < args.Length; i++)
                {
                    string Next() => i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{args[i]} needs a value");
                    switch (args[i])
                    {
                        case "--target": target = Next(); break;
                        case "--seconds": seconds = double.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--iterations": iterations = long.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--seed": seed = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--findings": findings = Next(); break;
                        case "--replay": replay = Next(); break;
                        case "--options": optionsName = Next(); break;
                        case "--list": list = true; break;
                        case "--stack": stackKb = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                        case "--signatures": signatures = Next(); break;
                        case "-h":
                        case "--help":
                            Console.WriteLine("options: --target NAME|MODEL|ENTRY|all  --seconds N  --iterations N  --seed N  --stack KB  --findings DIR  --signatures FILE  --list  --replay FILE [--options NAME]");
                            return 0;
                        default: throw new ArgumentException($"unknown option {args[i]}");
                    }
                }
            }
            catch (Exception e) when (e is ArgumentException or FormatException or OverflowException)
            {
                Console.Error.WriteLine(e.Message);
                return 2;
            }

            List<FuzzTarget> targets = FuzzTarget.Select(target);
            if (list)
            {
                foreach (FuzzTarget t in FuzzTarget.All) Console.WriteLine(t.Name);
                return 0;
            }
            if (targets.Count == 0)
            {
                Console.Error.WriteLine($"No target matches '{target}'; --list shows them.");
                return 2;
            }
            findings ??= Path.Combine(RepoRoot(), "fuzz", "findings");
            if (replay != null)
            {
                int index = Array.FindIndex(Delivery.OptionSets, o => o.Name == optionsName);
                if (index < 0)
                {
                    Console.Error.WriteLine($"--options is one of: {string.Join(", ", Delivery.OptionSets.Select(o => o.Name))}");
                    return 2;
                }
                return OnStack(stackKb, () => Replay(replay, targets, findings, Delivery.Whole.WithOptions(index)));
            }
            if (seconds == null && iterations == null) seconds = 60;

            var options = new FuzzOptions { Seed = seed, Seconds = seconds, Iterations = iterations, FindingsDirectory = findings, Log = Console.Out };
            Console.WriteLine($"Fuzzing {targets.Count} target(s) on a {stackKb} KB stack, seed {seed}, {(seconds != null ? seconds + " s in total" : "")}{(seconds != null && iterations != null ? ", " : "")}{(iterations != null ? iterations + " executions per target" : "")}; findings in {findings}");
            // The executions run on a thread with a small stack (--stack, 512 KB by default; a .NET thread
            // gets 1.5 MB on Linux, 1 MB on Windows), so nesting that only fits a big stack is found here.
            FuzzReport? report = null;
            OnStack(stackKb, () =>
            {
                using var engine = new FuzzEngine(targets, options);
                report = engine.Run();
                return 0;
            });
            if (report == null) return 3;
            Print(report);
            if (signatures != null)
                File.WriteAllLines(signatures, report.Targets.SelectMany(t => t.SignatureList.Select(x => t.Target.Name + "\t" + x)));
            return report.Findings.Count == 0 ? 0 : 1;
        }

        private static void Print(FuzzReport report)
        {
            Console.WriteLine();
            Console.WriteLine($"{"target",-28} {"executions",12} {"exec/s",8} {"ok",9} {"amber err",10} {"corpus",7} {"signatures",11} {"findings",9}");
            foreach (TargetStats s in report.Targets)
                Console.WriteLine($"{s.Target.Name,-28} {s.Executions,12:N0} {s.ExecutionsPerSecond,8:N0} {s.Successes,9:N0} {s.AmberErrors,10:N0} {s.CorpusSize,7:N0} {s.Signatures,11:N0} {s.Findings,9:N0}");
            Console.WriteLine();
            Console.WriteLine("per entry point:");
            foreach (IGrouping<EntryPoint, TargetStats> g in report.Targets.GroupBy(s => s.Target.Entry))
            {
                long execs = g.Sum(s => s.Executions);
                double time = g.Sum(s => s.Time.TotalSeconds);
                Console.WriteLine($"  {g.Key,-12} {execs,14:N0} executions in {time,8:N0} s, {(time > 0 ? execs / time : 0),8:N0}/s, {g.Sum(s => s.Findings)} finding(s)");
            }
            Console.WriteLine();
            Console.WriteLine($"amplification per entry point (inputs of {Amplification.MinimumInput:N0} bytes or more; the worst execution of any model):");
            Console.WriteLine($"  {"entry point",-12} {"alloc B/byte",13} {"(bytes, input)",24} {"model",-12} {"time ns/byte",13} {"(ms, input)",20} model");
            foreach (IGrouping<EntryPoint, TargetStats> g in report.Targets.GroupBy(s => s.Target.Entry))
            {
                TargetStats a = g.MaxBy(s => s.WorstAllocation.PerByte)!;
                TargetStats t = g.MaxBy(s => s.WorstTime.PerByte)!;
                Console.WriteLine($"  {g.Key,-12} {a.WorstAllocation.PerByte,13:N1} {$"({a.WorstAllocation.Cost:N0}, {a.WorstAllocation.InputLength:N0})",24} {a.Target.Model.Name,-12} "
                    + $"{t.WorstTime.PerByte,13:N1} {$"({t.WorstTime.Cost / 1e6:N2}, {t.WorstTime.InputLength:N0})",20} {t.Target.Model.Name}");
            }
            if (KeptRelay.Outcomes.Count > 0)
            {
                Console.WriteLine("relays that read their input (the other executions of Kept.* were refused by the relay):");
                foreach (KeyValuePair<string, long> o in KeptRelay.Outcomes.OrderBy(o => o.Key, StringComparer.Ordinal)) Console.WriteLine($"  {o.Key,-60} {o.Value,12:N0}");
            }
            Console.WriteLine($"total: {report.TotalExecutions:N0} executions in {report.Elapsed.TotalSeconds:N0} s ({report.TotalExecutions / Math.Max(0.001, report.Elapsed.TotalSeconds):N0}/s), {report.Targets.Sum(t => t.Signatures):N0} signatures, {report.Findings.Count} finding(s)");
            foreach (Finding f in report.Findings) Console.WriteLine($"  {f} (+{f.Repeats} more)");
        }

        private static int OnStack(int stackKb, Func<int> run)
        {
            int result = 3;
            var thread = new Thread(() => result = run(), stackKb * 1024);
            thread.Start();
            thread.Join();
            return result;
        }

        private static int Replay(string file, List<FuzzTarget> targets, string findings, Delivery delivery)
        {
            string path = File.Exists(file) ? file : Path.Combine(findings, file);
            byte[] input = File.ReadAllBytes(path);
            int failures = 0;
            using var engine = new FuzzEngine(targets, new FuzzOptions());
            foreach (FuzzTarget t in targets)
            {
                ExecutionResult r = engine.Execute(t, input, delivery);
                Finding? f = engine.Judge(t, input, delivery, r);
                Console.WriteLine($"{t.Name}: {(f != null ? "FAILS: " + f.Kind : "passes")}, {r.Elapsed.TotalMilliseconds:N1} ms, {r.AllocatedBytes:N0} bytes allocated");
                Console.WriteLine(r.Error == null ? "  returned a value" : "  " + r.Error.ToString().Replace("\n", "\n  "));
                if (f != null) failures++;
            }
            return failures == 0 ? 0 : 1;
        }

        /// <summary>The folder with Amber.slnx above the working directory (or the executable), so findings land in fuzz/findings.</summary>
        private static string RepoRoot()
        {
            foreach (string start in new[] { Directory.GetCurrentDirectory(), AppContext.BaseDirectory })
            {
                for (DirectoryInfo? d = new DirectoryInfo(start); d != null; d = d.Parent)
                {
                    if (File.Exists(Path.Combine(d.FullName, "Amber.slnx"))) return d.FullName;
                }
            }
            return Directory.GetCurrentDirectory();
        }
    }
}
