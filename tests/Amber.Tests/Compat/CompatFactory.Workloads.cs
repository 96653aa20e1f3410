using System;
using System.Collections.Generic;

namespace Amber.Tests.Compat
{
    // The expected objects of the corpus: fixed values only (no clock, no unseeded Random), so every
    // call builds the same graph. LIKE THE MODELS, THESE MUST NEVER CHANGE once a file was written
    // from them: the file is the contract, the factory is its reading. Add new factories instead.
    internal static partial class CompatFactory
    {
        private static readonly DateTime Epoch = new DateTime(2026, 11, 23, 8, 0, 0, DateTimeKind.Utc);

        private static Guid G(int n) => new Guid(n, (short)(n >> 3), (short)(n * 7), 1, 2, 3, 4, 5, 6, 7, (byte)n);

        private static byte[] Bytes(int seed, int length)
        {
            var bytes = new byte[length];
            uint x = (uint)seed * 2654435761u + 1;
            for (int i = 0; i < length; i++)
            {
                x ^= x << 13; x ^= x >> 17; x ^= x << 5;
                bytes[i] = (byte)x;
            }

            return bytes;
        }

        public static CompatEnvelope Envelope() => new CompatEnvelope
        {
            IsInternal = true,
            TimeStamp = Epoch.AddMilliseconds(1234),
            MessageId = G(1),
            Header = "orders.created",
            From = G(2),
            To = G(3),
            KeyValuePairs = new Dictionary<string, string> { ["tenant"] = "acme", ["trace"] = "00-4bf92f3577b34da6", ["empty"] = "" },
        };

        public static CompatBookShelf BookShelf()
        {
            var books = new List<CompatBook>();
            for (int i = 0; i < 40; i++)
                books.Add(new CompatBook { Title = i % 9 == 0 ? null : "Book " + i, Id = i * 37 - 100, BookData = i % 5 == 0 ? null : Bytes(i, i % 13) });
            return new CompatBookShelf { Books = books };
        }

        public static CompatVector3[] Vectors()
        {
            var v = new CompatVector3[100];
            for (int i = 0; i < v.Length; i++) v[i] = new CompatVector3 { X = i * 0.5f, Y = -i, Z = i * i / 7f };
            return v;
        }

        private static EngineColor Color(int n) => new EngineColor { R = (byte)(n * 40), G = (byte)(255 - n), B = (byte)(n * 3), A = 255 };

        private static EngineVector2 V2(float x, float y) => new EngineVector2 { X = x, Y = y };

        public static GameSave GameSave()
        {
            var sword = new GameWeapon { Id = "sword", Name = "Short sword", Position = V2(1, 2), Tint = Color(1), Value = 30, Weight = 2.5f, Damage = 7, DamageType = GameDamageType.Slash };
            var bow = new GameRangedWeapon { Id = "bow", Name = "Yew bow", Value = 55, Weight = 1.25f, Damage = 5, DamageType = GameDamageType.Pierce, Range = 30.5f, Ammo = 12 };
            var key = new GameKey { Id = "key-cellar", Name = "Cellar key", IsQuestItem = true, DoorId = "door-cellar" };
            var potion = new GameConsumable { Id = "potion", Name = "Potion", HealAmount = 25, Charges = 2 };
            var emptyPotion = new GameConsumable { Id = "flask", Name = "Empty flask", HealAmount = null, Charges = 0 };
            var chest = new GameContainer { Id = "chest", Name = "Chest", Capacity = 8, KeyId = "key-chest", Contents = { new GameWeapon { Id = "dagger", Name = "Dagger", Damage = 3 }, emptyPotion } };

            GameCharacter Npc(int n) => new GameCharacter
            {
                Id = "npc-" + n,
                Name = "Villager " + n,
                Position = V2(n, -n),
                Facing = (GameDirection)(n % 4),
                Health = 10 * n,
                Experience = 1000L * n,
                DialogueSeen = { "hello", "quest-" + n },
                Stats = { ["str"] = n, ["dex"] = 2 * n },
                Memory = { ["met"] = n % 2 == 0, ["gold"] = 5 * n, ["name"] = "n" + n, ["seenAt"] = Epoch.AddDays(-n) },
                PatrolPath = { V2(0, 0), V2(n, 0), V2(n, n) },
            };

            return new GameSave
            {
                SaveVersion = 3,
                SaveSlot = "slot-1",
                SavedAt = Epoch,
                PlayTime = TimeSpan.FromMinutes(754.5),
                Player = new GameCharacter
                {
                    Id = "player",
                    Name = "Ada",
                    Position = V2(3.5f, 4.25f),
                    Facing = GameDirection.East,
                    Health = 87,
                    Experience = 123456789012L,
                    Inventory = { sword, bow, key, potion },
                    EquippedWeapon = new GameRangedWeapon { Id = "crossbow", Name = "Crossbow", Damage = 9, Range = 40, Ammo = 3 },
                    Stats = { ["str"] = 12, ["int"] = 15 },
                    Memory = { ["lastRoom"] = "hall", ["deaths"] = 2, ["speed"] = 1.5 },
                },
                Characters = { Npc(1), Npc(2), Npc(3) },
                Rooms =
                {
                    new GameRoom
                    {
                        Id = "hall", Name = "Great hall", Size = V2(20, 12), Ambient = Color(2), Fog = Color(3), Visited = true,
                        Exits = { new GameExit { Direction = GameDirection.North, TargetRoomId = "cellar", DoorId = "door-cellar", IsLocked = true }, new GameExit { Direction = GameDirection.West, TargetRoomId = "yard" } },
                        Items = { chest },
                        Variables = { ["torchesLit"] = 4, ["music"] = "hall-theme", ["secretFound"] = false },
                    },
                    new GameRoom { Id = "cellar", Name = "Cellar", Size = V2(8, 8), Ambient = Color(4), Fog = null },
                },
                Quests =
                {
                    new GameQuest { Id = "q1", Title = "The cellar", Status = GameQuestStatus.Active, StartedAt = Epoch.AddHours(-3), Steps = { new GameQuestStep { Id = "s1", Done = true }, new GameQuestStep { Id = "s2", Hint = "Find the key" } } },
                    new GameQuest { Id = "q0", Title = "Wake up", Status = GameQuestStatus.Completed, StartedAt = Epoch.AddHours(-5), CompletedAt = Epoch.AddHours(-4) },
                },
                QuestFlags = { ["intro"] = true, ["cellarOpen"] = false },
                Variables = { ["difficulty"] = "hard", ["day"] = 3, ["weather"] = 0.25f, ["id"] = G(9) },
                Journal = { "Woke up in the hall.", "Found a short sword.", "" },
            };
        }

