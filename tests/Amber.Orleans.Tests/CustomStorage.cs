using System;
using System.Collections.Concurrent;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Orleans;
using Orleans.Runtime;
using Orleans.Runtime.Hosting;
using Orleans.Storage;

namespace Amber.Orleans.Tests
{
    /// <summary>
    /// A storage provider's options written as the Amber.Orleans README tells a provider author to: implementing
    /// <see cref="IStorageProviderSerializerOptions"/>, so that Orleans' configurator fills the serializer from DI.
    /// </summary>
    public sealed class KeptBytesStorageOptions : IStorageProviderSerializerOptions
    {
        /// <summary>Left null by configuration: Orleans' configurator fills it (the serializer registered by the provider's name, else the default).</summary>
        public IGrainStorageSerializer GrainStorageSerializer { get; set; } = null!;
    }

    /// <summary>A storage provider of one's own that keeps the bytes its options' serializer gives it, so tests can read them.</summary>
    public sealed class KeptBytesStorage(KeptBytesStorageOptions options) : IGrainStorage
    {
        public ConcurrentDictionary<string, byte[]> Stored { get; } = new();

        public IGrainStorageSerializer Serializer => options.GrainStorageSerializer;

        public Task ReadStateAsync<T>(string stateName, GrainId grainId, IGrainState<T> grainState)
        {
            if (Stored.TryGetValue(Key(stateName, grainId), out byte[]? bytes))
            {
                grainState.State = options.GrainStorageSerializer.Deserialize<T>(new BinaryData(bytes));
                grainState.RecordExists = true;
            }
            return Task.CompletedTask;
        }

        public Task WriteStateAsync<T>(string stateName, GrainId grainId, IGrainState<T> grainState)
        {
            Stored[Key(stateName, grainId)] = options.GrainStorageSerializer.Serialize(grainState.State).ToArray();
            grainState.RecordExists = true;
            return Task.CompletedTask;
        }

        public Task ClearStateAsync<T>(string stateName, GrainId grainId, IGrainState<T> grainState)
        {
            Stored.TryRemove(Key(stateName, grainId), out _);
            grainState.RecordExists = false;
            return Task.CompletedTask;
        }

        public static string Key(string stateName, GrainId grainId) => stateName + "/" + grainId;
    }

    public static class KeptBytesStorageExtensions
    {
        /// <summary>Registers the provider as the README shows: named options, Orleans' serializer configurator, the provider.</summary>
        public static IServiceCollection AddKeptBytesStorage(this IServiceCollection services, string name)
        {
            services.AddOptions<KeptBytesStorageOptions>(name);
            services.AddTransient<IPostConfigureOptions<KeptBytesStorageOptions>, DefaultStorageProviderSerializerOptionsConfigurator<KeptBytesStorageOptions>>();
            services.AddGrainStorage(name, (sp, n) => new KeptBytesStorage(sp.GetRequiredService<IOptionsMonitor<KeptBytesStorageOptions>>().Get(n)));
            return services;
        }
    }
}
