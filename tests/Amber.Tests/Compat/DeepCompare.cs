using System;
using System.Collections;
using System.Collections.Generic;
using System.Numerics;
using System.Reflection;
using Xunit.Sdk;

namespace Amber.Tests.Compat
{
    /// <summary>
    /// Compares what a payload read back with what the corpus factory built, member by member: exact
    /// runtime types, every public property and field, sequences in order (multi-dimensional arrays by
    /// rank and lengths too), maps by key, and scalars exactly (a DateTime's Kind, a DateTimeOffset's
    /// offset, a decimal's scale). With <c>identity</c> the object graph's sharing must match as well:
    /// two places that hold one expected instance must hold one actual instance, and two different
    /// expected instances must read as two different actual ones (references, cycles).
    /// </summary>
    internal static class DeepCompare
    {
        public static void Equal(object? expected, object? actual, bool identity = false) =>
            new Walker(identity).Compare(expected, actual, "root");

        private sealed class Walker
        {
            private readonly bool _identity;
            private readonly Dictionary<object, object> _seen = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
            private readonly Dictionary<object, object> _seenBack = new Dictionary<object, object>(ReferenceEqualityComparer.Instance);
            private int _depth;

            public Walker(bool identity) => _identity = identity;

            public void Compare(object? expected, object? actual, string path)
            {
                if (expected is null || actual is null)
                {
                    if (!(expected is null && actual is null))
                        Fail(path, expected is null ? "null" : "a value", actual is null ? "null" : actual.GetType().Name);
                    return;
                }

                Type type = expected.GetType();
                if (IsLeaf(type))
                {
                    if (actual.GetType() != type) Fail(path, type.Name, actual.GetType().Name);
                    if (!LeafEqual(expected, actual)) Fail(path, Show(expected), Show(actual));
                    return;
                }

                if (!type.IsValueType)
                {
                    if (_seen.TryGetValue(expected, out object? mapped))
                    {
                        if (_identity && !ReferenceEquals(mapped, actual)) Fail(path, "the instance read earlier (a shared reference)", "another instance");
                        if (_identity || ReferenceEquals(mapped, actual)) return;
                    }
                    else if (_identity)
                    {
                        if (_seenBack.ContainsKey(actual)) Fail(path, "a new instance", "an instance read earlier for another expected object");
                        _seen[expected] = actual;
                        _seenBack[actual] = expected;
                    }
                }

                if (++_depth > 200) throw new XunitException($"{path}: deeper than 200 levels; a cycle compared without identity?");
                try
                {
                    if (expected is ReadOnlyMemory<byte> rom)
                    {
                        Compare(rom.ToArray(), ((ReadOnlyMemory<byte>)actual).ToArray(), path);
                    }
                    else if (expected is Memory<byte> mem)
                    {
                        Compare(mem.ToArray(), ((Memory<byte>)actual).ToArray(), path);
                    }
                    else if (expected is IDictionary expectedMap)
                    {
                        if (actual is not IDictionary actualMap) { Fail(path, "a map", actual.GetType().Name); return; }
                        if (expectedMap.Count != actualMap.Count) Fail(path + ".Count", expectedMap.Count.ToString(), actualMap.Count.ToString());
                        foreach (DictionaryEntry entry in expectedMap)
                        {
                            if (!actualMap.Contains(entry.Key)) Fail(path, "key " + Show(entry.Key), "no such key");
                            Compare(entry.Value, actualMap[entry.Key], path + "[" + Show(entry.Key) + "]");
                        }
                    }
                    else if (expected is Array expectedArray)
                    {
                        if (actual is not Array actualArray || actualArray.GetType() != type) { Fail(path, type.Name, actual.GetType().Name); return; }
                        if (expectedArray.Rank != actualArray.Rank) Fail(path + ".Rank", expectedArray.Rank.ToString(), actualArray.Rank.ToString());
                        for (int d = 0; d < expectedArray.Rank; d++)
                            if (expectedArray.GetLength(d) != actualArray.GetLength(d))
                                Fail(path + ".GetLength(" + d + ")", expectedArray.GetLength(d).ToString(), actualArray.GetLength(d).ToString());
                        CompareSequences(expectedArray, actualArray, path);
                    }
                    else if (expected is IEnumerable expectedSequence && !IsTupleLike(type))
                    {
                        if (actual is not IEnumerable actualSequence) { Fail(path, "a sequence", actual.GetType().Name); return; }
                        CompareSequences(expectedSequence, actualSequence, path);
                    }
                    else
                    {
                        if (actual.GetType() != type) Fail(path, type.FullName ?? type.Name, actual.GetType().FullName ?? actual.GetType().Name);
                        foreach (PropertyInfo property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
                        {
                            if (property.GetIndexParameters().Length != 0 || property.GetMethod is null) continue;
                            if (property.PropertyType.IsByRefLike) continue;
                            Compare(property.GetValue(expected), property.GetValue(actual), path + "." + property.Name);
                        }
                        foreach (FieldInfo field in type.GetFields(BindingFlags.Public | BindingFlags.Instance))
                            Compare(field.GetValue(expected), field.GetValue(actual), path + "." + field.Name);
                    }
                }
                finally
                {
                    _depth--;
                }
            }

            private void CompareSequences(IEnumerable expected, IEnumerable actual, string path)
            {
                var expectedItems = new List<object?>();
                foreach (object? item in expected) expectedItems.Add(item);
                var actualItems = new List<object?>();
                foreach (object? item in actual) actualItems.Add(item);
                if (expectedItems.Count != actualItems.Count) Fail(path + ".Count", expectedItems.Count.ToString(), actualItems.Count.ToString());
                for (int i = 0; i < expectedItems.Count; i++) Compare(expectedItems[i], actualItems[i], path + "[" + i + "]");
            }

            private static bool IsTupleLike(Type type) =>
                type.IsGenericType && type.GetGenericTypeDefinition() == typeof(KeyValuePair<,>);

            private static bool IsLeaf(Type type) =>
                type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(decimal) || type == typeof(DateTime)
                || type == typeof(DateTimeOffset) || type == typeof(TimeSpan) || type == typeof(DateOnly) || type == typeof(TimeOnly)
                || type == typeof(Guid) || type == typeof(Half) || type == typeof(Int128) || type == typeof(UInt128)
                || type == typeof(BigInteger) || type == typeof(Uri) || type == typeof(Version);

            private static bool LeafEqual(object expected, object actual) => expected switch
            {
                DateTime e => e.Ticks == ((DateTime)actual).Ticks && e.Kind == ((DateTime)actual).Kind,
                DateTimeOffset e => e.Ticks == ((DateTimeOffset)actual).Ticks && e.Offset == ((DateTimeOffset)actual).Offset,
                decimal e => ((ReadOnlySpan<int>)decimal.GetBits(e)).SequenceEqual(decimal.GetBits((decimal)actual)),
                Uri e => e.OriginalString == ((Uri)actual).OriginalString,
                _ => expected.Equals(actual),
            };

            private static string Show(object? value) => value switch
            {
                null => "null",
                string s => "\"" + s + "\"",
                DateTime d => d.ToString("O") + " " + d.Kind,
                _ => value.ToString() ?? value.GetType().Name,
            };

            private static void Fail(string path, string expected, string actual) =>
                throw new XunitException($"{path}: expected {expected}, read {actual}");
        }
    }
}
