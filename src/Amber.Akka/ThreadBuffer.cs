using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace Amber.Akka
{
    /// <summary>
    /// One growable buffer per thread: Akka wants each payload as an exact <c>byte[]</c>, so a payload is written
    /// here first and copied out once, and the only allocation per message is the array Akka keeps.
    /// </summary>
    internal static class ThreadBuffer
    {
        // A buffer grown past this by one large payload is dropped after it, not kept by the thread for ever.
        private const int KeepAtMost = 1 << 20;

        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static ArrayBufferWriter<byte>? t_buffer;

        /// <summary>The thread's buffer, empty; give it back with <see cref="Return"/> (a payload written meanwhile on the same thread gets its own).</summary>
        public static ArrayBufferWriter<byte> Rent()
        {
            ArrayBufferWriter<byte>? buffer = t_buffer;
            t_buffer = null;
            return buffer ?? new ArrayBufferWriter<byte>(4096);
        }

        /// <summary>Empties <paramref name="buffer"/> and keeps it for the thread's next payload, unless one payload made it large.</summary>
        public static void Return(ArrayBufferWriter<byte> buffer)
        {
            if (buffer.Capacity > KeepAtMost) return;
#if NET8_0_OR_GREATER
            buffer.ResetWrittenCount();
#else
            buffer.Clear();
#endif
            t_buffer = buffer;
        }
    }
}
