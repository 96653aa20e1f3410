using Amber.ApiBaselines;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>
    /// The public surface of Amber.Akka (its net8.0 build), pinned in tests/PublicApi/Amber.Akka.txt: a change fails here
    /// until the baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Akka.Tests --filter PublicApiTests</c>,
    /// then review the diff).
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberAkkaSerializer).Assembly, "Amber.Akka.txt");
    }
}
