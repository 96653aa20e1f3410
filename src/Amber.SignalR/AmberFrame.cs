using System;
using System.Buffers;

namespace Amber.SignalR
{
    /// <summary>The message kinds of a frame (its first byte after the length prefix) and the frame's length prefix.</summary>
    internal static class AmberFrame
    {
        public const byte Invocation = 1;
        public const byte StreamItem = 2;
        public const byte Completion = 3;
        public const byte StreamInvocation = 4;
        public const byte CancelInvocation = 5;
        public const byte Ping = 6;
        public const byte Close = 7;
        public const byte Ack = 8;
        public const byte Sequence = 9;

        public const byte CompletionError = 1;
        public const byte CompletionVoid = 2;
        public const byte CompletionResult = 3;

        /// <summary>What a damaged frame's exception proposes.</summary>
        public const string Fix =
            "Both ends of the connection must speak the 'amber' hub protocol of Amber.SignalR (AddAmberProtocol() on the server " +
            "and on the client); bytes that reach the protocol otherwise were damaged or were not written by it.";

        public static AmberException Damaged(string problem, long offset) =>
            new AmberException("Damaged SignalR 'amber' frame: " + problem + " (at byte " + offset + " of the frame).", offset, Fix);

        /// <summary>
        /// Reads the length prefix of the frame at the start of <paramref name="input"/>: an unsigned LEB128 varint of
        /// at most 5 bytes. False when the prefix itself is not complete yet.
        /// </summary>
        /// <exception cref="AmberException">The prefix is longer than 5 bytes, names more than int.MaxValue bytes or
        /// more than <paramref name="maxLength"/>, or names an empty frame.</exception>
        public static bool TryReadLength(in ReadOnlySequence<byte> input, long maxLength, out int prefix, out int length)
        {
            prefix = 0;
            length = 0;
            ulong value = 0;
            int shift = 0;
            foreach (ReadOnlyMemory<byte> segment in input)
            {
                ReadOnlySpan<byte> span = segment.Span;
                for (int i = 0; i < span.Length; i++)
                {
                    byte b = span[i];
                    value |= (ulong)(b & 0x7F) << shift;
                    prefix++;
                    if ((b & 0x80) == 0)
                    {
                        if (value == 0) throw Damaged("the length prefix names an empty frame (a frame has at least its message kind byte)", 0);
                        if (value > int.MaxValue) throw Damaged("the length prefix names " + value + " bytes, more than a frame can hold", 0);
                        if ((long)value > maxLength)
                            throw new AmberException(
                                "SignalR 'amber' frame of " + value + " bytes is longer than AmberOptions.MaxInputBytes (" + maxLength + ") (at byte 0 of the frame).",
                                0, "Raise MaxInputBytes in the AmberOptions given to AddAmberProtocol if frames this long are expected.");
                        length = (int)value;
                        return true;
                    }
                    shift += 7;
                    if (prefix == 5) throw Damaged("the length prefix runs past 5 bytes", 0);
                }
            }
            return false;
        }

        /// <summary>Writes <paramref name="value"/> as an unsigned LEB128 varint.</summary>
        public static void WriteVarint(IBufferWriter<byte> output, ulong value)
        {
            Span<byte> span = output.GetSpan(10);
            int i = 0;
            while (value >= 0x80)
            {
                span[i++] = (byte)(value | 0x80);
                value >>= 7;
            }
            span[i++] = (byte)value;
            output.Advance(i);
        }
    }
}
