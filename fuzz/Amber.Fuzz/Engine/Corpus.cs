using System;
using System.Collections.Generic;

namespace Amber.Fuzz.Engine
{
    /// <summary>One input kept for mutation, with its structure annotations (computed once).</summary>
    public sealed class CorpusEntry
    {
        private Field[]? _fields;
        private readonly bool _connection;

        public CorpusEntry(byte[] data, bool isSeed, bool connection = false)
        {
            Data = data;
            IsSeed = isSeed;
            _connection = connection;
        }

        /// <summary>An entry whose structure is already known (one message of a connection, walked with the shapes before it).</summary>
        public CorpusEntry(byte[] data, Field[] fields)
        {
            Data = data;
            _fields = fields;
        }

        public byte[] Data { get; }

        public bool IsSeed { get; }

        /// <summary>The input's structure: a payload's, or a connection stream's message by message (<see cref="PayloadWalker.Walk(byte[], bool)"/>).</summary>
        public Field[] Fields => _fields ??= PayloadWalker.Walk(Data, _connection);
    }

    /// <summary>
    /// The inputs of one target: the seeds, and every input that produced a behaviour signature not
    /// seen before. Capped; when full, a new entry replaces a random non-seed one.
    /// </summary>
    public sealed class Corpus
    {
        private readonly List<CorpusEntry> _entries = new List<CorpusEntry>();
        private readonly List<CorpusEntry> _successes = new List<CorpusEntry>();   // the entries that read, for Pick(preferSuccess)
        private readonly int _capacity;
        private readonly bool _connection;

        /// <param name="capacity">Entries kept at most.</param>
        /// <param name="connection">The entries are connection streams (the connection target), not payloads.</param>
        public Corpus(int capacity, bool connection = false)
        {
            _capacity = capacity;
            _connection = connection;
        }

        public int Count => _entries.Count;

        /// <param name="data">The input.</param>
        /// <param name="isSeed">A seed is never replaced.</param>
        /// <param name="r">Picks the entry a new one replaces when the corpus is full.</param>
        /// <param name="success">The input read: it is also among the entries <see cref="Pick(Random, bool)"/> may prefer.</param>
        public void Add(byte[] data, bool isSeed, Random r, bool success = false)
        {
            var entry = new CorpusEntry(data, isSeed, _connection);
            if (success) Insert(_successes, entry, r);
            Insert(_entries, entry, r);
        }

        private void Insert(List<CorpusEntry> entries, CorpusEntry entry, Random r)
        {
            if (entries.Count < _capacity)
            {
                entries.Add(entry);
                return;
            }
            for (int attempt = 0; attempt < 8; attempt++)
            {
                int i = r.Next(entries.Count);
                if (!entries[i].IsSeed)
                {
                    entries[i] = entry;
                    return;
                }
            }
        }

        /// <summary>
        /// A parent: uniformly, or among the newest entries (recent discoveries are explored more). With
        /// <paramref name="preferSuccess"/>, half the time one of the entries that read (a target whose checks run only on
        /// inputs that read: the kept-members targets).
        /// </summary>
        public CorpusEntry Pick(Random r, bool preferSuccess = false)
        {
            if (preferSuccess && _successes.Count > 0 && r.Next(2) == 0) return _successes[r.Next(_successes.Count)];
            if (r.Next(3) == 0)
            {
                int recent = Math.Max(1, _entries.Count / 8);
                return _entries[_entries.Count - 1 - r.Next(recent)];
            }
            return _entries[r.Next(_entries.Count)];
        }
    }
}
