using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// The Stream entry points of the binary serializers on a workload's case, timed like the main tables
    /// (checked, warmed up, then interleaved rounds through the same <see cref="Measurer"/>; the median with
    /// its spread): each serializer's synchronous Serialize(Stream) into a reused MemoryStream and
    /// Deserialize(Stream) from a MemoryStream over the bytes it wrote, and its SerializeAsync and
    /// DeserializeAsync the same way, waited on. Memory streams only, so the time is the serializer's and
    /// its buffering's, not a disk's. Every row's round trip is compared member by member with the input,
    /// before the rounds and after. Generic over the case's type: any workload can be named.
    /// </summary>
    public static class StreamEntryPointsProbe
    {
        /// <summary>The workloads measured through their Stream entry points unless the command line names others.</summary>
        public static readonly IReadOnlyList<string> DefaultWorkloads = new[] { "bookshelf", "everyday" };

        /// <summary>The peer every Amber row is divided by first.</summary>
        public const string MainPeer = "MemoryPack";

        /// <summary>One serializer's sync or async pair of entry points on one case.</summary>
        public sealed class Row
        {
            public string Serializer { get; init; } = "";

            /// <summary>False: Serialize(Stream) and Deserialize(Stream); true: SerializeAsync and DeserializeAsync.</summary>
            public bool Async { get; init; }

            public ResultRow Result { get; init; } = new ResultRow();
        }

        /// <summary>
        /// The workloads to measure: those --stream-workloads names (else <see cref="DefaultWorkloads"/>; "none" for
        /// none) that the --workload filter also selects. Throws <see cref="ArgumentException"/> on an unknown name.
        /// </summary>
        public static IReadOnlyList<string> Selected(BenchOptions options)
        {
            IEnumerable<string> named = options.StreamWorkloads ?? (IEnumerable<string>)DefaultWorkloads;
            if (named.Contains("none", StringComparer.OrdinalIgnoreCase)) return Array.Empty<string>();
            IReadOnlyList<Workload> all = BenchRunner.AllWorkloads();
            foreach (string unknown in named.Where(n => all.All(w => w.Name != n)))
                throw new ArgumentException($"Unknown workload '{unknown}' for --stream-workloads. Known: {string.Join(", ", all.Select(w => w.Name))}.");
            return named.Where(n => options.Workloads == null || options.Workloads.Contains(n)).ToList();
        }

        public static List<Row> Run(BenchOptions options, IReadOnlyList<ISerializerAdapter> adapters, Action<string>? progress)
        {
            BenchScale scale = options.Scale;
            IReadOnlyList<Workload> all = BenchRunner.AllWorkloads();
            var rows = new List<Row>();
            foreach (string name in Selected(options))
            {
                Workload workload = all.Single(w => w.Name == name);
                List<ISerializerAdapter> selected = adapters
                    .Where(a => a is IStreamEntryPoints && a is not IOwnModelAdapter && a.Supports(name) && options.WantsSerializer(a.Name))
                    .ToList();
                // Each case of the workload at this scale (a sweep's sizes are the main tables' business); a case whose
                // items are each one payload has no single value to stream, and is left to the main tables.
                foreach (WorkloadCase input in workload.Cases(scale, sweep: false))
                {
                    rows.AddRange(input.Accept(new Measure(options, selected, progress)));
                }
            }
            return rows;
        }

        /// <summary>Builds the pairs for every serializer on the typed case, and times them together.</summary>
        private sealed class Measure : IWorkloadCaseVisitor<List<Row>>
        {
            private readonly BenchOptions _options;
            private readonly IReadOnlyList<ISerializerAdapter> _adapters;
            private readonly Action<string>? _progress;

            public Measure(BenchOptions options, IReadOnlyList<ISerializerAdapter> adapters, Action<string>? progress)
            {
                _options = options;
                _adapters = adapters;
                _progress = progress;
            }

            public List<Row> Visit<TItem>(PayloadPerItemCase<TItem> input) => new List<Row>();

            public List<Row> Visit<T>(WorkloadCase<T> input)
            {
                string where = $"{input.Title} ({input.Objects:N0} objects) through Stream";
                Measurer m = _options.CreateMeasurer(input.Objects, what => _progress?.Invoke(where + ": " + what), measurePeakWorkingSet: false);

                var slots = new List<(string Serializer, bool Async, ResultRow? Failed)>();
                var subjects = new List<Measurer.Subject>();
                foreach (ISerializerAdapter general in _adapters)
                {
                    ISerializerAdapter adapter = general.For(input.Needs);
                    var entry = (IStreamEntryPoints)adapter;
                    foreach (bool async in entry.HasAsyncStream ? new[] { false, true } : new[] { false })
                    {
                        try
                        {
                            subjects.Add(m.Prepare(Pair(input, adapter, entry, async)));
                            slots.Add((adapter.Name, async, null));
                        }
                        catch (Exception ex) when (ex is not OutOfMemoryException)
                        {
                            slots.Add((adapter.Name, async, Failed(input, RowName(adapter.Name, async), ex)));
                        }
                    }
                }
                List<ResultRow>? measured = null;
                Exception? failure = null;
                try
                {
                    measured = m.Run(subjects);
                }
                catch (Exception ex) when (ex is not OutOfMemoryException)
                {
                    failure = ex;
                }
                var rows = new List<Row>();
                int next = 0;
                foreach ((string serializer, bool async, ResultRow? failed) in slots)
                {
                    ResultRow result = failed ?? measured?[next] ?? Failed(input, RowName(serializer, async), failure!);
                    if (failed == null) next++;
                    rows.Add(new Row { Serializer = serializer, Async = async, Result = result });
                }
                return rows;
            }

            /// <summary>
            /// The timed write goes into one MemoryStream, emptied (its capacity kept) before each call; the timed
            /// read comes from a MemoryStream over the bytes that write produced, rewound before each call.
            /// </summary>
            private static OperationPair Pair<T>(WorkloadCase<T> input, ISerializerAdapter adapter, IStreamEntryPoints entry, bool async)
            {
                var destination = new MemoryStream();
                var source = new MemoryStream(Array.Empty<byte>(), writable: false);

                void Write()
                {
                    destination.SetLength(0);
                    if (async) Wait(entry.SerializeStreamAsync(input.Value, destination));
                    else entry.SerializeStream(input.Value, destination);
                }

                T Read()
                {
                    source.Position = 0;
                    return async ? Wait(entry.DeserializeStreamAsync<T>(source)) : entry.DeserializeStream<T>(source);
                }

                (long, string?) Check()
                {
                    Write();
                    source = new MemoryStream(destination.ToArray(), writable: false);
                    T copy = Read();
                    var comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
                    input.Compare(comparer, input.Value, copy);
                    return (source.Length, comparer.FirstDifference);
                }

                return new OperationPair(input.Title, RowName(adapter.Name, async), input.Objects, Write, () => Read(), Check)
                {
                    KeepsReferences = adapter.KeepsReferences,
                };
            }
        }

        /// <summary>Waits for an async entry point: its result at once when it completed synchronously, else through a Task.</summary>
        private static void Wait(ValueTask pending)
        {
            if (pending.IsCompleted) pending.GetAwaiter().GetResult();
            else pending.AsTask().GetAwaiter().GetResult();
        }

        private static T Wait<T>(ValueTask<T> pending) => pending.IsCompleted ? pending.GetAwaiter().GetResult() : pending.AsTask().GetAwaiter().GetResult();

        private static string RowName(string serializer, bool async) => serializer + (async ? ", async" : ", sync");

        private static ResultRow Failed(WorkloadCase input, string name, Exception ex) =>
            new ResultRow { Workload = input.Title, Serializer = name, Objects = input.Objects, Note = "failed: " + ex.GetType().Name + ": " + ex.Message };

        /// <summary>The table per workload, Amber ÷ each peer per entry point, and what each row calls.</summary>
        public static void Print(TextWriter o, IReadOnlyList<Row> rows, IReadOnlyList<ISerializerAdapter> adapters)
        {
            foreach (var group in rows.GroupBy(r => (r.Result.Workload, r.Result.Objects)))
            {
                o.WriteLine();
                o.WriteLine($"## {group.Key.Workload} ({group.Key.Objects:N0} object{(group.Key.Objects == 1 ? "" : "s")}) through the Stream entry points: written into a reused MemoryStream, read from a MemoryStream over those bytes");
                o.WriteLine($"{"serializer",-24} {"entry points",-34} {"size (B)",13} {"serialize",17} {"deserialize",17} {"ser alloc",12} {"deser alloc",12}  verified");
                foreach (Row r in group)
                {
                    ResultRow x = r.Result;
                    string calls = r.Async ? "SerializeAsync / DeserializeAsync" : "Serialize / Deserialize(Stream)";
                    if (!x.Measured)
                    {
                        o.WriteLine($"{r.Serializer,-24} {calls,-34} {x.Note}");
                        continue;
                    }
                    o.WriteLine($"{r.Serializer,-24} {calls,-34} {x.SizeBytes,13:N0} {Report.Time(x.SerializeNs, x.SerializeSpread),17} {Report.Time(x.DeserializeNs, x.DeserializeSpread),17} {Report.Bytes(x.SerializeAllocBytes),12} {Report.Bytes(x.DeserializeAllocBytes),12}  {(x.Verified ? "yes" : "NO: " + x.Note)}");
                }

                Row? Find(string serializer, bool async) => group.FirstOrDefault(r => r.Serializer == serializer && r.Async == async && r.Result.Measured && r.Result.Verified);
                List<string> peers = group.Select(r => r.Serializer).Where(s => s != "Amber").Distinct().OrderBy(s => s == MainPeer ? 0 : 1).ToList();
                if (Find("Amber", false) != null && peers.Count > 0)
                {
                    o.WriteLine();
                    o.WriteLine("Amber ÷ peer, entry point by entry point (below 1.00: Amber is faster; ~ marks a noisy ratio: on one side the highest round median is over 1.2× the lowest)");
                    o.WriteLine($"{"peer",-24} {"Serialize(Stream)",-20} {"Deserialize(Stream)",-20} {"SerializeAsync",-20} {"DeserializeAsync",-20}");
                    foreach (string peer in peers)
                    {
                        string Cell(bool async, bool serialize)
                        {
                            ResultRow? a = Find("Amber", async)?.Result, b = Find(peer, async)?.Result;
                            if (a == null || b == null) return "-";
                            return Ratio(serialize ? a.SerializeNs : a.DeserializeNs, serialize ? b.SerializeNs : b.DeserializeNs,
                                serialize ? a.SerializeSpread : a.DeserializeSpread, serialize ? b.SerializeSpread : b.DeserializeSpread);
                        }
                        o.WriteLine($"{peer,-24} {Cell(false, true),-20} {Cell(false, false),-20} {Cell(true, true),-20} {Cell(true, false),-20}");
                    }
                }
            }
            if (rows.Count == 0) return;
            o.WriteLine();
            o.WriteLine("Stream entry points, notes:");
            o.WriteLine("  * Method: each row is checked (one write and read, the copy compared with the input member by member) and warmed up, then timed in the interleaved rounds of the main tables, and checked again after them. "
                + "A write goes into one MemoryStream per row, emptied with SetLength(0) before each call (its capacity kept, so no call pays for growing it); a read comes from a MemoryStream over the bytes that row's write produced, rewound before each call. "
                + "Async entry points are waited on: the result at once when the call completed synchronously, as it does over a MemoryStream; otherwise through AsTask().GetAwaiter().GetResult(). "
                + "Each serializer in the set-up its main-table row uses for the workload; the binary serializers measured on the main copy of the model types only (not MemoryPack's version-tolerant or MessagePack's contractless row).");
            foreach (string name in rows.Select(r => r.Serializer).Distinct())
            {
                if (adapters.FirstOrDefault(a => a.Name == name) is IStreamEntryPoints entry) o.WriteLine("  * " + entry.StreamNote);
            }
        }

        private static string Ratio(double? a, double? b, (double Low, double High)? spreadA, (double Low, double High)? spreadB)
        {
            if (a == null || b == null || b.Value <= 0) return "-";
            bool noisy = Report.Noisy(spreadA) || Report.Noisy(spreadB);
            return (noisy ? "~" : "") + (a.Value / b.Value).ToString("0.00", CultureInfo.InvariantCulture);
        }
    }
}
