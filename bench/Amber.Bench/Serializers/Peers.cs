using System.Collections.Generic;

namespace Amber.Bench.Serializers
{
    /// <summary>Every serializer the suite knows, in table order.</summary>
    public static class Peers
    {
        private const string NotInRegistry = "not available: the package is not in this machine's NuGet registry copy";

        public static IReadOnlyList<ISerializerAdapter> All() => new ISerializerAdapter[]
        {
            new AmberAdapter(),
            new UnavailableAdapter("MemoryPack", NotInRegistry),
            new UnavailableAdapter("MessagePack (int keys)", NotInRegistry),
            new UnavailableAdapter("MessagePack (contractless)", NotInRegistry),
            new ProtobufNetAdapter(),
            new SystemTextJsonAdapter(),
            new NewtonsoftAdapter(),
            new HandWrittenEnvelopeAdapter(),
        };

        /// <summary>Notes about how each peer is set up, printed under the tables.</summary>
        public static IReadOnlyList<string> Footnotes => new[]
        {
            "MemoryPack, MessagePack and protobuf-net are not in this machine's NuGet registry copy; they print 'not available' until they can be restored.",
            "Amber: default AmberOptions, plus PreserveReferences where a workload shares objects (gamestate); root types named once in Workloads/AmberRoots.cs, the engine structs' surrogates in Workloads/EngineSurrogates.cs. "
                + "No model type carries an attribute for any serializer, except [AmberInclude] on BookShelf's private Secret (a private member needs some opt-in; the peers opt in from outside, through their contract APIs).",
            "protobuf-net 3.4.40: one RuntimeTypeModel (Serializers/ProtobufNetAdapter.cs), built once on first use from the models' [ProtoContract]/[ProtoMember]/[ProtoInclude] attributes, plus: the engine structs Vector2 and Color (a separate assembly, no attributes) declared on the model member by member (model.Add(typeof(Engine.Vector2), false).Add(\"X\", \"Y\"), the same for Color's R, G, B, A); "
                + "IncludeDateTimeKind = true (its default encoding reads every DateTime back as Unspecified, and DataFormat.WellKnown reads every one back as Utc, relabelling a Local time); every type the workload roots reach added to the model and then CompileInPlace() "
                + "(not Compile(): a standalone compiled model may only reach public members, and BookShelf's Secret and the shadow members below are private). Serializes with TypeModel.Serialize<T>(IBufferWriter<byte>, T) into the reused buffer writer; deserializes with TypeModel.Deserialize<T>(ReadOnlySpan<byte>) (the payload span goes straight to its span reader: no copy, no stream); the Stream path is TypeModel.Serialize/Deserialize over the Stream. "
                + "Workarounds: gamestate: protobuf-net v3 has no reference tracking (v2's AsReference is obsolete and not implemented), so each EquippedWeapon comes back as a second WeaponItem equal to the inventory's (identity is not checked for this row, every member is); "
                + "it has no encoding for object, and System.Object cannot take a surrogate, so the three Dictionary<string, object> (Room.Variables, GameCharacter.Memory, GameState.Variables) carry no [ProtoMember] and each has a private shadow property with that field number, a Dictionary<string, ScriptValue> converted in its getter and setter, "
                + "ScriptValue being a message with one field per stored type (long, double, string, bool: a oneof in proto terms) (Workloads/ProtobufNetShapes.cs; private, so the other serializers do not see it). "
                + "bootpayload: Loadout is [NullWrappedValue] (a map entry cannot hold a null value; each value is wrapped in a message, empty for an empty slot). "
                + "All workloads: protobuf has no null collection (an empty one is simply absent), so every collection member that may be null (declared T?: envelope's KeyValuePairs, BookShelf.Books, bootpayload's Tags, Stats, Resistances, Contents, Badges, Grants, Rules, FeatureFlags) is [NullWrappedCollection] (written inside a wrapper message, so null and empty stay apart), "
                + "and so is every collection member of sportevents' positional records, which are [ProtoContract(SkipConstructor = true)] (protobuf-net calls no constructor with parameters, so nothing starts them empty and an empty one would read back null); "
                + "sportevents: SportEvent's Timeline and Competitors are [ProtoMember(n, OverwriteList = true)] (they start as Array.Empty<T>(), which protobuf-net would try to append to). The snapshot-file row writes each SportEvent with the model's SerializeWithLengthPrefix (PrefixStyle.Base128, field 1) and reads them back one by one with DeserializeItems<SportEvent>.",
            "System.Text.Json (source gen): the in-box serializer with build-time metadata (Serializers/BenchJsonContext.cs: one [JsonSerializable] per workload root and per derived type a polymorphic member holds, IncludeFields so struct fields are written); "
                + "its options are the context's own with the resolver wrapped by a contract modifier (Serializers/BenchJsonContract.cs: BookShelf's private Secret, PolymorphismOptions on the bases listed in Serializers/KnownSubtypes.cs; the other types keep the generated fast path), plus, for gamestate only, ReferenceHandler.Preserve and a JsonConverter<object> for its object values (Serializers/ObjectValueConverter.cs); "
                + "Book alone uses GenerationMode = Metadata because the fast-path writer in this runtime (10.0.12) writes a null byte[] as \"\" (dotnet/runtime#129833), which would fail verification; "
                + "serializes through one cached Utf8JsonWriter reset onto the reused buffer, deserializes from the payload span; the Stream path is JsonSerializer's Stream overloads.",
            "Newtonsoft.Json 13.0.3: one JsonSerializer per workload set-up, with default settings plus DateTimeZoneHandling.RoundtripKind and DateParseHandling.DateTime (ISO 8601, 100 ns, Kind kept), a contract resolver (Serializers/NewtonsoftContract.cs: BookShelf's private Secret; TypeNameHandling.Auto on exactly the members declared as a base in Serializers/KnownSubtypes.cs or as a collection of one) "
                + "and a SerializationBinder allow-list for those type names (short names, never assembly-qualified), plus PreserveReferencesHandling.Objects for gamestate; char buffers from ArrayPool<char>.Shared; "
                + "serializes via JsonTextWriter → a reused StreamWriter (UTF-8, no BOM) → a Stream over the reused buffer writer; deserializes via JsonTextReader → StreamReader → an UnmanagedMemoryStream over the pinned payload (no copy).",
            "Hand-written static (envelope only): report 2's recipe written for MessageEnvelope: a bitmask of present members (IsInternal is its bit), DateTime as one varint of ticks << 2 | kind, Guids as 16 bytes, "
                + "UTF-8 strings with a varint length, the dictionary as count + pairs; no version tolerance, no header, nothing shared with Amber.",
        };
    }
}
