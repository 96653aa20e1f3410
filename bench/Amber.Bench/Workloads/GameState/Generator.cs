using System.Collections.Generic;
using System.Globalization;
using System;
using Amber.Bench.Workloads.Game;
using Engine;

namespace Amber.Bench.Workloads
{
    /// <summary>Builds a save of a harbour-town adventure from a seeded Random: areas of rooms linked by exits, items (nested containers included) in rooms and inventories, characters, quests and variables.</summary>
    internal sealed class GameStateGenerator
    {
        private static readonly (string Id, string Name, string Music)[] Areas =
        {
            ("harbour", "Harbour", "music/harbour_gulls.ogg"),
            ("oldtown", "Old Town", "music/oldtown_lute.ogg"),
            ("lighthouse", "Lighthouse Point", "music/lighthouse_wind.ogg"),
            ("caves", "Smugglers' Caves", "music/caves_drip.ogg"),
            ("manor", "Governor's Manor", "music/manor_harpsichord.ogg"),
            ("marsh", "Saltmarsh", "music/marsh_frogs.ogg"),
            ("monastery", "Monastery of St. Elmo", "music/monastery_choir.ogg"),
            ("mine", "Abandoned Silver Mine", "music/mine_echoes.ogg"),
            ("forest", "Forest Road", "music/forest_birds.ogg"),
            ("ship", "The Wandering Gull", "music/ship_creak.ogg"),
        };

        private static readonly string[] RoomNames =
        {
            "Docks", "Fish Market", "Tavern", "Tavern Cellar", "Customs House", "Bell Tower", "Crypt", "Library", "Kitchen",
            "Walled Garden", "Old Well", "Watchtower", "Chapel", "Storeroom", "Guard Post", "Workshop", "Courtyard", "Cliff Path",
        };

        private static readonly string[] Moods =
        {
            "Salt spray hangs in the air", "Dust motes drift through thin shafts of light", "Water drips steadily from the ceiling",
            "A cold draught whistles through the gaps in the boards", "The smell of tar and rope is everywhere",
            "Candle wax has pooled on every surface", "Somewhere nearby a dog is barking", "The floorboards creak with every step",
        };

        private static readonly string[] Details =
        {
            "a row of barrels stamped with the governor's seal", "nets hung out to dry beside a broken lobster pot",
            "a faded tapestry of a ship caught in a storm", "shelves of mouldering ledgers", "a heavy iron door, its hinges rusted",
            "a spiral staircase leading up into darkness", "a table still set for a meal nobody finished", "scratch marks on the flagstones",
            "a carved figurehead leaning against the wall", "a bell rope that disappears through a hole in the ceiling",
        };

        private static readonly (string Name, DamageType Type, int Damage, float? Range, string Sprite)[] Weapons =
        {
            ("Rusty Cutlass", DamageType.Slash, 6, null, "items/cutlass_rusty.png"),
            ("Boarding Axe", DamageType.Slash, 9, null, "items/axe_boarding.png"),
            ("Flintlock Pistol", DamageType.Pierce, 14, 8f, "items/pistol_flintlock.png"),
            ("Oak Cudgel", DamageType.Blunt, 5, null, "items/cudgel_oak.png"),
            ("Whaler's Harpoon", DamageType.Pierce, 11, 5f, "items/harpoon.png"),
            ("Lamp-Oil Bomb", DamageType.Fire, 18, 6.5f, "items/bomb_oil.png"),
            ("Silver Dagger", DamageType.Pierce, 7, null, "items/dagger_silver.png"),
            ("Frost-Rimed Rapier", DamageType.Frost, 12, null, "items/rapier_frost.png"),
        };

        private static readonly (string Name, string Sprite)[] Keys =
        {
            ("Brass Key", "items/key_brass.png"), ("Crypt Key", "items/key_crypt.png"), ("Lighthouse Key", "items/key_lighthouse.png"),
            ("Cell Key", "items/key_cell.png"), ("Skeleton Key", "items/key_skeleton.png"), ("Captain's Cabin Key", "items/key_cabin.png"),
        };

