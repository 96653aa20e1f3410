using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using Amber.Format;
using Amber.Services;
using Amber.Streaming;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// The responses of one streaming call as received: each message is copied out of the transport's buffer as it
    /// arrives, and read by the call's own reader, which keeps the shapes the call's earlier messages defined. A message is
    /// a connection message (docs/format.md §7.6, unframed) from a server that took the call's
    /// <see cref="AmberGrpcStreamShapes.Header"/>, or a payload from one that did not; its first byte says which.
    /// </summary>
    internal sealed class AmberStreamedResponses<TResponse> : IDisposable
    {
        // The connection readers of streamed responses, per options instance: each holds its shape tables, so they are
        // kept from call to call (and a client made per call reuses them too).
        private static readonly ConditionalWeakTable<AmberOptions, AmberInstancePool<AmberMessageReader>> s_readers =
            new ConditionalWeakTable<AmberOptions, AmberInstancePool<AmberMessageReader>>();

        private readonly AmberOptions _options;
        private readonly AmberInstancePool<AmberMessageReader> _readers;
        private AmberMessageReader? _reader;

        public AmberStreamedResponses(AmberOptions options)
        {
            _options = options;
            _readers = s_readers.GetValue(options, _ => new AmberInstancePool<AmberMessageReader>(Environment.ProcessorCount * 2));
        }

        /// <summary>Reads <paramref name="message"/> and gives its bytes back to the pool.</summary>
        /// <exception cref="RpcException">The message cannot be read: <see cref="StatusCode.Internal"/>, with Amber's message as its detail.</exception>
        public TResponse Read(ReceivedMessage message)
        {
            try
            {
                ReadOnlySpan<byte> bytes = message.Bytes;
                // A connection message's version (format §7.6) is not a payload's (§2).
                int version = bytes.IsEmpty ? 0 : bytes[0] >> 4;
                return version is AmberCode.ConnectionFirstVersion or AmberCode.ConnectionVersion
                    ? (_reader ??= _readers.Rent() ?? new AmberMessageReader(_options)).ReadUnframed<TResponse>(bytes)!
                    : AmberSerializer.Deserialize<TResponse>(bytes, _options)!;
            }
            catch (AmberException ex)
            {
                throw AmberMarshallers<TResponse>.Failure(StatusCode.Internal, "Amber could not read the message: ", ex);
            }
            finally
            {
                message.Return();
            }
        }

        /// <summary>Gives the call's reader back, reset, for a later call.</summary>
        public void Dispose()
        {
            AmberMessageReader? reader = _reader;
            _reader = null;
            if (reader == null) return;
            reader.Reset();
            _readers.Return(reader);
        }
    }

    /// <summary>One response message of a stream, copied into a pooled buffer by <see cref="ReceivedMessage.Marshaller"/>.</summary>
    internal sealed class ReceivedMessage
    {
        private byte[]? _buffer;
        private readonly int _length;

        private ReceivedMessage(byte[] buffer, int length)
        {
            _buffer = buffer;
            _length = length;
        }

        public ReadOnlySpan<byte> Bytes => _buffer.AsSpan(0, _length);

        public void Return()
        {
            byte[]? buffer = _buffer;
            _buffer = null;
            if (buffer != null) ArrayPool<byte>.Shared.Return(buffer);
        }

        /// <summary>Copies each message out of the transport's buffer; it is never written (it is a response type only).</summary>
        public static readonly Marshaller<ReceivedMessage> Marshaller = Marshallers.Create(
            (Action<ReceivedMessage, SerializationContext>)((_, _) => throw new InvalidOperationException("A received message is not sent.")),
            context =>
            {
                ReadOnlySequence<byte> payload = context.PayloadAsReadOnlySequence();
                byte[] buffer = ArrayPool<byte>.Shared.Rent((int)Math.Max(1, payload.Length));
                payload.CopyTo(buffer);
                return new ReceivedMessage(buffer, (int)payload.Length);
            });
    }

    /// <summary>
    /// The gRPC method descriptor a client calls a method whose responses are a stream with: the same path and request
    /// marshaller as <see cref="AmberGrpcMethods{TRequest, TResponse}"/>, its responses received as they arrive.
    /// </summary>
    internal static class AmberStreamedMethods<TRequest, TResponse>
        where TRequest : class
        where TResponse : class
    {
        private static readonly ConditionalWeakTable<Method<TRequest, TResponse>, Method<TRequest, ReceivedMessage>> s_methods =
            new ConditionalWeakTable<Method<TRequest, TResponse>, Method<TRequest, ReceivedMessage>>();

        /// <exception cref="AmberException">Amber has no formatter for a message type; the message names the fix.</exception>
        public static Method<TRequest, ReceivedMessage> For(AmberServiceMethod method, AmberOptions options)
        {
            Method<TRequest, TResponse> typed = AmberGrpcMethods<TRequest, TResponse>.For(method, options);
            if (s_methods.TryGetValue(typed, out Method<TRequest, ReceivedMessage>? found)) return found;
            var made = new Method<TRequest, ReceivedMessage>(typed.Type, typed.ServiceName, typed.Name, typed.RequestMarshaller, ReceivedMessage.Marshaller);
            return s_methods.GetValue(typed, _ => made);
        }

        /// <summary><paramref name="options"/> with the request header that asks for shapes once per call.</summary>
        public static CallOptions AskingForShapes(CallOptions options)
        {
            var headers = new global::Grpc.Core.Metadata();
            if (options.Headers != null)
            {
                foreach (global::Grpc.Core.Metadata.Entry entry in options.Headers) headers.Add(entry);
            }
            headers.Add(AmberGrpcStreamShapes.Header, AmberGrpcStreamShapes.PerCall);
            return options.WithHeaders(headers);
        }
    }
}
