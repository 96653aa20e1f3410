using System;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Amber
{
    /// <summary>
    /// Writes into room made beforehand: generated code calls <see cref="Reserve"/> once for a run of members whose
    /// encoded size is bounded (numbers, bools, enums, <see cref="DateTime"/>, <see cref="Guid"/>) and then writes each
    /// of them with no capacity or bounds check of its own. The bytes are exactly those of the checked writes.
    /// </summary>
    public ref partial struct AmberWriter
    {
        /// <summary>Makes room for at least <paramref name="size"/> bytes, for the <c>…Reserved</c> writes that follow.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Reserve(int size)
        {
            if (_buffer.Length - _pos < size) Refill(size);
        }

        /// <summary>The byte at the write position, in room made by <see cref="Reserve"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ref byte Reserved(int size)
        {
            Debug.Assert(_buffer.Length - _pos >= size, "Reserve was not called for this write");
            return ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), _pos);
        }

        /// <summary>Writes a varint into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteVarintReserved(ulong value) => _pos += EncodeVarintReserved(value);

        /// <summary>
        /// Writes a varint into reserved room when <paramref name="present"/> is true, and nothing otherwise: for a member
        /// whose presence bit varies from object to object, the bytes are encoded either way and the write position only
        /// moves when the member is present, so that no branch depends on the presence (a mispredicted branch per member
        /// costs more than the encoding).
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteVarintReserved(ulong value, bool present)
        {
            int n = EncodeVarintReserved(value);
            _pos += present ? n : 0;
        }

        /// <summary>Encodes a varint at the write position without moving it; returns its length.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private int EncodeVarintReserved(ulong value)
        {
            if (value < 0x4000)
            {
                // One or two bytes with no branch on which: the second byte is written either way (the room is reserved)
                // and counted only when the value needs it.
                ref byte b = ref Reserved(2);
                int more = value >= 0x80 ? 1 : 0;
                b = (byte)((uint)value | (uint)(more << 7));
                Unsafe.Add(ref b, 1) = (byte)(value >> 7);
                return 1 + more;
            }
            return EncodeLongVarintReserved(value);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int EncodeLongVarintReserved(ulong value)
        {
            ref byte b = ref Reserved(AmberPrimitives.MaxVarintLength);
            int n = 0;
            while (value >= 0x80)
            {
                Unsafe.Add(ref b, n++) = (byte)(value | 0x80);
                value >>= 7;
            }
            Unsafe.Add(ref b, n++) = (byte)value;
            return n;
        }

        /// <summary>Writes a bool into reserved room (1 byte).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBooleanReserved(bool value)
        {
            Reserved(1) = value ? (byte)1 : (byte)0;
            _pos++;
        }

        /// <summary>Writes a byte into reserved room (at most 2 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByteReserved(byte value) => WriteVarintReserved(value);

        /// <summary>Writes an sbyte into reserved room (at most 2 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByteReserved(sbyte value) => WriteVarintReserved(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a short into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16Reserved(short value) => WriteVarintReserved(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a ushort into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16Reserved(ushort value) => WriteVarintReserved(value);

        /// <summary>Writes a char into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteCharReserved(char value) => WriteVarintReserved(value);

        /// <summary>Writes an int into reserved room (at most 5 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32Reserved(int value) => WriteVarintReserved(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a uint into reserved room (at most 5 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32Reserved(uint value) => WriteVarintReserved(value);

        /// <summary>Writes a long into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64Reserved(long value) => WriteVarintReserved(AmberPrimitives.ZigZag(value));

        /// <summary>Writes a ulong into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64Reserved(ulong value) => WriteVarintReserved(value);

        /// <summary>Writes a float into reserved room (4 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingleReserved(float value)
        {
            int bits = BitConverter.SingleToInt32Bits(value);
            Unsafe.WriteUnaligned(ref Reserved(4), BitConverter.IsLittleEndian ? bits : BinaryPrimitives.ReverseEndianness(bits));
            _pos += 4;
        }

        /// <summary>Writes a double into reserved room (8 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDoubleReserved(double value) => WriteFixed64Reserved((ulong)BitConverter.DoubleToInt64Bits(value));

        /// <summary>Writes a DateTime into reserved room (8 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDateTimeReserved(DateTime value) => WriteFixed64Reserved(AmberPrimitives.EncodeDateTime(value));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WriteFixed64Reserved(ulong value)
        {
            Unsafe.WriteUnaligned(ref Reserved(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
            _pos += 8;
        }

        /// <summary>Writes a Guid into reserved room (16 bytes, as <see cref="WriteGuid"/>).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteGuidReserved(Guid value)
        {
            value.TryWriteBytes(MemoryMarshal.CreateSpan(ref Reserved(16), 16));
            _pos += 16;
        }
        // The same writes for a member whose presence bit varies: encoded either way, counted only when present.

        /// <summary>Writes a bool into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBooleanReserved(bool value, bool present)
        {
            Reserved(1) = value ? (byte)1 : (byte)0;
            _pos += present ? 1 : 0;
        }

        /// <summary>Writes a byte into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByteReserved(byte value, bool present) => WriteVarintReserved(value, present);

        /// <summary>Writes an sbyte into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByteReserved(sbyte value, bool present) => WriteVarintReserved(AmberPrimitives.ZigZag(value), present);

        /// <summary>Writes a short into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16Reserved(short value, bool present) => WriteVarintReserved(AmberPrimitives.ZigZag(value), present);

        /// <summary>Writes a ushort into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16Reserved(ushort value, bool present) => WriteVarintReserved(value, present);

        /// <summary>Writes a char into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteCharReserved(char value, bool present) => WriteVarintReserved(value, present);

        /// <summary>Writes an int into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32Reserved(int value, bool present) => WriteVarintReserved(AmberPrimitives.ZigZag(value), present);

        /// <summary>Writes a uint into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32Reserved(uint value, bool present) => WriteVarintReserved(value, present);

        /// <summary>Writes a long into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64Reserved(long value, bool present) => WriteVarintReserved(AmberPrimitives.ZigZag(value), present);

        /// <summary>Writes a ulong into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64Reserved(ulong value, bool present) => WriteVarintReserved(value, present);

        /// <summary>Writes a float into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingleReserved(float value, bool present)
        {
            int bits = BitConverter.SingleToInt32Bits(value);
            Unsafe.WriteUnaligned(ref Reserved(4), BitConverter.IsLittleEndian ? bits : BinaryPrimitives.ReverseEndianness(bits));
            _pos += present ? 4 : 0;
        }

        /// <summary>Writes a double into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDoubleReserved(double value, bool present) => WriteFixed64Reserved((ulong)BitConverter.DoubleToInt64Bits(value), present);

        /// <summary>Writes a DateTime into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDateTimeReserved(DateTime value, bool present) => WriteFixed64Reserved(AmberPrimitives.EncodeDateTime(value), present);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void WriteFixed64Reserved(ulong value, bool present)
        {
            Unsafe.WriteUnaligned(ref Reserved(8), BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value));
            _pos += present ? 8 : 0;
        }

        /// <summary>Writes a Guid into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteGuidReserved(Guid value, bool present)
        {
            value.TryWriteBytes(MemoryMarshal.CreateSpan(ref Reserved(16), 16));
            _pos += present ? 16 : 0;
        }
    }
}
