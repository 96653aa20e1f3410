using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Text;
using Amber.Bench.Workloads;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// The relay's hand-written "static" serializer for <see cref="MessageEnvelope"/> only: the bar that
    /// hand-written code sets. The format, in member order:
    /// <list type="bullet">
    /// <item>one byte, the bitmask of present (non-default) members: bit 0 IsInternal (the bit is the
    /// value: nothing follows), 1 TimeStamp, 2 MessageId, 3 Header, 4 From, 5 To, 6 KeyValuePairs
    /// (non-null), bit 7 a null envelope;</item>
    /// <item>TimeStamp: one varint of ticks &lt;&lt; 2 | kind (ticks are never negative, so the zig-zag
    /// step of a signed varint would only cost a bit);</item>
    /// <item>Guids as their 16 bytes (Guid.TryWriteBytes order);</item>
    /// <item>Header: varint byte length, then UTF-8;</item>
    /// <item>KeyValuePairs: varint count, then per pair the key (varint length, UTF-8) and the value
    /// (varint length + 1, 0 for null, UTF-8).</item>
    /// </list>
    /// Writing goes straight into the buffer writer's span and allocates nothing; reading allocates
    /// the envelope, its strings and the dictionary.
    /// </summary>
    public sealed class HandWrittenEnvelopeAdapter : ISerializerAdapter
    {
        private const int IsInternalBit = 1, TimeStampBit = 2, MessageIdBit = 4, HeaderBit = 8, FromBit = 16, ToBit = 32, PairsBit = 64, NullBit = 128;

        /// <summary>Strings this short (chars) encode to at most 127 bytes: a one-byte length written after the bytes.</summary>
        private const int ShortString = 127 / 3;

        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

        public string Name => "Hand-written static";

        public bool Supports(string workload) => workload == "envelope";

        public ISerializerAdapter For(ShapeNeeds needs) => this;

        public bool KeepsReferences => false;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output)
        {
            if (typeof(T) != typeof(MessageEnvelope)) throw Only(typeof(T));
            Write(Unsafe.As<T, MessageEnvelope?>(ref value), output);
        }

        public T Deserialize<T>(ReadOnlySpan<byte> payload)
        {
            if (typeof(T) != typeof(MessageEnvelope)) throw Only(typeof(T));
            MessageEnvelope? e = Read(payload);
            return Unsafe.As<MessageEnvelope?, T>(ref e);
        }

        public void SerializeToStream<T>(T value, Stream destination)
        {
            var buffer = new ArrayBufferWriter<byte>(256);
            Serialize(value, buffer);
            destination.Write(buffer.WrittenSpan);
        }

        public T DeserializeFromStream<T>(Stream source)
        {
            var copy = new MemoryStream();
            source.CopyTo(copy);
            return Deserialize<T>(copy.GetBuffer().AsSpan(0, (int)copy.Length));
        }

        private static NotSupportedException Only(Type type) => new NotSupportedException($"The hand-written serializer knows MessageEnvelope only, not {type.Name}.");

        // ---- writing

        public static void Write(MessageEnvelope? e, IBufferWriter<byte> output)
        {
            if (e == null)
            {
                output.GetSpan(1)[0] = NullBit;
                output.Advance(1);
                return;
            }
            string? header = e.Header;
            Dictionary<string, string>? pairs = e.KeyValuePairs;

            // One span for everything but the pairs: mask, ticks varint, 3 Guids, header, pair count.
            int bound = 1 + 10 + 48 + (header == null ? 0 : 5 + header.Length * 3) + 5;
            Span<byte> span = output.GetSpan(bound);
            int mask = 0;
            int pos = 1;
            if (e.IsInternal) mask |= IsInternalBit;
            DateTime time = e.TimeStamp;
            if (time.Ticks != 0 || time.Kind != DateTimeKind.Unspecified)
            {
                mask |= TimeStampBit;
                pos += WriteVarint(span.Slice(pos), ((ulong)time.Ticks << 2) | (ulong)time.Kind);
            }
            if (WriteGuid(span, ref pos, e.MessageId)) mask |= MessageIdBit;
            if (header != null)
            {
                mask |= HeaderBit;
                pos += WriteString(span.Slice(pos), header, plusOne: false);
            }
            if (WriteGuid(span, ref pos, e.From)) mask |= FromBit;
            if (WriteGuid(span, ref pos, e.To)) mask |= ToBit;
            if (pairs != null)
            {
                mask |= PairsBit;
                pos += WriteVarint(span.Slice(pos), (uint)pairs.Count);
            }
            span[0] = (byte)mask;
            output.Advance(pos);

            if (pairs == null || pairs.Count == 0) return;
            foreach (KeyValuePair<string, string> pair in pairs)
            {
                string? v = pair.Value;
                Span<byte> s = output.GetSpan(10 + pair.Key.Length * 3 + (v == null ? 1 : 5 + v.Length * 3));
                int n = WriteString(s, pair.Key, plusOne: false);
                if (v == null) s[n++] = 0;
                else n += WriteString(s.Slice(n), v, plusOne: true);
                output.Advance(n);
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static bool WriteGuid(Span<byte> span, ref int pos, Guid value)
        {
            if (value == Guid.Empty) return false;
            value.TryWriteBytes(span.Slice(pos, 16));
            pos += 16;
            return true;
        }

        /// <summary>Writes a varint length (+1 when <paramref name="plusOne"/>) and the UTF-8 bytes; the span holds 5 + 3 × length bytes.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int WriteString(Span<byte> span, string value, bool plusOne)
        {
            int extra = plusOne ? 1 : 0;
            if (value.Length <= ShortString - extra)
            {
                // Short: encode after one reserved length byte, then fill it in.
                int n = Utf8.GetBytes(value, span.Slice(1));
                span[0] = (byte)(n + extra);
                return n + 1;
            }
            int count = Utf8.GetByteCount(value);
            int head = WriteVarint(span, (uint)(count + extra));
            return head + Utf8.GetBytes(value, span.Slice(head));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int WriteVarint(Span<byte> span, ulong value)
        {
            int i = 0;
            while (value >= 0x80)
            {
                span[i++] = (byte)(value | 0x80);
                value >>= 7;
            }
            span[i++] = (byte)value;
            return i;
        }

        // ---- reading

        public static MessageEnvelope? Read(ReadOnlySpan<byte> s)
        {
            int pos = 0;
            int mask = s[pos++];
            if ((mask & NullBit) != 0) return null;
            var e = new MessageEnvelope();
            if ((mask & IsInternalBit) != 0) e.IsInternal = true;
            if ((mask & TimeStampBit) != 0)
            {
                ulong v = ReadVarint(s, ref pos);
                e.TimeStamp = new DateTime((long)(v >> 2), (DateTimeKind)(v & 3));
            }
            if ((mask & MessageIdBit) != 0) e.MessageId = ReadGuid(s, ref pos);
            if ((mask & HeaderBit) != 0) e.Header = ReadString(s, ref pos, (int)ReadVarint(s, ref pos));
            if ((mask & FromBit) != 0) e.From = ReadGuid(s, ref pos);
            if ((mask & ToBit) != 0) e.To = ReadGuid(s, ref pos);
            if ((mask & PairsBit) != 0)
            {
                ulong count = ReadVarint(s, ref pos);
                // Each pair takes at least two bytes: a larger count is damage, not a reason to allocate.
                if (count > (ulong)(s.Length - pos) / 2) throw new InvalidDataException("Pair count larger than the payload.");
                var pairs = new Dictionary<string, string>((int)count);
                for (int i = 0; i < (int)count; i++)
                {
                    string key = ReadString(s, ref pos, (int)ReadVarint(s, ref pos));
                    ulong l = ReadVarint(s, ref pos);
                    pairs[key] = l == 0 ? null! : ReadString(s, ref pos, (int)(l - 1));
                }
                e.KeyValuePairs = pairs;
            }
            return e;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Guid ReadGuid(ReadOnlySpan<byte> s, ref int pos)
        {
            var g = new Guid(s.Slice(pos, 16));
            pos += 16;
            return g;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static string ReadString(ReadOnlySpan<byte> s, ref int pos, int length)
        {
            string value = Utf8.GetString(s.Slice(pos, length));
            pos += length;
            return value;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ulong ReadVarint(ReadOnlySpan<byte> s, ref int pos)
        {
            byte b = s[pos++];
            if (b < 0x80) return b;
            ulong result = b & 0x7Fu;
            for (int shift = 7; shift < 64; shift += 7)
            {
                b = s[pos++];
                result |= (ulong)(b & 0x7F) << shift;
                if (b < 0x80) return result;
            }
            throw new InvalidDataException("Varint longer than 64 bits.");
        }
    }
}
