using System.Threading;

namespace Amber
{
    /// <summary>
    /// A few instances kept for reuse, for objects made per call and costly to make (a connection's message writer or
    /// reader holds its shape tables): a call takes one if one is free, else makes its own, and gives it back when done;
    /// an instance beyond the kept few is left to the garbage collector. Lock-free, and safe from any thread.
    /// Compiled into the packages that use it from this one file.
    /// </summary>
    internal sealed class AmberInstancePool<T>
        where T : class
    {
        private readonly T?[] _items;

        public AmberInstancePool(int size) => _items = new T?[size];

        /// <summary>A kept instance, or null when none is free.</summary>
        public T? Rent()
        {
            T?[] items = _items;
            for (int i = 0; i < items.Length; i++)
            {
                T? item = Volatile.Read(ref items[i]);
                if (item != null && Interlocked.CompareExchange(ref items[i], null, item) == item) return item;
            }
            return null;
        }

        /// <summary>Keeps <paramref name="item"/> for a later call when there is room (the caller has reset it).</summary>
        public void Return(T item)
        {
            T?[] items = _items;
            for (int i = 0; i < items.Length; i++)
            {
                if (Volatile.Read(ref items[i]) == null && Interlocked.CompareExchange(ref items[i], item, null) == null) return;
            }
        }
    }
}
