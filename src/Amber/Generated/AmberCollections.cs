using System;
using System.Collections;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
#if NET8_0_OR_GREATER
using System.Runtime.InteropServices;
#endif

namespace Amber.Metadata
{
    /// <summary>Helpers that generated code calls for collections. Public for generated code; not meant for hand-written code.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
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
}
