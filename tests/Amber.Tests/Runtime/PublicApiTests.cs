using System;
using Amber.ApiBaselines;
using Amber.Compression;
using Amber.Metadata;
using Amber.Streaming;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The public surface of the runtime package (its net8.0 build, the one this process loads) and of Amber.Compression,
    /// pinned in tests/PublicApi/Amber.txt and Amber.Compression.txt (printed by tests/PublicApi/PublicApiBaseline.cs):
    /// a type or member added, removed or changed fails here until the baseline is updated on purpose
    /// (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Tests --filter PublicApiTests</c>, then review the diff).
    /// Types and members that exist only for generated code are marked <c>[EditorBrowsable(Never)]</c>; the baseline
    /// says so with "(generated code)". Amber's netstandard2.1 build is pinned by Amber.Tests.NetStandardRuntime.
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberSerializer).Assembly, "Amber.txt");

        [Fact]
        public void The_compression_package_surface_matches_its_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberLz4).Assembly, "Amber.Compression.txt");

        [Fact]
        public void Plumbing_for_generated_code_is_hidden_from_completion()
        {
            foreach (Type t in new[] { typeof(AmberShape), typeof(ShapeMatch), typeof(RowsMatch), typeof(AmberThrow), typeof(AmberCollections), typeof(AmberDefault), typeof(AmberCallbacks), typeof(PackedCode), typeof(AmberKeys), typeof(AmberBoxedWriter), typeof(AmberBoxedReader) })
            {
                Assert.True(PublicApiBaseline.Hidden(t), t.Name + " is plumbing for generated code and should be [EditorBrowsable(Never)]");
            }
            foreach (Type t in new[] { typeof(AmberSerializer), typeof(AmberOptions), typeof(AmberReader), typeof(AmberWriter), typeof(AmberException), typeof(IAmberFormatter<>), typeof(AmberFormatterRegistry), typeof(AmberStream) })
            {
                Assert.False(PublicApiBaseline.Hidden(t), t.Name + " is for users and should be visible");
            }
        }
    }
}
