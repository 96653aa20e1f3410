using System;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Amber.SignalR
{
    /// <summary>Adds the <c>amber</c> hub protocol (<see cref="AmberHubProtocol"/>) to a SignalR server or client.</summary>
    public static class AmberSignalRExtensions
    {
        /// <summary>
        /// Lets the server's hubs speak the <c>amber</c> protocol, next to the protocols already added (JSON stays
        /// available to clients that ask for it).
        /// </summary>
        /// <param name="builder">The builder <c>AddSignalR()</c> returned.</param>
        /// <param name="options">The options values are written and read with; null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The builder.</returns>
        public static ISignalRServerBuilder AddAmberProtocol(this ISignalRServerBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            Add(builder.Services, options);
            return builder;
        }

        /// <summary>
        /// Makes the client connect with the <c>amber</c> protocol (it replaces the JSON protocol the builder adds by
        /// default: a client speaks one protocol).
        /// </summary>
        /// <param name="builder">The <see cref="HubConnectionBuilder"/>.</param>
        /// <param name="options">The options values are written and read with; null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The builder.</returns>
        public static IHubConnectionBuilder AddAmberProtocol(this IHubConnectionBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            builder.Services.RemoveAll<IHubProtocol>();
            Add(builder.Services, options);
            return builder;
        }

        private static void Add(IServiceCollection services, AmberOptions? options) =>
            services.TryAddEnumerable(ServiceDescriptor.Singleton<IHubProtocol, AmberHubProtocol>(_ => new AmberHubProtocol(options)));
    }
}
