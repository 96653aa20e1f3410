using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// Carries a generated client's calls over a gRPC <see cref="CallInvoker"/>: each contract method is a gRPC method
    /// at <c>/ServiceName/Name</c> whose messages are Amber payloads.
    /// </summary>
    /// <remarks>
    /// A streamed response is read as it is enumerated (the call starts at the first <c>MoveNextAsync</c>, and ends,
    /// cancelled if still running, when the enumerator is disposed). A streamed request is pumped while the response
    /// is awaited or read: its end completes the request stream; an exception it throws cancels the call and is the
    /// call's exception.
    /// </remarks>
    internal sealed class AmberGrpcInvoker : IAmberServiceInvoker
    {
        private readonly CallInvoker _invoker;
        private readonly AmberOptions _options;

        public AmberGrpcInvoker(CallInvoker invoker, AmberOptions? options)
        {
            _invoker = invoker;
            _options = AmberSupport.Options(options);
        }

        public async Task<TResponse> UnaryAsync<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
            where TRequest : class
            where TResponse : class
        {
            Method<TRequest, TResponse> grpcMethod = AmberGrpcMethods<TRequest, TResponse>.For(method, _options);
            using AsyncUnaryCall<TResponse> call = _invoker.AsyncUnaryCall(grpcMethod, null, context.GetCallOptions(), request);
            return await call.ResponseAsync.ConfigureAwait(false);
        }

        public IAsyncEnumerable<TResponse> ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
            where TRequest : class
            where TResponse : class =>
            ServerStreamingCore(AmberGrpcMethods<TRequest, TResponse>.For(method, _options), request, context.GetCallOptions());

        public async Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
            where TRequest : class
            where TResponse : class
        {
            if (requests == null) throw new ArgumentNullException(nameof(requests));
            Method<TRequest, TResponse> grpcMethod = AmberGrpcMethods<TRequest, TResponse>.For(method, _options);
            using AsyncClientStreamingCall<TRequest, TResponse> call = _invoker.AsyncClientStreamingCall(grpcMethod, null, context.GetCallOptions());
            using var pump = new RequestPump<TRequest>(requests, call.RequestStream, call.Dispose);
            Task pumping = pump.RunAsync();
            Task first = await Task.WhenAny(pumping, call.ResponseAsync).ConfigureAwait(false);
            if (first == pumping) pump.ThrowIfSourceFailed();
            try
            {
                return await call.ResponseAsync.ConfigureAwait(false);
            }
            catch (RpcException) when (pump.SourceError != null)
            {
                // The call was cancelled because the request stream threw: that exception is the cause.
                pump.ThrowIfSourceFailed();
                throw;
            }
        }

        public IAsyncEnumerable<TResponse> DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
            where TRequest : class
            where TResponse : class
        {
            if (requests == null) throw new ArgumentNullException(nameof(requests));
            return DuplexStreamingCore(AmberGrpcMethods<TRequest, TResponse>.For(method, _options), requests, context.GetCallOptions());
        }

        private async IAsyncEnumerable<TResponse> ServerStreamingCore<TRequest, TResponse>(Method<TRequest, TResponse> method, TRequest request, CallOptions options,
            [EnumeratorCancellation] CancellationToken cancellationToken = default)
            where TRequest : class
            where TResponse : class
        {
            using AsyncServerStreamingCall<TResponse> call = _invoker.AsyncServerStreamingCall(method, null, options, request);
            IAsyncStreamReader<TResponse> responses = call.ResponseStream;
            while (await responses.MoveNext(cancellationToken).ConfigureAwait(false))
            {
                yield return responses.Current;
            }
        }

        private async IAsyncEnumerable<TResponse> DuplexStreamingCore<TRequest, TResponse>(Method<TRequest, TResponse> method, IAsyncEnumerable<TRequest> requests, CallOptions options,
            [EnumeratorCancellation] CancellationToken cancellationToken = default)
            where TRequest : class
            where TResponse : class
        {
            using AsyncDuplexStreamingCall<TRequest, TResponse> call = _invoker.AsyncDuplexStreamingCall(method, null, options);
            using var pump = new RequestPump<TRequest>(requests, call.RequestStream, call.Dispose);
            _ = pump.RunAsync();
            IAsyncStreamReader<TResponse> responses = call.ResponseStream;
            while (true)
            {
                bool next;
                try
                {
                    next = await responses.MoveNext(cancellationToken).ConfigureAwait(false);
                }
                catch (RpcException) when (pump.SourceError != null)
                {
                    pump.ThrowIfSourceFailed();
                    throw;
                }
                if (!next) break;
                yield return responses.Current;
            }
        }

        /// <summary>
        /// Writes a request stream to a call: every item, then the end of the stream. When the source throws, the call
        /// is cancelled and the exception kept as the call's cause. A write that fails because the call ended is left to
        /// the response side, which reports the call's status.
        /// </summary>
        private sealed class RequestPump<TRequest> : IDisposable
            where TRequest : class
        {
            private readonly IAsyncEnumerable<TRequest> _source;
            private readonly IClientStreamWriter<TRequest> _writer;
            private readonly Action _cancelCall;
            private readonly CancellationTokenSource _stop = new CancellationTokenSource();
            private volatile ExceptionDispatchInfo? _sourceError;

            public RequestPump(IAsyncEnumerable<TRequest> source, IClientStreamWriter<TRequest> writer, Action cancelCall)
            {
                _source = source;
                _writer = writer;
                _cancelCall = cancelCall;
            }

            public Exception? SourceError => _sourceError?.SourceException;

            public void ThrowIfSourceFailed() => _sourceError?.Throw();

            public async Task RunAsync()
            {
                // Off the caller's thread: a source that blocks before its first await does not hold the call up.
                await Task.Yield();
                IAsyncEnumerator<TRequest> items;
                try
                {
                    items = _source.GetAsyncEnumerator(_stop.Token);
                }
                catch (Exception ex)
                {
                    Fail(ex);
                    return;
                }
                try
                {
                    while (true)
                    {
                        bool next;
                        try
                        {
                            next = await items.MoveNextAsync().ConfigureAwait(false);
                        }
                        catch (Exception ex)
                        {
                            if (!_stop.IsCancellationRequested) Fail(ex);
                            return;
                        }
                        if (!next) break;
                        await _writer.WriteAsync(items.Current).ConfigureAwait(false);
                    }
                    await _writer.CompleteAsync().ConfigureAwait(false);
                }
                catch (Exception) when (_sourceError == null)
                {
                    // The call ended (its status is read from the response side) or was disposed.
                }
                finally
                {
                    try
                    {
                        await items.DisposeAsync().ConfigureAwait(false);
                    }
                    catch (Exception ex) when (_sourceError == null && !_stop.IsCancellationRequested)
                    {
                        Fail(ex);
                    }
                }
            }

            private void Fail(Exception ex)
            {
                _sourceError = ExceptionDispatchInfo.Capture(ex);
                _cancelCall();
            }

            /// <summary>Stops reading the source (the call is over, or its caller stopped reading).</summary>
            public void Dispose()
            {
                try
                {
                    _stop.Cancel();
                }
                catch (ObjectDisposedException)
                {
                }
            }
        }
    }
}
