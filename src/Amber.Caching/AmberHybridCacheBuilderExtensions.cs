using System;
using System.Linq;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;

namespace Amber.Caching
{
    /// <summary>Registers Amber as HybridCache's serializer: <c>services.AddHybridCache().AddAmberSerializer()</c>.</summary>
    public static class AmberHybridCacheBuilderExtensions
    {
        /// <summary>
        /// Serializes every cached type that has an Amber formatter with Amber, and leaves the others (and
        /// <see cref="string"/> and <c>byte[]</c>) to the serializers registered before, by
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
        /// As <see cref="AddAmberSerializer(IHybridCacheBuilder, AmberOptions)"/> with
        /// <see cref="AmberHybridCacheOptions.SerializerOptions"/>; with <see cref="AmberHybridCacheOptions.UnreadableEntryIsMiss"/>
        /// on, also wraps the registered <c>HybridCache</c> so that an entry Amber cannot read is removed and made again by
        /// the call's factory instead of failing the call.
        /// </summary>
        /// <param name="builder">The builder <c>AddHybridCache()</c> returned.</param>
        /// <param name="options">The serializer options and the handling of unreadable entries.</param>
        /// <returns><paramref name="builder"/>, for chaining.</returns>
        /// <exception cref="InvalidOperationException">
        /// <see cref="AmberHybridCacheOptions.UnreadableEntryIsMiss"/> is on and no <c>HybridCache</c> service is registered
        /// in <c>builder.Services</c> (the builder did not come from <c>AddHybridCache()</c>).
        /// </exception>
        public static IHybridCacheBuilder AddAmberSerializer(this IHybridCacheBuilder builder, AmberHybridCacheOptions options)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            if (options == null) throw new ArgumentNullException(nameof(options));
            builder.AddSerializerFactory(new AmberHybridCacheSerializerFactory(options.SerializerOptions));
            if (options.UnreadableEntryIsMiss) WrapHybridCache(builder.Services);
            return builder;
        }

        /// <summary>
        /// Replaces the last <c>HybridCache</c> registration with a singleton that builds the same cache and wraps it in
        /// <see cref="UnreadableEntryIsMissCache"/> (once, however often this is called).
        /// </summary>
        private static void WrapHybridCache(IServiceCollection services)
        {
            ServiceDescriptor? registered = services.LastOrDefault(d => d.ServiceType == typeof(HybridCache) && !d.IsKeyedService);
            if (registered == null)
            {
                throw new InvalidOperationException(
                    "AmberHybridCacheOptions.UnreadableEntryIsMiss wraps the registered HybridCache, but the service collection has none: " +
                    "call AddAmberSerializer on the builder that services.AddHybridCache() returns.");
            }
            if (registered.ImplementationFactory is Func<IServiceProvider, object> existing && existing.Target is WrappedRegistration) return;
            var wrapped = new WrappedRegistration(registered);
            services.Remove(registered);
            services.Add(ServiceDescriptor.Singleton<HybridCache>(wrapped.Create));
        }

        /// <summary>Builds the cache the replaced registration described, and wraps it.</summary>
        private sealed class WrappedRegistration
        {
            private readonly ServiceDescriptor _inner;

            public WrappedRegistration(ServiceDescriptor inner) => _inner = inner;

            public UnreadableEntryIsMissCache Create(IServiceProvider services)
            {
                if (_inner.ImplementationInstance is HybridCache instance) return new UnreadableEntryIsMissCache(instance, ownsInner: false);
                HybridCache made = _inner.ImplementationFactory != null
                    ? (HybridCache)_inner.ImplementationFactory(services)
                    : (HybridCache)ActivatorUtilities.CreateInstance(services, _inner.ImplementationType!);
                return new UnreadableEntryIsMissCache(made, ownsInner: true);
            }
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
