using System.Collections.Generic;

namespace Amber.Bench.Serializers
{
    /// <summary>Every serializer the suite knows, in table order.</summary>
    public static class Peers
    {
        public static IReadOnlyList<ISerializerAdapter> All() => new ISerializerAdapter[]
        {
            new AmberAdapter(),
            new MemoryPackAdapter(),
            new MemoryPackVersionTolerantAdapter(),
            new MessagePackAdapter(),
            new MessagePackContractlessAdapter(),
            new ProtobufNetAdapter(),
            new OrleansAdapter(),
            new NerdbankAdapter(),
            new SystemTextJsonAdapter(),
            new NewtonsoftAdapter(),
            new HandWrittenEnvelopeAdapter(),
        };

        /// <summary>Notes about how each peer is set up, printed under the tables.</summary>
        public static IReadOnlyList<string> Footnotes => new[]
        {
            "Peers' contracts: the model types carry MemoryPack's, MessagePack's, protobuf-net's and Orleans' attributes, numbered in declaration order (Workloads/*/Model.cs); Amber reads none of them. "
                + "MemoryPack fixes its mode per type and MessagePack's contractless resolver honours [MessagePackObject]/[Key] wherever they are, so the model files are compiled three times (bench/ModelCopy.props, Workloads/ModelFlavour.cs): "
                + "the main copy, bench/Amber.Bench.VersionTolerant (MemoryPack's GenerateType.VersionTolerant) and bench/Amber.Bench.Contractless (no MessagePack contract but the unions); each copy builds its own values from the same seed and runs the same comparison through the same Measurer (bench/Amber.Bench.Core).",
            "MemoryPack 1.21.4, two rows: its default mode (GenerateType.Object: members by position, not version tolerant) and GenerateType.VersionTolerant ([MemoryPackOrder] on every member); IBufferWriter and ReadOnlySpan APIs; the Stream path is its async Stream API, waited on. "
                + "Unions ([MemoryPackUnion]) on the abstract bases (GameItem, Item, Mission, Message). Its unions need an abstract base or an interface, so the three members declared as a concrete class with subclasses (GameCharacter.EquippedWeapon: WeaponItem; Mail.Sender and LeaderboardEntry.Player: PublicProfile) carry a member formatter that writes a union header and the case's own generated code (Workloads/GameState/MemoryPackFormatters.cs, Workloads/BootPayload/MemoryPackFormatters.cs). "
                + "It has no formatter for object: gamestate's script variables go through one registered for object (Serializers/MemoryPackAdapter.cs: a tag byte, then the long, double, string or bool). The engine structs are unmanaged, copied as memory with no set-up; so is Vector3 in both modes (version tolerance does not apply to an unmanaged struct). "
                + "These two modes have no reference tracking (GenerateType.CircularReference has it, as a third mode per type): gamestate's copy has two equal weapons where the original shares one.",
            "MessagePack-CSharp 2.5.307 (runtime-generated formatters), two rows: int keys ([MessagePackObject], [Key(n)] from 0; StandardResolverAllowPrivate, for BookShelf's private Secret) and contractless (ContractlessStandardResolverAllowPrivate on the copy without [MessagePackObject]/[Key]: member names as map keys). "
                + "Both put NativeDateTimeResolver first (DateTime as its 64-bit binary form, which keeps Kind: the default timestamp extension reads an Unspecified or Local time back as UTC), and [Union] on the abstract bases; the members declared as a concrete class with subclasses (as for MemoryPack) go through a resolver formatter writing [tag, value] like its unions (Serializers/MessagePackAdapter.cs). "
                + "Int keys: the engine structs through two formatters in the resolver ([X, Y], [R, G, B, A]); contractless writes their public fields by name with no set-up. object values use its primitive object formatter (integers read back as long, float64 as double). "
                + "It reads ReadOnlyMemory or ReadOnlySequence, not a span: the payload reaches it as a Memory over the pinned span, no copy (Serializers/PinnedSpanMemory.cs). It has no reference tracking: gamestate's copy has two equal weapons.",
            "Amber: default AmberOptions, plus PreserveReferences where a workload shares objects (gamestate); root types named once in Workloads/AmberRoots.cs, the engine structs' surrogates in Workloads/GameState/EngineSurrogates.cs. "
                + "Amber reads no attribute on the model types but [AmberInclude] on BookShelf's private Secret (a private member needs some opt-in); it finds the polymorphic bases' subclasses, the generic constructions and the object values' types by itself.",
            "protobuf-net 3.4.40: one RuntimeTypeModel (Serializers/ProtobufNetAdapter.cs), built once on first use from the models' [ProtoContract]/[ProtoMember]/[ProtoInclude] attributes, plus: the engine structs Vector2 and Color (a separate assembly, no attributes) declared on the model member by member (model.Add(typeof(Engine.Vector2), false).Add(\"X\", \"Y\"), the same for Color's R, G, B, A); "
                + "IncludeDateTimeKind = true (its default encoding reads every DateTime back as Unspecified, and DataFormat.WellKnown reads every one back as Utc, relabelling a Local time); every type the workload roots reach added to the model and then CompileInPlace() "
                + "(not Compile(): a standalone compiled model may only reach public members, and BookShelf's Secret and the shadow members below are private). Serializes with TypeModel.Serialize<T>(IBufferWriter<byte>, T) into the reused buffer writer; deserializes with TypeModel.Deserialize<T>(ReadOnlySpan<byte>) (the payload span goes straight to its span reader: no copy, no stream); the Stream path is TypeModel.Serialize/Deserialize over the Stream. "
                + "Workarounds: gamestate: protobuf-net v3 has no reference tracking (v2's AsReference is obsolete and not implemented), so each EquippedWeapon comes back as a second WeaponItem equal to the inventory's (identity is not checked for this row, every member is); "
                + "it has no encoding for object, and System.Object cannot take a surrogate, so the three Dictionary<string, object> (Room.Variables, GameCharacter.Memory, GameState.Variables) carry no [ProtoMember] and each has a private shadow property with that field number, a Dictionary<string, ScriptValue> converted in its getter and setter, "
                + "ScriptValue being a message with one field per stored type (long, double, string, bool: a oneof in proto terms) (Workloads/GameState/ProtobufNetShapes.cs; private, so the other serializers do not see it). "
                + "bootpayload: Loadout is [NullWrappedValue] (a map entry cannot hold a null value; each value is wrapped in a message, empty for an empty slot). "
                + "All workloads: protobuf has no null collection (an empty one is simply absent), so every collection member that may be null (declared T?: envelope's KeyValuePairs, BookShelf.Books, bootpayload's Tags, Stats, Resistances, Contents, Badges, Grants, Rules, FeatureFlags) is [NullWrappedCollection] (written inside a wrapper message, so null and empty stay apart), "
                + "and so is every collection member of sportevents' positional records, which are [ProtoContract(SkipConstructor = true)] (protobuf-net calls no constructor with parameters, so nothing starts them empty and an empty one would read back null); "
                + "sportevents: SportEvent's Timeline and Competitors are [ProtoMember(n, OverwriteList = true)] (they start as Array.Empty<T>(), which protobuf-net would try to append to). The snapshot-file row writes each SportEvent with the model's SerializeWithLengthPrefix (PrefixStyle.Base128, field 1) and reads them back one by one with DeserializeItems<SportEvent>.",
            "Orleans (Microsoft.Orleans.Serialization 10.4.2): set up as its users do, new ServiceCollection().AddSerializer(b => b.AddAssembly(the bench assembly)).BuildServiceProvider(), one Serializer<T> per root type from the provider; "
                + "the model types carry [GenerateSerializer] and [Id(n)] (build-time codecs; [Id] on BookShelf's private Secret too, which the generated codec reaches without reflection); "
                + "its defaults throughout (version tolerant tagged fields, the runtime type written where it differs from the declared one, shared references tracked for every class: no per-workload set-up); "
                + "serializes with Serializer<T>.Serialize(value, IBufferWriter<byte>) into the reused buffer writer, deserializes with Deserialize(ReadOnlySpan<byte>); the Stream path is its Stream overloads.",
            "Nerdbank.MessagePack 1.4.104 on PolyType 1.4.1: type shapes from one witness class (Serializers/NerdbankAdapter.cs: a [GenerateShapeFor<T>] per workload root and per derived type a base-typed member may hold; PolyType's source generator), so no model type carries an attribute for it "
                + "except [PropertyShape] on BookShelf's private Secret (PolyType sees public members only unless one is marked); objects as msgpack maps keyed by property name (its default, version tolerant; every member written, SerializeDefaultValuesPolicy.Always); "
                + "the polymorphic bases described at run time through DerivedTypeUnions (one DerivedShapeMapping<TBase> per base, small integer aliases); WithHiFiDateTime() for every workload (msgpack's timestamp is UTC only: by default, per its docs, a Local DateTime reads back as Utc and an Unspecified one, such as the envelope's default TimeStamp, throws); "
                + "for gamestate only, PreserveReferences = ReferencePreservationMode.RejectCycles, and for gamestate and gamestate-noshare WithObjectConverter(PreserveIntegerTypes = true); "
                + "serializes with Serialize(IBufferWriter<byte>, in T, ITypeShape<T>) into the reused buffer writer; deserializes from the payload span through a reused MemoryManager<byte> over the pinned bytes (its API takes ReadOnlyMemory or ReadOnlySequence, not a span; no copy); the Stream path is its Stream overloads (Deserialize(Stream) reads the whole stream into memory first, per its docs). "
                + "Its analyzer's NBMsgPack110 (a member initializer that differs from default(T)) is suppressed in the bench project: it matters only when default values are skipped.",
            "System.Text.Json (source gen): the in-box serializer with build-time metadata (Serializers/BenchJsonContext.cs: one [JsonSerializable] per workload root and per derived type a polymorphic member holds, IncludeFields so struct fields are written); "
                + "its options are the context's own with the resolver wrapped by a contract modifier (Serializers/BenchJsonContract.cs: BookShelf's private Secret, PolymorphismOptions on the bases listed in Serializers/KnownSubtypes.cs; the other types keep the generated fast path), plus, for gamestate only, ReferenceHandler.Preserve, and for gamestate and gamestate-noshare a JsonConverter<object> for their object values (Serializers/ObjectValueConverter.cs); "
                + "Book alone uses GenerationMode = Metadata because the fast-path writer in this runtime (10.0.12) writes a null byte[] as \"\" (dotnet/runtime#129833), which would fail verification; "
                + "serializes through one cached Utf8JsonWriter reset onto the reused buffer, deserializes from the payload span; the Stream path is JsonSerializer's Stream overloads.",
            "Newtonsoft.Json 13.0.3: one JsonSerializer per workload set-up, with default settings plus DateTimeZoneHandling.RoundtripKind and DateParseHandling.DateTime (ISO 8601, 100 ns, Kind kept), a contract resolver (Serializers/NewtonsoftContract.cs: BookShelf's private Secret; TypeNameHandling.Auto on exactly the members declared as a base in Serializers/KnownSubtypes.cs or as a collection of one) "
                + "and a SerializationBinder allow-list for those type names (short names, never assembly-qualified), plus PreserveReferencesHandling.Objects for gamestate and TypeNameHandling.Auto on the serializer for everyday's messages (each one's root is the abstract Message); char buffers from ArrayPool<char>.Shared; "
                + "serializes via JsonTextWriter → a reused StreamWriter (UTF-8, no BOM) → a Stream over the reused buffer writer; deserializes via JsonTextReader → StreamReader → an UnmanagedMemoryStream over the pinned payload (no copy).",
            "Hand-written static (envelope only): the kind of static serializer a relay writes by hand for its one message type, written for MessageEnvelope: a bitmask of present members (IsInternal is its bit), DateTime as one varint of ticks << 2 | kind, Guids as 16 bytes, "
                + "UTF-8 strings with a varint length, the dictionary as count + pairs; no version tolerance, no header, nothing shared with Amber.",
        };
    }
}
