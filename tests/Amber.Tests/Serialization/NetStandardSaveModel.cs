using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using Amber.Tests.NetStandard;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// A filled-in save of the netstandard2.1 game model (tests/Amber.Tests.NetStandard) and the member-by-member
    /// assertions for it. Shared by NetStandardModelTests (Amber's net8.0 build at run time) and, linked,
    /// tests/Amber.Tests.NetStandardRuntime (Amber's netstandard2.1 build at run time), so both check the same thing.
    /// </summary>
    internal static class NetStandardSaveModel
    {
        public static List<ItemDef> MakeCatalog() => new List<ItemDef>
        {
            new ItemDef("sword_iron", "Iron Sword", 1, new[] { "weapon", "melee" }),
            new ItemDef("potion_hp", "Health Potion", 20, new[] { "consumable" }),
            new ItemDef("gem", "Gem", 99, Array.Empty<string>()),
        };

        public static SaveGame MakeSave()
        {
            var sword = new ItemStack { ItemId = "sword_iron", Count = 1, Durability = 0.75f, Engraving = "For Aria" };
            var potions = new ItemStack { ItemId = "potion_hp", Count = 5 };
            var hero = new Hero
            {
                Name = "Aria",
                Position = new Vector3(1.5f, 0f, -2.25f),
                Faction = Faction.Player,
                Level = 12,
                Experience = 9_876_543_210L,
                Inventory = new List<ItemStack> { sword, potions },
            };
            hero.Hotbar[0] = sword;
            hero.Hotbar[2] = potions;
            var wolf = new Monster
            {
                Name = "Dire Wolf",
                Position = new Vector3(10f, 0.5f, 3f),
                Faction = Faction.Enemy,
                Health = 33.5f,
                Effects = StatusEffect.Poisoned | StatusEffect.Frozen,
                BountyGold = 250,
                LastSeenHero = new Vector3(1f, 0f, -2f),
                Target = hero,
            };
            hero.Target = wolf;
            var slime = new Monster { Name = "Slime", Faction = Faction.Neutral, Health = 5f };
            var chest = new Chest { Name = "Old Chest", Position = new Vector3(-4f, 0f, 8f), Locked = true, Contents = new List<ItemStack> { sword } };
            List<ItemDef> catalog = MakeCatalog();
            return new SaveGame
            {
                Version = 3,
                SlotName = "Slot 1",
                SavedAt = new DateTime(2026, 11, 23, 4, 40, 0, DateTimeKind.Utc),
                SessionId = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
                PlayTime = TimeSpan.FromMinutes(754.5),
                Entities = new List<Entity> { hero, wolf, slime, chest },
                Selected = wolf,
                Checkpoints = new[] { new GridPos { X = 0, Y = 0 }, new GridPos { X = 12, Y = -7 } },
                Explored = null,
                Flags = new Dictionary<string, object>
                {
                    ["bossDefeated"] = true,
                    ["deaths"] = 4,
                    ["bestTime"] = 93.25,
                    ["lastTown"] = "Riverside",
                    ["gold"] = 123_456_789_012L,
                    ["volumeCurve"] = new[] { 0f, 0.5f, 1f },
                    ["lastCheckpoint"] = new GridPos { X = 12, Y = -7 },
                    ["lastKiller"] = wolf,
                    ["nested"] = new Dictionary<string, object> { ["quest"] = "main_3", ["step"] = 2 },
                },
                Reputation = new Dictionary<Faction, int> { [Faction.Player] = 100, [Faction.Enemy] = -40 },
                Catalog = catalog,
                Featured = catalog[0],
                SpawnPoint = new Vector3(0f, 1f, 0f),
                Waypoints = new[] { new Vector3(1f, 2f, 3f), new Vector3(-1f, -2f, -3f) },
                BestLapSeconds = 61.125,
                Settings = new Settings
                {
                    MusicVolume = 0.4f,
                    FavouriteFaction = Faction.Enemy,
                    ThumbnailPng = new byte[] { 0x89, 0x50, 0x4E, 0x47 },
                    UnlockedAchievements = new HashSet<string> { "first_blood", "explorer" },
                },
            };
        }

        public static void AssertSaveEqual(SaveGame expected, SaveGame actual)
        {
            Assert.Equal(expected.Version, actual.Version);
            Assert.Equal(expected.SlotName, actual.SlotName);
            Assert.Equal(expected.SavedAt, actual.SavedAt);
            Assert.Equal(expected.SavedAt.Kind, actual.SavedAt.Kind);
            Assert.Equal(expected.SessionId, actual.SessionId);
            Assert.Equal(expected.PlayTime, actual.PlayTime);

            Assert.Equal(expected.Entities.Count, actual.Entities.Count);
            for (int i = 0; i < expected.Entities.Count; i++) AssertEntityEqual(expected.Entities[i], actual.Entities[i]);
            Assert.Equal(expected.Selected?.Name, actual.Selected?.Name);

            Assert.Equal(expected.Checkpoints, actual.Checkpoints);
            Assert.Equal(expected.Explored, actual.Explored);

            Assert.Equal(expected.Flags.Keys.OrderBy(k => k, StringComparer.Ordinal), actual.Flags.Keys.OrderBy(k => k, StringComparer.Ordinal));
            Assert.Equal(true, actual.Flags["bossDefeated"]);
            Assert.Equal(4, actual.Flags["deaths"]);
            Assert.Equal(93.25, actual.Flags["bestTime"]);
            Assert.Equal("Riverside", actual.Flags["lastTown"]);
            Assert.Equal(123_456_789_012L, actual.Flags["gold"]);
            Assert.Equal(new[] { 0f, 0.5f, 1f }, Assert.IsType<float[]>(actual.Flags["volumeCurve"]));
            Assert.Equal(new GridPos { X = 12, Y = -7 }, Assert.IsType<GridPos>(actual.Flags["lastCheckpoint"]));
            Assert.Equal("Dire Wolf", Assert.IsType<Monster>(actual.Flags["lastKiller"]).Name);
            var nested = Assert.IsType<Dictionary<string, object>>(actual.Flags["nested"]);
            Assert.Equal("main_3", nested["quest"]);
            Assert.Equal(2, nested["step"]);

            Assert.Equal(expected.Reputation, actual.Reputation);
            Assert.Equal(expected.Catalog.Count, actual.Catalog.Count);
            for (int i = 0; i < expected.Catalog.Count; i++) AssertItemDefEqual(expected.Catalog[i], actual.Catalog[i]);
            AssertItemDefEqual(expected.Featured!, actual.Featured!);
            Assert.Equal(expected.SpawnPoint, actual.SpawnPoint);
            Assert.Equal(expected.Waypoints, actual.Waypoints);
            Assert.Equal(expected.BestLapSeconds, actual.BestLapSeconds);

            Assert.Equal(expected.Settings.MusicVolume, actual.Settings.MusicVolume);
            Assert.Equal(expected.Settings.FavouriteFaction, actual.Settings.FavouriteFaction);
            Assert.Equal(expected.Settings.ThumbnailPng, actual.Settings.ThumbnailPng);
            Assert.Equal(expected.Settings.UnlockedAchievements.OrderBy(s => s, StringComparer.Ordinal), actual.Settings.UnlockedAchievements.OrderBy(s => s, StringComparer.Ordinal));
        }

        public static void AssertEntityEqual(Entity expected, Entity actual)
        {
            Assert.Equal(expected.GetType(), actual.GetType());
            Assert.Equal(expected.Name, actual.Name);
            Assert.Equal(expected.Position, actual.Position);
            Assert.Equal(expected.Faction, actual.Faction);
            Assert.Equal(expected.Target?.Name, actual.Target?.Name);
            switch (expected)
            {
                case Hero h:
                    var ah = (Hero)actual;
                    Assert.Equal(h.Level, ah.Level);
                    Assert.Equal(h.Experience, ah.Experience);
                    Assert.Equal(h.Inventory.Count, ah.Inventory.Count);
                    for (int i = 0; i < h.Inventory.Count; i++) AssertStackEqual(h.Inventory[i], ah.Inventory[i]);
                    Assert.Equal(h.Hotbar.Length, ah.Hotbar.Length);
                    for (int i = 0; i < h.Hotbar.Length; i++)
                    {
                        if (h.Hotbar[i] == null) Assert.Null(ah.Hotbar[i]);
                        else AssertStackEqual(h.Hotbar[i]!, ah.Hotbar[i]!);
                    }
                    break;
                case Monster m:
                    var am = (Monster)actual;
                    Assert.Equal(m.Health, am.Health);
                    Assert.Equal(m.Effects, am.Effects);
                    Assert.Equal(m.BountyGold, am.BountyGold);
                    Assert.Equal(m.LastSeenHero, am.LastSeenHero);
                    break;
                case Chest c:
                    var ac = (Chest)actual;
                    Assert.Equal(c.Locked, ac.Locked);
                    Assert.Equal(c.Contents.Count, ac.Contents.Count);
                    for (int i = 0; i < c.Contents.Count; i++) AssertStackEqual(c.Contents[i], ac.Contents[i]);
                    break;
                default:
                    throw new InvalidOperationException("Unexpected entity type " + expected.GetType());
            }
        }

        public static void AssertStackEqual(ItemStack expected, ItemStack actual)
        {
            Assert.Equal(expected.ItemId, actual.ItemId);
            Assert.Equal(expected.Count, actual.Count);
            Assert.Equal(expected.Durability, actual.Durability);
            Assert.Equal(expected.Engraving, actual.Engraving);
        }

        public static void AssertItemDefEqual(ItemDef expected, ItemDef actual)
        {
            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.DisplayName, actual.DisplayName);
            Assert.Equal(expected.MaxStack, actual.MaxStack);
            Assert.Equal(expected.Tags, actual.Tags);
        }
    }
}
