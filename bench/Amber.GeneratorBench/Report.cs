using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Amber.GeneratorBench
{
    /// <summary>The result table, the scaling and head-to-head figures, and what each column measures, in markdown.</summary>
    public static class Report
    {
        /// <summary>The size the head-to-head figure and the scaling figure's baseline use when the run has it.</summary>
        private const int ReferenceTypes = 300;

        public static void Write(TextWriter o, IReadOnlyList<Scenario> scenarios, IReadOnlyList<string> header)
        {
            o.WriteLine("## The generator at scale");
            o.WriteLine();
            foreach (string line in header) o.WriteLine(line);
            o.WriteLine();
            o.WriteLine("| shape | types | serializer | generator time, s | compile (csc), s | whole build, s | generated lines | files |");
            o.WriteLine("|---|---:|---|---:|---:|---:|---:|---:|");
            foreach (Scenario s in scenarios)
            {
                bool hasGenerator = s.Serializer.GeneratorAssembly() != null;
                if (s.Failure != null)
                {
                    o.WriteLine($"| {s.ShapeName} | {s.Types:N0} | {s.Serializer.DisplayName()} | {Escape(s.Failure)} | | | | |");
                    continue;
                }
                string generator = hasGenerator ? Spread(s.GeneratorSeconds) : "—";
                string lines = hasGenerator ? s.GeneratedLines.ToString("N0", CultureInfo.InvariantCulture) : "—";
                string files = hasGenerator ? s.GeneratedFiles.ToString("N0", CultureInfo.InvariantCulture) : "—";
                o.WriteLine($"| {s.ShapeName} | {s.Types:N0} | {s.Serializer.DisplayName()} | {generator} | {Spread(s.CompileSeconds)} | {Spread(s.BuildSeconds)} | {lines} | {files} |");
            }

            List<string> figures = Figures(scenarios).Concat(Added(scenarios)).Concat(BaselineCost(scenarios)).ToList();
            if (figures.Count > 0)
            {
                o.WriteLine();
                foreach (string f in figures) o.WriteLine("* " + f);
            }

            o.WriteLine();
            o.WriteLine("Times are the median of the measured builds, with the lowest and highest in brackets (one build: that build's time).");
            o.WriteLine();
            o.WriteLine("* **generator time**: the serializer's generator's own line in csc's analyzer report (`-p:ReportAnalyzer=true`): the time the compiler "
                + "spent in that generator during one compilation of the model project, from scratch (no generator state is kept from one build to the next), "
                + "in the compiler server, which earlier builds have warmed up, as in a developer's builds. None has no serializer generator.");
            o.WriteLine("* **compile (csc)**: the Csc task's time in MSBuild's task performance summary of the same builds: the compilation, with every generator and analyzer, without MSBuild's own start-up and evaluation.");
            o.WriteLine($"* **whole build**: the wall time of `{BuildRunner.MeasuredCommand}` on the model project alone, after a one-line edit of a model file: "
                + "MSBuild's start-up and evaluation, the compilation with every analyzer and generator the SDK adds, and copying the output. "
                + "Amber's model references the runtime and generator assemblies of one Release build of src/Amber, as the package does, so no other project is evaluated or built.");
            o.WriteLine("* **generated lines, files**: the files the serializer's generator added to the compilation (`EmitCompilerGeneratedFiles`), and their lines.");
            o.WriteLine("* **shapes**: *connected*: class C{i} refers to C{i+1}, and every class is serialized at a call site of its own, so each call site "
                + "reaches the rest of the chain; *tree*: a binary tree (C{i} refers to C{2i+1} and C{2i+2}), serialized at one call site, on its root. "
                + "Each class has 12 members: int, long, string, double, bool, DateTime, decimal, Guid, int?, an enum, a List<int> or List<string>, "
                + "and a reference to another class (in the tree, a class with two children has a second reference in place of the list; "
                + "a class with no class to refer to has an int in place of the reference).");
            o.WriteLine("* **rounds**: each round builds every serializer's project once, in an order that rotates from round to round.");
            List<string> offServer = scenarios.Where(s => s.BuildsOffServer > 0).Select(s => $"{s.Name} ({s.BuildsOffServer})").ToList();
            if (offServer.Count > 0)
            {
                o.WriteLine($"* **not on the compiler server**: some measured builds ran csc as a process of its own, so their times include starting it: {string.Join(", ", offServer)}.");
            }
        }

        /// <summary>
        /// Per shape, Amber's generator time at the largest size ÷ its time at 300 types (or at the next size down when the run has no 300),
        /// beside the ratio of the sizes (what linear growth would give); then Amber ÷ MemoryPack at 300 types (or at the largest size).
        /// </summary>
        private static IEnumerable<string> Figures(IReadOnlyList<Scenario> scenarios)
        {
            foreach (var shape in scenarios.GroupBy(s => s.ShapeName))
            {
                List<Scenario> amber = shape.Where(s => s.Serializer == SerializerKind.Amber && s.Failure == null && s.GeneratorSeconds.Count > 0)
                    .OrderBy(s => s.Types).ToList();
                if (amber.Count < 2) continue;
                Scenario largest = amber[^1];
                Scenario baseline = amber.FirstOrDefault(s => s.Types == ReferenceTypes && s != largest) ?? amber[^2];
                double ratio = Median(largest.GeneratorSeconds) / Median(baseline.GeneratorSeconds);
                double linear = (double)largest.Types / baseline.Types;
                yield return string.Format(CultureInfo.InvariantCulture,
                    "{0}: Amber's generator time at {1:N0} types ÷ at {2:N0} types: **{3:0.0}×** (the sizes' ratio, {4:0.0}×, would be linear; its square, {5:0.0}×, quadratic)",
                    shape.Key, largest.Types, baseline.Types, ratio, linear, linear * linear);
            }
            foreach (var shape in scenarios.GroupBy(s => s.ShapeName))
            {
                var pairs = shape.GroupBy(s => s.Types)
                    .Select(g => (Types: g.Key,
                        Amber: g.FirstOrDefault(s => s.Serializer == SerializerKind.Amber && s.Failure == null && s.GeneratorSeconds.Count > 0),
                        MemoryPack: g.FirstOrDefault(s => s.Serializer == SerializerKind.MemoryPack && s.Failure == null && s.GeneratorSeconds.Count > 0)))
                    .Where(p => p.Amber != null && p.MemoryPack != null)
                    .OrderBy(p => p.Types).ToList();
                if (pairs.Count == 0) continue;
                var pair = pairs.FirstOrDefault(p => p.Types == ReferenceTypes);
                if (pair.Amber == null) pair = pairs[^1];
                yield return string.Format(CultureInfo.InvariantCulture,
                    "{0}: Amber's generator time ÷ MemoryPack's at {1:N0} types: **{2:0.0}×** ({3} s against {4} s)",
                    shape.Key, pair.Types, Median(pair.Amber!.GeneratorSeconds) / Median(pair.MemoryPack!.GeneratorSeconds),
                    Format(Median(pair.Amber.GeneratorSeconds)), Format(Median(pair.MemoryPack.GeneratorSeconds)));
            }
        }

        /// <summary>Per shape and size with both: what checking the model against a schema baseline adds to Amber's generator time (medians).</summary>
        private static IEnumerable<string> BaselineCost(IReadOnlyList<Scenario> scenarios)
        {
            foreach (var group in scenarios.Where(s => s.Failure == null && s.GeneratorSeconds.Count > 0).GroupBy(s => (s.ShapeName, s.Types)))
            {
                Scenario? amber = group.FirstOrDefault(s => s.Serializer == SerializerKind.Amber);
                Scenario? checkedAmber = group.FirstOrDefault(s => s.Serializer == SerializerKind.AmberBaseline);
                if (amber == null || checkedAmber == null) continue;
                yield return string.Format(CultureInfo.InvariantCulture,
                    "{0}, {1:N0} types: Amber's generator time with the model checked against a schema baseline (full mode): {2} s against {3} s without, a difference of {4} s",
                    group.Key.ShapeName, group.Key.Types, Spread(checkedAmber.GeneratorSeconds), Spread(amber.GeneratorSeconds),
                    Signed(Median(checkedAmber.GeneratorSeconds) - Median(amber.GeneratorSeconds)));
            }
        }

        /// <summary>Per shape and size with all three serializers: what Amber's and MemoryPack's models add to the build of the same classes with no serializer (medians).</summary>
        private static IEnumerable<string> Added(IReadOnlyList<Scenario> scenarios)
        {
            foreach (var group in scenarios.Where(s => s.Failure == null).GroupBy(s => (s.ShapeName, s.Types)))
            {
                Scenario? amber = group.FirstOrDefault(s => s.Serializer == SerializerKind.Amber);
                Scenario? memoryPack = group.FirstOrDefault(s => s.Serializer == SerializerKind.MemoryPack);
                Scenario? tolerant = group.FirstOrDefault(s => s.Serializer == SerializerKind.MemoryPackVersionTolerant);
                Scenario? none = group.FirstOrDefault(s => s.Serializer == SerializerKind.None);
                if (amber == null || memoryPack == null || none == null || none.BuildSeconds.Count == 0) continue;
                string Over(List<double> a, List<double> baseline) => a.Count == 0 || baseline.Count == 0 ? "?" : Format(Median(a) - Median(baseline));
                string tolerantText = tolerant == null ? "" : string.Format(CultureInfo.InvariantCulture, ", MemoryPack (version tolerant) {0} s / {1} s",
                    Over(tolerant.BuildSeconds, none.BuildSeconds), Over(tolerant.CompileSeconds, none.CompileSeconds));
                yield return string.Format(CultureInfo.InvariantCulture,
                    "{0}, {1:N0} types: what the serializer adds to a build with no serializer, whole build / compile: Amber {2} s / {3} s, MemoryPack {4} s / {5} s{6}",
                    group.Key.ShapeName, group.Key.Types, Over(amber.BuildSeconds, none.BuildSeconds), Over(amber.CompileSeconds, none.CompileSeconds),
                    Over(memoryPack.BuildSeconds, none.BuildSeconds), Over(memoryPack.CompileSeconds, none.CompileSeconds), tolerantText);
            }
        }

        private static string Spread(List<double> values)
        {
            if (values.Count == 0) return "";
            if (values.Count == 1) return Format(values[0]);
            return $"{Format(Median(values))} ({Format(values.Min())}–{Format(values.Max())})";
        }

        private static double Median(List<double> values)
        {
            List<double> sorted = values.OrderBy(v => v).ToList();
            int mid = sorted.Count / 2;
            return sorted.Count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        }

        private static string Format(double seconds) =>
            seconds.ToString(seconds < 1 ? "0.000" : seconds < 10 ? "0.00" : "0.0", CultureInfo.InvariantCulture);

        private static string Signed(double seconds) => (seconds < 0 ? "−" : "+") + Format(System.Math.Abs(seconds));

        private static string Escape(string text) => text.Replace("|", "\\|").Replace("\n", " ");
    }
}