        private static readonly (string Name, int Capacity, string Sprite)[] Containers =
        {
            ("Sea Chest", 12, "items/chest_sea.png"), ("Leather Pouch", 4, "items/pouch_leather.png"), ("Wooden Crate", 8, "items/crate.png"),
            ("Strongbox", 6, "items/strongbox.png"), ("Satchel", 6, "items/satchel.png"), ("Reliquary", 3, "items/reliquary.png"),
        };

        private static readonly (string Name, int Heal, int Charges, string Sprite)[] Consumables =
        {
            ("Loaf of Bread", 5, 1, "items/bread.png"), ("Bottle of Rum", 2, 3, "items/rum.png"), ("Healing Salve", 15, 1, "items/salve.png"),
            ("Flask of Lamp Oil", 0, 5, "items/oil_flask.png"), ("Smoked Herring", 4, 1, "items/herring.png"), ("Bitter Tonic", 10, 2, "items/tonic.png"),
        };

        private static readonly (string Name, string Text)[] Documents =
        {
            ("Torn Map Fragment", "…three hundred paces from the drowned bell, where the cliff bends twice, dig beneath the white stone…"),
            ("Captain's Log", "Day 41. The crew grows restless. Mendoza swears he saw lights on the water again. I have doubled the watch and locked the powder room."),
            ("Letter from Isabella", "My dearest brother, if this reaches you, do not trust the governor. He knows about the silver, and he knows about us."),
            ("Tide Table", "High water: 04:12, 16:37. Low water: 10:25, 22:48. Spring tides expected at the new moon."),
            ("Monk's Confession", "I hid the reliquary where only the bells could find it. Forgive me, for the abbot would have sold it."),
            ("Smuggler's Ledger", "12 casks brandy — paid. 4 bolts silk — owed. 1 passenger, no questions — paid double."),
        };

        private static readonly (string Name, int Value, string Sprite)[] Miscs =
        {
            ("Gold Doubloon", 25, "items/doubloon.png"), ("Coil of Rope", 3, "items/rope.png"), ("Brass Spyglass", 40, "items/spyglass.png"),
            ("Candle Stub", 1, "items/candle.png"), ("Parrot Feather", 2, "items/feather.png"), ("Tarnished Locket", 30, "items/locket.png"),
            ("Ship in a Bottle", 18, "items/ship_bottle.png"), ("Cracked Compass", 12, "items/compass.png"),
        };

        private static readonly string[] CharacterNames =
        {
            "Old Mendoza", "Isabella Vane", "Brother Anselm", "Governor Harrow", "Marguerite the Fishwife", "Pike", "Captain Soledad",
            "Tobias Wren", "The Lighthouse Keeper", "Nell Carraway", "Sergeant Brisk", "Abbot Corvin", "Little Finch", "Dr. Ophelia Marsh",
            "Silas Gaunt", "Widow Tull", "Jory the Ferryman", "Madame Esperanza", "Corporal Hale", "Ezekiel Crane",
        };

        private static readonly string[] QuestTitles =
        {
            "The Drowned Bell", "Silver in the Dark", "A Letter Never Sent", "The Governor's Ledger", "Lights on the Water",
            "The Monk's Reliquary", "Mutiny Brewing", "The Ferryman's Price", "Fog Over Saltmarsh", "The Keeper's Last Watch",
        };

        private readonly Random _r;
        private readonly bool _tiny;
        private int _nextItem;

        public GameStateGenerator(Random random, bool tiny)
        {
            _r = random;
            _tiny = tiny;
        }

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        private bool Chance(double p) => _r.NextDouble() < p;

        private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

