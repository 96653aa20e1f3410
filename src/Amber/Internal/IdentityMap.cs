using System;
using System.Runtime.CompilerServices;

namespace Amber.Internal
{
    /// <summary>
    /// Object identity → id, for reference mode's writer (docs/format.md §7.2): one probe sequence per object that
    /// either finds its earlier id or records the new one, with no comparer call. Open addressing over a power-of-two
    /// table at most half full; cleared, not freed, between payloads, unless it grew past <see cref="MaxKeptSlots"/>.
    /// </summary>
    internal sealed class IdentityMap
    {
        /// <summary>
        /// The largest table kept from one payload to the next (1 MB of keys and ids on 64 bits). The map lives in a
        /// thread's pooled writer state, so a larger one, grown by one payload of many objects, is dropped when cleared
        /// rather than held by the thread for good.
        /// </summary>
        public const int MaxKeptSlots = 1 << 16;

        private const int InitialSlots = 64;

        // A key and its id side by side: one cache line per probe, and no covariance check on storing the key (an object[]
        // element store checks the array's type; a struct's field does not).
        private Entry[] _entries = new Entry[InitialSlots];
        private int _count;

        private struct Entry
        {
            public object? Key;
            public int Id;
        }

        /// <summary>The slots of the table now: twice the objects it can number before it grows.</summary>
        public int Capacity => _entries.Length;

        /// <summary>The id <paramref name="key"/> was given earlier, or -1 after giving it <paramref name="id"/>.</summary>
        public int GetOrAdd(object key, int id)
        {
            Entry[] entries = _entries;
            int mask = entries.Length - 1;
            int i = RuntimeHelpers.GetHashCode(key) & mask;
            while (true)
            {
                object? k = entries[i].Key;
                if (k == null) break;
                if (ReferenceEquals(k, key)) return entries[i].Id;
                i = (i + 1) & mask;
            }
            entries[i].Key = key;
            entries[i].Id = id;
            if (++_count * 2 > entries.Length) Grow();
            return -1;
        }

        /// <summary>Gives <paramref name="key"/> the id <paramref name="id"/>, whether or not it had one.</summary>
        public void Set(object key, int id)
        {
            Entry[] entries = _entries;
            int mask = entries.Length - 1;
            int i = RuntimeHelpers.GetHashCode(key) & mask;
            while (true)
            {
                object? k = entries[i].Key;
                if (k == null) break;
                if (ReferenceEquals(k, key))
                {
                    entries[i].Id = id;
                    return;
                }
                i = (i + 1) & mask;
            }
            GetOrAdd(key, id);
        }

        public void Clear()
        {
            if (_entries.Length > MaxKeptSlots)
            {
                _entries = new Entry[InitialSlots];
                _count = 0;
                return;
            }
            if (_count == 0) return;
            Array.Clear(_entries, 0, _entries.Length);
            _count = 0;
        }

        private void Grow()
        {
            Entry[] old = _entries;
            var entries = new Entry[old.Length * 2];
            int mask = entries.Length - 1;
            foreach (Entry e in old)
            {
                if (e.Key == null) continue;
                int i = RuntimeHelpers.GetHashCode(e.Key) & mask;
                while (entries[i].Key != null) i = (i + 1) & mask;
                entries[i] = e;
            }
            _entries = entries;
        }
    }
}
