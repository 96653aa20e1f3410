#if NET8_0_OR_GREATER
using System.Collections.Generic;
using Amber.Format;
using Amber.Streaming;

namespace Amber.Inspection
{
    /// <summary>
    /// What <see cref="AmberInspector"/> found in a captured connection stream (docs/format.md §7.6: the messages one
    /// <see cref="AmberMessageWriter"/> wrote, one after another): the messages read, and the first error, if any. Reading
    /// stops at the first error, since every later message may rely on the shapes of the one that failed.
    /// </summary>
    public sealed class AmberConnectionReport
    {
        internal AmberConnectionReport(IReadOnlyList<AmberMessageInfo> messages, long streamBytes, int shapes, AmberException? error)
        {
            Messages = messages;
            StreamBytes = streamBytes;
            Shapes = shapes;
            Error = error;
            foreach (AmberMessageInfo message in messages)
            {
                PayloadBytes += message.PayloadBytes;
                if (message.IsFirst) FirstMessages++;
            }
        }

        /// <summary>The messages that read cleanly, in stream order.</summary>
        public IReadOnlyList<AmberMessageInfo> Messages { get; }

        /// <summary>The stream bytes of <see cref="Messages"/>: their length prefixes and payloads.</summary>
        public long StreamBytes { get; }

        /// <summary>The bytes of the payloads of <see cref="Messages"/>, without their length prefixes.</summary>
        public long PayloadBytes { get; }

        /// <summary>
        /// How many of <see cref="Messages"/> are first messages (version 3): the connection's own, and one more each time the
        /// writer started over (<see cref="AmberMessageWriter.Reset"/>, or its connection limits).
        /// </summary>
        public int FirstMessages { get; }

        /// <summary>The shape definitions held after the last message read: what a later message could still refer to.</summary>
        public int Shapes { get; }

        /// <summary>
        /// The first problem found, or null when every message read. Its <see cref="AmberException.ByteOffset"/> is a stream
        /// offset, and its message names the message (by index and the stream offset of its length prefix).
        /// </summary>
        public AmberException? Error { get; }

        /// <summary>The index of the message that failed (the number of messages that read before it), or -1 with no error.</summary>
        public int ErrorMessage => Error == null ? -1 : Messages.Count;

        /// <summary>Whether every message read, up to the end of the stream.</summary>
        public bool IsValid => Error == null;
    }

    /// <summary>One message of a connection stream, as <see cref="AmberInspector"/> read it.</summary>
    public sealed class AmberMessageInfo
    {
        internal AmberMessageInfo(int index, long offset, int prefixBytes, int payloadBytes, PayloadHeader header, int definitions)
        {
            Index = index;
            Offset = offset;
            PrefixBytes = prefixBytes;
            PayloadBytes = payloadBytes;
            _header = header;
            Definitions = definitions;
        }

        private readonly PayloadHeader _header;

        /// <summary>The message's number in the stream, from 0.</summary>
        public int Index { get; }

        /// <summary>Where the message (its length prefix) starts in the stream.</summary>
        public long Offset { get; }

        /// <summary>The length of its length prefix (a varint).</summary>
        public int PrefixBytes { get; }

        /// <summary>The length of its payload (what the prefix says).</summary>
        public int PayloadBytes { get; }

        /// <summary>Whether it is a first message (version 3), which starts the connection's shapes anew.</summary>
        public bool IsFirst => _header.IsFirst;

        /// <summary>Whether it was written in reference mode (docs/format.md §7.2).</summary>
        public bool ReferenceMode => _header.ReferenceMode;

        /// <summary>The shapes it defined; every later message may refer to them.</summary>
        public int Definitions { get; }
    }
}
#endif
