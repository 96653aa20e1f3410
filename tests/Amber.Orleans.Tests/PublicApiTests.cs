using Amber.ApiBaselines;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>
    /// The public surface of Amber.Orleans (its net8.0 build), pinned in tests/PublicApi/Amber.Orleans.txt: a change fails here
    /// until the baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Orleans.Tests --filter PublicApiTests</c>,
    /// then review the diff).
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberOrleansCodec).Assembly, "Amber.Orleans.txt");
    }
}
