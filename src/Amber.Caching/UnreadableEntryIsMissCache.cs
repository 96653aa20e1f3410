using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Hybrid;

namespace Amber.Caching
{
    /// <summary>
    /// The registered HybridCache with one change (<see cref="AmberHybridCacheOptions.UnreadableEntryIsMiss"/>): an
    /// <see cref="AmberException"/> thrown while an entry is read removes that entry and asks again, so the factory
    /// makes the value. Every other member passes straight through.
    /// </summary>
    internal sealed class UnreadableEntryIsMissCache : HybridCache, IDisposable
    {
        /// <summary>Calls of the inner cache per GetOrCreateAsync: the first, and two after a removal (a writer may put back an unreadable entry in between).</summary>
        private const int Attempts = 3;

        private readonly HybridCache _inner;
        private readonly bool _ownsInner;

        public UnreadableEntryIsMissCache(HybridCache inner, bool ownsInner)
        {
            _inner = inner ?? throw new ArgumentNullException(nameof(inner));
            _ownsInner = ownsInner;
        }

        public override async ValueTask<T> GetOrCreateAsync<TState, T>(string key, TState state, Func<TState, CancellationToken, ValueTask<T>> factory,
            HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null, CancellationToken cancellationToken = default)
        {
            if (factory == null) throw new ArgumentNullException(nameof(factory));
            var call = new FactoryCall<TState, T>(state, factory);
            for (int attempt = 1; ; attempt++)
            {
                try
                {
                    return await _inner.GetOrCreateAsync(key, call, FactoryCall<TState, T>.Invoke, options, tags, cancellationToken).ConfigureAwait(false);
                }
                catch (FactoryFailure failure)
                {
                    // The factory's own AmberException (it may read Amber itself): not an unreadable entry.
                    ExceptionDispatchInfo.Capture(failure.InnerException!).Throw();
                    throw;
                }
                catch (AmberException) when (attempt < Attempts)
                {
                    await _inner.RemoveAsync(key, cancellationToken).ConfigureAwait(false);
                }
            }
        }

        public override ValueTask SetAsync<T>(string key, T value, HybridCacheEntryOptions? options = null, IEnumerable<string>? tags = null, CancellationToken cancellationToken = default) =>
            _inner.SetAsync(key, value, options, tags, cancellationToken);

        public override ValueTask RemoveAsync(string key, CancellationToken cancellationToken = default) => _inner.RemoveAsync(key, cancellationToken);

        public override ValueTask RemoveAsync(IEnumerable<string> keys, CancellationToken cancellationToken = default) => _inner.RemoveAsync(keys, cancellationToken);

        public override ValueTask RemoveByTagAsync(string tag, CancellationToken cancellationToken = default) => _inner.RemoveByTagAsync(tag, cancellationToken);

        public override ValueTask RemoveByTagAsync(IEnumerable<string> tags, CancellationToken cancellationToken = default) => _inner.RemoveByTagAsync(tags, cancellationToken);

        public void Dispose()
        {
            if (_ownsInner && _inner is IDisposable disposable) disposable.Dispose();
        }

        /// <summary>The caller's state and factory; an <see cref="AmberException"/> the factory throws is carried out in a <see cref="FactoryFailure"/>.</summary>
        private sealed class FactoryCall<TState, T>
        {
            public static readonly Func<FactoryCall<TState, T>, CancellationToken, ValueTask<T>> Invoke = (call, ct) => call.InvokeAsync(ct);

            private readonly TState _state;
            private readonly Func<TState, CancellationToken, ValueTask<T>> _factory;

            public FactoryCall(TState state, Func<TState, CancellationToken, ValueTask<T>> factory)
            {
                _state = state;
                _factory = factory;
            }

            private async ValueTask<T> InvokeAsync(CancellationToken cancellationToken)
            {
                try
                {
                    return await _factory(_state, cancellationToken).ConfigureAwait(false);
                }
                catch (AmberException ex)
                {
                    throw new FactoryFailure(ex);
                }
            }
        }

        /// <summary>An <see cref="AmberException"/> of the caller's factory, on its way through HybridCache.</summary>
        private sealed class FactoryFailure : Exception
        {
            public FactoryFailure(AmberException inner) : base(inner.Message, inner) { }
        }
    }
}
