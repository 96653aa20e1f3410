using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Streaming;

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

        /// <summary>A payload whose root is a list of <paramref name="count"/> ints.</summary>
        public static byte[] IntListPayload(int count) => AmberSerializer.Serialize(Enumerable.Range(0, count).ToList());

        public static void WriteStream(Stream destination, int count, AmberStreamOptions? options = null) =>
            AmberStream.Write(destination, Enumerable.Range(0, count).Select(Save), options);

        public static void WriteSnapshot(string path, int count, AmberStreamOptions? options = null) =>
            AmberSnapshot.WriteFile(path, Enumerable.Range(0, count).Select(Save), options);

        public static List<Save> ReadStream(Stream source, AmberStreamOptions? options = null) => AmberStream.ReadAll<Save>(source, options);

        /// <summary>
        /// A captured connection: <paramref name="count"/> messages on one <see cref="AmberMessageWriter"/>, a save and then
        /// an item in turn (so later messages of each type refer to the shapes the first ones defined); the writer starts over
        /// before message <paramref name="resetAt"/> when it is given.
        /// </summary>
        public static byte[] ConnectionBytes(int count, int resetAt = -1, AmberOptions? options = null)
        {
            var writer = new AmberMessageWriter(options);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            for (int i = 0; i < count; i++)
            {
                if (i == resetAt) writer.Reset();
                if (i % 2 == 0) writer.WriteMessage(buffer, Save(i));
                else writer.WriteMessage(buffer, new Item { Name = "coin " + i, Count = i });
            }
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>Where each message of a connection stream starts; the last entry is the stream's length.</summary>
        public static List<int> MessageStarts(byte[] connection)
        {
            var starts = new List<int>();
            int at = 0;
            while (at < connection.Length)
            {
                starts.Add(at);
                int length = 0, shift = 0;
                byte b;
                do
                {
                    b = connection[at++];
                    length |= (b & 0x7F) << shift;
                    shift += 7;
                }
                while (b >= 0x80);
                at += length;
            }
            starts.Add(at);
            return starts;
        }
    }
}
