using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.IO;
using System.Linq;
using System.Threading;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Sport;
using Amber.Compression;
using Amber.Streaming;
using MessagePack;
using ProtoBuf;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// The topic snapshot path, measured as a file round trip: the SportEvents written to a file and
    /// loaded back, once as one payload through AmberSerializer's Stream API and once as a chunked
    /// stream (plain, LZ4 and Brotli); MessagePack through its Stream API, plain and with its
    /// Lz4BlockArray compression; protobuf-net as its users stream records (one length-prefixed message
    /// per record, read back one by one). For each: file size, write and read time, the peak working set above
    /// what was resident before (write) and above the live objects (read), and Large Object Heap
    /// allocations seen by the runtime's allocation events.
    /// </summary>
    public static class StreamingProbe
    {
        public sealed class Row
        {
            public string Name { get; init; } = "";
            public string? Note { get; init; }
            public long Size { get; init; }
            public TimeSpan Write { get; init; }
            public TimeSpan Read { get; init; }
            public long WritePeakOverBaseline { get; init; }
            public long ReadPeakOverLive { get; init; }
            public long ItemByItemPeakOverBaseline { get; init; }
            public int LohEventsWrite { get; init; }
            public int LohEventsRead { get; init; }
            public bool Verified { get; init; }
        }

        /// <summary>
        /// One way to write the records to a file and read them back. <see cref="Each"/> reads record by record
        /// without keeping them; null where the format is one payload (its reader must build the whole list).
        /// </summary>
        private sealed class Variant
        {
            public Variant(string key, string name, Action<Stream, List<SportEvent>> write, Func<Stream, List<SportEvent>> load, Func<Stream, IEnumerable<SportEvent>>? each)
            {
                Key = key;
                Name = name;
                Write = write;
                Load = load;
                Each = each;
            }

            /// <summary>What the child process is told on its command line.</summary>
            public string Key { get; }

            public string Name { get; }

            public Action<Stream, List<SportEvent>> Write { get; }

            public Func<Stream, List<SportEvent>> Load { get; }

            public Func<Stream, IEnumerable<SportEvent>>? Each { get; }
        }

        private static readonly AmberStreamOptions Brotli = new AmberStreamOptions { Compression = AmberBrotli.Default };
        private static readonly AmberStreamOptions Lz4 = new AmberStreamOptions { Compression = AmberLz4.Default };
        private static readonly MessagePackSerializerOptions MessagePackPlain = MessagePackAdapter.IntKeyOptions();
        private static readonly MessagePackSerializerOptions MessagePackLz4 = MessagePackPlain.WithCompression(MessagePackCompression.Lz4BlockArray);

        /// <summary>Every row of the probe, in table order: Amber's three paths with each compressor, then the peers' own snapshot paths.</summary>
        private static readonly Variant[] Variants =
        {
            new Variant("payload", "Amber, one payload (Stream API)",
                (f, events) => AmberSerializer.Serialize(f, events), f => AmberSerializer.Deserialize<List<SportEvent>>(f)!, null),
            new Variant("chunked", "Amber, chunked stream",
                (f, events) => AmberStream.Write(f, events), f => AmberStream.ReadAll<SportEvent>(f), f => AmberStream.Read<SportEvent>(f)),
            new Variant("lz4", "Amber, chunked stream + LZ4",
                (f, events) => AmberStream.Write(f, events, Lz4), f => AmberStream.ReadAll<SportEvent>(f, Lz4), f => AmberStream.Read<SportEvent>(f, Lz4)),
            new Variant("brotli", "Amber, chunked stream + Brotli",
                (f, events) => AmberStream.Write(f, events, Brotli), f => AmberStream.ReadAll<SportEvent>(f, Brotli), f => AmberStream.Read<SportEvent>(f, Brotli)),
            new Variant("msgpack", "MessagePack (int keys, Stream API)",
                (f, events) => MessagePackSerializer.Serialize(f, events, MessagePackPlain), f => MessagePackSerializer.Deserialize<List<SportEvent>>(f, MessagePackPlain), null),
            new Variant("msgpack-lz4", "MessagePack (int keys, Lz4BlockArray)",
                (f, events) => MessagePackSerializer.Serialize(f, events, MessagePackLz4), f => MessagePackSerializer.Deserialize<List<SportEvent>>(f, MessagePackLz4), null),
            new Variant("protobuf", "protobuf-net (length-prefixed items)",
                ProtobufWrite, f => ProtobufRead(f).ToList(), ProtobufRead),
        };

        public static List<Row> Run(BenchScale scale, Action<string>? progress)
        {
            var workload = new SportEventsWorkload();
            var input = (WorkloadCase<List<SportEvent>>)workload.Cases(scale, false).Single();
            return Variants.Select(v => Measure(v, input, progress, scale)).ToList();
        }

        private static Row Measure(Variant variant, WorkloadCase<List<SportEvent>> input, Action<string>? progress, BenchScale scale)
        {
            string name = variant.Name;
            List<SportEvent> events = input.Value;
            string path = Path.Combine(Path.GetTempPath(), "amber-stream-" + Guid.NewGuid().ToString("N") + ".bin");
            try
            {
                progress?.Invoke(name + ": warm-up");
                using (var warm = new MemoryStream())
                {
                    variant.Write(warm, events);
                    warm.Position = 0;
                    variant.Load(warm);
                }

                progress?.Invoke(name + ": write");
                Measurer.FullCollect();
                var clock = Stopwatch.StartNew();
                using (var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16)) variant.Write(file, events);
                TimeSpan writeTime = clock.Elapsed;
                long size = new FileInfo(path).Length;

                progress?.Invoke(name + ": read");
                Measurer.FullCollect();
                clock.Restart();
                List<SportEvent> back;
                using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16)) back = variant.Load(file);
                TimeSpan readTime = clock.Elapsed;
                var comparer = new Comparer();
                input.Compare(comparer, events, back);
                back = null!;

                // Memory, each in a fresh process so that earlier work has not warmed the heap.
                progress?.Invoke(name + ": write in a fresh process");
                (long writePeak, int lohWrite) = InFreshProcess("write", path + ".w", variant.Key, scale);
                progress?.Invoke(name + ": load in a fresh process");
                (long loadPeak, _) = InFreshProcess("load", path, variant.Key, scale);
                long eachPeak = -1;
                int lohEach = -1;
                if (variant.Each != null)
                {
                    progress?.Invoke(name + ": read record by record in a fresh process (LOH events)");
                    (eachPeak, lohEach) = InFreshProcess("each", path, variant.Key, scale);
                }

                return new Row
                {
                    Name = name, Size = size, Write = writeTime, Read = readTime,
                    WritePeakOverBaseline = writePeak, ReadPeakOverLive = loadPeak, ItemByItemPeakOverBaseline = eachPeak,
                    LohEventsWrite = lohWrite, LohEventsRead = lohEach,
                    Verified = !comparer.Failed, Note = comparer.FirstDifference,
                };
            }
            finally
            {
                File.Delete(path);
                File.Delete(path + ".w");
            }
        }

        private static (long Peak, int Loh) InFreshProcess(string mode, string path, string variant, BenchScale scale)
        {
            string self = Environment.ProcessPath ?? "dotnet";
            string args = (Path.GetFileNameWithoutExtension(self) == "dotnet" ? "\"" + typeof(StreamingProbe).Assembly.Location + "\" " : "")
                + $"--snapshot-probe {mode} \"{path}\" {variant} {scale.Name}";
            var start = new ProcessStartInfo(self, args) { RedirectStandardOutput = true, UseShellExecute = false };
            using Process child = Process.Start(start)!;
            string output = child.StandardOutput.ReadToEnd();
            child.WaitForExit();
            string[] parts = output.Trim().Split(' ');
            if (child.ExitCode != 0 || parts.Length != 2 || !long.TryParse(parts[0], out long peak) || !int.TryParse(parts[1], out int loh))
                throw new InvalidOperationException($"The {mode} process failed ({child.ExitCode}): {output}");
            return (peak, loh);
        }

        /// <summary>
        /// The child side: "write" writes the records to a file (they are live before and after);
        /// "load" reads the file into a list (a new service instance starting from the snapshot);
        /// "each" reads it record by record without keeping them. Prints the peak resident memory
        /// above what the process had before (and, for "load", above the records it keeps: their GC
        /// heap size), and the number of Large Object Heap allocation events during the operation.
        /// </summary>
        public static int Child(string mode, string path, string variantKey, string scaleName)
        {
            BenchScale scale = scaleName == "full" ? BenchScale.Full : scaleName == "tiny" ? BenchScale.Tiny : BenchScale.Quick;
            Variant variant = Variants.Single(v => v.Key == variantKey);
            var workload = new SportEventsWorkload();
            List<SportEvent> events = mode == "write" ? ((WorkloadCase<List<SportEvent>>)workload.Cases(scale, false).Single()).Value : new List<SportEvent>();

            // Warm up the code paths on a few records, so JIT and pools are in the baseline.
            List<SportEvent> few = ((WorkloadCase<List<SportEvent>>)workload.Cases(BenchScale.Tiny, false).Single()).Value;
            using (var warm = new MemoryStream())
            {
                variant.Write(warm, few);
                warm.Position = 0;
                if (variant.Each != null)
                {
                    foreach (SportEvent e in variant.Each(warm)) GC.KeepAlive(e);
                }
                else
                {
                    GC.KeepAlive(variant.Load(warm));
                }
            }
            few = null!;

            using var loh = new LohListener();
            Measurer.FullCollect();
            long baseline = Resident();
            long heapBefore = GC.GetTotalMemory(true);
            loh.Reset();
            Measurer.ResetPeak();
            switch (mode)
            {
                case "write":
                    using (var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16))
                    {
                        variant.Write(file, events);
                    }
                    break;
                case "load":
                {
                    List<SportEvent> back;
                    using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16))
                    {
                        back = variant.Load(file);
                    }
                    long loadPeak = Measurer.ReadPeak();
                    long live = GC.GetTotalMemory(true) - heapBefore;
                    GC.KeepAlive(back);
                    Console.WriteLine($"{Math.Max(0, loadPeak - baseline - live)} {loh.Settle()}");
                    return 0;
                }
                default:
                    using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16))
                    {
                        foreach (SportEvent e in variant.Each!(file)) GC.KeepAlive(e);
                    }
                    break;
            }
            long peak = Measurer.ReadPeak();
            Console.WriteLine($"{Math.Max(0, peak - baseline)} {loh.Settle()}");
            GC.KeepAlive(events);
            return 0;
        }

        /// <summary>protobuf-net's streaming path: each record with its own Base128 length prefix, as field 1 (a file of them reads as a repeated field).</summary>
        private static void ProtobufWrite(Stream file, List<SportEvent> events)
        {
            foreach (SportEvent e in events) ProtobufNetAdapter.Model.SerializeWithLengthPrefix(file, e, typeof(SportEvent), PrefixStyle.Base128, 1);
        }

        /// <summary>Reads the records back one at a time, lazily, as protobuf-net's DeserializeItems yields them.</summary>
        private static IEnumerable<SportEvent> ProtobufRead(Stream file) => ProtobufNetAdapter.Model.DeserializeItems<SportEvent>(file, PrefixStyle.Base128, 1);

        private static long Resident()
        {
            try
            {
                foreach (string line in File.ReadLines("/proc/self/status"))
                {
                    if (line.StartsWith("VmRSS:", StringComparison.Ordinal)) return long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1]) * 1024;
                }
            }
            catch (IOException)
            {
            }
            return Environment.WorkingSet;
        }

        public static void Print(TextWriter output, IReadOnlyList<Row> rows, int objects)
        {
            output.WriteLine();
            output.WriteLine($"## sportevents as a snapshot file ({objects:N0} records): each serializer's own snapshot path");
            output.WriteLine($"{"serializer",-38}{"size (B)",14}{"write",11}{"read",11}{"write peak",12}{"load peak",12}{"LOH w/r",10}  verified");
            foreach (Row r in rows)
            {
                if (r.Size == 0)
                {
                    output.WriteLine($"{r.Name,-38}{r.Note}");
                    continue;
                }
                string loh = r.LohEventsWrite + "/" + (r.LohEventsRead < 0 ? "—" : r.LohEventsRead.ToString());
                output.WriteLine($"{r.Name,-38}{r.Size,14:N0}{Ms(r.Write),11}{Ms(r.Read),11}{Mb(r.WritePeakOverBaseline),12}{Mb(r.ReadPeakOverLive),12}{loh,10}  {(r.Verified ? "yes" : "NO: " + r.Note)}");
            }
            output.WriteLine("Peaks are measured in a fresh process each (Linux VmHWM): write peak = resident memory above the process's before writing (the records already live); "
                + "load peak = reading the file into a list, above what the process had before and above the records it keeps (their GC heap size); "
                + "LOH = Large Object Heap allocation events from the runtime (about one per 100 KB allocated there) while writing / while reading record by record (a chunked stream; reading one payload needs the whole result list at once).");
        }

        private static string Ms(TimeSpan t) => t.TotalMilliseconds.ToString("N1") + " ms";

        private static string Mb(long bytes) => (bytes / 1048576.0).ToString("N1") + " MB";

        /// <summary>Counts the runtime's GC allocation-tick events for the Large Object Heap.</summary>
        private sealed class LohListener : EventListener
        {
            private int _count;

            public void Reset()
            {
                Thread.Sleep(300);   // let events from earlier work drain
                Interlocked.Exchange(ref _count, 0);
            }

            public int Settle()
            {
                Thread.Sleep(1500);  // events are dispatched on a background thread
                return Volatile.Read(ref _count);
            }

            protected override void OnEventSourceCreated(EventSource source)
            {
                if (source.Name == "Microsoft-Windows-DotNETRuntime") EnableEvents(source, EventLevel.Verbose, (EventKeywords)0x1);
            }

            protected override void OnEventWritten(EventWrittenEventArgs e)
            {
                if (e.EventName == null || !e.EventName.StartsWith("GCAllocationTick", StringComparison.Ordinal) || e.PayloadNames == null) return;
                int kind = e.PayloadNames.IndexOf("AllocationKind");
                if (kind >= 0 && Convert.ToInt32(e.Payload![kind]) == 1) Interlocked.Increment(ref _count);
            }
        }
    }
}
