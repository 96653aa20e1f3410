using System;
using System.Collections.Generic;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Boot
{
    // A boot response: what a mobile game's server sends a client at start-up. Enums,
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
