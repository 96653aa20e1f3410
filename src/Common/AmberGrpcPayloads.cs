using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using Grpc.Core;

namespace Amber.Grpc
{
    /// <summary>
    /// Writes a message through gRPC's <see cref="SerializationContext"/> with its length given first. gRPC writes a message
    /// of known length straight into its send buffer; without the length it makes a growable buffer for each message (one
    /// per call on the server, one per message on the client) and copies out of it. So the payload is written into a buffer
    /// kept per thread, its length given, and the bytes copied once. Compiled into Amber.Grpc and Amber.Grpc.AspNetCore from
    /// this one file.
    /// </summary>
    internal static class AmberGrpcPayloads
    {
        /// <summary>A buffer grown past this is not kept: one large message does not hold its memory on the thread for good.</summary>
        private const int KeptBytes = 1 << 20;

        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static ArrayBufferWriter<byte>? t_buffer;

        /// <summary>Writes with <paramref name="write"/> into a kept buffer, then the bytes into <paramref name="context"/>, and completes it.</summary>
        /// <exception cref="AmberException">As <paramref name="write"/> throws it; nothing reaches the context then.</exception>
        public static void Write<TState>(SerializationContext context, TState state, Action<IBufferWriter<byte>, TState> write)
        {
            ArrayBufferWriter<byte> buffer = t_buffer ?? new ArrayBufferWriter<byte>(512);
            t_buffer = null;   // a nested call on this thread makes its own
            try
            {
                write(buffer, state);
                ReadOnlySpan<byte> payload = buffer.WrittenSpan;
                context.SetPayloadLength(payload.Length);
                IBufferWriter<byte> target = context.GetBufferWriter();
                // In chunks, so that a large message asks the transport for no block larger than it keeps.
                while (payload.Length > 0)
                {
                    Span<byte> span = target.GetSpan(Math.Min(payload.Length, 1 << 16));
                    int chunk = Math.Min(span.Length, payload.Length);
                    payload.Slice(0, chunk).CopyTo(span);
                    target.Advance(chunk);
                    payload = payload.Slice(chunk);
                }
                context.Complete();
            }
            finally
            {
                if (buffer.Capacity <= KeptBytes)
                {
#if NET8_0_OR_GREATER
                    buffer.ResetWrittenCount();
#else
                    buffer.Clear();
#endif
                    t_buffer = buffer;
                }
            }
        }
    }
}
