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
        /// The largest table kept from one payload to the next (768 KB of keys and ids on 64 bits). The map lives in a
        /// thread's pooled writer state, so a larger one, grown by one payload of many objects, is dropped when cleared
        /// rather than held by the thread for good.
        /// </summary>
        public const int MaxKeptSlots = 1 << 16;

        private const int InitialSlots = 64;

        private object?[] _keys = new object?[InitialSlots];
        private int[] _ids = new int[InitialSlots];
        private int _count;

        /// <summary>The slots of the table now: twice the objects it can number before it grows.</summary>
        public int Capacity => _keys.Length;

        /// <summary>The id <paramref name="key"/> was given earlier, or -1 after giving it <paramref name="id"/>.</summary>
        public int GetOrAdd(object key, int id)
        {
            object?[] keys = _keys;
            int mask = keys.Length - 1;
            int i = RuntimeHelpers.GetHashCode(key) & mask;
            while (true)
            {
                object? k = keys[i];
                if (k == null) break;
                if (ReferenceEquals(k, key)) return _ids[i];
                i = (i + 1) & mask;
            }
            keys[i] = key;
            _ids[i] = id;
            if (++_count * 2 > keys.Length) Grow();
            return -1;
        }

        /// <summary>Gives <paramref name="key"/> the id <paramref name="id"/>, whether or not it had one.</summary>
        public void Set(object key, int id)
        {
            object?[] keys = _keys;
            int mask = keys.Length - 1;
            int i = RuntimeHelpers.GetHashCode(key) & mask;
            while (true)
            {
                object? k = keys[i];
                if (k == null) break;
                if (ReferenceEquals(k, key))
                {
                    _ids[i] = id;
                    return;
                }
                i = (i + 1) & mask;
            }
            GetOrAdd(key, id);
        }

        public void Clear()
        {
            if (_keys.Length > MaxKeptSlots)
            {
                _keys = new object?[InitialSlots];
                _ids = new int[InitialSlots];
                _count = 0;
                return;
            }
            if (_count == 0) return;
            Array.Clear(_keys, 0, _keys.Length);
            _count = 0;
        }

        private void Grow()
        {
            object?[] oldKeys = _keys;
            int[] oldIds = _ids;
            var keys = new object?[oldKeys.Length * 2];
            var ids = new int[keys.Length];
            int mask = keys.Length - 1;
            for (int j = 0; j < oldKeys.Length; j++)
            {
                object? k = oldKeys[j];
                if (k == null) continue;
                int i = RuntimeHelpers.GetHashCode(k) & mask;
                while (keys[i] != null) i = (i + 1) & mask;
                keys[i] = k;
                ids[i] = oldIds[j];
            }
            _keys = keys;
            _ids = ids;
        }
    }
}
