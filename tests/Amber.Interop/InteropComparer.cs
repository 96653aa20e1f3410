using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;
using System.Reflection;

namespace Amber.Interop
{
    /// <summary>
    /// A structural deep comparison of an expected value with one read back, member by member through reflection (a
    /// test tool: the model is known, speed does not matter). It reports the first difference with its member path
    /// (<c>Order.Lines[3].Price: expected 1.5, got 1.25</c>). Floats compare by their bits (so <c>-0.0</c> is not
    /// <c>0.0</c>; any NaN equals any NaN, whatever its payload bits, which JavaScript does not keep); <c>DateTime</c> by
    /// ticks and kind; <c>DateTimeOffset</c> by clock time and offset; <c>decimal</c> by its bits, so the scale counts;
    /// dictionaries and sets by contents, in any order; in reference mode, identities: an object the expected graph holds
    /// twice must be one instance in the actual graph too, and distinct objects must stay distinct.
    /// </summary>
    public sealed class InteropComparer
    {
        private const int MaxDepth = 500;
        private readonly bool _referenceMode;
        private readonly Dictionary<object, (object Actual, string Path)> _seen = new(ReferenceEqualityComparer.Instance);
        private readonly Dictionary<object, (object Expected, string Path)> _seenActual = new(ReferenceEqualityComparer.Instance);

        private InteropComparer(bool referenceMode) => _referenceMode = referenceMode;

        /// <summary>
        /// Compares <paramref name="expected"/> with <paramref name="actual"/>; null when they are equal, else the first
        /// difference as <c>path: expected …, got …</c>, the path starting with <paramref name="rootName"/>.
        /// </summary>
        /// <param name="expected">The value the case should hold.</param>
        /// <param name="actual">The value read.</param>
        /// <param name="rootName">The first element of every path (the root type's name).</param>
        /// <param name="referenceMode">Whether identities are compared too (reference-mode cases).</param>
        public static string? Compare(object? expected, object? actual, string rootName, bool referenceMode) =>
            new InteropComparer(referenceMode).Visit(expected, actual, rootName, 0);

        private string? Visit(object? e, object? a, string path, int depth)
        {
            if (depth > MaxDepth) return $"{path}: nested deeper than {MaxDepth} levels (a cycle outside reference mode?)";
            if (e is null || a is null)
            {
                return e is null && a is null ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            }
            Type type = e.GetType();
            if (a.GetType() != type) return $"{path}: expected a {TypeName(type)} ({Show(e)}), got a {TypeName(a.GetType())} ({Show(a)})";
            if (IsValue(type)) return ValuesEqual(e, a) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";

            if (_referenceMode && !type.IsValueType)
            {
                if (_seen.TryGetValue(e, out var first))
                {
                    return ReferenceEquals(first.Actual, a) ? null : $"{path}: expected the same instance as {first.Path}, got another instance";
                }
                if (_seenActual.TryGetValue(a, out var other))
                {
                    return $"{path}: expected an instance of its own, got the instance of {other.Path}";
                }
                _seen.Add(e, (a, path));
                _seenActual.Add(a, (e, path));
            }

            if (e is Array ea && ea.Rank > 1) return VisitGrid(ea, (Array)a, path, depth);
            if (e is IDictionary ed) return VisitDictionary(ed, (IDictionary)a, path, depth);
            if (IsSet(type)) return VisitSet((IEnumerable)e, (IEnumerable)a, path, depth);
            if (e is IEnumerable ee) return VisitSequence(ee, (IEnumerable)a, path, depth);
            return VisitMembers(type, e, a, path, depth);
        }

        private string? VisitMembers(Type type, object e, object a, string path, int depth)
        {
            foreach (MemberInfo member in MembersOf(type))
            {
                object? ev, av;
                if (member is PropertyInfo p)
                {
                    ev = p.GetValue(e);
                    av = p.GetValue(a);
                }
                else
                {
                    var f = (FieldInfo)member;
                    ev = f.GetValue(e);
                    av = f.GetValue(a);
                }
                string? diff = Visit(ev, av, path + "." + member.Name, depth + 1);
                if (diff != null) return diff;
            }
            return null;
        }

