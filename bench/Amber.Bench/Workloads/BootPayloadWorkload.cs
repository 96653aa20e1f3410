using System;
using System.Collections.Generic;
using System.Globalization;
using Amber.Bench.Workloads.Boot;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Boot
{
    // Report 3's boot response: what a mobile game's server sends a client at start-up. Enums,
    // inherited classes held through their base (the inventory is a List<Item> of weapons, armour,
    // consumables and currencies; missions a List<Mission> of daily, story and event missions; a
    // leaderboard's PublicProfile is sometimes a FriendProfile), generic types with constraints
    // (Reward<T> where T : Item, closed over each item type and over Item itself, so a reward's item is
    // polymorphic too), nulls in every nullable place (empty loadout slots included), lists and
    // dictionaries of all of these. No type carries an attribute for any serializer: Amber finds the
    // derived types at compile time; the peers are told them in Serializers/KnownSubtypes.cs.

    public enum Rarity { Common, Uncommon, Rare, Epic, Legendary }

    public enum WeaponClass { Sword, Axe, Bow, Staff, Dagger, Hammer }

    public enum ArmorSlot { Head, Chest, Legs, Hands, Feet, Shield }

    public enum EffectKind { Heal, Shield, Haste, Strength, ExperienceBoost, Revive }

    public enum CurrencyKind { Gold, Gems, Tickets, GuildTokens }

    public enum Element { Fire, Ice, Lightning, Poison, Holy, Shadow }

    public enum RewardSource { Login, Mission, LiveEvent, Purchase, Achievement, Mail, Leaderboard }

    public enum DevicePlatform { Android, IOS }

    public enum OfferKind { Starter, Daily, Limited, Bundle, Subscription }

    public enum MissionCadence { Daily, Weekly }

    public enum FriendStatus { Online, Away, Offline, InBattle }

    public enum EquipSlot { MainHand, OffHand, Head, Chest, Legs, Hands, Feet, Trinket }

    /// <summary>The root of every server object.</summary>
    [MessagePackObject]
    [ProtoContract]
    [ProtoInclude(100, typeof(Item))]
    [ProtoInclude(101, typeof(ShopOffer))]
    [ProtoInclude(102, typeof(Mission))]
    [ProtoInclude(103, typeof(PublicProfile))]
    [ProtoInclude(104, typeof(Mail))]
    [ProtoInclude(105, typeof(LeaderboardEntry))]
    [ProtoInclude(106, typeof(LiveEvent))]
    [GenerateSerializer]
    public abstract partial class Entity
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public long Id { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Key { get; set; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public DateTime CreatedAt { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public DateTime? UpdatedAt { get; set; }
    }

    [MemoryPackable]

    [MemoryPackUnion(0, typeof(Weapon))]

    [MemoryPackUnion(1, typeof(Armor))]

    [MemoryPackUnion(2, typeof(Consumable))]

    [MemoryPackUnion(3, typeof(Currency))]

    [MessagePackObject]

    [Union(0, typeof(Weapon))]

    [Union(1, typeof(Armor))]

    [Union(2, typeof(Consumable))]

    [Union(3, typeof(Currency))]

    [ProtoContract]

    [ProtoInclude(100, typeof(Weapon))]

    [ProtoInclude(101, typeof(Armor))]

    [ProtoInclude(102, typeof(Consumable))]

    [ProtoInclude(103, typeof(Currency))]

    [GenerateSerializer]

    public abstract partial class Item : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string Name { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public string? Description { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public Rarity Rarity { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public int Level { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public string IconUrl { get; set; } = "";
        [MemoryPackOrder(9), Key(9), ProtoMember(6), NullWrappedCollection, Id(5)]
        public List<string>? Tags { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(7), NullWrappedCollection, Id(6)]
        public Dictionary<string, int>? Stats { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Weapon : Item
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public int Damage { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public WeaponClass Class { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public double CritChance { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(4), Id(3)]
        public Element? Element { get; set; }
        [MemoryPackOrder(15), Key(15), ProtoMember(5), Id(4)]
        public int? Durability { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Armor : Item
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public int Defense { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public ArmorSlot Slot { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public int? Durability { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(4), NullWrappedCollection, Id(3)]
        public Dictionary<Element, int>? Resistances { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Consumable : Item
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public EffectKind Effect { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public int Potency { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public TimeSpan? Duration { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(4), Id(3)]
        public int MaxStack { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Currency : Item
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public CurrencyKind Kind { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public bool Premium { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public long? Cap { get; set; }
    }

    /// <summary>A generic type with a constraint, closed over Weapon, Armor, Consumable, Currency and Item (any of them).</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Reward<T> where T : Item
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public T? Item { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public int Quantity { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public RewardSource Source { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public double? DropChance { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public DateTime? ExpiresAt { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public string? Message { get; set; }
    }

    /// <summary>A range of a comparable value type: Ranged&lt;int&gt; levels, Ranged&lt;DateTime&gt; windows.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Ranged<T> where T : struct, IComparable<T>
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public T Min { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public T Max { get; set; }
    }

    /// <summary>One page of a longer server-side list.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Page<T> where T : class
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public List<T> Items { get; set; } = new List<T>();
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public int Total { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public int PageIndex { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? NextCursor { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Price
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public CurrencyKind Currency { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public long Amount { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public long? OriginalAmount { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? StoreSku { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class ShopOffer : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string Title { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public OfferKind Kind { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public Price Price { get; set; } = new Price();
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public DateTime? StartsAt { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public DateTime? EndsAt { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(6), Id(5)]
        public int? PurchaseLimit { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(7), Id(6)]
        public Ranged<int>? LevelRange { get; set; }
        /// <summary>What the offer sells: any kind of item.</summary>
        [MemoryPackOrder(11), Key(11), ProtoMember(8), NullWrappedCollection, Id(7)]
        public List<Reward<Item>>? Contents { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(9), Id(8)]
        public Reward<Currency>? Bonus { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(10), NullWrappedCollection, Id(9)]
        public Dictionary<string, string>? Badges { get; set; }
    }

    [MemoryPackable]

    [MemoryPackUnion(0, typeof(DailyMission))]

    [MemoryPackUnion(1, typeof(StoryMission))]

    [MemoryPackUnion(2, typeof(EventMission))]

    [MessagePackObject]

    [Union(0, typeof(DailyMission))]

    [Union(1, typeof(StoryMission))]

    [Union(2, typeof(EventMission))]

    [ProtoContract]

    [ProtoInclude(100, typeof(DailyMission))]

    [ProtoInclude(101, typeof(StoryMission))]

    [ProtoInclude(102, typeof(EventMission))]

    [GenerateSerializer]

    public abstract partial class Mission : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string Title { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public string Description { get; set; } = "";
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public int Progress { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public int Goal { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public bool Claimed { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(6), Id(5)]
        public List<Reward<Currency>> CurrencyRewards { get; set; } = new List<Reward<Currency>>();
        [MemoryPackOrder(10), Key(10), ProtoMember(7), Id(6)]
        public Reward<Consumable>? ItemReward { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class DailyMission : Mission
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public MissionCadence Cadence { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public DateTime ResetsAt { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public int? RerollsLeft { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class StoryMission : Mission
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public int Chapter { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public string? PrerequisiteKey { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public Reward<Weapon>? WeaponReward { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(4), Id(3)]
        public Reward<Armor>? ArmorReward { get; set; }
    }

    /// <summary>A mission that belongs to a live event: its tiers pay out any kind of item.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class EventMission : Mission
    {
        [MemoryPackOrder(11), Key(11), ProtoMember(1), Id(0)]
        public string EventKey { get; set; } = "";
        [MemoryPackOrder(12), Key(12), ProtoMember(2), Id(1)]
        public long TokenGoal { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(3), Id(2)]
        public int? Tier { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(4), Id(3)]
        public Reward<Item>? TierReward { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]

    [MessagePackObject]

    [ProtoContract]

    [ProtoInclude(100, typeof(FriendProfile))]

    [ProtoInclude(101, typeof(PlayerProfile))]

    [GenerateSerializer]

    public partial class PublicProfile : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string DisplayName { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public int Level { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public string? AvatarUrl { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public string? GuildName { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public string? CountryCode { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(6), Id(5)]
        public int? ArenaRank { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class FriendProfile : PublicProfile
    {
        [MemoryPackOrder(10), Key(10), ProtoMember(1), Id(0)]
        public FriendStatus Status { get; set; }
        [MemoryPackOrder(11), Key(11), ProtoMember(2), Id(1)]
        public DateTime? LastOnline { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(3), Id(2)]
        public bool Favorite { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(4), Id(3)]
        public int? GiftsSentToday { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class PlayerProfile : PublicProfile
    {
        [MemoryPackOrder(10), Key(10), ProtoMember(1), Id(0)]
        public string? Email { get; set; }
        [MemoryPackOrder(11), Key(11), ProtoMember(2), Id(1)]
        public DevicePlatform Platform { get; set; }
        [MemoryPackOrder(12), Key(12), ProtoMember(3), Id(2)]
        public long Experience { get; set; }
        [MemoryPackOrder(13), Key(13), ProtoMember(4), Id(3)]
        public int VipLevel { get; set; }
        [MemoryPackOrder(14), Key(14), ProtoMember(5), Id(4)]
        public Dictionary<CurrencyKind, long> Balances { get; set; } = new Dictionary<CurrencyKind, long>();
        [MemoryPackOrder(15), Key(15), ProtoMember(6), Id(5)]
        public DateTime? BannedUntil { get; set; }
        [MemoryPackOrder(16), Key(16), ProtoMember(7), Id(6)]
        public List<string> UnlockedFeatures { get; set; } = new List<string>();
        [MemoryPackOrder(17), Key(17), ProtoMember(8), Id(7)]
        public Dictionary<string, int> Settings { get; set; } = new Dictionary<string, int>();
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Mail : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string Subject { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public string Body { get; set; } = "";
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        [PublicProfileUnionFormatter]
        public PublicProfile? Sender { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public bool Read { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public DateTime? ExpiresAt { get; set; }
        [MemoryPackOrder(9), Key(9), ProtoMember(6), Id(5)]
        public Reward<Currency>? Gift { get; set; }

        /// <summary>Attached items of any kind.</summary>
        [MemoryPackOrder(10), Key(10), ProtoMember(7), NullWrappedCollection, Id(6)]
        public List<Reward<Item>>? Grants { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class LeaderboardEntry : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public int Rank { get; set; }

        /// <summary>A PublicProfile, or a FriendProfile when the player is a friend.</summary>
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        [PublicProfileUnionFormatter]
        public PublicProfile Player { get; set; } = new PublicProfile();
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public long Score { get; set; }
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public int? PreviousRank { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public Reward<Currency>? SeasonReward { get; set; }
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class LiveEvent : Entity
    {
        [MemoryPackOrder(4), Key(4), ProtoMember(1), Id(0)]
        public string Name { get; set; } = "";
        [MemoryPackOrder(5), Key(5), ProtoMember(2), Id(1)]
        public string? Description { get; set; }
        [MemoryPackOrder(6), Key(6), ProtoMember(3), Id(2)]
        public Ranged<DateTime> Window { get; set; } = new Ranged<DateTime>();
        [MemoryPackOrder(7), Key(7), ProtoMember(4), Id(3)]
        public Ranged<int>? LevelRange { get; set; }
        [MemoryPackOrder(8), Key(8), ProtoMember(5), Id(4)]
        public Dictionary<int, Reward<Currency>> Milestones { get; set; } = new Dictionary<int, Reward<Currency>>();
        [MemoryPackOrder(9), Key(9), ProtoMember(6), Id(5)]
        public Reward<Weapon>? GrandPrize { get; set; }
        [MemoryPackOrder(10), Key(10), ProtoMember(7), Id(6)]
        public Reward<Armor>? RunnerUpPrize { get; set; }
        [MemoryPackOrder(11), Key(11), ProtoMember(8), NullWrappedCollection, Id(7)]
        public List<string>? Rules { get; set; }
    }

    /// <summary>The boot response.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class BootResponse
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string ServerVersion { get; set; } = "";
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public DateTime ServerTime { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public Guid SessionId { get; set; }
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public string? MaintenanceMessage { get; set; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public Ranged<DateTime>? MaintenanceWindow { get; set; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public PlayerProfile Player { get; set; } = new PlayerProfile();

        /// <summary>Everything the player carries: weapons, armour, consumables and currencies in one list.</summary>
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public List<Item> Inventory { get; set; } = new List<Item>();

        /// <summary>What is equipped in each slot; null for an empty slot.</summary>
        [MemoryPackOrder(7), Key(7), ProtoMember(8), NullWrappedValue, Id(7)]
        public Dictionary<EquipSlot, Item?> Loadout { get; set; } = new Dictionary<EquipSlot, Item?>();

        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public Dictionary<CurrencyKind, Currency> Wallet { get; set; } = new Dictionary<CurrencyKind, Currency>();
        [MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        public List<ShopOffer> Offers { get; set; } = new List<ShopOffer>();

        /// <summary>Daily, story and event missions in one list.</summary>
        [MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        public List<Mission> Missions { get; set; } = new List<Mission>();
        [MemoryPackOrder(11), Key(11), ProtoMember(12), Id(11)]
        public List<Mail> Inbox { get; set; } = new List<Mail>();
        [MemoryPackOrder(12), Key(12), ProtoMember(13), Id(12)]
        public List<FriendProfile> Friends { get; set; } = new List<FriendProfile>();
        [MemoryPackOrder(13), Key(13), ProtoMember(14), Id(13)]
        public Page<LeaderboardEntry> Leaderboard { get; set; } = new Page<LeaderboardEntry>();
        [MemoryPackOrder(14), Key(14), ProtoMember(15), Id(14)]
        public Dictionary<string, LiveEvent> Events { get; set; } = new Dictionary<string, LiveEvent>();
        [MemoryPackOrder(15), Key(15), ProtoMember(16), Id(15)]
        public Dictionary<string, string> RemoteConfig { get; set; } = new Dictionary<string, string>();
        [MemoryPackOrder(16), Key(16), ProtoMember(17), NullWrappedCollection, Id(16)]
        public Dictionary<string, bool>? FeatureFlags { get; set; }
    }
}

namespace Amber.Bench.Workloads
{
    public sealed class BootPayloadWorkload : Workload
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

        // ---------------------------------------------------------------- touch phase

        public static void Compare(Comparer c, BootResponse e, BootResponse a)
        {
            c.Object("", e, a, (c, p, e, a) =>
            {
                c.Equal("ServerVersion", e.ServerVersion, a.ServerVersion);
                c.Time("ServerTime", e.ServerTime, a.ServerTime);
                c.Equal("SessionId", e.SessionId, a.SessionId);
                c.Equal("MaintenanceMessage", e.MaintenanceMessage, a.MaintenanceMessage);
                CompareTimeRange(c, "MaintenanceWindow", e.MaintenanceWindow, a.MaintenanceWindow);
                ComparePlayer(c, "Player", e.Player, a.Player);
                c.Sequence("Inventory", e.Inventory, a.Inventory, CompareAnyItem);
                c.Map("Loadout", e.Loadout, a.Loadout, CompareAnyItem);
                c.Map("Wallet", e.Wallet, a.Wallet, CompareCurrency);
                c.Sequence("Offers", e.Offers, a.Offers, CompareOffer);
                c.Sequence("Missions", e.Missions, a.Missions, CompareAnyMission);
                c.Sequence("Inbox", e.Inbox, a.Inbox, CompareMail);
                c.Sequence("Friends", e.Friends, a.Friends, CompareFriend);
                c.Object("Leaderboard", e.Leaderboard, a.Leaderboard, (c, p, e, a) =>
                {
                    c.Sequence(p + ".Items", e.Items, a.Items, CompareLeaderboardEntry);
                    c.Equal(p + ".Total", e.Total, a.Total);
                    c.Equal(p + ".PageIndex", e.PageIndex, a.PageIndex);
                    c.Equal(p + ".NextCursor", e.NextCursor, a.NextCursor);
                });
                c.Map("Events", e.Events, a.Events, CompareLiveEvent);
                c.MapValues("RemoteConfig", e.RemoteConfig, a.RemoteConfig);
                c.MapValues("FeatureFlags", e.FeatureFlags, a.FeatureFlags);
            });
        }

        private static void CompareEntity(Comparer c, string p, Entity e, Entity a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Key", e.Key, a.Key);
            c.Time(p + ".CreatedAt", e.CreatedAt, a.CreatedAt);
            c.Time(p + ".UpdatedAt", e.UpdatedAt, a.UpdatedAt);
        }

        private static void CompareItem(Comparer c, string p, Item e, Item a)
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.Equal(p + ".Rarity", e.Rarity, a.Rarity);
            c.Equal(p + ".Level", e.Level, a.Level);
            c.Equal(p + ".IconUrl", e.IconUrl, a.IconUrl);
            c.SeqValues(p + ".Tags", e.Tags, a.Tags);
            c.MapValues(p + ".Stats", e.Stats, a.Stats);
        }

        /// <summary>An Item-typed member: null on both sides, or the same derived type with the same members.</summary>
        private static void CompareAnyItem(Comparer c, string p, Item? e, Item? a) => c.Polymorphic(p, e, a, (c, p, e, a) =>
        {
            switch (e)
            {
                case Weapon w: CompareWeapon(c, p, w, (Weapon)a); break;
                case Armor x: CompareArmor(c, p, x, (Armor)a); break;
                case Consumable x: CompareConsumable(c, p, x, (Consumable)a); break;
                case Currency x: CompareCurrency(c, p, x, (Currency)a); break;
                default: c.Fail(p, "no comparison for " + e.GetType().Name); break;
            }
        });

        private static void CompareWeapon(Comparer c, string p, Weapon? e, Weapon? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareItem(c, p, e, a);
            c.Equal(p + ".Damage", e.Damage, a.Damage);
            c.Equal(p + ".Class", e.Class, a.Class);
            c.Equal(p + ".CritChance", e.CritChance, a.CritChance);
            c.Equal(p + ".Element", e.Element, a.Element);
            c.Equal(p + ".Durability", e.Durability, a.Durability);
        });

        private static void CompareArmor(Comparer c, string p, Armor? e, Armor? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareItem(c, p, e, a);
            c.Equal(p + ".Defense", e.Defense, a.Defense);
            c.Equal(p + ".Slot", e.Slot, a.Slot);
            c.Equal(p + ".Durability", e.Durability, a.Durability);
            c.MapValues(p + ".Resistances", e.Resistances, a.Resistances);
        });

        private static void CompareConsumable(Comparer c, string p, Consumable? e, Consumable? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareItem(c, p, e, a);
            c.Equal(p + ".Effect", e.Effect, a.Effect);
            c.Equal(p + ".Potency", e.Potency, a.Potency);
            c.Equal(p + ".Duration", e.Duration, a.Duration);
            c.Equal(p + ".MaxStack", e.MaxStack, a.MaxStack);
        });

        private static void CompareCurrency(Comparer c, string p, Currency? e, Currency? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareItem(c, p, e, a);
            c.Equal(p + ".Kind", e.Kind, a.Kind);
            c.Equal(p + ".Premium", e.Premium, a.Premium);
            c.Equal(p + ".Cap", e.Cap, a.Cap);
        });

        private static void CompareReward<T>(Comparer c, string p, Reward<T>? e, Reward<T>? a, Action<Comparer, string, T?, T?> item)
            where T : Item => c.Object(p, e, a, (c, p, e, a) =>
        {
            item(c, p + ".Item", e.Item, a.Item);
            c.Equal(p + ".Quantity", e.Quantity, a.Quantity);
            c.Equal(p + ".Source", e.Source, a.Source);
            c.Equal(p + ".DropChance", e.DropChance, a.DropChance);
            c.Time(p + ".ExpiresAt", e.ExpiresAt, a.ExpiresAt);
            c.Equal(p + ".Message", e.Message, a.Message);
        });

        private static void CompareLevels(Comparer c, string p, Ranged<int>? e, Ranged<int>? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            c.Equal(p + ".Min", e.Min, a.Min);
            c.Equal(p + ".Max", e.Max, a.Max);
        });

        private static void CompareTimeRange(Comparer c, string p, Ranged<DateTime>? e, Ranged<DateTime>? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            c.Time(p + ".Min", e.Min, a.Min);
            c.Time(p + ".Max", e.Max, a.Max);
        });

        private static void CompareOffer(Comparer c, string p, ShopOffer? e, ShopOffer? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Title", e.Title, a.Title);
            c.Equal(p + ".Kind", e.Kind, a.Kind);
            c.Object(p + ".Price", e.Price, a.Price, (c, p, e, a) =>
            {
                c.Equal(p + ".Currency", e.Currency, a.Currency);
                c.Equal(p + ".Amount", e.Amount, a.Amount);
                c.Equal(p + ".OriginalAmount", e.OriginalAmount, a.OriginalAmount);
                c.Equal(p + ".StoreSku", e.StoreSku, a.StoreSku);
            });
            c.Time(p + ".StartsAt", e.StartsAt, a.StartsAt);
            c.Time(p + ".EndsAt", e.EndsAt, a.EndsAt);
            c.Equal(p + ".PurchaseLimit", e.PurchaseLimit, a.PurchaseLimit);
            CompareLevels(c, p + ".LevelRange", e.LevelRange, a.LevelRange);
            c.Sequence(p + ".Contents", e.Contents, a.Contents, (c, p, e, a) => CompareReward<Item>(c, p, e, a, CompareAnyItem));
            CompareReward<Currency>(c, p + ".Bonus", e.Bonus, a.Bonus, CompareCurrency);
            c.MapValues(p + ".Badges", e.Badges, a.Badges);
        });

        private static void CompareMission(Comparer c, string p, Mission e, Mission a)
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Title", e.Title, a.Title);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.Equal(p + ".Progress", e.Progress, a.Progress);
            c.Equal(p + ".Goal", e.Goal, a.Goal);
            c.Equal(p + ".Claimed", e.Claimed, a.Claimed);
            c.Sequence(p + ".CurrencyRewards", e.CurrencyRewards, a.CurrencyRewards, (c, p, e, a) => CompareReward<Currency>(c, p, e, a, CompareCurrency));
            CompareReward<Consumable>(c, p + ".ItemReward", e.ItemReward, a.ItemReward, CompareConsumable);
        }

        /// <summary>A Mission-typed element: the same derived type with the same members.</summary>
        private static void CompareAnyMission(Comparer c, string p, Mission? e, Mission? a) => c.Polymorphic(p, e, a, (c, p, e, a) =>
        {
            switch (e)
            {
                case DailyMission m: CompareDailyMission(c, p, m, (DailyMission)a); break;
                case StoryMission m: CompareStoryMission(c, p, m, (StoryMission)a); break;
                case EventMission m: CompareEventMission(c, p, m, (EventMission)a); break;
                default: c.Fail(p, "no comparison for " + e.GetType().Name); break;
            }
        });

        private static void CompareDailyMission(Comparer c, string p, DailyMission e, DailyMission a)
        {
            CompareMission(c, p, e, a);
            c.Equal(p + ".Cadence", e.Cadence, a.Cadence);
            c.Time(p + ".ResetsAt", e.ResetsAt, a.ResetsAt);
            c.Equal(p + ".RerollsLeft", e.RerollsLeft, a.RerollsLeft);
        }

        private static void CompareStoryMission(Comparer c, string p, StoryMission e, StoryMission a)
        {
            CompareMission(c, p, e, a);
            c.Equal(p + ".Chapter", e.Chapter, a.Chapter);
            c.Equal(p + ".PrerequisiteKey", e.PrerequisiteKey, a.PrerequisiteKey);
            CompareReward<Weapon>(c, p + ".WeaponReward", e.WeaponReward, a.WeaponReward, CompareWeapon);
            CompareReward<Armor>(c, p + ".ArmorReward", e.ArmorReward, a.ArmorReward, CompareArmor);
        }

        private static void CompareEventMission(Comparer c, string p, EventMission e, EventMission a)
        {
            CompareMission(c, p, e, a);
            c.Equal(p + ".EventKey", e.EventKey, a.EventKey);
            c.Equal(p + ".TokenGoal", e.TokenGoal, a.TokenGoal);
            c.Equal(p + ".Tier", e.Tier, a.Tier);
            CompareReward<Item>(c, p + ".TierReward", e.TierReward, a.TierReward, CompareAnyItem);
        }

        private static void ComparePublicProfileMembers(Comparer c, string p, PublicProfile e, PublicProfile a)
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".DisplayName", e.DisplayName, a.DisplayName);
            c.Equal(p + ".Level", e.Level, a.Level);
            c.Equal(p + ".AvatarUrl", e.AvatarUrl, a.AvatarUrl);
            c.Equal(p + ".GuildName", e.GuildName, a.GuildName);
            c.Equal(p + ".CountryCode", e.CountryCode, a.CountryCode);
            c.Equal(p + ".ArenaRank", e.ArenaRank, a.ArenaRank);
        }

        /// <summary>A PublicProfile-typed member: the same type (PublicProfile itself or a derived one) with the same members.</summary>
        private static void ComparePublicProfile(Comparer c, string p, PublicProfile? e, PublicProfile? a) => c.Polymorphic(p, e, a, (c, p, e, a) =>
        {
            switch (e)
            {
                case FriendProfile f: CompareFriendMembers(c, p, f, (FriendProfile)a); break;
                case PlayerProfile x: ComparePlayerMembers(c, p, x, (PlayerProfile)a); break;
                default: ComparePublicProfileMembers(c, p, e, a); break;
            }
        });

        private static void CompareFriend(Comparer c, string p, FriendProfile? e, FriendProfile? a) => c.Object(p, e, a, CompareFriendMembers);

        private static void CompareFriendMembers(Comparer c, string p, FriendProfile e, FriendProfile a)
        {
            ComparePublicProfileMembers(c, p, e, a);
            c.Equal(p + ".Status", e.Status, a.Status);
            c.Time(p + ".LastOnline", e.LastOnline, a.LastOnline);
            c.Equal(p + ".Favorite", e.Favorite, a.Favorite);
            c.Equal(p + ".GiftsSentToday", e.GiftsSentToday, a.GiftsSentToday);
        }

        private static void ComparePlayer(Comparer c, string p, PlayerProfile? e, PlayerProfile? a) => c.Object(p, e, a, ComparePlayerMembers);

        private static void ComparePlayerMembers(Comparer c, string p, PlayerProfile e, PlayerProfile a)
        {
            ComparePublicProfileMembers(c, p, e, a);
            c.Equal(p + ".Email", e.Email, a.Email);
            c.Equal(p + ".Platform", e.Platform, a.Platform);
            c.Equal(p + ".Experience", e.Experience, a.Experience);
            c.Equal(p + ".VipLevel", e.VipLevel, a.VipLevel);
            c.MapValues(p + ".Balances", e.Balances, a.Balances);
            c.Time(p + ".BannedUntil", e.BannedUntil, a.BannedUntil);
            c.SeqValues(p + ".UnlockedFeatures", e.UnlockedFeatures, a.UnlockedFeatures);
            c.MapValues(p + ".Settings", e.Settings, a.Settings);
        }

        private static void CompareMail(Comparer c, string p, Mail? e, Mail? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Subject", e.Subject, a.Subject);
            c.Equal(p + ".Body", e.Body, a.Body);
            ComparePublicProfile(c, p + ".Sender", e.Sender, a.Sender);
            c.Equal(p + ".Read", e.Read, a.Read);
            c.Time(p + ".ExpiresAt", e.ExpiresAt, a.ExpiresAt);
            CompareReward<Currency>(c, p + ".Gift", e.Gift, a.Gift, CompareCurrency);
            c.Sequence(p + ".Grants", e.Grants, a.Grants, (c, p, e, a) => CompareReward<Item>(c, p, e, a, CompareAnyItem));
        });

        private static void CompareLeaderboardEntry(Comparer c, string p, LeaderboardEntry? e, LeaderboardEntry? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Rank", e.Rank, a.Rank);
            ComparePublicProfile(c, p + ".Player", e.Player, a.Player);
            c.Equal(p + ".Score", e.Score, a.Score);
            c.Equal(p + ".PreviousRank", e.PreviousRank, a.PreviousRank);
            CompareReward<Currency>(c, p + ".SeasonReward", e.SeasonReward, a.SeasonReward, CompareCurrency);
        });

        private static void CompareLiveEvent(Comparer c, string p, LiveEvent? e, LiveEvent? a) => c.Object(p, e, a, (c, p, e, a) =>
        {
            CompareEntity(c, p, e, a);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Description", e.Description, a.Description);
            CompareTimeRange(c, p + ".Window", e.Window, a.Window);
            CompareLevels(c, p + ".LevelRange", e.LevelRange, a.LevelRange);
            c.Map(p + ".Milestones", e.Milestones, a.Milestones, (c, p, e, a) => CompareReward<Currency>(c, p, e, a, CompareCurrency));
            CompareReward<Weapon>(c, p + ".GrandPrize", e.GrandPrize, a.GrandPrize, CompareWeapon);
            CompareReward<Armor>(c, p + ".RunnerUpPrize", e.RunnerUpPrize, a.RunnerUpPrize, CompareArmor);
            c.SeqValues(p + ".Rules", e.Rules, a.Rules);
        });
    }

    /// <summary>
    /// Builds a boot response of exactly N top-level complex objects (items, offers, missions, mails,
    /// friends, leaderboard entries, live events) from a seeded Random; every nullable member is null
    /// in some objects and set in others.
    /// </summary>
    internal sealed class BootPayloadGenerator
    {
        private static readonly string[] Adjectives = { "Ancient", "Blazing", "Frozen", "Gilded", "Shadow", "Storm", "Verdant", "Runed", "Savage", "Celestial", "Hollow", "Crimson" };

        private static readonly string[] Nouns = { "Fang", "Oath", "Warden", "Tempest", "Ember", "Bastion", "Whisper", "Crown", "Talon", "Aegis", "Requiem", "Harbinger" };

        private static readonly string[] Tags = { "pvp", "pve", "raid", "event", "tradeable", "bound", "upgradeable", "set_bonus", "limited", "crafted" };

        private static readonly string[] PlayerNames =
        {
            "DragonSlayer99", "xX_Nyx_Xx", "MoonBlade", "CaptainKale", "Sir Reginald", "ぽよぽよ", "Ñandú", "Ragnarök", "ShadowFox", "Lumière",
            "GrimReaper", "PixelWitch", "Oxbow", "Tofu_King", "Zephyrine", "Krakenbane", "lil_bard", "Valkyrja", "Seraphim", "NoScope",
        };

        private static readonly string[] Guilds = { "Knights of Dawn", "The Iron Fist", "Moonlit Order", "Tavern Regulars", "Void Walkers", "Crimson Pact" };

        private static readonly string[] Countries = { "US", "DE", "BR", "JP", "KR", "FR", "GB", "ES", "TR", "PL", "MX", "ID" };

        private readonly Random _r;
        private readonly DateTime _now = new DateTime(2026, 2, 3, 9, 15, 30, DateTimeKind.Utc).AddTicks(1_234_567);
        private long _nextId = 9_000_000_000L;

        public BootPayloadGenerator(Random random) => _r = random;

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        /// <summary>True in most objects: the member is set; otherwise it stays null.</summary>
        private bool Some(double p = 0.6) => _r.NextDouble() < p;

        private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

        private DateTime Past(int maxDays) => _now.AddSeconds(-_r.Next(maxDays * 86_400));

        private DateTime Future(int maxDays) => _now.AddSeconds(_r.Next(maxDays * 86_400));

        private void Entity(Entity e, string key)
        {
            e.Id = _nextId++;
            e.Key = key;
            e.CreatedAt = Past(400);
            e.UpdatedAt = Some() ? Past(30) : null;
        }

        private void ItemMembers(Item item, string kind)
        {
            string name = Pick(Adjectives) + " " + Pick(Nouns);
            Entity(item, Inv($"{kind}_{name.ToLowerInvariant().Replace(' ', '_')}_{_r.Next(100):00}"));
            item.Name = name;
            item.Description = Some() ? Inv($"Forged in the {Pick(new[] { "fires of Mount Ash", "frost caves of Vel", "sunken temple", "royal armoury", "wandering merchant's cart" })}. {Pick(new[] { "Favoured by duelists.", "Hums faintly at night.", "Grows stronger with every victory.", "A relic of the old war." })}") : null;
            item.Rarity = (Rarity)_r.Next(5);
            item.Level = 1 + _r.Next(80);
            item.IconUrl = Inv($"https://cdn.example-game.com/icons/{kind}/{item.Key}.png");
            if (Some())
            {
                item.Tags = new List<string>();
                int n = 1 + _r.Next(4);
                for (int i = 0; i < n; i++) item.Tags.Add(Pick(Tags));
            }
            if (Some())
            {
                item.Stats = new Dictionary<string, int>();
                foreach (string stat in new[] { "strength", "agility", "intellect", "stamina", "haste" })
                {
                    if (Some(0.5)) item.Stats[stat] = 1 + _r.Next(60);
                }
            }
        }

        /// <summary>Any kind of item, as an inventory or a reward holds them.</summary>
        private Item NewAnyItem()
        {
            double roll = _r.NextDouble();
            return roll < 0.35 ? NewWeapon() : roll < 0.65 ? NewArmor() : roll < 0.9 ? NewConsumable() : NewCurrency();
        }

        private Weapon NewWeapon()
        {
            var w = new Weapon();
            ItemMembers(w, "weapon");
            w.Damage = 10 + _r.Next(500);
            w.Class = (WeaponClass)_r.Next(6);
            w.CritChance = _r.Next(0, 400) / 1000.0;
            w.Element = Some() ? (Element)_r.Next(6) : null;
            w.Durability = Some() ? 50 + _r.Next(200) : null;
            return w;
        }

        private Armor NewArmor()
        {
            var a = new Armor();
            ItemMembers(a, "armor");
            a.Defense = 5 + _r.Next(300);
            a.Slot = (ArmorSlot)_r.Next(6);
            a.Durability = Some() ? 50 + _r.Next(200) : null;
            if (Some(0.5))
            {
                a.Resistances = new Dictionary<Element, int>();
                int n = 1 + _r.Next(3);
                for (int i = 0; i < n; i++) a.Resistances[(Element)_r.Next(6)] = 5 + _r.Next(40);
            }
            return a;
        }

        private Consumable NewConsumable()
        {
            var c = new Consumable();
            ItemMembers(c, "consumable");
            c.Effect = (EffectKind)_r.Next(6);
            c.Potency = 10 + _r.Next(500);
            c.Duration = Some() ? TimeSpan.FromSeconds(30 * (1 + _r.Next(120))) : null;
            c.MaxStack = Pick(new[] { 1, 10, 50, 99, 999 });
            return c;
        }

        private Currency NewCurrency(CurrencyKind? kind = null)
        {
            var c = new Currency();
            ItemMembers(c, "currency");
            c.Kind = kind ?? (CurrencyKind)_r.Next(4);
            c.Name = c.Kind.ToString();
            c.Premium = c.Kind == CurrencyKind.Gems;
            c.Cap = Some() ? 1_000_000L * (1 + _r.Next(100)) : null;
            return c;
        }

        private Reward<T> NewReward<T>(T item) where T : Item => new Reward<T>
        {
            Item = item,
            Quantity = 1 + _r.Next(item is Currency ? 5000 : 5),
            Source = (RewardSource)_r.Next(7),
            DropChance = Some() ? _r.Next(1, 1000) / 1000.0 : null,
            ExpiresAt = Some(0.4) ? Future(30) : null,
            Message = Some(0.5) ? Pick(new[] { "Thanks for playing!", "Season reward", "Compensation for yesterday's downtime", "Welcome back, hero!", "Limited time only" }) : null,
        };

        private Ranged<int> Levels()
        {
            int min = 1 + _r.Next(50);
            return new Ranged<int> { Min = min, Max = min + _r.Next(50) };
        }

        private PublicProfile FillProfile(PublicProfile profile)
        {
            string name = Pick(PlayerNames) + (Some(0.5) ? Inv($"{_r.Next(1000)}") : "");
            Entity(profile, Inv($"player_{_r.Next(100_000_000):00000000}"));
            profile.DisplayName = name;
            profile.Level = 1 + _r.Next(100);
            profile.AvatarUrl = Some() ? Inv($"https://cdn.example-game.com/avatars/{_r.Next(500)}.png") : null;
            profile.GuildName = Some(0.5) ? Pick(Guilds) : null;
            profile.CountryCode = Some(0.8) ? Pick(Countries) : null;
            profile.ArenaRank = Some(0.5) ? 1 + _r.Next(100_000) : null;
            return profile;
        }

        public BootResponse Create(int objects)
        {
            var response = new BootResponse
            {
                ServerVersion = "2026.2.1-hotfix3 (a1b9c4e)",
                ServerTime = _now,
                SessionId = EnvelopeWorkload.NewGuid(_r),
                MaintenanceMessage = "Scheduled maintenance on Thursday: new raid, balance changes and bug fixes.",
                MaintenanceWindow = new Ranged<DateTime> { Min = _now.AddDays(2), Max = _now.AddDays(2).AddHours(3) },
                FeatureFlags = new Dictionary<string, bool> { ["guild_wars"] = true, ["new_shop_ui"] = false, ["cross_play"] = true, ["pet_system"] = false },
            };

            var player = (PlayerProfile)FillProfile(new PlayerProfile());
            player.Email = null;
            player.Platform = DevicePlatform.Android;
            player.Experience = 1_234_567;
            player.VipLevel = 4;
            foreach (CurrencyKind kind in Enum.GetValues<CurrencyKind>()) player.Balances[kind] = _r.Next(1_000_000);
            player.BannedUntil = null;
            player.UnlockedFeatures.AddRange(new[] { "arena", "guilds", "crafting", "daily_dungeon", "world_boss", "pets" });
            player.Settings["music_volume"] = 70;
            player.Settings["sfx_volume"] = 85;
            player.Settings["graphics_quality"] = 2;
            player.Settings["push_notifications"] = 1;
            response.Player = player;

            foreach (CurrencyKind kind in Enum.GetValues<CurrencyKind>()) response.Wallet[kind] = NewCurrency(kind);

            // N top-level objects, in fixed shares; the leaderboard takes what rounding leaves.
            int Share(int percent) => Math.Max(1, objects * percent / 100);
            int items = Share(45), offers = Share(8), missions = Share(10), mails = Share(12), friends = Share(10), events = Share(3);
            int leaderboard = Math.Max(1, objects - (items + offers + missions + mails + friends + events));

            // The inventory mixes every kind of item in one list, in a seeded order.
            for (int i = 0; i < items; i++) response.Inventory.Add(NewAnyItem());
            foreach (EquipSlot slot in Enum.GetValues<EquipSlot>())
            {
                // A slot holds what fits it, or nothing: null values in a polymorphic dictionary.
                response.Loadout[slot] = !Some(0.75) ? null
                    : slot is EquipSlot.MainHand ? NewWeapon()
                    : slot is EquipSlot.OffHand ? (Some(0.5) ? NewWeapon() : NewArmor())
                    : slot is EquipSlot.Trinket ? NewConsumable()
                    : NewArmor();
            }
            for (int i = 0; i < offers; i++) response.Offers.Add(NewOffer(i));
            for (int i = 0; i < missions; i++)
            {
                double roll = _r.NextDouble();
                response.Missions.Add(roll < 0.45 ? NewDailyMission(i) : roll < 0.75 ? NewStoryMission(i) : NewEventMission(i));
            }
            for (int i = 0; i < mails; i++) response.Inbox.Add(NewMail(i));
            for (int i = 0; i < friends; i++) response.Friends.Add(NewFriend());
            response.Leaderboard = new Page<LeaderboardEntry> { Total = leaderboard * 40, PageIndex = 0, NextCursor = Inv($"lb:season12:{leaderboard}") };
            for (int i = 0; i < leaderboard; i++) response.Leaderboard.Items.Add(NewLeaderboardEntry(i));
            for (int i = 0; i < events; i++)
            {
                LiveEvent e = NewLiveEvent(i);
                response.Events[e.Key] = e;
            }

            response.RemoteConfig["store_banner"] = "spring_sale_2026";
            response.RemoteConfig["min_client_version"] = "2026.1.0";
            response.RemoteConfig["ad_frequency_seconds"] = "180";
            response.RemoteConfig["support_url"] = "https://support.example-game.com/hc/en-us";
            response.RemoteConfig["news_feed"] = "https://cdn.example-game.com/news/feed.json";
            response.RemoteConfig["arena_season_end"] = "in 12 days";
            return response;
        }

        private ShopOffer NewOffer(int index)
        {
            var offer = new ShopOffer();
            var kind = (OfferKind)_r.Next(5);
            Entity(offer, Inv($"offer_{kind.ToString().ToLowerInvariant()}_{index}"));
            offer.Title = Inv($"{Pick(Adjectives)} {Pick(new[] { "Starter Pack", "Hero Bundle", "Treasure Chest", "Daily Deal", "Mega Pack", "Season Pass" })}");
            offer.Kind = kind;
            bool real = Some(0.4);
            offer.Price = new Price
            {
                Currency = real ? CurrencyKind.Gems : (CurrencyKind)_r.Next(4),
                Amount = real ? 99 + 100 * _r.Next(50) : 10 * (1 + _r.Next(5000)),
                OriginalAmount = Some(0.5) ? 20 * (1 + _r.Next(5000)) : null,
                StoreSku = real ? Inv($"com.examplegame.{offer.Key}") : null,
            };
            offer.StartsAt = Some() ? Past(10) : null;
            offer.EndsAt = Some() ? Future(14) : null;
            offer.PurchaseLimit = Some(0.5) ? 1 + _r.Next(5) : null;
            offer.LevelRange = Some(0.5) ? Levels() : null;
            if (Some(0.8))
            {
                offer.Contents = new List<Reward<Item>>();
                int n = 1 + _r.Next(4);
                for (int i = 0; i < n; i++) offer.Contents.Add(NewReward(NewAnyItem()));
            }
            offer.Bonus = Some() ? NewReward(NewCurrency()) : null;
            if (Some(0.5))
            {
                offer.Badges = new Dictionary<string, string> { ["corner"] = Pick(new[] { "BEST VALUE", "-50%", "NEW", "HOT" }) };
                if (Some(0.5)) offer.Badges["ribbon"] = Pick(new[] { "Limited!", "Only today", "Most popular" });
            }
            return offer;
        }

        private void MissionMembers(Mission m, string key)
        {
            Entity(m, key);
            string verb = Pick(new[] { "Defeat", "Collect", "Win", "Craft", "Upgrade", "Open" });
            m.Goal = 1 + _r.Next(50);
            m.Title = Inv($"{verb} {m.Goal} {Pick(new[] { "goblins", "arena battles", "ancient shards", "potions", "chests", "dungeon bosses" })}");
            m.Description = Inv($"{m.Title}. {Pick(new[] { "Progress is shared with your guild.", "Only counts on Hard difficulty.", "Any game mode counts.", "Resets at midnight server time." })}");
            m.Progress = _r.Next(m.Goal + 1);
            m.Claimed = m.Progress == m.Goal && Some(0.5);
            int n = 1 + _r.Next(2);
            for (int i = 0; i < n; i++) m.CurrencyRewards.Add(NewReward(NewCurrency()));
            m.ItemReward = Some(0.5) ? NewReward(NewConsumable()) : null;
        }

        private DailyMission NewDailyMission(int index)
        {
            var m = new DailyMission();
            MissionMembers(m, Inv($"mission_daily_{index}"));
            m.Cadence = Some(0.7) ? MissionCadence.Daily : MissionCadence.Weekly;
            m.ResetsAt = _now.Date.AddDays(m.Cadence == MissionCadence.Daily ? 1 : 7);
            m.RerollsLeft = Some() ? _r.Next(3) : null;
            return m;
        }

        private EventMission NewEventMission(int index)
        {
            var m = new EventMission();
            MissionMembers(m, Inv($"mission_event_{index}"));
            m.EventKey = Inv($"event_{_r.Next(10)}");
            m.TokenGoal = 100L * (1 + _r.Next(500));
            m.Tier = Some() ? 1 + _r.Next(10) : null;
            m.TierReward = Some() ? NewReward(NewAnyItem()) : null;
            return m;
        }

        private StoryMission NewStoryMission(int index)
        {
            var m = new StoryMission();
            MissionMembers(m, Inv($"mission_story_{index}"));
            m.Chapter = 1 + index / 5;
            m.PrerequisiteKey = index > 0 && Some() ? Inv($"mission_story_{index - 1}") : null;
            m.WeaponReward = Some(0.5) ? NewReward(NewWeapon()) : null;
            m.ArmorReward = Some(0.5) ? NewReward(NewArmor()) : null;
            return m;
        }

        private Mail NewMail(int index)
        {
            var mail = new Mail();
            Entity(mail, Inv($"mail_{index}"));
            bool system = Some(0.5);
            mail.Subject = system ? Pick(new[] { "Maintenance compensation", "Season rewards", "Welcome gift", "Guild war results" }) : Inv($"Message from {Pick(PlayerNames)}");
            mail.Body = system
                ? Inv($"Dear hero, {Pick(new[] { "thank you for your patience during maintenance.", "the arena season has ended; here are your rewards.", "welcome to the realm!", "your guild fought bravely." })} Claim your rewards before they expire.")
                : Inv($"{Pick(new[] { "gg, rematch tomorrow?", "Can you help with the world boss at 8?", "Join our guild, we raid every night!", "Thanks for the gift :)" })}");
            mail.Sender = system ? null : FillProfile(new PublicProfile());
            mail.Read = Some(0.5);
            mail.ExpiresAt = Some() ? Future(30) : null;
            mail.Gift = Some(0.5) ? NewReward(NewCurrency()) : null;
            if (Some(0.5))
            {
                mail.Grants = new List<Reward<Item>>();
                int n = 1 + _r.Next(3);
                for (int i = 0; i < n; i++) mail.Grants.Add(NewReward(NewAnyItem()));
            }
            return mail;
        }

        private FriendProfile NewFriend()
        {
            var friend = (FriendProfile)FillProfile(new FriendProfile());
            friend.Status = (FriendStatus)_r.Next(4);
            friend.LastOnline = friend.Status == FriendStatus.Online ? null : Past(20);
            friend.Favorite = Some(0.2);
            friend.GiftsSentToday = Some(0.5) ? _r.Next(5) : null;
            return friend;
        }

        private LeaderboardEntry NewLeaderboardEntry(int index)
        {
            var entry = new LeaderboardEntry();
            Entity(entry, Inv($"lb_season12_{index + 1}"));
            entry.Rank = index + 1;
            // A friend on the board shows as the friend's profile: a derived type in a PublicProfile member.
            entry.Player = Some(0.15) ? NewFriend() : FillProfile(new PublicProfile());
            entry.Score = 5_000_000L - index * 137L - _r.Next(137);
            entry.PreviousRank = Some() ? Math.Max(1, index + 1 + _r.Next(-20, 21)) : null;
            entry.SeasonReward = index < 100 || Some(0.2) ? NewReward(NewCurrency(CurrencyKind.Gems)) : null;
            return entry;
        }

        private LiveEvent NewLiveEvent(int index)
        {
            var e = new LiveEvent();
            string name = Inv($"{Pick(new[] { "Festival", "Invasion", "Tournament", "Hunt", "Siege" })} of the {Pick(Adjectives)} {Pick(Nouns)}");
            Entity(e, Inv($"event_{index}_{name.ToLowerInvariant().Replace(' ', '_')}"));
            e.Name = name;
            e.Description = Some() ? Inv($"{Pick(new[] { "Gather tokens from every battle", "Defeat waves of invaders", "Climb the event ladder" })} and exchange them for exclusive rewards. {Pick(new[] { "Ends soon!", "New stages unlock every day.", "Guild bonuses apply." })}") : null;
            DateTime start = Past(5);
            e.Window = new Ranged<DateTime> { Min = start, Max = start.AddDays(7 + _r.Next(14)) };
            e.LevelRange = Some(0.5) ? Levels() : null;
            int milestones = 2 + _r.Next(6);
            for (int m = 1; m <= milestones; m++) e.Milestones[m * 500] = NewReward(NewCurrency());
            e.GrandPrize = Some() ? NewReward(NewWeapon()) : null;
            e.RunnerUpPrize = Some() ? NewReward(NewArmor()) : null;
            e.Rules = Some() ? new List<string> { "Tokens expire when the event ends.", "Rewards are sent by mail within 24 hours.", "Alternate accounts are disqualified." } : null;
            return e;
        }
    }
}
