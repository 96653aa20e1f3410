#if NET8_0_OR_GREATER
using System;
using System.Collections.Generic;
using System.Linq;

namespace Amber.Inspection
{
    /// <summary>What one payload (or a whole stream) holds: objects and bytes per type.</summary>
    public sealed class AmberPayloadStats
    {
        internal AmberPayloadStats(long totalBytes, long items, IReadOnlyList<AmberTypeStats> types)
        {
            TotalBytes = totalBytes;
            Items = items;
            Types = types;
        }

        /// <summary>The bytes looked at: the payload, or the stream's frame bodies after decompression.</summary>
        public long TotalBytes { get; }

        /// <summary>The number of root values: 1 for a payload, the item count for a stream.</summary>
        public long Items { get; }

        /// <summary>One row per type of object met, most bytes first.</summary>
        public IReadOnlyList<AmberTypeStats> Types { get; }
    }

    /// <summary>How many objects of one type a payload holds and the bytes they take.</summary>
    public sealed class AmberTypeStats
    {
        internal AmberTypeStats(string typeName, long count, long bytes, long members)
        {
            TypeName = typeName;
            Count = count;
            Bytes = bytes;
            Members = members;
        }

        /// <summary>
        /// The type's C# name when it is known (from the type asked for, or a type tag of a loaded assembly's
        /// generated code); otherwise its tag (<c>#1A2B3C4D</c>) or, for an untyped shape, <c>shape N (k members)</c>.
        /// </summary>
        public string TypeName { get; }

        /// <summary>The number of objects (back-references not counted).</summary>
        public long Count { get; }

        /// <summary>
        /// The bytes of these objects themselves: headers, shape definitions, presence and member values,
        /// without the nested objects (whose bytes count for their own type). So the rows add up to the payload.
        /// </summary>
        public long Bytes { get; }

        /// <summary>The present members written, over all these objects.</summary>
        public long Members { get; }
    }
}

namespace Amber.Inspection
{
    /// <summary>Collects <see cref="AmberPayloadStats"/> while a payload is walked.</summary>
    internal sealed class PayloadStatsBuilder
    {
        private sealed class Row
        {
            public long Count;
            public long Bytes;
            public long Members;
        }

        private readonly Dictionary<string, Row> _rows = new Dictionary<string, Row>(StringComparer.Ordinal);

        public long TotalBytes { get; set; }

        public long Items { get; set; }

        /// <summary>Bytes of the payload that belong to no object (the header, a root collection's framing, scalars at the root).</summary>
        public long OtherBytes { get; set; }

        /// <summary>Adds <paramref name="count"/> objects of a type, their own bytes and their present members.</summary>
        public void Add(string typeName, long count, long selfBytes, long members)
        {
            if (!_rows.TryGetValue(typeName, out Row? row)) _rows.Add(typeName, row = new Row());
            row.Count += count;
            row.Bytes += selfBytes;
            row.Members += members;
        }

        public AmberPayloadStats Build()
        {
            var types = _rows.Select(kv => new AmberTypeStats(kv.Key, kv.Value.Count, kv.Value.Bytes, kv.Value.Members))
                .OrderByDescending(t => t.Bytes).ThenBy(t => t.TypeName, StringComparer.Ordinal).ToList();
            if (OtherBytes > 0) types.Add(new AmberTypeStats("(outside objects)", 0, OtherBytes, 0));
            return new AmberPayloadStats(TotalBytes, Items, types);
        }
    }
}
#endif
