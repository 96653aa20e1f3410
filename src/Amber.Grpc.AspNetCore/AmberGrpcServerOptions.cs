using System.Diagnostics.CodeAnalysis;

namespace Amber.Grpc.AspNetCore
{
    /// <summary>What <c>AddAmberGrpc</c> registered: the options, and the sign that it was called.</summary>
    internal sealed class AmberGrpcServerOptions
    {
        /// <summary>What gRPC's service activation and method discovery keep of a service type (as <c>MapGrpcService</c> asks).</summary>
        public const DynamicallyAccessedMemberTypes ServiceAccessibility =
            DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.NonPublicMethods;

        public AmberGrpcServerOptions(AmberOptions? options) => Options = AmberSupport.Options(options);

        public AmberOptions Options { get; }
    }
}
