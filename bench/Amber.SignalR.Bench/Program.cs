using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Net;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Amber.SignalR;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Amber.SignalR.Bench
{
    /// <summary>One file of a chat message.</summary>
    public record Attachment(string Name, string ContentType, int Size);

    /// <summary>A chat message: five members, one of them a list of records.</summary>
    public record ChatMessage(string Room, string Author, DateTime SentAt, string Text, List<Attachment> Attachments)
    {
        public bool SameAs(ChatMessage other) =>
            Room == other.Room && Author == other.Author && SentAt == other.SentAt && Text == other.Text &&
            Attachments.SequenceEqual(other.Attachments);
    }

    /// <summary>The hub both protocols call: an echo (the message travels both ways) and a feed of messages.</summary>
    public sealed class ChatHub : Hub
    {
        public ChatMessage Echo(ChatMessage message) => message;

        public async IAsyncEnumerable<ChatMessage> Feed(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
        {
            ChatMessage message = Program.Message;
            for (int i = 0; i < count; i++)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return message;
            }
            await Task.CompletedTask;
        }
    }

    /// <summary>
    /// One Kestrel server on 127.0.0.1 with <see cref="ChatHub"/>, speaking both protocols, and one WebSocket client per
    /// protocol. Each round runs, for each protocol in a rotating order: a burst of Echo invocations from several
    /// concurrent callers on the protocol's connection, then one server-to-client stream. The first round is a warm-up;
    /// the table gives the median and the lowest and highest round, and a protocol-only column: the Echo invocation written
    /// and parsed back in memory. Bytes per message are what each protocol's
    /// WriteMessage writes for the same hub message (the frame, length prefix included). Every answer is checked.
    /// </summary>
    public static class Program
    {
        public static readonly ChatMessage Message = new ChatMessage(
            "general", "ada", new DateTime(2026, 11, 26, 9, 30, 15, DateTimeKind.Utc),
            "The build is green again; the new frames are 20% smaller. Lunch at noon?",
            new List<Attachment> { new Attachment("frames.png", "image/png", 48_213), new Attachment("notes.txt", "text/plain", 1_024) });

        private sealed class Contender
        {
            public Contender(string name, IHubProtocol protocol, HubConnection connection)
            {
                Name = name;
                Protocol = protocol;
                Connection = connection;
            }

            public string Name { get; }
            public IHubProtocol Protocol { get; }
            public HubConnection Connection { get; }
            public List<double> Invocations { get; } = new List<double>();
            public List<double> StreamItems { get; } = new List<double>();
            public List<double> ProtocolNanoseconds { get; } = new List<double>();
        }

        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

        private static int ProtocolMessages;

        public static async Task<int> Main(string[] args)
        {
            int rounds = Option(args, "--rounds", 8);
            int callers = Option(args, "--callers", 8);
            int invocations = Option(args, "--invocations", 20_000);
            int streamItems = Option(args, "--stream", 50_000);
            ProtocolMessages = Option(args, "--protocol", 100_000);

            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.WebHost.UseKestrel(k => k.Listen(IPAddress.Loopback, 0));
            builder.Logging.ClearProviders();
            builder.Services.AddSignalR().AddAmberProtocol().AddMessagePackProtocol();
            await using WebApplication app = builder.Build();
            app.UseWebSockets();
            app.MapHub<ChatHub>("/chat");
            await app.StartAsync().WaitAsync(Timeout);
            string url = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First() + "/chat";

            IHubConnectionBuilder Client() => new HubConnectionBuilder()
                .WithUrl(url, HttpTransportType.WebSockets, o => o.SkipNegotiation = true);
            IHubConnectionBuilder messagePackBuilder = Client();
            messagePackBuilder.Services.RemoveAll<IHubProtocol>();   // the client speaks MessagePack only, not JSON
            messagePackBuilder.AddMessagePackProtocol();
            var contenders = new List<Contender>
            {
                new Contender("Amber (`amber`)", new AmberHubProtocol(), Client().AddAmberProtocol().Build()),
                new Contender("MessagePack (`messagepack`)",
                    new MessagePackHubProtocol(Options.Create(new MessagePackHubProtocolOptions())), messagePackBuilder.Build()),
            };
            foreach (Contender c in contenders) await c.Connection.StartAsync().WaitAsync(Timeout);

            Console.WriteLine($"SignalR hub protocols: {rounds} rounds (the first a warm-up), {callers} concurrent callers x {invocations:N0} Echo invocations, a stream of {streamItems:N0} items");
            for (int round = 0; round < rounds; round++)
            {
                for (int k = 0; k < contenders.Count; k++)
                {
                    Contender c = contenders[(round + k) % contenders.Count];
                    double invocationRate = await RunInvocations(c.Connection, callers, invocations);
                    double streamRate = await RunStream(c.Connection, streamItems);
                    double nanoseconds = RunProtocol(c.Protocol, ProtocolMessages);
                    if (round == 0) continue;
                    c.Invocations.Add(invocationRate);
                    c.StreamItems.Add(streamRate);
                    c.ProtocolNanoseconds.Add(nanoseconds);
                }
                Console.WriteLine($"  round {round + 1}: " + string.Join(", ", contenders.Select(c =>
                    c.Name + " " + (round == 0 ? "warm-up" : $"{c.Invocations[^1]:N0} calls/s, {c.StreamItems[^1]:N0} items/s"))));
            }

            var report = new StringBuilder();
            report.AppendLine("| protocol | invocations/s (median) | lowest – highest | stream items/s (median) | lowest – highest | write + parse, ns (median) | lowest – highest | bytes: invocation | completion | stream item |");
            report.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (Contender c in contenders)
            {
                int invocation = Size(c.Protocol, new InvocationMessage("17", "Echo", new object?[] { Message }));
                int completion = Size(c.Protocol, CompletionMessage.WithResult("17", Message));
                int item = Size(c.Protocol, new StreamItemMessage("17", Message));
                report.AppendLine($"| {c.Name} | {Median(c.Invocations):N0} | {c.Invocations.Min():N0} – {c.Invocations.Max():N0} | " +
                    $"{Median(c.StreamItems):N0} | {c.StreamItems.Min():N0} – {c.StreamItems.Max():N0} | " +
                    $"{Median(c.ProtocolNanoseconds):N0} | {c.ProtocolNanoseconds.Min():N0} – {c.ProtocolNanoseconds.Max():N0} | {invocation} | {completion} | {item} |");
            }
            Console.WriteLine();
            Console.Write(report);
            Console.WriteLine();
            Console.WriteLine($"The message: {Message.Text.Length}-character text, {Message.Attachments.Count} attachments; bytes are one frame as WriteMessage writes it;");
            Console.WriteLine($"write + parse: the Echo invocation frame written and parsed back in memory, {ProtocolMessages:N0} times a round, on one thread.");

            foreach (Contender c in contenders) await c.Connection.DisposeAsync();
            await app.StopAsync().WaitAsync(Timeout);
            return 0;
        }

        private static async Task<double> RunInvocations(HubConnection connection, int callers, int total)
        {
            int perCaller = total / callers;
            var stopwatch = Stopwatch.StartNew();
            await Task.WhenAll(Enumerable.Range(0, callers).Select(async _ =>
            {
                for (int i = 0; i < perCaller; i++)
                {
                    ChatMessage echoed = await connection.InvokeAsync<ChatMessage>("Echo", Message).WaitAsync(Timeout);
                    if (!echoed.SameAs(Message)) throw new InvalidOperationException("The echoed message differs from the one sent.");
                }
            }));
            return perCaller * callers / stopwatch.Elapsed.TotalSeconds;
        }

        private static async Task<double> RunStream(HubConnection connection, int count)
        {
            using var cts = new CancellationTokenSource(Timeout);
            int received = 0;
            var stopwatch = Stopwatch.StartNew();
            await foreach (ChatMessage m in connection.StreamAsync<ChatMessage>("Feed", count, cts.Token))
            {
                if (received == 0 && !m.SameAs(Message)) throw new InvalidOperationException("The streamed message differs from the one sent.");
                received++;
            }
            double rate = received / stopwatch.Elapsed.TotalSeconds;
            if (received != count) throw new InvalidOperationException($"The stream ended after {received} of {count} items.");
            return rate;
        }

        /// <summary>The binder of a server whose hub has Echo(ChatMessage).</summary>
        private sealed class EchoBinder : IInvocationBinder
        {
            private static readonly Type[] Parameters = { typeof(ChatMessage) };

            public IReadOnlyList<Type> GetParameterTypes(string methodName) => Parameters;

            public Type GetReturnType(string invocationId) => typeof(ChatMessage);

            public Type GetStreamItemType(string streamId) => typeof(ChatMessage);
        }

        /// <summary>Nanoseconds per message to write the Echo invocation and parse it back, in memory (the protocol's own cost).</summary>
        private static double RunProtocol(IHubProtocol protocol, int count)
        {
            var buffer = new ArrayBufferWriter<byte>(1024);
            var message = new InvocationMessage("17", "Echo", new object?[] { Message });
            var binder = new EchoBinder();
            var stopwatch = Stopwatch.StartNew();
            for (int i = 0; i < count; i++)
            {
                buffer.ResetWrittenCount();
                protocol.WriteMessage(message, buffer);
                var input = new ReadOnlySequence<byte>(buffer.WrittenMemory);
                if (!protocol.TryParseMessage(ref input, binder, out HubMessage? read) || read is not InvocationMessage { Arguments: [ChatMessage] })
                    throw new InvalidOperationException(protocol.Name + " did not read back the invocation it wrote.");
            }
            return stopwatch.Elapsed.TotalMilliseconds * 1_000_000 / count;
        }

        private static int Size(IHubProtocol protocol, HubMessage message)
        {
            var buffer = new ArrayBufferWriter<byte>();
            protocol.WriteMessage(message, buffer);
            return buffer.WrittenCount;
        }

        private static double Median(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToList();
            int n = sorted.Count;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }

        private static int Option(string[] args, string name, int fallback)
        {
            int i = Array.IndexOf(args, name);
            return i >= 0 && i + 1 < args.Length ? int.Parse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture) : fallback;
        }
    }
}
