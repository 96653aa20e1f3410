using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// Measures one serializer on one input: size, median serialize and deserialize time after
    /// warm-up with a GC between series (and between samples for long operations), bytes allocated
    /// per operation, the deep comparison of the copy, and for file workloads the peak working set.
    /// </summary>
    public sealed class Measurer
    {
        private readonly TimeSpan _budget;
        private readonly int _minSamples;
        private readonly int _maxSamples;
        private readonly Action<string> _progress;

        public Measurer(TimeSpan budgetPerSeries, int minSamples, int maxSamples, Action<string> progress, bool measurePeakWorkingSet)
        {
            _budget = budgetPerSeries;
            _minSamples = minSamples;
            _maxSamples = maxSamples;
            _progress = progress;
            MeasurePeakWorkingSet = measurePeakWorkingSet;
        }

        /// <summary>Peak working set while writing to and reading from a file (the sportevents snapshot path).</summary>
        public bool MeasurePeakWorkingSet { get; }

        public ResultRow Run<T>(WorkloadCase<T> input, ISerializerAdapter adapter)
        {
            adapter = adapter.For(input.Needs);
            var output = new ArrayBufferWriter<byte>(1 << 16);
            _progress("serialize once");
            adapter.Serialize(input.Value, output);
            byte[] payload = output.WrittenSpan.ToArray();

            _progress("verify");
            T copy = adapter.Deserialize<T>(payload);
            var comparer = new Comparer(checksIdentity: adapter.KeepsReferences);
            input.Compare(comparer, input.Value, copy);
            copy = default!;

            _progress("serialize");
            double ser = MedianNs(() =>
            {
                output.ResetWrittenCount();
                adapter.Serialize(input.Value, output);
            });
            _progress("deserialize");
            double de = MedianNs(() => adapter.Deserialize<T>(payload));

            long serAlloc = Allocated(() =>
            {
                output.ResetWrittenCount();
                adapter.Serialize(input.Value, output);
            });
            long deAlloc = Allocated(() => adapter.Deserialize<T>(payload));

            long? peak = null;
            if (MeasurePeakWorkingSet)
            {
                _progress("file round trip (peak working set)");
                peak = PeakWorkingSetOfFileRoundTrip(input.Value, adapter);
            }

            return new ResultRow
            {
                Workload = input.Workload,
                Serializer = adapter.Name,
                Objects = input.Objects,
                SizeBytes = payload.Length,
                SerializeNs = ser,
                DeserializeNs = de,
                SerializeAllocBytes = serAlloc,
                DeserializeAllocBytes = deAlloc,
                PeakWorkingSetBytes = peak,
                Verified = !comparer.Failed,
                Note = comparer.FirstDifference,
            };
        }

        private double MedianNs(Action op)
        {
            // Warm-up: the tiered JIT settles and pools fill.
            var warm = Stopwatch.StartNew();
            int warmRuns = 0;
            // At least half a second: tiered compilation promotes hot methods (through the PGO tier) on a
            // background thread after a delay, so a count-based warm-up can end before the final code runs.
            TimeSpan warmFor = _budget.Ticks / 5 > TimeSpan.FromMilliseconds(500).Ticks ? TimeSpan.FromTicks(_budget.Ticks / 5) : TimeSpan.FromMilliseconds(500);
            if (_minSamples <= 1) warmFor = TimeSpan.Zero;   // tiny mode: figures are not the point
            while (warmRuns < 3 || warm.Elapsed < warmFor)
            {
                op();
                warmRuns++;
            }
            double warmAverageNs = warm.Elapsed.TotalMilliseconds * 1e6 / warmRuns;
            // Short operations are timed in batches so a sample is at least ~20 µs and the clock's own
            // cost does not count; long ones get a full GC before each sample so no run pays another's garbage.
            int batch = warmAverageNs >= 20_000 ? 1 : (int)Math.Min(10_000, Math.Ceiling(20_000 / Math.Max(1, warmAverageNs)));
            bool collectEachSample = warmAverageNs > 2_000_000;
            FullCollect();

            var samples = new double[_maxSamples];
            int n = 0;
            var total = Stopwatch.StartNew();
            while (n < _minSamples || (n < _maxSamples && total.Elapsed < _budget))
            {
                if (collectEachSample) FullCollect();
                long t0 = Stopwatch.GetTimestamp();
                for (int i = 0; i < batch; i++) op();
                long t1 = Stopwatch.GetTimestamp();
                samples[n++] = (t1 - t0) * 1e9 / Stopwatch.Frequency / batch;
            }
            Array.Sort(samples, 0, n);
            return n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
        }

        private static long Allocated(Action op)
        {
            op();
            long before = GC.GetAllocatedBytesForCurrentThread();
            op();
            return GC.GetAllocatedBytesForCurrentThread() - before;
        }

        public static void FullCollect()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        /// <summary>
        /// Writes the value to a temporary file through the serializer's Stream API and reads it back,
        /// and returns the highest resident set size reached during either (Linux: VmHWM after a reset
        /// through /proc/self/clear_refs; elsewhere the process peak, which can only over-state).
        /// </summary>
        private long PeakWorkingSetOfFileRoundTrip<T>(T value, ISerializerAdapter adapter)
        {
            string path = Path.Combine(Path.GetTempPath(), "amber-bench-" + Guid.NewGuid().ToString("N") + ".bin");
            try
            {
                FullCollect();
                ResetPeak();
                using (var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16))
                {
                    adapter.SerializeToStream(value, file);
                }
                long peakWrite = ReadPeak();
                FullCollect();
                ResetPeak();
                T back;
                using (var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16))
                {
                    back = adapter.DeserializeFromStream<T>(file);
                }
                long peakRead = ReadPeak();
                GC.KeepAlive(back);
                return Math.Max(peakWrite, peakRead);
            }
            finally
            {
                File.Delete(path);
            }
        }

        public static void ResetPeak()
        {
            try
            {
                File.WriteAllText("/proc/self/clear_refs", "5");
            }
            catch (Exception ex) when (ex is IOException || ex is UnauthorizedAccessException)
            {
                // Not Linux, or not allowed: the peak then covers the whole process lifetime.
            }
        }

        public static long ReadPeak()
        {
            try
            {
                foreach (string line in File.ReadLines("/proc/self/status"))
                {
                    if (line.StartsWith("VmHWM:", StringComparison.Ordinal))
                    {
                        string[] parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
                        return long.Parse(parts[1]) * 1024;
                    }
                }
            }
            catch (IOException)
            {
            }
            Process.GetCurrentProcess().Refresh();
            return Process.GetCurrentProcess().PeakWorkingSet64;
        }
    }
}
