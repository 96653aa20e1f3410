using System;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Amber.Metadata
{
    /// <summary>
    /// The members of one row (docs/format.md §5.1, §6.1) as raw little-endian values at fixed offsets: what generated code
    /// writes into the span <see cref="AmberWriter.WriteInlineHeader"/> returns and reads from the one
    /// <see cref="AmberReader.TryReadInlineRow"/> returns.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberRow
    {
        /// <summary>Writes <paramref name="value"/> (a packed primitive) at <paramref name="offset"/> of <paramref name="row"/>, little-endian.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Write<T>(Span<byte> row, int offset, T value) where T : unmanaged
        {
            Span<byte> at = row.Slice(offset, Unsafe.SizeOf<T>());
            Unsafe.WriteUnaligned(ref MemoryMarshal.GetReference(at), value);
            if (!BitConverter.IsLittleEndian) at.Reverse();
        }

        /// <summary>Reads the packed primitive at <paramref name="offset"/> of <paramref name="row"/>, little-endian (a bool: see <see cref="AmberReader.RowBoolean"/>).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static T Read<T>(ReadOnlySpan<byte> row, int offset) where T : unmanaged
        {
            ReadOnlySpan<byte> at = row.Slice(offset, Unsafe.SizeOf<T>());
            if (BitConverter.IsLittleEndian) return Unsafe.ReadUnaligned<T>(ref MemoryMarshal.GetReference(at));
            Span<byte> copy = stackalloc byte[at.Length];
            at.CopyTo(copy);
            copy.Reverse();
            return Unsafe.ReadUnaligned<T>(ref MemoryMarshal.GetReference(copy));
        }
    }
}
