using System;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace Amber.Caching
{
    /// <summary>Registers Amber as HybridCache's serializer: <c>services.AddHybridCache().AddAmberSerializer()</c>.</summary>
    public static class AmberHybridCacheBuilderExtensions
    {
        /// <summary>
        /// Serializes every cached type that has an Amber codec with Amber, and leaves the others (and
        /// <see cref="string"/> and <see cref="T:byte[]"/>) to the serializers registered before, by
        /// default System.Text.Json. A serializer registered for one type
        /// (<c>AddSerializer&lt;T&gt;</c>) still wins over this factory for that type.
        /// </summary>
        /// <param name="builder">The builder <c>AddHybridCache()</c> returned.</param>
        /// <param name="options">The options of every call (<see cref="AmberOptions.Default"/> when null).</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        public static IHybridCacheBuilder AddAmberSerializer(this IHybridCacheBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            return builder.AddSerializerFactory(new AmberHybridCacheSerializerFactory(options));
        }

        /// <summary>
        /// Serializes <typeparamref name="T"/> with Amber, whatever factories are registered, with its own
        /// <paramref name="options"/>. Checks now that Amber has a codec for <typeparamref name="T"/>.
        /// </summary>
        /// <param name="builder">The builder <c>AddHybridCache()</c> returned.</param>
        /// <param name="options">The options of every call for <typeparamref name="T"/> (<see cref="AmberOptions.Default"/> when null).</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        /// <exception cref="AmberException">No codec exists for <typeparamref name="T"/>; name it with <c>[assembly: Amber.AmberSerializable(typeof(T))]</c>.</exception>
        public static IHybridCacheBuilder AddAmberSerializer<[AmberRoot] T>(this IHybridCacheBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            return builder.AddSerializer<T>(new AmberHybridCacheSerializer<T>(options));
        }
    }
}
