using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Engine
{
    /// <summary>
    /// Makes a new input from corpus entries. Byte-level mutations (bit flips, interesting bytes,
    /// insert/delete/duplicate, truncate, splice, huge varints, repeated chunks) and, where the
    /// <see cref="PayloadWalker"/> found structure, mutations aimed at one header, count, descriptor,
    /// tag or presence bitmap (re-encoded as a varint, so a change of length shifts the rest).
    /// </summary>
    public sealed class Mutator
    {
        /// <summary>Inputs never grow past this.</summary>
        public const int MaxLength = 1 << 16;

        private static readonly byte[] s_interestingBytes = { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x02, 0x03, 0x05, 0x25, 0x10, 0x08, 0x40, 0xC0 };

        /// <summary>Varints that stress length and range checks, including over-long and malformed encodings.</summary>
        private static readonly byte[][] s_hugeVarints =
        {
            new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 },   // 2^64 - 1
            new byte[] { 0x80, 0x80, 0x80, 0x80, 0x08 },                                 // 2^31
            new byte[] { 0x80, 0x80, 0x80, 0x80, 0x10 },                                 // 2^32
            new byte[] { 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 },   // 2^63
            new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x07 },                                 // 2^31 - 1
            new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F },                                 // 2^32 - 1
            new byte[] { 0x81, 0x80, 0x80, 0x80, 0x08 },                                 // 2^31 + 1
            new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02 },   // 10th byte above 1: malformed
            new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 }, // 11 bytes: malformed
            new byte[] { 0x80, 0x00 },                                                   // over-long 0
            new byte[] { 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 },   // over-long 1
            new byte[] { 0xC0, 0xBB, 0x78 },                                             // 1,973,696
        };

        private readonly Random _r;

        public Mutator(Random random) => _r = random;

        /// <summary>Names of the mutations, in the order of <see cref="MutateOnce"/>'s switch (for statistics).</summary>
        public static readonly string[] Names =
        {
            "bit-flip", "interesting-byte", "random-byte", "insert-bytes", "delete-range", "duplicate-range", "truncate",
            "huge-varint", "repeat-chunk", "arith-byte", "structure", "structure", "structure", "structure",
        };

        /// <summary>One to a few stacked mutations of <paramref name="parent"/>; sometimes spliced with <paramref name="other"/> first.</summary>
        public byte[] Mutate(CorpusEntry parent, CorpusEntry? other)
        {
            var data = new List<byte>(parent.Data);
            Field[] fields = parent.Fields;
            if (other != null && _r.Next(8) == 0)
            {
                Splice(data, other.Data);
                fields = Array.Empty<Field>();   // offsets no longer hold
            }
            int rounds = 1;
            while (rounds < 6 && _r.Next(2) == 0) rounds++;
            for (int i = 0; i < rounds; i++)
            {
                MutateOnce(data, fields, other);
                // After the first mutation that may move bytes, only the first field offsets stay right; keep it simple.
                if (i == 0 && _r.Next(2) == 0) fields = Array.Empty<Field>();
            }
            if (data.Count > MaxLength) data.RemoveRange(MaxLength, data.Count - MaxLength);
            return data.ToArray();
        }

        private void MutateOnce(List<byte> data, Field[] fields, CorpusEntry? other)
        {
            int op = _r.Next(14);
            if (op >= 10 && fields.Length > 0 && Structure(data, fields[_r.Next(fields.Length)], other)) return;
            if (op >= 10) op = _r.Next(10);
            if (data.Count == 0)
            {
                data.Add(s_interestingBytes[_r.Next(s_interestingBytes.Length)]);
                return;
            }
            int at = _r.Next(data.Count);
            switch (op)
            {
                case 0: data[at] ^= (byte)(1 << _r.Next(8)); break;
                case 1: data[at] = s_interestingBytes[_r.Next(s_interestingBytes.Length)]; break;
                case 2: data[at] = (byte)_r.Next(256); break;
                case 3:
                {
                    int n = 1 + _r.Next(8);
                    var bytes = new byte[n];
                    if (_r.Next(2) == 0) _r.NextBytes(bytes);
                    else for (int i = 0; i < n; i++) bytes[i] = s_interestingBytes[_r.Next(s_interestingBytes.Length)];
                    data.InsertRange(at, bytes);
                    break;
                }
                case 4: data.RemoveRange(at, Math.Min(data.Count - at, 1 + _r.Next(16))); break;
                case 5:
                {
                    int n = Math.Min(data.Count - at, 1 + _r.Next(32));
                    data.InsertRange(_r.Next(data.Count + 1), data.GetRange(at, n));
                    break;
                }
                case 6: data.RemoveRange(at, data.Count - at); break;
                case 7:
                {
                    byte[] v = s_hugeVarints[_r.Next(s_hugeVarints.Length)];
                    if (_r.Next(2) == 0) data.InsertRange(at, v);
                    else Overwrite(data, at, v);
                    break;
                }
                case 8: RepeatChunk(data, at); break;
                default: data[at] = (byte)(data[at] + _r.Next(-4, 5)); break;
            }
        }

        /// <summary>
        /// A mutation of a connection stream (docs/format.md §7.6). Most keep the framing whole, so the reader meets the change
        /// inside a message and reads on after it: one message's payload mutated as a payload is (with the fields the
        /// connection walk found in it) and its length prefix written again; or whole messages dropped, repeated, swapped,
        /// taken from <paramref name="other"/>, made first or later messages. The rest mutate the stream's bytes as they are.
        /// </summary>
        public byte[] MutateConnection(CorpusEntry parent, CorpusEntry? other)
        {
            List<(int Start, int Prefix, int End)> messages = Messages(parent.Data);
            int op = _r.Next(10);
            if (messages.Count == 0 || op < 3) return Mutate(parent, other);
            var payloads = new List<byte[]>(messages.Count);
            foreach ((int start, int prefix, int end) in messages) payloads.Add(parent.Data[(start + prefix)..end]);
            int tailStart = messages[^1].End;
            byte[] tail = parent.Data[tailStart..];
            int k = _r.Next(payloads.Count);
            if (op < 7)
            {
                // One message, mutated as a payload with the structure the connection walk found in it.
                (int start, int prefix, int end) = messages[k];
                int from = start + prefix;
                var fields = new List<Field>();
                foreach (Field f in parent.Fields)
                {
                    if (f.Offset >= from && f.Offset + f.Length <= end && f.Kind != FieldKind.MessageLength)
                        fields.Add(new Field(f.Kind, f.Offset - from, f.Length, f.Value));
                }
                CorpusEntry? donor = other == null ? null : MessageOf(other);
                payloads[k] = Mutate(new CorpusEntry(payloads[k], fields.ToArray()), donor);
            }
            else
            {
                byte[]? foreign = other == null ? null : MessageOf(other)?.Data;
                switch (_r.Next(8))
                {
                    case 0: payloads.RemoveAt(k); break;                                              // a lost message
                    case 1: payloads.Insert(_r.Next(payloads.Count + 1), payloads[k]); break;         // a repeated one
                    case 2:
                    {
                        int j = _r.Next(payloads.Count);                                               // two out of order
                        (payloads[k], payloads[j]) = (payloads[j], payloads[k]);
                        break;
                    }
                    case 3 when foreign != null: payloads[k] = foreign; break;                         // another connection's message
                    case 4 when foreign != null: payloads.Insert(k, foreign); break;
                    case 5:
                        // A first message in the middle (the writer started over), or a later one where a first was.
                        if (payloads[k].Length > 0) payloads[k][0] = (byte)((payloads[k][0] & 0x0F) | ((payloads[k][0] >> 4) == 3 ? 0x40 : 0x30));
                        break;
                    case 6: payloads.RemoveRange(0, Math.Min(payloads.Count, 1 + _r.Next(3))); break;  // joined late
                    default:
                    {
                        // The stream ends inside message k.
                        var cut = new List<byte>();
                        for (int i = 0; i < k; i++) Frame(cut, payloads[i]);
                        int from = cut.Count;
                        Frame(cut, payloads[k]);
                        int at = from + 1 + _r.Next(cut.Count - from - 1);
                        cut.RemoveRange(at, cut.Count - at);
                        return Cap(cut);
                    }
                }
            }
            var data = new List<byte>(parent.Data.Length + 64);
            foreach (byte[] p in payloads) Frame(data, p);
            data.AddRange(tail);
            return Cap(data);
        }

        private static byte[] Cap(List<byte> data)
        {
            if (data.Count > MaxLength) data.RemoveRange(MaxLength, data.Count - MaxLength);
            return data.ToArray();
        }

        /// <summary>A message: its length as the shortest varint, then the payload (an empty payload has the length 0, which is refused).</summary>
        private static void Frame(List<byte> data, byte[] payload)
        {
            data.AddRange(Varint((ulong)payload.Length));
            data.AddRange(payload);
        }

        /// <summary>The whole messages at the front of a connection stream: where each starts, its prefix's length and where it ends.</summary>
        public static List<(int Start, int Prefix, int End)> Messages(byte[] data)
        {
            var messages = new List<(int, int, int)>();
            int at = 0;
            while (at < data.Length)
            {
                int prefix = PayloadWalker.LengthPrefix(data, at, out ulong length);
                if (prefix == 0 || length == 0 || length > (ulong)(data.Length - at - prefix)) break;
                int end = at + prefix + (int)length;
                messages.Add((at, prefix, end));
                at = end;
            }
            return messages;
        }

        /// <summary>A random whole message of another connection stream, as a payload with the fields found in it.</summary>
        private CorpusEntry? MessageOf(CorpusEntry entry)
        {
            List<(int Start, int Prefix, int End)> messages = Messages(entry.Data);
            if (messages.Count == 0) return null;
            (int start, int prefix, int end) = messages[_r.Next(messages.Count)];
            int from = start + prefix;
            var fields = new List<Field>();
            foreach (Field f in entry.Fields)
            {
                if (f.Offset >= from && f.Offset + f.Length <= end && f.Kind != FieldKind.MessageLength)
                    fields.Add(new Field(f.Kind, f.Offset - from, f.Length, f.Value));
            }
            return new CorpusEntry(entry.Data[from..end], fields.ToArray());
        }

        private void Splice(List<byte> data, byte[] other)
        {
            if (other.Length == 0 || data.Count == 0) return;
            int cut = _r.Next(data.Count);
            int from = _r.Next(other.Length);
            data.RemoveRange(cut, data.Count - cut);
            data.AddRange(new ArraySegment<byte>(other, from, other.Length - from));
        }

        /// <summary>Repeats a short chunk many times in place: deep nesting, long runs of headers.</summary>
        private void RepeatChunk(List<byte> data, int at)
        {
            int len = Math.Min(data.Count - at, 1 + _r.Next(_r.Next(2) == 0 ? 4 : 24));
            int times = _r.Next(3) switch { 0 => 2 + _r.Next(16), 1 => 50 + _r.Next(200), _ => 500 + _r.Next(5000) };
            if (len * times > MaxLength) times = Math.Max(1, MaxLength / len);
            List<byte> chunk = data.GetRange(at, len);
            var repeated = new List<byte>(len * times);
            for (int i = 0; i < times; i++) repeated.AddRange(chunk);
            data.InsertRange(at, repeated);
        }

        private static void Overwrite(List<byte> data, int at, byte[] bytes)
        {
            for (int i = 0; i < bytes.Length; i++)
            {
                if (at + i < data.Count) data[at + i] = bytes[i];
                else data.Add(bytes[i]);
            }
        }

        /// <summary>Replaces the bytes of <paramref name="f"/> with <paramref name="bytes"/> (the input may grow or shrink).</summary>
        private static void Replace(List<byte> data, Field f, byte[] bytes)
        {
            if (f.Offset + f.Length > data.Count) return;
            data.RemoveRange(f.Offset, f.Length);
            data.InsertRange(f.Offset, bytes);
        }

        public static byte[] Varint(ulong v)
        {
            var b = new List<byte>(10);
            while (v >= 0x80)
            {
                b.Add((byte)(v | 0x80));
                v >>= 7;
            }
            b.Add((byte)v);
            return b.ToArray();
        }

        private ulong NearOrHuge(ulong v) => _r.Next(12) switch
        {
            0 => v + 1,
            1 => v - 1,
            2 => 0,
            3 => 1,
            4 => v * 2 + 1,
            5 => v + (ulong)(uint)_r.Next(2, 64),
            6 => 1UL << 31,
            7 => 1UL << 32,
            8 => 1UL << 63,
            9 => ulong.MaxValue,
            10 => int.MaxValue,
            _ => (ulong)(uint)_r.Next(0, 300),
        };

        /// <summary>A structure-aware change of one field; false if it did not apply.</summary>
        private bool Structure(List<byte> data, Field f, CorpusEntry? other)
        {
            if (f.Offset + f.Length > data.Count) return false;
            switch (f.Kind)
            {
                case FieldKind.PayloadHeader:
                {
                    // Mostly version 1; sometimes 2, or a connection message's 3 and 4 (refused by the single-payload
                    // readers; in a connection, a first message in the middle or a later one at the start).
                    int version = _r.Next(8) switch { 0 => 2, 1 => 3, 2 => 4, _ => 1 };
                    data[f.Offset] = (byte)((version << 4) | (_r.Next(2) << 3) | _r.Next(8));
                    return true;
                }
                case FieldKind.ObjectHeader:
                {
                    ulong h = f.Value;
                    ulong next = _r.Next(4) switch
                    {
                        0 => (h & ~3UL) | (ulong)(uint)_r.Next(4),      // the low bits: inline struct, shape reference, definition, back-reference
                        1 => h + 4,                               // the next shape / object id
                        2 => h >= 4 ? h - 4 : 0,
                        _ => ((ulong)(uint)_r.Next(8) << 2) | 3,        // a back-reference
                    };
                    Replace(data, f, Varint(next));
                    return true;
                }
                case FieldKind.ShapeCount:
                    Replace(data, f, Varint(_r.Next(3) switch { 0 => f.Value ^ 1, 1 => f.Value + 2, _ => (ulong)(_r.Next(2) == 0 ? 129 : 130) }));
                    return true;
                case FieldKind.TypeTag:
                {
                    ulong tag = other != null && _r.Next(3) != 0 ? PickField(other, FieldKind.TypeTag) ?? f.Value : (ulong)(uint)_r.Next() ^ f.Value;
                    Replace(data, f, Varint(tag));
                    return true;
                }
                case FieldKind.MemberTag:
                {
                    ushort t = (ushort)f.Value;
                    t = _r.Next(3) switch
                    {
                        0 => (ushort)((t & ~7) | _r.Next(8)),                    // another wire type, same key
                        1 => (ushort)(other != null ? PickField(other, FieldKind.MemberTag) ?? t : t),
                        _ => (ushort)_r.Next(65536),
                    };
                    data[f.Offset] = (byte)t;
                    data[f.Offset + 1] = (byte)(t >> 8);
                    return true;
                }
                case FieldKind.Presence:
                    Replace(data, f, Varint(_r.Next(3) switch { 0 => f.Value ^ (1UL << _r.Next(64)), 1 => ulong.MaxValue, _ => 0 }));
                    return true;
                case FieldKind.SequenceCount:
                case FieldKind.MapCount:
                case FieldKind.BytesLength:
                case FieldKind.Rank:
                case FieldKind.DimensionLength:
                case FieldKind.Varint:
                case FieldKind.MessageLength:
                    Replace(data, f, Varint(NearOrHuge(f.Value)));
                    return true;
                case FieldKind.SequenceDescriptor:
                    data[f.Offset] = _r.Next(5) switch
                    {
                        0 => (byte)(0x80 | _r.Next(14)),
                        1 => 0x25,
                        2 => (byte)(f.Value ^ (1UL << _r.Next(7))),
                        3 => (byte)_r.Next(256),
                        _ => (byte)((f.Value & ~7UL) | (ulong)(uint)_r.Next(8)),
                    };
                    return true;
                case FieldKind.MapDescriptor:
                    data[f.Offset] = _r.Next(3) switch
                    {
                        0 => (byte)(f.Value ^ 0x80),
                        1 => (byte)((f.Value & 0xF8) | (ulong)(uint)_r.Next(8)),
                        _ => (byte)((f.Value & 0x8F) | ((ulong)(uint)_r.Next(8) << 4)),
                    };
                    return true;
                case FieldKind.RowCode:
                    data[f.Offset] = (byte)_r.Next(14);
                    return true;
                case FieldKind.PresenceByte:
                    data[f.Offset] = (byte)_r.Next(3);
                    return true;
                case FieldKind.BytesContent:
                {
                    // Ill-formed UTF-8 or a different length of text.
                    int at = f.Offset + _r.Next(f.Length);
                    byte[] bad = _r.Next(4) switch { 0 => new byte[] { 0xC0 }, 1 => new byte[] { 0xED, 0xA0, 0x80 }, 2 => new byte[] { 0xFF }, _ => new byte[] { (byte)'9', (byte)' ' } };
                    Overwrite(data, at, bad);
                    return true;
                }
                case FieldKind.Fixed:
                {
                    int at = f.Offset + _r.Next(f.Length);
                    data[at] = _r.Next(2) == 0 ? (byte)0xFF : (byte)(data[at] ^ 0xC0);
                    return true;
                }
            }
            return false;
        }

        private ulong? PickField(CorpusEntry entry, FieldKind kind)
        {
            Field[] fs = entry.Fields;
            if (fs.Length == 0) return null;
            int start = _r.Next(fs.Length);
            for (int i = 0; i < fs.Length; i++)
            {
                Field f = fs[(start + i) % fs.Length];
                if (f.Kind == kind) return f.Value;
            }
            return null;
        }
    }
}
