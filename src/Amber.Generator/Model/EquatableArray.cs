using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;

namespace Amber.Generator.Model
{
    /// <summary>An immutable array with value equality, so pipeline outputs compare by content and stay cached.</summary>
    internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IEnumerable<T>
        where T : IEquatable<T>
    {
        private readonly T[]? _items;

        public EquatableArray(T[] items) => _items = items;

        public EquatableArray(IEnumerable<T> items) => _items = new List<T>(items).ToArray();

        public static EquatableArray<T> Empty => new EquatableArray<T>(Array.Empty<T>());

        public int Count => _items?.Length ?? 0;

        public T this[int index] => _items![index];

        public bool Equals(EquatableArray<T> other)
        {
            T[] a = _items ?? Array.Empty<T>();
            T[] b = other._items ?? Array.Empty<T>();
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++)
            {
                if (!EqualityComparer<T>.Default.Equals(a[i], b[i])) return false;
            }
            return true;
        }

        public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

        public override int GetHashCode()
        {
            int h = 17;
            if (_items != null)
            {
                foreach (T item in _items) h = unchecked(h * 31 + (item?.GetHashCode() ?? 0));
            }
            return h;
        }

        public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)(_items ?? Array.Empty<T>())).GetEnumerator();

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

        public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

        public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);
    }

    internal static class EquatableArrayExtensions
    {
        public static EquatableArray<T> ToEquatableArray<T>(this IEnumerable<T> items) where T : IEquatable<T> => new EquatableArray<T>(items);
    }
}
