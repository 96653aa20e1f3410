using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace Amber.Benchmarks
{
    /// <summary>
    /// Set-up-only helpers (never timed): fill a peer's attributed model copy from a plain model, and check
    /// a deserialized graph against the plain original member by member. Both match members by name, so
    /// one comparer serves every copy; a member missing on either side is an error, not a skip.
    /// </summary>
    public static class ModelCopy
    {
        /// <summary>A deep copy of <paramref name="source"/> as <typeparamref name="T"/> (same member names).</summary>
        public static T To<T>(object source) => (T)Convert(source, typeof(T))!;

        private static object? Convert(object? source, Type target)
        {
            if (source is null) return null;
            Type type = source.GetType();
            if (IsLeaf(type))
            {
                if (type != target) throw new InvalidOperationException($"ModelCopy: {type} cannot become {target}.");
                return source;
            }
            if (target.IsArray)
            {
                var from = (Array)source;
                Type element = target.GetElementType()!;
                var to = Array.CreateInstance(element, from.Length);
                for (int i = 0; i < from.Length; i++) to.SetValue(Convert(from.GetValue(i), element), i);
                return to;
            }
            if (source is IDictionary dictionary)
            {
                var to = (IDictionary)Activator.CreateInstance(target)!;
                Type[] args = target.GetGenericArguments();
                foreach (DictionaryEntry entry in dictionary) to.Add(Convert(entry.Key, args[0])!, Convert(entry.Value, args[1]));
                return to;
            }
            if (source is IList list)
            {
                var to = (IList)Activator.CreateInstance(target)!;
                Type element = target.GetGenericArguments()[0];
                foreach (object? item in list) to.Add(Convert(item, element));
                return to;
            }
            object result = Activator.CreateInstance(target)!;
            foreach (MemberInfo member in Members(type))
            {
                MemberInfo destination = Members(target).SingleOrDefault(m => m.Name == member.Name)
                    ?? throw new InvalidOperationException($"ModelCopy: {target} has no member {member.Name}.");
                SetValue(destination, result, Convert(GetValue(member, source), MemberType(destination)));
            }
            return result;
        }

        internal static bool IsLeaf(Type type) =>
            type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(Guid) || type == typeof(DateTime) || type == typeof(decimal);

        internal static IEnumerable<MemberInfo> Members(Type type) =>
            type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.GetIndexParameters().Length == 0).Cast<MemberInfo>()
                .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance));

        internal static Type MemberType(MemberInfo member) => member is PropertyInfo p ? p.PropertyType : ((FieldInfo)member).FieldType;

        internal static object? GetValue(MemberInfo member, object owner) => member is PropertyInfo p ? p.GetValue(owner) : ((FieldInfo)member).GetValue(owner);

        private static void SetValue(MemberInfo member, object owner, object? value)
        {
            if (member is PropertyInfo p) p.SetValue(owner, value);
            else ((FieldInfo)member).SetValue(owner, value);
        }
    }

    public static class ModelComparer
    {
        /// <summary>
        /// Throws unless <paramref name="actual"/> (any copy's type) equals <paramref name="expected"/> member
        /// by member: null stays null, sequences keep length and order, byte arrays and floats compare exactly.
        /// DateTime compares as DateTime.Equals does (ticks): MessagePack's timestamp is UTC by the spec,
        /// so a default (Unspecified) DateTime comes back with Kind Utc and the same ticks.
        /// </summary>
        public static void Check(string serializer, object? expected, object? actual)
        {
            string? difference = Difference("value", expected, actual);
            if (difference != null) throw new InvalidOperationException($"{serializer}: the deserialized value differs from the input at {difference}.");
        }

        private static string? Difference(string path, object? expected, object? actual)
        {
            if (expected is null || actual is null)
            {
                return expected is null && actual is null ? null : $"{path} (expected {Show(expected)}, got {Show(actual)})";
            }
            Type type = expected.GetType();
            if (ModelCopy.IsLeaf(type))
            {
                return actual.GetType() == type && expected.Equals(actual) ? null : $"{path} (expected {Show(expected)}, got {Show(actual)})";
            }
            if (expected is IDictionary e && actual is IDictionary a)
            {
                if (e.Count != a.Count) return $"{path}.Count (expected {e.Count}, got {a.Count})";
                foreach (DictionaryEntry entry in e)
                {
                    if (!a.Contains(entry.Key)) return $"{path}[{entry.Key}] (missing)";
                    string? d = Difference($"{path}[{entry.Key}]", entry.Value, a[entry.Key]);
                    if (d != null) return d;
                }
                return null;
            }
            if (expected is IList el && actual is IList al)
            {
                if (el.Count != al.Count) return $"{path}.Count (expected {el.Count}, got {al.Count})";
                for (int i = 0; i < el.Count; i++)
                {
                    string? d = Difference($"{path}[{i}]", el[i], al[i]);
                    if (d != null) return d;
                }
                return null;
            }
            if (expected is IEnumerable || actual is IEnumerable) return $"{path} (a {type.Name} against a {actual.GetType().Name})";
            var actualMembers = ModelCopy.Members(actual.GetType()).ToList();
            var expectedMembers = ModelCopy.Members(type).ToList();
            if (actualMembers.Count != expectedMembers.Count) return $"{path} ({expectedMembers.Count} members against {actualMembers.Count})";
            foreach (MemberInfo member in expectedMembers)
            {
                MemberInfo? other = actualMembers.SingleOrDefault(m => m.Name == member.Name);
                if (other is null) return $"{path}.{member.Name} (no such member on {actual.GetType()})";
                string? d = Difference($"{path}.{member.Name}", ModelCopy.GetValue(member, expected), ModelCopy.GetValue(other, actual));
                if (d != null) return d;
            }
            return null;
        }

        private static string Show(object? value) => value is null ? "null" : value is string s ? $"\"{s}\"" : value.ToString() ?? "?";
    }
}
