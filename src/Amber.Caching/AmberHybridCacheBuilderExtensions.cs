using System;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace Amber.Caching
{
    /// <summary>Registers Amber as HybridCache's serializer: <c>services.AddHybridCache().AddAmberSerializer()</c>.</summary>
    public static class AmberHybridCacheBuilderExtensions
    {
        /// <summary>
        /// Serializes every cached type that has an Amber formatter with Amber, and leaves the others (and
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
        /// <paramref name="options"/>. Checks now that Amber has a formatter for <typeparamref name="T"/>; <typeparamref name="T"/>
        /// is marked <see cref="AmberRootAttribute"/>, so this call makes the generator write one.
        /// </summary>
        /// <param name="builder">The builder <c>AddHybridCache()</c> returned.</param>
        /// <param name="options">The options of every call for <typeparamref name="T"/> (<see cref="AmberOptions.Default"/> when null).</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/> (this call was made from generic code whose type parameter is not marked <c>[AmberRoot]</c>); the message names the fix.</exception>
        public static IHybridCacheBuilder AddAmberSerializer<[AmberRoot] T>(this IHybridCacheBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            return builder.AddSerializer<T>(new AmberHybridCacheSerializer<T>(options));
        }
    }
}
