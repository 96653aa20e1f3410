namespace Amber.AspNetCore
{
    /// <summary>
    /// Minimal-API results that answer with an Amber payload. <c>AmberResults.Amber(order)</c> in an endpoint with a
    /// concrete type is also a root for the Amber generator: the type needs no <c>[assembly: AmberSerializable]</c>.
    /// </summary>
    public static class AmberResults
    {
        /// <summary>
        /// A result that writes <paramref name="value"/> as <c>application/x-amber</c> with <paramref name="statusCode"/>
        /// (200 if null), encoded with <paramref name="options"/>, or else the options set with
        /// <c>services.AddAmber(…)</c>, or else <see cref="AmberOptions.Default"/>.
        /// </summary>
        public static AmberHttpResult<T> Amber<[AmberRoot] T>(T value, int? statusCode = null, AmberOptions? options = null) =>
            new AmberHttpResult<T>(value, statusCode, options);
    }
}
