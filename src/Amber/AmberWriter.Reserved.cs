using System;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Amber
{
    /// <summary>
    /// Writes into room made beforehand. Generated code opens a window (<see cref="OpenWindow"/>) for a run of members
    /// whose encoded size is bounded (numbers, bools, enums, <see cref="DateTime"/>, <see cref="Guid"/>), writes each of
    /// them with <see cref="AmberWindow"/> at an offset it keeps in a local, with no capacity or bounds check of its own,
    /// and closes the window once (<see cref="CloseWindow"/>). The <c>Write…Reserved</c> methods are the same writes at
    /// the writer's own position, after <see cref="Reserve"/>. The bytes are exactly those of the checked writes.
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

        /// <summary>
        /// Makes room for at least <paramref name="size"/> bytes and returns the byte at the write position: the window that
        /// <see cref="AmberWindow"/>'s writes fill at offsets from 0, until <see cref="CloseWindow"/>. Nothing else may be
        /// written while a window is open.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ref byte OpenWindow(int size)
        {
            if (_buffer.Length - _pos < size) Refill(size);
            return ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), _pos);
        }

        /// <summary>Closes the window <see cref="OpenWindow"/> opened: the write position moves past the <paramref name="written"/> bytes written in it.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void CloseWindow(int written)
        {
            Debug.Assert((uint)written <= (uint)(_buffer.Length - _pos), "A window was written past the room made for it");
            _pos += written;
        }

        /// <summary>The first byte of the current buffer: the <c>…Reserved</c> writes go at the write position from it.</summary>
        private ref byte Origin => ref MemoryMarshal.GetReference(_buffer);

        /// <summary>Writes a varint into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteVarintReserved(ulong value) => _pos = AmberWindow.WriteUInt64(ref Origin, _pos, value);

        /// <summary>Writes a varint into reserved room when <paramref name="present"/>, and nothing otherwise (no branch on presence).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteVarintReserved(ulong value, bool present) => _pos = AmberWindow.WriteUInt64(ref Origin, _pos, value, present);

        /// <summary>Writes a bool into reserved room (1 byte).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBooleanReserved(bool value) => _pos = AmberWindow.WriteBoolean(ref Origin, _pos, value);

        /// <summary>Writes a byte into reserved room (at most 2 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByteReserved(byte value) => _pos = AmberWindow.WriteByte(ref Origin, _pos, value);

        /// <summary>Writes a sbyte into reserved room (at most 2 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByteReserved(sbyte value) => _pos = AmberWindow.WriteSByte(ref Origin, _pos, value);

        /// <summary>Writes a short into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16Reserved(short value) => _pos = AmberWindow.WriteInt16(ref Origin, _pos, value);

        /// <summary>Writes an ushort into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16Reserved(ushort value) => _pos = AmberWindow.WriteUInt16(ref Origin, _pos, value);

        /// <summary>Writes a char into reserved room (at most 3 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteCharReserved(char value) => _pos = AmberWindow.WriteChar(ref Origin, _pos, value);

        /// <summary>Writes an int into reserved room (at most 5 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32Reserved(int value) => _pos = AmberWindow.WriteInt32(ref Origin, _pos, value);

        /// <summary>Writes an uint into reserved room (at most 5 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32Reserved(uint value) => _pos = AmberWindow.WriteUInt32(ref Origin, _pos, value);

        /// <summary>Writes a long into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64Reserved(long value) => _pos = AmberWindow.WriteInt64(ref Origin, _pos, value);

        /// <summary>Writes an ulong into reserved room (at most 10 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64Reserved(ulong value) => _pos = AmberWindow.WriteUInt64(ref Origin, _pos, value);

        /// <summary>Writes a float into reserved room (4 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingleReserved(float value) => _pos = AmberWindow.WriteSingle(ref Origin, _pos, value);

        /// <summary>Writes a double into reserved room (8 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDoubleReserved(double value) => _pos = AmberWindow.WriteDouble(ref Origin, _pos, value);

        /// <summary>Writes a DateTime into reserved room (8 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDateTimeReserved(DateTime value) => _pos = AmberWindow.WriteDateTime(ref Origin, _pos, value);

        /// <summary>Writes a Guid into reserved room (16 bytes).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteGuidReserved(Guid value) => _pos = AmberWindow.WriteGuid(ref Origin, _pos, value);

        // The same writes for a member whose presence bit varies: encoded either way, counted only when present.

        /// <summary>Writes a bool into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteBooleanReserved(bool value, bool present) => _pos = AmberWindow.WriteBoolean(ref Origin, _pos, value, present);

        /// <summary>Writes a byte into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteByteReserved(byte value, bool present) => _pos = AmberWindow.WriteByte(ref Origin, _pos, value, present);

        /// <summary>Writes a sbyte into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSByteReserved(sbyte value, bool present) => _pos = AmberWindow.WriteSByte(ref Origin, _pos, value, present);

        /// <summary>Writes a short into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt16Reserved(short value, bool present) => _pos = AmberWindow.WriteInt16(ref Origin, _pos, value, present);

        /// <summary>Writes an ushort into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt16Reserved(ushort value, bool present) => _pos = AmberWindow.WriteUInt16(ref Origin, _pos, value, present);

        /// <summary>Writes a char into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteCharReserved(char value, bool present) => _pos = AmberWindow.WriteChar(ref Origin, _pos, value, present);

        /// <summary>Writes an int into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt32Reserved(int value, bool present) => _pos = AmberWindow.WriteInt32(ref Origin, _pos, value, present);

        /// <summary>Writes an uint into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt32Reserved(uint value, bool present) => _pos = AmberWindow.WriteUInt32(ref Origin, _pos, value, present);

        /// <summary>Writes a long into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteInt64Reserved(long value, bool present) => _pos = AmberWindow.WriteInt64(ref Origin, _pos, value, present);

        /// <summary>Writes an ulong into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteUInt64Reserved(ulong value, bool present) => _pos = AmberWindow.WriteUInt64(ref Origin, _pos, value, present);

        /// <summary>Writes a float into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteSingleReserved(float value, bool present) => _pos = AmberWindow.WriteSingle(ref Origin, _pos, value, present);

        /// <summary>Writes a double into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDoubleReserved(double value, bool present) => _pos = AmberWindow.WriteDouble(ref Origin, _pos, value, present);

        /// <summary>Writes a DateTime into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteDateTimeReserved(DateTime value, bool present) => _pos = AmberWindow.WriteDateTime(ref Origin, _pos, value, present);

        /// <summary>Writes a Guid into reserved room when <paramref name="present"/>.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void WriteGuidReserved(Guid value, bool present) => _pos = AmberWindow.WriteGuid(ref Origin, _pos, value, present);
    }
}
