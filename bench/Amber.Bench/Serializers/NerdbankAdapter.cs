using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using Amber.Bench.Workloads.Boot;
using Amber.Bench.Workloads.Everyday;
using Amber.Bench.Workloads.Game;
using Amber.Bench.Workloads.Sport;
using Nerdbank.MessagePack;
using PolyType;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Nerdbank.MessagePack 1.4.104 on PolyType 1.4.1: shape-based, no per-member attributes. The type
    /// shapes come from one witness class (<see cref="NerdbankShapes"/>, PolyType's source generator) that
    /// names the workloads' roots and the derived types a polymorphic member may hold, so no model type
    /// carries an attribute for it except <c>[PropertyShape]</c> on BookShelf's private Secret. The
    /// polymorphic bases are described at run time (<see cref="MessagePackSerializer.DerivedTypeUnions"/>,
    /// one <see cref="DerivedShapeMapping{TBase}"/> per base in <see cref="KnownSubtypes"/>).
    /// Objects are msgpack maps keyed by property name (its default, version tolerant).
    /// </summary>
    public sealed class NerdbankAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        private static readonly MessagePackSerializer Base = CreateSerializer();

        private readonly ShapeNeeds _needs;
        private readonly MessagePackSerializer _serializer;
        private readonly PinnedSpanMemory _payload = new PinnedSpanMemory();

        public NerdbankAdapter()
            : this(ShapeNeeds.None)
        {
        }

        private NerdbankAdapter(ShapeNeeds needs)
        {
            _needs = needs;
            MessagePackSerializer serializer = Base;
            if ((needs & ShapeNeeds.SharedReferences) != 0) serializer = serializer with { PreserveReferences = ReferencePreservationMode.RejectCycles };
            // By default an object-typed member has no shape to write; this converter writes a value by its
            // runtime type and, with PreserveIntegerTypes, writes a long as a msgpack int64 so that it reads back as a long.
            if ((needs & ShapeNeeds.ObjectValues) != 0) serializer = serializer.WithObjectConverter(new ObjectConverterOptions { PreserveIntegerTypes = true });
            _serializer = serializer;
        }

        public string Name => "Nerdbank.MessagePack";

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) => needs == _needs ? this : new NerdbankAdapter(needs);

        public bool KeepsReferences => _serializer.PreserveReferences != ReferencePreservationMode.Off;

        /// <summary>
        /// Its defaults, plus the high-fidelity DateTime converter (the msgpack timestamp is UTC only: by
        /// default a Local time comes back as Utc and an Unspecified one throws; the workloads keep Kind) and
        /// the runtime description of the class hierarchies.
        /// </summary>
        private static MessagePackSerializer CreateSerializer()
        {
            ITypeShapeProvider shapes = NerdbankShapes.GeneratedTypeShapeProvider;
            // One mapping per polymorphic base (the bases and derived types listed in KnownSubtypes), each
            // derived type under a small integer alias, as a user of the runtime API writes it.
            var item = new DerivedShapeMapping<Item>();
            item.Add<Weapon>(0, shapes);
            item.Add<Armor>(1, shapes);
            item.Add<Consumable>(2, shapes);
            item.Add<Currency>(3, shapes);
            var mission = new DerivedShapeMapping<Mission>();
            mission.Add<DailyMission>(0, shapes);
            mission.Add<StoryMission>(1, shapes);
            mission.Add<EventMission>(2, shapes);
            var profile = new DerivedShapeMapping<PublicProfile>();
            profile.Add<FriendProfile>(0, shapes);
            profile.Add<PlayerProfile>(1, shapes);
            var gameItem = new DerivedShapeMapping<GameItem>();
            gameItem.Add<WeaponItem>(0, shapes);
            gameItem.Add<RangedWeaponItem>(1, shapes);
            gameItem.Add<KeyItem>(2, shapes);
            gameItem.Add<ContainerItem>(3, shapes);
            gameItem.Add<ConsumableItem>(4, shapes);
            gameItem.Add<DocumentItem>(5, shapes);
            gameItem.Add<TrinketItem>(6, shapes);
            var weapon = new DerivedShapeMapping<WeaponItem>();
            weapon.Add<RangedWeaponItem>(0, shapes);
            var message = new DerivedShapeMapping<Message>();
            message.Add<ChatMessage>(0, shapes);
            message.Add<MoveMessage>(1, shapes);
            message.Add<PingMessage>(2, shapes);
            message.Add<AckMessage>(3, shapes);
            message.Add<JoinMessage>(4, shapes);
            return new MessagePackSerializer
            {
                DerivedTypeUnions = [item, mission, profile, gameItem, weapon, message],
            }.WithHiFiDateTime();
        }

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => _serializer.Serialize(output, value, Shape<T>.Value);

        /// <summary>Its readers take ReadOnlyMemory or ReadOnlySequence, not a span: the payload reaches it through <see cref="PinnedSpanMemory"/> (no copy, no allocation).</summary>
        public unsafe T Deserialize<T>(ReadOnlySpan<byte> payload)
        {
            fixed (byte* bytes = payload)
            {
                return _serializer.Deserialize(_payload.Over(bytes, payload.Length), Shape<T>.Value)!;
            }
        }

        public void SerializeToStream<T>(T value, Stream destination) => _serializer.Serialize(destination, value, Shape<T>.Value);

        public T DeserializeFromStream<T>(Stream source) => _serializer.Deserialize(source, Shape<T>.Value)!;

        public string StreamNote =>
            "Nerdbank.MessagePack: MessagePackSerializer.Serialize(Stream, T, ITypeShape<T>) and Deserialize(Stream, ITypeShape<T>) (which reads the whole stream into memory first, per its docs); "
            + "async: SerializeAsync(Stream, T, ITypeShape<T>) and DeserializeAsync(Stream, ITypeShape<T>).";

        public void SerializeStream<T>(T value, Stream destination) => _serializer.Serialize(destination, value, Shape<T>.Value);

        public T DeserializeStream<T>(Stream source) => _serializer.Deserialize(source, Shape<T>.Value)!;

        public bool HasAsyncStream => true;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => _serializer.SerializeAsync(destination, value, Shape<T>.Value);

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => _serializer.DeserializeAsync(source, Shape<T>.Value)!;

        private static class Shape<T>
        {
            public static readonly ITypeShape<T> Value = NerdbankShapes.GeneratedTypeShapeProvider.GetTypeShapeOrThrow<T>();
        }
    }

    /// <summary>
    /// PolyType's witness class: the shapes of the workloads' roots (and, through them, of every type
    /// they reach) and of the derived types a base-typed member may hold, generated at build time
    /// without touching the model types.
    /// </summary>
    [GenerateShapeFor<MessageEnvelope>]
    [GenerateShapeFor<BookShelf>]
    [GenerateShapeFor<Workloads.Vector3[]>]
    [GenerateShapeFor<System.Collections.Generic.List<SportEvent>>]
    [GenerateShapeFor<GameState>]
    [GenerateShapeFor<BootResponse>]
    [GenerateShapeFor<TradeBlotter>]
    [GenerateShapeFor<ReadingLog>]
    [GenerateShapeFor<Scene>]
    [GenerateShapeFor<Message>]
    [GenerateShapeFor<Weapon>]
    [GenerateShapeFor<Armor>]
    [GenerateShapeFor<Consumable>]
    [GenerateShapeFor<Currency>]
    [GenerateShapeFor<DailyMission>]
    [GenerateShapeFor<StoryMission>]
    [GenerateShapeFor<EventMission>]
    [GenerateShapeFor<FriendProfile>]
    [GenerateShapeFor<PlayerProfile>]
    [GenerateShapeFor<WeaponItem>]
    [GenerateShapeFor<RangedWeaponItem>]
    [GenerateShapeFor<KeyItem>]
    [GenerateShapeFor<ContainerItem>]
    [GenerateShapeFor<ConsumableItem>]
    [GenerateShapeFor<DocumentItem>]
    [GenerateShapeFor<TrinketItem>]
    [GenerateShapeFor<ChatMessage>]
    [GenerateShapeFor<MoveMessage>]
    [GenerateShapeFor<PingMessage>]
    [GenerateShapeFor<AckMessage>]
    [GenerateShapeFor<JoinMessage>]
    // The object-valued variables hold these; the object converter looks their shapes up by runtime type.
    [GenerateShapeFor<long>]
    [GenerateShapeFor<double>]
    [GenerateShapeFor<string>]
    [GenerateShapeFor<bool>]
    internal partial class NerdbankShapes;
}
