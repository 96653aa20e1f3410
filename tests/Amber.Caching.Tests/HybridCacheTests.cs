using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Xunit;

namespace Amber.Caching.Tests
{
    /// <summary>Amber as the serializer of a real HybridCache, over the real in-memory IDistributedCache as L2.</summary>
    public class HybridCacheTests
    {
        [Fact]
        public async Task GetOrCreateAsync_stores_and_returns_a_plain_class_with_nested_collections()
        {
            using CacheHost host = CacheHost.WithNewL2();
            int calls = 0;

            Order first = await host.Cache.GetOrCreateAsync("order:1", _ => { calls++; return new ValueTask<Order>(Order.Sample(1)); });
            Order again = await host.Cache.GetOrCreateAsync("order:1", _ => { calls++; return new ValueTask<Order>(Order.Sample(99)); });

            Assert.Equal(1, calls);
            AssertSame(Order.Sample(1), first);
            AssertSame(Order.Sample(1), again);
            // Order is mutable, so HybridCache keeps the bytes in L1 too and deserializes a new copy per call.
            Assert.NotSame(first, again);
        }

        [Fact]
        public async Task The_L2_entry_is_HybridCaches_header_around_exactly_the_Amber_payload()
        {
            using CacheHost host = CacheHost.WithNewL2();
            await host.CreateAsync("order:2", Order.Sample(2));

            byte[] stored = await host.L2EntryAsync("order:2");

            L2Entry entry = L2Entry.Parse(stored);
            Assert.Equal("order:2", entry.Key);
            Assert.Equal(0, entry.TagCount);
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(2)), entry.Payload);
            AssertSame(Order.Sample(2), AmberSerializer.Deserialize<Order>(entry.Payload)!);
            // The whole entry is not an Amber payload: the header comes first.
            Assert.ThrowsAny<AmberException>(() => AmberSerializer.Deserialize<Order>(stored));
        }

        [Fact]
        public async Task A_second_HybridCache_over_the_same_L2_reads_the_value_without_calling_its_factory()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            await writer.CreateAsync("order:3", Order.Sample(3));

            int calls = 0;
            Order read = await reader.Cache.GetOrCreateAsync("order:3", _ => { calls++; return new ValueTask<Order>(Order.Sample(77)); });

            // The entry holds Amber bytes (previous test), so only an Amber reader could have produced this value.
            Assert.Equal(0, calls);
            AssertSame(Order.Sample(3), read);
        }

        [Fact]
        public async Task A_value_written_as_V1_is_read_from_L2_as_V2_by_the_other_instance()
        {
            using CacheHost oldBuild = CacheHost.WithNewL2();
            using CacheHost newBuild = CacheHost.SharingL2With(oldBuild);
            await oldBuild.CreateAsync("contact:1", new ContactV1 { Name = "Ada", Age = 36 });

            int calls = 0;
            ContactV2 read = await newBuild.Cache.GetOrCreateAsync("contact:1", _ => { calls++; return new ValueTask<ContactV2>(new ContactV2()); });

            Assert.Equal(0, calls);
            Assert.Equal("Ada", read.Name);
            Assert.Equal(36, read.Age);
            Assert.Equal("none@example.com", read.Email);   // members V1 did not write keep V2's defaults
            Assert.Equal(new[] { "new" }, read.Tags);
        }

        [Fact]
        public async Task A_type_without_an_Amber_codec_falls_back_to_the_default_JSON_serializer()
        {
            Assert.False(new AmberHybridCacheSerializerFactory().TryCreateSerializer<NoCodec>(out IHybridCacheSerializer<NoCodec>? none));
            Assert.Null(none);

            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            await writer.CreateAsync("plain:1", new NoCodec { Text = "json", Number = 5 });

            L2Entry entry = L2Entry.Parse(await writer.L2EntryAsync("plain:1"));
            Assert.Equal("{\"Text\":\"json\",\"Number\":5}", Encoding.UTF8.GetString(entry.Payload));

            int calls = 0;
            NoCodec read = await reader.Cache.GetOrCreateAsync("plain:1", _ => { calls++; return new ValueTask<NoCodec>(new NoCodec()); });
            Assert.Equal(0, calls);
            Assert.Equal("json", read.Text);
            Assert.Equal(5, read.Number);
        }

        [Fact]
        public async Task Strings_and_byte_arrays_stay_raw_in_L2()
        {
            var factory = new AmberHybridCacheSerializerFactory();
            Assert.False(factory.TryCreateSerializer<string>(out _));
            Assert.False(factory.TryCreateSerializer<byte[]>(out _));

            using CacheHost host = CacheHost.WithNewL2();
            await host.CreateAsync("s", "héllo");
            await host.CreateAsync("b", new byte[] { 1, 2, 3 });

            Assert.Equal(Encoding.UTF8.GetBytes("héllo"), L2Entry.Parse(await host.L2EntryAsync("s")).Payload);
            Assert.Equal(new byte[] { 1, 2, 3 }, L2Entry.Parse(await host.L2EntryAsync("b")).Payload);
        }

        [Fact]
        public async Task A_corrupted_L2_payload_throws_from_GetOrCreateAsync_until_the_key_is_removed()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            await writer.CreateAsync("order:4", Order.Sample(4));

            // Keep HybridCache's header valid and replace the Amber payload with bytes Amber refuses.
            byte[] stored = await writer.L2EntryAsync("order:4");
            L2Entry entry = L2Entry.Parse(stored);
            stored.AsSpan(entry.PayloadOffset, entry.Payload.Length).Fill(0xFF);
            await writer.L2.SetAsync("order:4", stored);

            // HybridCache 10.11 does not treat a serializer's exception as a miss: the AmberException reaches
            // the caller, the factory is not called, and the bad bytes, now in the reader's L1 too, fail
            // every call until the key is removed (or expires).
            int calls = 0;
            ValueTask<Order> Get() => reader.Cache.GetOrCreateAsync("order:4", _ => { calls++; return new ValueTask<Order>(Order.Sample(40)); });
            AmberException first = await Assert.ThrowsAsync<AmberException>(async () => await Get());
            await Assert.ThrowsAsync<AmberException>(async () => await Get());
            Assert.Equal(0, calls);
            Assert.Contains("payload header 0xFF", first.Message);
            Assert.Equal(stored, await writer.L2.GetAsync("order:4"));

            await reader.Cache.RemoveAsync("order:4");
            Order read = await Get();

            Assert.Equal(1, calls);
            AssertSame(Order.Sample(40), read);
            byte[] rewritten = await writer.L2EntryAsync("order:4", until: e => !e.AsSpan().SequenceEqual(stored));
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(40)), L2Entry.Parse(rewritten).Payload);
        }

        [Fact]
        public async Task An_L2_entry_replaced_whole_by_other_bytes_is_a_miss()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            await writer.CreateAsync("order:5", Order.Sample(5));
            await writer.L2.SetAsync("order:5", AmberSerializer.Serialize(Order.Sample(6)));   // a bare Amber payload, no header

            int calls = 0;
            Order read = await reader.Cache.GetOrCreateAsync("order:5", _ => { calls++; return new ValueTask<Order>(Order.Sample(50)); });

            Assert.Equal(1, calls);
            AssertSame(Order.Sample(50), read);
        }

        [Fact]
        public async Task The_options_reach_the_reader()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            // Order.Sample has two lines: a reader allowing one element per collection refuses it.
            using CacheHost strict = CacheHost.SharingL2With(writer, b => b.AddAmberSerializer(new AmberOptions { MaxCollectionLength = 1 }));
            await writer.CreateAsync("order:6", Order.Sample(6));

            AmberException ex = await Assert.ThrowsAsync<AmberException>(async () =>
                await strict.Cache.GetOrCreateAsync("order:6", _ => new ValueTask<Order>(new Order())));

            Assert.Contains("MaxCollectionLength", ex.Message);
            Assert.Contains("Order.Lines", ex.Message);
        }

        [Fact]
        public async Task A_per_type_serializer_is_used_for_its_type()
        {
            // ContactV2 is named nowhere but at AddAmberSerializer<ContactV2>: its marked T makes ContactV2 a root.
            using CacheHost writer = CacheHost.WithNewL2(b => b.AddAmberSerializer<ContactV1>());
            using CacheHost reader = CacheHost.SharingL2With(writer, b => b.AddAmberSerializer<ContactV2>());
            await writer.CreateAsync("contact:2", new ContactV1 { Name = "Lin", Age = 3 });

            Assert.Equal(AmberSerializer.Serialize(new ContactV1 { Name = "Lin", Age = 3 }), L2Entry.Parse(await writer.L2EntryAsync("contact:2")).Payload);
            ContactV2 read = await reader.Cache.GetOrCreateAsync<ContactV2>("contact:2", _ => throw new InvalidOperationException("not from L2"));
            Assert.Equal("Lin", read.Name);
            Assert.Equal(3, read.Age);
        }

        [Fact]
        public void A_per_type_serializer_for_a_type_without_a_codec_fails_at_registration_naming_the_fix()
        {
            var services = new Microsoft.Extensions.DependencyInjection.ServiceCollection();
            IHybridCacheBuilder builder = Microsoft.Extensions.DependencyInjection.HybridCacheServiceExtensions.AddHybridCache(services);

            // Generic code with an unmarked type parameter hides NoCodec from the generator.
            AmberException ex = Assert.Throws<AmberException>(() => AddFromGenericCode<NoCodec>(builder));

            Assert.Contains("[AmberRoot]", ex.Message);
            Assert.Contains("AmberSerializable", ex.Message);
        }

        private static IHybridCacheBuilder AddFromGenericCode<T>(IHybridCacheBuilder builder) => builder.AddAmberSerializer<T>();

        [Fact]
        public async Task Many_threads_read_and_write_through_one_serializer()
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            const int Keys = 64;

            // Many writes at once on the thread pool, then many reads at once from the other host's L2, four per key.
            int factoryCalls = 0;
            await Task.WhenAll(Enumerable.Range(0, Keys).Select(i => Task.Run(async () =>
            {
                await writer.Cache.GetOrCreateAsync("many:" + i, _ => { Interlocked.Increment(ref factoryCalls); return new ValueTask<Order>(Order.Sample(i)); });
                await writer.L2EntryAsync("many:" + i);
            })));
            Order[] read = await Task.WhenAll(Enumerable.Range(0, Keys * 4).Select(n => Task.Run(async () =>
                await reader.Cache.GetOrCreateAsync<Order>("many:" + (n % Keys), _ => throw new InvalidOperationException("not from L2")))));

            Assert.Equal(Keys, factoryCalls);
            for (int n = 0; n < read.Length; n++) AssertSame(Order.Sample(n % Keys), read[n]);
        }

        [Fact]
        public void The_serializer_writes_into_the_buffer_writer_and_reads_a_multi_segment_sequence()
        {
            var serializer = new AmberHybridCacheSerializer<Order>();
            var buffer = new ArrayBufferWriter<byte>();
            serializer.Serialize(Order.Sample(8), buffer);
            byte[] bytes = buffer.WrittenSpan.ToArray();
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(8)), bytes);

            for (int split = 1; split < bytes.Length; split += 7)
                AssertSame(Order.Sample(8), serializer.Deserialize(Segments.Split(bytes, split)));
        }

        [Fact]
        public async Task HybridCache_uses_a_MemoryDistributedCache_as_L2_only_behind_another_type()
        {
            // Why CacheHost hands the MemoryDistributedCache over behind SharedL2. SetAsync writes L2
            // before it completes, so the entry (or its absence) is there to see straight after it.
            var bare = new Microsoft.Extensions.DependencyInjection.ServiceCollection();
            Microsoft.Extensions.DependencyInjection.MemoryCacheServiceCollectionExtensions.AddDistributedMemoryCache(bare);
            Microsoft.Extensions.DependencyInjection.HybridCacheServiceExtensions.AddHybridCache(bare).AddAmberSerializer();
            using (var services = Microsoft.Extensions.DependencyInjection.ServiceCollectionContainerBuilderExtensions.BuildServiceProvider(bare))
            {
                var cache = (HybridCache)services.GetService(typeof(HybridCache))!;
                var l2 = (IDistributedCache)services.GetService(typeof(IDistributedCache))!;
                await cache.SetAsync("bare", Order.Sample(9));
                Assert.Null(await l2.GetAsync("bare"));
            }

            using CacheHost host = CacheHost.WithNewL2();
            await host.Cache.SetAsync("shared", Order.Sample(9));
            Assert.Equal(AmberSerializer.Serialize(Order.Sample(9)), L2Entry.Parse((await host.L2.GetAsync("shared"))!).Payload);
        }

        internal static void AssertSame(Order expected, Order actual)
        {
            Assert.Equal(JsonSerializer.Serialize(expected), JsonSerializer.Serialize(actual));
        }
    }

    internal sealed class Segments : ReadOnlySequenceSegment<byte>
    {
        private Segments(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        /// <summary>The bytes as a two-segment sequence, split at <paramref name="at"/>.</summary>
        public static ReadOnlySequence<byte> Split(byte[] bytes, int at)
        {
            var first = new Segments(bytes.AsMemory(0, at), 0);
            var second = new Segments(bytes.AsMemory(at), at);
            first.Next = second;
            return new ReadOnlySequence<byte>(first, 0, second, second.Memory.Length);
        }
    }
}
