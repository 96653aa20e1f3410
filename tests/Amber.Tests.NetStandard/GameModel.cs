using System;
using System.Collections.Generic;
using System.Numerics;

// A game's save data as a Unity user would write it under C# 9 / netstandard2.1: plain classes and
// structs without Amber attributes, public fields and auto-properties, an abstract base held through
// the base type, a Dictionary<string, object> of mixed values, enums, nullable members, a record, and
// an engine struct (System.Numerics.Vector3 stands in for UnityEngine.Vector3) the game does not own.
namespace Amber.Tests.NetStandard
{
    public enum Faction
    {
        Neutral,
        Player,
        Enemy,
    }

    [Flags]
    public enum StatusEffect
    {
        None = 0,
        Poisoned = 1,
        Burning = 2,
        Frozen = 4,
    }

    /// <summary>A plain struct of public fields.</summary>
    public struct GridPos
    {
        public int X;
        public int Y;
    }

    /// <summary>An item stack; the same instance may sit in two inventories (shared reference).</summary>
    public class ItemStack
    {
        public string ItemId = "";
        public int Count;
        public float? Durability;

        /// <summary>An init-only property outside a record (C# 9, needs the IsExternalInit declaration).</summary>
        public string? Engraving { get; init; }
    }

    /// <summary>A C# 9 positional record: its properties are init-only, set through the constructor.</summary>
    public record ItemDef(string Id, string DisplayName, int MaxStack, string[] Tags);

    /// <summary>The base every actor in the level derives from; the save holds actors through this type.</summary>
    public abstract class Entity
    {
        public string Name { get; set; } = "";
        public Vector3 Position;
        public Faction Faction;
        public Entity? Target;
    }

    public sealed class Hero : Entity
    {
        public int Level;
        public long Experience;
        public List<ItemStack> Inventory { get; set; } = new List<ItemStack>();
        public ItemStack?[] Hotbar = new ItemStack?[4];
    }

    public sealed class Monster : Entity
    {
        public float Health;
        public StatusEffect Effects;
        public int? BountyGold;
        public Vector3? LastSeenHero;
    }

    public sealed class Chest : Entity
    {
        public bool Locked;
        public List<ItemStack> Contents = new List<ItemStack>();
    }

    /// <summary>The root of a save file.</summary>
    public class SaveGame
    {
        public int Version { get; set; }
        public string? SlotName { get; set; }
        public DateTime SavedAt;
        public Guid SessionId;
        public TimeSpan PlayTime;
        public List<Entity> Entities = new List<Entity>();
        public Entity? Selected;
        public GridPos[] Checkpoints = Array.Empty<GridPos>();
        public List<GridPos>? Explored;
        public Dictionary<string, object> Flags = new Dictionary<string, object>();
        public Dictionary<Faction, int> Reputation = new Dictionary<Faction, int>();
        public List<ItemDef> Catalog = new List<ItemDef>();
        public ItemDef? Featured;
        public Vector3 SpawnPoint;
        public Vector3[] Waypoints = Array.Empty<Vector3>();
        public double? BestLapSeconds;
        public Settings Settings = new Settings();
    }

    /// <summary>A nested plain class with a byte array and a nullable enum.</summary>
    public class Settings
    {
        public float MusicVolume = 1f;
        public Faction? FavouriteFaction;
        public byte[]? ThumbnailPng;
        public HashSet<string> UnlockedAchievements = new HashSet<string>();
    }
}
