using Amber.ApiBaselines;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>
    /// The public surfaces of Amber.Grpc (its net8.0 build) and Amber.Grpc.AspNetCore, pinned in tests/PublicApi/Amber.Grpc.txt
    /// and tests/PublicApi/Amber.Grpc.AspNetCore.txt: a change fails here
    /// until the baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Grpc.Tests --filter PublicApiTests</c>,
    /// then review the diff).
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberGrpc).Assembly, "Amber.Grpc.txt");

        [Fact]
        public void The_server_package_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(Microsoft.AspNetCore.Builder.AmberGrpcEndpointExtensions).Assembly, "Amber.Grpc.AspNetCore.txt");
    }
}
