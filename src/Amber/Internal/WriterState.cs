using System;
using System.Diagnostics.CodeAnalysis;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Internal
{
    /// <summary>Per-payload writer state: which shapes have been defined and with which id. Pooled per thread.</summary>
    internal sealed class WriterState
    {
        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static WriterState? t_cached;

        private int[] _idBySlot = new int[64];   // id + 1 of the shape in use; 0 = not defined in this payload
        private ulong[] _listedBySlot = new ulong[64];   // the members that shape lists
        private byte[] _headBySlot = new byte[64];   // the one-byte object header of that shape when it lists every member; 0 = none
        private int[] _touched = new int[16];   // a slot per definition, so one slot can appear twice
        private int _touchedCount;


        // Reference mode (format §7.2): ids of objects and of Bytes values, in order of first occurrence.
        public IdentityMap? Objects;
        public int ObjectCount;   // every new object header takes the next id, structs included
        public IdentityMap? Bytes;
        public int BytesCount;

        // The thread's state stays in the thread-static while lent out: only renting reads it, returning is a field
        // write. A nested call on the same thread (a formatter that serializes something else) gets a fresh one.
        private bool _inUse;

        /// <summary>
        /// A state of its own for a connection's message writer (docs/format.md §7.6): never pooled, its shapes kept from
        /// one message to the next until <see cref="Reset"/>; <see cref="EndMessage"/> forgets only what a payload numbers alone.
        /// </summary>
        public static WriterState ForConnection() => new WriterState { _inUse = true };

        /// <summary>The number of shapes defined since the last <see cref="Reset"/>.</summary>
        public int DefinitionCount => _touchedCount;

        /// <summary>The bytes of the shape definitions written since the last <see cref="Reset"/> (their headers, tags, hashes and codes).</summary>
        public long DefinitionBytes;

        /// <summary>Ends one message of a connection: object and Bytes ids are numbered per message (format §7.2), shapes per connection.</summary>
        public void EndMessage()
        {
            if (ObjectCount != 0 || BytesCount != 0)
            {
                Objects?.Clear();
                Bytes?.Clear();
                BytesCount = 0;
                ObjectCount = 0;
            }
        }

        public static WriterState Rent()
        {
            WriterState? s = t_cached;
            if (s == null || s._inUse) return RentSlow();
            s._inUse = true;
            return s;
        }

        private static WriterState RentSlow()
        {
            // The new state becomes the thread's: after a nested call the outer one is simply dropped when returned,
            // and a state never returned (a reader or writer not disposed) does not keep every later call on this path.
            var s = new WriterState { _inUse = true };
            t_cached = s;
            return s;
        }

        public static void Return(WriterState state)
        {
            state.Reset();
            state._inUse = false;
        }

        /// <summary>
        /// The one-byte object header that refers to the shape of <paramref name="slot"/> when this payload has defined it listing every
        /// member with an id below 32; else 0 (the header takes <see cref="GetOrDefine"/>).
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public int ShapeHeadByte(int slot)
        {
            byte[] heads = _headBySlot;
            return (uint)slot < (uint)heads.Length ? heads[slot] : 0;
        }

        /// <summary>
        /// The id of the shape this payload uses for <paramref name="shape"/>'s objects, and the members that
        /// shape lists. The first object of a type defines a shape of the members it needs
        /// (<paramref name="required"/>, plus <see cref="AmberShape.AlwaysListed"/> and the members sharing a key with a listed one); a later object with a member
        /// outside it defines the full shape, which every later object then uses (docs/format.md §5). So a type
        /// has at most two shapes per payload. <paramref name="defined"/> false: the caller writes the definition now.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public int GetOrDefine(AmberShape shape, ulong required, out ulong listed, out bool defined)
        {
            // Every object of a type after the first in a payload takes this path.
            int slot = shape.Slot;
            int[] ids = _idBySlot;
            if ((uint)slot < (uint)ids.Length && ids[slot] != 0)
            {
                listed = _listedBySlot[slot];
                if ((required & ~listed) == 0)
                {
                    defined = true;
                    return ids[slot] - 1;
                }
            }
            return DefineOrWiden(shape, required, out listed, out defined);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private int DefineOrWiden(AmberShape shape, ulong required, out ulong listed, out bool defined)
        {
            int slot = shape.Slot;
            if (slot < _idBySlot.Length)
            {
                int v = _idBySlot[slot];
                if (v != 0)
                {
                    listed = _listedBySlot[slot];
                    if ((required & ~listed) == 0)
                    {
                        defined = true;
                        return v - 1;
                    }
                    listed = shape.AllMembers;
                    return Define(slot, listed, out defined, full: true);
                }
            }
            else
            {
                Grow(slot);
            }
            listed = shape.CloseOverCollisions(required | shape.AlwaysListed);
            return Define(slot, listed, out defined, full: listed == shape.AllMembers);
        }

        /// <summary>
        /// The id of the inline shape (docs/format.md §5.1) this payload defined for <paramref name="slot"/>, or -1 when it
        /// has not defined one yet. An inline shape has a slot of its own (the type's InlineShape), apart from the slots of
        /// its object and rows shapes, so an id found here always came from an inline definition.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public int InlineId(int slot)
        {
            int[] ids = _idBySlot;
            return (uint)slot < (uint)ids.Length ? ids[slot] - 1 : -1;
        }

        /// <summary>Takes the next shape id for the inline shape of <paramref name="slot"/>, which lists every member; the caller writes the definition.</summary>
        public int DefineInline(int slot, ulong allMembers)
        {
            if (slot >= _idBySlot.Length) Grow(slot);
            return Define(slot, allMembers, out _, full: false);
        }

        private void Grow(int slot)
        {
            int size = Math.Max(slot + 1, _idBySlot.Length * 2);
            Array.Resize(ref _idBySlot, size);
            Array.Resize(ref _listedBySlot, size);
            Array.Resize(ref _headBySlot, size);
        }

        /// <summary>Takes the next shape id for <paramref name="slot"/>; <paramref name="full"/>: an object shape that lists every member.</summary>
        private int Define(int slot, ulong listed, out bool defined, bool full)
        {
            if (_touchedCount == _touched.Length) Array.Resize(ref _touched, _touched.Length * 2);
            int id = _touchedCount;
            _touched[_touchedCount++] = slot;
            _idBySlot[slot] = id + 1;
            _listedBySlot[slot] = listed;
            _headBySlot[slot] = full && id < 32 ? (byte)((id << 2) | (int)AmberCode.ObjectShapeRef) : (byte)0;
            defined = false;
            return id;
        }

        // Shapes that no type of this program has a slot for, by the bytes of their definition: the shapes of kept unknown
        // members (AmberUnknownMembers) and of objects extended by them. Defined once per payload (per connection) like any other.
        private System.Collections.Generic.Dictionary<DefinitionKey, int>? _foreign;

        /// <summary>
        /// The id of the shape whose definition is <paramref name="definition"/> (its bytes after the header; an inline one's
        /// codes included), and whether it is defined already; when not, it takes the next id and the caller writes it.
        /// </summary>
        public int GetOrDefineForeign(byte[] definition, bool inline, out bool defined)
        {
            _foreign ??= new System.Collections.Generic.Dictionary<DefinitionKey, int>();
            var key = new DefinitionKey(definition, inline);
            if (_foreign.TryGetValue(key, out int id))
            {
                defined = true;
                return id;
            }
            // A shape the payload defined for a type of this program, with these very bytes (a kept value of a type the
            // payload also holds as a known value): referred to, not defined again.
            if (!inline && (id = FindSlotDefinition(definition)) >= 0)
            {
                _foreign.Add(key, id);
                defined = true;
                return id;
            }
            if (_touchedCount == _touched.Length) Array.Resize(ref _touched, _touched.Length * 2);
            id = _touchedCount;
            _touched[_touchedCount++] = -1;   // no slot
            _foreign.Add(key, id);
            defined = false;
            return id;
        }

        /// <summary>The id of the object or rows definition this payload wrote for a type's shape whose bytes are <paramref name="definition"/>, or -1.</summary>
        private int FindSlotDefinition(byte[] definition)
        {
            byte[]? scratch = null;
            for (int id = 0; id < _touchedCount; id++)
            {
                int slot = _touched[id];
                // The slot's current definition only: a type's first (listing fewer members) is replaced when it widens.
                // An inline shape's definitions carry codes (format §5.1): never the same bytes as an object's.
                if (slot < 0 || _idBySlot[slot] != id + 1 || AmberShape.FromSlot(slot) is not AmberShape shape || shape.UsedInline) continue;
                ulong listed = _listedBySlot[slot];
                byte[]? bytes = shape.DefinitionBytes(listed);
                if (bytes == null)
                {
                    scratch ??= new byte[shape.MaxDefinitionLength(listed)];
                    if (scratch.Length < shape.MaxDefinitionLength(listed)) scratch = new byte[shape.MaxDefinitionLength(listed)];
                    int length = shape.WriteDefinition(listed, scratch);
                    if (scratch.AsSpan(0, length).SequenceEqual(definition)) return id;
                    continue;
                }
                if (bytes.AsSpan().SequenceEqual(definition)) return id;
            }
            return -1;
        }

        /// <summary>A definition's bytes compared by content, and whether it is an inline struct's (format §5.1: never the same id space use).</summary>
        private readonly struct DefinitionKey : IEquatable<DefinitionKey>
        {
            private readonly byte[] _bytes;
            private readonly bool _inline;
            private readonly int _hash;

            public DefinitionKey(byte[] bytes, bool inline)
            {
                _bytes = bytes;
                _inline = inline;
                int h = inline ? 17 : 31;
                foreach (byte b in bytes) h = (h * 31) ^ b;
                _hash = h;
            }

            public bool Equals(DefinitionKey other) => _hash == other._hash && _inline == other._inline && _bytes.AsSpan().SequenceEqual(other._bytes);

            public override bool Equals(object? obj) => obj is DefinitionKey k && Equals(k);

            public override int GetHashCode() => _hash;
        }

        public void Reset()
        {
            Objects?.Clear();
            Bytes?.Clear();
            BytesCount = 0;
            ObjectCount = 0;
            for (int i = 0; i < _touchedCount; i++)
            {
                int slot = _touched[i];
                if (slot < 0) continue;
                _idBySlot[slot] = 0;
                _headBySlot[slot] = 0;
            }
            if (_foreign != null && _foreign.Count != 0) _foreign.Clear();
            _touchedCount = 0;
            DefinitionBytes = 0;
        }
    }
}
