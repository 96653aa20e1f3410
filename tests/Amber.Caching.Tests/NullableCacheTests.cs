using System.Threading.Tasks;
using Xunit;

// Cached types are named to the generator by hand (HybridCache's methods carry no Amber marker), as the README says.
[assembly: Amber.AmberSerializable(typeof(int?))]
[assembly: Amber.AmberSerializable(typeof(Amber.Caching.Tests.Spot?))]

namespace Amber.Caching.Tests
{
    public record struct Spot(int X, double Y);

    /// <summary>
    /// A T? cached through HybridCache: its serializer is made for the declared T?, so the L2 entry holds T?'s payload
    /// (a presence byte, then the value) and a second instance over the same L2 reads a value, the default (0 is not
    /// null) and null back as they were cached.
    /// </summary>
    public class NullableCacheTests
    {
        private static async Task RoundTrip<T>(string key, T? value) where T : struct
        {
            using CacheHost writer = CacheHost.WithNewL2();
            using CacheHost reader = CacheHost.SharingL2With(writer);
            await writer.CreateAsync(key, value);

            var expected = new System.Buffers.ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(expected, value, typeof(T?));
            Assert.Equal(expected.WrittenSpan.ToArray(), L2Entry.Parse(await writer.L2EntryAsync(key)).Payload);
            // A factory whose value differs from the cached one: it must not be called.
            int calls = 0;
            T? read = await reader.Cache.GetOrCreateAsync(key, _ => { calls++; return new ValueTask<T?>(value is null ? default(T) : null); });
            Assert.Equal(0, calls);
            Assert.Equal(value, read);
        }

        [Fact]
        public async Task A_nullable_int_is_read_from_L2_as_cached()
        {
            await RoundTrip<int>("int:value", 42);
            await RoundTrip<int>("int:zero", 0);
            await RoundTrip<int>("int:null", null);
        }

        [Fact]
        public async Task A_nullable_struct_is_read_from_L2_as_cached()
        {
            await RoundTrip<Spot>("spot:value", new Spot(3, -1.5));
            await RoundTrip<Spot>("spot:default", default(Spot));
            await RoundTrip<Spot>("spot:null", null);
        }
    }
}
