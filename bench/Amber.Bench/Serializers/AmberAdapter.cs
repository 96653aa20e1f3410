using System;
using System.Buffers;

namespace Amber.Bench.Serializers
{
    /// <summary>Amber, with no attributes on any model type (the root types are named once in Workloads/AmberRoots.cs).</summary>
    public sealed class AmberAdapter : ISerializerAdapter
    {
        public string Name => "Amber";

        public string? Unavailable => null;

        public bool Supports(string workload) => true;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => AmberSerializer.Serialize(output, value);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => AmberSerializer.Deserialize<T>(payload)!;

        public void SerializeToStream<T>(T value, System.IO.Stream destination) => AmberSerializer.Serialize(destination, value);

        public T DeserializeFromStream<T>(System.IO.Stream source) => AmberSerializer.Deserialize<T>(source)!;
    }
}
