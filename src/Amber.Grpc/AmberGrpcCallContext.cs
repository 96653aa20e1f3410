using System;
using System.Diagnostics.CodeAnalysis;
using System.Threading;
using Amber.Services;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// The gRPC side of <see cref="AmberCallContext"/>: a client passes <see cref="CallOptions"/> (headers, deadline,
    /// cancellation) through it, and a service reads the <see cref="ServerCallContext"/> of the call it serves.
    /// </summary>
    public static class AmberGrpcCallContext
    {
        /// <summary>A context whose call is made with <paramref name="options"/> (its headers, deadline and cancellation).</summary>
        /// <param name="options">The gRPC call options.</param>
        public static AmberCallContext ToAmberCallContext(this CallOptions options) => new AmberCallContext(options, options.CancellationToken);

        /// <summary>A context for a client call with request headers, a deadline and a cancellation.</summary>
        /// <param name="headers">The request headers, or null.</param>
        /// <param name="deadline">When the call fails with <see cref="StatusCode.DeadlineExceeded"/> (a UTC time), or null for none.</param>
        /// <param name="cancellationToken">The call's cancellation.</param>
        public static AmberCallContext Create(global::Grpc.Core.Metadata? headers = null, DateTime? deadline = null, CancellationToken cancellationToken = default) =>
            new CallOptions(headers, deadline, cancellationToken).ToAmberCallContext();

        /// <summary>
        /// The options a client call is made with: the ones the context carries, else options with its cancellation alone.
        /// A context from a service's own call (a <see cref="ServerCallContext"/>) gives that call's deadline and
        /// cancellation, so a service calling another passes both on.
        /// </summary>
        /// <param name="context">The context passed to a client's method.</param>
        public static CallOptions GetCallOptions(this AmberCallContext context)
        {
            switch (context.Transport)
            {
                case CallOptions options:
                    return options.CancellationToken.CanBeCanceled || !context.CancellationToken.CanBeCanceled
                        ? options
                        : options.WithCancellationToken(context.CancellationToken);
                case ServerCallContext server:
                    return new CallOptions(
                        deadline: server.Deadline == DateTime.MaxValue ? (DateTime?)null : server.Deadline,
                        cancellationToken: context.CancellationToken.CanBeCanceled ? context.CancellationToken : server.CancellationToken);
                default:
                    return new CallOptions(cancellationToken: context.CancellationToken);
            }
        }

        /// <summary>The server's context of the call being served (its request headers, deadline, peer, response trailers…).</summary>
        /// <param name="context">The context a service method received.</param>
        /// <exception cref="InvalidOperationException">The context is not one of a call served by gRPC (a client's context, or <c>default</c>).</exception>
        public static ServerCallContext GetServerCallContext(this AmberCallContext context) =>
            context.Transport as ServerCallContext
            ?? throw new InvalidOperationException("This AmberCallContext is not a served gRPC call's: only a service method called by Amber.Grpc.AspNetCore receives its ServerCallContext. A context made by the caller (or default) has none; call TryGetServerCallContext where both can happen.");

        /// <summary>The server's context of the call being served, when the context is one.</summary>
        /// <param name="context">The context a service method received.</param>
        /// <param name="serverCallContext">The server's call context, or null.</param>
        public static bool TryGetServerCallContext(this AmberCallContext context, [NotNullWhen(true)] out ServerCallContext? serverCallContext)
        {
            serverCallContext = context.Transport as ServerCallContext;
            return serverCallContext != null;
        }
    }
}
