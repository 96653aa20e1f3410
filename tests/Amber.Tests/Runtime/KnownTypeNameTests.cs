using System;
using Amber.Tests.Models.TypeResolution;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// <see cref="AmberKnownTypes.TryGetName"/> and <see cref="AmberKnownTypes.TryGetType"/>: the name an envelope stores
    /// for its body's type (an actor system's manifest) and the way back, which finds registered types only.
    /// </summary>
    public class KnownTypeNameTests
    {
        [Fact]
        public void A_registered_type_is_found_again_by_the_name_it_is_written_under()
        {
            Assert.True(AmberKnownTypes.TryGetName(typeof(Gem), out string? name));
            Assert.Equal("Amber.Tests.Models.TypeResolution.Gem", name);
            Assert.True(AmberKnownTypes.TryGetType(name, out Type? type));
            Assert.Equal(typeof(Gem), type);
        }

        [Fact]
        public void A_former_name_finds_the_renamed_type()
        {
            Assert.True(AmberKnownTypes.TryGetType("Game.Items.Lantern", out Type? type));
            Assert.Equal(typeof(Torch), type);
            Assert.True(AmberKnownTypes.TryGetName(typeof(Torch), out string? name));
            Assert.Equal("Amber.Tests.Models.TypeResolution.Torch", name);
        }

        [Fact]
        public void A_name_no_loaded_assembly_registered_finds_nothing_and_loads_nothing()
        {
            Assert.False(AmberKnownTypes.TryGetType("System.Diagnostics.Process", out Type? type));
            Assert.Null(type);
            Assert.False(AmberKnownTypes.TryGetName(typeof(System.Diagnostics.Stopwatch), out string? name));
            Assert.Null(name);
        }
    }
}
