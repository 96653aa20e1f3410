using System;
using System.Buffers;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// One serializer under test. Every adapter writes into the same reused buffer writer and reads
    /// from the same payload span, so all pay the same I/O costs.
    /// </summary>
    public interface ISerializerAdapter
    {
        /// <summary>The name printed in the table and the CSV.</summary>
        string Name { get; }

        /// <summary>Whether this serializer takes part in a workload (the hand-written one only knows the envelope).</summary>
        bool Supports(string workload);

        /// <summary>
        /// This serializer set up for a workload's needs (reference handling, <c>object</c> values):
        /// the same instance when nothing changes. Called once per row, before anything is timed.
        /// </summary>
        ISerializerAdapter For(Workloads.ShapeNeeds needs);

        /// <summary>Whether this set-up keeps shared references (two references to one object come back as one), so the comparison checks identity.</summary>
        bool KeepsReferences { get; }

        /// <summary>Serializes into <paramref name="output"/>, which the caller has reset.</summary>
        void Serialize<T>(T value, ArrayBufferWriter<byte> output);

        /// <summary>Deserializes one payload.</summary>
        T Deserialize<T>(ReadOnlySpan<byte> payload);

        /// <summary>Writes the value to a stream with the serializer's own Stream API (the snapshot-file path).</summary>
        void SerializeToStream<T>(T value, System.IO.Stream destination);

        /// <summary>Reads a value from a stream with the serializer's own Stream API.</summary>
        T DeserializeFromStream<T>(System.IO.Stream source);
    }

    /// <summary>
    /// A serializer that needs the model types compiled its own way (MemoryPack fixes its mode per
    /// type): it measures each workload on its own copy of the types, built from the same seed by the
    /// same generator, so it sees the same values and passes the same comparison.
    /// </summary>
    public interface IOwnModelAdapter : ISerializerAdapter
    {
        /// <summary>The workloads, by the same names, over this serializer's copy of the model types.</summary>
        System.Collections.Generic.IReadOnlyList<Workloads.Workload> Workloads { get; }
    }
}
