using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Amber.Fuzz.Engine;

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// The kept-members targets (<c>Kept.Scene</c>, <c>Kept.Collections</c>, <c>Kept.Geometry</c>, <c>Kept.Network</c>): a relay, an
    /// older build of a model that knows a few of its members and keeps the rest in an <see cref="AmberUnknownMembers"/>
    /// member (Models/Relays.cs, docs/format.md §5.2), reads the input and writes it on, as a relay between two newer programs
    /// does. The input's own outcome is the relay's read of it: an <see cref="AmberException"/> there
    /// (<see cref="RelayRun.Error"/>) is the normal way to refuse it, but when the model reads the input the relay must read it
    /// too, unless its refusal is one only a relay makes (a later reference into a kept value, say). When the relay reads it:
    /// <list type="number">
    /// <item>it writes the object back, in reference mode when the input's header is (a refusal, an
    /// <see cref="AmberException"/>, ends the execution: a kept value that shared an object with the rest of its payload
    /// cannot be carried);</item>
    /// <item>the model reads the input and the relayed bytes: when it reads the input, it must read the relayed bytes too, to
    /// the same value (<see cref="ValueText"/>: member by member, shared objects and cycles included);</item>
    /// <item>the relay reads its own output and writes it again, byte for byte the same.</item>
    /// </list>
    /// A breach is thrown as a <see cref="KeptRelayMismatchException"/>, which the oracle reports as a crash; an error of a
    /// later step (offsets in other bytes than the input) never escapes as an <see cref="AmberException"/>. Each step's
    /// allocation is measured on its own and held to the oracle's bound for the bytes it reads (<see cref="RelayRun"/>).
    /// </summary>
    public static class KeptRelay
    {
        /// <summary>The prefix of every kept-members target's name: <c>Kept.Scene</c> is the relay of the Scene model.</summary>
        public const string Prefix = "Kept";

        private static readonly AmberOptions s_canonical = new AmberOptions { PreserveReferences = true, MaxDepth = 10_000 };

        private static readonly ConcurrentDictionary<string, long> s_outcomes = new ConcurrentDictionary<string, long>();

        /// <summary>
        /// How many runs of each relay (by type name) ended how, since the process started: not written back, relayed and
        /// compared, relayed where the model refuses the input. A run whose relay refuses the input is not counted here.
        /// </summary>
        public static IReadOnlyDictionary<string, long> Outcomes => s_outcomes;

        private static void Count(string relay, string outcome) => s_outcomes.AddOrUpdate(relay + ": " + outcome, 1, (_, n) => n + 1);

        /// <summary>Runs <paramref name="input"/> through the relay <typeparamref name="TRelay"/> of the model <typeparamref name="TFull"/>.</summary>
        public static RelayRun Run<TRelay, TFull>(byte[] input, AmberOptions? options)
        {
            var run = new RelayRun();
            bool references = input.Length > 0 && (input[0] & 0x08) != 0;
            AmberOptions writeOptions = new AmberOptions
            {
                PreserveReferences = references,
                MaxDepth = (options ?? AmberOptions.Default).MaxDepth,
            };

            // 1. The relay reads the input: its AmberException is the execution's outcome. It reads what the model reads,
            //    unless what it refuses is one of the things only a relay cannot do (RefusalOnlyARelayMakes).
            long before = Allocated();
            TRelay? relay;
            try
            {
                relay = AmberSerializer.Deserialize<TRelay>(input, options);
            }
            catch (AmberException refusal)
            {
                run.Step("relay read", before, input.Length);
                run.Error = refusal;
                if (RefusalOnlyARelayMakes(refusal.Problem)) return run;
                before = Allocated();
                try
                {
                    AmberSerializer.Deserialize<TFull>(input, options);
                }
                catch (AmberException)
                {
                    run.Step("model read of the input", before, input.Length);
                    return run;
                }
                RelayRefusesWhatTheModelReads<TRelay, TFull>(refusal);
                throw;
            }
            run.Step("relay read", before, input.Length);

            // 2. It writes what it read back, kept members included.
            byte[] relayed;
            before = Allocated();
            try
            {
                relayed = AmberSerializer.Serialize(relay, writeOptions);
            }
            catch (AmberException e)
            {
                run.Step("relay write", before, input.Length);
                run.Outcome = "not written back: " + e.Problem;
                run.Feature = "not written back|" + Signature.Template(e.Problem);
                Count(typeof(TRelay).Name, "not written back");
                return run;
            }
            run.Step("relay write", before, input.Length);
            run.Relayed = relayed;

            // 3. The model reads the input and the relayed bytes: the same value, or the input does not read either.
            TFull? original = default, back = default;
            AmberException? originalError = null, backError = null;
            before = Allocated();
            try
            {
                original = AmberSerializer.Deserialize<TFull>(input, options);
            }
            catch (AmberException e)
            {
                originalError = e;
            }
            run.Step("model read of the input", before, input.Length);
            before = Allocated();
            try
            {
                back = AmberSerializer.Deserialize<TFull>(relayed, options);
            }
            catch (AmberException e)
            {
                backError = e;
            }
            run.Step("model read of the relayed bytes", before, relayed.Length);
            if (originalError == null)
            {
                if (backError != null) RelayedDoesNotRead<TFull>(relayed, backError);
                string? difference = Compare(original, back);
                if (difference != null) RelayedReadsDifferently<TFull>(relayed, difference);
            }

            // 4. The relay reads its own output and writes it again: the same bytes.
            TRelay? again;
            before = Allocated();
            try
            {
                again = AmberSerializer.Deserialize<TRelay>(relayed, options);
            }
            catch (AmberException e)
            {
                RelayRefusesItsOwnOutput<TRelay>(relayed, e);
                throw;
            }
            run.Step("relay read of the relayed bytes", before, relayed.Length);
            byte[] twice;
            before = Allocated();
            try
            {
                twice = AmberSerializer.Serialize(again, writeOptions);
            }
            catch (AmberException e)
            {
                SecondWriteRefused<TRelay>(relayed, e);
                throw;
            }
            run.Step("relay write of the relayed bytes", before, relayed.Length);
            if (!twice.AsSpan().SequenceEqual(relayed)) NotIdempotent<TRelay>(relayed, twice);
            run.Outcome = originalError == null ? "relayed, the same value" : "relayed; the model refuses the input";
            run.Feature = originalError == null ? "same value" : "model refuses|" + Signature.Template(originalError.Problem) + "|" + Signature.PathTail(originalError.MemberPath);
            Count(typeof(TRelay).Name, run.Outcome);
            return run;
        }

        private static long Allocated() => GC.GetAllocatedBytesForCurrentThread();

        /// <summary>
        /// The refusals a relay may make of a payload its model reads (docs/format.md §5.2): a later reference to an object
        /// inside a value it keeps (kept values are copied, not built), more kept bytes than its bound, a kept row value whose
        /// tag and packed code disagree or a kept row bool that is neither 0 nor 1 (a row member that neither type knows: the
        /// model skips its bytes without looking, the relay re-encodes it and checks it as reading would), and the stack. The
        /// nesting depth is not among them: copying a kept value counts levels as reading it does (docs/security.md).
        /// </summary>
        public static bool RefusalOnlyARelayMakes(string problem) =>
            problem.Contains("which is still being built", StringComparison.Ordinal)
            || problem.StartsWith("The unknown members kept from this payload take", StringComparison.Ordinal)
            || problem.StartsWith("A row member of packed code", StringComparison.Ordinal)
            || problem.StartsWith("A bool in a row is", StringComparison.Ordinal)
            || problem.Contains("stack can hold", StringComparison.Ordinal);

        /// <summary>
        /// Null when the two readings hold the same data, else what differs. Their canonical payloads (reference mode) are
        /// compared first; when those differ, their <see cref="ValueText"/>, where strings and byte arrays count by content.
        /// </summary>
        public static string? Compare<T>(T? expected, T? actual)
        {
            try
            {
                if (AmberSerializer.Serialize(expected, s_canonical).AsSpan().SequenceEqual(AmberSerializer.Serialize(actual, s_canonical))) return null;
            }
            catch (AmberException)
            {
                // Not written canonically (too deep for the stack, say): compared by text alone.
            }
            string? a = ValueText.Of(expected), b = ValueText.Of(actual);
            if (a == null || b == null) return null;   // too deep to walk on this stack: not compared
            return ValueText.Difference(a, b);
        }

        // One method per broken promise: the oracle tells findings apart by the throw site.

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void RelayRefusesWhatTheModelReads<TRelay, TFull>(AmberException refusal) =>
            throw new KeptRelayMismatchException($"{typeof(TFull).Name} reads the input, and {typeof(TRelay).Name} refuses it: {refusal.Message}", refusal);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void RelayedDoesNotRead<TFull>(byte[] relayed, AmberException e) =>
            throw new KeptRelayMismatchException($"{typeof(TFull).Name} reads the input but not what the relay wrote from it ({relayed.Length} bytes): {e.Message}\nrelayed: {Hex(relayed)}", e);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void RelayedReadsDifferently<TFull>(byte[] relayed, string difference) =>
            throw new KeptRelayMismatchException($"{typeof(TFull).Name} reads what the relay wrote ({relayed.Length} bytes) to another value than the input: {difference}\nrelayed: {Hex(relayed)}", null);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void RelayRefusesItsOwnOutput<TRelay>(byte[] relayed, AmberException e) =>
            throw new KeptRelayMismatchException($"{typeof(TRelay).Name} does not read what it wrote ({relayed.Length} bytes): {e.Message}\nrelayed: {Hex(relayed)}", e);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void SecondWriteRefused<TRelay>(byte[] relayed, AmberException e) =>
            throw new KeptRelayMismatchException($"{typeof(TRelay).Name} wrote the input but refuses to write again what it read from its own output ({relayed.Length} bytes): {e.Message}\nrelayed: {Hex(relayed)}", e);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void NotIdempotent<TRelay>(byte[] relayed, byte[] twice)
        {
            int at = 0;
            while (at < relayed.Length && at < twice.Length && relayed[at] == twice[at]) at++;
            throw new KeptRelayMismatchException($"{typeof(TRelay).Name} relays its own output to other bytes ({relayed.Length} bytes, then {twice.Length}; first difference at byte {at}):\nonce:  {Hex(relayed)}\ntwice: {Hex(twice)}", null);
        }

        private static string Hex(byte[] bytes) => bytes.Length <= 2048 ? Convert.ToHexString(bytes) : Convert.ToHexString(bytes, 0, 2048) + "…";
    }

    /// <summary>What one run of a kept-members target did, and the allocation of its costliest step.</summary>
    public sealed class RelayRun
    {
        private readonly List<(string Name, long Allocated, long Bound)> _steps = new List<(string, long, long)>();

        /// <summary>The relay's refusal of the input: the execution's outcome (every later step's error stays inside the run).</summary>
        public AmberException? Error { get; internal set; }

        /// <summary>The relay's output, when it wrote one.</summary>
        public byte[]? Relayed { get; internal set; }

        /// <summary>How the run ended, in words.</summary>
        public string Outcome { get; internal set; } = "";

        /// <summary>How the run ended as a behaviour feature: the outcome, with the template of the refusal that ended it.</summary>
        public string? Feature { get; internal set; }

        /// <summary>Each step of Amber's work: what it allocated, and the oracle's bound for the bytes it read or came from.</summary>
        public IReadOnlyList<(string Name, long Allocated, long Bound)> Steps => _steps;

        /// <summary>Records a step that began when the thread had allocated <paramref name="before"/> bytes and read (or came from) <paramref name="inputLength"/> bytes.</summary>
        public void Step(string name, long before, int inputLength) =>
            _steps.Add((name, GC.GetAllocatedBytesForCurrentThread() - before, FuzzOptions.AllocationBound(inputLength)));

        /// <summary>The step that came nearest its bound (or went furthest past it).</summary>
        public (string Name, long Allocated, long Bound) Worst
        {
            get
            {
                (string, long, long) worst = ("", 0, long.MaxValue);
                foreach ((string Name, long Allocated, long Bound) s in _steps)
                {
                    if ((double)s.Allocated / s.Bound > (double)worst.Item2 / worst.Item3) worst = s;
                }
                return worst;
            }
        }
    }

    /// <summary>A relay broke a promise of docs/format.md §5.2 (see <see cref="KeptRelay"/>): a finding, like a crash.</summary>
    public sealed class KeptRelayMismatchException : Exception
    {
        public KeptRelayMismatchException(string message, Exception? inner) : base(message, inner)
        {
        }
    }
}
