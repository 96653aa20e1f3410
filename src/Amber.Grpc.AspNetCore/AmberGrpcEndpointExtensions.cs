using System;
using System.Diagnostics.CodeAnalysis;
using Amber;
using Amber.Grpc.AspNetCore;
using Amber.Services;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace Microsoft.AspNetCore.Builder
{
    /// <summary>Maps Amber's code-first gRPC services.</summary>
    public static class AmberGrpcEndpointExtensions
    {
        /// <summary>
        /// Serves <typeparamref name="TService"/> over gRPC: each method of each service contract interface it implements
        /// is a gRPC method at <c>/ServiceName/Method</c>, its messages Amber payloads. A service instance is made per call,
        /// as for <c>MapGrpcService</c> (register it in the services to control its lifetime).
        /// </summary>
        /// <typeparam name="TService">The implementation; each concrete type named here has its contract interfaces served by the Amber generator.</typeparam>
        /// <param name="endpoints">The application's endpoints.</param>
        /// <returns>The endpoints' convention builder (for <c>RequireAuthorization</c>, <c>RequireHost</c>…).</returns>
        /// <exception cref="AmberException"><c>AddAmberGrpc</c> was not called, or <typeparamref name="TService"/> implements no generated contract; the message names the fix.</exception>
        public static GrpcServiceEndpointConventionBuilder MapAmberGrpcService<[AmberService][DynamicallyAccessedMembers(AmberGrpcServerOptions.ServiceAccessibility)] TService>(this IEndpointRouteBuilder endpoints)
            where TService : class
        {
            if (endpoints == null) throw new ArgumentNullException(nameof(endpoints));
            if (endpoints.ServiceProvider.GetService(typeof(AmberGrpcServerOptions)) == null)
            {
                throw new AmberException($"MapAmberGrpcService<{typeof(TService).Name}>() needs Amber's gRPC binding, which is not registered", -1,
                    "Call builder.Services.AddAmberGrpc() before building the application (it adds gRPC too; AddGrpc alone does not serve Amber's contracts).");
            }
            if (AmberServices.ImplementedBy(typeof(TService)).Count == 0)
            {
                throw new AmberException($"'{typeof(TService).FullName}' implements no service contract the Amber generator wrote, so MapAmberGrpcService has nothing to serve", -1,
                    $"Declare the service's methods on an interface (Task<T>, Task, ValueTask<T>, IAsyncEnumerable<T> results) and implement it in {typeof(TService).Name}; the generator writes the contract of each interface a MapAmberGrpcService<T>() call's class implements, or one marked [AmberService]. Check the build's AMB014 and AMB015 diagnostics for methods it could not serve.");
            }
            return endpoints.MapGrpcService<TService>();
        }
    }
}
