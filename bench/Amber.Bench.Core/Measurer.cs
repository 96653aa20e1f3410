using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// Measures every serializer on one input, interleaved: each is set up, checked (the deep
    /// comparison of its copy) and warmed up, then the timing runs in rounds, and in every round each
    /// serializer takes its turn at serializing and at deserializing (a full GC before each turn, the
    /// order rotated from round to round). A serializer's time is the median of all its samples; the
    /// spread is how far the medians of single rounds lie from it, so a slow spell of the machine
    /// shows up as spread in every row it touched instead of as a difference between serializers.
    /// Allocation per operation, and for file workloads the peak working set, are measured after.
    /// </summary>
    public sealed class Measurer
    {
        private readonly TimeSpan _budget;
        private readonly int _rounds;
        private readonly int _maxSamples;
        private readonly Action<string> _progress;

        /// <param name="budgetPerSeries">Timing budget per serializer and operation, spread over the rounds.</param>
        /// <param name="rounds">How many turns each serializer takes per operation (at least one sample each).</param>
        /// <param name="maxSamples">The most samples per serializer and operation.</param>
        /// <param name="progress">Where to say what is being done.</param>
        /// <param name="measurePeakWorkingSet">Also measure the peak working set of a file round trip.</param>
        public Measurer(TimeSpan budgetPerSeries, int rounds, int maxSamples, Action<string> progress, bool measurePeakWorkingSet)
        {
            _budget = budgetPerSeries;
            _rounds = Math.Max(1, rounds);
            _maxSamples = maxSamples;
            _progress = progress;
            MeasurePeakWorkingSet = measurePeakWorkingSet;
        }

        /// <summary>Peak working set while writing to and reading from a file (the sportevents snapshot path).</summary>
        public bool MeasurePeakWorkingSet { get; }

        /// <summary>Tiny mode: no warm-up to speak of, figures are not the point.</summary>
        private bool Quick => _rounds <= 1;

        /// <summary>One serializer on one input, ready to be timed: see <see cref="WorkloadCase.Prepare"/>.</summary>
        public abstract class Subject
        {
            /// <summary>The serializer's name, as in the table.</summary>
            public abstract string Name { get; }

            internal abstract void Turn(bool serialize, TimeSpan budget);

            internal abstract ResultRow Finish();
        }

        /// <summary>Sets up, checks and warms up one serializer on one input.</summary>
        public Subject Prepare<T>(WorkloadCase<T> input, ISerializerAdapter adapter)
        {
            var subject = new Subject<T>(this, input, adapter.For(input.Needs));
            subject.Check();
            return subject;
        }

        /// <summary>Warms up a workload's reference point, to be timed in the same rounds as the serializers.</summary>
        public Subject Prepare(WorkloadCase input, Baseline baseline)
        {
            var subject = new BaselineSubject(this, input, baseline);
            _progress(baseline.Name + ": warm-up");
            subject.WarmUp();
            return subject;
        }

        /// <summary>Checks and warms up a write and a read that are not an adapter's pair (a serializer's Stream entry points), to be timed in the same rounds.</summary>
        public Subject Prepare(OperationPair pair)
        {
            var subject = new PairSubject(this, pair);
            subject.Check();
            return subject;
        }

        /// <summary>Times the prepared serializers in interleaved rounds, then measures allocation (and peaks), and returns their rows in order.</summary>
        public List<ResultRow> Run(IReadOnlyList<Subject> subjects)
        {
            TimeSpan turn = TimeSpan.FromTicks(_budget.Ticks / _rounds);
            for (int round = 0; round < _rounds; round++)
            {
                for (int k = 0; k < subjects.Count; k++)
                {
                    Subject s = subjects[(k + round) % subjects.Count];
                    _progress($"round {round + 1}/{_rounds}: {s.Name}");
                    s.Turn(serialize: true, turn);
                    s.Turn(serialize: false, turn);
                }
            }
            var rows = new List<ResultRow>(subjects.Count);
            foreach (Subject s in subjects)
            {
                _progress("allocation" + (MeasurePeakWorkingSet ? " and file round trip" : "") + ": " + s.Name);
                rows.Add(s.Finish());
            }
            return rows;
        }

        private sealed class Subject<T> : Subject
        {
            private readonly Measurer _m;
            private readonly WorkloadCase<T> _input;
            private readonly ISerializerAdapter _adapter;
            private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1 << 16);
            private readonly Series _serialize;
            private readonly Series _deserialize;
            private byte[] _payload = Array.Empty<byte>();
            private Comparer _comparer = new Comparer();

            public Subject(Measurer m, WorkloadCase<T> input, ISerializerAdapter adapter)
            {
                _m = m;
                _input = input;
                _adapter = adapter;
                _serialize = new Series(m, SerializeOnce);
                _deserialize = new Series(m, () => _adapter.Deserialize<T>(_payload));
            }

            public override string Name => _adapter.Name;

            private void SerializeOnce()
            {
                _output.ResetWrittenCount();
                _adapter.Serialize(_input.Value, _output);
            }

            /// <summary>Serializes once, compares the copy member by member, and warms up both operations.</summary>
            public void Check()
            {
                _m._progress(Name + ": serialize once and verify");
                SerializeOnce();
                _payload = _output.WrittenSpan.ToArray();
                T copy = _adapter.Deserialize<T>(_payload);
                _comparer = new Comparer(checksIdentity: _adapter.KeepsReferences);
                _input.Compare(_comparer, _input.Value, copy);
                copy = default!;
                _m._progress(Name + ": warm-up");
                _serialize.WarmUp();
                _deserialize.WarmUp();
            }

            internal override void Turn(bool serialize, TimeSpan budget) => (serialize ? _serialize : _deserialize).Turn(budget);

            internal override ResultRow Finish()
            {
                long serAlloc = Allocated(SerializeOnce);
                long deAlloc = Allocated(() => _adapter.Deserialize<T>(_payload));
                long? peak = _m.MeasurePeakWorkingSet ? PeakWorkingSetOfFileRoundTrip(_input.Value, _adapter) : null;
                return new ResultRow
                {
                    Workload = _input.Workload,
                    Serializer = _adapter.Name,
                    Objects = _input.Objects,
                    SizeBytes = _payload.Length,
                    SerializeNs = _serialize.Median,
                    DeserializeNs = _deserialize.Median,
                    SerializeSpread = _serialize.Spread,
                    DeserializeSpread = _deserialize.Spread,
                    SerializeAllocBytes = serAlloc,
                    DeserializeAllocBytes = deAlloc,
                    PeakWorkingSetBytes = peak,
                    Verified = !_comparer.Failed,
                    KeepsReferences = _adapter.KeepsReferences,
                    Note = _comparer.FirstDifference,
                };
            }
        }

        /// <summary>A reference point: one operation, timed in the deserialize turns.</summary>
        private sealed class BaselineSubject : Subject
        {
            private readonly WorkloadCase _input;
            private readonly Baseline _baseline;
            private readonly Series _series;

            public BaselineSubject(Measurer m, WorkloadCase input, Baseline baseline)
            {
                _input = input;
                _baseline = baseline;
                _series = new Series(m, baseline.Operation);
            }

            public override string Name => _baseline.Name;

            public void WarmUp() => _series.WarmUp();

            internal override void Turn(bool serialize, TimeSpan budget)
            {
                if (!serialize) _series.Turn(budget);
            }

            internal override ResultRow Finish() => new ResultRow
            {
                Workload = _input.Workload,
                Serializer = _baseline.Name,
                Objects = _input.Objects,
                SizeBytes = _baseline.Bytes,
                DeserializeNs = _series.Median,
                DeserializeSpread = _series.Spread,
                DeserializeAllocBytes = Allocated(_baseline.Operation),
                Verified = true,
                IsBaseline = true,
            };
        }

        /// <summary>An <see cref="OperationPair"/>: its write in the serialize turns, its read in the deserialize turns, its check before and after.</summary>
        private sealed class PairSubject : Subject
        {
            private readonly Measurer _m;
            private readonly OperationPair _pair;
            private readonly Series _write;
            private readonly Series _read;
            private long _bytes;
            private string? _difference;

            public PairSubject(Measurer m, OperationPair pair)
            {
                _m = m;
                _pair = pair;
                _write = new Series(m, pair.Write);
                _read = new Series(m, pair.Read);
            }

            public override string Name => _pair.Name;

            /// <summary>Writes and reads once and compares the copy, then warms up both operations.</summary>
            public void Check()
            {
                _m._progress(Name + ": write and read once and verify");
                (_bytes, _difference) = _pair.Check();
                _m._progress(Name + ": warm-up");
                _write.WarmUp();
                _read.WarmUp();
            }

            internal override void Turn(bool serialize, TimeSpan budget) => (serialize ? _write : _read).Turn(budget);

            internal override ResultRow Finish()
            {
                long writeAlloc = Allocated(_pair.Write);
                long readAlloc = Allocated(_pair.Read);
                // Once more after the rounds: the timed calls left the same faithful copy behind.
                (long bytes, string? difference) = _pair.Check();
                _difference ??= difference ?? (bytes != _bytes ? $"{bytes} bytes after the rounds, {_bytes} before" : null);
                return new ResultRow
                {
                    Workload = _pair.Workload,
                    Serializer = _pair.Name,
                    Objects = _pair.Objects,
                    SizeBytes = _bytes,
                    SerializeNs = _write.Median,
                    DeserializeNs = _read.Median,
                    SerializeSpread = _write.Spread,
                    DeserializeSpread = _read.Spread,
                    SerializeAllocBytes = writeAlloc,
                    DeserializeAllocBytes = readAlloc,
                    Verified = _difference == null,
                    KeepsReferences = _pair.KeepsReferences,
                    Note = _difference,
                };
            }
        }

        /// <summary>The samples of one serializer's one operation, taken over several turns.</summary>
        private sealed class Series
        {
            private readonly Measurer _m;
            private readonly Action _op;
            private readonly List<double> _samples = new List<double>();
            private readonly List<double> _roundMedians = new List<double>();
            private int _batch = 1;
            private bool _collectEachSample;

            public Series(Measurer m, Action op)
            {
                _m = m;
                _op = op;
            }

            /// <summary>
            /// At least half a second of calls (tiered compilation promotes hot methods through the PGO tier on a
            /// background thread after a delay, so a count-based warm-up can end before the final code runs), then
            /// the batch size: short operations are timed in batches so that a sample is at least ~20 µs and the
            /// clock's own cost does not count; long ones get a full GC before each sample so no run pays another's garbage.
            /// </summary>
            public void WarmUp()
            {
                var warm = Stopwatch.StartNew();
                int runs = 0;
                TimeSpan warmFor = _m.Quick ? TimeSpan.Zero : TimeSpan.FromMilliseconds(500);
                while (runs < 3 || warm.Elapsed < warmFor)
                {
                    _op();
                    runs++;
                }
                double averageNs = warm.Elapsed.TotalMilliseconds * 1e6 / runs;
                _batch = averageNs >= 20_000 ? 1 : (int)Math.Min(10_000, Math.Ceiling(20_000 / Math.Max(1, averageNs)));
                _collectEachSample = averageNs > 2_000_000;
            }

            /// <summary>One turn: a full GC, then samples until the turn's budget is spent (at least one).</summary>
            public void Turn(TimeSpan budget)
            {
                FullCollect();
                int perTurn = Math.Max(1, _m._maxSamples / _m._rounds);
                int first = _samples.Count;
                var clock = Stopwatch.StartNew();
                while (_samples.Count == first || (_samples.Count - first < perTurn && clock.Elapsed < budget))
                {
                    if (_collectEachSample) FullCollect();
                    long t0 = Stopwatch.GetTimestamp();
                    for (int i = 0; i < _batch; i++) _op();
                    long t1 = Stopwatch.GetTimestamp();
                    _samples.Add((t1 - t0) * 1e9 / Stopwatch.Frequency / _batch);
                }
                _roundMedians.Add(MedianOf(_samples.GetRange(first, _samples.Count - first)));
            }

            public double Median => MedianOf(_samples);

            /// <summary>The lowest and highest median of a single turn.</summary>
            public (double Low, double High) Spread
            {
                get
                {
                    double low = double.MaxValue, high = double.MinValue;
                    foreach (double m in _roundMedians)
                    {
                        low = Math.Min(low, m);
                        high = Math.Max(high, m);
                    }
                    return (low, high);
                }
            }

            private static double MedianOf(List<double> values)
            {
                var sorted = values.ToArray();
                Array.Sort(sorted);
                int n = sorted.Length;
                return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            }
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
        private static long PeakWorkingSetOfFileRoundTrip<T>(T value, ISerializerAdapter adapter)
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
