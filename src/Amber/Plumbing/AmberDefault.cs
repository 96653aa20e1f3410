using System;
using System.ComponentModel;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace Amber
{
    /// <summary>Default-value tests that, unlike ==, tell -0.0 from 0.0, 0.00m from 0m and a DateTime's Kind.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberDefault
    {
        /// <summary>True if the value is the all-zero default.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsDefault(double value) => BitConverter.DoubleToInt64Bits(value) == 0;

        /// <summary>True if the value is the all-zero default.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsDefault(float value) => BitConverter.SingleToInt32Bits(value) == 0;

        /// <summary>True if the value is the all-zero default (scale included).</summary>
        public static bool IsDefault(decimal value)
        {
#if NET8_0_OR_GREATER
            Span<int> bits = stackalloc int[4];
            decimal.GetBits(value, bits);
            return bits[0] == 0 && bits[1] == 0 && bits[2] == 0 && bits[3] == 0;
#else
            int[] bits = decimal.GetBits(value);
            return bits[0] == 0 && bits[1] == 0 && bits[2] == 0 && bits[3] == 0;
#endif
        }

        /// <summary>True if ticks and kind are both zero.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsDefault(DateTime value) => AmberPrimitives.EncodeDateTime(value) == 0;

        /// <summary>True if clock ticks and offset are both zero.</summary>
        public static bool IsDefault(DateTimeOffset value) => value.Ticks == 0 && value.Offset == TimeSpan.Zero;

        /// <summary>True if zero.</summary>
        public static bool IsDefault(BigInteger value) => value.IsZero;

#if NET8_0_OR_GREATER
        /// <summary>True if the value is the all-zero default.</summary>
        public static bool IsDefault(Half value) => BitConverter.HalfToInt16Bits(value) == 0;
#endif
    }
}