        // Positions on a quarter-pixel grid and other floats with few significant digits: what a
        // 2D adventure engine stores, and exactly representable in every format's text or binary form.
        private float Coordinate(int max) => _r.Next(max * 4) / 4f;

        private Vector2 Point(int maxX, int maxY) => new Vector2 { X = Coordinate(maxX), Y = Coordinate(maxY) };

        private Color Colour(byte alpha = 255) => new Color { R = (byte)_r.Next(256), G = (byte)_r.Next(256), B = (byte)_r.Next(256), A = alpha };

        private Color Tint() => Chance(0.7)
            ? new Color { R = 255, G = 255, B = 255, A = 255 }
            : new Color { R = (byte)(180 + _r.Next(76)), G = (byte)(180 + _r.Next(76)), B = (byte)(180 + _r.Next(76)), A = 255 };

        public GameState Create()
        {
            int areas = _tiny ? 2 : Areas.Length;
            int roomsPerArea = _tiny ? 3 : 12;
            var state = new GameState
            {
                SaveVersion = 7,
                SaveSlot = "Slot 2 — Lighthouse Point, Chapter III",
                GameVersion = "1.4.2 (build 3817)",
                SavedAt = new DateTime(2026, 3, 14, 21, 47, 12, DateTimeKind.Utc).AddTicks(3_456_789),
                PlayTime = new TimeSpan(0, 17, 42, 9, 250),
            };

            var rooms = new List<Room>();
            for (int a = 0; a < areas; a++)
            {
                for (int k = 0; k < roomsPerArea; k++) rooms.Add(NewRoom(a, k, roomsPerArea));
            }
            state.Rooms = rooms;
            state.CurrentRoomId = rooms[Math.Min(rooms.Count - 1, 2 * roomsPerArea + 1)].Id;

            state.Player = NewCharacter("player", "Elena Marlowe", state.CurrentRoomId, isPlayer: true, rooms);
            int npcs = _tiny ? 3 : 40;
            for (int i = 0; i < npcs; i++)
            {
                string name = i < CharacterNames.Length ? CharacterNames[i] : Pick(new[] { "Dockhand", "Town Guard", "Smuggler", "Novice Monk", "Fisherman", "Maid" }) + " " + (i - CharacterNames.Length + 1);
                state.Characters.Add(NewCharacter(Inv($"npc.{i:00}"), name, Pick(rooms.ToArray()).Id, isPlayer: false, rooms));
            }

            int quests = _tiny ? 2 : 24;
            for (int q = 0; q < quests; q++) state.Quests.Add(NewQuest(q, state.SavedAt));

            int flags = _tiny ? 10 : 260;
            for (int f = 0; f < flags; f++)
            {
                string area = Areas[f % areas].Id;
                state.QuestFlags[Inv($"{area}.{Pick(new[] { "met", "talked_to", "helped", "angered", "found", "opened", "read", "rang" })}_{Pick(new[] { "mendoza", "isabella", "keeper", "abbot", "bell", "chest", "ledger", "gate", "ferry", "door" })}_{f}")] = Chance(0.6);
            }

            int variables = _tiny ? 8 : 180;
            for (int v = 0; v < variables; v++)
            {
                state.Variables[Inv($"{Areas[v % areas].Id}.{Pick(new[] { "tide", "bell", "ship", "fog", "guards", "lamp", "gate", "password", "rep" })}_{v}")] = NewVariable();
            }

            state.Camera = new CameraState
            {
                Position = Point(2048, 1024),
                Zoom = 1.25f,
                Fade = new Color { R = 0, G = 0, B = 0, A = 0 },
                FollowCharacterId = "player",
            };

            int journal = _tiny ? 4 : 70;
            for (int j = 0; j < journal; j++)
            {
                state.Journal.Add(Inv($"Day {1 + j / 3}, {Pick(new[] { "dawn", "morning", "noon", "dusk", "night" })}: {Pick(CharacterNames)} {Pick(new[] { "told me about", "warned me about", "asked me to find", "laughed when I mentioned", "seemed frightened of" })} {Pick(new[] { "the drowned bell", "the silver", "the lights on the water", "the governor's ledger", "the monk's reliquary", "the fog" })}. {Pick(Moods)}."));
            }
            return state;
        }

