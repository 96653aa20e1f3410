using System;
using System.Collections.Generic;
using GameEngine;

namespace GameSave
{
    /// <summary>
    /// Builds the same world for the same seed on every machine and runtime: its own random numbers
    /// (SplitMix64), no System.Random, no clock, no hash-order dependence.
    /// </summary>
    public sealed class WorldBuilder
    {
        private static readonly string[] Adjectives = { "Mossy", "Sunken", "Gilded", "Ashen", "Whispering", "Frozen", "Crooked", "Silent", "Amber", "Hollow", "Drowned", "Bright" };
        private static readonly string[] Places = { "Hall", "Cellar", "Grove", "Crypt", "Market", "Tower", "Bridge", "Library", "Forge", "Chapel", "Cave", "Garden" };
        private static readonly string[] FirstNames = { "Ayla", "Bram", "Cort", "Dena", "Edda", "Finn", "Gale", "Hild", "Ivo", "Jora", "Kell", "Lise", "Moro", "Nia", "Orin", "Pell" };
        private static readonly string[] Blades = { "Sword", "Axe", "Mace", "Dagger", "Spear", "Hammer" };
        private static readonly string[] Bows = { "Shortbow", "Longbow", "Crossbow", "Sling" };
        private static readonly string[] Potions = { "Potion", "Elixir", "Tonic", "Draught", "Salve" };
        private static readonly string[] Boxes = { "Chest", "Satchel", "Crate", "Pouch", "Coffer" };
        private static readonly string[] Skills = { "swords", "archery", "lockpicking", "alchemy", "stealth", "haggling", "lore" };
        private static readonly string[] Verbs = { "Find", "Bring", "Slay", "Escort", "Light", "Open", "Ask" };

        private readonly int _seed;
        private ulong _state;
        private int _nextItem;

        public WorldBuilder(int seed)
        {
            _seed = seed;
            _state = 0x9E3779B97F4A7C15UL ^ (ulong)(uint)seed;
        }

        public int RoomCount { get; init; } = 240;
        public int CharacterCount { get; init; } = 100;
        public int QuestCount { get; init; } = 60;
        public int VariableCount { get; init; } = 600;

        public SaveGame Build()
        {
            var save = new SaveGame
            {
                FormatVersion = 3,
                Seed = _seed,
                SlotName = "Autosave " + _seed,
                SavedAtUtc = new DateTime(2026, 11, 23, 18, 30, 0, DateTimeKind.Utc).AddSeconds(Next(86_400)),
                PlayTime = TimeSpan.FromSeconds(3600 + Next(360_000)),
            };
            save.World = BuildWorld();
            for (int i = 0; i < CharacterCount; i++) save.Characters.Add(BuildCharacter(i, save.World.Rooms));
            for (int i = 0; i < QuestCount; i++) save.Quests.Add(BuildQuest(i, save.Characters));
            save.Camera = new Camera
            {
                Position = Point(),
                Zoom = 0.5f + Next(300) / 100f,
                Rotation = Next(360) - 180f,
                ClearColor = RandomColor(),
                FollowCharacterId = save.Characters.Count > 0 ? save.Characters[0].Id : null,
                Path = BuildPath(24),
            };
            for (int i = 0; i < VariableCount; i++) save.Variables["var." + i.ToString("D3") + "." + Pick(Skills)] = RandomVariable();
            return save;
        }

        private World BuildWorld()
        {
            var world = new World { Name = Pick(Adjectives) + " Realm", Tick = (long)(Next64() >> 24), SkyTint = RandomColor() };
            for (int i = 0; i < RoomCount; i++)
            {
                var room = new Room
                {
                    Id = RoomId(i),
                    Title = "The " + Pick(Adjectives) + " " + Pick(Places),
                    Description = Describe(),
                    MapPosition = new Vector2(i % 16 * 10f, i / 16 * 10f),
                    Ambient = RandomColor(),
                    Visited = Next(3) == 0,
                };
                world.Rooms.Add(room);
            }
            for (int i = 0; i < RoomCount; i++)
            {
                Room room = world.Rooms[i];
                int exits = 1 + Next(4);
                for (int e = 0; e < exits; e++)
                {
                    bool locked = Next(6) == 0;
                    room.Exits.Add(new Exit
                    {
                        Direction = (Direction)Next(6),
                        TargetRoomId = RoomId(Next(RoomCount)),
                        Locked = locked,
                        KeyId = locked ? "key-" + room.Id + "-" + e : null,
                    });
                    if (locked) world.Rooms[Next(RoomCount)].Items.Add(new Key { Id = "key-" + room.Id + "-" + e, Name = "Key to " + room.Title, Weight = 0.1, Value = 5, OpensRoomId = room.Id });
                }
                int floor = Next(5);
                for (int k = 0; k < floor; k++) room.Items.Add(RandomItem(depth: 0));
            }
            return world;
        }

