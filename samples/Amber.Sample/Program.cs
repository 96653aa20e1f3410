using System;
using System.Collections.Generic;
using Amber;

// A save game, written and read back: plain types, records, structs, collections, enums,
// object values and a polymorphic member, all through generated code (no reflection).
var save = new SaveGame
{
    Player = new Hero("Ayla", 12, new Position(3.5f, -2f)),
    Inventory = new List<Item> { new Item { Name = "Lantern", Weight = 1.5, Kind = ItemKind.Tool }, new Item { Name = "Key", Kind = ItemKind.Key } },
    Flags = new Dictionary<string, bool> { ["door-open"] = true },
    SavedAt = new DateTime(2026, 11, 22, 10, 0, 0, DateTimeKind.Utc),
    Variables = new Dictionary<string, object?> { ["gold"] = 120L, ["mood"] = ItemKind.Key, ["log"] = new List<object?> { "met the smith", 2.5 } },
    Quest = new FetchQuest { Title = "Lantern oil", Target = "oil" },
};
save.Seal();
byte[] bytes = AmberSerializer.Serialize(save);
SaveGame back = AmberSerializer.Deserialize<SaveGame>(bytes)!;
bool same = back.Player!.Name == "Ayla" && back.Player.Level == 12 && back.Player.At.Y == -2f
    && back.Inventory!.Count == 2 && back.Inventory[0].Weight == 1.5 && back.Inventory[1].Kind == ItemKind.Key
    && back.Flags!["door-open"] && back.SavedAt == save.SavedAt && back.SavedAt.Kind == DateTimeKind.Utc
    && back.IsSealed
    && back.Variables!["gold"] is long gold && gold == 120 && back.Variables["mood"] is ItemKind.Key
    && back.Variables["log"] is List<object?> log && log[0] is "met the smith" && log[1] is 2.5
    && back.Quest is FetchQuest { Target: "oil" };
Console.WriteLine(same ? $"sample: round trip OK ({bytes.Length} bytes)" : "sample: round trip FAILED");
return same ? 0 : 1;

public enum ItemKind { Misc, Tool, Key }

public readonly record struct Position(float X, float Y);

public record Hero(string Name, int Level, Position At);

public class Item
{
    public string Name { get; set; } = "";
    public double Weight { get; set; }
    public ItemKind Kind { get; set; }
}

public abstract class Quest { public string Title { get; set; } = ""; }

public sealed class FetchQuest : Quest { public string Target { get; set; } = ""; }

public class SaveGame
{
    public Dictionary<string, object?>? Variables { get; set; }
    public Quest? Quest { get; set; }
    public Hero? Player { get; set; }
    public List<Item>? Inventory { get; set; }
    public Dictionary<string, bool>? Flags { get; set; }
    public DateTime SavedAt { get; set; }

    // A private member, included on request (reached through UnsafeAccessor: trimming- and AOT-safe).
    [AmberInclude] private bool _sealed;

    public bool IsSealed => _sealed;

    public void Seal() => _sealed = true;
}
