using System.Text;

namespace Amber.Generator.Parsing
{
    /// <summary>The member key of docs/format.md §4, computed at compile time. Must agree with AmberCode.KeyOf.</summary>
    internal static class KeyHash
    {
        public const int MaxKey = 8191;

        public static int Of(string wireName)
        {
            uint h = Fnv1a(wireName);
            return (int)((h ^ (h >> 13) ^ (h >> 26)) & MaxKey);
        }

        /// <summary>FNV-1a-32 of the UTF-8 of <paramref name="text"/>: member keys fold it; type tags (§7.1) are it.</summary>
        public static uint Fnv1a(string text)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in Encoding.UTF8.GetBytes(text))
            {
                h ^= b;
                h *= 0x01000193;
            }
            return h;
        }
    }
}
