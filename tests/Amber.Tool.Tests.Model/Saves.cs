using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Amber.Tool.Tests.Model
{
    public class Save
    {
        public string Player { get; set; } = "";
        public int Level { get; set; }
        public List<Item> Items { get; set; } = new List<Item>();
        public Dictionary<string, object> Variables { get; set; } = new Dictionary<string, object>();
    }

    public class Item
    {
        public string Name { get; set; } = "";
        public int Count { get; set; }
    }

    /// <summary>A type nothing serializes: it has no generated code.</summary>
    public class Unused
    {
        public int Value { get; set; }
    }

    /// <summary>The data the tests look at, written here so the call sites (and the generated code) are in this assembly.</summary>
    public static class Samples
    {
        public static Save Save(int i) => new Save
        {
            Player = "Ada " + i,
            Level = i % 50,
            Items = Enumerable.Range(0, i % 4).Select(k => new Item { Name = "potion " + k, Count = k + 1 }).ToList(),
            Variables = { ["gold"] = 100L + i, ["door.open"] = i % 2 == 0 },
        };

        public static byte[] SavePayload(int i = 7) => AmberSerializer.Serialize(Save(i));

        public static void WriteStream(Stream destination, int count, AmberStreamOptions? options = null) =>
            AmberStream.Write(destination, Enumerable.Range(0, count).Select(Save), options);

        public static void WriteSnapshot(string path, int count, AmberStreamOptions? options = null) =>
            AmberSnapshot.WriteFile(path, Enumerable.Range(0, count).Select(Save), options);

        public static List<Save> ReadStream(Stream source, AmberStreamOptions? options = null) => AmberStream.ReadAll<Save>(source, options);
    }
}
