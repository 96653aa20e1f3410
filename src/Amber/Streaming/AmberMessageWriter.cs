using System;
using System.Buffers;
using Amber.Internal;
using Amber.Metadata;

namespace Amber.Streaming
{
    /// <summary>
    /// Writes the messages of one direction of one connection (docs/format.md §7.6). Each message is framed as
    /// <see cref="AmberFraming"/> frames one (its length as a varint, then its payload), but shapes are defined once per
    /// connection: the first message of a type carries its shape, and every later message of that type refers to it, so a
    /// steady-state message is its presence bits and values. Several types (an envelope, then an ack, then an envelope…)
    /// share one connection, with their nested and polymorphic objects. Read the messages with one
    /// <see cref="AmberMessageReader"/> on the other end, in order. Not thread-safe: one writer per connection direction.
    /// </summary>
    public sealed class AmberMessageWriter
    {
        private readonly AmberOptions _options;
        private readonly WriterState _state = WriterState.ForConnection();
        private readonly MessageBufferWriter _frame = new MessageBufferWriter();
        private readonly int _maxShapes;
        private readonly int _maxShapeBytes;
        private object? _registration;   // the registration of the last message's type: most connections send one type after another
        private bool _started;

        /// <summary>Creates a writer for a new connection.</summary>
        public AmberMessageWriter(AmberOptions? options = null)
        {
            _options = options ?? AmberOptions.Default;
            _maxShapes = _options.MaxConnectionShapes;
            _maxShapeBytes = _options.MaxConnectionShapeBytes;
        }

        /// <summary>The options every message is written with.</summary>
        public AmberOptions Options => _options;

        /// <summary>
        /// Writes one message into <paramref name="destination"/>: its payload's length as a varint, then the payload.
        /// Nothing is committed to the destination unless the whole message is written; a message that fails leaves the
        /// destination as it was and makes the next message a connection's first (it defines its shapes again, and the
        /// reader drops what it held). With a reused buffer writer this allocates nothing.
        /// </summary>
        public void WriteMessage<[AmberRoot] T>(IBufferWriter<byte> destination, T value) => Write(destination, value, prefixed: true);

        /// <summary>
        /// Writes one message into <paramref name="destination"/> without its length prefix: the destination receives the
        /// message's payload alone, for a transport that frames each message itself (a gRPC message, a WebSocket message, a
        /// queue record). Read it with <see cref="AmberMessageReader.ReadUnframed{T}(in ReadOnlySequence{byte})"/>. Otherwise as
        /// <see cref="WriteMessage{T}"/>: nothing is committed unless the whole message is written.
        /// </summary>
        public void WriteUnframed<[AmberRoot] T>(IBufferWriter<byte> destination, T value) => Write(destination, value, prefixed: false);

        private void Write<T>(IBufferWriter<byte> destination, T value, bool prefixed)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            // The type check is a compare of the object's type with T's registration type; the registry's lookup reads a
            // generic static, which shared generic code reaches through a helper call.
            if (_registration is not AmberFormatterRegistry.Registration<T> registration)
            {
                registration = AmberFormatterRegistry.Lookup<T>();
                _registration = registration;
            }
            IAmberFormatter<T> formatter = registration.Get();
            // Before a reader with the same options could refuse the connection's definitions, start them anew.
            if (_state.DefinitionCount > _maxShapes / 2 || _state.DefinitionBytes > _maxShapeBytes / 2) Reset();
            _frame.Begin(destination, prefixed);
            bool written = false;
            try
            {
                var writer = new AmberWriter(_frame, _options, _state, _frame.FreeSpan);
                if (registration.RequiresReferences && !writer.ReferencesEnabled) writer.EnableReferences();
                writer.WriteConnectionHeader(formatter.WireType, first: !_started);
                formatter.Write(ref writer, value);
                writer.Flush();
                if (_state.DefinitionCount > _maxShapes || _state.DefinitionBytes > _maxShapeBytes) LimitExceeded();
                _frame.Complete(_options.MaxInputBytes);
                written = true;
            }
            catch (AmberException ex)
            {
                ex.SetRoot(AmberSerializer.DisplayName(typeof(T)));
                throw;
            }
            finally
            {
                _frame.End();
                if (written)
                {
                    _started = true;
                    _state.EndMessage();
                }
                else
                {
                    Reset();
                }
            }
        }

        /// <summary>Starts a new connection: the next message is a first message, which defines its shapes again.</summary>
        public void Reset()
        {
            _state.Reset();
            _started = false;
        }

        /// <summary>A message whose own definitions pass a reader's limits is refused here, before it is sent.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private void LimitExceeded()
        {
            if (_state.DefinitionCount > _maxShapes)
                AmberThrow.LimitExceeded(-1, "The number of shapes one connection message defines", (ulong)_state.DefinitionCount, _maxShapes, nameof(AmberOptions.MaxConnectionShapes));
            AmberThrow.LimitExceeded(-1, "The bytes of the shapes one connection message defines", (ulong)_state.DefinitionBytes, _maxShapeBytes, nameof(AmberOptions.MaxConnectionShapeBytes));
        }
    }
}
