using System;

namespace Amber
{
    /// <summary>A writer shape mapped to a reader's: per writer member the reader member (or -1), and the writer's tags.</summary>
    internal sealed class WriterMap
    {
        public WriterMap(int[] members, ushort[] tags)
        {
            Members = members;
            Tags = tags;
        }

        public int[] Members { get; }

        public ushort[] Tags { get; }
    }
}
