namespace Amber.AspNetCore
{
    /// <summary>The media type Amber payloads travel under in HTTP.</summary>
    public static class AmberMediaTypes
    {
        /// <summary><c>application/x-amber</c>: one Amber payload as the whole body (a request's or a response's).</summary>
        public const string Amber = "application/x-amber";
    }
}