        private string? VisitSequence(IEnumerable e, IEnumerable a, string path, int depth)
        {
            List<object?> el = e.Cast<object?>().ToList(), al = a.Cast<object?>().ToList();
            for (int i = 0; i < Math.Min(el.Count, al.Count); i++)
            {
                string? diff = Visit(el[i], al[i], $"{path}[{i}]", depth + 1);
                if (diff != null) return diff;
            }
            return el.Count == al.Count ? null : $"{path}: expected {el.Count} elements, got {al.Count}";
        }

        private string? VisitGrid(Array e, Array a, string path, int depth)
        {
            if (a.Rank != e.Rank) return $"{path}: expected rank {e.Rank}, got rank {a.Rank}";
            for (int d = 0; d < e.Rank; d++)
            {
                if (e.GetLength(d) != a.GetLength(d)) return $"{path}: expected length {e.GetLength(d)} in dimension {d}, got {a.GetLength(d)}";
            }
            var index = new int[e.Rank];
            for (int n = 0; n < e.Length; n++)
            {
                int rest = n;
                for (int d = e.Rank - 1; d >= 0; d--)
                {
                    index[d] = rest % e.GetLength(d);
                    rest /= e.GetLength(d);
                }
                string? diff = Visit(e.GetValue(index), a.GetValue(index), $"{path}[{string.Join(",", index)}]", depth + 1);
                if (diff != null) return diff;
            }
            return null;
        }

        private string? VisitDictionary(IDictionary e, IDictionary a, string path, int depth)
        {
            // Keys are scalars in the model: the actual dictionary's own comparer finds them.
            foreach (DictionaryEntry entry in e)
            {
                string at = $"{path}[{ShowKey(entry.Key)}]";
                if (!a.Contains(entry.Key)) return $"{at}: expected the key, got no such key";
                string? diff = Visit(entry.Value, a[entry.Key], at, depth + 1);
                if (diff != null) return diff;
            }
            foreach (DictionaryEntry entry in a)
            {
                if (!e.Contains(entry.Key)) return $"{path}[{ShowKey(entry.Key)}]: expected no such key, got one";
            }
            return null;
        }

        private string? VisitSet(IEnumerable e, IEnumerable a, string path, int depth)
        {
            List<object?> el = e.Cast<object?>().ToList(), al = a.Cast<object?>().ToList();
            if (el.Count != al.Count) return $"{path}: expected {el.Count} elements, got {al.Count}";
            var unmatched = new List<object?>(al);
            foreach (object? item in el)
            {
                // A fresh comparison per candidate: sets hold scalars in the model, so no identity is at stake.
                int found = unmatched.FindIndex(x => new InteropComparer(false).Visit(item, x, path, depth + 1) == null);
                if (found < 0) return $"{path}: expected an element {Show(item)}, got none equal";
                unmatched.RemoveAt(found);
            }
            return null;
        }

        private static bool IsSet(Type type) =>
            type.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(ISet<>));