        private Room NewRoom(int area, int index, int roomsPerArea)
        {
            var (areaId, areaName, music) = Areas[area];
            string roomName = RoomNames[(area * 5 + index) % RoomNames.Length];
            string id = Inv($"room.{areaId}.{roomName.ToLowerInvariant().Replace(' ', '_')}");
            var room = new Room
            {
                Id = id,
                Name = areaName + ": " + roomName,
                Description = Inv($"{Pick(Moods)}. You are in the {roomName.ToLowerInvariant()} of {areaName}. Against the far wall you notice {Pick(Details)}, and beside it {Pick(Details)}. {Pick(Moods)}."),
                Music = music,
                Size = new Vector2 { X = 640 + 64 * _r.Next(40), Y = 360 + 36 * _r.Next(20) },
                Ambient = Colour(),
                Fog = Chance(0.3) ? Colour((byte)(40 + _r.Next(120))) : null,
                Visited = Chance(0.7),
            };
            room.VisitCount = room.Visited ? 1 + _r.Next(12) : 0;

            // Exits: the next and previous room of the area, sometimes a door to another area.
            room.Exits.Add(new Exit { Direction = Direction.East, TargetRoomId = Inv($"room.{areaId}.{RoomNames[(area * 5 + (index + 1) % roomsPerArea) % RoomNames.Length].ToLowerInvariant().Replace(' ', '_')}"), Position = Point(2048, 1024) });
            room.Exits.Add(new Exit { Direction = Direction.West, TargetRoomId = Inv($"room.{areaId}.{RoomNames[(area * 5 + (index + roomsPerArea - 1) % roomsPerArea) % RoomNames.Length].ToLowerInvariant().Replace(' ', '_')}"), Position = Point(2048, 1024) });
            int doors = _r.Next(3);
            for (int d = 0; d < doors; d++)
            {
                bool locked = Chance(0.4);
                room.Exits.Add(new Exit
                {
                    Direction = Chance(0.5) ? Direction.North : Direction.South,
                    TargetRoomId = Inv($"room.{Pick(Areas).Id}.{Pick(RoomNames).ToLowerInvariant().Replace(' ', '_')}"),
                    Position = Point(2048, 1024),
                    DoorId = Chance(0.7) ? Inv($"door.{areaId}.{index}.{d}") : null,
                    IsLocked = locked,
                    IsHidden = Chance(0.15),
                });
            }

            int props = 4 + _r.Next(9);
            for (int p = 0; p < props; p++)
            {
                string sprite = Pick(new[] { "barrel", "crate_stack", "lantern", "net", "anchor", "candelabra", "bookshelf", "table", "chair", "statue", "ivy", "cobweb", "rowboat", "well", "bell" });
                room.Props.Add(new Prop
                {
                    Id = Inv($"{id}.prop{p}"),
                    Sprite = "props/" + sprite + ".png",
                    Position = Point((int)room.Size.X, (int)room.Size.Y),
                    Scale = Chance(0.8) ? new Vector2 { X = 1, Y = 1 } : new Vector2 { X = 0.5f + _r.Next(6) * 0.25f, Y = 0.5f + _r.Next(6) * 0.25f },
                    Rotation = Chance(0.8) ? 0f : _r.Next(-8, 9) * 11.25f,
                    Tint = Tint(),
                    Layer = _r.Next(-2, 4),
                    Visible = Chance(0.9),
                    Interaction = Chance(0.4) ? Inv($"interact.{sprite}.{Pick(new[] { "examine", "search", "push", "ring", "climb", "read" })}") : null,
                });
            }

            int items = _r.Next(_tiny ? 3 : 6);
            for (int i = 0; i < items; i++) room.Items.Add(NewItem(room.Size, depth: 0));
            if (index == 0)
            {
                // Every area hides a locked chest with a pouch inside: nested containers are always present.
                room.Items.Add(NewContainer(room.Size, depth: 0, forceNested: true));
            }

            int vars = _r.Next(5);
            for (int v = 0; v < vars; v++) room.Variables[Pick(new[] { "searched", "candles_lit", "window_open", "trap_armed", "times_rested", "graffiti", "light_level" }) + Inv($"_{v}")] = NewVariable();
            return room;
        }

