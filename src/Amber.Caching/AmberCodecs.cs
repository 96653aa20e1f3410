namespace Amber.Caching
{
    /// <summary>Whether Amber can serve a type, asked once per type when a serializer is made.</summary>
    internal static class AmberCodecs
    {
        /// <summary>
        /// True when a codec is registered for <typeparamref name="T"/> (running the registration of its
        /// assembly first if no code of it has run yet: a cache can read a value from L2 before that).
        /// </summary>
        public static bool Exists<T>() => AmberFormatterRegistry.IsRegistered(typeof(T));

        /// <summary>Throws Amber's "no formatter" exception, which names the fix, when <typeparamref name="T"/> has no codec.</summary>
        public static void Require<T>()
        {
            if (!Exists<T>()) AmberFormatterRegistry.Get<T>();
        }
    }
}
