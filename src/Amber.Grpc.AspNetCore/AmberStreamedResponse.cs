using System;
using Amber.Streaming;
using Grpc.Core;

namespace Amber.Grpc.AspNetCore
{
    /// <summary>
    /// A response of a stream on its way out: the value, and the call's <see cref="AmberMessageWriter"/> when the client
    /// asked for shapes once per call (<see cref="AmberGrpcStreamShapes.Header"/>). With the writer, the message is a
    /// connection message (docs/format.md §7.6, unframed: the gRPC message frames it); without it, a payload, as any
    /// client reads.
    /// </summary>
    internal sealed class AmberStreamedResponse<T>
    {
        private readonly AmberMessageWriter? _writer;

        public AmberStreamedResponse(AmberMessageWriter? writer) => _writer = writer;

        public T Value { get; set; } = default!;

        /// <summary>The method served with this response type: the path, type and request marshaller of <paramref name="method"/>.</summary>
        public static Method<TRequest, AmberStreamedResponse<T>> Method<TRequest>(Method<TRequest, T> method, AmberOptions options)
            where TRequest : class
        {
            Marshaller<AmberStreamedResponse<T>> marshaller = Marshallers.Create<AmberStreamedResponse<T>>(
                (response, context) => response.Write(context, options),
                _ => throw new InvalidOperationException("A streamed response is not read by the server."));
            return new Method<TRequest, AmberStreamedResponse<T>>(method.Type, method.ServiceName, method.Name, method.RequestMarshaller, marshaller);
        }

        private void Write(SerializationContext context, AmberOptions options)
        {
            try
            {
                // The length first, so that gRPC takes the bytes into its send buffer as they are (AmberGrpcPayloads).
                AmberGrpcPayloads.Write(context, (this, options), static (buffer, state) =>
                {
                    if (state.Item1._writer != null) state.Item1._writer.WriteUnframed(buffer, state.Item1.Value);
                    else AmberSerializer.Serialize(buffer, state.Item1.Value, state.options);
                });
            }
            catch (AmberException ex)
            {
                // As the payload marshallers report it: the status detail is Amber's message.
                throw new RpcException(new Status(StatusCode.Internal, "Amber could not write the message: " + ex.Message, ex));
            }
        }
    }
}
