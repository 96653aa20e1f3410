using System;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Orleans.Configuration;
using Orleans.Hosting;
using Orleans.Storage;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>The grain-storage serializer as a storage provider calls it.</summary>
    public sealed class StorageTests
    {
        private static readonly AmberGrainStorageSerializer Serializer = new();

        private static Ledger Sample() => new()
        {
            Owner = "bob",
            Entries = { new Money(3, "EUR") },
            Pins = { ["p"] = new Circle { Name = "p", Radius = 4 } },
        };

        [Fact]
        public void State_round_trips_as_an_Amber_payload()
        {
            BinaryData stored = Serializer.Serialize(Sample());

            Assert.Equal(AmberSerializer.Serialize(Sample()), stored.ToArray());
            Ledger back = Serializer.Deserialize<Ledger>(stored)!;
            Assert.Equal("bob", back.Owner);
            Assert.Equal(4, Assert.IsType<Circle>(back.Pins["p"]).Radius);
        }

        [Fact]
        public void Damaged_state_names_the_state_type_and_what_to_do()
        {
            byte[] stored = Serializer.Serialize(Sample()).ToArray();
            byte[] damaged = stored.AsSpan(0, stored.Length - 3).ToArray();

            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => Serializer.Deserialize<Ledger>(new BinaryData(damaged)));

            Assert.Equal(AmberOrleansValueKind.GrainState, ex.Kind);
            Assert.Equal(typeof(Ledger), ex.ValueType);
            Assert.Contains("grain state of type '" + typeof(Ledger).FullName + "'", ex.Message);
            Assert.Contains("GrainStorageSerializer", ex.Message);   // the fix: read it with the serializer that wrote it
            Assert.Contains("restore it from a backup or clear it", ex.Message);
            Assert.IsAssignableFrom<AmberException>(ex.InnerException);
        }

        [Fact]
        public void State_written_by_another_serializer_is_refused_with_the_same_advice()
        {
            var json = new BinaryData("{\"Owner\":\"bob\"}"u8.ToArray());
            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => Serializer.Deserialize<Ledger>(json));
            Assert.Contains(typeof(Ledger).FullName!, ex.Message);
            Assert.Contains("written by another serializer", ex.Message);
        }

        [Fact]
        public void State_of_an_older_shape_is_read_as_the_newer_one_and_back()
        {
            BinaryData old = Serializer.Serialize(new ParcelV1 { Id = "s", Grams = 7, Note = "n" });
            ParcelV2 newer = Serializer.Deserialize<ParcelV2>(old)!;
            Assert.Equal(("s", 7, true), (newer.Id, newer.Grams, newer.Insured));

            ParcelV1 back = Serializer.Deserialize<ParcelV1>(Serializer.Serialize(new ParcelV2 { Id = "t", Grams = 8, Tags = { "a" } }))!;
            Assert.Equal(("t", 8, ""), (back.Id, back.Grams, back.Note));
        }

        private sealed class NoFormatter
        {
            public int Value { get; set; }
        }

        [Fact]
        public void A_state_type_without_a_formatter_fails_naming_the_fix()
        {
            AmberException ex = Assert.ThrowsAny<AmberException>(() => Serializer.Serialize(new NoFormatter()));
            Assert.Contains("AmberSerializable", ex.Message);
        }

        [Fact]
        public void A_storage_provider_of_ones_own_gets_Ambers_serializer_through_its_options()
        {
            // As the README shows: the provider's options implement IStorageProviderSerializerOptions and Orleans'
            // DefaultStorageProviderSerializerOptionsConfigurator fills GrainStorageSerializer from DI.
            using (IHost host = SiloHost(silo =>
            {
                silo.Services.AddKeptBytesStorage("files");
                silo.Services.AddAmberGrainStorageSerializer();
            }))
            {
                var options = host.Services.GetRequiredService<IOptionsMonitor<KeptBytesStorageOptions>>();
                Assert.IsType<AmberGrainStorageSerializer>(options.Get("files").GrainStorageSerializer);
                var provider = Assert.IsType<KeptBytesStorage>(host.Services.GetRequiredKeyedService<IGrainStorage>("files"));
                Assert.IsType<AmberGrainStorageSerializer>(provider.Serializer);
            }

            // By the provider's name: that provider only; the others keep Orleans' default.
            using (IHost host = SiloHost(silo =>
            {
                silo.Services.AddAmberGrainStorageSerializer("files");
                silo.Services.AddKeptBytesStorage("files").AddKeptBytesStorage("other");
            }))
            {
                var options = host.Services.GetRequiredService<IOptionsMonitor<KeptBytesStorageOptions>>();
                Assert.IsType<AmberGrainStorageSerializer>(options.Get("files").GrainStorageSerializer);
                Assert.IsType<JsonGrainStorageSerializer>(options.Get("other").GrainStorageSerializer);
            }
        }

        /// <summary>A silo host, built but not started, with <paramref name="configure"/> run inside <c>UseOrleans</c>.</summary>
        private static IHost SiloHost(Action<ISiloBuilder> configure)
        {
            HostApplicationBuilder builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
            builder.UseOrleans(silo =>
            {
                silo.UseLocalhostClustering();
                configure(silo);
            });
            return builder.Build();
        }

        /// <summary>
        /// The serializer each in-memory storage provider of a silo host gets (built, not started), as Orleans
        /// resolves it for the provider's options: <paramref name="configure"/> runs inside <c>UseOrleans</c>,
        /// <paramref name="beforeOrleans"/> on the host's services before it.
        /// </summary>
        private static (IGrainStorageSerializer Ledgers, IGrainStorageSerializer Other) ProviderSerializers(
            Action<ISiloBuilder> configure, Action<IServiceCollection>? beforeOrleans = null)
        {
            HostApplicationBuilder builder = Host.CreateApplicationBuilder(new HostApplicationBuilderSettings { DisableDefaults = true });
            beforeOrleans?.Invoke(builder.Services);
            builder.UseOrleans(silo =>
            {
                silo.UseLocalhostClustering();
                configure(silo);
            });
            using IHost host = builder.Build();
            var options = host.Services.GetRequiredService<IOptionsMonitor<MemoryGrainStorageOptions>>();
            return (options.Get("ledgers").GrainStorageSerializer, options.Get("other").GrainStorageSerializer);
        }

        [Fact]
        public void On_a_silo_host_the_registration_replaces_Orleans_JSON_default_whether_added_before_or_after_the_providers()
        {
            static void Providers(ISiloBuilder silo) => silo.AddMemoryGrainStorage("ledgers").AddMemoryGrainStorage("other");

            // Orleans' own default, which the registration replaces.
            var plain = ProviderSerializers(Providers);
            Assert.IsType<JsonGrainStorageSerializer>(plain.Ledgers);

            var after = ProviderSerializers(silo =>
            {
                Providers(silo);
                silo.Services.AddAmberGrainStorageSerializer();
            });
            Assert.IsType<AmberGrainStorageSerializer>(after.Ledgers);
            Assert.IsType<AmberGrainStorageSerializer>(after.Other);

            var before = ProviderSerializers(silo =>
            {
                silo.Services.AddAmberGrainStorageSerializer();
                Providers(silo);
            });
            Assert.IsType<AmberGrainStorageSerializer>(before.Ledgers);
            Assert.IsType<AmberGrainStorageSerializer>(before.Other);

            var beforeOrleans = ProviderSerializers(Providers, services => services.AddAmberGrainStorageSerializer());
            Assert.IsType<AmberGrainStorageSerializer>(beforeOrleans.Ledgers);
        }

        [Fact]
        public void On_a_silo_host_the_registration_by_name_serves_that_provider_only()
        {
            var after = ProviderSerializers(silo =>
            {
                silo.AddMemoryGrainStorage("ledgers").AddMemoryGrainStorage("other");
                silo.Services.AddAmberGrainStorageSerializer("ledgers");
            });
            Assert.IsType<AmberGrainStorageSerializer>(after.Ledgers);
            Assert.IsType<JsonGrainStorageSerializer>(after.Other);

            var before = ProviderSerializers(silo =>
            {
                silo.Services.AddAmberGrainStorageSerializer("ledgers");
                silo.AddMemoryGrainStorage("ledgers").AddMemoryGrainStorage("other");
            });
            Assert.IsType<AmberGrainStorageSerializer>(before.Ledgers);
            Assert.IsType<JsonGrainStorageSerializer>(before.Other);
        }
    }
}
