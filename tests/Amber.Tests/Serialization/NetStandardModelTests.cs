using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Reflection;
using System.Runtime.Versioning;
using Amber.Tests.NetStandard;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// A game model compiled the way Unity compiles user code (tests/Amber.Tests.NetStandard: netstandard2.1,
    /// C# 9, no Amber attributes on the model) round-trips through the codecs generated in that assembly
    /// (docs/unity.md). Every call goes through the library's SaveSystem, so this assembly generates no codec
    /// of its own for these types; the tests check that the formatters in use are the library's.
    /// </summary>
    public class NetStandardModelTests
    {
        private static readonly Assembly s_library = typeof(SaveGame).Assembly;

        [Fact]
        public void The_model_library_is_compiled_for_netstandard2_1_and_its_formatters_are_generated_there()
        {
            TargetFrameworkAttribute? framework = s_library.GetCustomAttribute<TargetFrameworkAttribute>();
            Assert.NotNull(framework);
            Assert.Equal(".NETStandard,Version=v2.1", framework!.FrameworkName);
            Assert.Contains(s_library.GetReferencedAssemblies(), a => a.Name == "netstandard");

            SaveSystem.Save(new SaveGame());   // runs the library's module initializer, if nothing has yet
            Assert.Same(s_library, AmberFormatterRegistry.Get<SaveGame>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<Armory>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<ItemDef>().GetType().Assembly);
            // The generator polyfilled ModuleInitializerAttribute there, as netstandard2.1 has none.
            Assert.NotNull(s_library.GetType("System.Runtime.CompilerServices.ModuleInitializerAttribute", throwOnError: false));
        }

        [Fact]
        public void Options_set_by_a_netstandard2_1_library_work_against_the_net8_runtime_build()
        {
            // SaveSystem.Options is `new AmberOptions { PreserveReferences = true }` compiled against Amber's
            // netstandard2.1 build, whose init accessor names Amber's own IsExternalInit; this process runs
            // Amber's net8.0 build, which forwards that name to the framework's type.
            Assert.Contains(typeof(System.Runtime.CompilerServices.IsExternalInit), typeof(AmberOptions).Assembly.GetForwardedTypes());
            Assert.True(SaveSystem.Options.PreserveReferences);
        }

        [Fact]
        public void A_save_game_round_trips_member_by_member()
        {
            SaveGame save = MakeSave();
            SaveGame back = SaveSystem.Load(SaveSystem.Save(save))!;
            AssertSaveEqual(save, back);
        }

        [Fact]
        public void Shared_objects_keep_their_identity_and_cycles_survive()
        {
            SaveGame back = SaveSystem.Load(SaveSystem.Save(MakeSave()))!;
            var hero = (Hero)back.Entities[0];
            var wolf = (Monster)back.Entities[1];
            var chest = (Chest)back.Entities[3];
            Assert.Same(wolf, hero.Target);          // hero → wolf → hero: a cycle
            Assert.Same(hero, wolf.Target);
            Assert.Same(wolf, back.Selected);
            Assert.Same(wolf, back.Flags["lastKiller"]);   // the same object, held through object
            Assert.Same(hero.Inventory[0], chest.Contents[0]);
            Assert.Same(hero.Inventory[0], hero.Hotbar[0]);
            Assert.Same(hero.Inventory[1], hero.Hotbar[2]);
            Assert.Same(back.Catalog[0], back.Featured);
            Assert.NotSame(hero.Inventory[0], hero.Inventory[1]);
        }

        [Fact]
        public void A_save_game_round_trips_through_a_stream()
        {
            SaveGame save = MakeSave();
            using var stream = new MemoryStream();
            SaveSystem.SaveTo(stream, save);
            Assert.Equal(SaveSystem.Save(save), stream.ToArray());
            stream.Position = 0;
            SaveGame back = SaveSystem.LoadFrom(stream)!;
            AssertSaveEqual(save, back);
        }

        [Fact]
        public void Records_round_trip_as_a_framed_stream()
        {
            List<ItemDef> items = MakeCatalog();
            using var stream = new MemoryStream();
            SaveSystem.WriteLog(stream, items);
            stream.Position = 0;
            List<ItemDef> back = SaveSystem.ReadLog(stream);
            Assert.Equal(items.Count, back.Count);
            for (int i = 0; i < items.Count; i++) AssertItemDefEqual(items[i], back[i]);
        }

        [Fact]
        public void Internal_setters_and_fields_and_constructor_parameters_stand_in_for_private_members()
        {
            var armory = new Armory();
            armory.Stats.Grant(17, 424242, "dual-wield", "night-vision");
            armory.Blueprints.Add(new WeaponBlueprint("Longbow", 12, 40.5f));
            armory.Blueprints.Add(new WeaponBlueprint("Dagger", 7, 1.25f));
            Armory back = SaveSystem.LoadArmory(SaveSystem.SaveArmory(armory))!;
            Assert.Equal(17, back.Stats.Strength);
            Assert.Equal(424242, back.Stats.HiddenSeed);
            Assert.Equal(new[] { "dual-wield", "night-vision" }, back.Stats.Perks);
            Assert.Equal(2, back.Blueprints.Count);
            Assert.Equal("Longbow", back.Blueprints[0].Name);
            Assert.Equal(12, back.Blueprints[0].Damage);
            Assert.Equal(40.5f, back.Blueprints[0].Range);
            Assert.Equal("Dagger", back.Blueprints[1].Name);
            Assert.Equal(7, back.Blueprints[1].Damage);
            Assert.Equal(1.25f, back.Blueprints[1].Range);
        }

        [Fact]
        public void Calling_the_generated_registration_by_hand_as_Unity_code_would_is_harmless()
        {
            byte[] before = SaveSystem.Save(MakeSave());
            SaveSystem.RegisterCodecs();
            SaveSystem.RegisterCodecs();
            Assert.Same(s_library, AmberFormatterRegistry.Get<SaveGame>().GetType().Assembly);
            Assert.Equal(before, SaveSystem.Save(MakeSave()));
            AssertSaveEqual(MakeSave(), SaveSystem.Load(before)!);
        }

        // ------------------------------------------------------------------ the model

        private static List<ItemDef> MakeCatalog() => new List<ItemDef>
        {
            new ItemDef("sword_iron", "Iron Sword", 1, new[] { "weapon", "melee" }),
            new ItemDef("potion_hp", "Health Potion", 20, new[] { "consumable" }),
            new ItemDef("gem", "Gem", 99, Array.Empty<string>()),
        };

        private static SaveGame MakeSave()
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

        private static void AssertSaveEqual(SaveGame expected, SaveGame actual)
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

        private static void AssertEntityEqual(Entity expected, Entity actual)
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

        private static void AssertStackEqual(ItemStack expected, ItemStack actual)
        {
            Assert.Equal(expected.ItemId, actual.ItemId);
            Assert.Equal(expected.Count, actual.Count);
            Assert.Equal(expected.Durability, actual.Durability);
            Assert.Equal(expected.Engraving, actual.Engraving);
        }

        private static void AssertItemDefEqual(ItemDef expected, ItemDef actual)
        {
            Assert.Equal(expected.Id, actual.Id);
            Assert.Equal(expected.DisplayName, actual.DisplayName);
            Assert.Equal(expected.MaxStack, actual.MaxStack);
            Assert.Equal(expected.Tags, actual.Tags);
        }
    }
}
