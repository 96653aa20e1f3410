using System;
using System.Buffers;
using System.Diagnostics;

namespace Amber.Internal
{
    /// <summary>
    /// The buffer writer <see cref="AmberFraming.WriteMessage"/> serializes through, reused per thread.
    /// It takes one block of the destination's memory, keeps room at its front for the longest length
    /// prefix a payload of that block can need, and lets the payload be written straight behind it.
    /// When the payload is done, its length is known: the prefix is written (the payload moved down
    /// when the prefix is shorter than the room kept) and the destination advanced once. A payload that
    /// outgrows the block continues in a pooled buffer and is copied to the destination at the end.
    /// Nothing is advanced on the destination until the message is complete, so a failed write leaves
    /// it as it was.
    /// </summary>
    internal sealed class MessageBufferWriter : IBufferWriter<byte>
    {
        [ThreadStatic] private static MessageBufferWriter? t_cached;

        /// <summary>What the first block is asked to hold when the destination offers less: AmberWriter's least refill, plus the prefix room.</summary>
        private const int FirstBlockHint = AmberWriter.MinimumChunk + 5;

        private IBufferWriter<byte>? _destination;
        private Memory<byte> _block;          // from the destination, not yet advanced
        private int _room;                    // bytes kept at the front of _block for the prefix
        private int _written;                 // payload bytes in _block after the room
        private PooledBufferWriter? _spill;   // the whole payload so far, once it outgrew _block

        public static MessageBufferWriter Rent(IBufferWriter<byte> destination)
        {
            MessageBufferWriter writer = t_cached ?? new MessageBufferWriter();
            t_cached = null;
            writer.Begin(destination);
            return writer;
        }

        /// <summary>Forgets the destination and its block and keeps this writer for the thread's next message.</summary>
        public static void Return(MessageBufferWriter writer)
        {
            writer.End();
            t_cached = writer;
        }

        /// <summary>Starts a message in <paramref name="destination"/> (a writer owned by one connection calls this itself, not <see cref="Rent"/>).</summary>
        public void Begin(IBufferWriter<byte> destination)
        {
            _destination = destination;
            // The rest of the destination's current block when it has room for a small message, so that framed
            // messages fill a pipe's blocks; a new block only when less than FirstBlockHint is left.
            _block = destination.GetMemory(1);
            if (_block.Length < FirstBlockHint) _block = destination.GetMemory(FirstBlockHint);
            _room = AmberPrimitives.VarintLength((ulong)_block.Length);
            _written = 0;
        }

        /// <summary>Forgets the destination and its block, whether or not the message was completed.</summary>
        public void End()
        {
            _destination = null;
            _block = default;
            if (_spill != null)
            {
                PooledBufferWriter.Return(_spill);
                _spill = null;
            }
        }

        public void Advance(int count)
        {
            if (_spill != null)
            {
                _spill.Advance(count);
                return;
            }
            if (count < 0 || count > _block.Length - _room - _written) throw new ArgumentOutOfRangeException(nameof(count));
            _written += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            if (_spill == null && _block.Length - _room - _written >= Math.Max(sizeHint, 1)) return _block.Slice(_room + _written);
            return Spill().GetMemory(sizeHint);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            if (_spill == null && _block.Length - _room - _written >= Math.Max(sizeHint, 1)) return _block.Span.Slice(_room + _written);
            return Spill().GetSpan(sizeHint);
        }

        private PooledBufferWriter Spill()
        {
            if (_spill != null) return _spill;
            PooledBufferWriter spill = PooledBufferWriter.Rent();
            ReadOnlySpan<byte> payload = _block.Span.Slice(_room, _written);
            payload.CopyTo(spill.GetSpan(payload.Length));
            spill.Advance(payload.Length);
            _block = default;
            _spill = spill;
            return spill;
        }

        /// <summary>Writes the length prefix and commits the message to the destination.</summary>
        public void Complete()
        {
            IBufferWriter<byte> destination = _destination!;
            if (_spill == null)
            {
                Span<byte> block = _block.Span;
                int prefix = AmberPrimitives.VarintLength((ulong)_written);
                Debug.Assert(prefix <= _room);
                if (prefix < _room) block.Slice(_room, _written).CopyTo(block.Slice(prefix));
                AmberPrimitives.TryWriteVarint(block, (ulong)_written);
                destination.Advance(prefix + _written);
                return;
            }

            ReadOnlySpan<byte> payload = _spill.WrittenSpan;
            Span<byte> head = destination.GetSpan(AmberPrimitives.MaxVarintLength);
            int n = AmberPrimitives.TryWriteVarint(head, (ulong)payload.Length);
            destination.Advance(n);
            while (payload.Length > 0)
            {
                Span<byte> span = destination.GetSpan(Math.Min(payload.Length, 1 << 16));
                int chunk = Math.Min(span.Length, payload.Length);
                payload.Slice(0, chunk).CopyTo(span);
                destination.Advance(chunk);
                payload = payload.Slice(chunk);
            }
        }
    }
}
