using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using Amber.Format;
using Amber.Metadata;
using Amber.Streaming;

namespace Amber.Internal
{
    /// <summary>
    /// The buffer writer <see cref="AmberFraming.WriteMessage"/> serializes through, reused per thread (and the one an
    /// <see cref="AmberMessageWriter"/> keeps for its connection). It takes one block of the destination's memory, keeps
    /// room at its front for the length prefix, and lets the payload be written straight behind it. The room kept is the
    /// prefix the previous message needed (messages through one writer tend to be alike, so the guess is usually right and
    /// nothing moves), never more than the longest a payload of that block can need. When the payload is done, its length
    /// is known: the prefix is written, the payload moved down when the prefix is shorter than the room kept and up when
    /// it is longer (or, when the block has no room left for that, taken through a pooled buffer), and the destination
    /// advanced once. A payload that outgrows the block continues in a pooled buffer and is copied to the destination at
    /// the end. Nothing is advanced on the destination until the message is complete, so a failed write leaves it as it was.
    /// </summary>
    internal sealed class MessageBufferWriter : IBufferWriter<byte>
    {
        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static MessageBufferWriter? t_cached;

        /// <summary>What the first block is asked to hold when the destination offers less: AmberWriter's least refill, plus the prefix room.</summary>
        private const int FirstBlockHint = AmberWriter.MinimumChunk + 5;

        private IBufferWriter<byte>? _destination;
        private Memory<byte> _block;          // from the destination, not yet advanced
        private int _room;                    // bytes kept at the front of _block for the prefix
        private int _written;                 // payload bytes in _block after the room
        private PooledBufferWriter? _spill;   // the whole payload so far, once it outgrew _block
        private int _lastPrefix = 1;          // the prefix the last completed message needed: the room kept for the next
        private bool _prefixed = true;        // false: the message is committed without its length prefix

        /// <summary>
        /// Payloads up to this length that move inside their block are moved by <see cref="Move"/>; longer ones by
        /// <see cref="Span{T}.CopyTo"/>, whose overlapping copies go through the C runtime's memmove by a P/Invoke (a cost
        /// worth paying only for a long payload).
        /// </summary>
        private const int ShortMove = 256;

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

        /// <summary>
        /// Starts a message in <paramref name="destination"/> (a writer owned by one connection calls this itself, not
        /// <see cref="Rent"/>); without <paramref name="prefixed"/>, <see cref="Complete"/> commits the payload alone, for a
        /// transport that frames each message itself.
        /// </summary>
        public void Begin(IBufferWriter<byte> destination, bool prefixed = true)
        {
            _destination = destination;
            _prefixed = prefixed;
            // The rest of the destination's current block when it has room for a small message, so that framed
            // messages fill a pipe's blocks; a new block only when less than FirstBlockHint is left.
            _block = destination.GetMemory(1);
            if (_block.Length < FirstBlockHint) _block = destination.GetMemory(FirstBlockHint);
            _room = prefixed ? Math.Min(_lastPrefix, AmberPrimitives.VarintLength((ulong)_block.Length)) : 0;
            _written = 0;
        }

        /// <summary>The free memory of the block after the payload written so far: where a writer may start without asking.</summary>
        public Span<byte> FreeSpan => _spill == null ? _block.Span.Slice(_room + _written) : default;

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

        /// <summary>
        /// Writes the length prefix and commits the message to the destination; a payload above
        /// <paramref name="maxInputBytes"/>, which a reader with the same options would refuse, is refused here and commits nothing.
        /// </summary>
        public void Complete(long maxInputBytes)
        {
            long length = _spill == null ? _written : _spill.WrittenSpan.Length;
            if (length > maxInputBytes) AmberThrow.MessageTooLarge(length, maxInputBytes);
            IBufferWriter<byte> destination = _destination!;
            if (!_prefixed)
            {
                if (_spill == null) destination.Advance(_written);
                else CopyTo(destination, _spill.WrittenSpan);
                return;
            }
            if (_spill == null)
            {
                Span<byte> block = _block.Span;
                int prefix = AmberPrimitives.VarintLength((ulong)_written);
                // A longer prefix than the room kept needs the payload moved up, inside the block when it has that room.
                if (prefix <= _room || _block.Length - _room - _written >= prefix - _room)
                {
                    if (prefix != _room) Move(block, _room, prefix, _written);
                    AmberPrimitives.TryWriteVarint(block, (ulong)_written);
                    destination.Advance(prefix + _written);
                    _lastPrefix = prefix;
                    return;
                }
                Spill();
            }

            ReadOnlySpan<byte> payload = _spill!.WrittenSpan;
            _lastPrefix = AmberPrimitives.VarintLength((ulong)payload.Length);
            Span<byte> head = destination.GetSpan(AmberPrimitives.MaxVarintLength);
            int n = AmberPrimitives.TryWriteVarint(head, (ulong)payload.Length);
            destination.Advance(n);
            CopyTo(destination, payload);
        }

        private static void CopyTo(IBufferWriter<byte> destination, ReadOnlySpan<byte> payload)
        {
            while (payload.Length > 0)
            {
                Span<byte> span = destination.GetSpan(Math.Min(payload.Length, 1 << 16));
                int chunk = Math.Min(span.Length, payload.Length);
                payload.Slice(0, chunk).CopyTo(span);
                destination.Advance(chunk);
                payload = payload.Slice(chunk);
            }
        }

        /// <summary>
        /// Moves <paramref name="length"/> bytes of <paramref name="block"/> from <paramref name="from"/> to
        /// <paramref name="to"/>, ranges that may overlap. A short payload is moved 8 bytes at a time, away from the side
        /// it moves to (front first when it moves down, back first when it moves up): each step reads its 8 bytes before
        /// it writes any, and writes none that a later step reads.
        /// </summary>
        private static void Move(Span<byte> block, int from, int to, int length)
        {
            if (length > ShortMove)
            {
                block.Slice(from, length).CopyTo(block.Slice(to));
                return;
            }
            if (to < from)
            {
                int i = 0;
                for (; i + 8 <= length; i += 8) BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(to + i), BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(from + i)));
                for (; i < length; i++) block[to + i] = block[from + i];
            }
            else
            {
                int i = length;
                for (; i >= 8; i -= 8) BinaryPrimitives.WriteUInt64LittleEndian(block.Slice(to + i - 8), BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(from + i - 8)));
                for (; i > 0; i--) block[to + i - 1] = block[from + i - 1];
            }
        }
    }
}