        public static SportFeed SportFeed()
        {
            var feed = new SportFeed { Provider = "compat-feed", GeneratedAt = new DateTimeOffset(2026, 11, 23, 9, 30, 0, TimeSpan.FromHours(1)) };
            for (int e = 0; e < 4; e++)
            {
                var players = new List<SportPlayer>();
                for (int p = 0; p < 3; p++)
                    players.Add(new SportPlayer("p" + e + p, "Player " + e + "." + p, p == 2 ? null : p + 1, p == 1 ? null : new DateOnly(1995 + p, 1 + e, 10 + p)));
                feed.Events.Add(new SportEvent(
                    "ev-" + e,
                    Epoch.AddHours(e),
                    (SportEventStatus)(e % 3),
                    new List<SportCompetitor>
                    {
                        new SportCompetitor("home-" + e, "Home " + e, SportQualifier.Home, "SE", players),
                        new SportCompetitor("away-" + e, "Away " + e, SportQualifier.Away, e == 1 ? null : "NO", new List<SportPlayer>()),
                    },
                    e == 2 ? null : new SportVenue("Arena " + e, "City " + e, 10000 + e, e == 0 ? null : 59.3 + e, e == 0 ? null : 18.05),
                    new List<SportPeriodScore> { new SportPeriodScore(1, e, 0), new SportPeriodScore(2, 1, e) },
                    new List<SportOutcome> { new SportOutcome("1", "Home", 1.85m + e, SportOutcomeResult.Undecided, true), new SportOutcome("X", "Draw", 3.40m, e == 3 ? SportOutcomeResult.Void : SportOutcomeResult.Draw, e != 3) },
                    e == 0 ? null : new Dictionary<string, string> { ["tv"] = "ch" + e },
                    e == 1 ? TimeSpan.FromSeconds(2712) : null));
            }

            return feed;
        }

        public static BootResponse BootResponse()
        {
            var weapon = new BootWeapon { Id = 1, Slug = "blade", CreatedAt = Epoch, Name = "Blade", Rarity = BootRarity.Epic, Level = 30, Attack = 120, Speed = 1.2f };
            var armor = new BootArmor { Id = 2, Slug = "plate", CreatedAt = Epoch.AddDays(1), Name = "Plate", Rarity = BootRarity.Rare, Level = 28, Defense = 95 };
            var gems = new BootCurrency { Id = 3, Slug = "gems", Name = "Gems", Kind = BootCurrencyKind.Gems, Amount = 250 };
            return new BootResponse
            {
                SessionId = "sess-0001",
                PlayerId = G(77),
                Inventory = new BootPage<BootItem> { Number = 1, Total = 3, Entries = { weapon, armor, gems } },
                Offers =
                {
                    new BootOffer { Id = 10, Slug = "starter", Title = "Starter pack", Price = 4.99m, LevelRange = new BootRanged<int> { Min = 1, Max = 10 }, Contents = { new BootCurrency { Id = 11, Kind = BootCurrencyKind.Gold, Amount = 1000 }, new BootWeapon { Id = 12, Name = "Stick", Attack = 2 } } },
                    new BootOffer { Id = 20, Slug = "daily", Title = "Daily deal", Price = 0.99m, LevelRange = new BootRanged<int> { Min = 5, Max = 50 } },
                },
                DailyRewards =
                {
                    new BootReward<BootWeapon> { Item = new BootWeapon { Id = 31, Name = "Axe", Rarity = BootRarity.Uncommon, Attack = 40 }, Quantity = 1 },
                    new BootReward<BootWeapon> { Item = null, Quantity = 0 },
                },
                LoginBonus = new BootReward<BootCurrency> { Item = new BootCurrency { Id = 40, Kind = BootCurrencyKind.Tickets, Amount = 3 }, Quantity = 2 },
                Counters = { ["logins"] = 412, ["battles"] = 9_876_543_210 },
                DropRate = new BootRanged<double> { Min = 0.01, Max = 0.25 },
            };
        }
    }
}
