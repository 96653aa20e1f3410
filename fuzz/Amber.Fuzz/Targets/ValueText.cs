using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// A value's content as text, member by member, so that two values have the same text exactly when they hold the same
    /// data. Runtime types are named (a polymorphic value read as another type shows), floating-point values by their bits
    /// (NaN payloads, −0), decimals by their scale, dates by their kind, multi-dimensional arrays by their lengths. Objects
    /// and collections are numbered as they are first met and a later occurrence names that number, so shared instances and
    /// cycles compare; strings and byte arrays compare by content alone, as a value kept from other data holds in full what it
    /// shared with the rest of its payload (docs/format.md §5.2).
    /// </summary>
    public static class ValueText
    {
        private static readonly ConcurrentDictionary<Type, (string[] Names, Func<object, object?>[] Getters)> s_members = new();

        /// <summary>The text of <paramref name="value"/>, or null when it nests deeper than this thread's stack can walk.</summary>
        public static string? Of(object? value)
        {
            var walker = new Walker();
            try
            {
                walker.Append(value);
            }
            catch (InsufficientExecutionStackException)
            {
                return null;
            }
            return walker.Text.ToString();
        }

        /// <summary>Where two texts first differ, with some context on either side, or null when they are equal.</summary>
        public static string? Difference(string expected, string actual, int context = 300)
        {
            if (expected == actual) return null;
            int at = 0;
            while (at < expected.Length && at < actual.Length && expected[at] == actual[at]) at++;
            int from = Math.Max(0, at - context);
            string Excerpt(string s) => (from > 0 ? "…" : "") + s.Substring(from, Math.Min(s.Length, at + context) - from) + (at + context < s.Length ? "…" : "");
            return $"first difference at character {at} of {expected.Length} / {actual.Length}:\n  expected: {Excerpt(expected)}\n  actual:   {Excerpt(actual)}";
        }

        private sealed class Walker
        {
            private readonly Dictionary<object, int> _seen = new Dictionary<object, int>(ReferenceEqualityComparer.Instance);

            public StringBuilder Text { get; } = new StringBuilder();

            public void Append(object? value)
            {
                RuntimeHelpers.EnsureSufficientExecutionStack();
                StringBuilder sb = Text;
                switch (value)
                {
                    case null: sb.Append("null"); return;
                    case string s: sb.Append("s").Append(s.Length).Append(':').Append(s); return;
                    case byte[] bytes: sb.Append("b").Append(bytes.Length).Append(':').Append(Convert.ToHexString(bytes)); return;
                    case bool b: sb.Append(b ? "true" : "false"); return;
                    case char c: sb.Append("char:").Append((int)c); return;
                    case float f: sb.Append("f:").Append(BitConverter.SingleToInt32Bits(f).ToString("x8", CultureInfo.InvariantCulture)); return;
                    case double d: sb.Append("d:").Append(BitConverter.DoubleToInt64Bits(d).ToString("x16", CultureInfo.InvariantCulture)); return;
                    case Half h: sb.Append("h:").Append(BitConverter.HalfToInt16Bits(h).ToString("x4", CultureInfo.InvariantCulture)); return;
                    case decimal m: sb.Append("m:").Append(string.Join(",", decimal.GetBits(m))); return;
                    case DateTime dt: sb.Append("dt:").Append(dt.Ticks).Append('/').Append(dt.Kind); return;
                    case DateTimeOffset dto: sb.Append("dto:").Append(dto.Ticks).Append('/').Append(dto.Offset.Ticks); return;
                    case TimeSpan ts: sb.Append("ts:").Append(ts.Ticks); return;
                    case DateOnly day: sb.Append("day:").Append(day.DayNumber); return;
                    case TimeOnly clock: sb.Append("clock:").Append(clock.Ticks); return;
                    case Uri uri: sb.Append("uri").Append(uri.OriginalString.Length).Append(':').Append(uri.OriginalString); return;
                    case Version version: sb.Append("v:").Append(version); return;
                    case Enum e: sb.Append(e.GetType().Name).Append(':').Append(e.ToString("D")); return;
                    case AmberUnknownMembers kept:
                        sb.Append("kept[").Append(string.Join(",", kept.Tags.ToArray().Select(t => t.ToString("X4", CultureInfo.InvariantCulture)))).Append(']');
                        return;
                    case IFormattable f when value.GetType().IsPrimitive || value is Guid or Int128 or UInt128 or System.Numerics.BigInteger:
                        sb.Append(value.GetType().Name).Append(':').Append(f.ToString(null, CultureInfo.InvariantCulture));
                        return;
                }

                Type type = value.GetType();
                if (!type.IsValueType)
                {
                    if (_seen.TryGetValue(value, out int index))
                    {
                        sb.Append("#").Append(index);
                        return;
                    }
                    _seen[value] = _seen.Count;
                    sb.Append('@').Append(_seen.Count - 1).Append(' ');
                }
                sb.Append(Name(type));
                if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(ImmutableArray<>) && (bool)type.GetProperty("IsDefault")!.GetValue(value)!)
                {
                    sb.Append(" default");
                    return;
                }
                if (value is Array array)
                {
                    sb.Append('[');
                    for (int r = 0; r < array.Rank; r++) sb.Append(r == 0 ? "" : ",").Append(array.GetLength(r));
                    sb.Append(']');
                }
                if (value is IEnumerable items)
                {
                    sb.Append(" {");
                    bool first = true;
                    foreach (object? item in items)
                    {
                        if (!first) sb.Append(", ");
                        first = false;
                        Append(item);
                    }
                    sb.Append('}');
                    return;
                }
                (string[] names, Func<object, object?>[] getters) = s_members.GetOrAdd(type, Members);
                sb.Append(" {");
                for (int i = 0; i < getters.Length; i++)
                {
                    if (i > 0) sb.Append(", ");
                    sb.Append(names[i]).Append('=');
                    Append(getters[i](value));
                }
                sb.Append('}');
            }

            private static string Name(Type type) => type.IsGenericType
                ? type.Name + "<" + string.Join(",", type.GetGenericArguments().Select(Name)) + ">"
                : type.Name;
        }

        /// <summary>A type's public instance properties (readable, not indexers) and fields, by name.</summary>
        private static (string[] Names, Func<object, object?>[] Getters) Members(Type type)
        {
            var members = new List<(string Name, Func<object, object?> Get)>();
            foreach (PropertyInfo p in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
            {
                if (p.CanRead && p.GetIndexParameters().Length == 0 && p.GetMethod!.IsPublic) members.Add((p.Name, o => p.GetValue(o)));
            }
            foreach (FieldInfo f in type.GetFields(BindingFlags.Public | BindingFlags.Instance)) members.Add((f.Name, o => f.GetValue(o)));
            members.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            return (members.Select(m => m.Name).ToArray(), members.Select(m => m.Get).ToArray());
        }
    }
}
