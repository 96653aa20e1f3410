using System.Text;

namespace Amber.Generator.Parsing
{
    /// <summary>The member key of docs/format.md §4, computed at compile time. Must agree with AmberCode.KeyOf.</summary>
    internal static class KeyHash
    {
        public const int MaxKey = 8191;

        public static int Of(string wireName)
        {
            uint h = 0x811C9DC5;
            foreach (byte b in Encoding.UTF8.GetBytes(wireName))
            {
                h ^= b;
                h *= 0x01000193;
            }
            return (int)((h ^ (h >> 13) ^ (h >> 26)) & MaxKey);
        }
    }
}
