using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Game;
using Engine;

namespace Amber.Bench.Workloads
{
    public sealed partial class GameStateWorkload : Workload
    {
        public override string Name => "gamestate";

        public override string Description => "an adventure game's whole save: rooms, characters, inventories, quests, variables, engine Vector2/Color";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "gamestate: items are a class hierarchy held through the base type (List<GameItem> in rooms, inventories and containers, nested; EquippedWeapon declared as WeaponItem, which RangedWeaponItem derives from). "
                + "Amber: no configuration. System.Text.Json: a contract modifier sets PolymorphismOptions on GameItem and WeaponItem (\"$type\": \"Game.KeyItem\" …). Newtonsoft.Json: TypeNameHandling.Auto on those members only, with the allow-list binder. "
                + "Orleans: no configuration (it writes the runtime type's id wherever it differs from the declared type). "
                + "Nerdbank.MessagePack: a DerivedShapeMapping<GameItem> and a DerivedShapeMapping<WeaponItem> in its DerivedTypeUnions (integer aliases; the derived types' shapes from the witness class). "
                + "MemoryPack and MessagePack: unions on GameItem, and EquippedWeapon through a subclass formatter (their unions need an abstract base); protobuf-net: [ProtoInclude] on GameItem and WeaponItem.",
            "gamestate: each EquippedWeapon is the same instance as an item of the character's Inventory, and the comparison checks that the copy shares it too (ReferenceEquals) for every serializer here, Amber, the JSON peers and Nerdbank.MessagePack configured to keep references for this workload only: "
                + "Amber with AmberOptions.PreserveReferences (objects and strings written once), System.Text.Json with ReferenceHandler.Preserve (\"$id\"/\"$ref\" on every object, lists wrapped as {\"$id\", \"$values\"}; no generated fast path), Newtonsoft.Json with PreserveReferencesHandling.Objects (\"$id\"/\"$ref\" on objects); "
                + "Orleans keeps references by default in every workload (a back-reference to the object's position in the payload; no switch); "
                + "Nerdbank.MessagePack with PreserveReferences = ReferencePreservationMode.RejectCycles for this workload only (a msgpack extension for back-references). "
                + "MemoryPack (both modes), MessagePack (both rows) and protobuf-net have no reference tracking: their copies have a second WeaponItem equal to the inventory's, so identity is not checked for those rows (every member is), "
                + "and the summary leaves them out of this workload's line (gamestate-noshare is the save they do bring back faithfully).",
            "gamestate: the engine structs Vector2 and Color (public fields, from the separate Amber.Bench.Engine assembly, which the game does not own) are written by Amber through surrogates declared in the bench (Workloads/GameState/EngineSurrogates.cs: [assembly: AmberSurrogate], conversion operators both ways, the same members); "
                + "System.Text.Json writes their fields with IncludeFields, Newtonsoft.Json by default; "
                + "Orleans through its own surrogate mechanism, declared in the bench (Serializers/OrleansAdapter.cs: a [GenerateSerializer] surrogate struct per engine type and a [RegisterConverter] IConverter<Engine type, surrogate>); "
                + "Nerdbank.MessagePack writes their public fields directly (PolyType's source generator shapes a public struct from another assembly as it is; a marshaler on the witness's [GenerateShapeFor] would be its surrogate route, not needed here).",
            "gamestate: the script variables are Dictionary<string, object> holding long, double (an eighth of them whole numbers), string and bool values, and the comparison checks each value's type as well as its value. "
                + "Amber: no configuration (each value carries its type's tag). System.Text.Json: for this workload and gamestate-noshare only, a JsonConverter<object> registered in the options (Serializers/ObjectValueConverter.cs: a JSON integer reads as long, any other number as double, and a whole double is written with \".0\" so it reads back as a double), since by default an object value reads back as a JsonElement. "
                + "Newtonsoft.Json: its defaults (integers read as long, numbers with a fraction as double, whole doubles written as \"2.0\"; no variable string looks like a date, which DateParseHandling.DateTime would turn into a DateTime). "
                + "Orleans: no configuration (an object value carries its runtime type). "
                + "Nerdbank.MessagePack: for this workload and gamestate-noshare only, its opt-in object converter, WithObjectConverter(new ObjectConverterOptions { PreserveIntegerTypes = true }): a value is written by its runtime type (shapes for long, double, string and bool are on the witness class), and a long as a msgpack int64 so that it reads back as a long (without the option, per its docs, an integer reads back as UInt64, or Int64 when negative).",
        };

        /// <summary>EquippedWeapon shares an inventory item, so the save is only faithful when identity is kept; the variables are object values.</summary>
        public override ShapeNeeds Needs => ShapeNeeds.SharedReferences | ShapeNeeds.ObjectValues;

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            GameState state = new GameStateGenerator(new Random(BenchScale.Seed), scale.IsTiny).Create();
            yield return new WorkloadCase<GameState>(Name, GameStateGenerator.CountObjects(state), state, Compare, Needs);
        }
    }
}
