#if NET8_0_OR_GREATER
using System;
using System.Buffers;
using System.IO;
using System.Text;
using System.Text.Json;
using Amber.Json;

namespace Amber.Json
{
    /// <summary>
    /// Amber payloads as JSON, for a person to read (and edit): the typed view names members as the
    /// generated code knows them, shows members of other versions by key, polymorphic and <c>object</c>
    /// values with their type, and references as <c>$id</c>/<c>$ref</c>. With no type at hand, the
    /// schema-less view shows any payload by keys and wire types. <see cref="FromJson{T}(string, AmberOptions?)"/>
    /// goes back from the typed view to an object through the same generated code. No reflection is used.
    /// </summary>
    public static class AmberJson
    {
        /// <summary>
        /// Indented, with non-ASCII text as it is (a view for people, not for a web page), and deep enough for any payload
        /// <paramref name="options"/> lets through: each level of Amber nesting takes at most two levels of JSON.
        /// </summary>
        private static JsonWriterOptions WriterOptions(AmberOptions? options) => new JsonWriterOptions
        {
            Indented = true,
            Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            MaxDepth = (options ?? AmberOptions.Default).MaxDepth * 2 + 8,
        };

        /// <summary>The payload as indented JSON, read as a <typeparamref name="T"/>.</summary>
        public static string ToJson<[AmberRoot] T>(ReadOnlySpan<byte> payload, AmberOptions? options = null) => ToJson(payload, typeof(T), options);

        /// <summary>Writes the payload, read as a <typeparamref name="T"/>, to <paramref name="writer"/>.</summary>
        public static void ToJson<[AmberRoot] T>(ReadOnlySpan<byte> payload, Utf8JsonWriter writer, AmberOptions? options = null) =>
            ToJson(payload, typeof(T), writer, options);

        /// <summary>Writes the payload, read as a <typeparamref name="T"/>, to <paramref name="utf8Json"/> as indented UTF-8 JSON.</summary>
        public static void ToJson<[AmberRoot] T>(ReadOnlySpan<byte> payload, Stream utf8Json, AmberOptions? options = null)
        {
            using var writer = new Utf8JsonWriter(utf8Json, WriterOptions(options));
            ToJson<T>(payload, writer, options);
        }

        /// <summary>The payload as indented JSON without its type: members by key, values with their wire types.</summary>
        public static string ToJson(ReadOnlySpan<byte> payload) => ToJson(payload, null, null);

        /// <summary>
        /// The payload as indented JSON, read as <paramref name="type"/> (a type with generated code in a loaded
        /// assembly), or without a type when it is null.
        /// </summary>
        public static string ToJson(ReadOnlySpan<byte> payload, Type? type, AmberOptions? options = null)
        {
            var buffer = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, WriterOptions(options)))
            {
                ToJson(payload, type, writer, options);
            }
            return Encoding.UTF8.GetString(buffer.WrittenSpan);
        }

        /// <summary>
        /// Writes the payload, read as <paramref name="type"/> (null: without a type), to <paramref name="writer"/>. A payload
        /// that nests deeper than the writer's <see cref="JsonWriterOptions.MaxDepth"/> allows fails with an
        /// <see cref="AmberException"/> (each level of Amber nesting takes at most two levels of JSON).
        /// </summary>
        public static void ToJson(ReadOnlySpan<byte> payload, Type? type, Utf8JsonWriter writer, AmberOptions? options = null)
        {
            if (writer == null) throw new ArgumentNullException(nameof(writer));
            JsonView.WritePayload(payload, type, writer, options ?? AmberOptions.Default, null);
        }

        /// <summary>
        /// Reads the typed JSON view of a <typeparamref name="T"/> back: the JSON is written as an Amber
        /// payload and that payload is deserialized by the generated code.
        /// </summary>
        public static T? FromJson<[AmberRoot] T>(string json, AmberOptions? options = null) =>
            FromJson<T>(Encoding.UTF8.GetBytes(json ?? throw new ArgumentNullException(nameof(json))), options);

        /// <summary>Reads the typed JSON view of a <typeparamref name="T"/> (UTF-8) back into a value.</summary>
        public static T? FromJson<[AmberRoot] T>(ReadOnlySpan<byte> utf8Json, AmberOptions? options = null) =>
            AmberSerializer.Deserialize<T>(PayloadFromJson<T>(utf8Json, options), options);

        /// <summary>The Amber payload the typed JSON view of a <typeparamref name="T"/> stands for.</summary>
        public static byte[] PayloadFromJson<[AmberRoot] T>(ReadOnlySpan<byte> utf8Json, AmberOptions? options = null) =>
            JsonPayloadWriter.Write(utf8Json, typeof(T), options ?? AmberOptions.Default);
    }
}
#endif
