namespace Amber.Caching
{
    /// <summary>Whether Amber can serve a type, asked once per type when a serializer is made.</summary>
    internal static class AmberCodecs
    {
        /// <summary>
        /// True when a codec is registered for <typeparamref name="T"/>. A codec generated in the
        /// assembly that declares <typeparamref name="T"/> registers when that assembly's code first
        /// runs; a cache can read a value from L2 before any of it has, so that registration is run first.
        /// </summary>
        public static bool Exists<T>()
        {
            if (AmberFormatterRegistry.TryGet<T>() != null) return true;
            AmberKnownTypes.EnsureRegistered(typeof(T));
            return AmberFormatterRegistry.TryGet<T>() != null;
        }

        /// <summary>Throws Amber's "no formatter" exception, which names the fix, when <typeparamref name="T"/> has no codec.</summary>
        public static void Require<T>()
        {
            if (!Exists<T>()) AmberFormatterRegistry.Get<T>();
        }
    }
}