        /// <summary>Types compared as one value, not member by member.</summary>
        private static bool IsValue(Type type) =>
            type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime)
            || type == typeof(DateTimeOffset) || type == typeof(TimeSpan) || type == typeof(DateOnly) || type == typeof(TimeOnly)
            || type == typeof(Guid) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128)
            || type == typeof(BigInteger) || type == typeof(Uri) || type == typeof(Version) || type == typeof(byte[]);

        private static bool ValuesEqual(object e, object a)
        {
            switch (e)
            {
                case double d:
                    return double.IsNaN(d) ? double.IsNaN((double)a) : BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits((double)a);
                case float f:
                    return float.IsNaN(f) ? float.IsNaN((float)a) : BitConverter.SingleToInt32Bits(f) == BitConverter.SingleToInt32Bits((float)a);
                case Half h:
                    return Half.IsNaN(h) ? Half.IsNaN((Half)a) : BitConverter.HalfToInt16Bits(h) == BitConverter.HalfToInt16Bits((Half)a);
                case decimal m:
                    return decimal.GetBits(m).SequenceEqual(decimal.GetBits((decimal)a));
                case DateTime t:
                    return t.Ticks == ((DateTime)a).Ticks && t.Kind == ((DateTime)a).Kind;
                case DateTimeOffset o:
                    return o.Ticks == ((DateTimeOffset)a).Ticks && o.Offset == ((DateTimeOffset)a).Offset;
                case string s:
                    return string.Equals(s, (string)a, StringComparison.Ordinal);
                case Uri u:
                    return u.OriginalString == ((Uri)a).OriginalString && u.IsAbsoluteUri == ((Uri)a).IsAbsoluteUri;
                case byte[] b:
                    return b.AsSpan().SequenceEqual((byte[])a);
                default:
                    return e.Equals(a);
            }
        }

        /// <summary>The members Amber serializes by default: public instance fields, and public properties with a getter.</summary>
        private static IEnumerable<MemberInfo> MembersOf(Type type)
        {
            foreach (FieldInfo f in type.GetFields(BindingFlags.Public | BindingFlags.Instance)) yield return f;
            foreach (PropertyInfo p in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
            {
                if (p.GetMethod != null && p.GetIndexParameters().Length == 0) yield return p;
            }
        }

        private static string ShowKey(object key) => key is string s ? Quote(s) : Show(key);

        /// <summary>A value as a difference shows it: exact, with what the comparison looks at (bits, kind, offset, scale).</summary>
        internal static string Show(object? value)
        {
            switch (value)
            {
                case null: return "null";
                case string s: return Quote(s);
                case double d: return d == 0 && double.IsNegative(d) ? "-0.0" : d.ToString("R", CultureInfo.InvariantCulture);
                case float f: return f == 0 && float.IsNegative(f) ? "-0.0f" : f.ToString("R", CultureInfo.InvariantCulture) + "f";
                case Half h: return Half.IsNegative(h) && h == Half.Zero ? "-0.0 (Half)" : h.ToString(CultureInfo.InvariantCulture) + " (Half)";
                case decimal m: return m.ToString(CultureInfo.InvariantCulture) + "m";
                case DateTime t: return $"{t.ToString("O", CultureInfo.InvariantCulture)} ({t.Kind}, {t.Ticks} ticks)";
                case DateTimeOffset o: return o.ToString("O", CultureInfo.InvariantCulture);
                case char c: return char.IsControl(c) || char.IsSurrogate(c) ? $"'\\u{(int)c:x4}'" : $"'{c}'";
                case byte[] b: return $"byte[{b.Length}] {Convert.ToHexString(b.AsSpan(0, Math.Min(b.Length, 16)))}{(b.Length > 16 ? "…" : "")}";
                case Enum en: return $"{en} ({Convert.ToString(Convert.ChangeType(en, Enum.GetUnderlyingType(en.GetType()), CultureInfo.InvariantCulture), CultureInfo.InvariantCulture)})";
                case IFormattable f: return f.ToString(null, CultureInfo.InvariantCulture);
                case ICollection c: return $"{TypeName(value.GetType())} of {c.Count}";
                default:
                    return IsValue(value.GetType()) ? value.ToString() ?? "" : TypeName(value.GetType());
            }
        }

        private static string Quote(string s)
        {
            string shown = s.Length > 40 ? s.Substring(0, 40) + $"… ({s.Length} chars)" : s;
            var sb = new System.Text.StringBuilder("\"");
            for (int i = 0; i < shown.Length; i++)
            {
                char c = shown[i];
                if (c == '"' || c == '\\') sb.Append('\\').Append(c);
                else if (char.IsHighSurrogate(c) && i + 1 < shown.Length && char.IsLowSurrogate(shown[i + 1])) sb.Append(c).Append(shown[++i]);
                else if (char.IsControl(c) || char.IsSurrogate(c)) sb.Append($"\\u{(int)c:x4}");
                else sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        /// <summary>A type's C# name as paths and differences show it (<c>List&lt;Item&gt;</c>).</summary>
        public static string TypeName(Type type)
        {
            if (!type.IsGenericType) return type.Name;
            string name = type.Name.Substring(0, type.Name.IndexOf('`'));
            return $"{name}<{string.Join(", ", type.GetGenericArguments().Select(TypeName))}>";
        }
    }
}
