using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Engine
{
    /// <summary>One input kept for mutation, with its structure annotations (computed once).</summary>
    public sealed class CorpusEntry
    {
        private Field[]? _fields;

        public CorpusEntry(byte[] data, bool isSeed)
        {
            Data = data;
            IsSeed = isSeed;
        }

        public byte[] Data { get; }

        public bool IsSeed { get; }

        public Field[] Fields => _fields ??= PayloadWalker.Walk(Data);
    }

    /// <summary>
    /// The inputs of one target: the seeds, and every input that produced a behaviour signature not
    /// seen before. Capped; when full, a new entry replaces a random non-seed one.
    /// </summary>
    public sealed class Corpus
    {
        private readonly List<CorpusEntry> _entries = new List<CorpusEntry>();
        private readonly int _capacity;

        public Corpus(int capacity) => _capacity = capacity;

        public int Count => _entries.Count;

        public void Add(byte[] data, bool isSeed, Random r)
        {
            var entry = new CorpusEntry(data, isSeed);
            if (_entries.Count < _capacity)
            {
                _entries.Add(entry);
                return;
            }
            for (int attempt = 0; attempt < 8; attempt++)
            {
                int i = r.Next(_entries.Count);
                if (!_entries[i].IsSeed)
                {
                    _entries[i] = entry;
                    return;
                }
            }
        }

        /// <summary>A parent: uniformly, or among the newest entries (recent discoveries are explored more).</summary>
        public CorpusEntry Pick(Random r)
        {
            if (r.Next(3) == 0)
            {
                int recent = Math.Max(1, _entries.Count / 8);
                return _entries[_entries.Count - 1 - r.Next(recent)];
            }
            return _entries[r.Next(_entries.Count)];
        }
    }
}
