using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using Amber;
using Amber.Compression;
using Amber.Json;
using Amber.Streaming;
using GameSave;

// Amber.GameSave save FILE [--lz4] [--seed N]   builds the world for the seed and saves it
// Amber.GameSave load FILE                      loads a save (plain or LZ4, told by the file itself)
// Amber.GameSave                                self-check: saves plain and LZ4, loads both, compares
return GameSaveApp.Run(args);

internal static class GameSaveApp
{
    private const int DefaultSeed = 42;

    /// <summary>The equipped weapon is one of the inventory's items: the save keeps references.</summary>
    private static readonly AmberOptions Serializer = new AmberOptions { PreserveReferences = true };

    private static readonly AmberStreamOptions Plain = new AmberStreamOptions { Serializer = Serializer };

    private static readonly AmberStreamOptions Lz4 = new AmberStreamOptions { Serializer = Serializer, Compression = AmberLz4.Default };

    public static int Run(string[] args)
    {
        try
        {
            if (args.Length == 0) return SelfCheck();
            switch (args[0])
            {
                case "save" when args.Length >= 2:
                    return Save(args);
                case "load" when args.Length == 2:
                    return Load(args[1]);
                default:
                    return Usage();
            }
        }
        catch (AmberException e)
        {
            Console.Error.WriteLine("error: " + e.Message);
            return 1;
        }
        catch (Exception e) when (e is IOException || e is UnauthorizedAccessException)
        {
            Console.Error.WriteLine("error: " + e.Message);
            return 1;
        }
    }

    private static int Usage()
    {
        Console.Error.WriteLine("usage: Amber.GameSave save FILE [--lz4] [--seed N]");
        Console.Error.WriteLine("       Amber.GameSave load FILE");
        Console.Error.WriteLine("       Amber.GameSave            (self-check)");
        return 2;
    }

    private static int Save(string[] args)
    {
        bool lz4 = false;
        int seed = DefaultSeed;
        for (int i = 2; i < args.Length; i++)
        {
            if (args[i] == "--lz4") lz4 = true;
            else if (args[i] == "--seed" && i + 1 < args.Length && int.TryParse(args[i + 1], NumberStyles.Integer, CultureInfo.InvariantCulture, out seed)) i++;
            else return Usage();
        }
        SaveGame game = new WorldBuilder(seed).Build();
        var watch = Stopwatch.StartNew();
        long bytes = Write(args[1], game, lz4);
        Console.WriteLine($"saved {args[1]}: {Summary(game)}; {(lz4 ? "LZ4" : "plain")}, {bytes:N0} bytes in {watch.Elapsed.TotalMilliseconds:F1} ms");
        return 0;
    }

    private static int Load(string path)
    {
        string compression = CompressionOf(path);
        var watch = Stopwatch.StartNew();
        SaveGame game = Read(path, out DateTime firstObjectUtc);
        double ms = watch.Elapsed.TotalMilliseconds;
        TimeSpan? sinceStart = SinceProcessStart(firstObjectUtc);
        string startup = sinceStart is TimeSpan t ? $", first object {t.TotalMilliseconds:F0} ms after process start" : "";
        Console.WriteLine($"loaded {path}: {Summary(game)}; {compression}, {new FileInfo(path).Length:N0} bytes in {ms:F1} ms{startup}");
        return 0;
    }

