using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Amber.Streaming;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;
using Microsoft.AspNetCore.Http;

namespace Amber.Grpc.AspNetCore
{
    /// <summary>
    /// gRPC's method discovery for a mapped service type: every generated service contract the type implements binds
    /// its methods here (the binding was written by the Amber generator, so nothing is found by reflection).
    /// </summary>
    internal sealed class AmberServiceMethodProvider<[DynamicallyAccessedMembers(AmberGrpcServerOptions.ServiceAccessibility)] TService> : IServiceMethodProvider<TService>
        where TService : class
    {
        private readonly AmberOptions _options;

        public AmberServiceMethodProvider(AmberGrpcServerOptions options) => _options = options.Options;

        public void OnServiceMethodDiscovery(ServiceMethodProviderContext<TService> context)
        {
            foreach (AmberService service in AmberServices.ImplementedBy(typeof(TService)))
            {
                service.Bind(new Binder(context, _options));
            }
        }

        /// <summary>Adds each method the generated binding gives to gRPC's discovery context, with its handler adapted to gRPC's.</summary>
        private sealed class Binder : IAmberServiceBinder
        {
            private readonly ServiceMethodProviderContext<TService> _context;
            private readonly AmberOptions _options;

            // The connection writers of streamed responses: each holds its shape tables, so they are kept from call to call.
            private readonly AmberInstancePool<AmberMessageWriter> _writers = new AmberInstancePool<AmberMessageWriter>(Environment.ProcessorCount * 2);

            public Binder(ServiceMethodProviderContext<TService> context, AmberOptions options)
            {
                _context = context;
                _options = options;
            }

            public void Unary<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, Task<TResponse>> handler)
                where TRequest : class
                where TResponse : class =>
                _context.AddUnaryMethod(AmberGrpc.Method<TRequest, TResponse>(method, _options), new List<object>(),
                    async (service, request, call) =>
                    {
                        try
                        {
                            return await handler(service, request, Context(call)).ConfigureAwait(false);
                        }
                        catch (OperationCanceledException ex)
                        {
                            throw Cancelled(call, ex);
                        }
                    });

            public void ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
                where TRequest : class
                where TResponse : class =>
                _context.AddServerStreamingMethod(AmberStreamedResponse<TResponse>.Method(AmberGrpc.Method<TRequest, TResponse>(method, _options), _options), new List<object>(),
                    async (service, request, responses, call) =>
                    {
                        try
                        {
                            await WriteAllAsync(handler(service, request, Context(call)), responses, call).ConfigureAwait(false);
                        }
                        catch (OperationCanceledException ex)
                        {
                            throw Cancelled(call, ex);
                        }
                    });

            public void ClientStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, Task<TResponse>> handler)
                where TRequest : class
                where TResponse : class =>
                _context.AddClientStreamingMethod(AmberGrpc.Method<TRequest, TResponse>(method, _options), new List<object>(),
                    async (service, requests, call) =>
                    {
                        try
                        {
                            return await handler(service, ReadAllAsync(requests), Context(call)).ConfigureAwait(false);
                        }
                        catch (OperationCanceledException ex)
                        {
                            throw Cancelled(call, ex);
                        }
                    });

            public void DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
                where TRequest : class
                where TResponse : class =>
                _context.AddDuplexStreamingMethod(AmberStreamedResponse<TResponse>.Method(AmberGrpc.Method<TRequest, TResponse>(method, _options), _options), new List<object>(),
                    async (service, requests, responses, call) =>
                    {
                        try
                        {
                            await WriteAllAsync(handler(service, ReadAllAsync(requests), Context(call)), responses, call).ConfigureAwait(false);
                        }
                        catch (OperationCanceledException ex)
                        {
                            throw Cancelled(call, ex);
                        }
                    });

            private static AmberCallContext Context(ServerCallContext call) => new AmberCallContext(call, call.CancellationToken);

            /// <summary>
            /// Writes the handler's items as the call's responses: as connection messages, each shape defined once for the
            /// call, when the client asked for it with <see cref="AmberGrpcStreamShapes.Header"/>; else each as a payload.
            /// </summary>
            private async Task WriteAllAsync<TResponse>(IAsyncEnumerable<TResponse> items, IServerStreamWriter<AmberStreamedResponse<TResponse>> responses, ServerCallContext call)
            {
                // Read from the request's headers as they are: ServerCallContext.RequestHeaders would copy them all first.
                bool perCall = call.GetHttpContext().Request.Headers[AmberGrpcStreamShapes.Header] == AmberGrpcStreamShapes.PerCall;
                AmberMessageWriter? writer = perCall ? _writers.Rent() ?? new AmberMessageWriter(_options) : null;
                try
                {
                    // One response object for the call: each write is serialized before it completes, and is awaited.
                    var response = new AmberStreamedResponse<TResponse>(writer);
                    await foreach (TResponse item in items.WithCancellation(call.CancellationToken).ConfigureAwait(false))
                    {
                        response.Value = item;
                        await responses.WriteAsync(response).ConfigureAwait(false);
                    }
                }
                finally
                {
                    if (writer != null)
                    {
                        writer.Reset();
                        _writers.Return(writer);
                    }
                }
            }

            /// <summary>The request stream as the service method reads it: the token of its enumerator stops the reading.</summary>
            private static async IAsyncEnumerable<TRequest> ReadAllAsync<TRequest>(IAsyncStreamReader<TRequest> requests, [EnumeratorCancellation] CancellationToken cancellationToken = default)
            {
                while (await requests.MoveNext(cancellationToken).ConfigureAwait(false))
                {
                    yield return requests.Current;
                }
            }

            /// <summary>
            /// A cancelled handler ends the call as Cancelled, or DeadlineExceeded once the call's deadline has passed
            /// (gRPC would report an unknown error).
            /// </summary>
            private static RpcException Cancelled(ServerCallContext call, OperationCanceledException ex) =>
                call.Deadline <= DateTime.UtcNow
                    ? new RpcException(new Status(StatusCode.DeadlineExceeded, "Deadline Exceeded", ex))
                    : new RpcException(new Status(StatusCode.Cancelled, "The call was cancelled.", ex));
        }
    }
}
