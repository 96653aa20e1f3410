using System;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Storage;

namespace Amber.Orleans
{
    /// <summary>Makes Orleans' storage providers store grain state as Amber payloads.</summary>
    public static class AmberGrainStorageExtensions
    {
        /// <summary>
        /// Makes <see cref="AmberGrainStorageSerializer"/> the grain-storage serializer of every storage provider whose
        /// options set none of their own. Orleans' JSON default is replaced whether this is called before or after the
        /// storage providers are added, inside <c>UseOrleans</c> or on the host's services before it (Orleans adds its
        /// default only when none is registered, and resolves a provider's serializer when its options are first read).
        /// Another default registered after this call (Orleans' System.Text.Json one, say) replaces Amber's in turn.
        /// </summary>
        /// <param name="services">The silo's services (<c>siloBuilder.Services</c>).</param>
        /// <param name="options">The Amber options, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same services.</returns>
        public static IServiceCollection AddAmberGrainStorageSerializer(this IServiceCollection services, AmberOptions? options = null)
        {
            if (services == null) throw new ArgumentNullException(nameof(services));
            services.AddSingleton<IGrainStorageSerializer>(new AmberGrainStorageSerializer(options));
            return services;
        }

        /// <summary>
        /// Makes <see cref="AmberGrainStorageSerializer"/> the grain-storage serializer of the storage provider named
        /// <paramref name="providerName"/> only (Orleans looks a provider's serializer up by its name first).
        /// </summary>
        /// <param name="services">The silo's services (<c>siloBuilder.Services</c>).</param>
        /// <param name="providerName">The storage provider's name, as given to <c>AddMemoryGrainStorage(name)</c> and the like.</param>
        /// <param name="options">The Amber options, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same services.</returns>
        public static IServiceCollection AddAmberGrainStorageSerializer(this IServiceCollection services, string providerName, AmberOptions? options = null)
        {
            if (services == null) throw new ArgumentNullException(nameof(services));
            if (providerName == null) throw new ArgumentNullException(nameof(providerName));
            services.AddKeyedSingleton<IGrainStorageSerializer>(providerName, new AmberGrainStorageSerializer(options));
            return services;
        }
    }
}