        private GameItem NewItem(Vector2 area, int depth)
        {
            double roll = _r.NextDouble();
            if (roll < 0.15) return NewWeapon(area);
            if (roll < 0.25) return NewKey(area);
            if (roll < 0.40 && depth < 2) return NewContainer(area, depth, forceNested: false);
            if (roll < 0.60) return NewConsumable(area);
            if (roll < 0.70) return NewDocument(area);
            return NewTrinket(area);
        }

        /// <summary>Fills the members every item has and returns the item.</summary>
        private T Base<T>(T item, string name, string sprite, Vector2 area, int value, float weight, string description)
            where T : GameItem
        {
            item.Id = Inv($"item.{_nextItem++:0000}");
            item.Name = name;
            item.Description = description;
            item.Sprite = sprite;
            item.Position = Point((int)Math.Max(1, area.X), (int)Math.Max(1, area.Y));
            item.Tint = Tint();
            item.Value = value;
            item.Weight = weight;
            item.IsQuestItem = Chance(0.08);
            return item;
        }

        /// <summary>A melee weapon, or a RangedWeaponItem for the weapons with a reach.</summary>
        private WeaponItem NewWeapon(Vector2 area)
        {
            var w = Pick(Weapons);
            WeaponItem item = w.Range is float range ? new RangedWeaponItem { Range = range, Ammo = _r.Next(25) } : new WeaponItem();
            Base(item, w.Name, w.Sprite, area, 10 + w.Damage * 5, 1f + _r.Next(12) * 0.25f,
                Inv($"A {w.Name.ToLowerInvariant()}. {Pick(new[] { "Well balanced, if a little worn.", "The grip is wrapped in salt-stained leather.", "Someone has carved initials into it.", "It has seen better days." })}"));
            item.Damage = w.Damage + _r.Next(3);
            item.DamageType = w.Type;
            return item;
        }

        private KeyItem NewKey(Vector2 area)
        {
            var k = Pick(Keys);
            KeyItem item = Base(new KeyItem(), k.Name, k.Sprite, area, 0, 0.25f, Inv($"The {k.Name.ToLowerInvariant()}. {Pick(new[] { "It is heavier than it looks.", "A paper tag reads: 'do not lose'.", "The teeth are worn smooth." })}"));
            item.DoorId = Inv($"door.{Pick(Areas).Id}.{_r.Next(9)}.{_r.Next(2)}");
            item.ConsumedOnUse = Chance(0.3);
            return item;
        }

        private ContainerItem NewContainer(Vector2 area, int depth, bool forceNested)
        {
            var c = forceNested ? Containers[0] : Pick(Containers);
            ContainerItem item = Base(new ContainerItem(), c.Name, c.Sprite, area, 5, 2f + c.Capacity * 0.5f, Inv($"A {c.Name.ToLowerInvariant()}. {Pick(new[] { "The lid is stiff.", "It smells of camphor.", "The lock has been scratched, as if someone tried to force it.", "Stencilled letters on the side have faded." })}"));
            item.Capacity = c.Capacity;
            item.IsLocked = forceNested || Chance(0.3);
            item.KeyId = item.IsLocked && Chance(0.8) ? Inv($"item.key.{_r.Next(40)}") : null;
            if (forceNested) item.Contents.Add(NewContainer(area, depth + 1, forceNested: false));
            int n = _r.Next(Math.Min(c.Capacity, 5));
            for (int i = 0; i < n; i++) item.Contents.Add(NewItem(new Vector2(), depth + 1));
            return item;
        }

