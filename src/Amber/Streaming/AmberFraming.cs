using System;
using System.Buffers;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;

namespace Amber.Streaming
{
    /// <summary>
    /// Message framing for byte streams that carry many messages, such as a socket read through a
    /// <c>PipeReader</c>: each message is its payload's length as a varint, then the payload
    /// (docs/format.md, "Message framing"). <see cref="TryReadMessage"/> reads a message straight
    /// from the buffer's segments and tells a partial message (wait for more data) from bad data.
    /// </summary>
    public static class AmberFraming
    {
        /// <summary>
        /// Writes one message: its payload length as a varint (LEB128, 1 byte below 128), then the payload
        /// (what <see cref="AmberSerializer.Serialize{T}(IBufferWriter{byte}, T, AmberOptions?)"/> writes).
        /// The payload is written straight into <paramref name="destination"/>'s memory when it fits the
        /// block the destination hands out; nothing is committed to the destination unless the whole message
        /// is written. With a reused buffer writer this allocates nothing.
        /// </summary>
        /// <exception cref="AmberException">
        /// The payload is above <see cref="AmberOptions.MaxInputBytes"/>: a reader with the same options would refuse
        /// the message, so it is refused here and nothing is committed.
        /// </exception>
        public static void WriteMessage<[AmberRoot] T>(IBufferWriter<byte> destination, T value, AmberOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            MessageBufferWriter message = MessageBufferWriter.Rent(destination);
            try
            {
                options ??= AmberOptions.Default;
                AmberSerializer.Serialize(message, value, options);
                message.Complete(options.MaxInputBytes);
            }
            finally
            {
                MessageBufferWriter.Return(message);
            }
        }

        /// <summary>
        /// Reads one message from the front of <paramref name="buffer"/>. True: <paramref name="value"/> is
        /// set and <paramref name="buffer"/> is sliced past the message. False: the buffer holds only part
        /// of a message (need more data); the buffer is unchanged. The payload is read in place from the
        /// buffer's segments, never copied to an array first.
        /// </summary>
        /// <exception cref="AmberException">
        /// The data is bad: a malformed or over-long length prefix, a length of 0 or above
        /// <see cref="AmberOptions.MaxInputBytes"/> (thrown as soon as the prefix is read, without waiting
        /// for the payload), or a payload that fails to deserialize. The byte offset counts from the start
        /// of the message.
        /// </exception>
        public static bool TryReadMessage<[AmberRoot] T>(ref ReadOnlySequence<byte> buffer, out T? value, AmberOptions? options = null)
        {
            options ??= AmberOptions.Default;
            ReadOnlySpan<byte> first = buffer.First.Span;
            if (!TryFindMessage(buffer, first, options, out int prefix, out ulong length))
            {
                value = default;
                return false;
            }

            try
            {
                if (first.Length - prefix >= 0 && (ulong)(first.Length - prefix) >= length)
                {
                    // The usual case: the whole message is in the first segment.
                    value = AmberSerializer.Deserialize<T>(first.Slice(prefix, (int)length), options);
                    buffer = buffer.Slice(prefix + (int)length);
                    return true;
                }
                ReadOnlySequence<byte> payload = buffer.Slice(prefix, (long)length);
                value = AmberSerializer.Deserialize<T>(payload, options);
                buffer = buffer.Slice(payload.End);
                return true;
            }
            catch (AmberException ex)
            {
                throw AmberThrow.MessagePayload(prefix, ex);
            }
        }

        /// <summary>
        /// Finds the message at the front of <paramref name="buffer"/> (whose first segment is <paramref name="first"/>): its
        /// prefix length and payload length. False when the buffer does not hold all of it yet; throws for a bad prefix.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static bool TryFindMessage(in ReadOnlySequence<byte> buffer, ReadOnlySpan<byte> first, AmberOptions options, out int prefix, out ulong length)
        {
            if (first.Length > 0 && first[0] < 0x80 && first[0] != 0)
            {
                prefix = 1;
                length = first[0];
            }
            else if (!TryReadLength(buffer, options, out prefix, out length))
            {
                return false;
            }
            if (length > (ulong)options.MaxInputBytes)
                AmberThrow.LimitExceeded(0, "A message length in bytes", length, options.MaxInputBytes, nameof(AmberOptions.MaxInputBytes));
            return (ulong)(buffer.Length - prefix) >= length;
        }

        /// <summary>
        /// Reads the length prefix across segments. False when the buffer ends inside it. Throws when it is
        /// longer than the longest length <paramref name="options"/> allow needs (at the last byte it may have,
        /// when that byte says another follows), not the shortest form of its value, or 0.
        /// </summary>
        private static bool TryReadLength(in ReadOnlySequence<byte> buffer, AmberOptions options, out int prefix, out ulong length)
        {
            int maxPrefix = AmberPrimitives.VarintLength((ulong)options.MaxInputBytes);
            ulong result = 0;
            int i = 0;
            foreach (ReadOnlyMemory<byte> segment in buffer)
            {
                ReadOnlySpan<byte> span = segment.Span;
                for (int j = 0; j < span.Length; j++)
                {
                    byte b = span[j];
                    result |= (ulong)(b & 0x7F) << (7 * i);
                    i++;
                    if (b >= 0x80 && i == maxPrefix) AmberThrow.MessagePrefixTooLong(i - 1, maxPrefix, options.MaxInputBytes);
                    if (b < 0x80)
                    {
                        if (b == 0 && i > 1) AmberThrow.MessagePrefixNotShortest(i - 1, result);
                        if (result == 0) AmberThrow.EmptyMessage(0);
                        prefix = i;
                        length = result;
                        return true;
                    }
                }
            }
            prefix = 0;
            length = 0;
            return false;
        }
    }
}
