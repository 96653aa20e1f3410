using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// The coldstart mode: the gamestate save loaded in fresh processes, one serializer per process, as a
    /// game loads its save at launch. Each serializer gets its own build of bench/Amber.ColdStart (only that
    /// serializer's package and generator in it), published twice: framework-dependent (JIT) and with
    /// NativeAOT. Every build writes its own save file (plain, and the same bytes LZ4-compressed), then the
    /// rounds run: in each round every configuration (serializer × runtime × file) starts once, in a
    /// rotating order, so that a slow spell of the machine is spread over all of them. Reported per
    /// configuration: the median and range of process start to first object loaded, of the first
    /// deserialize call, and the steady-state deserialize time.
    /// </summary>
    public static class ColdStartProbe
    {
        /// <summary>The serializers with a cold-load build, by the build's name and the table's.</summary>
        private static readonly (string Build, string Name)[] Serializers =
        {
            ("Amber", "Amber"),
            ("MemoryPack", "MemoryPack"),
            ("MessagePack", "MessagePack (int keys)"),
            ("ProtobufNet", "protobuf-net"),
            ("SystemTextJson", "System.Text.Json (source gen)"),
        };

        /// <summary>
        /// Peers that cannot load this save in a NativeAOT binary, and why (each found by publishing it; the
        /// reason is printed in the row instead of publishing again).
        /// </summary>
        private static readonly Dictionary<string, string> NoNativeAot = new Dictionary<string, string>
        {
            ["MessagePack"] = "not measured: MessagePack 2.5.307 builds its formatters at run time (Reflection.Emit), which NativeAOT cannot run; "
                + "it needs formatters generated at build time (its mpc tool, or the source generator of MessagePack v3), which the suite does not set up",
            ["ProtobufNet"] = "not measured: protobuf-net 3.4.40 publishes for NativeAOT only with a build-time model ([ProtoModel], marked experimental: PBN9001), "
                + "and that model omits Room, GameCharacter and CameraState (a member of type Engine.Vector2: no contract, and the game does not own the type) and GameState (a private member) (PBN3001); "
                + "without it, the publish stops at PBN3012",
        };

        private sealed class Build
        {
            public Build(string serializer, string name, string runtime, string directory)
            {
                Serializer = serializer;
                Name = name;
                Runtime = runtime;
                Directory = directory;
            }

            public string Serializer { get; }
            public string Name { get; }
            public string Runtime { get; }
            public string Directory { get; }
            public string Executable => Path.Combine(Directory, "Amber.ColdStart");
            public string? Failure { get; set; }
            public int TrimAndAotWarnings { get; set; }
            public long BinaryBytes { get; set; }
        }

        private sealed class Config
        {
            public Config(Build build, bool lz4, string file)
            {
                Build = build;
                Lz4 = lz4;
                File = file;
            }

            public Build Build { get; }
            public bool Lz4 { get; }
            public string File { get; }
            public List<double> StartToFirst { get; } = new List<double>();
            public List<double> FirstCall { get; } = new List<double>();
            public List<double> Steady { get; } = new List<double>();
            public string? Failure { get; set; }
            public bool Verified { get; set; } = true;
        }

        public static int Run(int rounds, string? only, Action<string> progress)
        {
            string root = RepositoryRoot();
            string work = Path.Combine(root, "bench", "Amber.ColdStart", "bin", "coldstart");
            System.IO.Directory.CreateDirectory(work);

            var builds = new List<Build>();
            foreach ((string serializer, string name) in Serializers)
            {
                if (only != null && !only.Split(',').Any(s => name.StartsWith(s.Trim(), StringComparison.OrdinalIgnoreCase) || serializer.Equals(s.Trim(), StringComparison.OrdinalIgnoreCase))) continue;
                foreach (string runtime in new[] { "JIT", "NativeAOT" })
                {
                    var build = new Build(serializer, name, runtime, Path.Combine(work, serializer, runtime == "JIT" ? "jit" : "aot"));
                    if (runtime == "NativeAOT" && NoNativeAot.TryGetValue(serializer, out string? reason))
                    {
                        build.Failure = reason;
                    }
                    else
                    {
                        progress($"publishing {name} ({runtime})…");
                        Publish(root, build);
                    }
                    builds.Add(build);
                }
            }

            var configs = new List<Config>();
            var sizes = new Dictionary<string, (long Plain, long Lz4)>();
            foreach (IGrouping<string, Build> serializer in builds.GroupBy(b => b.Serializer))
            {
                Build jit = serializer.First(b => b.Runtime == "JIT");
                string plain = Path.Combine(work, serializer.Key, "gamestate.bin");
                string lz4 = Path.Combine(work, serializer.Key, "gamestate.lz4");
                if (jit.Failure == null)
                {
                    (int exit, string output) = RunChild(jit.Executable, new[] { "write", plain, lz4 });
                    if (exit != 0) jit.Failure = "writing the save failed: " + output.Trim();
                    else sizes[serializer.Key] = (new FileInfo(plain).Length, new FileInfo(lz4).Length);
                }
                foreach (Build build in serializer)
                {
                    if (build.Failure == null && jit.Failure != null) build.Failure = jit.Failure;
                    configs.Add(new Config(build, lz4: false, plain) { Failure = build.Failure });
                    configs.Add(new Config(build, lz4: true, lz4) { Failure = build.Failure });
                }
            }

            for (int round = 0; round < rounds; round++)
            {
                for (int k = 0; k < configs.Count; k++)
                {
                    Config config = configs[(k + round) % configs.Count];
                    if (config.Failure != null) continue;
                    progress($"round {round + 1}/{rounds}: {config.Build.Name} ({config.Build.Runtime}{(config.Lz4 ? ", LZ4" : "")})");
                    Measure(config);
                }
            }

            Print(Console.Out, builds, configs, sizes, rounds);
            // A peer that cannot publish or run in some runtime is a row of the table; Amber failing anywhere, or
            // any copy differing from the save, is a failed run.
            bool amberRan = configs.Where(c => c.Build.Serializer == "Amber").All(c => c.Failure == null);
            return amberRan && configs.All(c => c.Verified) ? 0 : 1;
        }

        private static void Publish(string root, Build build)
        {
            var args = new List<string>
            {
                "publish", Path.Combine(root, "bench", "Amber.ColdStart", "Amber.ColdStart.csproj"), "-c", "Release",
                "-p:ColdStartSerializer=" + build.Serializer, "-o", build.Directory, "--nologo",
            };
            if (build.Runtime == "NativeAOT") args.Add("-p:AmberAotCheck=true");
            (int exit, string output) = RunChild("dotnet", args);
            // A peer's trim and AOT warnings (IL2xxx, IL3xxx) are counted once per distinct message.
            build.TrimAndAotWarnings = output.Split('\n').Where(l => Regex.IsMatch(l, @"warning IL[23]\d{3}")).Select(l => l.Trim()).Distinct().Count();
            if (exit != 0)
            {
                string firstError = output.Split('\n').FirstOrDefault(l => l.Contains(" error ", StringComparison.Ordinal))?.Trim() ?? "exit code " + exit;
                // The message without the project's path after it or the checkout's path before the file.
                firstError = Regex.Replace(firstError, @"\s*\[[^\]]*\.csproj[^\]]*\]$", "").Replace(root + Path.DirectorySeparatorChar, "");
                build.Failure = "the publish failed: " + firstError;
                return;
            }
            if (File.Exists(build.Executable)) build.BinaryBytes = new FileInfo(build.Executable).Length;
        }

        private static void Measure(Config config)
        {
            var args = new List<string> { "load", config.File, "", };
            if (config.Lz4) args.Add("--lz4");
            else args.AddRange(new[] { "--steady-ms", "1000" });
            var start = new ProcessStartInfo(config.Build.Executable) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            // The time goes on the command line last of all: taken just before the process is created.
            long ticks = DateTime.UtcNow.Ticks;
            args[2] = ticks.ToString(CultureInfo.InvariantCulture);
            foreach (string a in args) start.ArgumentList.Add(a);
            using Process process = Process.Start(start)!;
            string output = process.StandardOutput.ReadToEnd();
            string errors = process.StandardError.ReadToEnd();
            process.WaitForExit();
            Dictionary<string, string> values = output.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                .Select(p => p.Split('=', 2)).Where(p => p.Length == 2).GroupBy(p => p[0]).ToDictionary(g => g.Key, g => g.First()[1]);
            if (values.TryGetValue("error", out _) || !values.ContainsKey("start_to_first_ms"))
            {
                config.Failure = "fails: " + (output.Trim().Length > 0 ? output.Trim() : errors.Trim().Split('\n').FirstOrDefault() ?? "exit code " + process.ExitCode);
                return;
            }
            config.StartToFirst.Add(double.Parse(values["start_to_first_ms"], CultureInfo.InvariantCulture));
            config.FirstCall.Add(double.Parse(values["first_call_ms"], CultureInfo.InvariantCulture));
            if (!config.Lz4) config.Steady.Add(double.Parse(values["steady_ms"], CultureInfo.InvariantCulture));
            if (values["verified"] != "true") config.Verified = false;
        }

        private static void Print(TextWriter o, List<Build> builds, List<Config> configs, Dictionary<string, (long Plain, long Lz4)> sizes, int rounds)
        {
            o.WriteLine();
            o.WriteLine($"## Cold load: the gamestate save (quick scale), {rounds} fresh processes per row");
            o.WriteLine("Times in ms, median (lowest–highest). Start to first object: from just before the process is created to the loaded GameState in hand (runtime start-up, reading the file, LZ4 decoding where the row says so, the serializer's set-up and first call). First call: the first deserialize call alone. Steady state: the median call of the second half of a second spent calling deserialize (plain file rows only).");
            o.WriteLine();
            o.WriteLine("| serializer | runtime | file | bytes | start to first object | first call | steady state | verified |");
            o.WriteLine("|---|---|---|---:|---:|---:|---:|---|");
            foreach (Config c in configs)
            {
                string bytes = sizes.TryGetValue(c.Build.Serializer, out var s) ? (c.Lz4 ? s.Lz4 : s.Plain).ToString("N0", CultureInfo.InvariantCulture) : "";
                string file = c.Lz4 ? "LZ4" : "plain";
                if (c.Failure != null && c.Lz4 && c.Failure == c.Build.Failure) continue;
                if (c.Failure != null || c.StartToFirst.Count == 0)
                {
                    o.WriteLine($"| {c.Build.Name} | {c.Build.Runtime} | {file} | {bytes} | {c.Failure ?? "not run"} | | | |");
                    continue;
                }
                o.WriteLine($"| {c.Build.Name} | {c.Build.Runtime} | {file} | {bytes} | {Spread(c.StartToFirst)} | {Spread(c.FirstCall)} | {(c.Lz4 ? "" : Spread(c.Steady))} | {(c.Verified ? "yes" : "NO")} |");
            }
            o.WriteLine();
            o.WriteLine("NativeAOT builds (bench/Amber.ColdStart, one per serializer): the executable's size and the trim/AOT warnings its publish reported (distinct messages).");
            o.WriteLine();
            o.WriteLine("| serializer | runtime | executable bytes | trim/AOT warnings |");
            o.WriteLine("|---|---|---:|---:|");
            foreach (Build b in builds)
            {
                if (b.Runtime == "JIT" || b.BinaryBytes == 0) continue;
                o.WriteLine($"| {b.Name} | {b.Runtime} | {b.BinaryBytes.ToString("N0", CultureInfo.InvariantCulture)} | {b.TrimAndAotWarnings} |");
            }
        }

        private static string Spread(List<double> values)
        {
            if (values.Count == 0) return "";
            var sorted = values.OrderBy(v => v).ToList();
            double median = sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
            return string.Format(CultureInfo.InvariantCulture, "{0} ({1}–{2})", Format(median), Format(sorted[0]), Format(sorted[^1]));
        }

        private static string Format(double ms) => ms.ToString(ms >= 100 ? "0" : ms >= 10 ? "0.0" : "0.00", CultureInfo.InvariantCulture);

        private static (int Exit, string Output) RunChild(string file, IEnumerable<string> args)
        {
            var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            foreach (string a in args) start.ArgumentList.Add(a);
            using Process process = Process.Start(start)!;
            var errors = new System.Text.StringBuilder();
            process.ErrorDataReceived += (_, e) => { if (e.Data != null) errors.AppendLine(e.Data); };
            process.BeginErrorReadLine();
            string output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return (process.ExitCode, output + errors);
        }

        /// <summary>The checkout this suite runs from: the folder above its build output that holds Amber.slnx.</summary>
        private static string RepositoryRoot()
        {
            for (DirectoryInfo? d = new DirectoryInfo(AppContext.BaseDirectory); d != null; d = d.Parent)
            {
                if (File.Exists(Path.Combine(d.FullName, "Amber.slnx"))) return d.FullName;
            }
            throw new InvalidOperationException("The coldstart mode builds bench/Amber.ColdStart from the source checkout, and found none above " + AppContext.BaseDirectory + ".");
        }
    }
}
