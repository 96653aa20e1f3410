using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using Amber.Fuzz.Engine;

namespace Amber.Fuzz.Afl
{
    /// <summary>
    /// Makes a mutated input's integrity fields agree with its bytes again, so that afl-fuzz's mutations reach the items
    /// inside frames and messages instead of dying at a checksum or a length.
    /// <list type="bullet">
    /// <item><see cref="Stream"/>: a chunked stream (docs/format.md §7.4, also a snapshot file) frame by frame — each frame's
    /// <c>storedLength</c> (where it no longer lands on a frame boundary), its <c>rawLength</c> (uncompressed frames), its
    /// checksum; the end frame's totals and checksum.</item>
    /// <item><see cref="Messages"/>: length-prefixed messages (§7.5, or a connection's, §7.6) — each length prefix rewritten
    /// to where <see cref="PayloadWalker"/>, reading by the format alone, finds the payload's end.</item>
    /// </list>
    /// <see cref="ReadsAsIs"/> picks the inputs that stay as they are (one in eight, by a hash of the bytes), so the checks
    /// themselves stay fuzzed. Everything here is a function of the input alone: the same input takes the same path.
    /// </summary>
    public static class Resealer
    {
        private const int StartLength = 5;     // "AMBS", version
        private const int HeaderLength = 17;   // flags, count, rawLength, storedLength, checksum
        private const int CheckedLength = 13;  // the header bytes the checksum's seed covers
        private const byte EndFlag = 0x80;

        /// <summary>
        /// True for the inputs read as they are, unsealed: those whose FNV-1a hash has its low three bits clear (one in eight).
        /// A hash, not a flag byte, so that an input stays a stream a reader can be given as it is (seeds, findings).
        /// </summary>
        public static bool ReadsAsIs(ReadOnlySpan<byte> input)
        {
            uint hash = 2166136261;
            foreach (byte b in input) hash = (hash ^ b) * 16777619;
            return (hash & 7) == 0;
        }

        /// <summary>The input re-sealed by <see cref="Stream"/>, or as it is when <see cref="ReadsAsIs"/> says so.</summary>
        public static byte[] StreamUnlessAsIs(byte[] input) => ReadsAsIs(input) ? input : Stream(input);

        /// <summary>The input re-sealed by <see cref="Messages"/>, or as it is when <see cref="ReadsAsIs"/> says so.</summary>
        public static byte[] MessagesUnlessAsIs(byte[] input, bool connection) => ReadsAsIs(input) ? input : Messages(input, connection);