        private ConsumableItem NewConsumable(Vector2 area)
        {
            var c = Pick(Consumables);
            ConsumableItem item = Base(new ConsumableItem(), c.Name, c.Sprite, area, 2 + c.Heal, 0.5f, Inv($"{c.Name}. {(c.Heal > 0 ? "Restores a little health." : "Useful for lamps and fires.")}"));
            item.HealAmount = c.Heal > 0 ? c.Heal : null;
            item.Charges = c.Charges;
            return item;
        }

        private DocumentItem NewDocument(Vector2 area)
        {
            var d = Pick(Documents);
            DocumentItem item = Base(new DocumentItem(), d.Name, "items/paper.png", area, 0, 0.05f, Inv($"{d.Name}, {Pick(new[] { "water-stained", "folded many times", "sealed with red wax", "written in a hurried hand" })}."));
            item.Text = d.Text;
            return item;
        }

        private TrinketItem NewTrinket(Vector2 area)
        {
            var m = Pick(Miscs);
            return Base(new TrinketItem(), m.Name, m.Sprite, area, m.Value, 0.25f + _r.Next(8) * 0.25f, Inv($"{m.Name}. {Pick(new[] { "Might be worth something to the right buyer.", "You are not sure why you kept it.", "It glints in the light." })}"));
        }

        /// <summary>A script variable: a long, a double, a string or a bool, boxed as the engine's scripts store them.</summary>
        private object NewVariable()
        {
            switch (_r.Next(4))
            {
                case 0: return (long)_r.Next(-50, 5000);
                case 1: return _r.Next(0, 4000) / 8.0;
                case 2: return Pick(new[] { "Marlinspike", "north", "the bell tolls twice", "Isabella", "closed", "Day 12", "lantern_blue", "gull" });
                default: return Chance(0.5);
            }
        }

        private GameCharacter NewCharacter(string id, string name, string roomId, bool isPlayer, List<Room> rooms)
        {
            var character = new GameCharacter
            {
                Id = id,
                Name = name,
                RoomId = roomId,
                Position = Point(2048, 1024),
                Facing = (Direction)_r.Next(4),
                Tint = Tint(),
                MaxHealth = isPlayer ? 120 : 20 + 10 * _r.Next(8),
                Gold = _r.Next(isPlayer ? 900 : 120),
                Mood = (Mood)_r.Next(5),
                Level = 1 + _r.Next(isPlayer ? 12 : 8),
                Experience = _r.Next(50_000),
                DialogueNode = isPlayer || Chance(0.2) ? null : Inv($"dlg.{id}.{Pick(new[] { "greeting", "rumours", "quest_offer", "farewell", "threat" })}"),
            };
            character.Health = 1 + _r.Next(character.MaxHealth);

            int inventory = isPlayer ? (_tiny ? 6 : 28) : _r.Next(2, 8);
            for (int i = 0; i < inventory; i++) character.Inventory.Add(NewItem(new Vector2(), depth: 0));
            if (isPlayer || Chance(0.6))
            {
                // The equipped weapon is one of the inventory's items, not a copy: two references to one object.
                WeaponItem weapon = NewWeapon(new Vector2());
                character.Inventory.Add(weapon);
                character.EquippedWeapon = weapon;
            }

            int seen = _r.Next(isPlayer ? 0 : 12);
            for (int s = 0; s < seen; s++) character.DialogueSeen.Add(Inv($"dlg.{id}.line{s:00}"));
            foreach (string stat in new[] { "strength", "agility", "wits", "charm", "luck" }) character.Stats[stat] = 1 + _r.Next(18);
            if (isPlayer)
            {
                foreach (string skill in new[] { "lockpicking", "swimming", "haggling", "navigation", "sleight_of_hand" }) character.Stats[skill] = _r.Next(100);
            }
            int relations = isPlayer ? Math.Min(CharacterNames.Length, _tiny ? 3 : 20) : _r.Next(5);
            for (int k = 0; k < relations; k++) character.Relationships[Inv($"npc.{(isPlayer ? k : _r.Next(40)):00}")] = _r.Next(-100, 101);
            int memory = _r.Next(isPlayer ? 12 : 5);
            for (int m = 0; m < memory; m++) character.Memory[Pick(new[] { "last_seen_player", "owes_gold", "knows_secret", "times_bribed", "favourite_drink", "suspicion" }) + Inv($"_{m}")] = NewVariable();
            int path = isPlayer ? 0 : _r.Next(6);
            for (int k = 0; k < path; k++) character.PatrolPath.Add(Point(2048, 1024));
            return character;
        }

