using System;
using System.Collections.Generic;

namespace Game
{
    // A small game save for the JSON view: nested objects, a polymorphic list, a dictionary, an enum, object values.

    public enum Mood { Calm, Angry, Sleepy }

    public abstract class Thing
    {
        public string Name { get; set; } = "";
    }

    public class Blade : Thing
    {
        public int Damage { get; set; }
    }

    public class Potion : Thing
    {
        public double Heal { get; set; }
    }

    public struct Position
    {
        public float X { get; set; }
        public float Y { get; set; }
    }

    public class Hero
    {
        public string Name { get; set; } = "";
        public int Level { get; set; }
        public Mood Mood { get; set; }
        public Position At { get; set; }
        public List<Thing> Bag { get; set; } = new List<Thing>();
        public Dictionary<string, int>? Skills { get; set; }
        public Hero? Companion { get; set; }
    }

    public class Save
    {
        public int Version { get; set; }
        public DateTime SavedAt { get; set; }
        public Hero? Player { get; set; }
        public Dictionary<string, object>? Flags { get; set; }
        public int[]? Unlocked { get; set; }
        public byte[]? Thumbnail { get; set; }
    }

    // Two versions of one type: the view of V2 data read as V1 shows the member V1 lacks by its key.
    public class ProfileV1
    {
        public string? Name { get; set; }
        public int Age { get; set; }
    }

    public class ProfileV2
    {
        public string? Name { get; set; }
        public int Age { get; set; }
        public string? Email { get; set; }
    }

    // Null byte arrays written present: a member whose default is not null, and list elements.
    public class Blobs
    {
        public byte[]? Data { get; set; } = new byte[] { 1 };
        public List<byte[]?>? Parts { get; set; }
    }
}
