using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// Bytes no 'amber' client would write, sent over a raw WebSocket after a real handshake: the server closes the
    /// connection with a Close message that carries the AmberException's text, and then the socket; it never waits for
    /// more.
    /// </summary>
    public sealed class DamagedFrameTests : IClassFixture<ShopServer>
    {
        private readonly ShopServer _server;

        public DamagedFrameTests(ShopServer server) => _server = server;

        private sealed class NoBinder : IInvocationBinder
        {
            public IReadOnlyList<Type> GetParameterTypes(string methodName) => throw new InvalidOperationException();
            public Type GetReturnType(string invocationId) => throw new InvalidOperationException();
            public Type GetStreamItemType(string streamId) => throw new InvalidOperationException();
        }

        [Theory]
        [InlineData("026300", "unknown message kind 99")]
        [InlineData("8080808080", "the length prefix runs past 5 bytes")]
        [InlineData("080100023104416464", "the frame ends before its argument count")]
        public async Task A_damaged_frame_closes_the_connection_with_an_error_that_says_why(string hex, string why)
        {
            CloseMessage close = await CloseAfter(Convert.FromHexString(hex));
            Assert.Contains("AmberException", close.Error);
            Assert.Contains(why, close.Error);
        }

        [Fact]
        public async Task A_frame_whose_rest_never_fits_closes_the_connection_instead_of_waiting()
        {
            // The prefix promises 1,000,000 bytes; past the server's MaximumReceiveMessageSize (32 KB) SignalR stops waiting.
            byte[] bytes = new byte[40_000];
            bytes[0] = 0xC0;
            bytes[1] = 0x84;
            bytes[2] = 0x3D;
            CloseMessage close = await CloseAfter(bytes);
            Assert.Contains("maximum message size", close.Error);
        }

        /// <summary>Connects, shakes hands for 'amber', sends <paramref name="frame"/>, and returns the Close message the server answers with.</summary>
        private async Task<CloseMessage> CloseAfter(byte[] frame)
        {
            using var cts = new CancellationTokenSource(ShopServer.Timeout);
            using var socket = new ClientWebSocket();
            var url = new UriBuilder(_server.HubUrl) { Scheme = "ws" }.Uri;
            await socket.ConnectAsync(url, cts.Token);
            await socket.SendAsync(Encoding.UTF8.GetBytes("{\"protocol\":\"amber\",\"version\":2}\u001e"), WebSocketMessageType.Binary, true, cts.Token);
            await socket.SendAsync(frame, WebSocketMessageType.Binary, true, cts.Token);

            // Everything the server sends until it closes the socket: the handshake response, then the Close frame.
            var received = new MemoryStream();
            var buffer = new byte[4096];
            while (true)
            {
                WebSocketReceiveResult result = await socket.ReceiveAsync(buffer, cts.Token);
                if (result.MessageType == WebSocketMessageType.Close) break;
                received.Write(buffer, 0, result.Count);
            }
            Assert.NotNull(socket.CloseStatus);

            byte[] bytes = received.ToArray();
            int end = Array.IndexOf(bytes, (byte)0x1E);
            Assert.Equal("{}", Encoding.UTF8.GetString(bytes, 0, end));
            var input = new ReadOnlySequence<byte>(bytes, end + 1, bytes.Length - end - 1);
            Assert.True(new AmberHubProtocol().TryParseMessage(ref input, new NoBinder(), out HubMessage? message));
            return Assert.IsType<CloseMessage>(message);
        }
    }
}
