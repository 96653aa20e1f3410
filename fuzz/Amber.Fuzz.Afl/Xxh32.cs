using System;
using System.Buffers.Binary;
using System.Numerics;

namespace Amber.Fuzz.Afl
{
    /// <summary>
    /// XXH32, the 32-bit xxHash, from its specification: the checksum of a chunked stream's frames (docs/format.md §7.4).
    /// The runtime's own is internal to Amber.dll; tests/Amber.Fuzz.Tests checks this one against the checksums the runtime
    /// writes into real frames.
    /// </summary>
    public static class Xxh32
    {
        private const uint Prime1 = 2654435761U;
        private const uint Prime2 = 2246822519U;
        private const uint Prime3 = 3266489917U;
        private const uint Prime4 = 668265263U;
        private const uint Prime5 = 374761393U;

        /// <summary>The XXH32 of <paramref name="input"/> with <paramref name="seed"/>.</summary>
        public static uint Hash(ReadOnlySpan<byte> input, uint seed)
        {
            int length = input.Length;
            int i = 0;
            uint h;
            if (length >= 16)
            {
                uint v1 = seed + Prime1 + Prime2;
                uint v2 = seed + Prime2;
                uint v3 = seed;
                uint v4 = seed - Prime1;
                for (; i + 16 <= length; i += 16)
                {
                    v1 = Round(v1, BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(i)));
                    v2 = Round(v2, BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(i + 4)));
                    v3 = Round(v3, BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(i + 8)));
                    v4 = Round(v4, BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(i + 12)));
                }
                h = BitOperations.RotateLeft(v1, 1) + BitOperations.RotateLeft(v2, 7) + BitOperations.RotateLeft(v3, 12) + BitOperations.RotateLeft(v4, 18);
            }
            else
            {
                h = seed + Prime5;
            }
            h += (uint)length;
            for (; i + 4 <= length; i += 4)
            {
                h += BinaryPrimitives.ReadUInt32LittleEndian(input.Slice(i)) * Prime3;
                h = BitOperations.RotateLeft(h, 17) * Prime4;
            }
            for (; i < length; i++)
            {
                h += input[i] * Prime5;
                h = BitOperations.RotateLeft(h, 11) * Prime1;
            }
            h ^= h >> 15;
            h *= Prime2;
            h ^= h >> 13;
            h *= Prime3;
            h ^= h >> 16;
            return h;
        }

        private static uint Round(uint accumulator, uint lane) => BitOperations.RotateLeft(accumulator + lane * Prime2, 13) * Prime1;
    }
}
