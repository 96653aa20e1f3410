namespace Amber.Caching
{
    /// <summary>
    /// How <see cref="AmberHybridCacheBuilderExtensions.AddAmberSerializer(Microsoft.Extensions.Caching.Hybrid.IHybridCacheBuilder, AmberHybridCacheOptions)"/>
    /// sets HybridCache up: the Amber options of every read and write, and what a stored entry Amber cannot read does.
    /// </summary>
    public sealed class AmberHybridCacheOptions
    {
        /// <summary>The options of every Amber read and write (<see cref="AmberOptions.Default"/> when null).</summary>
        public AmberOptions? SerializerOptions { get; set; }

        /// <summary>
        /// When true, a cached entry Amber cannot read (an <see cref="AmberException"/> thrown while HybridCache reads it
        /// from L1 or L2: damaged bytes, another serializer's bytes, an incompatible change of the type, a limit of
        /// <see cref="SerializerOptions"/>) is removed and the call's factory makes the value again, as for a miss, and
        /// the new value replaces the entry. Off by default: HybridCache (10.x) then passes the
        /// <see cref="AmberException"/> out of <c>GetOrCreateAsync</c> and keeps failing for that key until it is removed
        /// or expires.
        /// </summary>
        /// <remarks>
        /// HybridCache's serializer contract has no way to answer "miss", so this wraps the registered
        /// <c>HybridCache</c> service: its <c>GetOrCreateAsync</c> catches the <see cref="AmberException"/>, calls
        /// <c>RemoveAsync(key)</c> (L1 and L2) and asks again, at most twice. An <see cref="AmberException"/> thrown by the
        /// factory itself is not a read failure: it reaches the caller at once, and the factory is not called again.
        /// </remarks>
        public bool UnreadableEntryIsMiss { get; set; }
    }
}
