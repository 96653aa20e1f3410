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
            ServerStreamingCore<TRequest, TResponse>(AmberStreamedMethods<TRequest, TResponse>.For(method, _options), request, context.GetCallOptions());

        public async Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
            where TRequest : class
            where TResponse : class
        {
            if (requests == null) throw new ArgumentNullException(nameof(requests));
            Method<TRequest, TResponse> grpcMethod = AmberGrpcMethods<TRequest, TResponse>.For(method, _options);
            CallOptions options = context.GetCallOptions();
            using var pump = new RequestPump<TRequest>(requests, options.CancellationToken);
            using AsyncClientStreamingCall<TRequest, TResponse> call = _invoker.AsyncClientStreamingCall(grpcMethod, null, options.WithCancellationToken(pump.CallCancellation));
            Task pumping = pump.RunAsync(call.RequestStream);
            Task first = await Task.WhenAny(pumping, call.ResponseAsync).ConfigureAwait(false);
            if (first == pumping && pump.SourceError != null)
            {
                // The call was cancelled for the source's exception, which is the one thrown; its own failure is observed here.
                _ = call.ResponseAsync.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);
                pump.ThrowIfSourceFailed();
            }
            try
            {
                return await call.ResponseAsync.ConfigureAwait(false);
            }
            catch (Exception) when (pump.SourceError != null)
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
            return DuplexStreamingCore<TRequest, TResponse>(AmberStreamedMethods<TRequest, TResponse>.For(method, _options), requests, context.GetCallOptions());
        }

        // A streamed response's shapes are defined once per call when the server takes the request header that asks for it.
        private async IAsyncEnumerable<TResponse> ServerStreamingCore<TRequest, TResponse>(Method<TRequest, ReceivedMessage> method, TRequest request, CallOptions options,
            [EnumeratorCancellation] CancellationToken cancellationToken = default)
            where TRequest : class
            where TResponse : class
        {
            using AsyncServerStreamingCall<ReceivedMessage> call = _invoker.AsyncServerStreamingCall(method, null, AmberStreamedMethods<TRequest, TResponse>.AskingForShapes(options), request);
            IAsyncStreamReader<ReceivedMessage> responses = call.ResponseStream;
            using var received = new AmberStreamedResponses<TResponse>(_options);
            while (await responses.MoveNext(cancellationToken).ConfigureAwait(false))
            {
                yield return received.Read(responses.Current);
            }
        }

        private async IAsyncEnumerable<TResponse> DuplexStreamingCore<TRequest, TResponse>(Method<TRequest, ReceivedMessage> method, IAsyncEnumerable<TRequest> requests, CallOptions options,
            [EnumeratorCancellation] CancellationToken cancellationToken = default)
            where TRequest : class
            where TResponse : class
        {
            using var pump = new RequestPump<TRequest>(requests, options.CancellationToken);
            using AsyncDuplexStreamingCall<TRequest, ReceivedMessage> call = _invoker.AsyncDuplexStreamingCall(method, null,
                AmberStreamedMethods<TRequest, TResponse>.AskingForShapes(options.WithCancellationToken(pump.CallCancellation)));
            _ = pump.RunAsync(call.RequestStream);
            IAsyncStreamReader<ReceivedMessage> responses = call.ResponseStream;
            using var received = new AmberStreamedResponses<TResponse>(_options);
            while (true)
            {
                bool next;
                try
                {
                    next = await responses.MoveNext(cancellationToken).ConfigureAwait(false);
                }
                catch (Exception) when (pump.SourceError != null)
                {
                    pump.ThrowIfSourceFailed();
                    throw;
                }
                if (!next) break;
                yield return received.Read(responses.Current);
            }
        }

        /// <summary>
        /// Writes a request stream to a call: every item, then the end of the stream. When the source throws, the call
        /// is cancelled (through <see cref="CallCancellation"/>, the token the call is made with) and the exception kept
        /// as the call's cause. A write that fails because the call ended is left to the response side, which reports
        /// the call's status. Disposing it stops reading the source and cancels the call if it still runs.
        /// </summary>
        private sealed class RequestPump<TRequest> : IDisposable
            where TRequest : class
        {
            private readonly IAsyncEnumerable<TRequest> _source;
            private readonly CancellationTokenSource _cancel;
            private volatile ExceptionDispatchInfo? _sourceError;

            public RequestPump(IAsyncEnumerable<TRequest> source, CancellationToken callerToken)
            {
                _source = source;
                _cancel = callerToken.CanBeCanceled ? CancellationTokenSource.CreateLinkedTokenSource(callerToken) : new CancellationTokenSource();
                CallCancellation = _cancel.Token;
            }

            /// <summary>The call's token: the caller's, or the source's failure, or the end of the call.</summary>
            public CancellationToken CallCancellation { get; }

            public Exception? SourceError => _sourceError?.SourceException;

            public void ThrowIfSourceFailed() => _sourceError?.Throw();

            public async Task RunAsync(IClientStreamWriter<TRequest> writer)
            {
                // Off the caller's thread: a source that blocks before its first await does not hold the call up.
                await Task.Yield();
                IAsyncEnumerator<TRequest> items;
                try
                {
                    items = _source.GetAsyncEnumerator(CallCancellation);
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
                            if (!CallCancellation.IsCancellationRequested) Fail(ex);
                            return;
                        }
                        if (!next) break;
                        await writer.WriteAsync(items.Current).ConfigureAwait(false);
                    }
                    await writer.CompleteAsync().ConfigureAwait(false);
                }
                catch (Exception) when (_sourceError == null)
                {
                    // The call ended (its status is read from the response side) or was cancelled.
                }
                finally
                {
                    try
                    {
                        await items.DisposeAsync().ConfigureAwait(false);
                    }
                    catch (Exception ex) when (_sourceError == null && !CallCancellation.IsCancellationRequested)
                    {
                        Fail(ex);
                    }
                }
            }

            private void Fail(Exception ex)
            {
                _sourceError = ExceptionDispatchInfo.Capture(ex);
                Cancel();
            }

            private void Cancel()
            {
                try
                {
                    _cancel.Cancel();
                }
                catch (ObjectDisposedException)
                {
                }
            }

            /// <summary>Stops reading the source and cancels the call if it still runs (its caller is done with it).</summary>
            public void Dispose()
            {
                Cancel();
                _cancel.Dispose();
            }
        }
    }
}
