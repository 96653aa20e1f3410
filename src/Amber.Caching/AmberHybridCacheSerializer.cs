using System;
using System.Buffers;
using Microsoft.Extensions.Caching.Hybrid;

namespace Amber.Caching
{
    /// <summary>
    /// Serializes the values of one type for HybridCache with Amber: <see cref="Serialize"/> writes the
    /// payload straight into HybridCache's buffer writer and <see cref="Deserialize"/> reads it from the
    /// sequence HybridCache hands over, so no intermediate array is made either way.
    /// </summary>
    /// <remarks>
    /// Thread-safe: the instance holds only its immutable <see cref="AmberOptions"/>, and every call rents
    /// its own reader or writer state, so HybridCache may call one instance from many threads at once.
    /// A formatter for <typeparamref name="T"/> must exist. <typeparamref name="T"/> is marked
    /// <see cref="AmberRootAttribute"/>, so <c>new AmberHybridCacheSerializer&lt;Order&gt;()</c> or
    /// <c>AddAmberSerializer&lt;Order&gt;()</c> written anywhere makes the generator write Order's formatter. A type
    /// that only reaches the cache through <c>HybridCache.GetOrCreateAsync&lt;T&gt;</c> (served by
    /// <see cref="AmberHybridCacheSerializerFactory"/>) is named by no such code: pass it to Amber elsewhere, or name it
    /// with <c>[assembly: Amber.AmberSerializable(typeof(T))]</c>.
    /// </remarks>
    /// <typeparam name="T">The cached type.</typeparam>
    public sealed class AmberHybridCacheSerializer<[AmberRoot] T> : IHybridCacheSerializer<T>
    {
        private readonly AmberOptions? _options;

        /// <summary>
        /// A serializer for <typeparamref name="T"/>, with <paramref name="options"/> for writing and
        /// reading (<see cref="AmberOptions.Default"/> when null).
        /// </summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        public AmberHybridCacheSerializer(AmberOptions? options = null)
        {
            _options = options;
            // Fail here, at registration, rather than at the first cache write: HybridCache logs a
            // serializer's exception and rethrows it from GetOrCreateAsync, far from the cause.
            AmberSupport.Require<T>();
        }

        /// <summary>The options every call uses.</summary>
        public AmberOptions Options => AmberSupport.Options(_options);

        /// <summary>Reads one Amber payload, all of <paramref name="source"/>.</summary>
        /// <exception cref="AmberException">The bytes are not a valid payload of a type that <typeparamref name="T"/> can read.</exception>
        public T Deserialize(ReadOnlySequence<byte> source) => AmberSerializer.Deserialize<T>(source, _options)!;

        /// <summary>Writes <paramref name="value"/> as one Amber payload into <paramref name="target"/>.</summary>
        public void Serialize(T value, IBufferWriter<byte> target) => AmberSerializer.Serialize(target, value, _options);
    }
}
