using System;
using System.Collections.Generic;
using GameEngine;

// The game's save model: plain C#, no attributes. Amber's generator finds every type from the
// AmberSnapshot calls on SaveGame and follows the member graph (the Item subclasses included).
namespace GameSave
{
    public enum Direction { North, East, South, West, Up, Down }

    public enum DamageKind { Blunt, Slash, Pierce, Fire, Frost }

    public enum EffectKind { Heal, Mana, Haste, Strength, Antidote }

    public enum QuestState { Hidden, Active, Completed, Failed }

    public enum Faction { Player, Villager, Merchant, Bandit, Undead }

    /// <summary>One save slot: the whole game at one moment.</summary>
    public sealed class SaveGame
    {
        public int FormatVersion { get; set; }
        public int Seed { get; set; }
        public string SlotName { get; set; } = "";
        public DateTime SavedAtUtc { get; set; }
        public TimeSpan PlayTime { get; set; }
        public World World { get; set; } = new World();
        public List<Character> Characters { get; set; } = new List<Character>();
        public List<Quest> Quests { get; set; } = new List<Quest>();
        public Camera Camera { get; set; } = new Camera();

        /// <summary>The scripts' variables: long, double, string or bool values.</summary>
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
    }

    public sealed class World
    {
        public string Name { get; set; } = "";
        public long Tick { get; set; }
        public Color SkyTint { get; set; }
        public List<Room> Rooms { get; set; } = new List<Room>();
    }

    public sealed class Room
    {
        public string Id { get; set; } = "";
        public string Title { get; set; } = "";
        public string Description { get; set; } = "";
        public Vector2 MapPosition { get; set; }
        public Color Ambient { get; set; }
        public bool Visited { get; set; }
        public List<Exit> Exits { get; set; } = new List<Exit>();

        /// <summary>Items lying on the floor, any kind.</summary>
        public List<Item> Items { get; set; } = new List<Item>();
    }

    public sealed class Exit
    {
        public Direction Direction { get; set; }
        public string TargetRoomId { get; set; } = "";
        public bool Locked { get; set; }

        /// <summary>The id of the key that opens it, when locked.</summary>
        public string? KeyId { get; set; }
    }

    public sealed class Character
    {
        public string Id { get; set; } = "";
        public string Name { get; set; } = "";
        public Faction Faction { get; set; }
        public int Level { get; set; }
        public int Health { get; set; }
        public int MaxHealth { get; set; }
        public string RoomId { get; set; } = "";
        public Vector2 Position { get; set; }
        public Color Tint { get; set; }

        /// <summary>Set for glowing characters only: a nullable engine struct.</summary>
        public Color? Aura { get; set; }

        public List<Item> Inventory { get; set; } = new List<Item>();

        /// <summary>The same instance as one of <see cref="Inventory"/>'s items (a shared reference), or null.</summary>
        public Weapon? EquippedWeapon { get; set; }

        public Dictionary<string, int> Skills { get; set; } = new Dictionary<string, int>();
    }

    /// <summary>The base of every item; always held through this type.</summary>
    public abstract class Item
    {
        public string Id { get; set; } = "";
        public string Name { get; set; } = "";
        public double Weight { get; set; }
        public int Value { get; set; }
    }

    public class Weapon : Item
    {
        public int Damage { get; set; }
        public float Speed { get; set; }
        public DamageKind DamageKind { get; set; }
    }

    public sealed class RangedWeapon : Weapon
    {
        public float Range { get; set; }
        public int Ammo { get; set; }
        public string AmmoKind { get; set; } = "";
    }

    public sealed class Key : Item
    {
        /// <summary>The id of the room whose locked exit it opens.</summary>
        public string OpensRoomId { get; set; } = "";
    }

    public sealed class Container : Item
    {
        public int Capacity { get; set; }
        public bool Locked { get; set; }
        public List<Item> Contents { get; set; } = new List<Item>();
    }

    public sealed class Consumable : Item
    {
        public EffectKind Effect { get; set; }
        public int Potency { get; set; }
        public int Charges { get; set; }
        public Color Tint { get; set; }
    }

    public sealed class Quest
    {
        public string Id { get; set; } = "";
        public string Title { get; set; } = "";
        public QuestState State { get; set; }
        public string? GiverId { get; set; }
        public List<QuestStep> Steps { get; set; } = new List<QuestStep>();
        public List<string> RewardItemIds { get; set; } = new List<string>();
    }

    public sealed class QuestStep
    {
        public string Text { get; set; } = "";
        public bool Done { get; set; }

        /// <summary>Where the map marks the step, if anywhere.</summary>
        public Vector2? Marker { get; set; }
    }

    public sealed class Camera
    {
        public Vector2 Position { get; set; }
        public float Zoom { get; set; }
        public float Rotation { get; set; }
        public Color ClearColor { get; set; }
        public string? FollowCharacterId { get; set; }

        /// <summary>The points of the last cut-scene's pan.</summary>
        public Vector2[] Path { get; set; } = Array.Empty<Vector2>();
    }
}
