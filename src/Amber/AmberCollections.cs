using System;
using System.Collections;
using System.Collections.Generic;
using System.Numerics;
using System.Runtime.CompilerServices;
#if NET8_0_OR_GREATER
using System.Runtime.InteropServices;
#endif

namespace Amber
{
    /// <summary>Helpers that generated code calls for collections. Public for generated code; not meant for hand-written code.</summary>
    public static class AmberCollections
    {
        /// <summary>The elements of a list as a span (no copy where the framework allows it).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static ReadOnlySpan<T> AsSpan<T>(List<T> list)
        {
#if NET8_0_OR_GREATER
            return CollectionsMarshal.AsSpan(list);
#else
            return list.ToArray();
#endif
        }

        /// <summary>
        /// A new array whose every element the caller overwrites before anyone sees it: on .NET 8 and later its
        /// memory is not zeroed first (what a large array of structs would otherwise pay for twice).
        /// </summary>
        internal static T[] NewArrayToOverwrite<T>(int count) where T : unmanaged
        {
#if NET8_0_OR_GREATER
            return GC.AllocateUninitializedArray<T>(count);
#else
            return new T[count];
#endif
        }

        /// <summary>Reads a sequence of primitives (after its header) into a new list.</summary>
        public static List<T> ReadList<T>(ref AmberReader reader, int count, byte descriptor) where T : unmanaged
        {
#if NET8_0_OR_GREATER
            var list = new List<T>(count);
            CollectionsMarshal.SetCount(list, count);
            reader.ReadPrimitives(CollectionsMarshal.AsSpan(list), descriptor);
            return list;
#else
            return new List<T>(reader.ReadPrimitiveArray<T>(count, descriptor));
#endif
        }

        /// <summary>
        /// The number of items of a sequence-typed value. When it cannot be known without
        /// enumerating (a plain <see cref="IEnumerable{T}"/>), the items are buffered once and
        /// <paramref name="items"/> is replaced by the buffer.
        /// </summary>
        public static int CountOf<T>(ref IEnumerable<T> items)
        {
            switch (items)
            {
                case ICollection<T> c: return c.Count;
                case IReadOnlyCollection<T> rc: return rc.Count;
                case ICollection nc: return nc.Count;
                default:
                    var buffer = new List<T>(items);
                    items = buffer;
                    return buffer.Count;
            }
        }

        /// <summary>Reverses a list in place and returns it (used to rebuild stacks).</summary>
        public static List<T> Reversed<T>(List<T> list)
        {
            list.Reverse();
            return list;
        }
    }

    /// <summary>Default-value tests that, unlike ==, tell -0.0 from 0.0, 0.00m from 0m and a DateTime's Kind.</summary>
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

namespace Amber
{
    /// <summary>Calls a type's callbacks in place (no boxing of structs). Public for generated code.</summary>
    public static class AmberCallbacks
    {
        /// <summary>Calls <see cref="IAmberOnSerializing.OnAmberSerializing"/>.</summary>
        public static void Serializing<T>(ref T value) where T : IAmberOnSerializing => value.OnAmberSerializing();

        /// <summary>Calls <see cref="IAmberOnDeserialized.OnAmberDeserialized"/>.</summary>
        public static void Deserialized<T>(ref T value) where T : IAmberOnDeserialized => value.OnAmberDeserialized();
    }
}
