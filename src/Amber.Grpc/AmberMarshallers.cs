using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// The two marshallers kept for one message type and one options instance: they differ only in the
    /// status code of a reading failure (a request the server cannot read is the caller's fault; a
    /// response the client cannot read is not).
    /// </summary>
    internal sealed class AmberMarshallers<T>
    {
        private static readonly AmberMarshallers<T> s_default = new AmberMarshallers<T>(AmberOptions.Default);

        // Keyed by options instance (AmberOptions is immutable): one pair per instance an application keeps,
        // and an instance made per call does not leak, since the table holds its keys weakly.
        private static readonly ConditionalWeakTable<AmberOptions, AmberMarshallers<T>> s_byOptions =
            new ConditionalWeakTable<AmberOptions, AmberMarshallers<T>>();

        private AmberMarshallers(AmberOptions options)
        {
            Request = new MessageMarshaller(options, StatusCode.InvalidArgument).ToMarshaller();
            Response = new MessageMarshaller(options, StatusCode.Internal).ToMarshaller();
        }

        /// <summary>Reads a request: an unreadable payload is <see cref="StatusCode.InvalidArgument"/>.</summary>
        public Marshaller<T> Request { get; }

        /// <summary>Reads a response (or anything else): an unreadable payload is <see cref="StatusCode.Internal"/>.</summary>
        public Marshaller<T> Response { get; }

        /// <summary>The marshallers for <paramref name="options"/> (<see cref="AmberOptions.Default"/> when null).</summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        public static AmberMarshallers<T> For(AmberOptions? options)
        {
            // Fail when the method or marshaller is made (typically a static field, at start-up), not at the first call.
            AmberSupport.Require<T>();
            AmberOptions resolved = AmberSupport.Options(options);
            return ReferenceEquals(resolved, AmberOptions.Default)
                ? s_default
                : s_byOptions.GetValue(resolved, o => new AmberMarshallers<T>(o));
        }

        /// <summary>Writes and reads the messages of one direction; only the status of a reading failure differs.</summary>
        private sealed class MessageMarshaller
        {
            private readonly AmberOptions _options;
            private readonly StatusCode _readFailure;

            public MessageMarshaller(AmberOptions options, StatusCode readFailure)
            {
                _options = options;
                _readFailure = readFailure;
            }

            public Marshaller<T> ToMarshaller() => Marshallers.Create<T>(Serialize, Deserialize);

            private void Serialize(T value, SerializationContext context)
            {
                try
                {
                    // The length first, so that gRPC takes the bytes into its send buffer as they are (AmberGrpcPayloads).
                    AmberGrpcPayloads.Write(context, (value, _options), static (buffer, state) => AmberSerializer.Serialize(buffer, state.value, state._options));
                }
                catch (AmberException ex)
                {
                    throw Failure(StatusCode.Internal, "Amber could not write the message: ", ex);
                }
            }

            private T Deserialize(DeserializationContext context)
            {
                ReadOnlySequence<byte> payload = context.PayloadAsReadOnlySequence();
                try
                {
                    // gRPC hands a null message to the handler as it would any other; Amber writes null as null.
                    return AmberSerializer.Deserialize<T>(payload, _options)!;
                }
                catch (AmberException ex)
                {
                    throw Failure(_readFailure, "Amber could not read the message: ", ex);
                }
            }
        }

        /// <summary>
        /// An RpcException ends the call with its own status (Grpc.AspNetCore.Server sends it as it is,
        /// where any other exception becomes Unknown "Exception was thrown by handler." with no detail).
        /// The detail is the message alone; the exception rides along as the status's debug exception,
        /// which stays in this process.
        /// </summary>
        internal static RpcException Failure(StatusCode code, string summary, AmberException ex) =>
            new RpcException(new Status(code, summary + ex.Message, ex));
    }
}
