using System;
using System.ComponentModel;
using System.Numerics;
using System.Runtime.CompilerServices;
using Amber.Format;

namespace Amber.Metadata
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
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static bool IsDefault(decimal value)
        {
            AmberPrimitives.DecimalBits(value, out ulong low, out uint high, out int flags);
            return (low | high | (uint)flags) == 0;
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

        /// <summary>
        /// <paramref name="value"/> as a nullable when <paramref name="present"/>, else null, with no branch: for generated
        /// readers of nullable members, whose presence varies from object to object. <paramref name="value"/> is the
        /// default when not present (as the <c>AmberReader.Read…At</c> methods return it), so the null holds a
        /// default value as any null does.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static T? Present<T>(T value, bool present) where T : struct
        {
            if (!NullableLayout.HasValueFirst) return present ? value : null;
            T? result = value;
            Unsafe.As<T?, bool>(ref result) = present;
            return result;
        }

        /// <summary>Whether a nullable's has-value flag is its first byte (it is on every runtime Amber runs on; checked once, not assumed).</summary>
        private static class NullableLayout
        {
            public static readonly bool HasValueFirst = Check();

            private static bool Check()
            {
                long? some = -1;
                long? none = null;
                return Unsafe.As<long?, byte>(ref some) == 1 && Unsafe.As<long?, byte>(ref none) == 0 && Unsafe.SizeOf<long?>() == 16;
            }
        }
    }
}
