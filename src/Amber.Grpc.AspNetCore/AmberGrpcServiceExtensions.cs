using System;
using System.Diagnostics.CodeAnalysis;
using Amber.Grpc.AspNetCore;
using Amber.Services;
using Grpc.AspNetCore.Server;
using Grpc.AspNetCore.Server.Model;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Microsoft.Extensions.DependencyInjection
{
    /// <summary>Registers Amber's code-first gRPC services.</summary>
    public static class AmberGrpcServiceExtensions
    {
        /// <summary>
        /// Adds gRPC (<c>AddGrpc</c>) and the binding of every service contract the Amber generator wrote: a service
        /// mapped with <c>MapAmberGrpcService&lt;TService&gt;()</c> serves each contract interface it implements, its
        /// messages read and written by Amber with <paramref name="options"/>. Calling it again keeps the first options.
        /// </summary>
        /// <param name="services">The application's services.</param>
        /// <param name="options">Limits and settings for every request and response, or null for <see cref="Amber.AmberOptions.Default"/>.</param>
        /// <returns>gRPC's builder, for <c>AddServiceOptions</c> and interceptors.</returns>
        public static IGrpcServerBuilder AddAmberGrpc(this IServiceCollection services, Amber.AmberOptions? options = null)
        {
            if (services == null) throw new ArgumentNullException(nameof(services));
            IGrpcServerBuilder builder = services.AddGrpc();
            services.TryAddSingleton(new AmberGrpcServerOptions(options));
            services.TryAddEnumerable(ServiceDescriptor.Singleton(typeof(IServiceMethodProvider<>), typeof(AmberServiceMethodProvider<>)));
            return builder;
        }
    }
}