        private Quest NewQuest(int index, DateTime savedAt)
        {
            string title = index < QuestTitles.Length ? QuestTitles[index] : Inv($"Errand: {Pick(new[] { "Fetch", "Deliver", "Find", "Mend" })} the {Pick(Miscs).Name}");
            var status = (QuestStatus)_r.Next(4);
            var quest = new Quest
            {
                Id = Inv($"quest.{index:00}"),
                Title = title,
                Description = Inv($"{Pick(CharacterNames)} {Pick(new[] { "has asked for help with", "let slip something about", "would pay well for news of" })} {title.ToLowerInvariant()}. {Pick(Moods)}."),
                Status = status,
                StartedAt = status == QuestStatus.Hidden ? null : savedAt.AddMinutes(-_r.Next(1000)),
                CompletedAt = status == QuestStatus.Completed ? savedAt.AddMinutes(-_r.Next(100)) : null,
                RewardItemId = Chance(0.6) ? Inv($"item.{_r.Next(Math.Max(1, _nextItem)):0000}") : null,
            };
            int steps = 2 + _r.Next(5);
            for (int s = 0; s < steps; s++)
            {
                bool done = status == QuestStatus.Completed || (status == QuestStatus.Active && s < steps / 2);
                quest.Steps.Add(new QuestStep
                {
                    Id = Inv($"{quest.Id}.step{s}"),
                    Text = Inv($"{Pick(new[] { "Speak with", "Follow", "Search the rooms of", "Bring the ledger to", "Wait at dusk for" })} {Pick(CharacterNames)} {Pick(new[] { "near the docks", "in the crypt", "at the lighthouse", "behind the chapel", "on the ship" })}."),
                    Done = done,
                    Hint = Chance(0.4) ? Pick(new[] { "Try ringing the bell at low tide.", "The ferryman only works at night.", "Someone in the tavern knows more than they admit." }) : null,
                });
                if (done) quest.Stage = s + 1;
            }
            return quest;
        }

        /// <summary>The number of objects in the save (rooms, characters, items, quests …) for the table.</summary>
        public static int CountObjects(GameState state)
        {
            int n = 1 + 1 + state.Characters.Count + state.Rooms.Count + state.Quests.Count + state.Variables.Count;
            // An equipped weapon is an inventory item, counted once.
            n += CountItems(state.Player.Inventory);
            foreach (GameCharacter c in state.Characters) n += CountItems(c.Inventory) + c.Memory.Count;
            foreach (Room r in state.Rooms) n += CountItems(r.Items) + r.Exits.Count + r.Props.Count + r.Variables.Count;
            foreach (Quest q in state.Quests) n += q.Steps.Count;
            return n;
        }

        private static int CountItems(List<GameItem>? items)
        {
            if (items == null) return 0;
            int n = 0;
            foreach (GameItem i in items) n += 1 + CountItems((i as ContainerItem)?.Contents);
            return n;
        }
    }
}
