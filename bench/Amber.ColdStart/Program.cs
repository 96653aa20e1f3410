using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Game;
using K4os.Compression.LZ4;

namespace Amber.Bench.ColdStart
{
    /// <summary>
    /// One fresh process of the coldstart mode: it loads the gamestate save with the serializer this
    /// build was made for and prints what it measured on one line, for the parent
    /// (bench/Amber.Bench/Runner/ColdStartProbe.cs) to collect.
    /// <code>
    /// Amber.ColdStart write PLAIN_FILE LZ4_FILE
    /// Amber.ColdStart load FILE START_TICKS [--lz4] [--steady-ms N]
    /// Amber.ColdStart roundtrip
    /// </code>
    /// START_TICKS is the parent's DateTime.UtcNow.Ticks taken just before it started this process, so
    /// start_to_first_ms covers everything from process creation (runtime start-up, assembly loading,
    /// reading the file, the serializer's set-up and first call) to the first object in hand.
    /// <c>roundtrip</c> round-trips every workload of the suite (quick scale) through this build's
    /// serializer, in memory and through its Stream API, and checks each copy member by member:
    /// tests/package/aot.sh runs it in the NativeAOT build of Amber.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            try
            {
                if (args.Length == 3 && args[0] == "write") return Write(args[1], args[2]);
                if (args.Length >= 3 && args[0] == "load") return Load(args);
                if (args.Length == 1 && args[0] == "roundtrip") return RoundTrip();
            }
            catch (Exception ex)
            {
                // The parent prints this line as the row's failure: a peer that cannot run here (say, no
                // dynamic code under NativeAOT) is reported, not hidden.
                string message = ex.GetType().Name + ": " + ex.Message;
                for (Exception? inner = ex.InnerException; inner != null; inner = inner.InnerException) message += " ← " + inner.GetType().Name + ": " + inner.Message;
                Console.WriteLine("error=" + message.Replace('\n', ' '));
                return 1;
            }
            Console.Error.WriteLine("usage: Amber.ColdStart write PLAIN_FILE LZ4_FILE | load FILE START_TICKS [--lz4] [--steady-ms N] | roundtrip");
            return 2;
        }

        /// <summary>The serializer this build was made for, set up by the suite's own adapter.</summary>
        private static ISerializerAdapter Adapter(ShapeNeeds needs) =>
#if COLDSTART_AMBER
            new AmberAdapter().For(needs);
#elif COLDSTART_MEMORYPACK
            new MemoryPackAdapter().For(needs);
#elif COLDSTART_MESSAGEPACK
            new MessagePackAdapter().For(needs);
#elif COLDSTART_PROTOBUFNET
            new ProtobufNetAdapter().For(needs);
#elif COLDSTART_SYSTEMTEXTJSON
            new SystemTextJsonAdapter().For(needs);
#else
#error Set ColdStartSerializer to Amber, MemoryPack, MessagePack, ProtobufNet or SystemTextJson.
#endif

        /// <summary>
        /// The load call. Through the adapter, except MemoryPack's: its Deserialize&lt;T&gt; asks the NativeAOT
        /// compiler to keep every member of T, a request a generic adapter cannot pass on, and without it
        /// MemoryPack's formatter lookup fails in the native binary. A MemoryPack user names the type at the
        /// call, and so does this build (the adapter is still created, for its set-up: the object formatter).
        /// </summary>
        private static Func<byte[], GameState> Loader(ISerializerAdapter adapter) =>
#if COLDSTART_MEMORYPACK
            payload => MemoryPack.MemoryPackSerializer.Deserialize<GameState>(payload)!;
#else
            payload => adapter.Deserialize<GameState>(payload);
