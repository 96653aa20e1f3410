using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>Runs every selected workload against every selected serializer and returns the rows.</summary>
    public static class BenchRunner
    {
        public static IReadOnlyList<Workload> AllWorkloads() => new Workload[]
        {
            new EnvelopeWorkload(),
            new BookShelfWorkload(),
            new SportEventsWorkload(),
            new GameStateWorkload(),
            new GameStateNoShareWorkload(),
            new BootPayloadWorkload(),
            new Vector3Workload(),
            new EverydayWorkload(),
        };

        public static List<ResultRow> Run(BenchOptions options, IReadOnlyList<ISerializerAdapter> adapters, Action<string>? progressLine = null)
        {
            BenchScale scale = options.Scale;
            List<Workload> workloads = AllWorkloads().Where(w => options.Workloads == null || options.Workloads.Contains(w.Name)).ToList();
            if (options.Workloads != null)
            {
                foreach (string unknown in options.Workloads.Where(n => workloads.All(w => w.Name != n)))
                    throw new ArgumentException($"Unknown workload '{unknown}'. Known: {string.Join(", ", AllWorkloads().Select(w => w.Name))}.");
            }
            List<ISerializerAdapter> selected = adapters.Where(a => options.WantsSerializer(a.Name)).ToList();

            var rows = new List<ResultRow>();
            var clock = Stopwatch.StartNew();
            foreach (Workload workload in workloads)
            {
                // Serializers measured on their own copy of the model types get the same cases from it, made on first use.
                var ownCases = new Dictionary<IOwnModelAdapter, List<WorkloadCase>>();
                int caseIndex = -1;
                foreach (WorkloadCase input in workload.Cases(scale, options.Full))
                {
                    caseIndex++;
                    bool peak = workload.Name == "sportevents" && options.Long && !options.Tiny;   // the file round trip's peak: a long run's column
                    string where = $"[{clock.Elapsed:mm\\:ss}] {input.Title} ({input.Objects:N0} objects)";
                    Measurer m = options.CreateMeasurer(input.Objects, what => progressLine?.Invoke(where + ": " + what), peak);

                    // Every serializer is set up and checked first; then all are timed together, interleaved.
                    var slots = new List<(ResultRow? Fixed, int Subject)>();
                    var subjects = new List<Measurer.Subject>();
                    foreach (ISerializerAdapter adapter in selected)
                    {
                        if (!adapter.Supports(workload.Name)) continue;
                        try
                        {
                            WorkloadCase measured = input;
                            if (adapter is IOwnModelAdapter own)
                            {
                                if (!ownCases.TryGetValue(own, out List<WorkloadCase>? cases))
                                {
                                    cases = own.Workloads.Single(w => w.Name == workload.Name).Cases(scale, options.Full).ToList();
                                    ownCases[own] = cases;
                                }
                                measured = cases[caseIndex];
                            }
                            subjects.Add(measured.Prepare(m, adapter));
                            slots.Add((null, subjects.Count - 1));
                        }
                        catch (Exception ex) when (ex is not OutOfMemoryException)
                        {
                            slots.Add((Failed(input, adapter.Name, ex), -1));
                        }
                    }
                    if (input.Baseline != null && subjects.Count > 0)
                    {
                        subjects.Add(m.Prepare(input, input.Baseline));
                        slots.Add((null, subjects.Count - 1));
                    }
                    List<ResultRow>? measuredRows = null;
                    Exception? failure = null;
                    try
                    {
                        measuredRows = m.Run(subjects);
                    }
                    catch (Exception ex) when (ex is not OutOfMemoryException)
                    {
                        failure = ex;
                    }
                    foreach ((ResultRow? fixedRow, int subject) in slots)
                    {
                        rows.Add(fixedRow ?? measuredRows?[subject] ?? Failed(input, subjects[subject].Name, failure!));
                    }
                }
            }
            return rows;
        }

        private static ResultRow Failed(WorkloadCase input, string serializer, Exception ex) =>
            new ResultRow { Workload = input.Workload, Case = input.Case, Serializer = serializer, Objects = input.Objects, Note = "failed: " + ex.GetType().Name + ": " + ex.Message };
    }
}
