using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz.Engine
{
    /// <summary>What one execution did.</summary>
    public sealed class ExecutionResult
    {
        public ExecutionResult(Exception? error, long allocatedBytes, TimeSpan elapsed, IReadOnlyList<AmberException>? moreErrors = null,
            long? allocationBound = null, string? allocationStep = null, string? relayFeature = null, string? disagreement = null)
        {
            Disagreement = disagreement;
            RelayFeature = relayFeature;
            Error = error;
            AllocatedBytes = allocatedBytes;
            Elapsed = elapsed;
            MoreErrors = moreErrors ?? Array.Empty<AmberException>();
            AllocationBound = allocationBound;
            AllocationStep = allocationStep;
        }

        /// <summary>
        /// The kept-members targets run several reads and writes, each held to the bound of the bytes it reads: there
        /// <see cref="AllocatedBytes"/> is the step nearest its bound, this is that bound, and <see cref="AllocationStep"/> names
        /// the step. Null for every other entry point (the bound of the input).
        /// </summary>
        public long? AllocationBound { get; }

        public string? AllocationStep { get; }

        /// <summary>A kept-members target's success: how the relay's run ended (<see cref="RelayRun.Feature"/>), a success feature of its own.</summary>
        public string? RelayFeature { get; }

        /// <summary><see cref="EntryPoint.Checked"/>: how the checked read differed from the span read (null when they agree).</summary>
        public string? Disagreement { get; }

        /// <summary>The exception the entry point threw, or null when it returned (the connection target: its first message's error).</summary>
        public Exception? Error { get; }

        /// <summary>The connection target's errors after the first: it reads on after a message fails. Empty for every other entry point.</summary>
        public IReadOnlyList<AmberException> MoreErrors { get; }

        public long AllocatedBytes { get; }

        public TimeSpan Elapsed { get; }
    }

    /// <summary>Counters of one target after a run.</summary>
    public sealed class TargetStats
    {
        internal TargetStats(FuzzTarget target) => Target = target;

        public FuzzTarget Target { get; }
        public long Executions { get; internal set; }
        public long Successes { get; internal set; }
        public long AmberErrors { get; internal set; }
        public int CorpusSize { get; internal set; }
        public int Signatures { get; internal set; }
        public int Findings { get; internal set; }
        public TimeSpan Time { get; internal set; }
        public IReadOnlyList<string> SignatureList { get; internal set; } = Array.Empty<string>();
        public double ExecutionsPerSecond => Time.TotalSeconds > 0 ? Executions / Time.TotalSeconds : 0;

        /// <summary>
        /// Amplification: the most bytes one execution allocated per input byte, over inputs of at least
        /// <see cref="Amplification.MinimumInput"/> bytes (below that, a fixed cost such as the exception dominates), and the input's size.
        /// </summary>
        public Amplification WorstAllocation { get; } = new Amplification();

        /// <summary>Amplification: the longest time one execution took per input byte (nanoseconds), same inputs.</summary>
        public Amplification WorstTime { get; } = new Amplification();
    }

    /// <summary>The worst ratio of a cost to the input's size seen on one target, and the input it was seen on.</summary>
    public sealed class Amplification
    {
        /// <summary>
        /// Inputs shorter than this are not counted: their cost is mostly the call's fixed cost (a stream entry point's
        /// buffer, an exception and its message), not the bytes'.
        /// </summary>
        public const int MinimumInput = 16 * 1024;

        public double PerByte { get; private set; }
        public long Cost { get; private set; }
        public int InputLength { get; private set; }

        internal void Observe(long cost, int inputLength)
        {
            if (inputLength < MinimumInput) return;
            double perByte = (double)cost / inputLength;
            if (perByte <= PerByte) return;
            PerByte = perByte;
            Cost = cost;
            InputLength = inputLength;
        }
    }

    /// <summary>The result of <see cref="FuzzEngine.Run"/>.</summary>
    public sealed class FuzzReport
    {
        internal FuzzReport(IReadOnlyList<TargetStats> targets, IReadOnlyList<Finding> findings, TimeSpan elapsed)
        {
            Targets = targets;
            Findings = findings;
            Elapsed = elapsed;
        }

        public IReadOnlyList<TargetStats> Targets { get; }
        public IReadOnlyList<Finding> Findings { get; }
        public TimeSpan Elapsed { get; }
        public long TotalExecutions => Targets.Sum(t => t.Executions);
    }

    /// <summary>
    /// The fuzzing loop: per target, a corpus of seeds and novel inputs; each step mutates a corpus
    /// entry, runs it through the target's entry point, judges it with the oracle, and keeps it if its
    /// behaviour signature is new. Feedback-guided by behaviour signatures, not by code coverage.
    /// </summary>
    public sealed class FuzzEngine : IDisposable
    {
        private readonly IReadOnlyList<FuzzTarget> _targets;
        private readonly FuzzOptions _options;
        private readonly Watchdog _watchdog;
        private readonly InFlightRecord? _inFlight;
        private readonly List<Finding> _findings = new List<Finding>();
        private readonly Dictionary<string, Finding> _findingsByIdentity = new Dictionary<string, Finding>();

        // The inputs this thread read last, newest first: a reader keeps what earlier payloads defined (its recent
        // definitions), so an outcome that depends on them is reported with them.
        private readonly (string Target, byte[] Input)[] _history = new (string, byte[])[8];

        public FuzzEngine(IReadOnlyList<FuzzTarget> targets, FuzzOptions options)
        {
            _targets = targets;
            _options = options;
            if (options.FindingsDirectory != null)
            {
                _inFlight = new InFlightRecord(options.FindingsDirectory);
                Finding? died = _inFlight.RecoverDeadRun();
                if (died != null) AddFinding(died, writeFile: true);
            }
            _watchdog = new Watchdog(options, this);
        }

        /// <summary>Findings so far (also those recovered from a process that died in an earlier run).</summary>
        public IReadOnlyList<Finding> Findings => _findings;

        private sealed class TargetState
        {
            public TargetState(FuzzTarget target, int seed, int capacity)
            {
                Target = target;
                Random = new Random(seed ^ FuzzModel.StableHash(target.Name));
                Mutator = new Mutator(Random);
                IsConnection = target.Entry == EntryPoint.Connection;
                Corpus = new Corpus(capacity, IsConnection);
                Stats = new TargetStats(target);
            }

            /// <summary>Inputs are connection streams: walked message by message, mutated a message at a time too.</summary>
            public bool IsConnection { get; }

            public byte[] Mutate(CorpusEntry parent, CorpusEntry other) =>
                IsConnection ? Mutator.MutateConnection(parent, other) : Mutator.Mutate(parent, other);

            public FuzzTarget Target { get; }
            public Random Random { get; }
            public Mutator Mutator { get; }
            public Corpus Corpus { get; }
            public HashSet<string> Signatures { get; } = new HashSet<string>();

            /// <summary>The type and member tags of the seeds: the model's own vocabulary.</summary>
            public HashSet<ulong> SeedTags { get; } = new HashSet<ulong>();
            public TargetStats Stats { get; }
        }

        public FuzzReport Run()
        {
            if (_options.Iterations == null && _options.Seconds == null) throw new ArgumentException("Set Iterations, Seconds or both.");
            var total = Stopwatch.StartNew();
            var states = _targets.Select(t => new TargetState(t, _options.Seed, _options.CorpusCapacity)).ToList();
            var seedCache = new Dictionary<FuzzModel, List<byte[]>>();
            foreach (TargetState s in states)
            {
                if (!seedCache.TryGetValue(s.Target.Model, out List<byte[]>? seeds))
                    seedCache[s.Target.Model] = seeds = s.Target.Model.MakeSeeds(_options.Seed);
                foreach (byte[] seed in seeds)
                {
                    foreach (Field f in PayloadWalker.Walk(seed, s.IsConnection))
                    {
                        if (f.Kind is FieldKind.TypeTag or FieldKind.MemberTag) s.SeedTags.Add(Signature.TagKey(f));
                    }
                }
                var clock = Stopwatch.StartNew();
                foreach (byte[] seed in seeds) Step(s, seed, isSeed: true);
                s.Stats.Time += clock.Elapsed;
            }

            long iterations = _options.Iterations ?? long.MaxValue;
            double perTarget = (_options.Seconds ?? double.PositiveInfinity) / states.Count;
            TimeSpan slice = TimeSpan.FromSeconds(double.IsInfinity(perTarget) ? 3600 : Math.Clamp(perTarget / 20, 0.25, 10));
            TimeSpan lastLog = TimeSpan.Zero;
            bool progress = true;
            while (progress && _findings.Count < _options.MaxFindings)
            {
                progress = false;
                foreach (TargetState s in states)
                {
                    if (s.Stats.Executions >= iterations || s.Stats.Time.TotalSeconds >= perTarget) continue;
                    // Every seed of this target failed (each is a finding already): there is nothing to mutate.
                    if (s.Corpus.Count == 0) continue;
                    progress = true;
                    var clock = Stopwatch.StartNew();
                    // Batches of 64 between clock checks; iteration mode takes batches of 256 for determinism of counts.
                    while (s.Stats.Executions < iterations && clock.Elapsed < slice && (s.Stats.Time + clock.Elapsed).TotalSeconds < perTarget)
                    {
                        long batch = Math.Min(64, iterations - s.Stats.Executions);
                        for (long i = 0; i < batch; i++)
                        {
                            // A relay's checks run only on inputs it reads: half its parents are inputs that read.
                            CorpusEntry parent = s.Corpus.Pick(s.Random, preferSuccess: s.Target.Entry == EntryPoint.Relay);
                            CorpusEntry other = s.Corpus.Pick(s.Random);
                            Step(s, s.Mutate(parent, other), isSeed: false);
                        }
                        if (_findings.Count >= _options.MaxFindings) break;
                    }
                    s.Stats.Time += clock.Elapsed;
                    if (_options.Log != null && total.Elapsed - lastLog > TimeSpan.FromSeconds(30))
                    {
                        lastLog = total.Elapsed;
                        long execs = states.Sum(x => x.Stats.Executions);
                        _options.Log.WriteLine($"[{total.Elapsed:hh\\:mm\\:ss}] {execs:N0} executions, {execs / total.Elapsed.TotalSeconds:N0}/s, {states.Sum(x => x.Signatures.Count):N0} signatures, {_findings.Count} finding(s)");
                    }
                }
            }
            _inFlight?.Finish();
            foreach (TargetState s in states)
            {
                s.Stats.CorpusSize = s.Corpus.Count;
                s.Stats.Signatures = s.Signatures.Count;
                s.Stats.SignatureList = s.Signatures.OrderBy(x => x, StringComparer.Ordinal).ToList();
            }
            return new FuzzReport(states.Select(s => s.Stats).ToList(), _findings.ToList(), total.Elapsed);
        }

        private void Step(TargetState s, byte[] input, bool isSeed)
        {
            Delivery delivery = Delivery.Choose(s.Target.Entry, input.Length, s.Random);
            ExecutionResult result = Execute(s.Target, input, delivery);
            s.Stats.Executions++;
            s.Stats.WorstAllocation.Observe(result.AllocatedBytes, input.Length);
            s.Stats.WorstTime.Observe((long)(result.Elapsed.TotalMilliseconds * 1_000_000), input.Length);
            Finding? finding = Judge(s.Target, input, delivery, result, checkTime: !isSeed);
            if (finding != null)
            {
                if (AddFinding(finding, _options.FindingsDirectory != null)) s.Stats.Findings++;
                return;
            }
            bool novel;
            if (result.Error is AmberException ae)
            {
                s.Stats.AmberErrors++;
                novel = s.Signatures.Add(Signature.Of(ae, input.Length));
                // The connection target reads on after a failed message: each later error is behaviour too.
                foreach (AmberException more in result.MoreErrors)
                {
                    if (s.Signatures.Add(Signature.Of(more, input.Length))) novel = true;
                }
            }
            else
            {
                s.Stats.Successes++;
                novel = false;
                foreach (ulong feature in Signature.SuccessFeatures(input, s.SeedTags, s.IsConnection))
                {
                    if (s.Signatures.Add(Signature.OfSuccessFeature(feature))) novel = true;
                }
                // A relay's run goes on after the read (KeptRelay): how it ended is behaviour too.
                if (result.RelayFeature != null && s.Signatures.Add("ok|relay|" + result.RelayFeature)) novel = true;
            }
            if (novel || isSeed)
            {
                s.Corpus.Add(input, isSeed, s.Random, success: result.Error == null);
                // Differential check, on novel inputs only (cheap): every entry point must tell the same story as the span one.
                // The JSON view is not a reader of the type: it shows what it can of payloads the type refuses, so it is
                // held to its own oracle (JsonViewEntry), not compared with the span entry point; nor is a relay, which reads
                // the input as another type (KeptRelay).
                if (s.Target.Entry == EntryPoint.Connection)
                {
                    // The connection target's own differential checks: delivery and framing do not matter, failed messages roll back.
                    string? difference;
                    try
                    {
                        difference = ConnectionTraffic.CrossCheck(input, delivery);
                    }
                    catch (Exception e)
                    {
                        difference = "The cross-check's reads threw where the execution's did not:\n" + e;
                    }
                    if (difference != null)
                    {
                        string identity = difference.Contains("left out", StringComparison.Ordinal) ? "rollback"
                            : difference.Contains("read unframed", StringComparison.Ordinal) ? "unframed" : "delivery";
                        var d = new Finding(s.Target.Name, FindingKind.Disagreement, identity, input, delivery, difference);
                        if (AddFinding(d, _options.FindingsDirectory != null)) s.Stats.Findings++;
                    }
                }
                else if (s.Target.Entry is not (EntryPoint.Span or EntryPoint.Json or EntryPoint.Relay or EntryPoint.Checked))
                {
                    var span = new FuzzTarget(s.Target.Model, EntryPoint.Span);
                    ExecutionResult reference = Execute(span, input, Delivery.Whole.WithOptions(delivery.OptionsIndex));
                    string mine = OutcomeKey(result.Error), theirs = OutcomeKey(reference.Error);
                    if (mine != theirs && !IsStackExhausted(result.Error) && !IsStackExhausted(reference.Error))
                    {
                        var d = new Finding(s.Target.Name, FindingKind.Disagreement, ShortOutcome(result.Error) + " vs " + ShortOutcome(reference.Error), input, delivery,
                            $"{s.Target.Entry}: {mine}\nSpan: {theirs}\n\n{result.Error}\n\n{reference.Error}");
                        if (AddFinding(d, _options.FindingsDirectory != null)) s.Stats.Findings++;
                    }
                }
            }
        }

        /// <summary>What two entry points must agree on: success, or the exception's type, problem, offset and member path.</summary>
        private static string OutcomeKey(Exception? e) => e switch
        {
            null => "ok",
            AmberException ae => $"{ae.GetType().Name}: {ae.Problem} @{ae.ByteOffset} in {ae.MemberPath}",
            _ => e.GetType().Name + ": " + e.Message,
        };

        /// <summary>
        /// Running out of stack is the one outcome that depends on the caller: the stream and async entry
        /// points sit on more frames than the span one, so one may stop there while the other reads on and
        /// fails elsewhere or succeeds. Such pairs are not compared.
        /// </summary>
        private static bool IsStackExhausted(Exception? e) => e is AmberException ae && ae.Problem.Contains("stack can hold", StringComparison.Ordinal);

        private static string ShortOutcome(Exception? e) => e switch
        {
            null => "ok",
            AmberException ae => Signature.Template(ae.Problem),
            _ => e.GetType().Name,
        };

        /// <summary>Runs one input through one target's entry point, measuring time and allocation on this thread.</summary>
        public ExecutionResult Execute(FuzzTarget target, byte[] input, Delivery delivery)
        {
            ReadOnlySequence<byte> sequence = default;
            Stream? stream = null;
            AmberOptions? options = delivery.Options;
            if (target.Entry is EntryPoint.Sequence or EntryPoint.Connection) sequence = Delivery.BuildSequence(input, delivery.Segments ?? new[] { input.Length });
            else if (target.Entry == EntryPoint.Checked) sequence = Delivery.BuildSequence(input, delivery.Segments ?? Enumerable.Repeat(1, input.Length).ToArray());
            else if (target.Entry is not (EntryPoint.Span or EntryPoint.Json or EntryPoint.Relay)) stream = new ShortReadStream(input, delivery.MaxRead);
            object? value = null;
            long[]? arrivals = delivery.Incremental && delivery.Segments != null ? Delivery.Ends(delivery.Segments) : null;
            IReadOnlyList<AmberException>? moreErrors = null;
            RelayRun? relay = null;
            _inFlight?.Begin(target.Name, input);
            _watchdog.Begin(target, input, delivery);
            // The differential target's reference: the span read, with windows, before the measured read.
            (object? Value, Exception? Error) windowed = target.Entry == EntryPoint.Checked ? ReadSpan(target.Model, input, options) : default;
            long before = GC.GetAllocatedBytesForCurrentThread();
            TimeSpan pausedBefore = GC.GetTotalPauseDuration();
            long start = Stopwatch.GetTimestamp();
            Exception? error = null;
            try
            {
                switch (target.Entry)
                {
                    case EntryPoint.Span: target.Model.Span(input, options); break;
                    case EntryPoint.Sequence: target.Model.Sequence(in sequence, options); break;
                    case EntryPoint.Checked: value = target.Model.Sequence(in sequence, options); break;
                    case EntryPoint.Stream: target.Model.Stream(stream!, options); break;
                    case EntryPoint.StreamAsync: target.Model.StreamAsync(stream!, options).GetAwaiter().GetResult(); break;
                    case EntryPoint.Json: target.Model.Json!(input, options); break;
                    case EntryPoint.Relay:
                        relay = target.Model.Relay!(input, options);
                        error = relay.Error;
                        break;
                    case EntryPoint.Connection:
                    {
                        ConnectionRun run = ConnectionTraffic.Read(sequence, arrivals, options);
                        if (run.Errors.Count > 0)
                        {
                            error = run.Errors[0];
                            moreErrors = run.Errors.GetRange(1, run.Errors.Count - 1);
                        }
                        break;
                    }
                }
            }
            catch (Exception e)
            {
                error = e;
            }
            // A blocking GC of the fuzzer's own heap (the corpus) is not the input's doing.
            TimeSpan elapsed = Stopwatch.GetElapsedTime(start) - (GC.GetTotalPauseDuration() - pausedBefore);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            _watchdog.End();
            if (relay != null && relay.Steps.Count > 0)
            {
                // The relay's own steps, each against the bound of what it read; the comparison of values in between is the fuzzer's work.
                (string step, long stepAllocated, long bound) = relay.Worst;
                return new ExecutionResult(error, stepAllocated, elapsed, moreErrors, bound, step, relay.Feature);
            }
            string? disagreement = target.Entry == EntryPoint.Checked ? Differ(target.Model, windowed, (value, error), options) : null;
            if (disagreement != null) disagreement = WithHistory(target, input, sequence, options, disagreement);
            Array.Copy(_history, 0, _history, 1, _history.Length - 1);
            _history[0] = (target.Name, input);
            return new ExecutionResult(error, allocated, elapsed, moreErrors, disagreement: disagreement);
        }

        /// <summary>
        /// A disagreement read again on a fresh thread, whose reader has read nothing before: when the two reads agree there,
        /// the outcome depended on the payloads read before it, listed after the disagreement (newest first).
        /// </summary>
        private string WithHistory(FuzzTarget target, byte[] input, ReadOnlySequence<byte> sequence, AmberOptions? options, string disagreement)
        {
            string? fresh = null;
            var thread = new System.Threading.Thread(() =>
            {
                (object? Value, Exception? Error) windowed = ReadSpan(target.Model, input, options);
                (object? Value, Exception? Error) checkedRead;
                try
                {
                    checkedRead = (target.Model.Sequence(in sequence, options), null);
                }
                catch (Exception e)
                {
                    checkedRead = (null, e);
                }
                fresh = Differ(target.Model, windowed, checkedRead, options) ?? "agree";
            }, 16 << 20);
            thread.Start();
            thread.Join();
            if (fresh != "agree") return disagreement;
            var sb = new System.Text.StringBuilder(disagreement);
            sb.AppendLine().AppendLine().AppendLine("On a fresh thread the two reads agree: the span read's outcome depended on the payloads this thread read before (newest first):");
            foreach ((string name, byte[] before) in _history)
            {
                if (before != null) sb.AppendLine($"{name}: {Convert.ToHexString(before)}");
            }
            return sb.ToString();
        }

        private static (object? Value, Exception? Error) ReadSpan(FuzzModel model, byte[] input, AmberOptions? options)
        {
            try
            {
                return (model.Span(input, options), null);
            }
            catch (Exception e)
            {
                return (null, e);
            }
        }

        /// <summary>Written back with references kept (a read may build a cycle), so equal values give equal bytes.</summary>
        private static readonly AmberOptions s_writeBack = new AmberOptions { PreserveReferences = true, MaxDepth = 10_000 };

        /// <summary>
        /// How the checked read (<paramref name="checkedRead"/>) differs from the span read (<paramref name="windowed"/>) of the
        /// same input: their outcomes, or the bytes of their values written back as the model's root type. Null when they agree.
        /// </summary>
        private static string? Differ(FuzzModel model, (object? Value, Exception? Error) windowed, (object? Value, Exception? Error) checkedRead, AmberOptions? options)
        {
            string spanOutcome = OutcomeKey(windowed.Error), checkedOutcome = OutcomeKey(checkedRead.Error);
            if (spanOutcome != checkedOutcome)
            {
                if (IsStackExhausted(windowed.Error) || IsStackExhausted(checkedRead.Error)) return null;
                return $"Span (windows): {spanOutcome}\nChecked: {checkedOutcome}\n\n{windowed.Error}\n\n{checkedRead.Error}";
            }
            if (windowed.Error != null) return null;
            (string spanBytes, string? spanFailure) = WriteBack(model, windowed.Value);
            (string checkedBytes, string? checkedFailure) = WriteBack(model, checkedRead.Value);
            // A value that cannot be written back cannot be compared: that is a finding too, not a pass.
            if (spanFailure != null || checkedFailure != null)
                return $"A value read could not be written back as {model.Root.Name}:\nSpan (windows): {spanFailure ?? "ok"}\nChecked: {checkedFailure ?? "ok"}";
            if (spanBytes == checkedBytes) return null;
            return $"The two reads succeeded with different values, written back as {model.Root.Name}:\nSpan (windows): {spanBytes}\nChecked: {checkedBytes}";
        }

        private static (string Bytes, string? Failure) WriteBack(FuzzModel model, object? value)
        {
            try
            {
                var buffer = new ArrayBufferWriter<byte>();
                AmberSerializer.Serialize(buffer, value!, model.Root, s_writeBack);
                return (Convert.ToHexString(buffer.WrittenSpan), null);
            }
            catch (Exception e)
            {
                return ("", OutcomeKey(e));
            }
        }

        /// <summary>
        /// The oracle. An input fails if anything but an AmberException escapes, if an AmberException
        /// has no message or no byte offset inside the input, if the execution took longer than the
        /// hang limit, or if it allocated more than 64 × input length + 4 MB.
        /// </summary>
        public Finding? Judge(FuzzTarget target, byte[] input, Delivery delivery, ExecutionResult result, bool checkTime = true)
        {
            Exception? e = result.Error;
            if (e != null && e is not AmberException)
                return new Finding(target.Name, FindingKind.Crash, Signature.CrashIdentity(e), input, delivery, e.ToString());
            foreach (AmberException ae in AmberErrors(result))
            {
                if (string.IsNullOrWhiteSpace(ae.Problem) || string.IsNullOrWhiteSpace(ae.Message))
                    return new Finding(target.Name, FindingKind.BadAmberException, "empty message@" + Signature.CrashIdentity(ae), input, delivery, ae.ToString());
                if (ae.ByteOffset < 0 || ae.ByteOffset > input.Length)
                    return new Finding(target.Name, FindingKind.BadAmberException, $"offset {(ae.ByteOffset < 0 ? "missing" : "past the end")}: {Signature.Template(ae.Problem)}", input, delivery,
                        $"ByteOffset {ae.ByteOffset} for an input of {input.Length} bytes\n{ae}");
            }
            if (result.Disagreement != null)
                return new Finding(target.Name, FindingKind.Disagreement, "windows", input, delivery, result.Disagreement);
            if (checkTime && result.Elapsed > _options.HangLimit)
                return new Finding(target.Name, FindingKind.Hang, "hang", input, delivery,
                    $"One execution took {result.Elapsed.TotalMilliseconds:N0} ms (limit {_options.HangLimit.TotalMilliseconds:N0} ms); it ended with {(e == null ? "success" : e.GetType().Name + ": " + e.Message)}");
            long bound = result.AllocationBound ?? FuzzOptions.AllocationBound(input.Length, result.MoreErrors.Count);
            if (result.AllocatedBytes > bound)
                return new Finding(target.Name, FindingKind.AllocationBlowUp, "allocation" + (result.AllocationStep != null ? " in " + result.AllocationStep : ""), input, delivery,
                    $"One execution{(result.AllocationStep != null ? "'s step '" + result.AllocationStep + "'" : "")} allocated {result.AllocatedBytes:N0} bytes for an input of {input.Length} bytes (bound {bound:N0}); it ended with {(e == null ? "success" : e.GetType().Name + ": " + e.Message)}");
            return null;
        }

        private static IEnumerable<AmberException> AmberErrors(ExecutionResult result)
        {
            if (result.Error is AmberException first) yield return first;
            foreach (AmberException more in result.MoreErrors) yield return more;
        }

        /// <summary>Keeps the first finding per (target, kind, identity); later ones only count.</summary>
        internal bool AddFinding(Finding finding, bool writeFile)
        {
            string key = finding.Target + "|" + finding.Kind + "|" + finding.Identity;
            lock (_findingsByIdentity)
            {
                if (_findingsByIdentity.TryGetValue(key, out Finding? first))
                {
                    first.Repeats++;
                    return false;
                }
                _findingsByIdentity[key] = finding;
                _findings.Add(finding);
            }
            string where = writeFile && _options.FindingsDirectory != null ? " -> " + finding.WriteTo(_options.FindingsDirectory) : "";
            _options.Log?.WriteLine($"FINDING {finding}{where}");
            return true;
        }

        public void Dispose()
        {
            _watchdog.Dispose();
            _inFlight?.Dispose();
        }
    }
}
