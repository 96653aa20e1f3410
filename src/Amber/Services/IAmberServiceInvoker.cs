using System.Collections.Generic;
using System.Threading.Tasks;

namespace Amber.Services
{
    /// <summary>
    /// A transport's client side: what a generated client calls for each contract method. Amber.Grpc implements it over
    /// a gRPC <c>CallInvoker</c>.
    /// </summary>
    public interface IAmberServiceInvoker
    {
        /// <summary>Sends one request and returns its response.</summary>
        Task<TResponse> UnaryAsync<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
            where TRequest : class
            where TResponse : class;

        /// <summary>Sends one request and returns the stream of responses.</summary>
        IAsyncEnumerable<TResponse> ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
            where TRequest : class
            where TResponse : class;

        /// <summary>Sends a stream of requests and returns the one response.</summary>
        Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
            where TRequest : class
            where TResponse : class;

        /// <summary>Sends a stream of requests while returning the stream of responses.</summary>
        IAsyncEnumerable<TResponse> DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
            where TRequest : class
            where TResponse : class;
    }
}
