using System;
using Amber.Streaming;

namespace Amber
{
    /// <summary>
    /// Settings for one serialization call. Immutable: build one with an object initializer and
    /// reuse it; <see cref="Default"/> is used when none is given.
    /// </summary>
    public sealed class AmberOptions
    {
        /// <summary>The options used when a call passes none.</summary>
        public static AmberOptions Default { get; } = new AmberOptions();

        private readonly int _maxDepth = 64;
        private readonly int _maxCollectionLength = 1 << 26;
        private readonly int _maxStringLength = 1 << 28;
        private readonly long _maxInputBytes = 1L << 30;
        private readonly int _maxFrameBytes = 64 << 20;
        private readonly int _maxConnectionShapes = 4096;
        private readonly int _maxConnectionShapeBytes = 1 << 20;

        /// <summary>
        /// The depth up to which readers and writers only count levels; deeper, every level also checks
        /// that the thread's stack has room for it. The default MaxDepth, so default calls never pay for the check.
        /// </summary>
        internal const int StackCheckDepth = 64;

        /// <summary>
        /// Keeps object identity (docs/format.md §7.2): an object or string referenced from several
        /// places is written once and read back as one instance, and cycles round-trip. Off by default
        /// (it costs a dictionary lookup per object); a type marked [AmberPreserveReferences] turns it
        /// on for every payload that can contain it.
        /// </summary>
        public bool PreserveReferences { get; init; }

        /// <summary>
        /// What reading does with a type tag this program does not know, in a polymorphic or
        /// <c>object</c> member (data written by a newer version with a new derived type). Default:
        /// <see cref="AmberUnknownTypeHandling.Throw"/>.
        /// </summary>
        public AmberUnknownTypeHandling UnknownTypes { get; init; }

        /// <summary>
        /// The deepest nesting of objects and collections that is written or read (default 64).
        /// A cycle in an object graph fails with an <see cref="AmberException"/> at this depth
        /// instead of overflowing the stack.
        /// </summary>
        public int MaxDepth
        {
            get => _maxDepth;
            init
            {
                if (value < 1 || value > 10_000) throw new ArgumentOutOfRangeException(nameof(MaxDepth), value, "MaxDepth must be between 1 and 10000.");
                _maxDepth = value;
            }
        }

        /// <summary>
        /// Hashes the keys of dictionaries and sets that reading creates with a per-process secret key
        /// (SipHash-1-3), so input crafted to put every key in one hash bucket (hash flooding) cannot make
        /// reading quadratic. Covers integer, enum, char, bool, Guid, TimeSpan and DateTime keys, and
        /// strings where the runtime does not randomize them itself (docs/security.md). Off by default:
        /// turn it on for untrusted input; the dictionaries it creates keep the hardened comparer.
        /// </summary>
        public bool HardenedKeyHashing { get; init; }

        /// <summary>
        /// The most elements (or dictionary pairs) one collection may claim when reading (default
        /// 67,108,864). Every length is also checked against the bytes left in the input before
        /// anything is allocated for it, so this limit matters most for inputs that are themselves large.
        /// </summary>
        public int MaxCollectionLength
        {
            get => _maxCollectionLength;
            init => _maxCollectionLength = AtLeast(value, 0, nameof(MaxCollectionLength));
        }

        /// <summary>The longest string, byte array or other Bytes value that is read, in bytes (default 268,435,456).</summary>
        public int MaxStringLength
        {
            get => _maxStringLength;
            init => _maxStringLength = AtLeast(value, 0, nameof(MaxStringLength));
        }

        /// <summary>
        /// The largest body of one frame of a chunked stream (<see cref="AmberStream"/>), after
        /// decompression, and the largest stored (compressed) body (default 64 MiB). Checked against
        /// the frame header before anything is read or decompressed, so a crafted frame cannot make
        /// reading allocate or inflate more than this.
        /// </summary>
        public int MaxDecompressedBytes
        {
            get => _maxFrameBytes;
            init => _maxFrameBytes = AtLeast(value, 1, nameof(MaxDecompressedBytes));
        }

        /// <summary>
        /// The most shape definitions an <see cref="AmberMessageReader"/> keeps for one connection (default 4,096;
        /// docs/format.md §7.6). A connection defines each shape once and its later messages refer to it, so the reader
        /// keeps them until the connection ends; a definition past this limit is refused as it arrives. An
        /// <see cref="AmberMessageWriter"/> with the same options starts its definitions anew (its next message is a
        /// connection's first) before it would pass half of it.
        /// </summary>
        public int MaxConnectionShapes
        {
            get => _maxConnectionShapes;
            init => _maxConnectionShapes = AtLeast(value, 1, nameof(MaxConnectionShapes));
        }

        /// <summary>
        /// The most bytes of shape definitions an <see cref="AmberMessageReader"/> keeps for one connection (default 1 MiB,
        /// counted as on the wire: headers, member tags, name hashes and codes). Checked as each definition arrives; a
        /// writer with the same options starts anew before it would pass half of it.
        /// </summary>
        public int MaxConnectionShapeBytes
        {
            get => _maxConnectionShapeBytes;
            init => _maxConnectionShapeBytes = AtLeast(value, 1, nameof(MaxConnectionShapeBytes));
        }

        /// <summary>
        /// The largest input one call reads, in bytes (default 1 GiB). A stream is read no further than
        /// this; a longer span or sequence is refused before reading starts.
        /// </summary>
        public long MaxInputBytes
        {
            get => _maxInputBytes;
            init => _maxInputBytes = AtLeast(value, 1, nameof(MaxInputBytes));
        }

        /// <summary>A limit's value, checked against its least allowed value; the message names the option.</summary>
        private static int AtLeast(int value, int least, string name) =>
            value >= least ? value : throw new ArgumentOutOfRangeException(name, value, Minimum(name, least));

        private static long AtLeast(long value, int least, string name) =>
            value >= least ? value : throw new ArgumentOutOfRangeException(name, value, Minimum(name, least));

        private static string Minimum(string name, int least) =>
            least == 0 ? name + " cannot be negative." : name + " must be at least " + least + ".";
    }
}
