#if NET8_0_OR_GREATER
using System;
using System.Text.Json;

namespace Amber.Json
{
    /// <summary>Walks a payload and writes it as JSON (typed when a type is given, schema-less otherwise), optionally collecting stats.</summary>
    internal static class JsonView
    {
        /// <summary>Writes one payload (header byte and root) as one JSON value; <paramref name="writer"/> null only collects <paramref name="stats"/>.</summary>
        public static void WritePayload(ReadOnlySpan<byte> payload, Type? type, Utf8JsonWriter? writer, AmberOptions options, PayloadStatsBuilder? stats) =>
            throw new NotImplementedException();

        /// <summary>
        /// Writes the <paramref name="count"/> items of a chunked stream frame's body (a payload header byte, then
        /// <paramref name="count"/> values of its wire type) as <paramref name="count"/> JSON values, one after another.
        /// </summary>
        public static void WriteItems(ReadOnlySpan<byte> body, int count, Type? itemType, Utf8JsonWriter? writer, AmberOptions options, PayloadStatsBuilder? stats) =>
            throw new NotImplementedException();
    }
}
#endif
