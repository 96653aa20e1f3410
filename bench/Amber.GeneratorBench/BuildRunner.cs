using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;

namespace Amber.GeneratorBench
{
    /// <summary>A step of a model project's build that did not succeed.</summary>
    public sealed class BuildFailedException : Exception
    {
        public BuildFailedException(string message) : base(message)
        {
        }
    }

    /// <summary>One measured build: its wall time, the serializer's generator's time from csc's analyzer report, and whether csc ran in the compiler server.</summary>
    public readonly record struct MeasuredBuild(double WallSeconds, double? CompileSeconds, double? GeneratorSeconds, bool OnCompilerServer);

    /// <summary>Runs `dotnet restore` and `dotnet build` on a model project and reads what the builds report.</summary>
    public sealed class BuildRunner
    {
        /// <summary>
        /// The compiler server, as a developer's builds use it, even where the environment turns it off (UseSharedCompilation=false);
        /// the tool's own server (csc's /shared:NAME), so that its builds neither wait on nor warm up a server that other builds on
        /// the machine use, and the server runs at the priority the tool was started with. It exits by itself after ten idle minutes.
        /// On Unix the id names the server's socket in the temp folder, so it differs from the default scratch folder's name.
        /// </summary>
        private static readonly string[] s_common =
        {
            "-nologo", "-tl:off", "-nodeReuse:false", "-p:UseSharedCompilation=true", "-p:SharedCompilationId=amber-generatorbench-csc",
        };

        /// <summary>What the Csc task logs when the compilation ran in the compiler server.</summary>
        private const string CompilerServerUsed = "CompilerServer: server";

        public static string MeasuredCommand =>
            "dotnet build -c Release --no-restore --no-dependencies -p:ReportAnalyzer=true -p:UseSharedCompilation=true (and a detailed file log)";

        /// <summary>Builds src/Amber (and with it the generator) in Release, once, for the model projects that reference their assemblies.</summary>
        public void BuildAmber(string repo)
        {
            (int exit, string output) = Run(new[] { "build", ModelWriter.RuntimeProject(repo), "-c", "Release", "-v:q" }.Concat(s_common), repo);
            if (exit != 0) throw new BuildFailedException($"the build of src/Amber failed (exit code {exit}): {output.Trim()}");
        }

        /// <summary>Builds the amber tool in Release, once, for the models whose schema baseline it writes.</summary>
        public void BuildTool(string repo)
        {
            (int exit, string output) = Run(new[] { "build", ModelWriter.ToolProject(repo), "-c", "Release", "-v:q" }.Concat(s_common), repo);
            if (exit != 0) throw new BuildFailedException($"the build of src/Amber.Tool failed (exit code {exit}): {output.Trim()}");
        }

        /// <summary>Writes the schema of the model's last build into its project folder, as the baseline of a release (amber schema --output).</summary>
        public void WriteBaseline(string repo, ModelProject project)
        {
            string baseline = Path.Combine(project.ProjectDirectory, ModelWriter.BaselineFileName);
            (int exit, string output) = Run(new[] { ModelWriter.ToolAssembly(repo), "schema", "--assembly", ModelWriter.ModelAssembly(project), "--output", baseline }, project.ProjectDirectory);
            if (exit != 0 || !File.Exists(baseline)) throw new BuildFailedException($"amber schema failed (exit code {exit}): {output.Trim()}");
        }

        /// <summary>
        /// Shows that the build reads the baseline, so the measured builds time a check that runs: with one Int32 member of the
        /// baseline made Int64 the build must warn AMB020; the true baseline is then put back.
        /// </summary>
        public void ProveBaselineRead(ModelProject project)
        {
            string baseline = Path.Combine(project.ProjectDirectory, ModelWriter.BaselineFileName);
            string text = File.ReadAllText(baseline);
            int at = text.IndexOf("\"scalar\": \"Int32\"", StringComparison.Ordinal);
            if (at < 0) throw new BuildFailedException("the baseline has no Int32 member to change");
            File.WriteAllText(baseline, text.Substring(0, at) + "\"scalar\": \"Int64\"" + text.Substring(at + "\"scalar\": \"Int32\"".Length));
            try
            {
                string output = WarmUp(project);
                if (!output.Contains("warning AMB020", StringComparison.Ordinal))
                    throw new BuildFailedException("a build against a changed baseline reported no AMB020: the generator does not read the baseline");
            }
            finally
            {
                File.WriteAllText(baseline, text);
            }
        }

