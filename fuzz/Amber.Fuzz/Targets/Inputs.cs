using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// How one execution hands the input to its entry point: the segment lengths of a sequence, or
    /// the longest read a stream returns. Chosen at random per execution and kept with a finding,
    /// so the exact call can be replayed.
    /// </summary>
    public sealed class Delivery
    {
        private Delivery(int[]? segments, int maxRead, int options, bool incremental = false)
        {
            Segments = segments;
            MaxRead = maxRead;
            OptionsIndex = options;
            Incremental = incremental;
        }

        /// <summary>
        /// The reader options an execution may use: the defaults, each unknown-type fallback (they take
        /// the skip paths of format §7.1), a shallow depth limit (the depth checks fire everywhere) and the
        /// deepest one allowed (only the stack limits nesting then).
        /// Reference mode needs no option on the reading side: the payload header says so, and the
        /// seeds include payloads written with <c>PreserveReferences</c>.
        /// </summary>
        public static readonly (string Name, AmberOptions? Options)[] OptionSets =
        {
            ("default", null),
            ("unknown-null", new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.Null }),
            ("unknown-declared", new AmberOptions { UnknownTypes = AmberUnknownTypeHandling.DeclaredType }),
            ("depth-5", new AmberOptions { MaxDepth = 5 }),
            ("depth-10000", new AmberOptions { MaxDepth = 10_000 }),
            // Only for the connection target (EntryPoint.Connection): limits the seeds' writers did not have, so definitions
            // are refused as they arrive (format §7.6, "Bounded") and the reader rolls the message back.
            ("connection-12-shapes", new AmberOptions { MaxConnectionShapes = 12 }),
            ("connection-600-bytes", new AmberOptions { MaxConnectionShapeBytes = 600 }),
        };

        /// <summary>The option sets every entry point may use; the ones after them are the connection target's own.</summary>
        private const int CommonOptionSets = 5;

        /// <summary>Index into <see cref="OptionSets"/>.</summary>
        public int OptionsIndex { get; }

        public AmberOptions? Options => OptionSets[OptionsIndex].Options;

        /// <summary>The same delivery with other options (for replay).</summary>
        public Delivery WithOptions(int index) => new Delivery(Segments, MaxRead, index, Incremental);

        /// <summary>
        /// <see cref="EntryPoint.Connection"/>: the segments arrive one at a time, as from a socket, and the reader is called after
        /// each (a message cut by an arrival is first found incomplete, then read whole).
        /// </summary>
        public bool Incremental { get; }

        /// <summary>Where each segment ends: the arrivals of an incremental delivery.</summary>
        public static long[] Ends(int[] segments)
        {
            var ends = new long[segments.Length];
            long at = 0;
            for (int i = 0; i < segments.Length; i++) ends[i] = at += segments[i];
            return ends;
        }

        /// <summary>
        /// The longest segment of <see cref="EntryPoint.Checked"/>. A generated reader takes a window only where its span holds
        /// the window's bytes and the 7 bytes of slack its 8-byte loads need (AmberWindow.Slack), so no window fits in a segment
        /// this short and every member is read by the checked path.
        /// </summary>
        public const int MaxCheckedSegment = 7;

        /// <summary>Segment lengths for <see cref="EntryPoint.Sequence"/> and <see cref="EntryPoint.Checked"/> (they add up to the input length).</summary>
        public int[]? Segments { get; }

        /// <summary>The most bytes one stream read returns (<see cref="EntryPoint.Stream"/>, <see cref="EntryPoint.StreamAsync"/>).</summary>
        public int MaxRead { get; }

        public static readonly Delivery Whole = new Delivery(null, int.MaxValue, 0);

        public static Delivery Choose(EntryPoint entry, int length, Random r)
        {
            int options = r.Next(2) == 0 ? 0 : r.Next(entry == EntryPoint.Connection ? OptionSets.Length : CommonOptionSets);
            switch (entry)
            {
                case EntryPoint.Connection when r.Next(4) == 0:
                    return new Delivery(null, int.MaxValue, options);
                case EntryPoint.Sequence:
                case EntryPoint.Connection:
                {
                    var segs = new List<int>();
                    int mode = r.Next(4);   // 1-byte segments, tiny, medium, or a few big cuts
                    int left = length;
                    while (left > 0)
                    {
                        int n = mode switch
                        {
                            0 => 1,
                            1 => 1 + r.Next(4),
                            2 => 1 + r.Next(32),
                            _ => 1 + r.Next(Math.Max(1, length / 2)),
                        };
                        if (r.Next(16) == 0 && segs.Count > 0) n = 0;   // empty segments are legal too
                        n = Math.Min(n, left);
                        segs.Add(n);
                        left -= n;
                    }
                    return new Delivery(segs.ToArray(), 0, options, entry == EntryPoint.Connection && r.Next(2) == 0);
                }
                case EntryPoint.Checked:
                {
                    var segs = new List<int>();
                    bool ones = r.Next(4) == 0;
                    for (int left = length; left > 0;)
                    {
                        int n = Math.Min(left, ones ? 1 : 1 + r.Next(MaxCheckedSegment));
                        segs.Add(n);
                        left -= n;
                    }
                    return new Delivery(segs.ToArray(), 0, options);
                }
                case EntryPoint.Stream:
                case EntryPoint.StreamAsync:
                    return new Delivery(null, r.Next(3) switch { 0 => 1, 1 => 1 + r.Next(100), _ => int.MaxValue }, options);
                default:
                    return new Delivery(null, int.MaxValue, options);
            }
        }

        public static ReadOnlySequence<byte> BuildSequence(byte[] input, int[] segments)
        {
            if (segments.Length == 0) return new ReadOnlySequence<byte>(input);
            Segment first = new Segment(new ReadOnlyMemory<byte>(input, 0, segments[0]), 0);
            Segment last = first;
            int at = segments[0];
            for (int i = 1; i < segments.Length; i++)
            {
                last = last.Append(new ReadOnlyMemory<byte>(input, at, segments[i]));
                at += segments[i];
            }
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        public override string ToString() => Describe(16);

        /// <summary>The delivery, listing at most <paramref name="maxSegments"/> segment lengths.</summary>
        public string Describe(int maxSegments = int.MaxValue)
        {
            string how = Segments != null
                ? $"{Segments.Length} segments " + string.Join(",", Segments.Take(maxSegments)) + (Segments.Length > maxSegments ? ",…" : "") + (Incremental ? " arriving one by one" : "")
                : MaxRead == int.MaxValue ? "whole" : "stream reads of at most " + MaxRead + " byte(s)";
            return how + ", options " + OptionSets[OptionsIndex].Name;
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }

    /// <summary>A read-only stream over a byte array that returns at most <c>maxRead</c> bytes per read, synchronously (also from ReadAsync).</summary>
    public sealed class ShortReadStream : Stream
    {
        private readonly byte[] _data;
        private readonly int _maxRead;
        private int _pos;

        public ShortReadStream(byte[] data, int maxRead)
        {
            _data = data;
            _maxRead = maxRead;
        }

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => _pos; set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            int n = Math.Min(Math.Min(buffer.Length, _maxRead), _data.Length - _pos);
            _data.AsSpan(_pos, n).CopyTo(buffer);
            _pos += n;
            return n;
        }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            new ValueTask<int>(Read(buffer.Span));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            Task.FromResult(Read(buffer.AsSpan(offset, count)));

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
