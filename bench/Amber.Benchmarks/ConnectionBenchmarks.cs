using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.InteropServices;
using Amber.Streaming;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using HandWritten = Amber.Bench.Serializers.HandWrittenEnvelopeAdapter;
// The comparison suite's envelope, linked from bench/Amber.Bench/Workloads (see the project file): the hand-written
// serializer is written for it, and Amber's rows use it too, so all three write and read the same type.
using Suite = Amber.Bench.Workloads;

namespace Amber.Benchmarks
{
    /// <summary>
    /// The envelope as a relay sends it: <see cref="Messages"/> envelopes (Header "Test", fresh From/To Guids,
    /// everything else default) written one after another, each framed with its length, into one reused
    /// ArrayBufferWriter, and read back with one reader. One operation is one connection (the writer and the
    /// reader start anew), and times are per message (OperationsPerInvoke). Three rows per category:
    /// <list type="bullet">
    /// <item>HandWritten: the suite's hand-written envelope serializer (bench/Amber.Bench/Serializers) behind a
    /// one-byte varint length reserved before it and filled in after, read from the buffer's span; the baseline, so
    /// the Ratio column reads "times hand-written".</item>
    /// <item>AmberPerConnection: one <see cref="AmberMessageWriter"/> and one <see cref="AmberMessageReader"/>: the
    /// first message defines the envelope's shape, every later one refers to it (docs/format.md §7.6).</item>
    /// <item>AmberFraming: <see cref="AmberFraming"/>, each message a payload of its own with its shape.</item>
    /// </list>
    /// Categories: Write, Read (the bytes that row's write produced in set-up), WriteRead (both, one after the other).
    /// The B/msg column is a message once the connection is under way, with its prefix, and the connection's first.
    /// Before measuring, every row's messages are read back and compared with the input member by member, and every
    /// timed read checks the count and the last message.
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    [MessageSizeColumn]
    public class EnvelopeConnectionBenchmarks
    {
        public const int Messages = 100_000;

        private const string Write = "Write";
        private const string Read = "Read";
        private const string WriteRead = "WriteRead";

        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1 << 23);
        private readonly AmberMessageWriter _writer = new AmberMessageWriter();
        private readonly AmberMessageReader _reader = new AmberMessageReader();
        private Suite.MessageEnvelope[] _messages = null!;
        private byte[] _handWritten = null!;
        private byte[] _perConnection = null!;
        private byte[] _framing = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(TestData.Seed);
            _messages = new Suite.MessageEnvelope[Messages];
            Span<byte> bytes = stackalloc byte[16];
            for (int i = 0; i < Messages; i++)
            {
                random.NextBytes(bytes);
                var from = new Guid(bytes);
                random.NextBytes(bytes);
                _messages[i] = new Suite.MessageEnvelope { Header = "Test", From = from, To = new Guid(bytes) };
            }

