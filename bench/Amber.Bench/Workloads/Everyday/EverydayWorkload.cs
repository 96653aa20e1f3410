using System.Collections.Generic;
using Amber.Bench.Workloads.Everyday;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// The shapes users write every day, each its own case: positional records, rows of nullables and
    /// enums, objects made of an engine's small structs, and small polymorphic messages written one per
    /// payload, as a network server writes them.
    /// </summary>
    public sealed partial class EverydayWorkload : Workload
    {
        public const string Records = "records";
        public const string Rows = "rows";
        public const string Sprites = "sprites";
        public const string Messages = "messages";

        public override string Name => "everyday";

        public override string Description => "the shapes users write every day: records, rows of nullables, engine structs, small polymorphic messages";

        public override string Describe(string? caseLabel) => caseLabel switch
        {
            Records => "a TradeBlotter's List<Trade>: positional records Trade(Guid Id, string Symbol, decimal Price, int Quantity, DateTime Time, Side Side), built through their constructor",
            Rows => "a ReadingLog's List<Reading>: long Id, int? Count, double? Value, Status, DateTime? At, Unit? Unit, bool Flag; about a third of the nullables null",
            Sprites => "a Scene's List<Sprite>: engine Vector2 Position and Velocity, engine Color Tint, int Id, float Rotation, string? Name, Layer",
            Messages => "small messages declared as the abstract Message (chat, move, ping, ack, join), each its own payload: one Serialize and one Deserialize call per message",
            _ => Description,
        };

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "everyday: four cases, each a shape of its own, built from the suite's seed. records: Trade is a positional record (no parameterless constructor); its prices have 2 to 4 decimals and the comparison checks each price's scale too (12.3400 must not come back as 12.34); its times are UTC or Unspecified at 100 ns and keep their Kind. "
                + "The peers' attributes are on the record's properties ([property: MemoryPackOrder(n), Key(n), ProtoMember(n + 1), Id(n)] on the constructor's parameters, as on sportevents' records); protobuf-net also needs [ProtoContract(SkipConstructor = true)] (it calls no constructor with parameters) and sets the init-only properties. "
                + "rows: int?, double?, DateTime? and the nullable enum Unit? need no set-up in any serializer. "
                + "sprites: the engine's Vector2 and Color as in gamestate (Amber through the surrogates declared there, Workloads/GameState/EngineSurrogates.cs; the peers as that workload's notes say).",
            "everyday: messages: each message is serialized on its own, declared as the abstract Message (Serialize<Message> into the reused buffer, reset before each; Deserialize<Message> on each payload), and the row's size, times and allocations are those of all the messages together. "
                + "Amber: no configuration (the generator finds Message's subclasses; each payload carries the concrete type's tag). MemoryPack: [MemoryPackUnion] on Message; MessagePack: [Union] on Message (both rows); protobuf-net: [ProtoInclude] on Message (the subclass is a nested message); "
                + "Orleans: no configuration; each payload names the concrete type in full (\"Amber.Bench.Workloads.Everyday.ChatMessage,Amber.Bench\", about 55 of its 70–80 bytes per message), its default for a type with no [Alias] or [WellKnownId], which no model type in the suite carries; "
                + "Nerdbank.MessagePack: a DerivedShapeMapping<Message> in its DerivedTypeUnions; System.Text.Json: PolymorphismOptions on Message through the contract modifier (\"$type\": \"Everyday.ChatMessage\" …); "
                + "Newtonsoft.Json: for this case only, TypeNameHandling.Auto on the serializer (the root's type name is written only by the serializer's own setting, not a member's), with the same allow-list binder.",
        };

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            EverydaySizes sizes = scale.Everyday;
            yield return new WorkloadCase<TradeBlotter>(Name, sizes.Records, EverydayGenerator.Trades(sizes.Records), CompareTrades) { Case = Records };
            yield return new WorkloadCase<ReadingLog>(Name, sizes.Rows, EverydayGenerator.Readings(sizes.Rows), CompareReadings) { Case = Rows };
            yield return new WorkloadCase<Scene>(Name, sizes.Sprites, EverydayGenerator.Sprites(sizes.Sprites), CompareScene) { Case = Sprites };
            yield return new PayloadPerItemCase<Message>(Name, EverydayGenerator.Messages(sizes.Messages), CompareMessage, ShapeNeeds.PolymorphicRoot) { Case = Messages };
        }
    }
}