        private Character BuildCharacter(int index, List<Room> rooms)
        {
            int level = 1 + Next(40);
            var character = new Character
            {
                Id = "chr-" + index.ToString("D3"),
                Name = Pick(FirstNames) + " " + Pick(FirstNames) + "son",
                Faction = index == 0 ? Faction.Player : (Faction)(1 + Next(4)),
                Level = level,
                MaxHealth = 20 + level * 8,
                RoomId = rooms.Count > 0 ? rooms[Next(rooms.Count)].Id : "",
                Position = Point(),
                Tint = RandomColor(),
                Aura = Next(4) == 0 ? RandomColor() : null,
            };
            character.Health = 1 + Next(character.MaxHealth);
            int items = 6 + Next(14);
            for (int i = 0; i < items; i++) character.Inventory.Add(RandomItem(depth: 0));
            // Most characters equip one of the weapons they carry: the very same instance, not a copy.
            bool armed = Next(5) != 0;
            foreach (Item item in character.Inventory)
            {
                if (armed && item is Weapon weapon && Next(3) != 0)
                {
                    character.EquippedWeapon = weapon;
                    break;
                }
            }
            foreach (string skill in Skills)
            {
                if (Next(2) == 0) character.Skills[skill] = 1 + Next(100);
            }
            return character;
        }

        private Quest BuildQuest(int index, List<Character> characters)
        {
            var quest = new Quest
            {
                Id = "qst-" + index.ToString("D3"),
                Title = Pick(Verbs) + " the " + Pick(Adjectives) + " " + Pick(Blades),
                State = (QuestState)Next(4),
                GiverId = characters.Count > 0 && Next(5) != 0 ? characters[Next(characters.Count)].Id : null,
            };
            int steps = 2 + Next(6);
            for (int i = 0; i < steps; i++)
            {
                quest.Steps.Add(new QuestStep
                {
                    Text = Pick(Verbs) + " " + Pick(FirstNames) + " at the " + Pick(Places),
                    Done = Next(2) == 0,
                    Marker = Next(3) == 0 ? null : Point(),
                });
            }
            int rewards = Next(4);
            for (int i = 0; i < rewards; i++) quest.RewardItemIds.Add("itm-" + Next(Math.Max(1, _nextItem)).ToString("D5"));
            return quest;
        }

        private Item RandomItem(int depth)
        {
            string id = "itm-" + (_nextItem++).ToString("D5");
            int kind = Next(depth < 2 ? 10 : 8);
            switch (kind)
            {
                case 0:
                case 1:
                case 2:
                    return new Weapon
                    {
                        Id = id,
                        Name = Pick(Adjectives) + " " + Pick(Blades),
                        Weight = 1 + Next(80) / 10.0,
                        Value = 10 + Next(500),
                        Damage = 2 + Next(30),
                        Speed = 0.5f + Next(150) / 100f,
                        DamageKind = (DamageKind)Next(5),
                    };
                case 3:
                case 4:
                    return new RangedWeapon
                    {
                        Id = id,
                        Name = Pick(Adjectives) + " " + Pick(Bows),
                        Weight = 0.5 + Next(40) / 10.0,
                        Value = 20 + Next(700),
                        Damage = 1 + Next(20),
                        Speed = 0.3f + Next(100) / 100f,
                        DamageKind = DamageKind.Pierce,
                        Range = 10f + Next(900) / 10f,
                        Ammo = Next(60),
                        AmmoKind = Next(2) == 0 ? "arrow" : "bolt",
                    };
                case 5:
                case 6:
                case 7:
                    return new Consumable
                    {
                        Id = id,
                        Name = Pick(Adjectives) + " " + Pick(Potions),
                        Weight = 0.2 + Next(10) / 10.0,
                        Value = 5 + Next(120),
                        Effect = (EffectKind)Next(5),
                        Potency = 1 + Next(50),
                        Charges = 1 + Next(3),
                        Tint = RandomColor(),
                    };
                default:
                    var container = new Container
                    {
                        Id = id,
                        Name = Pick(Adjectives) + " " + Pick(Boxes),
                        Weight = 2 + Next(100) / 10.0,
                        Value = Next(50),
                        Capacity = 4 + Next(8),
                        Locked = Next(4) == 0,
                    };
                    int contents = Next(container.Capacity);
                    for (int i = 0; i < contents; i++) container.Contents.Add(RandomItem(depth + 1));
                    return container;
            }
        }

        private object RandomVariable()
        {
            switch (Next(4))
            {
                case 0: return (long)Next64() >> Next(60);
                case 1: return Next(1_000_000) / 1000.0 - 500.0;
                case 2: return Pick(FirstNames) + " said " + Pick(Verbs).ToLowerInvariant();
                default: return Next(2) == 0;
            }
        }

        private Vector2[] BuildPath(int points)
        {
            var path = new Vector2[points];
            for (int i = 0; i < points; i++) path[i] = Point();
            return path;
        }

        private string Describe()
        {
            int words = 6 + Next(10);
            var parts = new string[words];
            for (int i = 0; i < words; i++) parts[i] = Next(2) == 0 ? Pick(Adjectives).ToLowerInvariant() : Pick(Places).ToLowerInvariant();
            return "A room of " + string.Join(' ', parts) + ".";
        }

        private static string RoomId(int index) => "room-" + index.ToString("D3");

        private Vector2 Point() => new Vector2(Next(20_000) / 10f - 1000f, Next(20_000) / 10f - 1000f);

        private Color RandomColor() => new Color((byte)Next(256), (byte)Next(256), (byte)Next(256), (byte)(128 + Next(128)));

        private string Pick(string[] values) => values[Next(values.Length)];

        private int Next(int bound) => (int)(Next64() % (ulong)bound);

        private ulong Next64()
        {
            ulong z = _state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            return z ^ (z >> 31);
        }
    }
}
