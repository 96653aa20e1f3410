using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Streaming;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// The envelope as a relay sends it: many messages, one after another, on one connection. Each row writes
    /// 100,000 envelopes (Header "Test", fresh From/To Guids, everything else default), each framed with its
    /// length, into one reused buffer, then reads them all back with one reader, as a server reads a pipe's buffer:
    /// <list type="bullet">
    /// <item>Amber (per connection): one <see cref="AmberMessageWriter"/> and one <see cref="AmberMessageReader"/>
    /// for the connection; the first message defines the envelope's shape, every later one refers to it (docs/format.md §7.6).</item>
    /// <item>Amber (AmberFraming): each message a framed payload of its own, with its shape (<see cref="AmberFraming"/>).</item>
    /// <item>Hand-written static: the suite's hand-written envelope serializer behind a one-byte varint length
    /// (below 128 bytes), written in place with no copy, read from the buffer's span.</item>
    /// </list>
    /// One operation is one connection: the write starts the connection anew and writes every message, the read starts a
    /// reader anew and reads every message the write produced. Timed like the main tables (checked, warmed up, then
    /// interleaved rounds through the same <see cref="Measurer"/>; the median with its spread); every message is
    /// compared member by member before the rounds and after, and every timed read checks the count and a few values.
    /// </summary>
    public static class ConnectionProbe
    {
        /// <summary>Messages per connection in quick and full mode.</summary>
        public const int Messages = 100_000;

        /// <summary>The row every other row is divided by.</summary>
        public const string Reference = "Hand-written static";

        public sealed class Row
        {
            public string Serializer { get; init; } = "";

            /// <summary>Messages written and read per operation.</summary>
            public int Messages { get; init; }

            /// <summary>A connection's first message, its length prefix included.</summary>
            public int FirstMessageBytes { get; init; }

            /// <summary>Every later message, its length prefix included (the second message of a connection).</summary>
            public int SteadyMessageBytes { get; init; }

            /// <summary>Times are per operation (all the messages); sizes are the whole connection's bytes.</summary>
            public ResultRow Result { get; init; } = new ResultRow();
        }

        public static List<Row> Run(BenchOptions options, Action<string>? progress)
        {
            int count = options.Tiny ? 200 : Messages;
            var random = new Random(BenchScale.Seed);
            var messages = new MessageEnvelope[count];
            for (int i = 0; i < count; i++) messages[i] = EnvelopeGenerator.Create(random);

            string where = $"envelope, {count:N0} messages on one connection";
            Measurer m = options.CreateMeasurer(1, what => progress?.Invoke(where + ": " + what), measurePeakWorkingSet: false);

            Codec[] codecs = { new PerConnection(), new Framing(), new HandWritten() };
            var sizes = new List<(int First, int Steady)>();
            var subjects = new List<Measurer.Subject>();
            var slots = new List<(Codec Codec, ResultRow? Failed)>();
            // Amber's rows always, as in the main tables; the hand-written one unless --serializer leaves it out.
            foreach (Codec codec in codecs.Where(c => c is not HandWritten || options.WantsSerializer(c.Name)))
            {
                try
                {
                    var pair = new Pair(codec, messages);
                    subjects.Add(m.Prepare(pair.Operations()));
                    sizes.Add(pair.MessageSizes());
                    slots.Add((codec, null));
                }
                catch (Exception ex) when (ex is not OutOfMemoryException)
                {
                    slots.Add((codec, Failed(codec.Name, count, ex)));
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
            foreach ((Codec codec, ResultRow? failed) in slots)
            {
                (int first, int steady) = failed == null ? sizes[next] : (0, 0);
                ResultRow result = failed ?? measured?[next] ?? Failed(codec.Name, count, failure!);
                if (failed == null) next++;
                rows.Add(new Row { Serializer = codec.Name, Messages = count, FirstMessageBytes = first, SteadyMessageBytes = steady, Result = result });
            }
            return rows;
        }

        private static ResultRow Failed(string name, int count, Exception ex) =>
            new ResultRow { Workload = "envelope", Serializer = name, Objects = count, Note = "failed: " + ex.GetType().Name + ": " + ex.Message };

        /// <summary>
        /// One row's write and read over the same messages: the write goes into one reused buffer writer, emptied
        /// (its capacity kept) before each operation; the read reads the bytes the last checked write produced.
        /// </summary>
        private sealed class Pair
        {
            private readonly Codec _codec;
            private readonly MessageEnvelope[] _messages;
            private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1 << 16);
            private byte[] _written = Array.Empty<byte>();

            public Pair(Codec codec, MessageEnvelope[] messages)
            {
                _codec = codec;
                _messages = messages;
            }

            public OperationPair Operations() =>
                new OperationPair("envelope", _codec.Name, _messages.Length, Write, Read, Check);

            /// <summary>A connection's first message and its second, each with its prefix.</summary>
            public (int First, int Steady) MessageSizes()
            {
                var one = new ArrayBufferWriter<byte>();
                _codec.WriteAll(one, _messages.AsSpan(0, 1));
                var two = new ArrayBufferWriter<byte>();
                _codec.WriteAll(two, _messages.AsSpan(0, 2));
                return (one.WrittenCount, two.WrittenCount - one.WrittenCount);
            }

            private void Write()
            {
                _output.ResetWrittenCount();
                _codec.WriteAll(_output, _messages);
            }

            /// <summary>Reads every message; throws unless the count, the first message's From and the last one's Header and To are right.</summary>
            private void Read()
            {
                int read = _codec.ReadAll(_written, null, out MessageEnvelope? first, out MessageEnvelope? last);
                if (read != _messages.Length || first?.From != _messages[0].From || last?.To != _messages[^1].To || last.Header != _messages[^1].Header)
                    throw new InvalidOperationException($"{_codec.Name}: read {read} messages of {_messages.Length}, or the first or last differs.");
            }

            private (long, string?) Check()
            {
                Write();
                _written = _output.WrittenSpan.ToArray();
                var copies = new MessageEnvelope?[_messages.Length];
                int read = _codec.ReadAll(_written, copies, out _, out _);
                if (read != _messages.Length) return (_written.Length, $"read {read} messages of {_messages.Length}");
                for (int i = 0; i < _messages.Length; i++)
                {
                    if (copies[i] == null) return (_written.Length, $"[{i}]: came back null");
                    var comparer = new Comparer();
                    EnvelopeWorkload.Compare(comparer, _messages[i], copies[i]!);
                    if (comparer.Failed) return (_written.Length, $"[{i}] {comparer.FirstDifference}");
                }
                return (_written.Length, null);
            }
        }

        /// <summary>How one row frames a connection's messages. The loops are in each codec, so no row pays a virtual call per message.</summary>
        private abstract class Codec
        {
            public abstract string Name { get; }

            /// <summary>What the row calls, for the notes.</summary>
            public abstract string Calls { get; }

            /// <summary>Starts a connection and writes <paramref name="messages"/> on it, each framed, after what <paramref name="output"/> holds.</summary>
            public abstract void WriteAll(ArrayBufferWriter<byte> output, ReadOnlySpan<MessageEnvelope> messages);

            /// <summary>Starts a reader and reads every message in <paramref name="bytes"/>; into <paramref name="copies"/> when given.</summary>
            public abstract int ReadAll(byte[] bytes, MessageEnvelope?[]? copies, out MessageEnvelope? first, out MessageEnvelope? last);
        }

        private sealed class PerConnection : Codec
        {
            private readonly AmberMessageWriter _writer = new AmberMessageWriter();
            private readonly AmberMessageReader _reader = new AmberMessageReader();

            public override string Name => "Amber (per connection)";

            public override string Calls =>
                "Amber (per connection): one AmberMessageWriter and one AmberMessageReader (default options), Reset() at the start of each operation; WriteMessage<T>(IBufferWriter<byte>, T) per message, "
                + "TryReadMessage<T>(ref ReadOnlySequence<byte>, out T) per message from a ReadOnlySequence<byte> over the written bytes. The first message defines the envelope's shape, every later one refers to it.";

            public override void WriteAll(ArrayBufferWriter<byte> output, ReadOnlySpan<MessageEnvelope> messages)
            {
                _writer.Reset();
                for (int i = 0; i < messages.Length; i++) _writer.WriteMessage(output, messages[i]);
            }

            public override int ReadAll(byte[] bytes, MessageEnvelope?[]? copies, out MessageEnvelope? first, out MessageEnvelope? last)
            {
                _reader.Reset();
                var buffer = new ReadOnlySequence<byte>(bytes);
                first = last = null;
                int n = 0;
                while (!buffer.IsEmpty)
                {
                    if (!_reader.TryReadMessage(ref buffer, out MessageEnvelope? message)) throw new InvalidDataException("A message is cut short.");
                    if (n == 0) first = message;
                    if (copies != null) copies[n] = message;
                    last = message;
                    n++;
                }
                return n;
            }
        }

        private sealed class Framing : Codec
        {
            public override string Name => "Amber (AmberFraming)";

            public override string Calls =>
                "Amber (AmberFraming): AmberFraming.WriteMessage<T>(IBufferWriter<byte>, T) and TryReadMessage<T>(ref ReadOnlySequence<byte>, out T) per message: each message a payload of its own, its shape included.";

            public override void WriteAll(ArrayBufferWriter<byte> output, ReadOnlySpan<MessageEnvelope> messages)
            {
                for (int i = 0; i < messages.Length; i++) AmberFraming.WriteMessage(output, messages[i]);
            }

            public override int ReadAll(byte[] bytes, MessageEnvelope?[]? copies, out MessageEnvelope? first, out MessageEnvelope? last)
            {
                var buffer = new ReadOnlySequence<byte>(bytes);
                first = last = null;
                int n = 0;
                while (!buffer.IsEmpty)
                {
                    if (!AmberFraming.TryReadMessage(ref buffer, out MessageEnvelope? message)) throw new InvalidDataException("A message is cut short.");
                    if (n == 0) first = message;
                    if (copies != null) copies[n] = message;
                    last = message;
                    n++;
                }
                return n;
            }
        }

        private sealed class HandWritten : Codec
        {
            public override string Name => Reference;

            public override string Calls =>
                "Hand-written static: HandWrittenEnvelopeAdapter.Write(MessageEnvelope, IBufferWriter<byte>) behind a one-byte varint length reserved before it and filled in after "
                + "(a message of 128 bytes or more would move down for a longer prefix; none is), read with HandWrittenEnvelopeAdapter.Read(ReadOnlySpan<byte>) from the buffer's span after each prefix.";

            public override void WriteAll(ArrayBufferWriter<byte> output, ReadOnlySpan<MessageEnvelope> messages)
            {
                for (int i = 0; i < messages.Length; i++)
                {
                    int start = output.WrittenCount;
                    output.GetSpan(1);
                    output.Advance(1);
                    HandWrittenEnvelopeAdapter.Write(messages[i], output);
                    int length = output.WrittenCount - start - 1;
                    if (length < 0x80)
                    {
                        MemoryMarshal.AsMemory(output.WrittenMemory).Span[start] = (byte)length;
                        continue;
                    }
                    int prefix = 1;
                    for (uint v = (uint)length >> 7; v != 0; v >>= 7) prefix++;
                    output.GetSpan(prefix - 1);
                    output.Advance(prefix - 1);
                    Span<byte> written = MemoryMarshal.AsMemory(output.WrittenMemory).Span;
                    written.Slice(start + 1, length).CopyTo(written.Slice(start + prefix));
                    int at = start;
                    uint rest = (uint)length;
                    while (rest >= 0x80)
                    {
                        written[at++] = (byte)(rest | 0x80);
                        rest >>= 7;
                    }
                    written[at] = (byte)rest;
                }
            }

            public override int ReadAll(byte[] bytes, MessageEnvelope?[]? copies, out MessageEnvelope? first, out MessageEnvelope? last)
            {
                ReadOnlySpan<byte> all = bytes;
                first = last = null;
                int n = 0;
                int pos = 0;
                while (pos < all.Length)
                {
                    int length = all[pos++];
                    if (length >= 0x80)
                    {
                        length &= 0x7F;
                        for (int shift = 7; ; shift += 7)
                        {
                            if (shift > 28) throw new InvalidDataException("A length prefix is longer than five bytes.");
                            byte b = all[pos++];
                            length |= (b & 0x7F) << shift;
                            if (b < 0x80) break;
                        }
                    }
                    MessageEnvelope? message = HandWrittenEnvelopeAdapter.Read(all.Slice(pos, length));
                    pos += length;
                    if (n == 0) first = message;
                    if (copies != null) copies[n] = message;
                    last = message;
                    n++;
                }
                return n;
            }
        }

        /// <summary>The table: sizes per message, times per message (write, read, both), allocation per message, then each row ÷ the hand-written one.</summary>
        public static void Print(TextWriter o, IReadOnlyList<Row> rows)
        {
            if (rows.Count == 0) return;
            int count = rows[0].Messages;
            o.WriteLine();
            o.WriteLine($"## envelope, {count:N0} messages on one connection: each framed with its length, written into a reused buffer, then read back with one reader (times and allocation per message)");
            o.WriteLine($"{"serializer",-24} {"B/msg",6} {"first",6} {"total (B)",11} {"write",14} {"read",14} {"write+read",16} {"write alloc",12} {"read alloc",11}  verified");
            foreach (Row r in rows)
            {
                ResultRow x = r.Result;
                if (!x.Measured)
                {
                    o.WriteLine($"{r.Serializer,-24} {x.Note}");
                    continue;
                }
                o.WriteLine($"{r.Serializer,-24} {r.SteadyMessageBytes,6} {r.FirstMessageBytes,6} {x.SizeBytes,11:N0} {PerMessage(x.SerializeNs, x.SerializeSpread, count),14} {PerMessage(x.DeserializeNs, x.DeserializeSpread, count),14} "
                    + $"{PerMessage(Sum(x.SerializeNs, x.DeserializeNs), SumSpread(x.SerializeSpread, x.DeserializeSpread), count),16} {PerMessageBytes(x.SerializeAllocBytes, count),12} {PerMessageBytes(x.DeserializeAllocBytes, count),11}  {(x.Verified ? "yes" : "NO: " + x.Note)}");
            }

            Row? reference = rows.FirstOrDefault(r => r.Serializer == Reference && r.Result.Measured && r.Result.Verified);
            if (reference != null && rows.Count > 1)
            {
                o.WriteLine();
                o.WriteLine($"÷ {Reference} (below 1.00: smaller or faster; ~ marks a noisy ratio: on one side the highest round median is over 1.2× the lowest)");
                o.WriteLine($"{"serializer",-24} {"B/msg",8} {"write",8} {"read",8} {"write+read",11}");
                ResultRow b = reference.Result;
                foreach (Row r in rows.Where(r => r != reference && r.Result.Measured && r.Result.Verified))
                {
                    ResultRow a = r.Result;
                    string size = ((double)r.SteadyMessageBytes / reference.SteadyMessageBytes).ToString("0.00", CultureInfo.InvariantCulture);
                    o.WriteLine($"{r.Serializer,-24} {size,8} {Ratio(a.SerializeNs, b.SerializeNs, a.SerializeSpread, b.SerializeSpread),8} {Ratio(a.DeserializeNs, b.DeserializeNs, a.DeserializeSpread, b.DeserializeSpread),8} "
                        + $"{Ratio(Sum(a.SerializeNs, a.DeserializeNs), Sum(b.SerializeNs, b.DeserializeNs), SumSpread(a.SerializeSpread, a.DeserializeSpread), SumSpread(b.SerializeSpread, b.DeserializeSpread)),11}");
                }
            }

            o.WriteLine();
            o.WriteLine("One connection's messages, notes:");
            o.WriteLine("  * Method: one operation is one connection: the write empties the reused ArrayBufferWriter (its capacity kept) and writes every message, framed, one after another; the read reads every message back from the bytes the checked write produced, "
                + "and checks the count, the first message's From and the last one's Header and To. Every row is checked (every message compared member by member), warmed up, timed in 5 interleaved rounds with the main tables' Measurer, and checked again after them. "
                + "Times and allocations are divided by the number of messages; write+read is the sum of the two medians, and its ± the sum of the lowest and of the highest round medians. "
                + "B/msg is a message once the connection is under way (its second and every later one), first the connection's first message, total all the messages: each with its length prefix.");
            foreach (Codec codec in new Codec[] { new PerConnection(), new Framing(), new HandWritten() })
            {
                if (rows.Any(r => r.Serializer == codec.Name)) o.WriteLine("  * " + codec.Calls);
            }
        }

        private static double? Sum(double? a, double? b) => a == null || b == null ? null : a + b;

        private static (double Low, double High)? SumSpread((double Low, double High)? a, (double Low, double High)? b) =>
            a == null || b == null ? null : (a.Value.Low + b.Value.Low, a.Value.High + b.Value.High);

        private static string PerMessage(double? ns, (double Low, double High)? spread, int count)
        {
            if (ns == null) return "-";
            (double Low, double High)? each = spread == null ? null : (spread.Value.Low / count, spread.Value.High / count);
            double v = ns.Value / count;
            string time = v < 100 ? v.ToString("0.0", CultureInfo.InvariantCulture) + " ns" : Report.Time(v, null);
            if (each == null || v <= 0) return time;
            double away = Math.Max(each.Value.High - v, v - each.Value.Low) / v * 100;
            return time + " ±" + away.ToString("0", CultureInfo.InvariantCulture) + "%";
        }

        private static string PerMessageBytes(long? bytes, int count) =>
            bytes == null ? "-" : ((double)bytes.Value / count).ToString("0.#", CultureInfo.InvariantCulture) + " B";

        private static string Ratio(double? a, double? b, (double Low, double High)? spreadA, (double Low, double High)? spreadB)
        {
            if (a == null || b == null || b.Value <= 0) return "-";
            bool noisy = Report.Noisy(spreadA) || Report.Noisy(spreadB);
            return (noisy ? "~" : "") + (a.Value / b.Value).ToString("0.00", CultureInfo.InvariantCulture);
        }
    }
}
