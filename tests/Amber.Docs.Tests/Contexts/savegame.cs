// context=savegame: the game save of the README's generic helper, and one to save.
global using static SaveGameContext;

public class SaveGame { public string Slot { get; set; } = ""; public int Gold { get; set; } }

public static class SaveGameContext
{
    public static readonly SaveGame game = new SaveGame { Slot = "one", Gold = 120 };
}
