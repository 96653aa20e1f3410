using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using Amber.Format;

namespace Amber.Metadata
{
    /// <summary>The packed primitive code of an unmanaged primitive type (docs/format.md §6.1).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class PackedCode
    {
        /// <summary>The code for <typeparamref name="T"/>; throws for a type that is not a packable primitive.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static byte Of<T>() where T : unmanaged
        {
            if (typeof(T) == typeof(byte)) return AmberCode.PackedByte;
            if (typeof(T) == typeof(sbyte)) return AmberCode.PackedSByte;
            if (typeof(T) == typeof(short)) return AmberCode.PackedInt16;
            if (typeof(T) == typeof(ushort)) return AmberCode.PackedUInt16;
            if (typeof(T) == typeof(int)) return AmberCode.PackedInt32;
            if (typeof(T) == typeof(uint)) return AmberCode.PackedUInt32;
            if (typeof(T) == typeof(long)) return AmberCode.PackedInt64;
            if (typeof(T) == typeof(ulong)) return AmberCode.PackedUInt64;
            if (typeof(T) == typeof(float)) return AmberCode.PackedSingle;
            if (typeof(T) == typeof(double)) return AmberCode.PackedDouble;
            if (typeof(T) == typeof(bool)) return AmberCode.PackedBoolean;
            if (typeof(T) == typeof(char)) return AmberCode.PackedChar;
            throw new NotSupportedException($"{typeof(T)} is not a packed primitive.");
        }
    }
}
