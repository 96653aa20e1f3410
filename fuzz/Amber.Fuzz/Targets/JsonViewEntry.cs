using System;
using System.Buffers;
using System.Text.Json;
using Amber.Json;

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// The JSON view as a fuzz target. Any input may be refused, with an AmberException as everywhere else. An input
    /// that the type also deserializes must make a round trip: the object FromJson builds from the typed view must be
    /// the object Deserialize built (compared by the views of their canonical payloads, so that a NaN's payload bits,
    /// which JSON cannot carry, do not count). A difference, or FromJson refusing the view of a payload the type
    /// reads, is thrown as a <see cref="JsonViewMismatchException"/>, which the oracle reports as a crash.
    /// </summary>
    public static class JsonViewEntry
    {
        private static readonly AmberOptions Canonical = new AmberOptions { PreserveReferences = true, MaxDepth = 10_000 };

        /// <param name="input">The payload.</param>
        /// <param name="options">The delivery's options.</param>
        /// <param name="roundTrip">False for a model with a member of a hand-written formatter, which the view cannot write back (docs/json.md).</param>
        public static object? Run<T>(byte[] input, AmberOptions? options, bool roundTrip = true)
        {
            // Compact JSON: indentation costs two bytes per nesting level on every line, which for a payload allowed to nest
            // 10,000 deep is the output's size, not the view's work (docs/json.md).
            byte[] json = Compact(input, typeof(T), options);
            Compact(input, null, options);
            // The round trip below runs Deserialize, Serialize, FromJson and two more views: held to the oracle's
            // allocation bound for one entry point, it is checked on inputs of up to 16 KB (most of the corpus).
            if (!roundTrip || input.Length > RoundTripLimit) return json;
            // Skipped or dropped values (unknown types read as null or as the declared type) have no JSON to come back from.
            if (options != null && options.UnknownTypes != AmberUnknownTypeHandling.Throw) return json;
            T? read;
            byte[] expected;
            try
            {
                read = AmberSerializer.Deserialize<T>(input, options);
                expected = AmberSerializer.Serialize(read, Canonical);
            }
            catch (AmberException)
            {
                return json;   // the type refuses the input (or its object cannot be written again): nothing to compare
            }
            byte[] actual;
            try
            {
                actual = AmberSerializer.Serialize(AmberJson.FromJson<T>(json, options), Canonical);
            }
            catch (AmberException ex)
            {
                throw new JsonViewMismatchException("FromJson refused the view of a payload the type reads: " + ex.Message, ex);
            }
            string want = Text(Compact(expected, typeof(T), Deep)), got = Text(Compact(actual, typeof(T), Deep));
            if (want != got) throw new JsonViewMismatchException($"The JSON view did not read back to the same object.\nexpected:\n{want}\nactual:\n{got}", null);
            return json;
        }

        private const int RoundTripLimit = 16 * 1024;

        private static readonly AmberOptions Deep = new AmberOptions { PreserveReferences = true, MaxDepth = 10_000 };

        private static byte[] Compact(byte[] payload, Type? type, AmberOptions? options)
        {
            var buffer = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { MaxDepth = (options ?? AmberOptions.Default).MaxDepth * 2 + 8 }))
            {
                AmberJson.ToJson(payload, type, writer, options);
            }
            return buffer.WrittenSpan.ToArray();
        }

        private static string Text(byte[] utf8) => System.Text.Encoding.UTF8.GetString(utf8);
    }

    /// <summary>The JSON view and the generated reader disagree about an input.</summary>
    public sealed class JsonViewMismatchException : Exception
    {
        public JsonViewMismatchException(string message, Exception? inner) : base(message, inner)
        {
        }
    }
}
