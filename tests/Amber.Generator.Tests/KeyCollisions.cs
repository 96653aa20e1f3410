using System.Collections.Generic;
using Amber.Format;

namespace Amber.Generator.Tests
{
    /// <summary>Finds member names whose wire keys collide (docs/format.md §4), by brute force at test time.</summary>
    internal static class KeyCollisions
    {
        private static (string First, string Second, int Key)? s_pair;

        /// <summary>The first pair of names "M0", "M1" … whose keys are equal.</summary>
        public static (string First, string Second, int Key) FirstPair()
        {
            if (s_pair is { } cached) return cached;
            var seen = new Dictionary<int, string>();
            for (int i = 0; i < 100_000; i++)
            {
                string name = "M" + i;
                int key = AmberCode.KeyOf(name);
                if (seen.TryGetValue(key, out string? other))
                {
                    s_pair = (other, name, key);
                    return s_pair.Value;
                }
                seen[key] = name;
            }
            throw new System.InvalidOperationException("No two names M0..M99999 collide, which cannot be with 8192 keys.");
        }

        /// <summary>A key in 0–8191 other than the ones given.</summary>
        public static int UnusedKey(params int[] used)
        {
            var set = new HashSet<int>(used);
            for (int k = 0; ; k++)
            {
                if (!set.Contains(k)) return k;
            }
        }
    }
}
