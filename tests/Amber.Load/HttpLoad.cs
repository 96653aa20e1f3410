using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Load
{
    /// <summary>
    /// The ASP.NET Core part: raw HTTP/1.1 over a socket per request (<c>Connection: close</c>), so that a body can be
    /// trickled, cut or abandoned byte by byte and every answer (or a closed connection) is seen as it is.
    /// </summary>
    internal sealed class HttpLoad : ILoad
    {
        private readonly int _port;

        public HttpLoad(int port) => _port = port;

        public async Task WarmUpAsync()
        {
            var random = new Random(1);
            for (int i = 0; i < 20; i++)
            {
                Outcome o = await GoodAsync(random, "warm-up", trickle: false);
                if (o.Breach != null) throw new InvalidOperationException("Warm-up failed: " + o.Breach);
            }
        }

        public ValueTask DisposeAsync() => default;

        public Task<Outcome> OneAsync(Random random)
        {
            int roll = random.Next(100);
            if (roll < 50) return GoodAsync(random, "good", trickle: false);
            if (roll < 62) return FaultAsync(random, "damaged", Faults.FlipBits);
            if (roll < 74) return FaultAsync(random, "truncated", Faults.Truncate);
            if (roll < 79) return OversizedAsync(random, chunked: false);
            if (roll < 82) return OversizedAsync(random, chunked: true);
            if (roll < 91) return GoodAsync(random, "slow-complete", trickle: true);
            return StallAsync(random);
        }

        private static (string Path, byte[] Body, Func<byte[], string?> Check) Good(Random random)
        {
            if (random.Next(2) == 0)
            {
                Order order = Order.Random(random);
                byte[] sent = AmberSerializer.Serialize(order);
                return ("/orders", sent, answer =>
                {
                    OrderReceipt receipt = AmberSerializer.Deserialize<OrderReceipt>(answer)!;
                    if (!AmberSerializer.Serialize(receipt.Echo).AsSpan().SequenceEqual(sent)) return "the echoed order differs from the one sent";
                    return receipt.Total == order.Total() ? null : $"total {receipt.Total}, expected {order.Total()}";
                }
                );
            }
            Reading reading = Reading.Random(random);
            ReadingSummary expected = ReadingSummary.Of(new[] { reading });
            return ("/readings", AmberSerializer.Serialize(reading), answer =>
                AmberSerializer.Deserialize<ReadingSummary>(answer)!.SameAs(expected) ? null : "the reading summary differs from the expected one");
        }

        private async Task<Outcome> GoodAsync(Random random, string kind, bool trickle)
        {
            (string path, byte[] body, Func<byte[], string?> check) = Good(random);
            var stopwatch = Stopwatch.StartNew();
            (string answer, byte[] content) = await SendAsync(path, body, trickle ? Mode.Trickle : Mode.Whole, random);
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            if (answer == "408" && trickle && body.Length < Server.BodyDataRate.BytesPerSecond * ms / 1000)
            {
                // The trickle, slowed by the load on the client side, delivered less than MinRequestBodyDataRate on
                // average over the request: Kestrel refusing it is the configured behaviour, not a fault.
                return new Outcome(kind, "408 (below min rate)", null, ms);
            }
            if (answer != "200") return new Outcome(kind, answer, $"{kind}: answered {answer}, expected 200 ({body.Length} bytes in {ms:0} ms)", ms);
            string? wrong;
            try { wrong = check(content); }
            catch (AmberException ex) { wrong = "the answer is no readable payload: " + ex.Message; }
            return new Outcome(kind, wrong == null ? "200 correct" : "200 WRONG", wrong == null ? null : $"{kind}: {wrong}", ms);
        }

        private async Task<Outcome> FaultAsync(Random random, string kind, Func<byte[], Random, byte[]> damage)
        {
            (string path, byte[] body, _) = Good(random);
            byte[] bad = damage(body, random);
            var stopwatch = Stopwatch.StartNew();
            (string answer, _) = await SendAsync(path, bad, Mode.Whole, random);
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            // A bit flip inside a string, a number or a length Amber can still read decodes to another value: Amber has no
            // checksum, so a 200 is a possible answer to a damaged body (counted, not a breach). A cut body must not decode.
            bool fine = answer == "400" || (kind == "damaged" && answer == "200");
            return new Outcome(kind, answer == "200" && kind == "damaged" ? "200 (undetected)" : answer, fine ? null : $"{kind}: answered {answer}, expected 400", ms);
        }

        private async Task<Outcome> OversizedAsync(Random random, bool chunked)
        {
            string kind = chunked ? "oversized-chunked" : "oversized-length";
            byte[] body = Faults.Oversized(Server.MaxInputBytes, 2 * Server.MaxRequestBodySize, random);
            var stopwatch = Stopwatch.StartNew();
            (string answer, _) = await SendAsync(random.Next(2) == 0 ? "/orders" : "/readings", body, chunked ? Mode.Chunked : Mode.Whole, random);
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            return new Outcome(kind, answer, answer == "413" ? null : $"{kind}: answered {answer}, expected 413", ms);
        }

        private async Task<Outcome> StallAsync(Random random)
        {
            (string path, byte[] body, _) = Good(random);
            var stopwatch = Stopwatch.StartNew();
            (string answer, _) = await SendAsync(path, body, Mode.Stall, random);
            double ms = stopwatch.Elapsed.TotalMilliseconds;
            // Kestrel's MinRequestBodyDataRate ends the request: 408, or the connection closed by the server.
            bool fine = answer == "408" || answer == "closed";
            return new Outcome("slow-stall", answer, fine ? null : $"slow-stall: answered {answer}, expected 408 or a closed connection", ms);
        }

        private enum Mode { Whole, Chunked, Trickle, Stall }

        /// <summary>
        /// Sends one request and reads the answer until the server closes the connection: the status code, or "closed"
        /// (no response before the connection ended), or "hung" (nothing ended within the deadline).
        /// </summary>
        private async Task<(string Answer, byte[] Content)> SendAsync(string path, byte[] body, Mode mode, Random random)
        {
            int seed = random.Next();
            using var deadline = new CancellationTokenSource(Program.Deadline);
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            try
            {
                await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, _port), deadline.Token);
            }
            catch (OperationCanceledException)
            {
                return ("hung", Array.Empty<byte>());
            }
            catch (SocketException)
            {
                return ("refused", Array.Empty<byte>());
            }
            using var stream = new NetworkStream(socket, ownsSocket: false);
            using var stopWriting = CancellationTokenSource.CreateLinkedTokenSource(deadline.Token);
            Task write = WriteAsync(stream, path, body, mode, new Random(seed), stopWriting.Token);
            var received = new MemoryStream();
            try
            {
                var buffer = new byte[16 * 1024];
                int n;
                while ((n = await stream.ReadAsync(buffer, deadline.Token)) > 0) received.Write(buffer, 0, n);
            }
            catch (OperationCanceledException)
            {
                stopWriting.Cancel();
                await Quietly(write);
                return ("hung", Array.Empty<byte>());
            }
            catch (IOException)
            {
                // Reset by the server: what arrived before it still counts.
            }
            stopWriting.Cancel();
            await Quietly(write);
            return Parse(received.ToArray());
        }

        private static async Task Quietly(Task task)
        {
            try { await task; }
            catch (Exception ex) when (ex is IOException || ex is SocketException || ex is OperationCanceledException || ex is ObjectDisposedException) { }
        }

        private static async Task WriteAsync(Stream stream, string path, byte[] body, Mode mode, Random random, CancellationToken ct)
        {
            string framing = mode == Mode.Chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + body.Length.ToString(CultureInfo.InvariantCulture);
            byte[] head = Encoding.ASCII.GetBytes($"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amber\r\nConnection: close\r\n{framing}\r\n\r\n");
            await stream.WriteAsync(head, ct);
            switch (mode)
            {
                case Mode.Whole:
                    await stream.WriteAsync(body, ct);
                    break;
                case Mode.Chunked:
                    for (int at = 0; at < body.Length; at += 16 * 1024)
                    {
                        int size = Math.Min(16 * 1024, body.Length - at);
                        await stream.WriteAsync(Encoding.ASCII.GetBytes(size.ToString("x", CultureInfo.InvariantCulture) + "\r\n"), ct);
                        await stream.WriteAsync(body.AsMemory(at, size), ct);
                        await stream.WriteAsync("\r\n"u8.ToArray(), ct);
                    }
                    await stream.WriteAsync("0\r\n\r\n"u8.ToArray(), ct);
                    break;
                case Mode.Trickle:
                case Mode.Stall:
                    // 8-48 bytes every 10-30 ms (about 1.4 KB/s when the client keeps up, six times 240 B/s); a stall sends a part and then nothing.
                    int stopAt = mode == Mode.Stall ? random.Next(body.Length) : body.Length;
                    for (int at = 0; at < stopAt;)
                    {
                        int size = Math.Min(random.Next(8, 49), stopAt - at);
                        await stream.WriteAsync(body.AsMemory(at, size), ct);
                        at += size;
                        await Task.Delay(random.Next(10, 31), ct);
                    }
                    if (mode == Mode.Stall) await Task.Delay(Timeout.Infinite, ct);
                    break;
            }
            await stream.FlushAsync(ct);
        }

        /// <summary>The status code and the content (de-chunked) of an HTTP/1.1 response read whole.</summary>
        private static (string, byte[]) Parse(byte[] response)
        {
            int headerEnd = response.AsSpan().IndexOf("\r\n\r\n"u8);
            if (response.Length < 12 || headerEnd < 0) return ("closed", Array.Empty<byte>());
            string head = Encoding.ASCII.GetString(response, 0, headerEnd);
            string status = head.Substring(9, 3);
            byte[] content = response.AsSpan(headerEnd + 4).ToArray();
            if (head.Contains("Transfer-Encoding: chunked", StringComparison.OrdinalIgnoreCase)) content = Dechunk(content);
            return (status, content);
        }

        private static byte[] Dechunk(byte[] chunked)
        {
            var output = new MemoryStream();
            int at = 0;
            while (at < chunked.Length)
            {
                int lineEnd = chunked.AsSpan(at).IndexOf("\r\n"u8);
                if (lineEnd < 0) break;
                int size = int.Parse(Encoding.ASCII.GetString(chunked, at, lineEnd).Split(';')[0], NumberStyles.HexNumber, CultureInfo.InvariantCulture);
                at += lineEnd + 2;
                if (size == 0) break;
                output.Write(chunked, at, Math.Min(size, chunked.Length - at));
                at += size + 2;
            }
            return output.ToArray();
        }
    }
}
