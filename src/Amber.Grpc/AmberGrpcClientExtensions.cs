using System;
using Amber.Services;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// Typed clients of code-first service contracts: a plain interface whose methods the Amber generator describes,
    /// called over a gRPC channel with Amber payloads.
    /// </summary>
    public static class AmberGrpcClientExtensions
    {
        /// <summary>
        /// A client of <typeparamref name="TContract"/> whose calls go through <paramref name="channel"/>
        /// (a <c>GrpcChannel</c>, say). The client is cheap and holds no connection of its own; keep the channel.
        /// </summary>
        /// <typeparam name="TContract">The contract interface; each concrete type named here is a service contract for the Amber generator.</typeparam>
        /// <param name="channel">The channel the calls go through.</param>
        /// <param name="options">Limits and settings for the messages, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <exception cref="AmberException">The generator wrote no service for <typeparamref name="TContract"/>; the message names the fix.</exception>
        public static TContract CreateAmberClient<[AmberService] TContract>(this ChannelBase channel, AmberOptions? options = null)
            where TContract : class
        {
            if (channel == null) throw new ArgumentNullException(nameof(channel));
            return CreateAmberClient<TContract>(channel.CreateCallInvoker(), options);
        }

        /// <summary>A client of <typeparamref name="TContract"/> whose calls go through <paramref name="invoker"/>.</summary>
        /// <typeparam name="TContract">The contract interface; each concrete type named here is a service contract for the Amber generator.</typeparam>
        /// <param name="invoker">The call invoker the calls go through (one with interceptors, say).</param>
        /// <param name="options">Limits and settings for the messages, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <exception cref="AmberException">The generator wrote no service for <typeparamref name="TContract"/>; the message names the fix.</exception>
        public static TContract CreateAmberClient<[AmberService] TContract>(this CallInvoker invoker, AmberOptions? options = null)
            where TContract : class
        {
            if (invoker == null) throw new ArgumentNullException(nameof(invoker));
            return AmberServices.CreateClient<TContract>(new AmberGrpcInvoker(invoker, options));
        }
    }
}