            _handWritten = Written(HandWritten_Write);
            _perConnection = Written(AmberPerConnection_Write);
            _framing = Written(AmberFraming_Write);
            var copies = new Suite.MessageEnvelope?[Messages];
            ReadHandWritten(_handWritten, copies);
            ModelComparer.Check("Hand-written", _messages, copies);
            ReadPerConnection(_perConnection, copies);
            ModelComparer.Check("Amber (per connection)", _messages, copies);
            ReadFraming(_framing, copies);
            ModelComparer.Check("Amber (AmberFraming)", _messages, copies);
        }

        private byte[] Written(Func<int> write)
        {
            write();
            return _output.WrittenSpan.ToArray();
        }

        // ---- the size of a message: the connection's first, and every later one (the second).

        public string HandWritten_MessageBytes() => MessageBytes(HandWritten_Write);

        public string AmberPerConnection_MessageBytes() => MessageBytes(AmberPerConnection_Write);

        public string AmberFraming_MessageBytes() => MessageBytes(AmberFraming_Write);

        private string MessageBytes(Func<int> write)
        {
            Suite.MessageEnvelope[] all = _messages;
            try
            {
                _messages = all.AsSpan(0, 1).ToArray();
                int first = write();
                _messages = all.AsSpan(0, 2).ToArray();
                int steady = write() - first;
                return steady == first ? $"{steady} B" : $"{steady} B (first {first} B)";
            }
            finally
            {
                _messages = all;
            }
        }

        // ---- Write: a new connection, every message framed into the reused buffer; returns the bytes written.

        [Benchmark(Baseline = true, Description = "HandWritten", OperationsPerInvoke = Messages), BenchmarkCategory(Write)]
        public int HandWritten_Write()
        {
            _output.ResetWrittenCount();
            Suite.MessageEnvelope[] messages = _messages;
            for (int i = 0; i < messages.Length; i++)
            {
                int start = _output.WrittenCount;
                _output.GetSpan(1);
                _output.Advance(1);
                HandWritten.Write(messages[i], _output);
                int length = _output.WrittenCount - start - 1;
                if (length >= 0x80) throw new InvalidOperationException("The hand-written row frames messages below 128 bytes.");
                MemoryMarshal.AsMemory(_output.WrittenMemory).Span[start] = (byte)length;
            }
            return _output.WrittenCount;
        }

        [Benchmark(Description = "AmberPerConnection", OperationsPerInvoke = Messages), BenchmarkCategory(Write)]
        public int AmberPerConnection_Write()
        {
            _output.ResetWrittenCount();
            _writer.Reset();
            Suite.MessageEnvelope[] messages = _messages;
            for (int i = 0; i < messages.Length; i++) _writer.WriteMessage(_output, messages[i]);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "AmberFraming", OperationsPerInvoke = Messages), BenchmarkCategory(Write)]
        public int AmberFraming_Write()
        {
            _output.ResetWrittenCount();
            Suite.MessageEnvelope[] messages = _messages;
            for (int i = 0; i < messages.Length; i++) AmberFraming.WriteMessage(_output, messages[i]);
            return _output.WrittenCount;
        }

        // ---- Read: every message of the bytes that row's write produced in set-up; returns the count.

        [Benchmark(Baseline = true, Description = "HandWritten", OperationsPerInvoke = Messages), BenchmarkCategory(Read)]
        public int HandWritten_Read() => Checked(ReadHandWritten(_handWritten, null));

        [Benchmark(Description = "AmberPerConnection", OperationsPerInvoke = Messages), BenchmarkCategory(Read)]
        public int AmberPerConnection_Read() => Checked(ReadPerConnection(_perConnection, null));

        [Benchmark(Description = "AmberFraming", OperationsPerInvoke = Messages), BenchmarkCategory(Read)]
        public int AmberFraming_Read() => Checked(ReadFraming(_framing, null));

        // ---- WriteRead: the write, then the read of what it wrote.

        [Benchmark(Baseline = true, Description = "HandWritten", OperationsPerInvoke = Messages), BenchmarkCategory(WriteRead)]
        public int HandWritten_WriteRead()
        {
            HandWritten_Write();
            return Checked(ReadHandWritten(_output.WrittenMemory, null));
        }

        [Benchmark(Description = "AmberPerConnection", OperationsPerInvoke = Messages), BenchmarkCategory(WriteRead)]
        public int AmberPerConnection_WriteRead()
        {
            AmberPerConnection_Write();
            return Checked(ReadPerConnection(_output.WrittenMemory, null));
        }

        [Benchmark(Description = "AmberFraming", OperationsPerInvoke = Messages), BenchmarkCategory(WriteRead)]
        public int AmberFraming_WriteRead()
        {
            AmberFraming_Write();
            return Checked(ReadFraming(_output.WrittenMemory, null));
        }

        private (int Count, Suite.MessageEnvelope? Last) ReadHandWritten(ReadOnlyMemory<byte> bytes, Suite.MessageEnvelope?[]? copies)
        {
            ReadOnlySpan<byte> all = bytes.Span;
            Suite.MessageEnvelope? last = null;
            int n = 0, pos = 0;
            while (pos < all.Length)
            {
                int length = all[pos++];
                if (length >= 0x80) throw new InvalidOperationException("The hand-written row frames messages below 128 bytes.");
                last = HandWritten.Read(all.Slice(pos, length));
                pos += length;
                if (copies != null) copies[n] = last;
                n++;
            }
            return (n, last);
        }

        private (int Count, Suite.MessageEnvelope? Last) ReadPerConnection(ReadOnlyMemory<byte> bytes, Suite.MessageEnvelope?[]? copies)
        {
            _reader.Reset();
            var buffer = new ReadOnlySequence<byte>(bytes);
            Suite.MessageEnvelope? last = null;
            int n = 0;
            while (!buffer.IsEmpty)
            {
                if (!_reader.TryReadMessage(ref buffer, out last)) throw new InvalidOperationException("A message is cut short.");
                if (copies != null) copies[n] = last;
                n++;
            }
            return (n, last);
        }

        private static (int Count, Suite.MessageEnvelope? Last) ReadFraming(ReadOnlyMemory<byte> bytes, Suite.MessageEnvelope?[]? copies)
        {
            var buffer = new ReadOnlySequence<byte>(bytes);
            Suite.MessageEnvelope? last = null;
            int n = 0;
            while (!buffer.IsEmpty)
            {
                if (!AmberFraming.TryReadMessage(ref buffer, out last)) throw new InvalidOperationException("A message is cut short.");
                if (copies != null) copies[n] = last;
                n++;
            }
            return (n, last);
        }

        /// <summary>The count, after checking it and the last message's Header and To.</summary>
        private int Checked((int Count, Suite.MessageEnvelope? Last) read)
        {
            Suite.MessageEnvelope expected = _messages[^1];
            if (read.Count != _messages.Length || read.Last?.To != expected.To || read.Last.Header != expected.Header)
                throw new InvalidOperationException($"Read {read.Count} messages of {_messages.Length}, or the last differs.");
            return read.Count;
        }
    }

    /// <summary>Adds the <see cref="MessageSizeColumn"/> to a benchmark class's summary.</summary>
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class MessageSizeColumnAttribute : ColumnConfigBaseAttribute
    {
        public MessageSizeColumnAttribute() : base(new MessageSizeColumn())
        {
        }
    }

    /// <summary>
    /// The bytes of one message on a connection, its length prefix included: a benchmark named "X_Category" shows
    /// what the class's "X_MessageBytes" returns. The host process runs the class's [GlobalSetup] once to find out,
    /// outside any measurement.
    /// </summary>
    public sealed class MessageSizeColumn : IColumn
    {
        private readonly ConcurrentDictionary<(Type, string), string> _sizes = new ConcurrentDictionary<(Type, string), string>();

        public string Id => nameof(MessageSizeColumn);
        public string ColumnName => "B/msg";
        public bool AlwaysShow => true;
        public ColumnCategory Category => ColumnCategory.Custom;
        public int PriorityInCategory => 0;
        public bool IsNumeric => false;
        public UnitType UnitType => UnitType.Dimensionless;
        public string Legend => "Bytes of a message once the connection is under way, length prefix included (and the connection's first message where it differs)";

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            Type type = benchmarkCase.Descriptor.Type;
            string method = benchmarkCase.Descriptor.WorkloadMethod.Name;
            int cut = method.LastIndexOf('_');
            if (cut < 0) return "-";
            return _sizes.GetOrAdd((type, method.Substring(0, cut) + "_MessageBytes"), key => Measure(key.Item1, key.Item2));
        }

        private static string Measure(Type type, string name)
        {
            MethodInfo? method = type.GetMethod(name, BindingFlags.Public | BindingFlags.Instance, Type.EmptyTypes);
            if (method is null || method.ReturnType != typeof(string)) return "-";
            object instance = Activator.CreateInstance(type)!;
            type.GetMethod("Setup")?.Invoke(instance, null);
            return (string)method.Invoke(instance, null)!;
        }
    }
}
