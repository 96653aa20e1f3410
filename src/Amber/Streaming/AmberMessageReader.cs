using System;
using System.Buffers;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;

namespace Amber.Streaming
{
    /// <summary>
    /// Reads the messages an <see cref="AmberMessageWriter"/> wrote on one connection (docs/format.md §7.6), in order: it
    /// keeps the shapes the connection's messages define, so later messages that refer to them read without them. A
    /// message whose shapes this reader never saw (it joined late, or a message was lost) is an
    /// <see cref="AmberException"/> that says so, never a wrong object. The definitions it keeps are bounded by
    /// <see cref="AmberOptions.MaxConnectionShapes"/> and <see cref="AmberOptions.MaxConnectionShapeBytes"/>. Not
    /// thread-safe: one reader per connection direction.
    /// </summary>
    public sealed class AmberMessageReader
    {
        private readonly AmberOptions _options;
        private readonly ReaderState _state;
        private object? _registration;   // the registration of the last message's type: most connections carry one type after another
        private bool _started;

        /// <summary>Creates a reader for a new connection.</summary>
        public AmberMessageReader(AmberOptions? options = null)
        {
            _options = options ?? AmberOptions.Default;
            _state = ReaderState.ForConnection(_options);
        }

        /// <summary>The options every message is read with.</summary>
        public AmberOptions Options => _options;

        /// <summary>
        /// Reads one message from the front of <paramref name="buffer"/>. True: <paramref name="value"/> is set and
        /// <paramref name="buffer"/> is sliced past the message. False: the buffer holds only part of a message (wait for
        /// more data); the buffer is unchanged. The payload is read in place from the buffer's segments.
        /// </summary>
        /// <exception cref="AmberException">
        /// The data is bad: a malformed length prefix (as for <see cref="AmberFraming.TryReadMessage"/>), a message that
        /// is not a connection message, one that needs shapes this reader did not read, a definition past the connection
        /// limits, or a payload that fails to read. The buffer is unchanged, and the definitions of the failed message are
        /// forgotten (a later message that needs them fails too: reset both ends). Byte offsets count from the start of the message.
        /// </exception>
        public bool TryReadMessage<[AmberRoot] T>(ref ReadOnlySequence<byte> buffer, out T? value)
        {
            ReadOnlySpan<byte> first = buffer.First.Span;
            if (!AmberFraming.TryFindMessage(buffer, first, _options, out int prefix, out ulong length))
            {
                value = default;
                return false;
            }
            int count = _state.Count;
            long bytes = _state.DefinitionBytes;
            try
            {
                IAmberFormatter<T> formatter = FormatterOf<T>();
                // One reader for both cases, so that the method's frame holds (and zeroes on entry) one AmberReader, not two.
                bool inFirst = first.Length >= prefix && (ulong)(first.Length - prefix) >= length;
                ReadOnlySequence<byte> payload = default;
                scoped AmberReader reader;
                if (inFirst)
                {
                    // The usual case: the whole message is in the first segment.
                    reader = new AmberReader(first.Slice(prefix, (int)length), _options, _state);
                }
                else
                {
                    payload = buffer.Slice(prefix, (long)length);
                    reader = new AmberReader(payload, _options, _state);
                }
                value = ReadPayload(ref reader, formatter);
                buffer = inFirst ? buffer.Slice(prefix + (int)length) : buffer.Slice(payload.End);
                _state.EndMessage();
                return true;
            }
            catch (AmberException ex)
            {
                Forget(first.Length > prefix ? first[prefix] : buffer.Slice(prefix, 1).First.Span[0], count, bytes);
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw AmberThrow.MessagePayload(prefix, ex);
            }
        }

        /// <summary>
        /// Reads one message that an <see cref="AmberMessageWriter.WriteUnframed{T}"/> wrote: <paramref name="message"/> is
        /// the message's payload alone, as a transport that frames each message itself (a gRPC message, a WebSocket message,
        /// a queue record) delivers it. The payload is read in place from the sequence's segments.
        /// </summary>
        /// <exception cref="AmberException">
        /// As for <see cref="TryReadMessage{T}"/>: a message that is not a connection message, one that needs shapes this
        /// reader did not read, a definition past the connection limits, or a payload that fails to read. The definitions
        /// of the failed message are forgotten. Byte offsets count from the start of the message.
        /// </exception>
        public T? ReadUnframed<[AmberRoot] T>(in ReadOnlySequence<byte> message)
        {
            int count = _state.Count;
            long bytes = _state.DefinitionBytes;
            try
            {
                if (message.IsSingleSegment) return ReadUnframed<T>(message.First.Span);
                var reader = new AmberReader(message, _options, _state);
                T value = ReadPayload(ref reader, FormatterOf<T>());
                _state.EndMessage();
                return value;
            }
            catch (AmberException ex) when (!message.IsSingleSegment)
            {
                Forget(message.IsEmpty ? (byte)0 : message.Slice(0, 1).First.Span[0], count, bytes);
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw;
            }
        }

        /// <summary>Reads one message that an <see cref="AmberMessageWriter.WriteUnframed{T}"/> wrote, from one span: as <see cref="ReadUnframed{T}(in ReadOnlySequence{byte})"/>.</summary>
        /// <exception cref="AmberException">As for <see cref="ReadUnframed{T}(in ReadOnlySequence{byte})"/>.</exception>
        public T? ReadUnframed<[AmberRoot] T>(ReadOnlySpan<byte> message)
        {
            int count = _state.Count;
            long bytes = _state.DefinitionBytes;
            try
            {
                var reader = new AmberReader(message, _options, _state);
                T value = ReadPayload(ref reader, FormatterOf<T>());
                _state.EndMessage();
                return value;
            }
            catch (AmberException ex)
            {
                Forget(message.IsEmpty ? (byte)0 : message[0], count, bytes);
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw;
            }
        }

        /// <summary>The formatter of <typeparamref name="T"/>, the last message's type's registration kept for the next.</summary>
        private IAmberFormatter<T> FormatterOf<T>()
        {
            // The type check is a compare of the object's type with T's registration type; the registry's lookup reads
            // a generic static, which shared generic code reaches through a helper call.
            if (_registration is not AmberFormatterRegistry.Registration<T> registration)
            {
                registration = AmberFormatterRegistry.Lookup<T>();
                _registration = registration;
            }
            return registration.Get();
        }

        /// <summary>
        /// After a message whose first byte is <paramref name="header"/> failed: a first message that failed leaves nothing
        /// of the connection behind (it has begun overwriting the earlier connection's definitions); a later one leaves the
        /// definitions before it.
        /// </summary>
        private void Forget(byte header, int count, long bytes)
        {
            if (new PayloadHeader(header).IsFirst || !_started) Reset();
            else _state.Truncate(count, bytes);
        }

        private T ReadPayload<T>(ref AmberReader reader, IAmberFormatter<T> formatter)
        {
            try
            {
                WireType wt = reader.ReadConnectionHeader(ref _started);
                T value = formatter.Read(ref reader, wt);
                reader.EnsureEnd();
                return value;
            }
            finally
            {
                reader.ReleaseScratch();
            }
        }

        /// <summary>Starts a new connection: the definitions read so far are dropped, and the next message must be a first message.</summary>
        public void Reset()
        {
            _state.Truncate(0, 0);
            _started = false;
        }
    }
}
