using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>How the rows of a rows sequence (docs/format.md §6.1) relate to the reader's struct.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct RowsMatch
    {
        internal RowsMatch(bool identical, int[]? map, byte[] writerCodes, int count, int rowWidth, Internal.ReaderState.Entry? entry = null)
        {
            Entry = entry;
            Identical = identical;
            Map = map;
            WriterCodes = writerCodes;
            Count = count;
            RowWidth = rowWidth;
        }

        /// <summary>Same members, same order, same codes: each row is exactly the reader's own row.</summary>
        public bool Identical { get; }

        /// <summary>Writer member → reader member, or null when the tags are identical (codes may still differ).</summary>
        public int[]? Map { get; }

        /// <summary>The writer's code for each of its members.</summary>
        public byte[] WriterCodes { get; }

        /// <summary>The number of members in the writer's rows.</summary>
        public int Count { get; }

        /// <summary>Bytes per row.</summary>
        public int RowWidth { get; }

        /// <summary>The writer's definition (its tags and name hashes), for keeping the members a reader lacks.</summary>
        internal Internal.ReaderState.Entry? Entry { get; }
    }
}
