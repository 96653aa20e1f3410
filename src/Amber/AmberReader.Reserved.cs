using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Amber
{
    /// <summary>
    /// Reads members whose presence varies from object to object (nullables, members left at their default) with no
    /// branch on the presence: generated code checks once that the current span holds the most a run of such members
    /// can take (<see cref="HasReserved"/>), then decodes each member whether or not it is present and moves the
    /// position, and keeps the value, only when it is. Where presence follows the data (a third of the values null at
    /// random), a branch per member would be mispredicted about as often as not. The values and the checks are those
    /// of the ordinary reads; bytes decoded for an absent member are never looked at.
    /// </summary>
    public ref partial struct AmberReader
    {
        /// <summary>Whether the current span holds at least <paramref name="size"/> more bytes, for the <c>…Reserved</c> reads.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool HasReserved(int size) => _span.Length - _pos >= size;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref byte Reserved(int size)
        {
            Debug.Assert(_span.Length - _pos >= size, "HasReserved was not checked for this read");
            return ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _pos);
        }

        /// <summary>A varint when <paramref name="present"/>, else 0 (nothing read).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong ReadVarintReserved(bool present)
        {
            ref byte b = ref Reserved(2);
            uint b0 = b, b1 = Unsafe.Add(ref b, 1);
            // Three bytes or more: the ordinary read, which checks length and form. Absent members never get here.
            if ((b0 & b1 & 0x80) != 0 && present) return ReadVarint();
            uint more = b0 >> 7;
            ulong value = (b0 & 0x7F) | ((ulong)(b1 & (0u - more)) << 7);
            _pos += present ? (int)more + 1 : 0;
            return present ? value : 0;
        }

        /// <summary>Reads an int when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32Reserved(bool present)
        {
            long v = AmberPrimitives.UnZigZag(ReadVarintReserved(present));
            if (v != (int)v) AmberThrow.Overflow(VarintStart(AmberPrimitives.ZigZag(v)), "Int32");
            return (int)v;
        }

        /// <summary>Reads a long when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64Reserved(bool present) => AmberPrimitives.UnZigZag(ReadVarintReserved(present));

        /// <summary>Reads a bool when <paramref name="present"/>, else returns false.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBooleanReserved(bool present)
        {
            uint v = Reserved(1);
            // Anything but 0 or 1 is an error that the ordinary read reports (a bool is a varint: it names the whole value).
            if (v > 1 && present) return ReadBoolean();
            _pos += present ? 1 : 0;
            return present & v != 0;
        }

        /// <summary>Reads a float when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public float ReadSingleReserved(bool present)
        {
            int bits = Unsafe.ReadUnaligned<int>(ref Reserved(4));
            if (!BitConverter.IsLittleEndian) bits = BinaryPrimitives.ReverseEndianness(bits);
            _pos += present ? 4 : 0;
            return BitConverter.Int32BitsToSingle(present ? bits : 0);
        }

        /// <summary>Reads a double when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public double ReadDoubleReserved(bool present) => BitConverter.Int64BitsToDouble((long)ReadFixed64Reserved(present));

        /// <summary>Reads a DateTime when <paramref name="present"/>, else returns <c>default</c>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public DateTime ReadDateTimeReserved(bool present)
        {
            ulong raw = ReadFixed64Reserved(present);
            if (!AmberPrimitives.TryDecodeDateTime(raw, out DateTime value)) AmberThrow.Malformed(Position - 8, "A DateTime has ticks or a kind out of range");
            return value;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong ReadFixed64Reserved(bool present)
        {
            ulong raw = Unsafe.ReadUnaligned<ulong>(ref Reserved(8));
            if (!BitConverter.IsLittleEndian) raw = BinaryPrimitives.ReverseEndianness(raw);
            _pos += present ? 8 : 0;
            return present ? raw : 0;
        }
    }
}
