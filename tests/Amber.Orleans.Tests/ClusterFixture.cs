using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Hosting;
using Orleans.Serialization;
using Orleans.Storage;
using Orleans.TestingHost;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>
    /// One in-process cluster (a silo and a client) shared by the cluster tests: Amber's codec on both, Amber's
    /// grain-storage serializer on the silo's in-memory storage provider (Orleans' MemoryGrainStorage, which
    /// stores the bytes the serializer gives it).
    /// </summary>
    public sealed class ClusterFixture : IAsyncLifetime
    {
        public const string StorageName = "amber";

        /// <summary>A second in-memory provider whose stored bytes are damaged after Amber wrote them (<see cref="DamagingSerializer"/>).</summary>
        public const string DamagedStorageName = "damaged";

        /// <summary>A storage provider of one's own (<see cref="KeptBytesStorage"/>), given Amber's serializer by its name.</summary>
        public const string KeptStorageName = "kept";

        /// <summary>A bound for every wait on the cluster, so a broken run fails instead of hanging.</summary>
        public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(30);

        public InProcessTestCluster Cluster { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            var builder = new InProcessTestClusterBuilder(1);
            builder.Options.ConfigureFileLogging = false;
            builder.ConfigureSilo((_, silo) =>
            {
                silo.Services.AddSerializer(b => b.AddAmberSerializer());
                silo.AddMemoryGrainStorage(StorageName, o => o.NumStorageGrains = 1);
                silo.Services.AddAmberGrainStorageSerializer(StorageName);
                silo.AddMemoryGrainStorage(DamagedStorageName, o => o.GrainStorageSerializer = new DamagingSerializer(new AmberGrainStorageSerializer()));
                silo.Services.AddKeptBytesStorage(KeptStorageName);
                silo.Services.AddAmberGrainStorageSerializer(KeptStorageName);
            });
            builder.ConfigureClient(client => client.Services.AddSerializer(b => b.AddAmberSerializer()));
            Cluster = builder.Build();
            await Cluster.DeployAsync().WaitAsync(Timeout);
        }

        public async Task DisposeAsync()
        {
            await Cluster.DisposeAsync().AsTask().WaitAsync(Timeout);
        }
    }

    /// <summary>Stores what Amber wrote with its last bytes cut off, as a torn write would leave it; reads go to Amber unchanged.</summary>
    public sealed class DamagingSerializer(IGrainStorageSerializer amber) : IGrainStorageSerializer
    {
        public BinaryData Serialize<T>(T? input)
        {
            byte[] bytes = amber.Serialize(input).ToArray();
            return new BinaryData(bytes.AsMemory(0, bytes.Length - 2));
        }

        public T? Deserialize<T>(BinaryData input) => amber.Deserialize<T>(input);
    }

    [CollectionDefinition(Name)]
    public sealed class ClusterCollection : ICollectionFixture<ClusterFixture>
    {
        public const string Name = "cluster";
    }
}
