using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;

namespace Amber.Streaming
{
    /// <summary>The frame layout of docs/format.md §7.4.</summary>
    internal static class FrameFormat
    {
        public static ReadOnlySpan<byte> Magic => new byte[] { 0x41, 0x4D, 0x42, 0x53 };   // "AMBS"
        public const byte Version = 1;
        public const int StartLength = 5;
        public const int HeaderLength = 17;       // flags, count, raw length, stored length, checksum
        public const int CheckedHeaderLength = 13; // the part the checksum's seed covers
        public const byte EndFlag = 0x80;
        public const int EndLength = 17;          // flags, total items u64, frame count u32, checksum

        public static uint Checksum(ReadOnlySpan<byte> header, SegmentedBuffer body)
        {
            var h = new XxHash32(XxHash32.Hash(header.Slice(0, CheckedHeaderLength)));
            foreach (ReadOnlyMemory<byte> block in body.Blocks()) h.Append(block.Span);
            return h.Finish();
        }
    }
}
