using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// Stateful reconnect negotiated with a hub that allows it: SignalR enables it only for a protocol of version 2 or
    /// more, and then both ends acknowledge what they received with Ack messages, which travel as 'amber' frames.
    /// </summary>
    public sealed class StatefulReconnectTests : IClassFixture<ShopServer>
    {
        private readonly ShopServer _server;

        public StatefulReconnectTests(ShopServer server) => _server = server;

        /// <summary>The client's <see cref="AmberHubProtocol"/>, noting the kind of every message it writes and reads.</summary>
        private sealed class Recording : IHubProtocol
        {
            private readonly AmberHubProtocol _inner = new AmberHubProtocol();
            public readonly ConcurrentQueue<string> Written = new ConcurrentQueue<string>();
            public readonly ConcurrentQueue<string> Read = new ConcurrentQueue<string>();

            public string Name => _inner.Name;
            public int Version => _inner.Version;
            public TransferFormat TransferFormat => _inner.TransferFormat;
            public bool IsVersionSupported(int version) => _inner.IsVersionSupported(version);

            public bool TryParseMessage(ref ReadOnlySequence<byte> input, IInvocationBinder binder, [NotNullWhen(true)] out HubMessage? message)
            {
                if (!_inner.TryParseMessage(ref input, binder, out message)) return false;
                Read.Enqueue(message.GetType().Name);
                return true;
            }

            public void WriteMessage(HubMessage message, IBufferWriter<byte> output)
            {
                Written.Enqueue(message.GetType().Name);
                _inner.WriteMessage(message, output);
            }

            public ReadOnlyMemory<byte> GetMessageBytes(HubMessage message)
            {
                Written.Enqueue(message.GetType().Name);
                return _inner.GetMessageBytes(message);
            }
        }

        [Fact]
        public async Task Both_ends_acknowledge_messages_with_Ack_frames()
        {
            var recording = new Recording();
            IHubConnectionBuilder builder = new HubConnectionBuilder()
                .WithUrl(new Uri(_server.HubUrl + "-stateful"), HttpTransportType.WebSockets)
                .WithStatefulReconnect();
            builder.Services.RemoveAll<IHubProtocol>();
            builder.Services.AddSingleton<IHubProtocol>(recording);
            await using HubConnection client = builder.Build();
            await client.StartAsync().WaitAsync(ShopServer.Timeout);

            for (int i = 0; i < 3; i++) Assert.Equal(i + 10, await client.InvokeAsync<int>("Add", i, 10).WaitAsync(ShopServer.Timeout));

            // Acks are sent on a timer: wait for one each way, within the bound.
            var waited = System.Diagnostics.Stopwatch.StartNew();
            while (!(recording.Read.Contains(nameof(AckMessage)) && recording.Written.Contains(nameof(AckMessage))) && waited.Elapsed < ShopServer.Timeout)
                await Task.Delay(50);
            Assert.Contains(nameof(AckMessage), recording.Read);
            Assert.Contains(nameof(AckMessage), recording.Written);
        }
    }
}
