using System;
using System.Collections.Concurrent;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Amber.Caching.Tests
{
    /// <summary>AmberHybridCacheOptions.UnreadableEntryIsMiss: off, an entry Amber cannot read fails the call; on, it is a miss.</summary>
    public class UnreadableEntryTests
    {
        private static readonly AmberHybridCacheOptions MissOn = new AmberHybridCacheOptions { UnreadableEntryIsMiss = true };

        /// <summary>The internal type that wraps the registered HybridCache when the option is on.</summary>
        private const string WrapperName = "UnreadableEntryIsMissCache";

        private static void AsMiss(IHybridCacheBuilder builder) => builder.AddAmberSerializer(MissOn);

        /// <summary>Keeps HybridCache's header of the L2 entry under <paramref name="key"/> and fills its Amber payload with 0xFF.</summary>
        private static async Task<byte[]> DamageAsync(CacheHost host, string key)
        {
            byte[] stored = await host.L2EntryAsync(key);
            L2Entry entry = L2Entry.Parse(stored);
            stored.AsSpan(entry.PayloadOffset, entry.Payload.Length).Fill(0xFF);
            await host.L2.SetAsync(key, stored);
            return stored;
        }

        [Fact]
        public void The_option_is_off_by_default()
        {
            Assert.False(new AmberHybridCacheOptions().UnreadableEntryIsMiss);
            Assert.Null(new AmberHybridCacheOptions().SerializerOptions);
        }

        [Fact]
        public async Task Off_a_damaged_entry_fails_the_call_with_the_AmberException_and_the_factory_is_not_called()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer, b => b.AddAmberSerializer(new AmberHybridCacheOptions()));
            await writer.CreateAsync("off:1", Order.Sample(1));
            byte[] damaged = await DamageAsync(writer, "off:1");

            int calls = 0;
            AmberException ex = await Assert.ThrowsAsync<AmberException>(async () =>
                await reader.Cache.GetOrCreateAsync("off:1", _ => { calls++; return new ValueTask<Order>(Order.Sample(10)); }));

            Assert.Equal(0, calls);
            Assert.Contains("0xFF", ex.Message);
            Assert.Equal(damaged, await writer.L2.GetAsync("off:1"));
            Assert.NotEqual(WrapperName, reader.Cache.GetType().Name);
        }

        [Fact]
        public async Task On_a_damaged_entry_calls_the_factory_and_its_value_replaces_the_entry()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer, AsMiss);
            await writer.CreateAsync("on:1", Order.Sample(1));
            byte[] damaged = await DamageAsync(writer, "on:1");

            int calls = 0;
            ValueTask<Order> Get() => reader.Cache.GetOrCreateAsync("on:1", _ => { Interlocked.Increment(ref calls); return new ValueTask<Order>(Order.Sample(11)); });
            Order first = await Get();

            Assert.Equal(1, calls);
            HybridCacheTests.AssertSame(Order.Sample(11), first);
            byte[] rewritten = await writer.L2EntryAsync("on:1", until: e => !e.AsSpan().SequenceEqual(damaged));
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(11)), L2Entry.Parse(rewritten).Payload);

            // Now a hit: the factory is not called again, and the writer's host reads the new entry as well once its L1 is cleared.
            HybridCacheTests.AssertSame(Order.Sample(11), await Get());
            Assert.Equal(1, calls);
        }

        [Fact]
        public async Task On_an_entry_over_a_limit_of_the_serializer_options_is_a_miss_too()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost strict = CacheHost.SharingL2With(writer, b => b.AddAmberSerializer(
                new AmberHybridCacheOptions { UnreadableEntryIsMiss = true, SerializerOptions = new AmberOptions { MaxCollectionLength = 1 } }));
            await writer.CreateAsync("limit:1", Order.Sample(1));   // two lines: over the strict reader's limit

            var small = new Order { Id = 12, Customer = "small" };
            int calls = 0;
            Order read = await strict.Cache.GetOrCreateAsync("limit:1", _ => { calls++; return new ValueTask<Order>(small); });

            Assert.Equal(1, calls);
            HybridCacheTests.AssertSame(small, read);
        }

        [Fact]
        public async Task On_an_AmberException_of_the_factory_itself_reaches_the_caller_and_the_factory_runs_once()
        {
            using CacheHost host = CacheHost.WithNewL2(AsMiss);

            int calls = 0;
            AmberException ex = await Assert.ThrowsAsync<AmberException>(async () =>
                await host.Cache.GetOrCreateAsync<Order>("factory:1", _ =>
                {
                    calls++;
                    return new ValueTask<Order>(AmberSerializer.Deserialize<Order>(new byte[] { 0xFF, 0xFF, 0xFF })!);
                }));

            Assert.Equal(1, calls);
            Assert.Contains("0xFF", ex.Message);
        }

        [Fact]
        public async Task On_set_and_remove_pass_through_to_the_registered_cache()
        {
            using CacheHost host = CacheHost.WithNewL2(AsMiss);
            Assert.Equal(WrapperName, host.Cache.GetType().Name);

            await host.Cache.SetAsync("pass:1", Order.Sample(13));
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(13)), L2Entry.Parse((await host.L2.GetAsync("pass:1"))!).Payload);
            await host.Cache.RemoveAsync("pass:1");
            Assert.Null(await host.L2.GetAsync("pass:1"));
        }

        [Fact]
        public void On_without_a_registered_HybridCache_fails_naming_the_fix()
        {
            var builder = new BareBuilder(new ServiceCollection());

            InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => builder.AddAmberSerializer(MissOn));

            Assert.Contains("AddHybridCache()", ex.Message);
        }

        [Fact]
        public void On_twice_wraps_the_cache_once()
        {
            var services = new ServiceCollection();
            services.AddHybridCache().AddAmberSerializer(MissOn).AddAmberSerializer(MissOn);
            using ServiceProvider provider = services.BuildServiceProvider();

            Assert.Equal(WrapperName, provider.GetRequiredService<HybridCache>().GetType().Name);
            Assert.Single(services, d => d.ServiceType == typeof(HybridCache));
        }

        [Fact]
        public async Task On_under_parallel_load_with_damaged_entries_every_caller_gets_the_right_value()
        {
            const int Keys = 48, Tasks = 32, Rounds = 6;
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer, AsMiss);
            for (int k = 0; k < Keys; k++) await writer.CreateAsync("load:" + k, Order.Sample(k));
            for (int k = 0; k < Keys; k += 3) await DamageAsync(writer, "load:" + k);   // every third entry

            var factoryCalls = new ConcurrentDictionary<int, int>();
            var failures = new ConcurrentQueue<Exception>();
            int checkedValues = 0;
            await Task.WhenAll(Enumerable.Range(0, Tasks).Select(t => Task.Run(async () =>
            {
                var random = new Random(t);
                for (int n = 0; n < Keys * Rounds / 4; n++)
                {
                    int k = random.Next(Keys);
                    try
                    {
                        Order read = await reader.Cache.GetOrCreateAsync("load:" + k, _ =>
                        {
                            factoryCalls.AddOrUpdate(k, 1, (_, c) => c + 1);
                            return new ValueTask<Order>(Order.Sample(k));
                        }).AsTask().WaitAsync(TimeSpan.FromSeconds(30));
                        HybridCacheTests.AssertSame(Order.Sample(k), read);
                        Interlocked.Increment(ref checkedValues);
                    }
                    catch (Exception ex)
                    {
                        failures.Enqueue(ex);
                    }
                }
            })));

            Assert.Empty(failures);
            Assert.Equal(Tasks * (Keys * Rounds / 4), checkedValues);
            // Only damaged keys went to the factory (readable ones came from L2), and every damaged key did. A damaged key
            // may be made more than once: callers that shared one failed read each remove the entry before asking again.
            Assert.Equal(Enumerable.Range(0, Keys).Where(k => k % 3 == 0), factoryCalls.Keys.OrderBy(k => k));
        }

        /// <summary>A builder over a service collection that has no HybridCache.</summary>
        private sealed class BareBuilder : IHybridCacheBuilder
        {
            public BareBuilder(IServiceCollection services) => Services = services;

            public IServiceCollection Services { get; }
        }
    }
}