    private static int SelfCheck()
    {
        SaveGame original = new WorldBuilder(DefaultSeed).Build();
        Console.WriteLine($"world: {Summary(original)}");
        DirectoryInfo folder = Directory.CreateTempSubdirectory("amber-gamesave-");
        bool ok = true;
        try
        {
            foreach (bool lz4 in new[] { false, true })
            {
                string name = lz4 ? "LZ4" : "plain";
                string path = Path.Combine(folder.FullName, lz4 ? "save.lz4.amber" : "save.amber");
                var watch = Stopwatch.StartNew();
                long bytes = Write(path, original, lz4);
                double saveMs = watch.Elapsed.TotalMilliseconds;
                watch.Restart();
                SaveGame loaded = Read(path, out _);
                double loadMs = watch.Elapsed.TotalMilliseconds;
                string compression = CompressionOf(path);

                var checker = new SaveChecker();
                bool same = checker.Check(original, loaded) && compression == name;
                Console.WriteLine($"{name,-5}: {bytes,9:N0} bytes (compression read back: {compression}), saved in {saveMs,6:F1} ms, loaded in {loadMs,6:F1} ms, "
                    + $"{checker.Compared:N0} members compared: {(same ? "identical" : $"{checker.DifferenceCount} differences")}");
                foreach (string difference in checker.Differences) Console.WriteLine("  " + difference);
                ok &= same;

                ok &= Refused(path, name);
                if (!lz4)
                {
                    ok &= CheckerCatches(original, path);
                    ok &= JsonRoundTrip(original);
                }
            }
        }
        finally
        {
            folder.Delete(recursive: true);
        }
        Console.WriteLine(ok ? "self-check: OK" : "self-check: FAILED");
        return ok ? 0 : 1;
    }

    /// <summary>
    /// The checker itself must see what it is there to see: a loaded copy whose equipped weapon is an
    /// equal but separate object, and whose long variable became an int of the same value, must fail.
    /// </summary>
    private static bool CheckerCatches(SaveGame original, string path)
    {
        SaveGame copy = Read(path, out _);
        SaveGame twin = Read(path, out _);
        int armed = copy.Characters.FindIndex(c => c.EquippedWeapon != null);
        if (armed < 0) throw new InvalidOperationException("The world has no armed character.");
        // Equal in every member, but not the instance in the character's inventory.
        copy.Characters[armed].EquippedWeapon = twin.Characters[armed].EquippedWeapon;
        string? longKey = null;
        foreach (KeyValuePair<string, object> pair in copy.Variables)
        {
            if (pair.Value is long)
            {
                longKey = pair.Key;
                break;
            }
        }
        if (longKey is null) throw new InvalidOperationException("The world has no long variable.");
        copy.Variables[longKey] = unchecked((int)(long)copy.Variables[longKey]);

        var checker = new SaveChecker();
        bool caught = !checker.Check(original, copy) && checker.DifferenceCount == 2;
        Console.WriteLine($"  checker sanity (a copied weapon, a long turned int): {(caught ? "both caught" : $"FAILED ({checker.DifferenceCount} differences)")}");
        foreach (string difference in checker.Differences) Console.WriteLine("    " + difference);
        return caught;
    }

    /// <summary>
    /// The save as JSON (what a person sees when they open it with the JSON view) and back: the loaded copy must be the
    /// save, shared weapon and object variables included.
    /// </summary>
    private static bool JsonRoundTrip(SaveGame original)
    {
        var watch = Stopwatch.StartNew();
        byte[] payload = AmberSerializer.Serialize(original, Serializer);
        string json = AmberJson.ToJson<SaveGame>(payload, Serializer);
        SaveGame? back = AmberJson.FromJson<SaveGame>(json, Serializer);
        var checker = new SaveChecker();
        bool same = back != null && checker.Check(original, back);
        Console.WriteLine($"json : {json.Length:N0} characters of JSON and back in {watch.Elapsed.TotalMilliseconds:F1} ms, "
            + $"{checker.Compared:N0} members compared: {(same ? "identical" : $"{checker.DifferenceCount} differences")}");
        foreach (string difference in checker.Differences) Console.WriteLine("  " + difference);
        return same;
    }

    /// <summary>A damaged and a truncated copy of a save must each be refused with an AmberException.</summary>
    private static bool Refused(string path, string name)
    {
        byte[] bytes = File.ReadAllBytes(path);
        bool ok = true;
        string damaged = path + ".damaged";
        byte[] flipped = (byte[])bytes.Clone();
        flipped[flipped.Length / 2] ^= 0x10;
        File.WriteAllBytes(damaged, flipped);
        ok &= RefusedOne(damaged, name + ", one bit flipped");
        string cut = path + ".cut";
        File.WriteAllBytes(cut, bytes.AsSpan(0, bytes.Length - 7).ToArray());
        ok &= RefusedOne(cut, name + ", cut short");
        return ok;
    }

