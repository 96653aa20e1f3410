using System;

namespace Amber.Internal
{
    /// <summary>Per-payload writer state: which shapes have been defined and with which id. Pooled per thread.</summary>
    internal sealed class WriterState
    {
        /// <summary>Identity, not equality: two equal strings are two values; one string referenced twice is one.</summary>
        internal sealed class IdentityComparer : System.Collections.Generic.IEqualityComparer<object>
        {
            public static readonly IdentityComparer Instance = new IdentityComparer();
            public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);
            public int GetHashCode(object obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
        }

        [ThreadStatic] private static WriterState? t_cached;

        private int[] _idBySlot = new int[64];   // id + 1; 0 = not defined in this payload
        private int[] _touched = new int[16];
        private int _touchedCount;


        // Reference mode (format §7.2): ids of objects and of Bytes values, in order of first occurrence.
        public System.Collections.Generic.Dictionary<object, int>? Objects;
        public int ObjectCount;   // every new object header takes the next id, structs included
        public System.Collections.Generic.Dictionary<object, int>? Bytes;
        public int BytesCount;

        public static WriterState Rent()
        {
            WriterState? s = t_cached;
            if (s != null) { t_cached = null; return s; }
            return new WriterState();
        }

        public static void Return(WriterState state)
        {
            state.Reset();
            t_cached = state;
        }

        /// <summary>Returns the shape id if defined, or defines it now and returns -(id + 1).</summary>
        public int GetOrDefine(int slot, out bool defined)
        {
            if (slot < _idBySlot.Length)
            {
                int v = _idBySlot[slot];
                if (v != 0) { defined = true; return v - 1; }
            }
            else
            {
                Array.Resize(ref _idBySlot, Math.Max(slot + 1, _idBySlot.Length * 2));
            }
            if (_touchedCount == _touched.Length) Array.Resize(ref _touched, _touched.Length * 2);
            int id = _touchedCount;
            _touched[_touchedCount++] = slot;
            _idBySlot[slot] = id + 1;
            defined = false;
            return id;
        }

        public void Reset()
        {
            Objects?.Clear();
            Bytes?.Clear();
            BytesCount = 0;
            ObjectCount = 0;
            for (int i = 0; i < _touchedCount; i++) _idBySlot[_touched[i]] = 0;
            _touchedCount = 0;
        }
    }
}
