using System;
using System.Buffers;
using System.IO;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// System.Text.Json with source-generated metadata (<see cref="BenchJsonContext"/>): no reflection,
    /// the serializer a .NET user gets in the box. Writes through one cached <see cref="Utf8JsonWriter"/>
    /// reset onto the reused buffer writer per call, so serializing allocates nothing of its own.
    /// </summary>
    public sealed class SystemTextJsonAdapter : ISerializerAdapter
    {
        // What JsonSerializer itself uses for its own writers: the context's encoder, validation off
        // (the serializer only emits well-formed JSON).
        private readonly Utf8JsonWriter _writer = new Utf8JsonWriter(
            new ArrayBufferWriter<byte>(1),
            new JsonWriterOptions { Encoder = BenchJsonContext.Default.Options.Encoder, SkipValidation = true });

        public string Name => "System.Text.Json (source gen)";

        public string? Unavailable => null;

        public bool Supports(string workload) => true;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output)
        {
            _writer.Reset(output);
            JsonSerializer.Serialize(_writer, value, TypeInfo<T>());
            _writer.Flush();
        }

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => JsonSerializer.Deserialize(payload, TypeInfo<T>())!;

        public void SerializeToStream<T>(T value, Stream destination) => JsonSerializer.Serialize(destination, value, TypeInfo<T>());

        public T DeserializeFromStream<T>(Stream source) => JsonSerializer.Deserialize(source, TypeInfo<T>())!;

        /// <summary>The context's metadata for <typeparamref name="T"/>, looked up once per type.</summary>
        private static JsonTypeInfo<T> TypeInfo<T>() =>
            Cache<T>.Value ??= (JsonTypeInfo<T>?)BenchJsonContext.Default.GetTypeInfo(typeof(T))
                ?? throw new NotSupportedException($"{Display(typeof(T))} has no [JsonSerializable] line in Serializers/BenchJsonContext.cs.");

        private static string Display(Type t) => t.IsArray ? Display(t.GetElementType()!) + "[]"
            : t.IsGenericType ? t.Name.Substring(0, t.Name.IndexOf('`')) + "<" + string.Join(", ", Array.ConvertAll(t.GetGenericArguments(), Display)) + ">"
            : t.Name;

        private static class Cache<T>
        {
            public static JsonTypeInfo<T>? Value;
        }
    }
}
