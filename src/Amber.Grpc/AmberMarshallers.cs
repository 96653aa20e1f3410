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
            Request = new Codec(options, StatusCode.InvalidArgument).ToMarshaller();
            Response = new Codec(options, StatusCode.Internal).ToMarshaller();
        }

        /// <summary>Reads a request: an unreadable payload is <see cref="StatusCode.InvalidArgument"/>.</summary>
        public Marshaller<T> Request { get; }

        /// <summary>Reads a response (or anything else): an unreadable payload is <see cref="StatusCode.Internal"/>.</summary>
        public Marshaller<T> Response { get; }

        public static AmberMarshallers<T> For(AmberOptions? options) =>
            options == null || ReferenceEquals(options, AmberOptions.Default)
                ? s_default
                : s_byOptions.GetValue(options, o => new AmberMarshallers<T>(o));

        private sealed class Codec
        {
            private readonly AmberOptions _options;
            private readonly StatusCode _readFailure;

            public Codec(AmberOptions options, StatusCode readFailure)
            {
                _options = options;
                _readFailure = readFailure;
            }

            public Marshaller<T> ToMarshaller() => Marshallers.Create<T>(Serialize, Deserialize);

            private void Serialize(T value, SerializationContext context)
            {
                try
                {
                    // Straight into the transport's buffer; gRPC adds the frame header when Complete is called.
                    AmberSerializer.Serialize(context.GetBufferWriter(), value, _options);
                }
                catch (AmberException ex)
                {
                    throw Failure(StatusCode.Internal, "Amber could not write the message: ", ex);
                }
                context.Complete();
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

            /// <summary>
            /// An RpcException ends the call with its own status (Grpc.AspNetCore.Server sends it as it is,
            /// where any other exception becomes Unknown "Exception was thrown by handler." with no detail).
            /// The detail is the message alone; the exception rides along as the status's debug exception,
            /// which stays in this process.
            /// </summary>
            private static RpcException Failure(StatusCode code, string summary, AmberException ex) =>
                new RpcException(new Status(code, summary + ex.Message, ex));
        }
    }
}
