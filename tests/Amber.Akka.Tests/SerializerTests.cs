using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Configuration;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>The serializer as Akka's serialization extension finds and calls it: manifests, bytes, options and failures.</summary>
    public sealed class SerializerTests : IAsyncLifetime
    {
        private ActorSystem _system = null!;

        public Task InitializeAsync()
        {
            _system = TestConfig.Start("serializer", @"
akka.actor.serialization-settings.amber {
  max-depth = 20
  max-collection-length = 1000
  max-string-length = 64 KiB
  max-input-bytes = 1 MiB
  hardened-key-hashing = on
}
");
            return Task.CompletedTask;
        }

        public async Task DisposeAsync() => await TestConfig.Stop(_system);

        private AmberAkkaSerializer Amber => (AmberAkkaSerializer)_system.Serialization.FindSerializerForType(typeof(IShopMessage));

        [Fact]
        public void The_HOCON_section_sets_the_options()
        {
            AmberOptions options = Amber.Options;
            Assert.Equal(20, options.MaxDepth);
            Assert.Equal(1000, options.MaxCollectionLength);
            Assert.Equal(64 * 1024, options.MaxStringLength);
            Assert.Equal(1024 * 1024, options.MaxInputBytes);
            Assert.True(options.HardenedKeyHashing);
            Assert.False(options.PreserveReferences);
        }

        [Fact]
        public void Without_a_HOCON_section_the_options_are_the_defaults()
        {
            Assert.Same(AmberOptions.Default, AmberAkkaSerializer.OptionsFrom(null));
            Assert.Same(AmberOptions.Default, AmberAkkaSerializer.OptionsFrom(Config.Empty));
            AmberOptions partial = AmberAkkaSerializer.OptionsFrom(ConfigurationFactory.ParseString("max-depth = 9"));
            Assert.Equal(9, partial.MaxDepth);
            Assert.Equal(AmberOptions.Default.MaxCollectionLength, partial.MaxCollectionLength);
        }

        [Fact]
        public void The_manifest_is_the_Amber_name_and_the_bytes_are_an_Amber_payload()
        {
            var greeting = new Greeting("hi", new Dictionary<string, int> { ["x"] = 1 });
            var serialization = _system.Serialization;

            Assert.Equal("Amber.Akka.Tests.Greeting", Amber.Manifest(greeting));
            byte[] bytes = serialization.Serialize(greeting);
            Assert.Equal(AmberSerializer.Serialize(greeting), bytes);

            var back = Assert.IsType<Greeting>(serialization.Deserialize(bytes, AmberAkkaSerializer.SerializerIdentifier, "Amber.Akka.Tests.Greeting"));
            Assert.Equal("hi", back.Text);
            Assert.Equal(1, back.Counts["x"]);
        }

        [Fact]
        public void An_unknown_manifest_fails_with_an_AmberException_naming_it()
        {
            byte[] bytes = AmberSerializer.Serialize(new Greeting("hi", new Dictionary<string, int>()));
            foreach (string manifest in new[] { "Amber.Akka.Tests.NoSuchType", "System.IO.FileInfo, System.IO.FileSystem", "" })
            {
                var ex = Assert.Throws<AmberAkkaException>(() =>
                    _system.Serialization.Deserialize(bytes, AmberAkkaSerializer.SerializerIdentifier, manifest));
                Assert.Equal(manifest, ex.Manifest);
                Assert.StartsWith("Akka manifest '" + manifest + "': No Amber type of this program is named '" + manifest + "'", ex.Message);
                Assert.Contains("AmberFormerName", ex.Message);
            }
        }

        [Fact]
        public void Damaged_bytes_fail_with_an_AmberException_naming_the_manifest()
        {
            byte[] bytes = AmberSerializer.Serialize(BurstItem.Make(12345));
            const string Manifest = "Amber.Akka.Tests.BurstItem";
            var damaged = new List<byte[]>
            {
                bytes.AsSpan(0, bytes.Length / 2).ToArray(),   // cut
                Array.Empty<byte>(),                          // empty
                new byte[] { 0xFF, 0xFF, 0xFF, 0xFF },         // not a payload
            };
            byte[] flipped = (byte[])bytes.Clone();
            flipped[0] ^= 0xF0;                                 // a header no version of Amber wrote
            damaged.Add(flipped);

            foreach (byte[] input in damaged)
            {
                var ex = Assert.Throws<AmberAkkaException>(() =>
                    _system.Serialization.Deserialize(input, AmberAkkaSerializer.SerializerIdentifier, Manifest));
                Assert.Equal(Manifest, ex.Manifest);
                Assert.StartsWith("Akka manifest '" + Manifest + "': ", ex.Message);
                Assert.IsAssignableFrom<AmberException>(ex.InnerException);
            }
        }

        [Fact]
        public void A_limit_broken_by_a_payload_fails_with_the_manifest_and_the_member()
        {
            var big = new Greeting("many", new Dictionary<string, int>());
            for (int i = 0; i < 1001; i++) big.Counts["k" + i] = i;
            byte[] bytes = AmberSerializer.Serialize(big);   // written without limits, read with the section's

            var ex = Assert.Throws<AmberAkkaException>(() =>
                _system.Serialization.Deserialize(bytes, AmberAkkaSerializer.SerializerIdentifier, "Amber.Akka.Tests.Greeting"));
            Assert.Contains("Counts", ex.MemberPath);
            Assert.Contains("Counts", ex.Message);
        }
    }
}
