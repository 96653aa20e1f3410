using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Amber, with no attributes on any model type (the root types are named once in
    /// Workloads/AmberRoots.cs, the engine structs' surrogates in Workloads/GameState/EngineSurrogates.cs).
    /// Default options, except <see cref="AmberOptions.PreserveReferences"/> for a workload whose
    /// shape shares objects.
    /// </summary>
    public sealed class AmberAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        private static readonly AmberOptions KeepReferences = new AmberOptions { PreserveReferences = true };

        private readonly AmberOptions _options;

        public AmberAdapter()
            : this(AmberOptions.Default)
        {
        }

        private AmberAdapter(AmberOptions options)
        {
            _options = options;
        }

        public string Name => "Amber";

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) =>
            (needs & ShapeNeeds.SharedReferences) != 0 ? new AmberAdapter(KeepReferences) : this;

        public bool KeepsReferences => _options.PreserveReferences;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => AmberSerializer.Serialize(output, value, _options);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => AmberSerializer.Deserialize<T>(payload, _options)!;

        public void SerializeToStream<T>(T value, System.IO.Stream destination) => AmberSerializer.Serialize(destination, value, _options);

        public T DeserializeFromStream<T>(System.IO.Stream source) => AmberSerializer.Deserialize<T>(source, _options)!;

        public string StreamNote =>
            "Amber: AmberSerializer.Serialize<T>(Stream, T, options) (the payload passed on in 64 KB pooled chunks as they fill) and Deserialize<T>(Stream, options) (the stream read into 64 KB pooled segments, then read as a sequence); "
            + "async: SerializeAsync<T>(Stream, T, options) (written into pooled segments, then to the stream) and DeserializeAsync<T>(Stream, options).";

        public void SerializeStream<T>(T value, Stream destination) => AmberSerializer.Serialize(destination, value, _options);

        public T DeserializeStream<T>(Stream source) => AmberSerializer.Deserialize<T>(source, _options)!;

        public bool HasAsyncStream => true;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => AmberSerializer.SerializeAsync(destination, value, _options);

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => AmberSerializer.DeserializeAsync<T>(source, _options)!;
    }
}
