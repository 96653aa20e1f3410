using System;
using System.Buffers;
using System.Collections.Generic;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Amber.Streaming;

namespace Amber.Echo
{
    /// <summary>
    /// How one serializer puts a <see cref="MessageEnvelope"/> on the wire and takes it off: a frame (the
    /// envelope's length as a varint, then its bytes) read straight from the pipe's buffer. The 32-byte
    /// payload that follows each frame is the harness's, not the codec's. One instance per connection end, which
    /// both writes and reads through it: the peers' adapters keep per-instance scratch state, and Amber's connection
    /// codec keeps the shapes its connection defined.
    /// </summary>
    public interface IEchoCodec
    {
        /// <summary>Writes one framed envelope.</summary>
        void Write(IBufferWriter<byte> output, MessageEnvelope message);

        /// <summary>Reads one framed envelope from the front of <paramref name="buffer"/> and slices past it; false when the frame is not complete yet.</summary>
        bool TryRead(ref ReadOnlySequence<byte> buffer, out MessageEnvelope message);
    }

    /// <summary>A serializer of the echo run: its name (as in the suite's tables) and a codec per connection.</summary>
    public sealed class EchoSerializer
    {
        public EchoSerializer(string name, Func<IEchoCodec> create)
        {
            Name = name;
            Create = create;
        }

        public string Name { get; }

        public Func<IEchoCodec> Create { get; }

        /// <summary>Every serializer the harness runs, in table order.</summary>
        public static IReadOnlyList<EchoSerializer> All() => new[]
        {
            new EchoSerializer("Amber", () => new AmberEchoCodec()),
            new EchoSerializer("Amber (per connection)", () => new AmberConnectionEchoCodec()),
            new EchoSerializer("Hand-written static", () => new AdapterEchoCodec(new HandWrittenEnvelopeAdapter())),
            new EchoSerializer("MemoryPack", () => new AdapterEchoCodec(new MemoryPackAdapter())),
            new EchoSerializer("MessagePack (int keys)", () => new AdapterEchoCodec(new MessagePackAdapter())),
            new EchoSerializer("protobuf-net", () => new AdapterEchoCodec(new ProtobufNetAdapter())),
            new EchoSerializer("System.Text.Json (source gen)", () => new AdapterEchoCodec(new SystemTextJsonAdapter())),
        };
    }

    /// <summary>Amber's own framing: <see cref="AmberFraming"/> writes the frame and reads it from the pipe's segments, no copy.</summary>
    public sealed class AmberEchoCodec : IEchoCodec
    {
        public void Write(IBufferWriter<byte> output, MessageEnvelope message) => AmberFraming.WriteMessage(output, message);

        public bool TryRead(ref ReadOnlySequence<byte> buffer, out MessageEnvelope message)
        {
            bool read = AmberFraming.TryReadMessage(ref buffer, out MessageEnvelope? value);
            message = value!;
            return read;
        }
    }

    /// <summary>
    /// Amber's connection messages: one <see cref="AmberMessageWriter"/> for what this end sends and one
    /// <see cref="AmberMessageReader"/> for what it receives, both for the life of the connection. The first message
    /// each way defines the envelope's shape; every later one refers to it (docs/format.md §7.6). The harness makes one
    /// codec per connection end and that end both writes and reads through it, so each writer and reader sees exactly
    /// one direction of one connection, in order.
    /// </summary>
    public sealed class AmberConnectionEchoCodec : IEchoCodec
    {
        private readonly AmberMessageWriter _writer = new AmberMessageWriter();
        private readonly AmberMessageReader _reader = new AmberMessageReader();

        public void Write(IBufferWriter<byte> output, MessageEnvelope message) => _writer.WriteMessage(output, message);

        public bool TryRead(ref ReadOnlySequence<byte> buffer, out MessageEnvelope message)
        {
            bool read = _reader.TryReadMessage(ref buffer, out MessageEnvelope? value);
            message = value!;
            return read;
        }
    }

    /// <summary>
    /// A peer through the suite's adapter, framed the way a relay frames a serializer that has no framing
    /// of its own: the envelope serialized into a reused buffer, then its varint length and its bytes copied
    /// to the pipe; read from the pipe's span when the frame is in one segment, else copied to a reused array.
    /// </summary>
    public sealed class AdapterEchoCodec : IEchoCodec
    {
        private readonly ISerializerAdapter _adapter;
        private readonly ArrayBufferWriter<byte> _scratch = new ArrayBufferWriter<byte>(256);
        private byte[] _joined = new byte[256];

        public AdapterEchoCodec(ISerializerAdapter adapter)
        {
            _adapter = adapter;
        }

        public void Write(IBufferWriter<byte> output, MessageEnvelope message)
        {
            _scratch.ResetWrittenCount();
            _adapter.Serialize(message, _scratch);
            int length = _scratch.WrittenCount;
            Span<byte> span = output.GetSpan(5 + length);
            int prefix = Varint.Write(span, (uint)length);
            _scratch.WrittenSpan.CopyTo(span.Slice(prefix));
            output.Advance(prefix + length);
        }

        public bool TryRead(ref ReadOnlySequence<byte> buffer, out MessageEnvelope message)
        {
            message = null!;
            if (!Varint.TryRead(buffer, out uint length, out int prefix)) return false;
            if (buffer.Length - prefix < length) return false;
            ReadOnlySequence<byte> frame = buffer.Slice(prefix, length);
            if (frame.IsSingleSegment)
            {
                message = _adapter.Deserialize<MessageEnvelope>(frame.FirstSpan);
            }
            else
            {
                if (_joined.Length < length) _joined = new byte[Math.Max(length, _joined.Length * 2)];
                frame.CopyTo(_joined);
                message = _adapter.Deserialize<MessageEnvelope>(_joined.AsSpan(0, (int)length));
            }
            buffer = buffer.Slice(frame.End);
            return true;
        }
    }

    /// <summary>The peers' frame prefix: the length as an unsigned LEB128 varint, the same prefix Amber's frames carry.</summary>
    internal static class Varint
    {
        public static int Write(Span<byte> destination, uint value)
        {
            int i = 0;
            while (value >= 0x80)
            {
                destination[i++] = (byte)(value | 0x80);
                value >>= 7;
            }
            destination[i++] = (byte)value;
            return i;
        }

        /// <summary>False when the prefix is not complete yet; throws when it is longer than a 32-bit length can be.</summary>
        public static bool TryRead(in ReadOnlySequence<byte> buffer, out uint value, out int length)
        {
            value = 0;
            length = 0;
            var reader = new SequenceReader<byte>(buffer);
            for (int shift = 0; shift < 35; shift += 7)
            {
                if (!reader.TryRead(out byte b)) return false;
                length++;
                value |= (uint)(b & 0x7F) << shift;
                if (b < 0x80) return true;
            }
            throw new InvalidOperationException("A frame's length prefix is longer than five bytes.");
        }
    }
}
