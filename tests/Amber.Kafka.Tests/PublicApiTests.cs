using Amber.ApiBaselines;
using Xunit;

namespace Amber.Kafka.Tests
{
    /// <summary>
    /// The public surface of Amber.Kafka (its net8.0 build), pinned in tests/PublicApi/Amber.Kafka.txt: a change fails here
    /// until the baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Kafka.Tests --filter PublicApiTests</c>,
    /// then review the diff).
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberKafkaException).Assembly, "Amber.Kafka.txt");
    }
}
