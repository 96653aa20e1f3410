using System;
using System.Buffers;
using System.IO;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Boot;
using Amber.Bench.Workloads.Sport;
using ProtoBuf;
using ProtoBuf.Meta;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// protobuf-net 3.4.40 through one <see cref="RuntimeTypeModel"/> built once (<see cref="Model"/>):
    /// the models' [ProtoContract]/[ProtoMember]/[ProtoInclude] attributes, plus what the attributes
    /// cannot say, configured from outside. Writes through the model's IBufferWriter API into the
    /// reused buffer; reads the payload span through the model's <c>Deserialize&lt;T&gt;(ReadOnlySpan&lt;byte&gt;)</c>
    /// overload (the span goes straight to protobuf-net's span reader: no copy, no stream). The Stream
    /// path is the model's Stream overloads.
    /// </summary>
    public sealed class ProtobufNetAdapter : ISerializerAdapter
    {
        /// <summary>The one model every call and the snapshot probe use, configured and compiled on first use.</summary>
        public static RuntimeTypeModel Model => Built.Value;

        private static readonly Lazy<RuntimeTypeModel> Built = new Lazy<RuntimeTypeModel>(Build);

        public string Name => "protobuf-net";

        public string? Unavailable => null;

        public bool Supports(string workload) => true;

        /// <summary>
        /// protobuf-net v3 has no reference tracking (v2's AsReference is obsolete and not implemented),
        /// so there is nothing to turn on for shared references; object values are handled on the
        /// model types themselves (a private shadow member, see Workloads/ProtobufNetShapes.cs).
        /// </summary>
        public ISerializerAdapter For(ShapeNeeds needs) => this;

        public bool KeepsReferences => false;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => Model.Serialize<T>(output, value);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => Model.Deserialize<T>(payload);

        public void SerializeToStream<T>(T value, Stream destination) => Model.Serialize<T>(destination, value);

        public T DeserializeFromStream<T>(Stream source) => Model.Deserialize<T>(source);

        /// <summary>
        /// The model: attributes read as usual, plus
        /// the engine structs (from an assembly the game does not own, so no attributes) declared here
        /// member by member, DateTime.Kind kept (<see cref="RuntimeTypeModel.IncludeDateTimeKind"/>),
        /// and every root type added and compiled in place before anything is timed.
        /// CompileInPlace rather than Compile(): a full standalone compile may only reach public members,
        /// and BookShelf's Secret and the shadow members are private.
        /// </summary>
        private static RuntimeTypeModel Build()
        {
            RuntimeTypeModel model = RuntimeTypeModel.Create("Amber.Bench");
            model.IncludeDateTimeKind = true;
            model.Add(typeof(Engine.Vector2), false).Add("X", "Y");
            model.Add(typeof(Engine.Color), false).Add("R", "G", "B", "A");
            foreach (Type root in Roots) model.Add(root, true);

            model.CompileInPlace();
            return model;
        }

        private static readonly Type[] Roots =
        {
            typeof(MessageEnvelope),
            typeof(BookShelf),
            typeof(Vector3),
            typeof(SportEvent),
            typeof(Workloads.Game.GameState),
            typeof(BootResponse),
        };
    }
}
