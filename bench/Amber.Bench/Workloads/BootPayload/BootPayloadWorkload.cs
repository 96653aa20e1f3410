using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Boot;

namespace Amber.Bench.Workloads
{
    public sealed partial class BootPayloadWorkload : Workload
    {
        public override string Name => "bootpayload";

        public override string Description => "a mobile game's boot response: complex objects with enums, inheritance, Reward<T> where T : Item, nulls, lists and dictionaries";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "bootpayload: members declared as a base type hold derived ones (Inventory: List<Item>; Loadout: Dictionary<EquipSlot, Item?> with empty slots null; Missions: List<Mission>; Reward<Item>.Item; LeaderboardEntry.Player: PublicProfile, sometimes a FriendProfile). "
                + "Amber: no configuration (the generator finds the derived types at compile time; a type tag once per type in the payload's shapes). "
                + "System.Text.Json: a contract modifier sets PolymorphismOptions on Item, Mission and PublicProfile, one JsonDerivedType per derived type (\"$type\": \"Boot.Weapon\" …), and the derived types have [JsonSerializable] lines on the context; customized contracts take those types, and every type that holds them, off the generated fast path. "
                + "Newtonsoft.Json: TypeNameHandling.Auto on exactly those members (set by the contract resolver) with a SerializationBinder allow-list of the same short names. "
                + "Orleans: no configuration (the runtime type's id is written wherever it differs from the declared type). "
                + "Nerdbank.MessagePack: one DerivedShapeMapping<TBase> per base (Item, Mission, PublicProfile) in its DerivedTypeUnions, set at run time (integer aliases; no [DerivedTypeShape] on the model types). "
                + "MemoryPack and MessagePack: unions on Item and Mission, and the PublicProfile members through a subclass formatter (their unions need an abstract base); protobuf-net: [ProtoInclude] from Entity down (each level of a derived object is a nested message).",
        };

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            BootResponse value = new BootPayloadGenerator(new Random(BenchScale.Seed)).Create(scale.BootObjects);
            yield return new WorkloadCase<BootResponse>(Name, scale.BootObjects, value, Compare);
        }
    }
}
