using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO.Pipelines;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using Amber.Bench.Workloads;

namespace Amber.Echo
{
    /// <summary>What one serializer did in one run: counts over the measured window, and its latency histogram.</summary>
    public sealed class EchoResult
    {
        public string Serializer { get; init; } = "";
        public int Clients { get; init; }
        public int InFlight { get; init; }
        public long Messages { get; init; }
        public double Seconds { get; init; }
        public double MessagesPerSecond => Seconds > 0 ? Messages / Seconds : 0;
        /// <summary>One message in one direction once the connection is under way (its second message and every later one).</summary>
        public int BytesPerMessage { get; init; }
        /// <summary>The first message of a connection in one direction: larger than the others where a codec defines shapes once per connection.</summary>
        public int FirstMessageBytes { get; init; }
        public long AllocatedBytes { get; init; }
        public double AllocatedPerMessage => Messages > 0 ? (double)AllocatedBytes / Messages : 0;
        public LatencyHistogram Latency { get; init; } = new LatencyHistogram();
        public bool Verified { get; init; }
        public string? Failure { get; init; }
    }

    /// <summary>
    /// One run of one serializer: a server on 127.0.0.1 and <c>clients</c> connections to it, each over
    /// System.Net.Sockets with a PipeReader and a PipeWriter on its stream.
    /// <list type="bullet">
    /// <item>The server is a relay: it reads each framed envelope off the pipe, deserializes it, serializes it
    /// back and copies the 32-byte payload after it, flushing once per read.</item>
    /// <item>Each client sends <c>inFlight</c> messages, then one more for each one that comes back, until the
    /// time is up; then it stops sending and waits for every outstanding message. Every echoed envelope is
    /// deserialized and compared with the one sent, member by member, and its payload byte by byte; the
    /// round trip (from just before the message is written to just after it is read back) goes into a
    /// histogram.</item>
    /// <item>The first <c>warmup</c> of the time is not counted: messages, bytes, allocations and latencies
    /// are taken over the rest.</item>
    /// </list>
    /// </summary>
    public static class EchoRun
    {
        public const int PayloadBytes = 32;

        public static async Task<EchoResult> RunAsync(EchoSerializer serializer, int clients, int inFlight, TimeSpan warmup, TimeSpan measured)
        {
            using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            listener.Listen(clients);
            var endPoint = (IPEndPoint)listener.LocalEndPoint!;

            var serverTasks = new List<Task>();
            Task acceptLoop = Task.Run(async () =>
            {
                for (int i = 0; i < clients; i++)
                {
                    Socket accepted = await listener.AcceptAsync().ConfigureAwait(false);
                    accepted.NoDelay = true;
                    lock (serverTasks) serverTasks.Add(Task.Run(() => ServeAsync(accepted, serializer.Create())));
                }
            });

            var state = new RunState();
            var connections = new List<Client>();
            for (int i = 0; i < clients; i++)
            {
                var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
                await socket.ConnectAsync(endPoint).ConfigureAwait(false);
                connections.Add(new Client(socket, serializer.Create(), inFlight, state, seed: i));
            }
            await acceptLoop.ConfigureAwait(false);

            (int firstMessageBytes, int bytesPerMessage) = FrameBytes(serializer.Create());
            Task[] clientTasks = connections.Select(c => Task.Run(c.RunAsync)).ToArray();

            await Task.Delay(warmup).ConfigureAwait(false);
            long allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
            state.StartMeasuring();
            await Task.Delay(measured).ConfigureAwait(false);
            long completed = state.StopMeasuring(out double seconds);
            long allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
            state.Stop();

            string? failure = null;
            try
            {
                await Task.WhenAll(clientTasks).ConfigureAwait(false);
                Task[] servers;
                lock (serverTasks) servers = serverTasks.ToArray();
                await Task.WhenAll(servers).ConfigureAwait(false);
            }
            catch (Exception ex)
            {
                failure = ex.GetType().Name + ": " + ex.Message;
            }

            var latency = new LatencyHistogram();
            foreach (Client c in connections) latency.Add(c.Latency);
            string? difference = connections.Select(c => c.Difference).FirstOrDefault(d => d != null);
            return new EchoResult
            {
                Serializer = serializer.Name,
                Clients = clients,
                InFlight = inFlight,
                Messages = completed,
                Seconds = seconds,
                BytesPerMessage = bytesPerMessage,
                FirstMessageBytes = firstMessageBytes,
                AllocatedBytes = allocated,
                Latency = latency,
                Verified = failure == null && difference == null && completed > 0 && connections.All(c => c.Outstanding == 0),
                Failure = failure ?? difference,
            };
        }

        /// <summary>
        /// The bytes one message takes on the wire in one direction, its frame and the payload: the first message of a
        /// connection, and the steady state (the second message; a codec that defines shapes once per connection puts
        /// them in the first only, and every later message is the size of the second).
        /// </summary>
        private static (int First, int Steady) FrameBytes(IEchoCodec codec)
        {
            var random = new Random(0);
            var output = new ArrayBufferWriter<byte>();
            codec.Write(output, Messages.Create(random));
            int first = output.WrittenCount;
            codec.Write(output, Messages.Create(random));
            return (first + PayloadBytes, output.WrittenCount - first + PayloadBytes);
        }

