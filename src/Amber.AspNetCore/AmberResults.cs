namespace Amber.AspNetCore
{
    /// <summary>
    /// Minimal-API results that answer with an Amber payload. The type parameter is marked <see cref="AmberRootAttribute"/>:
    /// <c>AmberResults.Amber(order)</c> with a concrete type is also a root for the Amber generator, so the type needs no
    /// <c>[assembly: AmberSerializable]</c>.
    /// </summary>
    public static class AmberResults
    {
        /// <summary>
        /// A result that writes <paramref name="value"/> as <c>application/x-amber</c> with <paramref name="statusCode"/>
        /// (200 if null), encoded with <paramref name="options"/>, or else the options set with
        /// <c>services.AddAmber(…)</c>, or else <see cref="AmberOptions.Default"/>.
        /// </summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/> (a call from generic code whose type parameter is not marked <c>[AmberRoot]</c>); the message names the fix.</exception>
        public static AmberHttpResult<T> Amber<[AmberRoot] T>(T value, int? statusCode = null, AmberOptions? options = null) =>
            new AmberHttpResult<T>(value, statusCode, options);
    }
}
