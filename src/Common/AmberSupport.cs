namespace Amber
{
    /// <summary>
    /// The one policy of Amber's integration packages (Amber.AspNetCore, Amber.Grpc, Amber.Kafka, Amber.Caching,
    /// Amber.Orleans, Amber.Akka, Amber.SignalR, Amber.Grpc.AspNetCore), compiled into each of them from this one file, so they cannot drift:
    /// <list type="bullet">
    /// <item>A type Amber has no formatter for fails when its serializer, marshaller, body binder or result is made,
    /// with Amber's own "no formatter" <see cref="AmberException"/>, whose fix names <c>[AmberRoot]</c> and
    /// <c>[assembly: AmberSerializable]</c>; not at the first message, far from the cause.</item>
    /// <item>The options are the ones passed explicitly, else the ones the package's configuration gives (dependency
    /// injection, where the package has it), else <see cref="AmberOptions.Default"/>.</item>
    /// </list>
    /// </summary>
    /// <remarks>
    /// A linked source file rather than a public type of the runtime: the policy is the packages' business, it needs
    /// no public surface (nor a place in users' IntelliSense), and each package stays free to change it with the others.
    /// </remarks>
    internal static class AmberSupport
    {
        /// <summary>
        /// Whether Amber has a formatter for <typeparamref name="T"/>: one the generator wrote, one registered by hand,
        /// or a built-in one. A registered formatter is one static field read (a result made per request asks here);
        /// only on a miss is the type looked up by <see cref="System.Type"/>, which runs the registration of
        /// <typeparamref name="T"/>'s assembly first if none of its code has run yet.
        /// </summary>
        public static bool Supports<T>() => AmberFormatterRegistry.TryGet<T>() != null || AmberFormatterRegistry.IsRegistered(typeof(T));

        /// <summary>Throws Amber's "no formatter" exception, which names the fix, when <typeparamref name="T"/> has no formatter.</summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>.</exception>
        public static void Require<T>()
        {
            if (!Supports<T>()) AmberFormatterRegistry.Get<T>();
        }

        /// <summary>The options to use: <paramref name="given"/>, else <paramref name="configured"/>, else <see cref="AmberOptions.Default"/>.</summary>
        /// <param name="given">The options passed to the call or constructor, if any.</param>
        /// <param name="configured">The options the package's configuration holds (its dependency-injection options), if any.</param>
        public static AmberOptions Options(AmberOptions? given, AmberOptions? configured = null) => given ?? configured ?? AmberOptions.Default;
    }
}