        /// <summary>The relay: every envelope read, deserialized, serialized back, its payload copied after it.</summary>
        private static async Task ServeAsync(Socket socket, IEchoCodec codec)
        {
            using var stream = new NetworkStream(socket, ownsSocket: true);
            PipeReader reader = PipeReader.Create(stream);
            PipeWriter writer = PipeWriter.Create(stream);
            MessageEnvelope? pending = null;
            while (true)
            {
                ReadResult read = await reader.ReadAsync().ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = read.Buffer;
                bool wrote = false;
                while (true)
                {
                    if (pending == null && !codec.TryRead(ref buffer, out pending)) break;
                    if (buffer.Length < PayloadBytes) break;
                    codec.Write(writer, pending!);
                    ReadOnlySequence<byte> payload = buffer.Slice(0, PayloadBytes);
                    payload.CopyTo(writer.GetSpan(PayloadBytes));
                    writer.Advance(PayloadBytes);
                    buffer = buffer.Slice(payload.End);
                    pending = null;
                    wrote = true;
                }
                reader.AdvanceTo(buffer.Start, buffer.End);
                if (wrote) await writer.FlushAsync().ConfigureAwait(false);
                if (read.IsCompleted) break;
            }
            await reader.CompleteAsync().ConfigureAwait(false);
            await writer.CompleteAsync().ConfigureAwait(false);
        }

        /// <summary>The shared clock of a run: whether messages are being counted, and whether clients may still send.</summary>
        internal sealed class RunState
        {
            private long _counted;
            private long _start;
            private volatile bool _measuring;
            private volatile bool _stopping;

            public bool Measuring => _measuring;

            public bool Stopping => _stopping;

            public void Count() => Interlocked.Increment(ref _counted);

            public void StartMeasuring()
            {
                Interlocked.Exchange(ref _counted, 0);
                _start = Stopwatch.GetTimestamp();
                _measuring = true;
            }

            public long StopMeasuring(out double seconds)
            {
                _measuring = false;
                seconds = Stopwatch.GetElapsedTime(_start).TotalSeconds;
                return Interlocked.Read(ref _counted);
            }

            public void Stop() => _stopping = true;
        }

        private sealed class Client
        {
            private readonly Socket _socket;
            private readonly IEchoCodec _codec;
            private readonly int _inFlight;
            private readonly RunState _state;
            private readonly Random _random;
            private readonly Queue<(MessageEnvelope Message, long Sent)> _sent;
            private readonly byte[] _payload = new byte[PayloadBytes];
            private long _sequence;

            public Client(Socket socket, IEchoCodec codec, int inFlight, RunState state, int seed)
            {
                _socket = socket;
                _codec = codec;
                _inFlight = inFlight;
                _state = state;
                _random = new Random(seed);
                _sent = new Queue<(MessageEnvelope, long)>(inFlight);
            }

            public LatencyHistogram Latency { get; } = new LatencyHistogram();

            public string? Difference { get; private set; }

            public int Outstanding => _sent.Count;

            public async Task RunAsync()
            {
                using var stream = new NetworkStream(_socket, ownsSocket: true);
                PipeReader reader = PipeReader.Create(stream);
                PipeWriter writer = PipeWriter.Create(stream);
                for (int i = 0; i < _inFlight; i++) Send(writer);
                await writer.FlushAsync().ConfigureAwait(false);

                MessageEnvelope? pending = null;
                while (_sent.Count > 0)
                {
                    ReadResult read = await reader.ReadAsync().ConfigureAwait(false);
                    ReadOnlySequence<byte> buffer = read.Buffer;
                    int sent = 0;
                    while (true)
                    {
                        if (pending == null && !_codec.TryRead(ref buffer, out pending)) break;
                        if (buffer.Length < PayloadBytes) break;
                        ReadOnlySequence<byte> payload = buffer.Slice(0, PayloadBytes);
                        Receive(pending!, payload);
                        buffer = buffer.Slice(payload.End);
                        pending = null;
                        if (!_state.Stopping)
                        {
                            Send(writer);
                            sent++;
                        }
                    }
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    if (sent > 0) await writer.FlushAsync().ConfigureAwait(false);
                    if (read.IsCompleted) break;
                }
                await writer.CompleteAsync().ConfigureAwait(false);
                await reader.CompleteAsync().ConfigureAwait(false);
            }

            private void Send(PipeWriter writer)
            {
                MessageEnvelope message = Messages.Create(_random);
                long sequence = _sequence++;
                _sent.Enqueue((message, Stopwatch.GetTimestamp()));
                _codec.Write(writer, message);
                Span<byte> payload = writer.GetSpan(PayloadBytes).Slice(0, PayloadBytes);
                Messages.FillPayload(payload, sequence);
                writer.Advance(PayloadBytes);
            }

            private void Receive(MessageEnvelope echoed, in ReadOnlySequence<byte> payload)
            {
                (MessageEnvelope expected, long sentAt) = _sent.Dequeue();
                long now = Stopwatch.GetTimestamp();
                long sequence = _sequence - _sent.Count - 1;
                if (Difference == null)
                {
                    string? difference = Messages.Difference(expected, echoed);
                    payload.CopyTo(_payload);
                    if (difference == null && !Messages.PayloadMatches(_payload, sequence)) difference = "the 32-byte payload differs";
                    if (difference != null) Difference = $"message {sequence}: {difference}";
                }
                if (_state.Measuring)
                {
                    _state.Count();
                    Latency.Record(Stopwatch.GetElapsedTime(sentAt, now));
                }
            }
        }
    }
}
