using System.Runtime.CompilerServices;
#if NET8_0_OR_GREATER
using System.Numerics;
#endif

namespace Amber.Internal
{
    /// <summary>
    /// Bit operations on presence bitmaps (docs/format.md §5): a writer whose shape lists some of a type's
    /// members packs the type's presence bits into the listed positions (<see cref="Extract"/>); a reader whose
    /// type has more members than the writer's shape moves them back out (<see cref="Deposit"/>). Both loop
    /// over the set bits of the mask rather than use BMI2's PEXT/PDEP, which some processors in wide use (AMD
    /// before Zen 3) run in microcode at up to hundreds of cycles; the loop costs one step per member the mask names.
    /// </summary>
    internal static class Bits
    {
        /// <summary>The number of set bits.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int PopCount(ulong value)
        {
#if NET8_0_OR_GREATER
            return BitOperations.PopCount(value);
#else
            int n = 0;
            for (; value != 0; value &= value - 1) n++;
            return n;
#endif
        }

        /// <summary>The index of the lowest set bit (64 for zero).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int TrailingZeroCount(ulong value)
        {
#if NET8_0_OR_GREATER
            return BitOperations.TrailingZeroCount(value);
#else
            if (value == 0) return 64;
            int n = 0;
            while ((value & 1) == 0) { value >>= 1; n++; }
            return n;
#endif
        }

        /// <summary>The bits of <paramref name="value"/> at the set positions of <paramref name="mask"/>, packed to the low end in order.</summary>
        public static ulong Extract(ulong value, ulong mask)
        {
            ulong result = 0;
            for (ulong bit = 1; mask != 0; mask &= mask - 1, bit <<= 1)
            {
                if ((value & mask & (~mask + 1)) != 0) result |= bit;
            }
            return result;
        }

        /// <summary>The low bits of <paramref name="value"/>, in order, moved to the set positions of <paramref name="mask"/>.</summary>
        public static ulong Deposit(ulong value, ulong mask)
        {
            ulong result = 0;
            for (; value != 0 && mask != 0; value >>= 1, mask &= mask - 1)
            {
                if ((value & 1) != 0) result |= mask & (~mask + 1);
            }
            return result;
        }
    }
}