        public void Restore(ModelProject project) =>
            RunOrThrow("restore", new[] { "restore", project.ProjectFile, "-v:q" }, project);

        /// <summary>
        /// A full build, project references included, with the generated files emitted: it builds src/Amber and the generator once,
        /// starts the compiler server and loads the generators into it, and leaves the files that <see cref="GeneratedCode"/> counts.
        /// </summary>
        /// <returns>What the build printed (its warnings).</returns>
        public string WarmUp(ModelProject project)
        {
            if (Directory.Exists(project.GeneratedDirectory)) Directory.Delete(project.GeneratedDirectory, recursive: true);
            return RunOrThrow("warm-up build", new[] { "build", project.ProjectFile, "-c", "Release", "--no-restore", "-v:q", ModelWriter.EmitProperty }, project);
        }

        /// <summary>
        /// The measured build: the model project alone (its references were built by <see cref="WarmUp"/>), with csc's analyzer report
        /// in a detailed log, from which the time of <paramref name="generatorAssembly"/> is read.
        /// </summary>
        public MeasuredBuild Measure(ModelProject project, int revision, string? generatorAssembly)
        {
            string log = Path.Combine(project.LogsDirectory, $"build-{revision}.log");
            string[] args =
            {
                "build", project.ProjectFile, "-c", "Release", "--no-restore", "--no-dependencies", "-p:ReportAnalyzer=true",
                "-v:q", $"-flp:logfile={log};verbosity=detailed;performancesummary",
            };
            var clock = Stopwatch.StartNew();
            RunOrThrow("build", args, project);
            double wall = clock.Elapsed.TotalSeconds;
            bool onServer = File.ReadLines(log).Any(l => l.Contains(CompilerServerUsed, StringComparison.Ordinal));
            double? compile = AnalyzerReport.CscSeconds(File.ReadLines(log));
            if (generatorAssembly == null) return new MeasuredBuild(wall, compile, null, onServer);
            double? generator = AnalyzerReport.GeneratorSeconds(File.ReadLines(log), generatorAssembly)
                ?? throw new BuildFailedException($"csc's analyzer report in {log} has no line for {generatorAssembly}.");
            return new MeasuredBuild(wall, compile, generator, onServer);
        }

        /// <summary>The version of the SDK that builds the models (the scratch folder has no global.json).</summary>
        public static string SdkVersion(string work)
        {
            (int exit, string output) = Run(new[] { "--version" }, work);
            return exit == 0 ? output.Trim() : "unknown";
        }

        private static string RunOrThrow(string step, IEnumerable<string> args, ModelProject project)
        {
            (int exit, string output) = Run(args.Concat(s_common), project.ProjectDirectory);
            if (exit == 0) return output;
            string[] errors = output.Split('\n').Select(l => l.Trim()).Where(l => l.Contains("error", StringComparison.OrdinalIgnoreCase)).Distinct().Take(5).ToArray();
            throw new BuildFailedException($"the {step} failed (exit code {exit}): {(errors.Length > 0 ? string.Join(" | ", errors) : output.Trim())}");
        }

        private static (int Exit, string Output) Run(IEnumerable<string> args, string workingDirectory)
        {
            var start = new ProcessStartInfo("dotnet")
            {
                WorkingDirectory = workingDirectory,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            foreach (string a in args) start.ArgumentList.Add(a);
            using Process process = Process.Start(start) ?? throw new BuildFailedException("dotnet did not start.");
            var output = new StringBuilder();
            process.OutputDataReceived += (_, e) => { if (e.Data != null) lock (output) output.AppendLine(e.Data); };
            process.ErrorDataReceived += (_, e) => { if (e.Data != null) lock (output) output.AppendLine(e.Data); };
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            process.WaitForExit();
            return (process.ExitCode, output.ToString());
        }
    }
}
