using System;

namespace Amber.Internal
{
    /// <summary>A writer shape mapped to a reader's: per writer member the reader member (or -1), and the writer's tags.</summary>
    internal sealed class WriterMap
    {
        public WriterMap(int[] members, ushort[] tags, uint[]? hashes = null)
        {
            Members = members;
            Tags = tags;
            Hashes = hashes;
        }

        /// <summary>Per writer member, the name hash its definition carried (format §5: only members whose key repeats), else 0; null when none did.</summary>
        public uint[]? Hashes { get; }

        public int[] Members { get; }

        public ushort[] Tags { get; }
    }
}
