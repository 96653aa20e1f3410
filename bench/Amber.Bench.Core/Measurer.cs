using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime;
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
        private readonly TimeSpan _warmUp;
        private readonly int _rounds;
        private readonly int _maxSamples;
        private readonly Action<string> _progress;

        /// <param name="budgetPerSeries">Timing budget per serializer and operation, spread over the rounds.</param>
        /// <param name="rounds">How many turns each serializer takes per operation (at least one sample each).</param>
        /// <param name="maxSamples">The most samples per serializer and operation.</param>
        /// <param name="warmUp">How long each operation runs before it is timed (at least three calls).</param>
        /// <param name="progress">Where to say what is being done.</param>
        /// <param name="measurePeakWorkingSet">Also measure the peak working set of a file round trip.</param>
        public Measurer(TimeSpan budgetPerSeries, int rounds, int maxSamples, TimeSpan warmUp, Action<string> progress, bool measurePeakWorkingSet)
        {
            _budget = budgetPerSeries;
            _warmUp = warmUp;
            _rounds = Math.Max(1, rounds);
            _maxSamples = maxSamples;
            _progress = progress;
            MeasurePeakWorkingSet = measurePeakWorkingSet;
        }

        /// <summary>Peak working set while writing to and reading from a file (the sportevents snapshot path).</summary>
        public bool MeasurePeakWorkingSet { get; }

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

        /// <summary>Sets up, checks and warms up one serializer on a case whose items are each a payload of their own.</summary>
        public Subject Prepare<TItem>(PayloadPerItemCase<TItem> input, ISerializerAdapter adapter)
        {
            var subject = new PerItemSubject<TItem>(this, input, adapter.For(input.Needs));
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

        /// <summary>
        /// One serializer on one input: what it writes and reads per operation is up to the subclass
        /// (one payload, or one per item); checking, the timed series and the row are the same for both.
        /// </summary>
        private abstract class SerializerSubject : Subject
        {
            private readonly Series _serialize;
            private readonly Series _deserialize;
            private Comparer _comparer = new Comparer();

            protected SerializerSubject(Measurer m, WorkloadCase input, ISerializerAdapter adapter)
            {
                M = m;
                Input = input;
                Adapter = adapter;
                _serialize = new Series(m, SerializeOnce);
                _deserialize = new Series(m, DeserializeOnce);
            }

            protected Measurer M { get; }

            protected WorkloadCase Input { get; }

            protected ISerializerAdapter Adapter { get; }

            /// <summary>The buffer every serialize call writes into, reset before each.</summary>
            protected ArrayBufferWriter<byte> Output { get; } = new ArrayBufferWriter<byte>(1 << 16);

            public override string Name => Adapter.Name;

            /// <summary>One timed serialize operation.</summary>
            protected abstract void SerializeOnce();

            /// <summary>One timed deserialize operation, from the payload(s) <see cref="WriteAndCompare"/> kept.</summary>
            protected abstract void DeserializeOnce();

            /// <summary>Serializes once, keeps what was written for <see cref="DeserializeOnce"/>, reads it back and compares the copy with <paramref name="c"/>.</summary>
            protected abstract void WriteAndCompare(Comparer c);

            /// <summary>The bytes written by one serialize operation.</summary>
            protected abstract long PayloadBytes { get; }

            /// <summary>The peak working set of a file round trip through the Stream API, where the measurer takes it; null otherwise.</summary>
            protected virtual long? PeakWorkingSet() => null;

            /// <summary>Serializes once, compares the copy member by member, and warms up both operations.</summary>
            public void Check()
            {
                M._progress(Name + ": serialize once and verify");
                _comparer = new Comparer(checksIdentity: Adapter.KeepsReferences);
                WriteAndCompare(_comparer);
                M._progress(Name + ": warm-up");
                _serialize.WarmUp();
                _deserialize.WarmUp();
            }

            internal override void Turn(bool serialize, TimeSpan budget) => (serialize ? _serialize : _deserialize).Turn(budget);

            internal override ResultRow Finish()
            {
                long serAlloc = Allocated(SerializeOnce);
                long deAlloc = Allocated(DeserializeOnce);
                long? peak = PeakWorkingSet();
                return new ResultRow
                {
                    Workload = Input.Workload,
                    Case = Input.Case,
                    Serializer = Adapter.Name,
                    Objects = Input.Objects,
                    SizeBytes = PayloadBytes,
                    SerializeNs = _serialize.Median,
                    DeserializeNs = _deserialize.Median,
                    SerializeSpread = _serialize.Spread,
                    DeserializeSpread = _deserialize.Spread,
                    SerializeAllocBytes = serAlloc,
                    DeserializeAllocBytes = deAlloc,
                    PeakWorkingSetBytes = peak,
                    Verified = !_comparer.Failed,
                    KeepsReferences = Adapter.KeepsReferences,
                    Note = _comparer.FirstDifference,
                };
            }
        }

        /// <summary>The value written as one payload.</summary>
        private sealed class Subject<T> : SerializerSubject
        {
            private readonly WorkloadCase<T> _input;
            private byte[] _payload = Array.Empty<byte>();

            public Subject(Measurer m, WorkloadCase<T> input, ISerializerAdapter adapter)
                : base(m, input, adapter)
            {
                _input = input;
            }

            protected override long PayloadBytes => _payload.Length;

            protected override void SerializeOnce()
            {
                Output.ResetWrittenCount();
                Adapter.Serialize(_input.Value, Output);
            }

            protected override void DeserializeOnce() => Adapter.Deserialize<T>(_payload);

            protected override void WriteAndCompare(Comparer c)
            {
                SerializeOnce();
                _payload = Output.WrittenSpan.ToArray();
                T copy = Adapter.Deserialize<T>(_payload);
                _input.Compare(c, _input.Value, copy);
            }

            protected override long? PeakWorkingSet() => M.MeasurePeakWorkingSet ? PeakWorkingSetOfFileRoundTrip(_input.Value, Adapter) : null;
        }

        /// <summary>
        /// Each item written as a payload of its own, declared as <typeparamref name="TItem"/>: one serialize
        /// operation is one Serialize call per item, each into the reused buffer reset before it; one
        /// deserialize operation is one Deserialize call per payload. The payloads are kept one after
        /// another in one array (as a server's receive buffer holds them), with their offsets.
        /// </summary>
        private sealed class PerItemSubject<TItem> : SerializerSubject
        {
            private readonly PayloadPerItemCase<TItem> _input;
            private byte[] _payloads = Array.Empty<byte>();
            private int[] _offsets = new int[1];

            public PerItemSubject(Measurer m, PayloadPerItemCase<TItem> input, ISerializerAdapter adapter)
                : base(m, input, adapter)
            {
                _input = input;
            }

            protected override long PayloadBytes => _payloads.Length;

            protected override void SerializeOnce()
            {
                IReadOnlyList<TItem> items = _input.Items;
                for (int i = 0; i < items.Count; i++)
                {
                    Output.ResetWrittenCount();
                    Adapter.Serialize(items[i], Output);
                }
            }

            protected override void DeserializeOnce()
            {
                ReadOnlySpan<byte> all = _payloads;
                int[] offsets = _offsets;
                for (int i = 0; i + 1 < offsets.Length; i++) Adapter.Deserialize<TItem>(all.Slice(offsets[i], offsets[i + 1] - offsets[i]));
            }

            protected override void WriteAndCompare(Comparer c)
            {
                IReadOnlyList<TItem> items = _input.Items;
                var written = new MemoryStream();
                _offsets = new int[items.Count + 1];
                for (int i = 0; i < items.Count; i++)
                {
                    Output.ResetWrittenCount();
                    Adapter.Serialize(items[i], Output);
                    written.Write(Output.WrittenSpan);
                    _offsets[i + 1] = checked((int)written.Length);
                }
                _payloads = written.ToArray();
                for (int i = 0; i < items.Count && !c.Failed; i++)
                {
                    TItem copy = Adapter.Deserialize<TItem>(_payloads.AsSpan(_offsets[i], _offsets[i + 1] - _offsets[i]));
                    _input.Compare(c, "[" + i + "]", items[i], copy);
                }
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
                Case = _input.Case,
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
            /// Calls for the measurer's warm-up time, then on until the JIT has compiled nothing for <see cref="Quiet"/> (at most
            /// <see cref="MostExtraWarmUp"/> more): tiered compilation promotes hot methods through the PGO tier on a background
            /// thread after a delay that new compilations restart, so early in a process, or on code it has not run yet, a fixed
            /// time or count can end before the final code runs. Then the batch size: short operations are timed in batches so
            /// that a sample is at least ~20 µs and the clock's own cost does not count; long ones get a full blocking GC before
            /// each sample so no run pays another's garbage (one collection: waiting for finalizers and collecting again, as
            /// before each turn, would double its cost).
            /// </summary>
            public void WarmUp()
            {
                var warm = Stopwatch.StartNew();
                int runs = 0;
                TimeSpan warmFor = _m._warmUp;
                long compiled = JitInfo.GetCompiledMethodCount();
                TimeSpan lastCompile = TimeSpan.Zero;
                // No warm-up time (tiny mode, where figures are not the point): no wait for the JIT either.
                bool waitForJit = warmFor > TimeSpan.Zero;
                while (runs < 3 || warm.Elapsed < warmFor || (waitForJit && warm.Elapsed - lastCompile < Quiet && warm.Elapsed < warmFor + MostExtraWarmUp))
                {
                    _op();
                    runs++;
                    long now = JitInfo.GetCompiledMethodCount();
                    if (now != compiled)
                    {
                        compiled = now;
                        lastCompile = warm.Elapsed;
                    }
                }
                double averageNs = warm.Elapsed.TotalMilliseconds * 1e6 / runs;
                _batch = averageNs >= 20_000 ? 1 : (int)Math.Min(10_000, Math.Ceiling(20_000 / Math.Max(1, averageNs)));
                _collectEachSample = averageNs > 2_000_000;
            }

            /// <summary>How long the JIT must have compiled nothing before a warm-up ends: longer than tiered compilation's delay (100 ms).</summary>
            private static readonly TimeSpan Quiet = TimeSpan.FromMilliseconds(150);

            /// <summary>The most a warm-up goes on past its time while the JIT keeps compiling.</summary>
            private static readonly TimeSpan MostExtraWarmUp = TimeSpan.FromSeconds(2);

            /// <summary>One turn: a full GC, then samples until the turn's budget is spent (at least one).</summary>
            public void Turn(TimeSpan budget)
            {
                FullCollect();
                int perTurn = Math.Max(1, _m._maxSamples / _m._rounds);
                int first = _samples.Count;
                var clock = Stopwatch.StartNew();
                while (_samples.Count == first || (_samples.Count - first < perTurn && clock.Elapsed < budget))
                {
                    if (_collectEachSample) GC.Collect();
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
