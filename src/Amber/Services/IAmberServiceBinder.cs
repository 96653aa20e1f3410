using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Amber.Services
{
    /// <summary>
    /// A transport's server side: what a generated service binding calls once per contract method, with a handler
    /// that calls the method on the service instance (the first argument) the transport created for the call.
    /// </summary>
    public interface IAmberServiceBinder
    {
        /// <summary>Serves a unary method.</summary>
        void Unary<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, Task<TResponse>> handler)
            where TRequest : class
            where TResponse : class;

        /// <summary>Serves a server-streaming method.</summary>
        void ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
            where TRequest : class
            where TResponse : class;

        /// <summary>Serves a client-streaming method.</summary>
        void ClientStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, Task<TResponse>> handler)
            where TRequest : class
            where TResponse : class;

        /// <summary>Serves a duplex-streaming method.</summary>
        void DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
            where TRequest : class
            where TResponse : class;
    }
}
