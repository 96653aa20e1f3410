using System;
using System.Buffers;
using System.IO;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Amber.Bench.Workloads;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// System.Text.Json with source-generated metadata (<see cref="BenchJsonContext"/>): no reflection,
    /// the serializer a .NET user gets in the box. Writes through one cached <see cref="Utf8JsonWriter"/>
    /// reset onto the reused buffer writer per call, so serializing allocates nothing of its own.
    /// The options are the context's own, plus what a workload's shape needs (<see cref="For"/>).
    /// </summary>
    public sealed class SystemTextJsonAdapter : ISerializerAdapter
    {
        private readonly ShapeNeeds _needs;
        private readonly JsonSerializerOptions _options;
        private readonly Utf8JsonWriter _writer;

        public SystemTextJsonAdapter()
            : this(ShapeNeeds.None)
        {
        }

        private SystemTextJsonAdapter(ShapeNeeds needs)
        {
            _needs = needs;
            _options = CreateOptions(needs);
            // What JsonSerializer itself uses for its own writers: the options' encoder, validation off
            // (the serializer only emits well-formed JSON).
            _writer = new Utf8JsonWriter(new ArrayBufferWriter<byte>(1), new JsonWriterOptions { Encoder = _options.Encoder, SkipValidation = true });
        }

        public string Name => "System.Text.Json (source gen)";

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) => needs == _needs ? this : new SystemTextJsonAdapter(needs);

        public bool KeepsReferences => _options.ReferenceHandler != null;

        /// <summary>
        /// The context's options (IncludeFields) with its contracts modified where a shape needs it
        /// (<see cref="BenchJsonContract"/>), plus <see cref="ReferenceHandler.Preserve"/> when the
        /// shape shares objects and <see cref="ObjectValueConverter"/> when it has object values. Only what a workload needs is turned on: any change from the context's
        /// options makes System.Text.Json leave the generated fast-path writers for every type.
        /// </summary>
        public static JsonSerializerOptions CreateOptions(ShapeNeeds needs)
        {
            var options = new JsonSerializerOptions(BenchJsonContext.Default.Options) { TypeInfoResolver = BenchJsonContract.Resolver };
            if ((needs & ShapeNeeds.SharedReferences) != 0) options.ReferenceHandler = ReferenceHandler.Preserve;
            if ((needs & ShapeNeeds.ObjectValues) != 0) options.Converters.Add(new ObjectValueConverter());
            options.MakeReadOnly();
            return options;
        }

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output)
        {
            _writer.Reset(output);
            JsonSerializer.Serialize(_writer, value, TypeInfo<T>());
            _writer.Flush();
        }

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => JsonSerializer.Deserialize(payload, TypeInfo<T>())!;

        public void SerializeToStream<T>(T value, Stream destination) => JsonSerializer.Serialize(destination, value, TypeInfo<T>());

        public T DeserializeFromStream<T>(Stream source) => JsonSerializer.Deserialize(source, TypeInfo<T>())!;

        /// <summary>The metadata for <typeparamref name="T"/> under this adapter's options, looked up once per type and options.</summary>
        private JsonTypeInfo<T> TypeInfo<T>()
        {
            JsonTypeInfo<T>? cached = Cache<T>.Value;
            if (cached != null && ReferenceEquals(cached.Options, _options)) return cached;
            if (!_options.TryGetTypeInfo(typeof(T), out JsonTypeInfo? info))
                throw new NotSupportedException($"{Display(typeof(T))} has no [JsonSerializable] line in Serializers/BenchJsonContext.cs.");
            return Cache<T>.Value = (JsonTypeInfo<T>)info;
        }

        private static string Display(Type t) => t.IsArray ? Display(t.GetElementType()!) + "[]"
            : t.IsGenericType ? t.Name.Substring(0, t.Name.IndexOf('`')) + "<" + string.Join(", ", Array.ConvertAll(t.GetGenericArguments(), Display)) + ">"
            : t.Name;

        private static class Cache<T>
        {
            public static JsonTypeInfo<T>? Value;
        }
    }
}
