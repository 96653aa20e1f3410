using System;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Hosting;
using Orleans.Serialization;
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

    [CollectionDefinition(Name)]
    public sealed class ClusterCollection : ICollectionFixture<ClusterFixture>
    {
        public const string Name = "cluster";
    }
}