#endif

        /// <summary>The save the suite measures: the gamestate workload at quick scale, from the suite's seed.</summary>
        private static WorkloadCase<GameState> Save() =>
            (WorkloadCase<GameState>)new GameStateWorkload().Cases(BenchScale.Quick, sweep: false).Single();

        private static int Write(string plainPath, string lz4Path)
        {
            WorkloadCase<GameState> save = Save();
            var output = new System.Buffers.ArrayBufferWriter<byte>();
            Adapter(save.Needs).Serialize(save.Value, output);
            File.WriteAllBytes(plainPath, output.WrittenSpan.ToArray());
            File.WriteAllBytes(lz4Path, LZ4Pickler.Pickle(output.WrittenSpan, LZ4Level.L00_FAST));
            Console.WriteLine(FormattableString.Invariant($"plain_bytes={output.WrittenCount} lz4_bytes={new FileInfo(lz4Path).Length}"));
            return 0;
        }

        private static int RoundTrip()
        {
            Workload[] workloads =
            {
                new EnvelopeWorkload(), new BookShelfWorkload(), new SportEventsWorkload(),
                new GameStateWorkload(), new GameStateNoShareWorkload(), new BootPayloadWorkload(), new Vector3Workload(), new EverydayWorkload(),
            };
            int failures = 0;
            foreach (Workload workload in workloads)
            {
                foreach (WorkloadCase c in workload.Cases(BenchScale.Quick, sweep: false))
                {
                    string? difference = c.Accept(new RoundTripVisitor());
                    Console.WriteLine($"{c.Title} ({c.Objects:N0} objects): {difference ?? "round trip OK"}");
                    if (difference != null) failures++;
                }
            }
            return failures == 0 ? 0 : 1;
        }

        /// <summary>One case through the buffer API and the Stream API; the first difference, or null.</summary>
        private sealed class RoundTripVisitor : IWorkloadCaseVisitor<string?>
        {
            public string? Visit<T>(WorkloadCase<T> input)
            {
                ISerializerAdapter adapter = Adapter(input.Needs);
                var output = new System.Buffers.ArrayBufferWriter<byte>();
                adapter.Serialize(input.Value, output);
                var comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
                input.Compare(comparer, input.Value, adapter.Deserialize<T>(output.WrittenSpan));
                if (comparer.Failed) return $"{output.WrittenCount:N0} B, differs at {comparer.FirstDifference}";

                using var stream = new MemoryStream();
                adapter.SerializeToStream(input.Value, stream);
                stream.Position = 0;
                comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
                input.Compare(comparer, input.Value, adapter.DeserializeFromStream<T>(stream));
                return comparer.Failed ? $"through a Stream, differs at {comparer.FirstDifference}" : null;
            }

            /// <summary>Each item as a payload of its own, through the buffer API and the Stream API.</summary>
            public string? Visit<TItem>(PayloadPerItemCase<TItem> input)
            {
                ISerializerAdapter adapter = Adapter(input.Needs);
                var output = new System.Buffers.ArrayBufferWriter<byte>();
                for (int i = 0; i < input.Items.Count; i++)
                {
                    output.ResetWrittenCount();
                    adapter.Serialize(input.Items[i], output);
                    var comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
                    input.Compare(comparer, "[" + i + "]", input.Items[i], adapter.Deserialize<TItem>(output.WrittenSpan));
                    if (comparer.Failed) return $"{output.WrittenCount:N0} B, differs at {comparer.FirstDifference}";

                    using var stream = new MemoryStream();
                    adapter.SerializeToStream(input.Items[i], stream);
                    stream.Position = 0;
                    comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
                    input.Compare(comparer, "[" + i + "]", input.Items[i], adapter.DeserializeFromStream<TItem>(stream));
                    if (comparer.Failed) return $"through a Stream, differs at {comparer.FirstDifference}";
                }
                return null;
            }
        }

        private static int Load(string[] args)
        {
            string path = args[1];
            long startTicks = long.Parse(args[2], CultureInfo.InvariantCulture);
            bool lz4 = args.Contains("--lz4");
            int steadyIndex = Array.IndexOf(args, "--steady-ms");
            int steadyMs = steadyIndex > 0 ? int.Parse(args[steadyIndex + 1], CultureInfo.InvariantCulture) : 0;

            // Timed from here: what a game does to load its save in a fresh process.
            byte[] file = File.ReadAllBytes(path);
            byte[] payload = lz4 ? LZ4Pickler.Unpickle(file) : file;
            ShapeNeeds needs = new GameStateWorkload().Needs;
            ISerializerAdapter adapter = Adapter(needs);
            Func<byte[], GameState> load = Loader(adapter);
            long before = Stopwatch.GetTimestamp();
            GameState loaded = load(payload);
            long after = Stopwatch.GetTimestamp();
            long loadedTicks = DateTime.UtcNow.Ticks;
            // Untimed from here: the check, then the steady state.

            double startToFirstMs = (loadedTicks - startTicks) / (double)TimeSpan.TicksPerMillisecond;
            double firstCallMs = Stopwatch.GetElapsedTime(before, after).TotalMilliseconds;

            WorkloadCase<GameState> save = Save();
            var comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
            save.Compare(comparer, save.Value, loaded);

            double steadyMedianMs = double.NaN;
            if (steadyMs > 0)
            {
                var times = new List<double>();
                long deadline = Stopwatch.GetTimestamp() + steadyMs * Stopwatch.Frequency / 1000;
                while (times.Count < 5 || (Stopwatch.GetTimestamp() < deadline && times.Count < 10_000))
                {
                    long s = Stopwatch.GetTimestamp();
                    GC.KeepAlive(load(payload));
                    times.Add(Stopwatch.GetElapsedTime(s).TotalMilliseconds);
                }
                // The second half only: by then the JIT has had a second to tier up the hot paths.
                List<double> warm = times.Skip(times.Count / 2).OrderBy(t => t).ToList();
                steadyMedianMs = warm[warm.Count / 2];
            }

            Console.WriteLine(FormattableString.Invariant(
                $"start_to_first_ms={startToFirstMs:0.000} first_call_ms={firstCallMs:0.000} steady_ms={steadyMedianMs:0.0000} verified={(!comparer.Failed).ToString().ToLowerInvariant()}{(comparer.Failed ? " difference=" + comparer.FirstDifference : "")}"));
            return comparer.Failed ? 1 : 0;
        }
    }
}
