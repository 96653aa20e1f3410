using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Boot;

namespace Amber.Bench.Workloads
{
    public sealed partial class BootPayloadWorkload
    {
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
}
