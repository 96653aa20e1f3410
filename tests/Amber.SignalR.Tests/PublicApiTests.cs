using Amber.ApiBaselines;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// The public surface of Amber.SignalR, pinned in tests/PublicApi/Amber.SignalR.txt: a change fails here until the
    /// baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.SignalR.Tests --filter PublicApiTests</c>,
    /// then review the diff).
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberHubProtocol).Assembly, "Amber.SignalR.txt");
    }
}
