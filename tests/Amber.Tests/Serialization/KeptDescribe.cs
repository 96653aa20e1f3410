using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Every member of a value as text, member by member, so that two values compare equal exactly when they hold the same
    /// data, and a difference shows which member changed. Runtime types are named (a polymorphic value read as another type
    /// shows), multi-dimensional arrays show their lengths, and kept unknown members show their count and tags. With
    /// <c>identity</c> an object or collection met again is shown as a reference to its first occurrence (shared references
    /// compare); without it only a cycle is (a value met again on its own path).
    /// </summary>
    internal static class KeptDescribe
    {
        public static string Of(object? value, bool identity = false)
        {
            var sb = new StringBuilder();
            var seen = new Dictionary<object, int>(ReferenceEqualityComparer.Instance);
            var path = new HashSet<object>(ReferenceEqualityComparer.Instance);
            Append(sb, value, identity, seen, path, 0);
            return sb.ToString();
        }

        private static void Append(StringBuilder sb, object? value, bool identity, Dictionary<object, int> seen, HashSet<object> path, int depth)
        {
            if (depth > 200)
            {
                sb.Append("…");
                return;
            }
            switch (value)
            {
                case null:
                    sb.Append("null");
                    return;
                case string s:
                    sb.Append('"').Append(s).Append('"');
                    return;
                case byte[] bytes:
                    sb.Append("0x").Append(Convert.ToHexString(bytes));
                    return;
                case AmberUnknownMembers kept:
                    sb.Append("kept[").Append(string.Join(",", kept.Tags.ToArray().Select(t => t.ToString("X4")))).Append(']');
                    return;
                case IFormattable f when value.GetType().IsPrimitive || value is decimal || value is DateTime || value is DateTimeOffset || value is TimeSpan || value is Guid || value.GetType().IsEnum:
                    sb.Append(value.GetType().Name).Append(':').Append(f.ToString(value is DateTime or DateTimeOffset ? "o" : null, CultureInfo.InvariantCulture));
                    if (value is DateTime dt) sb.Append('/').Append(dt.Kind);
                    return;
                case char c:
                    sb.Append("char:").Append((int)c);
                    return;
                case bool b:
                    sb.Append(b ? "true" : "false");
                    return;
                case Uri u:
                    sb.Append("uri:").Append(u.OriginalString);
                    return;
            }

            Type type = value.GetType();
            if (!type.IsValueType)
            {
                if (identity && seen.TryGetValue(value, out int index))
                {
                    sb.Append("#ref").Append(index);
                    return;
                }
                if (!identity && path.Contains(value))
                {
                    sb.Append("#cycle");
                    return;
                }
                if (!seen.ContainsKey(value)) seen[value] = seen.Count;
                path.Add(value);
            }
            try
            {
                if (value is Array array && array.Rank > 1)
                {
                    sb.Append(type.Name).Append('[').Append(string.Join("x", Enumerable.Range(0, array.Rank).Select(array.GetLength))).Append("]{");
                    bool first = true;
                    foreach (object? e in array)
                    {
                        if (!first) sb.Append(',');
                        first = false;
                        Append(sb, e, identity, seen, path, depth + 1);
                    }
                    sb.Append('}');
                    return;
                }
                if (value is IDictionary map)
                {
                    sb.Append(Name(type)).Append('{');
                    bool first = true;
                    foreach (DictionaryEntry pair in map)
                    {
                        if (!first) sb.Append(',');
                        first = false;
                        Append(sb, pair.Key, identity, seen, path, depth + 1);
                        sb.Append('=');
                        Append(sb, pair.Value, identity, seen, path, depth + 1);
                    }
                    sb.Append('}');
                    return;
                }
                if (value is IEnumerable items)
                {
                    // Sets have no order to compare: their elements are sorted by their text.
                    var parts = new List<string>();
                    foreach (object? e in items)
                    {
                        var part = new StringBuilder();
                        Append(part, e, identity, seen, path, depth + 1);
                        parts.Add(part.ToString());
                    }
                    if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(HashSet<>)) parts.Sort(StringComparer.Ordinal);
                    sb.Append(Name(type)).Append('[').Append(string.Join(",", parts)).Append(']');
                    return;
                }
                sb.Append(Name(type)).Append('(');
                bool firstMember = true;
                foreach (MemberInfo m in Members(type))
                {
                    if (!firstMember) sb.Append(' ');
                    firstMember = false;
                    sb.Append(m.Name).Append('=');
                    object? member = m is PropertyInfo p ? p.GetValue(value) : ((FieldInfo)m).GetValue(value);
                    Append(sb, member, identity, seen, path, depth + 1);
                }
                sb.Append(')');
            }
            finally
            {
                if (!type.IsValueType) path.Remove(value);
            }
        }

        private static string Name(Type type) => type.IsGenericType
            ? type.Name.Substring(0, type.Name.IndexOf('`')) + "<" + string.Join(",", type.GetGenericArguments().Select(Name)) + ">"
            : type.Name;

        private static IEnumerable<MemberInfo> Members(Type type)
        {
            foreach (PropertyInfo p in type.GetProperties(BindingFlags.Public | BindingFlags.Instance).OrderBy(p => p.MetadataToken))
            {
                if (p.GetIndexParameters().Length == 0 && p.CanRead && p.Name != "EqualityContract") yield return p;
            }
            foreach (FieldInfo f in type.GetFields(BindingFlags.Public | BindingFlags.Instance).OrderBy(f => f.MetadataToken)) yield return f;
        }
    }
}