        /// <summary>
        /// A chunked stream with every frame's checksum recomputed over its stored bytes. A frame's body is
        /// <c>storedLength</c> bytes when that lands on a frame boundary (the end of the input, an end frame that ends it, a
        /// frame whose checksum verifies, or a plausible header whose own length leads to one, two frames deep); else it runs
        /// to the first later offset that is a boundary (one frame deep), else to the end of the input. <c>storedLength</c> is set to the body
        /// found, <c>rawLength</c> too when the frame is stored uncompressed; <c>count</c> and the flags stay as they are
        /// (the reader checks them against the body). The end frame's item total and frame count become the sums of the
        /// frames before it. Not a stream (no magic), a header cut short, and bytes after the end frame stay as they are.
        /// </summary>
        public static byte[] Stream(byte[] input)
        {
            if (input.Length < StartLength || !input.AsSpan(0, 4).SequenceEqual("AMBS"u8)) return input;
            var output = new MemoryStream(input.Length);
            output.Write(input, 0, StartLength);
            int p = StartLength;
            uint frames = 0;
            ulong items = 0;
            Span<byte> header = stackalloc byte[HeaderLength];
            while (p < input.Length)
            {
                int remaining = input.Length - p;
                if (remaining < HeaderLength)
                {
                    output.Write(input, p, remaining);
                    break;
                }
                input.AsSpan(p, HeaderLength).CopyTo(header);
                if (header[0] == EndFlag)
                {
                    BinaryPrimitives.WriteUInt64LittleEndian(header.Slice(1), items);
                    BinaryPrimitives.WriteUInt32LittleEndian(header.Slice(9), frames);
                    BinaryPrimitives.WriteUInt32LittleEndian(header.Slice(CheckedLength), Xxh32.Hash(header.Slice(0, CheckedLength), 0));
                    output.Write(header);
                    output.Write(input, p + HeaderLength, remaining - HeaderLength);
                    break;
                }
                int bodyStart = p + HeaderLength;
                int body = BodyLength(input, bodyStart, BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(9)));
                BinaryPrimitives.WriteUInt32LittleEndian(header.Slice(9), (uint)body);
                if ((header[0] & 0x0F) == 0) BinaryPrimitives.WriteUInt32LittleEndian(header.Slice(5), (uint)body);
                ReadOnlySpan<byte> stored = input.AsSpan(bodyStart, body);
                BinaryPrimitives.WriteUInt32LittleEndian(header.Slice(CheckedLength), Checksum(header, stored));
                output.Write(header);
                output.Write(stored);
                frames++;
                items += BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(1));
                p = bodyStart + body;
            }
            return output.ToArray();
        }

        /// <summary>A frame's checksum (§7.4): XXH32 of the stored bytes, seeded with the XXH32 of the header's first 13 bytes.</summary>
        public static uint Checksum(ReadOnlySpan<byte> header, ReadOnlySpan<byte> stored) =>
            Xxh32.Hash(stored, Xxh32.Hash(header.Slice(0, CheckedLength), 0));

        private static int BodyLength(byte[] input, int bodyStart, uint declared)
        {
            int available = input.Length - bodyStart;
            if (declared <= (uint)available && FrameBoundary(input, bodyStart + (int)declared, 2)) return (int)declared;
            for (int q = bodyStart; q < input.Length; q++)
            {
                if (FrameBoundary(input, q, 1)) return q - bodyStart;
            }
            return available;
        }

        /// <summary>
        /// Whether a frame can end at <paramref name="at"/>: the input ends there, or an end frame that ends the input starts
        /// there, or a frame whose checksum verifies, or (up to <paramref name="lookahead"/> frames deep) a frame header whose
        /// reserved bits are clear, whose count is not 0 and whose <c>storedLength</c> leads to such a boundary in turn.
        /// </summary>
        private static bool FrameBoundary(byte[] input, int at, int lookahead)
        {
            int remaining = input.Length - at;
            if (remaining == 0) return true;
            if (input[at] == EndFlag) return remaining == HeaderLength;
            if (remaining < HeaderLength || (input[at] & 0xF0) != 0) return false;
            ReadOnlySpan<byte> header = input.AsSpan(at, HeaderLength);
            uint stored = BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(9));
            if (BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(1)) == 0 || stored > (uint)(remaining - HeaderLength)) return false;
            if (Checksum(header, input.AsSpan(at + HeaderLength, (int)stored)) == BinaryPrimitives.ReadUInt32LittleEndian(header.Slice(CheckedLength))) return true;
            return lookahead > 0 && FrameBoundary(input, at + HeaderLength + (int)stored, lookahead - 1);
        }

        /// <summary>
        /// Length-prefixed messages with each prefix rewritten, as the shortest varint, to the length of the payload that
        /// <see cref="PayloadWalker.Messages"/> finds behind it (a connection's messages with the shapes of the messages before,
        /// <paramref name="connection"/>). A message the walk cannot read keeps its prefix; the bytes after the last prefix
        /// the walk could read stay as they are.
        /// </summary>
        public static byte[] Messages(byte[] input, bool connection)
        {
            List<FramedMessage> messages = PayloadWalker.Messages(input, connection);
            var output = new MemoryStream(input.Length + 8);
            Span<byte> prefix = stackalloc byte[10];
            int p = 0;
            foreach (FramedMessage m in messages)
            {
                int start = m.At + m.PrefixLength;
                int end;
                if (m.WalkedEnd >= 0)
                {
                    end = m.WalkedEnd;
                    output.Write(prefix.Slice(0, WriteVarint(prefix, (ulong)(end - start))));
                }
                else
                {
                    end = m.DeclaredLength > (ulong)(input.Length - start) ? input.Length : start + (int)m.DeclaredLength;
                    output.Write(input, m.At, m.PrefixLength);
                }
                output.Write(input, start, end - start);
                p = end;
            }
            output.Write(input, p, input.Length - p);
            return output.ToArray();
        }

        private static int WriteVarint(Span<byte> destination, ulong value)
        {
            int n = 0;
            while (value >= 0x80)
            {
                destination[n++] = (byte)(value | 0x80);
                value >>= 7;
            }
            destination[n++] = (byte)value;
            return n;
        }
    }
}
