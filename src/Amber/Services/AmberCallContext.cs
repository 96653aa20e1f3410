using System.Threading;

namespace Amber.Services
{
    /// <summary>
    /// What a service method may take besides its data: the call's cancellation, and the transport's own call object
    /// (for gRPC, the client's <c>CallOptions</c> or the server's <c>ServerCallContext</c>; the transport package has
    /// helpers to reach them). Declare it as a contract method's last parameter; a <see cref="CancellationToken"/>
    /// converts to it, and <c>default</c> is a call with no options.
    /// </summary>
    public readonly struct AmberCallContext
    {
        /// <summary>A context with a cancellation token only.</summary>
        public AmberCallContext(CancellationToken cancellationToken)
        {
            CancellationToken = cancellationToken;
            Transport = null;
        }

        /// <summary>A context carrying the transport's call object.</summary>
        /// <param name="transport">The transport's call object (options on a client, the server's call context on a server).</param>
        /// <param name="cancellationToken">The call's cancellation.</param>
        public AmberCallContext(object? transport, CancellationToken cancellationToken)
        {
            Transport = transport;
            CancellationToken = cancellationToken;
        }

        /// <summary>The call's cancellation.</summary>
        public CancellationToken CancellationToken { get; }

        /// <summary>The transport's call object, or null.</summary>
        public object? Transport { get; }

        /// <summary>A context with a cancellation token only.</summary>
        public static implicit operator AmberCallContext(CancellationToken cancellationToken) => new AmberCallContext(cancellationToken);
    }
}
