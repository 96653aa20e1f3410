using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Amber.Format;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Streaming;

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// The connection-stream target (docs/format.md §7.6): a captured connection — the messages one
    /// <see cref="AmberMessageWriter"/> wrote, several types of them in turn — read by one <see cref="AmberMessageReader"/>
    /// in order. Message <c>i</c> is read as <see cref="Schedule"/>[<c>i % 8</c>], as a protocol knows what comes next:
    /// polymorphic objects, inline structs and rows, records, an <c>[AmberPreserveReferences]</c> graph (a reference-mode
    /// message on a plain connection), nested graphs, a rows root and <c>object</c> members. A message that fails does not
    /// end the stream: its length prefix is trusted to skip it and the next message is read with the same reader, which must
    /// have rolled back what the failed message defined. Only a bad length prefix (nothing to skip by) ends the stream.
    /// <para>
    /// Besides the engine's oracle (nothing but <see cref="AmberException"/>, bounded time and allocation), the run itself
    /// checks what the reader promises: a refused or incomplete message leaves the buffer where it was, and an error's offset
    /// lies inside its message (offsets count from the message's first byte). A breach is thrown as a
    /// <see cref="ConnectionOracleException"/>, which the oracle reports as a crash. <see cref="CrossCheck"/> adds three
    /// differential checks for the inputs that join the corpus.
    /// </para>
    /// </summary>
    public static class ConnectionTraffic
    {
        /// <summary>The model's name: the target is <c>Traffic.connection</c>.</summary>
        public const string ModelName = "Traffic";

        /// <summary>The root type of each message, by index modulo its length.</summary>
        public static readonly string[] Schedule = { "Scene", "Geometry", "Records", "TreeNode", "Shape", "Network", "Vector3[]", "Dynamic" };

        /// <summary>Message counts of the seeds: one message, part of a round, a round, and rounds whose messages refer to earlier shapes.</summary>
        private static readonly int[] s_seedCounts = { 1, 3, 8, 12, 17, 24 };

        /// <summary>
        /// A captured connection from the seed factory: a few to 24 messages of the schedule's types, written by one writer
        /// with <paramref name="options"/> (reference mode for the whole connection when they say so). Some seeds start
        /// over in the middle (<see cref="AmberMessageWriter.Reset"/>: a second first message), and some are written with
        /// connection limits so small that the writer starts over by itself.
        /// </summary>
        public static byte[] WriteSeed(ModelFactory f, AmberOptions? options)
        {
            int count = s_seedCounts[f.Below(s_seedCounts.Length)];
            if (f.Below(4) == 0)
            {
                options = new AmberOptions { PreserveReferences = options?.PreserveReferences ?? false, MaxConnectionShapes = 24, MaxConnectionShapeBytes = 1024 };
            }
            int reset = f.Below(4) == 0 ? f.Below(count) : -1;
            var writer = new AmberMessageWriter(options);
            var buffer = new ArrayBufferWriter<byte>();
            for (int i = 0; i < count; i++)
            {
                if (i == reset && i > 0) writer.Reset();
                switch (i % Schedule.Length)
                {
                    case 0: writer.WriteMessage(buffer, f.Scene()); break;
                    case 1: writer.WriteMessage(buffer, f.Geometry()); break;
                    case 2: writer.WriteMessage(buffer, f.Records()); break;
                    case 3: writer.WriteMessage(buffer, f.Tree()); break;
                    case 4: writer.WriteMessage(buffer, f.Shape()); break;
                    case 5: writer.WriteMessage(buffer, f.Network()); break;
                    case 6: writer.WriteMessage(buffer, f.Geometry().Vertices ?? Array.Empty<Vector3>()); break;
                    default: writer.WriteMessage(buffer, f.Dynamic()); break;
                }
            }
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>
        /// Reads <paramref name="data"/> as one connection. <paramref name="arrivals"/> (ascending ends, the last one the data's
        /// length) make the bytes arrive in steps, as from a socket: after each step the reader takes every whole message and is
        /// handed the partial one again with the next step; null hands it everything at once. With <paramref name="transcript"/>
        /// each message's outcome is written down (its value's canonical bytes, hashed, or its error), for
        /// <see cref="CrossCheck"/>. <paramref name="typeOf"/> maps a message's position to its schedule index (default: itself).
        /// </summary>
        public static ConnectionRun Read(in ReadOnlySequence<byte> data, IReadOnlyList<long>? arrivals, AmberOptions? options, bool transcript = false, Func<int, int>? typeOf = null)
        {
            var run = new ConnectionRun(transcript);
            var reader = new AmberMessageReader(options);
            AmberOptions limits = reader.Options;
            bool started = false;
            // The unread bytes begin at front; the bytes arrived so far end at arrived. Positions, not offsets: finding an offset
            // in a sequence of many segments walks them from the start, and with one-byte arrivals that is quadratic.
            SequencePosition front = data.Start;
            SequencePosition arrived = data.Start;
            long arrivedOffset = 0;
            int index = 0;
            int step = 0;
            while (true)
            {
                long available = arrivals == null || step >= arrivals.Count ? data.Length : Math.Clamp(arrivals[step], arrivedOffset, data.Length);
                step++;
                arrived = data.GetPosition(available - arrivedOffset, arrived);
                arrivedOffset = available;
                ReadOnlySequence<byte> buffer = data.Slice(front, arrived);
                while (buffer.Length > 0)
                {
                    long before = buffer.Length;
                    SequencePosition start = buffer.Start;
                    int type = typeOf?.Invoke(index) ?? index;
                    bool read;
                    try
                    {
                        read = ReadOne(reader, type, ref buffer, run, index);
                    }
                    catch (AmberException e)
                    {
                        if (buffer.Length != before || !buffer.Start.Equals(start))
                            throw new ConnectionOracleException($"Message {index}: the reader refused it but moved the buffer on ({before} bytes before, {buffer.Length} after).");
                        run.Errors.Add(e);
                        // A refused payload is wrapped with its length prefix already read; a bad prefix is not, and leaves
                        // nothing to skip by: the stream ends there.
                        if (e.InnerException is not AmberException || !TryMessageLength(buffer, limits, out int prefix, out long total) || total > buffer.Length)
                        {
                            run.Note(index, type, "stop: " + Describe(e));
                            if (e.ByteOffset < 0 || e.ByteOffset > Math.Min(buffer.Length, 16))
                                throw new ConnectionOracleException($"Message {index}: its length prefix was refused at byte {e.ByteOffset}, which is not in the prefix: {e.Message}");
                            run.Stopped = true;
                            run.Messages = index;
                            return run;
                        }
                        if (e.ByteOffset < 0 || e.ByteOffset > total)
                            throw new ConnectionOracleException($"Message {index} ({total} bytes with its prefix) was refused at byte {e.ByteOffset}, outside the message: {e.Message}");
                        run.Note(index, type, "error: " + Describe(e));
                        int version = buffer.Slice(prefix, 1).FirstSpan[0] >> 4;
                        long at = available - buffer.Length;
                        // A message that failed after the connection started, other than a first message, must leave the
                        // reader with the definitions it held before it (format §7.6): as if it had never arrived.
                        if (started && version != AmberCode.ConnectionFirstVersion) run.RolledBack.Add((at, at + total, index));
                        else started = false;
                        buffer = buffer.Slice(total);
                        index++;
                        continue;
                    }
                    if (!read)
                    {
                        if (buffer.Length != before || !buffer.Start.Equals(start))
                            throw new ConnectionOracleException($"Message {index}: the reader found it incomplete but moved the buffer on.");
                        break;
                    }
                    started = true;
                    index++;
                }
                front = buffer.Start;
                if (available >= data.Length)
                {
                    if (buffer.Length > 0) run.Note(index, typeOf?.Invoke(index) ?? index, $"incomplete: {buffer.Length} bytes");
                    run.Messages = index;
                    return run;
                }
            }
        }

        /// <summary>Reads message <paramref name="index"/> as the schedule's type <paramref name="type"/>.</summary>
        private static bool ReadOne(AmberMessageReader reader, int type, ref ReadOnlySequence<byte> buffer, ConnectionRun run, int index) => (type % Schedule.Length) switch
        {
            0 => Read<Scene>(reader, ref buffer, run, index, type),
            1 => Read<Geometry>(reader, ref buffer, run, index, type),
            2 => Read<Records>(reader, ref buffer, run, index, type),
            3 => Read<TreeNode>(reader, ref buffer, run, index, type),
            4 => Read<Shape>(reader, ref buffer, run, index, type),
            5 => Read<Network>(reader, ref buffer, run, index, type),
            6 => Read<Vector3[]>(reader, ref buffer, run, index, type),
            _ => Read<Dynamic>(reader, ref buffer, run, index, type),
        };

        private static readonly AmberOptions s_canonical = new AmberOptions { PreserveReferences = true };

        private static bool Read<T>(AmberMessageReader reader, ref ReadOnlySequence<byte> buffer, ConnectionRun run, int index, int type)
        {
            if (!reader.TryReadMessage(ref buffer, out T? value)) return false;
            if (run.Transcript != null) run.Note(index, type, Outcome(value));
            return true;
        }

        private static string Describe(AmberException e) => $"{e.Problem} @{e.ByteOffset} in {e.MemberPath}";

        /// <summary>
        /// The length of the message at the front of <paramref name="buffer"/>, its prefix included, when its prefix is one
        /// <see cref="AmberMessageReader"/> accepts (docs/format.md §7.5): a shortest varint of 1 to <c>MaxInputBytes</c>.
        /// </summary>
        public static bool TryMessageLength(in ReadOnlySequence<byte> buffer, AmberOptions options, out int prefix, out long total)
        {
            Span<byte> head = stackalloc byte[10];
            int n = (int)Math.Min(buffer.Length, head.Length);
            buffer.Slice(0, n).CopyTo(head);
            return TryMessageLength(head.Slice(0, n), options.MaxInputBytes, out prefix, out total);
        }

        /// <summary>The same for a span holding the message's first bytes.</summary>
        public static bool TryMessageLength(ReadOnlySpan<byte> head, long maxInputBytes, out int prefix, out long total)
        {
            ulong length = 0;
            for (int i = 0; i < head.Length && i < 10; i++)
            {
                byte b = head[i];
                length |= (ulong)(b & 0x7F) << (7 * i);
                if (b >= 0x80) continue;
                prefix = i + 1;
                total = prefix + (long)Math.Min(length, (ulong)long.MaxValue / 2);
                return (b != 0 || i == 0) && length != 0 && length <= (ulong)maxInputBytes;
            }
            prefix = 0;
            total = 0;
            return false;
        }

        /// <summary>
        /// The differential checks, for an input that joined the corpus; null when they hold, else what differs.
        /// <list type="number">
        /// <item>Delivery does not matter: the input read as <paramref name="delivery"/> hands it over (segments, arriving one by
        /// one) tells the same story, message by message, as the input read whole.</item>
        /// <item>A failed message is rolled back: the input read whole, and the input without the messages that failed after the
        /// connection had started (other than first messages), tell the same story about every other message.</item>
        /// <item>Framing does not matter: each message's payload handed over alone, as a transport that frames messages itself
        /// delivers it (<see cref="AmberMessageReader.ReadUnframed{T}(in ReadOnlySequence{byte})"/>, every other one in one-byte
        /// segments), reads as the framed message did: the same value, or an error at the same byte of the message.</item>
        /// </list>
        /// </summary>
        public static string? CrossCheck(byte[] input, Delivery delivery)
        {
            AmberOptions? options = delivery.Options;
            var whole = new ReadOnlySequence<byte>(input);
            ConnectionRun reference = Read(whole, null, options, transcript: true);
            if (delivery.Segments != null && delivery.Segments.Length > 1)
            {
                ReadOnlySequence<byte> segmented = Delivery.BuildSequence(input, delivery.Segments);
                ConnectionRun delivered = Read(segmented, delivery.Incremental ? Delivery.Ends(delivery.Segments) : null, options, transcript: true);
                string? difference = Compare(reference.Transcript!, delivered.Transcript!, "read whole", "read as delivered (" + delivery.Describe(8) + ")");
                if (difference != null) return difference;
            }
            string? unframed = CompareUnframed(input, reference, options);
            if (unframed != null) return unframed;
            if (reference.RolledBack.Count == 0) return null;

            var kept = new List<byte>(input.Length);
            var removed = new HashSet<int>();
            long at = 0;
            foreach ((long start, long end, int index) in reference.RolledBack)
            {
                for (long i = at; i < start; i++) kept.Add(input[i]);
                at = end;
                removed.Add(index);
            }
            for (long i = at; i < input.Length; i++) kept.Add(input[i]);
            var positions = new List<int>();   // the original position of each message left in
            for (int i = 0; i <= reference.Messages; i++)
            {
                if (!removed.Contains(i)) positions.Add(i);
            }
            int Original(int j) => j < positions.Count ? positions[j] : j + removed.Count;
            ConnectionRun without = Read(new ReadOnlySequence<byte>(kept.ToArray()), null, options, transcript: true, typeOf: Original);
            // Read with typeOf, the transcript of the shorter stream names each message by its position there: renumber it.
            var expected = new List<string>();
            foreach (string line in reference.Transcript!)
            {
                int index = int.Parse(line.AsSpan(0, line.IndexOf(' ')), System.Globalization.CultureInfo.InvariantCulture);
                if (!removed.Contains(index)) expected.Add(line.Substring(line.IndexOf(' ') + 1));
            }
            var actual = new List<string>();
            foreach (string line in without.Transcript!) actual.Add(line.Substring(line.IndexOf(' ') + 1));
            return Compare(expected, actual, "read whole (the rolled-back messages left out of this transcript)",
                $"read without the {removed.Count} message(s) that failed after the connection started ({string.Join(", ", removed)})");
        }

        /// <summary>
        /// Reads each message of <paramref name="input"/> that <paramref name="reference"/> read or refused, without its length
        /// prefix, with one reader in order; the transcript must be the reference's, an error's offset counted from the payload
        /// (the prefix's length less than in the framed read, whose errors count from the prefix).
        /// </summary>
        private static string? CompareUnframed(byte[] input, ConnectionRun reference, AmberOptions? options)
        {
            var reader = new AmberMessageReader(options);
            var expected = new List<string>();
            var actual = new List<string>();
            int at = 0;
            foreach (string line in reference.Transcript!)
            {
                int index = int.Parse(line.AsSpan(0, line.IndexOf(' ')), System.Globalization.CultureInfo.InvariantCulture);
                string outcome = line.Substring(line.IndexOf(": ", StringComparison.Ordinal) + 2);
                if (outcome.StartsWith("stop", StringComparison.Ordinal) || outcome.StartsWith("incomplete", StringComparison.Ordinal)) break;
                if (!TryMessageLength(input.AsSpan(at), reader.Options.MaxInputBytes, out int prefix, out long total) || total > input.Length - at)
                    return $"Message {index}: read framed ({outcome}), but its length prefix at byte {at} does not hold it.";
                byte[] payload = input.AsSpan(at + prefix, (int)(total - prefix)).ToArray();
                expected.Add($"{index} {Shift(outcome, prefix)}");
                actual.Add($"{index} {ReadUnframedOne(reader, index, payload)}");
                at += (int)total;
            }
            return Compare(expected, actual, "read framed (error offsets from the payload)", "read unframed, message by message");
        }

        /// <summary>What an error that the stack's limit caused is noted as: where it strikes depends on how deep the read began.</summary>
        private const string StackLimit = "error: the stack's limit";

        private static bool IsStackLimit(string problem) => problem.Contains("stack can hold", StringComparison.Ordinal);

        /// <summary>
        /// An outcome with the offset of its error made to count from the payload: "error @N" for any error, but for one the
        /// stack's limit caused (the unframed read starts from another depth of calls, so it strikes at another byte).
        /// </summary>
        private static string Shift(string outcome, int prefix)
        {
            if (!outcome.StartsWith("error", StringComparison.Ordinal)) return outcome;
            if (IsStackLimit(outcome)) return StackLimit;
            int atSign = outcome.LastIndexOf(" @", StringComparison.Ordinal);
            int end = outcome.IndexOf(' ', atSign + 2);
            long offset = long.Parse(outcome.AsSpan(atSign + 2, (end < 0 ? outcome.Length : end) - atSign - 2), System.Globalization.CultureInfo.InvariantCulture);
            return $"error @{(offset < 0 ? offset : offset - prefix)}";
        }

        private static string ReadUnframedOne(AmberMessageReader reader, int index, byte[] payload)
        {
            // Every other message in one-byte segments: the sequence path, a value across segments.
            bool segmented = index % 2 == 1;
            try
            {
                return (index % Schedule.Length) switch
                {
                    0 => Outcome(Unframed<Scene>(reader, payload, segmented)),
                    1 => Outcome(Unframed<Geometry>(reader, payload, segmented)),
                    2 => Outcome(Unframed<Records>(reader, payload, segmented)),
                    3 => Outcome(Unframed<TreeNode>(reader, payload, segmented)),
                    4 => Outcome(Unframed<Shape>(reader, payload, segmented)),
                    5 => Outcome(Unframed<Network>(reader, payload, segmented)),
                    6 => Outcome(Unframed<Vector3[]>(reader, payload, segmented)),
                    _ => Outcome(Unframed<Dynamic>(reader, payload, segmented)),
                };
            }
            catch (AmberException e)
            {
                return IsStackLimit(e.Problem) ? StackLimit : $"error @{e.ByteOffset}";
            }
        }

        private static T? Unframed<T>(AmberMessageReader reader, byte[] payload, bool segmented) =>
            segmented ? reader.ReadUnframed<T>(Delivery.BuildSequence(payload, OneByteEach(payload.Length))) : reader.ReadUnframed<T>(payload);

        private static int[] OneByteEach(int length)
        {
            var segments = new int[Math.Max(length, 1)];
            for (int i = 0; i < length; i++) segments[i] = 1;
            return segments;
        }

        /// <summary>A message's value as a transcript notes it: its canonical bytes, hashed.</summary>
        private static string Outcome<T>(T? value)
        {
            try
            {
                byte[] canonical = AmberSerializer.Serialize(value, s_canonical);
                var hash = new HashCode();
                hash.AddBytes(canonical);
                return $"ok: {canonical.Length} bytes, {hash.ToHashCode():x8}";
            }
            catch (AmberException e)
            {
                return "ok, not written back: " + e.Problem;
            }
        }

        private static string? Compare(List<string> a, List<string> b, string aName, string bName)
        {
            int n = Math.Max(a.Count, b.Count);
            for (int i = 0; i < n; i++)
            {
                string? x = i < a.Count ? a[i] : null, y = i < b.Count ? b[i] : null;
                if (x == y) continue;
                var sb = new StringBuilder();
                sb.AppendLine($"The connection's messages read differently at entry {i} of the transcript:");
                sb.AppendLine($"  {aName}: {x ?? "(no more messages)"}");
                sb.AppendLine($"  {bName}: {y ?? "(no more messages)"}");
                sb.AppendLine($"{aName}:");
                foreach (string line in a) sb.AppendLine("  " + line);
                sb.AppendLine($"{bName}:");
                foreach (string line in b) sb.AppendLine("  " + line);
                return sb.ToString();
            }
            return null;
        }
    }

    /// <summary>What one read of a connection did.</summary>
    public sealed class ConnectionRun
    {
        internal ConnectionRun(bool transcript)
        {
            if (transcript) Transcript = new List<string>();
        }

        /// <summary>Every message's error, in order (a failed message does not end the stream).</summary>
        public List<AmberException> Errors { get; } = new List<AmberException>();

        /// <summary>The byte ranges and positions of the messages the reader must have rolled back.</summary>
        public List<(long Start, long End, int Index)> RolledBack { get; } = new List<(long, long, int)>();

        /// <summary>The messages read or refused (whole messages only).</summary>
        public int Messages { get; internal set; }

        /// <summary>Whether a bad length prefix ended the stream.</summary>
        public bool Stopped { get; internal set; }

        /// <summary>One line per message: "<c>index type: outcome</c>"; null unless asked for.</summary>
        public List<string>? Transcript { get; }

        internal void Note(int index, int type, string outcome) =>
            Transcript?.Add($"{index} {ConnectionTraffic.Schedule[type % ConnectionTraffic.Schedule.Length]}: {outcome}");
    }

    /// <summary>The connection reader broke one of its promises (see <see cref="ConnectionTraffic"/>): a finding, like a crash.</summary>
    public sealed class ConnectionOracleException : Exception
    {
        public ConnectionOracleException(string message) : base(message)
        {
        }
    }
}
