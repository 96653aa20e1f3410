using System;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection;

namespace Amber.Caching.Tests
{
    /// <summary>
    /// One application's HybridCache: its own service provider and L1, over an L2 that several hosts
    /// may share, as several servers share one Redis.
    /// </summary>
    public sealed class CacheHost : IDisposable
    {
        private readonly ServiceProvider _services;

        private CacheHost(ServiceProvider services)
        {
            _services = services;
            Cache = services.GetRequiredService<HybridCache>();
            L2 = services.GetRequiredService<IDistributedCache>();
        }

        public HybridCache Cache { get; }

        public IDistributedCache L2 { get; }

        /// <summary>
        /// A host whose L2 is a new in-memory distributed cache: the MemoryDistributedCache that
        /// AddDistributedMemoryCache registers, seen through <see cref="SharedL2"/>.
        /// </summary>
        public static CacheHost WithNewL2(Action<IHybridCacheBuilder>? configure = null)
        {
            var services = new ServiceCollection();
            services.AddDistributedMemoryCache();
            var memory = (MemoryDistributedCache)services.BuildServiceProvider().GetRequiredService<IDistributedCache>();
            services.AddSingleton<IDistributedCache>(new SharedL2(memory));
            return Build(services, configure);
        }

        /// <summary>A second host over the same L2 instance as <paramref name="other"/>.</summary>
        public static CacheHost SharingL2With(CacheHost other, Action<IHybridCacheBuilder>? configure = null)
        {
            var services = new ServiceCollection();
            services.AddSingleton(other.L2);
            return Build(services, configure);
        }

        private static CacheHost Build(ServiceCollection services, Action<IHybridCacheBuilder>? configure)
        {
            IHybridCacheBuilder builder = services.AddHybridCache();
            (configure ?? (b => b.AddAmberSerializer())).Invoke(builder);
            return new CacheHost(services.BuildServiceProvider());
        }

        /// <summary>
        /// The L2 entry under <paramref name="key"/>, once written. HybridCache releases GetOrCreateAsync's
        /// callers as soon as the value is made and writes L2 after that, in the background, so a test waits
        /// for the entry (at most 10 s, then fails; with <paramref name="until"/>, for an entry that satisfies it) rather than reading L2 straight after the call returns.
        /// </summary>
        public async Task<byte[]> L2EntryAsync(string key, Func<byte[], bool>? until = null)
        {
            for (int tries = 0; tries < 1000; tries++)
            {
                byte[]? entry = await L2.GetAsync(key);
                if (entry != null && (until == null || until(entry))) return entry;
                await Task.Delay(10);
            }
            throw new TimeoutException("HybridCache wrote no (such) L2 entry under '" + key + "'.");
        }

        /// <summary>Makes the value under <paramref name="key"/> through GetOrCreateAsync, and waits until HybridCache has written it to L2.</summary>
        public async Task<T> CreateAsync<T>(string key, T value)
        {
            T result = await Cache.GetOrCreateAsync(key, _ => new ValueTask<T>(value));
            await L2EntryAsync(key);
            return result;
        }

        public void Dispose() => _services.Dispose();
    }

    /// <summary>
    /// The real MemoryDistributedCache, passed through unchanged. HybridCache does not use an
    /// IDistributedCache that is a MemoryDistributedCache as its L2 (it would only repeat L1 in the same
    /// process), so the instance is handed over behind this type, as a Redis or SQL cache would be.
    /// </summary>
    public sealed class SharedL2 : IDistributedCache
    {
        private readonly MemoryDistributedCache _inner;

        public SharedL2(MemoryDistributedCache inner) => _inner = inner;

        public byte[]? Get(string key) => _inner.Get(key);

        public Task<byte[]?> GetAsync(string key, CancellationToken token = default) => _inner.GetAsync(key, token);

        public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => _inner.Set(key, value, options);

        public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) => _inner.SetAsync(key, value, options, token);

        public void Refresh(string key) => _inner.Refresh(key);

        public Task RefreshAsync(string key, CancellationToken token = default) => _inner.RefreshAsync(key, token);

        public void Remove(string key) => _inner.Remove(key);

        public Task RemoveAsync(string key, CancellationToken token = default) => _inner.RemoveAsync(key, token);
    }

    /// <summary>
    /// HybridCache's L2 entry, read as Microsoft.Extensions.Caching.Hybrid 10.x writes it: a 12-byte
    /// header (2-byte sentinel 0x03 0x01, 2 bytes of entropy, 8 bytes of creation time), then 7-bit
    /// varints for flags, payload length, duration and tag count, the key and each tag as varint length +
    /// UTF-8, the serializer's payload, and the 2-byte sentinel again.
    /// </summary>
    public sealed class L2Entry
    {
        public string Key { get; private set; } = "";

        public int TagCount { get; private set; }

        public int PayloadOffset { get; private set; }

        public byte[] Payload { get; private set; } = Array.Empty<byte>();

        public static L2Entry Parse(byte[] entry)
        {
            if (entry[0] != 0x03 || entry[1] != 0x01) throw new FormatException("no leading HybridCache sentinel");
            int at = 12;
            ReadVarint(entry, ref at);                        // flags
            int payloadLength = (int)ReadVarint(entry, ref at);
            ReadVarint(entry, ref at);                        // duration
            int tagCount = (int)ReadVarint(entry, ref at);
            string key = ReadString(entry, ref at);
            for (int i = 0; i < tagCount; i++) ReadString(entry, ref at);
            if (entry.Length != at + payloadLength + 2) throw new FormatException("entry length does not match the payload length");
            if (entry[^2] != 0x03 || entry[^1] != 0x01) throw new FormatException("no trailing HybridCache sentinel");
            return new L2Entry { Key = key, TagCount = tagCount, PayloadOffset = at, Payload = entry.AsSpan(at, payloadLength).ToArray() };
        }

        private static ulong ReadVarint(byte[] b, ref int at)
        {
            ulong value = 0;
            for (int shift = 0; ; shift += 7)
            {
                byte next = b[at++];
                value |= (ulong)(next & 0x7F) << shift;
                if ((next & 0x80) == 0) return value;
            }
        }

        private static string ReadString(byte[] b, ref int at)
        {
            int length = (int)ReadVarint(b, ref at);
            string s = Encoding.UTF8.GetString(b, at, length);
            at += length;
            return s;
        }
    }
}
