using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;

namespace Amber.GeneratorBench
{
    /// <summary>
    /// For each shape and size: writes every serializer's model project, restores and warms each up, counts its generated code,
    /// then measures builds in rounds, every serializer once per round in a rotating order, so that a slow spell of the machine
    /// lands on all of them rather than on one.
    /// </summary>
    public sealed class GeneratorBenchRunner
    {
        private readonly GeneratorBenchOptions _options;
        private readonly ModelWriter _writer;
        private readonly BuildRunner _builds = new BuildRunner();
        private readonly Action<string> _progress;

        public GeneratorBenchRunner(GeneratorBenchOptions options, Action<string> progress)
        {
            _options = options;
            _progress = progress;
            string? memoryPackVersion = options.Serializers.Any(s => s is SerializerKind.MemoryPack or SerializerKind.MemoryPackVersionTolerant) ? ModelWriter.MemoryPackVersion(options.Repo) : null;
            _writer = new ModelWriter(options.Repo, memoryPackVersion);
        }

        public List<Scenario> Run()
        {
            _writer.WriteScratchRoot(_options.Work);
            if (_options.Serializers.Any(s => s.IsAmber())) _builds.BuildAmber(_options.Repo);
            if (_options.Serializers.Contains(SerializerKind.AmberBaseline)) _builds.BuildTool(_options.Repo);
            var all = new List<Scenario>();
            foreach (ModelShape shape in _options.Shapes)
            {
                foreach (int types in _options.Types)
                {
                    List<Scenario> group = _options.Serializers.Select(s => new Scenario(s, shape, types)).ToList();
                    all.AddRange(group);
                    RunGroup(group, _options.RunsFor(types));
                }
            }
            return all;
        }

        private void RunGroup(List<Scenario> group, int runs)
        {
            var projects = new Dictionary<Scenario, ModelProject>();
            foreach (Scenario scenario in group)
            {
                Step(scenario, () =>
                {
                    ModelProject project = _writer.Write(scenario, _options.Work);
                    _builds.Restore(project);
                    var clock = Stopwatch.StartNew();
                    _builds.WarmUp(project);
                    if (scenario.Serializer == SerializerKind.AmberBaseline)
                    {
                        // The model's schema becomes its baseline; a build against a changed copy shows the generator reads it,
                        // and a last warm-up reads the true one.
                        _builds.WriteBaseline(_options.Repo, project);
                        _builds.ProveBaselineRead(project);
                        _builds.WarmUp(project);
                    }
                    if (scenario.Serializer.GeneratorAssembly() is string generator)
                    {
                        (scenario.GeneratedFiles, scenario.GeneratedLines) = GeneratedCode.Count(project.GeneratedDirectory, generator);
                    }
                    _progress($"{scenario.Name}: written, restored, warm-up build {Seconds(clock.Elapsed.TotalSeconds)} s, {scenario.GeneratedFiles} generated files, {scenario.GeneratedLines:N0} lines");
                    projects[scenario] = project;
                });
            }

            for (int round = 0; round < runs; round++)
            {
                int revision = round + 1;
                for (int k = 0; k < group.Count; k++)
                {
                    Scenario scenario = group[(round + k) % group.Count];
                    if (scenario.Failure != null) continue;
                    Step(scenario, () =>
                    {
                        ModelProject project = projects[scenario];
                        _writer.Edit(scenario, project, revision);
                        MeasuredBuild build = _builds.Measure(project, revision, scenario.Serializer.GeneratorAssembly());
                        scenario.BuildSeconds.Add(build.WallSeconds);
                        if (build.CompileSeconds is double c) scenario.CompileSeconds.Add(c);
                        if (build.GeneratorSeconds is double g) scenario.GeneratorSeconds.Add(g);
                        if (!build.OnCompilerServer) scenario.BuildsOffServer++;
                        string generatorText = build.GeneratorSeconds is double s ? $", generator {Seconds(s)} s" : "";
                        string serverText = build.OnCompilerServer ? "" : " (csc ran outside the compiler server)";
                        _progress($"{scenario.Name}: run {revision}/{runs}: build {Seconds(build.WallSeconds)} s{generatorText}{serverText}");
                    });
                }
            }
        }

        /// <summary>Runs one step of a scenario; a failure is recorded on the scenario, which then takes no further steps.</summary>
        private void Step(Scenario scenario, Action step)
        {
            if (scenario.Failure != null) return;
            try
            {
                step();
            }
            catch (BuildFailedException ex)
            {
                scenario.Failure = ex.Message;
                _progress($"{scenario.Name}: {ex.Message}");
            }
        }

        private static string Seconds(double s) => s.ToString("0.00", CultureInfo.InvariantCulture);
    }
}
