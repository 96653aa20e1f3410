using System;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// gRPC marshallers and method descriptors that carry messages as Amber payloads, for code-first
    /// services and clients: plain C# message types, no .proto files.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The marshallers are contextual: a message is written into a buffer kept per thread and handed to
    /// the transport with its length first (<see cref="SerializationContext.SetPayloadLength"/>), so gRPC
    /// takes it into its send buffer as it is, with no array made per message; it is read from the
    /// received payload as a <see cref="System.Buffers.ReadOnlySequence{T}"/>, so a message that
    /// arrives in several buffer segments is read where it lies.
    /// </para>
    /// <para>
    /// The message type parameters are marked <see cref="AmberRootAttribute"/>: <c>AmberGrpc.Method&lt;MyRequest, MyReply&gt;(…)</c>
    /// written anywhere makes the Amber generator write the formatters of both types, with no
    /// <c>[assembly: AmberSerializable]</c>. A type Amber has no formatter for (one passed in from generic code whose
    /// own type parameter is not marked) fails when the method or marshaller is made, with an
    /// <see cref="AmberException"/> that names the fix.
    /// </para>
    /// <para>
    /// A payload Amber cannot read (malformed, truncated, or over a limit of <see cref="AmberOptions"/>)
    /// ends the call with an <see cref="RpcException"/> whose status detail is the
    /// <see cref="AmberException"/> message (what, at which byte offset, in which member, and the fix),
    /// with no stack trace. A request read by a method from <see cref="Method{TRequest, TResponse}(MethodType, string, string, AmberOptions)"/>
    /// fails with <see cref="StatusCode.InvalidArgument"/>: the caller sent it. A response, or any
    /// message read by a marshaller from <see cref="Marshaller{T}"/>, fails with
    /// <see cref="StatusCode.Internal"/>, as does a message Amber cannot write.
    /// </para>
    /// </remarks>
    public static class AmberGrpc
    {
        /// <summary>
        /// The Amber marshaller for <typeparamref name="T"/> with <paramref name="options"/>; one instance
        /// is kept per type and options instance, so calling this again is cheap. Reading failures have
        /// status <see cref="StatusCode.Internal"/>. The marshaller is contextual only: its byte-array
        /// <see cref="Marshaller{T}.Serializer"/> and <see cref="Marshaller{T}.Deserializer"/> throw
        /// <see cref="NotImplementedException"/>, as gRPC's own contextual marshallers do.
        /// </summary>
        /// <typeparam name="T">The message type; each concrete type named here is a root for the Amber generator.</typeparam>
        /// <param name="options">Limits and settings for writing and reading, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        public static Marshaller<T> Marshaller<[AmberRoot] T>(AmberOptions? options = null) =>
            AmberMarshallers<T>.For(options).Response;

        /// <summary>
        /// A gRPC method descriptor whose request and response are Amber payloads, for a server's
        /// service binder and a client's <see cref="CallInvoker"/> alike. Its request marshaller reports
        /// an unreadable request as <see cref="StatusCode.InvalidArgument"/>; its response marshaller an
        /// unreadable response as <see cref="StatusCode.Internal"/>.
        /// </summary>
        /// <typeparam name="TRequest">The request type; each concrete type named here is a root for the Amber generator.</typeparam>
        /// <typeparam name="TResponse">The response type; each concrete type named here is a root for the Amber generator.</typeparam>
        /// <param name="type">Unary, client streaming, server streaming or duplex streaming.</param>
        /// <param name="serviceName">The fully qualified service name, such as <c>shop.Orders</c>; the method's path is <c>/serviceName/methodName</c>.</param>
        /// <param name="methodName">The method name, such as <c>Place</c>.</param>
        /// <param name="options">Limits and settings for both messages, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="TRequest"/> or <typeparamref name="TResponse"/>; the message names the fix.</exception>
        public static Method<TRequest, TResponse> Method<[AmberRoot] TRequest, [AmberRoot] TResponse>(MethodType type, string serviceName, string methodName, AmberOptions? options = null)
            where TRequest : class
            where TResponse : class
        {
            if (string.IsNullOrEmpty(serviceName)) throw new ArgumentException("A service name is required.", nameof(serviceName));
            if (string.IsNullOrEmpty(methodName)) throw new ArgumentException("A method name is required.", nameof(methodName));
            return new Method<TRequest, TResponse>(type, serviceName, methodName,
                AmberMarshallers<TRequest>.For(options).Request,
                AmberMarshallers<TResponse>.For(options).Response);
        }

        /// <summary>
        /// The gRPC method descriptor of a method of a generated service contract (one of <see cref="Amber.Services.AmberService.Methods"/>):
        /// its path is <c>/ServiceName/Name</c>, its type follows <see cref="Amber.Services.AmberServiceMethod.Kind"/>, and its
        /// request and response are Amber payloads, as for <see cref="Method{TRequest, TResponse}(MethodType, string, string, AmberOptions)"/>.
        /// One instance is kept per method and options instance. Amber.Grpc's clients and Amber.Grpc.AspNetCore's binding use it;
        /// call it to serve or call a contract through gRPC APIs of your own.
        /// </summary>
        /// <typeparam name="TRequest">The method's <see cref="Amber.Services.AmberServiceMethod.RequestType"/>.</typeparam>
        /// <typeparam name="TResponse">The method's <see cref="Amber.Services.AmberServiceMethod.ResponseType"/>.</typeparam>
        /// <param name="method">The generated method.</param>
        /// <param name="options">Limits and settings for both messages, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <exception cref="ArgumentException">The type arguments are not the method's message types.</exception>
        /// <exception cref="AmberException">Amber has no formatter for a message type; the message names the fix.</exception>
        public static Method<TRequest, TResponse> Method<TRequest, TResponse>(Amber.Services.AmberServiceMethod method, AmberOptions? options = null)
            where TRequest : class
            where TResponse : class
        {
            if (method == null) throw new ArgumentNullException(nameof(method));
            return AmberGrpcMethods<TRequest, TResponse>.For(method, AmberSupport.Options(options));
        }
    }
}
