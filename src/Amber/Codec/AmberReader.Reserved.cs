using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// Reads a run of members whose presence varies from object to object (nullables, members left at their default)
    /// from a window: generated code checks once that the current span holds the most the run can take
    /// (<see cref="HasReserved"/>), takes the window's first byte (<see cref="OpenReadWindow"/>), decodes each member at
    /// an offset it keeps in a local, and moves the position once (<see cref="CloseReadWindow"/>). With the offset in a
    /// register instead of in the reader, no member waits for the previous one's store and reload of the position. Each
    /// member is decoded whether or not it is present, and the offset moves, and the value is kept, only when it is:
    /// where presence follows the data (a third of the values null at random), a branch per member would be
    /// mispredicted about as often as not. The values and the checks are those of the ordinary reads, with the same
    /// errors at the same offsets; bytes decoded for an absent member are never looked at.
    /// </summary>
    public ref partial struct AmberReader
    {
        /// <summary>Whether the current span holds at least <paramref name="size"/> more bytes, and the slack of a window's 8-byte loads.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool HasReserved(int size) => _span.Length - _pos >= size + AmberWindow.Slack;

        /// <summary>The byte at the read position: the window that the <c>Read…At</c> methods decode at offsets from 0, after <see cref="HasReserved"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ref byte OpenReadWindow() => ref Unsafe.Add(ref MemoryMarshal.GetReference(_span), _pos);

        /// <summary>Closes the window <see cref="OpenReadWindow"/> opened: the read position moves past the <paramref name="read"/> bytes decoded in it.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void CloseReadWindow(int read)
        {
            Debug.Assert((uint)read <= (uint)(_span.Length - _pos), "A window was read past the room checked for it");
            _pos += read;
        }

        /// <summary>Reads an int at <paramref name="at"/> in the window when <paramref name="present"/> (moving <paramref name="at"/> past it), else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32At(ref byte window, ref int at, bool present)
        {
            ref byte b = ref Unsafe.Add(ref window, at);
            uint b0 = b, b1 = Unsafe.Add(ref b, 1);
            // One or two bytes hold at most 14 bits, so only a longer varint can be out of an int's range.
            uint raw = IsWide(b0, b1, present) ? WideInt32At(ref b, ref at) : ShortVarintAt(b0, b1, ref at, present);
            return (int)(raw >> 1) ^ -(int)(raw & 1);
        }

        /// <summary>Reads a long at <paramref name="at"/> in the window when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64At(ref byte window, ref int at, bool present) => AmberPrimitives.UnZigZag(VarintAt(ref window, ref at, present));

        /// <summary>Reads a bool at <paramref name="at"/> in the window when <paramref name="present"/>, else returns false.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBooleanAt(ref byte window, ref int at, bool present)
        {
            uint v = Unsafe.Add(ref window, at);
            // Anything but 0 or 1 is an error that the ordinary read reports (a bool is a varint: it names the whole value).
            if (v > 1 && present)
            {
                // A varint all the same: 0 or 1 written long is a bool, anything else an error.
                ulong value = CheckedVarintAt(at, out int length);
                if (value > 1) AmberThrow.NotABoolean(Position + at + length - AmberPrimitives.VarintLength(value), value);
                at += length;
                return value == 1;
            }
            at += present ? 1 : 0;
            return present & v != 0;
        }

        /// <summary>Reads a float at <paramref name="at"/> in the window when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        [SuppressMessage("Performance", "CA1822:Mark members as static", Justification = "Generated code calls every window read on the reader alike.")]
        public float ReadSingleAt(ref byte window, ref int at, bool present)
        {
            int bits = Unsafe.ReadUnaligned<int>(ref Unsafe.Add(ref window, at));
            if (!BitConverter.IsLittleEndian) bits = BinaryPrimitives.ReverseEndianness(bits);
            at += present ? 4 : 0;
            return BitConverter.Int32BitsToSingle(present ? bits : 0);
        }

        /// <summary>Reads a double at <paramref name="at"/> in the window when <paramref name="present"/>, else returns 0.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        [SuppressMessage("Performance", "CA1822:Mark members as static", Justification = "Generated code calls every window read on the reader alike.")]
        public double ReadDoubleAt(ref byte window, ref int at, bool present) => BitConverter.Int64BitsToDouble((long)Fixed64At(ref window, ref at, present));

        /// <summary>Reads a DateTime at <paramref name="at"/> in the window when <paramref name="present"/>, else returns <c>default</c>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public DateTime ReadDateTimeAt(ref byte window, ref int at, bool present)
        {
            int start = at;
            ulong raw = Fixed64At(ref window, ref at, present);
            if (!AmberPrimitives.TryDecodeDateTime(raw, out DateTime value)) ThrowMalformedAt(start, "A DateTime has ticks or a kind out of range");
            return value;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ulong Fixed64At(ref byte window, ref int at, bool present)
        {
            ulong raw = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref window, at));
            if (!BitConverter.IsLittleEndian) raw = BinaryPrimitives.ReverseEndianness(raw);
            at += present ? 8 : 0;
            return present ? raw : 0;
        }

        /// <summary>A varint at <paramref name="at"/> when <paramref name="present"/>, else 0 (nothing read).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong VarintAt(ref byte window, ref int at, bool present)
        {
            ref byte b = ref Unsafe.Add(ref window, at);
            uint b0 = b, b1 = Unsafe.Add(ref b, 1);
            return IsWide(b0, b1, present) ? WideVarintAt(ref b, ref at) : ShortVarintAt(b0, b1, ref at, present);
        }

        /// <summary>Whether a present varint whose first bytes are <paramref name="b0"/> and <paramref name="b1"/> takes three bytes or more. Absent members never are.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool IsWide(uint b0, uint b1, bool present) => (((b0 & b1) >> 7) & (present ? 1u : 0u)) != 0;

        /// <summary>A varint of one or two bytes (not <see cref="IsWide"/>) when <paramref name="present"/>, else 0 (nothing read).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint ShortVarintAt(uint b0, uint b1, ref int at, bool present)
        {
            uint more = b0 >> 7;
            // Two bytes: the first less its continuation bit, plus the second's seven bits above it (b1 < 0x80 here).
            uint value = b0 + (((b1 << 7) - 0x80) & (0u - more));
            at += present ? (int)more + 1 : 0;
            return present ? value : 0;
        }

        /// <summary>A varint of three bytes or more from one 8-byte load (the room has the slack for it); longer than 8 bytes, the checked read.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong WideVarintAt(ref byte b, ref int at)
        {
            ulong word = Unsafe.ReadUnaligned<ulong>(ref b);
            if (!BitConverter.IsLittleEndian) word = BinaryPrimitives.ReverseEndianness(word);
            if (!AmberPrimitives.TryGatherVarint(word, out ulong value, out int length)) value = CheckedVarintAt(at, out length);
            at += length;
            return value;
        }

        /// <summary>As <see cref="WideVarintAt"/>, for an int: its zig-zag form takes 32 bits at most.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private uint WideInt32At(ref byte b, ref int at)
        {
            ulong raw = WideVarintAt(ref b, ref at);
            // The error's offset is the checked read's: the value's end less its shortest length (the two differ only for a
            // varint written longer than it needs).
            if ((raw >> 32) != 0) ThrowOverflowAt(at - AmberPrimitives.VarintLength(raw), "Int32");
            return (uint)raw;
        }

        // The slow paths take the offset by value: a window's offset whose address reached a call could not stay in a register.

        /// <summary>The varint at window offset <paramref name="at"/> by the ordinary read (its errors at its offsets), and its length.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private ulong CheckedVarintAt(int at, out int length)
        {
            int window = _pos;
            _pos = window + at;
            ulong value = ReadVarint();
            length = _pos - window - at;
            _pos = window;
            return value;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowOverflowAt(int at, string type) => AmberThrow.Overflow(Position + at, type);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void ThrowMalformedAt(int at, string message) => AmberThrow.Malformed(Position + at, message);
    }
}
