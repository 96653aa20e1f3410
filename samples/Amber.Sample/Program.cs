using System;
using System.Collections.Generic;
using Amber;

// A save game, written and read back: plain types, records, structs, collections, enums.
var save = new SaveGame
{
    Player = new Hero("Ayla", 12, new Position(3.5f, -2f)),
    Inventory = new List<Item> { new Item { Name = "Lantern", Weight = 1.5, Kind = ItemKind.Tool }, new Item { Name = "Key", Kind = ItemKind.Key } },
    Flags = new Dictionary<string, bool> { ["door-open"] = true },
    SavedAt = new DateTime(2026, 11, 22, 10, 0, 0, DateTimeKind.Utc),
};
save.Seal();
byte[] bytes = AmberSerializer.Serialize(save);
SaveGame back = AmberSerializer.Deserialize<SaveGame>(bytes)!;
bool same = back.Player!.Name == "Ayla" && back.Player.Level == 12 && back.Player.At.Y == -2f
    && back.Inventory!.Count == 2 && back.Inventory[0].Weight == 1.5 && back.Inventory[1].Kind == ItemKind.Key
    && back.Flags!["door-open"] && back.SavedAt == save.SavedAt && back.SavedAt.Kind == DateTimeKind.Utc
    && back.IsSealed;
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

public class SaveGame
{
    public Hero? Player { get; set; }
    public List<Item>? Inventory { get; set; }
    public Dictionary<string, bool>? Flags { get; set; }
    public DateTime SavedAt { get; set; }

    // A private member, included on request (reached through UnsafeAccessor: trimming- and AOT-safe).
    [AmberInclude] private bool _sealed;

    public bool IsSealed => _sealed;

    public void Seal() => _sealed = true;
}
