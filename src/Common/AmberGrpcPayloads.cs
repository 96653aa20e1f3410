using System;
using System.Buffers;
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
        [ThreadStatic] private static PayloadBuffer? t_buffer;

        /// <summary>Writes with <paramref name="write"/> into a kept buffer, then the bytes into <paramref name="context"/>, and completes it.</summary>
        /// <exception cref="AmberException">As <paramref name="write"/> throws it; nothing reaches the context then.</exception>
        public static void Write<TState>(SerializationContext context, TState state, Action<IBufferWriter<byte>, TState> write)
        {
            PayloadBuffer buffer = t_buffer ?? new PayloadBuffer();
            t_buffer = null;   // a nested call on this thread makes its own
            try
            {
                write(buffer, state);
                ReadOnlySpan<byte> payload = buffer.Written;
                context.SetPayloadLength(payload.Length);
                IBufferWriter<byte> target = context.GetBufferWriter();
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
                buffer.Reset();
                t_buffer = buffer;
            }
        }

        /// <summary>A growable buffer of pooled arrays; one larger than 1 MiB goes back to the pool when reset.</summary>
        private sealed class PayloadBuffer : IBufferWriter<byte>
        {
            private const int KeptBytes = 1 << 20;
            private byte[] _array = ArrayPool<byte>.Shared.Rent(512);
            private int _written;

            public ReadOnlySpan<byte> Written => _array.AsSpan(0, _written);

            public void Advance(int count)
            {
                if (count < 0 || count > _array.Length - _written) throw new ArgumentOutOfRangeException(nameof(count));
                _written += count;
            }

            public Memory<byte> GetMemory(int sizeHint = 0)
            {
                Ensure(sizeHint);
                return _array.AsMemory(_written);
            }

            public Span<byte> GetSpan(int sizeHint = 0)
            {
                Ensure(sizeHint);
                return _array.AsSpan(_written);
            }

            private void Ensure(int sizeHint)
            {
                int needed = Math.Max(sizeHint, 1);
                if (_array.Length - _written >= needed) return;
                byte[] larger = ArrayPool<byte>.Shared.Rent(Math.Max(_array.Length * 2, _written + needed));
                _array.AsSpan(0, _written).CopyTo(larger);
                ArrayPool<byte>.Shared.Return(_array);
                _array = larger;
            }

            public void Reset()
            {
                _written = 0;
                if (_array.Length > KeptBytes)
                {
                    ArrayPool<byte>.Shared.Return(_array);
                    _array = ArrayPool<byte>.Shared.Rent(512);
                }
            }
        }
    }
}
