using System;

namespace Amber.Bench.Workloads
{
    /// <summary>N vectors from a seeded Random, each coordinate in [0, 100).</summary>
    internal static class Vector3Generator
    {
        public static Vector3[] Create(Random random, int count)
        {
            var values = new Vector3[count];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = new Vector3 { X = (float)random.NextDouble() * 100f, Y = (float)random.NextDouble() * 100f, Z = (float)random.NextDouble() * 100f };
            }
            return values;
        }
    }
}
