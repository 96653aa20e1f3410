using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Boot;
using Amber.Bench.Workloads.Sport;
using ProtoBuf;
using ProtoBuf.Meta;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// protobuf-net 3.4.40 through one <see cref="RuntimeTypeModel"/> built once (<see cref="Model"/>):
    /// the models' [ProtoContract]/[ProtoMember]/[ProtoInclude] attributes (with the protobuf-net
    /// options some shapes need: NullWrappedValue, NullWrappedCollection, OverwriteList, and the
    /// gamestate's shadow members in Workloads/GameState/ProtobufNetShapes.cs), plus what no attribute can say,
    /// configured on the model. Serializes through the model's IBufferWriter&lt;byte&gt; overload into the
    /// reused buffer writer. Deserializes the payload span with the model's
    /// <c>Deserialize&lt;T&gt;(ReadOnlySpan&lt;byte&gt;)</c> overload: the span goes straight to protobuf-net's
    /// span-backed reader (no copy into an array, no stream). The Stream path is the model's Stream
    /// overloads. The model's methods are what protobuf-net's static Serializer calls on its default model.
    /// </summary>
    public sealed class ProtobufNetAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        /// <summary>The one model every call and the snapshot probe use, configured and compiled on first use.</summary>
        public static RuntimeTypeModel Model => Built.Value;

        private static readonly Lazy<RuntimeTypeModel> Built = new Lazy<RuntimeTypeModel>(Build);

        public string Name => "protobuf-net";

        public bool Supports(string workload) => true;

        /// <summary>
        /// protobuf-net v3 has no reference tracking (v2's AsReference is obsolete and not implemented),
        /// so there is nothing to turn on for shared references; object values are handled on the
        /// model types themselves (a private shadow member, see Workloads/GameState/ProtobufNetShapes.cs).
        /// </summary>
        public ISerializerAdapter For(ShapeNeeds needs) => this;

        public bool KeepsReferences => false;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => Model.Serialize<T>(output, value);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => Model.Deserialize<T>(payload);

        public void SerializeToStream<T>(T value, Stream destination) => Model.Serialize<T>(destination, value);

        public T DeserializeFromStream<T>(Stream source) => Model.Deserialize<T>(source);

        public string StreamNote => "protobuf-net: TypeModel.Serialize<T>(Stream, T) and Deserialize<T>(Stream) on the suite's model; it has no async Stream API (no async row).";

        public void SerializeStream<T>(T value, Stream destination) => Model.Serialize<T>(destination, value);

        public T DeserializeStream<T>(Stream source) => Model.Deserialize<T>(source);

        public bool HasAsyncStream => false;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => throw new NotSupportedException("protobuf-net has no async Stream API.");

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => throw new NotSupportedException("protobuf-net has no async Stream API.");

        /// <summary>
        /// The model: attributes read as usual, plus the engine structs (from an assembly the game does
        /// not own, so no attributes) declared member by member, DateTime.Kind kept
        /// (<see cref="RuntimeTypeModel.IncludeDateTimeKind"/>: by default every DateTime reads back as
        /// Unspecified), and every type the roots reach added, then compiled in place before anything
        /// is timed. CompileInPlace rather than Compile(): a standalone compiled model may only reach
        /// public members, and BookShelf's Secret and the shadow members are private.
        /// </summary>
        private static RuntimeTypeModel Build()
        {
            RuntimeTypeModel model = RuntimeTypeModel.Create("Amber.Bench");
            model.IncludeDateTimeKind = true;
            model.Add(typeof(Engine.Vector2), false).Add("X", "Y");
            model.Add(typeof(Engine.Color), false).Add("R", "G", "B", "A");
            foreach (Type root in Roots) model.Add(root, true);
            AddReachableTypes(model);
            model.CompileInPlace();
            return model;
        }

        /// <summary>
        /// Adds every type the roots reach (member types, their generic arguments and element types,
        /// subtypes) to the model, so that CompileInPlace, which compiles the types the model knows,
        /// covers them all: otherwise the nested ones would be added and compiled on first use.
        /// </summary>
        private static void AddReachableTypes(RuntimeTypeModel model)
        {
            var pending = new Queue<MetaType>(model.GetTypes().Cast<MetaType>());
            var known = new HashSet<Type>(pending.Select(m => m.Type));
            while (pending.Count > 0)
            {
                MetaType meta = pending.Dequeue();
                foreach (ValueMember member in meta.GetFields()) Visit(member.MemberType);
                foreach (SubType sub in meta.GetSubtypes()) Visit(sub.DerivedType.Type);
                if (meta.BaseType != null) Visit(meta.BaseType.Type);
            }

            void Visit(Type type)
            {
                if (type.IsArray) Visit(type.GetElementType()!);
                if (type.IsGenericType)
                {
                    foreach (Type argument in type.GetGenericArguments()) Visit(argument);
                }
                if (known.Contains(type) || !(type.IsEnum || type.IsDefined(typeof(ProtoContractAttribute), false))) return;
                known.Add(type);
                pending.Enqueue(model.Add(type, true));
            }
        }

        /// <summary>The workloads' root types (and the element types of the list and array roots).</summary>
        private static readonly Type[] Roots =
        {
            typeof(MessageEnvelope),
            typeof(BookShelf),
            typeof(Vector3),
            typeof(Vector3[]),
            typeof(SportEvent),
            typeof(List<SportEvent>),
            typeof(Workloads.Game.GameState),
            typeof(BootResponse),
            typeof(Workloads.Everyday.TradeBlotter),
            typeof(Workloads.Everyday.ReadingLog),
            typeof(Workloads.Everyday.Scene),
            typeof(Workloads.Everyday.Message),
        };
    }
}
