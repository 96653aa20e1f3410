using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.ExceptionServices;
using System.Text;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Amber.SignalR
{
    /// <summary>
    /// The SignalR hub protocol named <c>amber</c>: each hub message is one length-prefixed binary frame, and each
    /// argument, result and stream item in it is an Amber payload of its own, read as the type the hub method or the
    /// client handler declares. The frame layout is in docs/signalr.md.
    /// </summary>
    /// <remarks>
    /// <para>Stateless and thread safe: one instance serves every connection. Register it with
    /// <see cref="AmberSignalRExtensions.AddAmberProtocol(Microsoft.AspNetCore.SignalR.ISignalRServerBuilder, AmberOptions?)"/>
    /// on the server and <see cref="AmberSignalRExtensions.AddAmberProtocol(Microsoft.AspNetCore.SignalR.Client.IHubConnectionBuilder, AmberOptions?)"/>
    /// on the client.</para>
    /// <para>A value that does not bind (another type, damaged, beyond a limit of the options) fails only its
    /// invocation or stream, as SignalR's own protocols do. A damaged frame (a bad length prefix, an unknown message
    /// kind, a field cut short, bytes left over) throws an <see cref="AmberException"/> that names the problem and its
    /// offset in the frame, and SignalR closes the connection with it.</para>
    /// </remarks>
    public sealed class AmberHubProtocol : IHubProtocol
    {
        /// <summary>The protocol's name in the SignalR handshake: <c>amber</c>.</summary>
        public const string ProtocolName = "amber";

        /// <summary>The protocol version: 2, the first with the Ack and Sequence messages of stateful reconnect.</summary>
        public const int ProtocolVersion = 2;

        private readonly AmberOptions _options;

        /// <summary>Creates the protocol.</summary>
        /// <param name="options">The options every argument, result and stream item is written and read with (its
        /// limits apply to each of them, and <see cref="AmberOptions.MaxInputBytes"/> to a whole frame); null for
        /// <see cref="AmberOptions.Default"/>.</param>
        public AmberHubProtocol(AmberOptions? options = null)
        {
            _options = AmberSupport.Options(options);
        }

        /// <summary>The options values are written and read with.</summary>
        public AmberOptions Options => _options;

        /// <inheritdoc />
        public string Name => ProtocolName;

        /// <inheritdoc />
        public int Version => ProtocolVersion;

        /// <inheritdoc />
        public TransferFormat TransferFormat => TransferFormat.Binary;

        /// <inheritdoc />
        public bool IsVersionSupported(int version) => version <= ProtocolVersion;

        /// <inheritdoc />
        public bool TryParseMessage(ref ReadOnlySequence<byte> input, IInvocationBinder binder, [NotNullWhen(true)] out HubMessage? message)
        {
            message = null;
            if (!AmberFrame.TryReadLength(input, _options.MaxInputBytes, out int prefix, out int length)) return false;
            if (input.Length - prefix < length) return false;
            ReadOnlySequence<byte> body = input.Slice(prefix, length);
            byte[]? rented = null;
            try
            {
                ReadOnlySpan<byte> span;
                if (body.IsSingleSegment)
                {
                    span = body.First.Span;
                }
                else
                {
                    rented = ArrayPool<byte>.Shared.Rent(length);
                    body.CopyTo(rented);
                    span = rented.AsSpan(0, length);
                }
                message = new AmberFrameReader(span, prefix, _options).Read(binder);
            }
            finally
            {
                if (rented != null) ArrayPool<byte>.Shared.Return(rented);
            }
            input = input.Slice(prefix + length);
            return true;
        }

        /// <inheritdoc />
        public void WriteMessage(HubMessage message, IBufferWriter<byte> output)
        {
            if (message == null) throw new ArgumentNullException(nameof(message));
            if (output == null) throw new ArgumentNullException(nameof(output));
            AmberFrameWriter.Write(message, output, _options);
        }

        /// <inheritdoc />
        public ReadOnlyMemory<byte> GetMessageBytes(HubMessage message)
        {
            var buffer = new ArrayBufferWriter<byte>(64);
            WriteMessage(message, buffer);
            return buffer.WrittenMemory;
        }
    }
}
