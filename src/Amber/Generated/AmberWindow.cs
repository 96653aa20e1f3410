using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Amber.Format;

namespace Amber.Metadata
{
    /// <summary>
    /// Writes into a window of room made beforehand (<see cref="AmberWriter.OpenWindow"/>), at an offset that the caller
    /// keeps in a local and that each write returns moved on: generated code opens one window for a run of members of
    /// bounded size, writes each member at its offset with no capacity or bounds check of its own, and moves the
    /// writer's position once (<see cref="AmberWriter.CloseWindow"/>). With the offset in a register instead of in the
    /// writer, no member waits for the previous one's store and reload of the position. The bytes are those of the
    /// checked writes; each method writes at most the bytes the generator reserves for its type (a varint of an int at
    /// most 5, a long 10, a Guid 16), and may write, but not count, up to that many for a value that takes fewer.
    /// A write with a <c>present</c> argument encodes its value either way and moves the offset only when it is true:
    /// presence that varies from object to object costs no branch.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberWindow
    {
        /// <summary>
        /// The bytes past its room that a window's write may store into, and a window's read load from: an 8-byte store or
        /// load at a member's last byte. <see cref="AmberWriter.OpenWindow"/> and <see cref="AmberReader.HasReserved"/>
        /// make room for it.
        /// </summary>
        internal const int Slack = 7;

        /// <summary>
        /// The most bytes an inline struct of <paramref name="shape"/> with a row of <paramref name="width"/> bytes takes in a
        /// window: its header, its definition and codes the first time the payload uses it, its row
        /// (<see cref="AmberWriter.WriteInlineHeaderAt"/>).
        /// </summary>
        public static int InlineRoom(AmberShape shape, int width) =>
            AmberPrimitives.MaxVarintLength + shape.MaxDefinitionLength(shape.AllMembers) + shape.Tags.Length + width;

        /// <summary>A bool (1 byte).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBoolean(ref byte window, int at, bool value)
        {
            Unsafe.Add(ref window, at) = value ? (byte)1 : (byte)0;
            return at + 1;
        }

        /// <summary>A bool (1 byte) when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteBoolean(ref byte window, int at, bool value, bool present)
        {
            Unsafe.Add(ref window, at) = value ? (byte)1 : (byte)0;
            return at + (present ? 1 : 0);
        }

        /// <summary>A byte (a varint of at most 2 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteByte(ref byte window, int at, byte value) => at + Varint(ref window, at, value);

        /// <summary>A byte when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteByte(ref byte window, int at, byte value, bool present) => Counted(at, Varint(ref window, at, value), present);

        /// <summary>An sbyte (a zig-zag varint of at most 2 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSByte(ref byte window, int at, sbyte value) => at + Varint(ref window, at, AmberPrimitives.ZigZag(value));

        /// <summary>An sbyte when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSByte(ref byte window, int at, sbyte value, bool present) => Counted(at, Varint(ref window, at, AmberPrimitives.ZigZag(value)), present);

        /// <summary>A short (a zig-zag varint of at most 3 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16(ref byte window, int at, short value) => at + Varint(ref window, at, AmberPrimitives.ZigZag(value));

        /// <summary>A short when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt16(ref byte window, int at, short value, bool present) => Counted(at, Varint(ref window, at, AmberPrimitives.ZigZag(value)), present);

        /// <summary>A ushort (a varint of at most 3 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16(ref byte window, int at, ushort value) => at + Varint(ref window, at, value);

        /// <summary>A ushort when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt16(ref byte window, int at, ushort value, bool present) => Counted(at, Varint(ref window, at, value), present);

        /// <summary>A char (a varint of at most 3 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteChar(ref byte window, int at, char value) => at + Varint(ref window, at, value);

        /// <summary>A char when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteChar(ref byte window, int at, char value, bool present) => Counted(at, Varint(ref window, at, value), present);

        /// <summary>An int (a zig-zag varint of at most 5 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32(ref byte window, int at, int value) => at + Varint(ref window, at, AmberPrimitives.ZigZag(value));

        /// <summary>An int when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt32(ref byte window, int at, int value, bool present) => Counted(at, Varint(ref window, at, AmberPrimitives.ZigZag(value)), present);

        /// <summary>A uint (a varint of at most 5 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32(ref byte window, int at, uint value) => at + Varint(ref window, at, value);

        /// <summary>A uint when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt32(ref byte window, int at, uint value, bool present) => Counted(at, Varint(ref window, at, value), present);

        /// <summary>A long (a zig-zag varint of at most 10 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64(ref byte window, int at, long value) => at + Varint(ref window, at, AmberPrimitives.ZigZag(value));

        /// <summary>A long when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteInt64(ref byte window, int at, long value, bool present) => Counted(at, Varint(ref window, at, AmberPrimitives.ZigZag(value)), present);

        /// <summary>A ulong (a varint of at most 10 bytes).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64(ref byte window, int at, ulong value) => at + Varint(ref window, at, value);

        /// <summary>A ulong when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteUInt64(ref byte window, int at, ulong value, bool present) => Counted(at, Varint(ref window, at, value), present);

        /// <summary>A float (4 bytes, little-endian).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSingle(ref byte window, int at, float value)
        {
            Fixed32(ref window, at, BitConverter.SingleToInt32Bits(value));
            return at + 4;
        }

        /// <summary>A float when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteSingle(ref byte window, int at, float value, bool present)
        {
            Fixed32(ref window, at, BitConverter.SingleToInt32Bits(value));
            return at + (present ? 4 : 0);
        }

        /// <summary>A double (8 bytes, little-endian).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDouble(ref byte window, int at, double value)
        {
            Fixed64(ref window, at, (ulong)BitConverter.DoubleToInt64Bits(value));
            return at + 8;
        }

        /// <summary>A double when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDouble(ref byte window, int at, double value, bool present)
        {
            Fixed64(ref window, at, (ulong)BitConverter.DoubleToInt64Bits(value));
            return at + (present ? 8 : 0);
        }

        /// <summary>A DateTime (8 bytes: ticks and kind, docs/format.md §3.1).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDateTime(ref byte window, int at, DateTime value)
        {
            Fixed64(ref window, at, AmberPrimitives.EncodeDateTime(value));
            return at + 8;
        }

        /// <summary>A DateTime when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteDateTime(ref byte window, int at, DateTime value, bool present)
        {
            Fixed64(ref window, at, AmberPrimitives.EncodeDateTime(value));
            return at + (present ? 8 : 0);
        }

        /// <summary>A Guid (16 bytes, as <see cref="AmberWriter.WriteGuid"/>).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteGuid(ref byte window, int at, Guid value)
        {
            value.TryWriteBytes(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref window, at), 16));
            return at + 16;
        }

        /// <summary>A Guid when <paramref name="present"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static int WriteGuid(ref byte window, int at, Guid value, bool present)
        {
            value.TryWriteBytes(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref window, at), 16));
            return at + (present ? 16 : 0);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Counted(int at, int length, bool present) => at + (present ? length : 0);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Fixed32(ref byte window, int at, int bits) =>
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref window, at), BitConverter.IsLittleEndian ? bits : BinaryPrimitives.ReverseEndianness(bits));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Fixed64(ref byte window, int at, ulong bits) =>
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref window, at), BitConverter.IsLittleEndian ? bits : BinaryPrimitives.ReverseEndianness(bits));

        /// <summary>Encodes a varint at <paramref name="at"/>; returns its length. Values below 16384 take no branch on their length, and values below 2^56 one.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Varint(ref byte window, int at, ulong value)
        {
            ref byte b = ref Unsafe.Add(ref window, at);
            if (value < 0x4000)
            {
                // One or two bytes with no branch on which: the second byte is written either way (the room is reserved)
                // and counted only when the value needs it.
                int more = value >= 0x80 ? 1 : 0;
                b = (byte)((uint)value | (uint)(more << 7));
                Unsafe.Add(ref b, 1) = (byte)(value >> 7);
                return 1 + more;
            }
            if (value < 1UL << 56)
            {
                // Three to eight bytes: one 8-byte store (the room has the slack for it), counted to the varint's length.
                ulong word = AmberPrimitives.SpreadVarint(value, out int length);
                Unsafe.WriteUnaligned(ref b, BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word));
                return length;
            }
            return LongVarint(ref b, value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int LongVarint(ref byte b, ulong value)
        {
            int n = 0;
            while (value >= 0x80)
            {
                Unsafe.Add(ref b, n++) = (byte)(value | 0x80);
                value >>= 7;
            }
            Unsafe.Add(ref b, n++) = (byte)value;
            return n;
        }
    }
}
