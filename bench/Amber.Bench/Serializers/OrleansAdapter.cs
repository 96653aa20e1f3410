using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using Microsoft.Extensions.DependencyInjection;
using Orleans;
using Orleans.Serialization;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Microsoft.Orleans.Serialization, set up the way its users do: a service collection with
    /// <c>AddSerializer</c> (the model assembly added as an application part), one
    /// <see cref="Serializer{T}"/> per root type from the provider. The model types carry
    /// <c>[GenerateSerializer]</c> and <c>[Id]</c> (build-time codecs); the engine structs, which the
    /// game cannot mark up, go through surrogates registered below. Orleans is version tolerant,
    /// polymorphic (a member's runtime type is written when it differs from the declared one) and
    /// keeps shared references within a payload by default, so one set-up serves every workload.
    /// </summary>
    public sealed class OrleansAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        private static readonly Lazy<IServiceProvider> Services = new Lazy<IServiceProvider>(() =>
            new ServiceCollection()
                .AddSerializer(builder => builder.AddAssembly(typeof(OrleansAdapter).Assembly))
                .BuildServiceProvider());

        public string Name => "Orleans";

        public bool Supports(string workload) => true;

        /// <summary>Orleans' defaults already cover every shape here (reference tracking and object values are always on).</summary>
        public ISerializerAdapter For(ShapeNeeds needs) => this;

        /// <summary>Orleans tracks references for every class by default (only [SuppressReferenceTracking] turns it off, per type).</summary>
        public bool KeepsReferences => true;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => SerializerOf<T>().Serialize(value, output);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => SerializerOf<T>().Deserialize(payload)!;

        public void SerializeToStream<T>(T value, Stream destination) => SerializerOf<T>().Serialize(value, destination);

        public T DeserializeFromStream<T>(Stream source) => SerializerOf<T>().Deserialize(source)!;

        public string StreamNote => "Orleans: Serializer<T>.Serialize(T, Stream) and Deserialize(Stream); it has no async Stream API (no async row).";

        public void SerializeStream<T>(T value, Stream destination) => SerializerOf<T>().Serialize(value, destination);

        public T DeserializeStream<T>(Stream source) => SerializerOf<T>().Deserialize(source)!;

        public bool HasAsyncStream => false;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => throw new NotSupportedException("Orleans.Serialization has no async Stream API.");

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => throw new NotSupportedException("Orleans.Serialization has no async Stream API.");

        private static Serializer<T> SerializerOf<T>() => Cache<T>.Value ??= Services.Value.GetRequiredService<Serializer<T>>();

        private static class Cache<T>
        {
            public static Serializer<T>? Value;
        }
    }

    // The game does not own the engine's structs (bench/Amber.Bench.Engine), so it cannot put
    // [GenerateSerializer] on them; Orleans' answer is a surrogate: a [GenerateSerializer] struct of the
    // game's own and a [RegisterConverter] IConverter between the two, found by AddAssembly.

    /// <summary>What Orleans writes for an engine <see cref="Engine.Vector2"/>.</summary>
    [GenerateSerializer]
    public struct OrleansVector2Surrogate
    {
        [Id(0)] public float X;
        [Id(1)] public float Y;
    }

    [RegisterConverter]
    public sealed class OrleansVector2Converter : IConverter<Engine.Vector2, OrleansVector2Surrogate>
    {
        public Engine.Vector2 ConvertFromSurrogate(in OrleansVector2Surrogate surrogate) => new Engine.Vector2 { X = surrogate.X, Y = surrogate.Y };

        public OrleansVector2Surrogate ConvertToSurrogate(in Engine.Vector2 value) => new OrleansVector2Surrogate { X = value.X, Y = value.Y };
    }

    /// <summary>What Orleans writes for an engine <see cref="Engine.Color"/>.</summary>
    [GenerateSerializer]
    public struct OrleansColorSurrogate
    {
        [Id(0)] public byte R;
        [Id(1)] public byte G;
        [Id(2)] public byte B;
        [Id(3)] public byte A;
    }

    [RegisterConverter]
    public sealed class OrleansColorConverter : IConverter<Engine.Color, OrleansColorSurrogate>
    {
        public Engine.Color ConvertFromSurrogate(in OrleansColorSurrogate surrogate) => new Engine.Color { R = surrogate.R, G = surrogate.G, B = surrogate.B, A = surrogate.A };

        public OrleansColorSurrogate ConvertToSurrogate(in Engine.Color value) => new OrleansColorSurrogate { R = value.R, G = value.G, B = value.B, A = value.A };
    }
}