    private static bool RefusedOne(string path, string what)
    {
        try
        {
            Read(path, out _);
            Console.WriteLine($"  {what}: read without an error (FAILED)");
            return false;
        }
        catch (AmberException e)
        {
            string message = e.Message.Split('\n')[0];
            Console.WriteLine($"  {what}: refused: {(message.Length > 110 ? message.Substring(0, 110) + "…" : message)}");
            return true;
        }
    }

    private static long Write(string path, SaveGame game, bool lz4)
    {
        AmberSnapshot.WriteFile(path, new[] { game }, lz4 ? Lz4 : Plain);
        return new FileInfo(path).Length;
    }

    /// <summary>
    /// Reads the one save in a snapshot file. Read with the LZ4 compressor, which also accepts frames that
    /// are stored plain, so either kind of save loads. The stream is read to its end, so its end frame
    /// (the item and frame totals) is checked too.
    /// </summary>
    private static SaveGame Read(string path, out DateTime firstObjectUtc)
    {
        firstObjectUtc = default;
        SaveGame? game = null;
        foreach (SaveGame item in AmberSnapshot.ReadFile<SaveGame>(path, Lz4))
        {
            if (game != null) throw new AmberException($"{path} holds more than one save", -1, "A save file holds exactly one SaveGame.");
            game = item;
            firstObjectUtc = DateTime.UtcNow;
        }
        return game ?? throw new AmberException($"{path} holds no save", -1, "A save file holds exactly one SaveGame.");
    }

    /// <summary>The compression of the first frame (docs/format.md §7.4: "AMBS", a version byte, then the frame flags).</summary>
    private static string CompressionOf(string path)
    {
        Span<byte> head = stackalloc byte[6];
        using (FileStream file = File.OpenRead(path))
        {
            if (file.ReadAtLeast(head, head.Length, throwOnEndOfStream: false) < head.Length) return "unknown";
        }
        if (head[0] != (byte)'A' || head[1] != (byte)'M' || head[2] != (byte)'B' || head[3] != (byte)'S') return "not an Amber stream";
        switch (head[5] & 0x0F)
        {
            case 0: return "plain";
            case 1: return "Brotli";
            case 2: return "LZ4";
            default: return "unknown";
        }
    }

    /// <summary>
    /// How long after the process started <paramref name="utc"/> was; asked after the load, since the
    /// operating system's process start time is slow to get (and known to about 10 ms on Linux).
    /// </summary>
    private static TimeSpan? SinceProcessStart(DateTime utc)
    {
        try
        {
            using Process self = Process.GetCurrentProcess();
            return utc - self.StartTime.ToUniversalTime();
        }
        catch (Exception e) when (e is InvalidOperationException || e is NotSupportedException || e is System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    private static string Summary(SaveGame game)
    {
        int rooms = game.World.Rooms.Count, items = 0, equipped = 0;
        foreach (Room room in game.World.Rooms)
        {
            foreach (Item item in room.Items) items += Count(item);
        }
        foreach (Character character in game.Characters)
        {
            foreach (Item item in character.Inventory) items += Count(item);
            if (character.EquippedWeapon != null) equipped++;
        }
        return $"seed {game.Seed}, \"{game.World.Name}\", {rooms} rooms, {game.Characters.Count} characters ({equipped} armed), "
            + $"{items:N0} items, {game.Quests.Count} quests, {game.Variables.Count} variables";
    }

    private static int Count(Item item)
    {
        int n = 1;
        if (item is Container container)
        {
            foreach (Item inner in container.Contents) n += Count(inner);
        }
        return n;
    }
}
