using System;
using System.Runtime.CompilerServices;
using Amber.Services;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// The gRPC method descriptor of a generated service method, made once per method and options instance (both are
    /// kept for the program's life in practice; the tables hold them weakly all the same). Shared by the client here and
    /// the server binding of Amber.Grpc.AspNetCore.
    /// </summary>
    internal static class AmberGrpcMethods<TRequest, TResponse>
        where TRequest : class
        where TResponse : class
    {
        private static readonly ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>> s_default =
            new ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>>();

        private static readonly ConditionalWeakTable<AmberOptions, ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>>> s_byOptions =
            new ConditionalWeakTable<AmberOptions, ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>>>();

        /// <summary>The descriptor of <paramref name="method"/>: its path is <c>/ServiceName/Name</c>, its messages Amber payloads.</summary>
        /// <exception cref="AmberException">Amber has no formatter for a message type; the message names the fix.</exception>
        public static Method<TRequest, TResponse> For(AmberServiceMethod method, AmberOptions options)
        {
            if (method.RequestType != typeof(TRequest) || method.ResponseType != typeof(TResponse))
            {
                throw new ArgumentException($"The method {method} travels as {method.RequestType.FullName} and {method.ResponseType.FullName}, not as {typeof(TRequest).FullName} and {typeof(TResponse).FullName}.", nameof(method));
            }
            ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>> table = ReferenceEquals(options, AmberOptions.Default)
                ? s_default
                : s_byOptions.GetValue(options, _ => new ConditionalWeakTable<AmberServiceMethod, Method<TRequest, TResponse>>());
            if (table.TryGetValue(method, out Method<TRequest, TResponse>? found)) return found;
            // Made outside the table's lock, so a missing formatter throws to the caller; a race makes one twice, harmlessly.
            Method<TRequest, TResponse> made = new Method<TRequest, TResponse>(Type(method.Kind), method.ServiceName, method.Name,
                AmberMarshallers<TRequest>.For(options).Request,
                AmberMarshallers<TResponse>.For(options).Response);
            return table.GetValue(method, _ => made);
        }

        private static MethodType Type(AmberCallKind kind) => kind switch
        {
            AmberCallKind.Unary => MethodType.Unary,
            AmberCallKind.ServerStreaming => MethodType.ServerStreaming,
            AmberCallKind.ClientStreaming => MethodType.ClientStreaming,
            AmberCallKind.DuplexStreaming => MethodType.DuplexStreaming,
            _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "Not a call kind."),
        };
    }
}
