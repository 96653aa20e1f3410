using System;
using System.ComponentModel;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// Writes into room made beforehand. Generated code opens a window (<see cref="OpenWindow"/>) for a run of members
    /// whose encoded size is bounded (numbers, bools, enums, <see cref="DateTime"/>, <see cref="Guid"/>), writes each of
    /// them with <see cref="AmberWindow"/> at an offset it keeps in a local, with no capacity or bounds check of its own,
    /// and closes the window once (<see cref="CloseWindow"/>). The bytes are exactly those of the checked writes.
    /// </summary>
    public ref partial struct AmberWriter
    {
        /// <summary>
        /// Makes room for at least <paramref name="size"/> bytes and returns the byte at the write position: the window that
        /// <see cref="AmberWindow"/>'s writes fill at offsets from 0, until <see cref="CloseWindow"/>. Nothing else may be
        /// written while a window is open.
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ref byte OpenWindow(int size)
        {
            if (_buffer.Length - _pos < size + AmberWindow.Slack) Refill(size + AmberWindow.Slack);
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
    }
}
