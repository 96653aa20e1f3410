using System;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Caching.Hybrid;

namespace Amber.Caching
{
    /// <summary>
    /// Gives HybridCache an <see cref="AmberHybridCacheSerializer{T}"/> for every type Amber has a formatter
    /// for, and declines every other type, so that HybridCache falls back to the serializer it would use
    /// without this factory (System.Text.Json by default).
    /// </summary>
    /// <remarks>
    /// <see cref="string"/> and <c>byte[]</c> are always declined: HybridCache stores them as
    /// their raw UTF-8 or bytes, which any other reader of the distributed cache understands, and an
    /// Amber payload would only add a header. Thread-safe: it holds only its immutable options.
    /// </remarks>
    public sealed class AmberHybridCacheSerializerFactory : IHybridCacheSerializerFactory
    {
        private readonly AmberOptions? _options;

        /// <summary>A factory whose serializers use <paramref name="options"/> (<see cref="AmberOptions.Default"/> when null).</summary>
        public AmberHybridCacheSerializerFactory(AmberOptions? options = null) => _options = options;

        /// <summary>The options the serializers this factory makes use.</summary>
        public AmberOptions Options => AmberSupport.Options(_options);

        /// <summary>
        /// Makes a serializer for <typeparamref name="T"/> when Amber has a formatter for it
        /// (<see cref="AmberFormatterRegistry.TryGet{T}"/> is not null) and <typeparamref name="T"/> is
        /// neither <see cref="string"/> nor <c>byte[]</c>; otherwise returns false.
        /// </summary>
        public bool TryCreateSerializer<T>([NotNullWhen(true)] out IHybridCacheSerializer<T>? serializer)
        {
            if (typeof(T) == typeof(string) || typeof(T) == typeof(byte[]) || !AmberSupport.Supports<T>())
            {
                serializer = null;
                return false;
            }
            serializer = new AmberHybridCacheSerializer<T>(_options);
            return true;
        }
    }
}
