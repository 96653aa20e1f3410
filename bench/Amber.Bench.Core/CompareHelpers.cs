using System;
using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    /// <summary>Comparison helpers shared by the larger workloads' member-by-member Compare methods.</summary>
    public static class CompareHelpers
    {
        /// <summary>A nullable nested object: both null, or both present and compared with <paramref name="members"/>.</summary>
        public static void Object<T>(this Comparer c, string path, T? expected, T? actual, Action<Comparer, string, T, T> members)
            where T : class
        {
            if (expected == null || actual == null)
            {
                if (!(expected == null && actual == null)) c.Fail(path, expected == null ? "expected null" : "got null");
                return;
            }
            members(c, path, expected, actual);
        }

        /// <summary>
        /// A member declared as a base type: both null, or both of the same runtime type and then
        /// compared with <paramref name="members"/> (which dispatches on that type).
        /// </summary>
        public static void Polymorphic<T>(this Comparer c, string path, T? expected, T? actual, Action<Comparer, string, T, T> members)
            where T : class
        {
            if (expected == null || actual == null)
            {
                if (!(expected == null && actual == null)) c.Fail(path, expected == null ? "expected null" : "got null");
                return;
            }
            if (expected.GetType() != actual.GetType())
            {
                c.Fail(path, $"expected a {expected.GetType().Name}, got a {actual.GetType().Name}");
                return;
            }
            members(c, path, expected, actual);
        }

        /// <summary>A DateTime: the value and its Kind (DateTime equality ignores Kind).</summary>
        public static void Time(this Comparer c, string path, DateTime expected, DateTime actual)
        {
            c.Equal(path, expected, actual);
            c.Equal(path + ".Kind", expected.Kind, actual.Kind);
        }

        /// <summary>A nullable DateTime: null on both sides, or the same value and Kind.</summary>
        public static void Time(this Comparer c, string path, DateTime? expected, DateTime? actual)
        {
            c.Equal(path, expected, actual);
            if (expected.HasValue && actual.HasValue) c.Equal(path + ".Kind", expected.Value.Kind, actual.Value.Kind);
        }

        /// <summary>A dictionary of plain values compared by key.</summary>
        public static void MapValues<TKey, TValue>(this Comparer c, string path, IReadOnlyDictionary<TKey, TValue>? expected, IReadOnlyDictionary<TKey, TValue>? actual)
            where TKey : notnull =>
            c.Map(path, expected, actual, (cc, p, x, y) => cc.Equal(p, x, y));

        /// <summary>A sequence of plain values compared item by item.</summary>
        public static void SeqValues<TItem>(this Comparer c, string path, IEnumerable<TItem>? expected, IEnumerable<TItem>? actual) =>
            c.Sequence(path, expected, actual, (cc, p, x, y) => cc.Equal(p, x, y));
    }
}
