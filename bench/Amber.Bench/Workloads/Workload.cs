using System;
using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    /// <summary>How big the generated data is. Quick mode is the default; --full is the brief's sizes; tiny is for the test.</summary>
    public sealed class BenchScale
    {
        public static readonly BenchScale Quick = new BenchScale("quick", bookshelfN: 100_000, sportEvents: 2_000, bootObjects: 10_000, vectors: 10_000);
        public static readonly BenchScale Full = new BenchScale("full", bookshelfN: 100_000, sportEvents: 50_000, bootObjects: 10_000, vectors: 10_000);
        public static readonly BenchScale Tiny = new BenchScale("tiny", bookshelfN: 50, sportEvents: 5, bootObjects: 30, vectors: 20);

        private BenchScale(string name, int bookshelfN, int sportEvents, int bootObjects, int vectors)
        {
            Name = name;
            BookshelfN = bookshelfN;
            SportEvents = sportEvents;
            BootObjects = bootObjects;
            Vectors = vectors;
        }

        public string Name { get; }
        public int BookshelfN { get; }
        public int SportEvents { get; }
        public int BootObjects { get; }
        public int Vectors { get; }
        public bool IsTiny => ReferenceEquals(this, Tiny);

        /// <summary>The brief's fixed seed: every run measures the same bytes.</summary>
        public const int Seed = 20261122;
    }

    /// <summary>One generated input: the value, how many objects it holds, and how to compare a copy with it.</summary>
    public abstract class WorkloadCase
    {
        protected WorkloadCase(string workload, int objects)
        {
            Workload = workload;
            Objects = objects;
        }

        public string Workload { get; }
        public int Objects { get; }

        /// <summary>Runs the measurements of one serializer on this input (double dispatch to the generic runner).</summary>
        public abstract Runner.ResultRow Run(Runner.Measurer measurer, Serializers.ISerializerAdapter adapter);
    }

    public sealed class WorkloadCase<T> : WorkloadCase
    {
        public WorkloadCase(string workload, int objects, T value, Action<Comparer, T, T> compare)
            : base(workload, objects)
        {
            Value = value;
            Compare = compare;
        }

        public T Value { get; }

        /// <summary>Touches every member of both graphs ("touch" phase): a lazy or lossy serializer cannot pass.</summary>
        public Action<Comparer, T, T> Compare { get; }

        public override Runner.ResultRow Run(Runner.Measurer measurer, Serializers.ISerializerAdapter adapter) => measurer.Run(this, adapter);
    }

    /// <summary>A workload: a name from the brief and a way to build its input at a scale.</summary>
    public abstract class Workload
    {
        public abstract string Name { get; }

        public abstract string Description { get; }

        /// <summary>Notes for the table: where a serializer gets a different but faithful shape.</summary>
        public virtual IReadOnlyList<string> Footnotes => Array.Empty<string>();

        public abstract IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep);
    }

    /// <summary>Records the first difference between two object graphs, with its path.</summary>
    public sealed class Comparer
    {
        public string? FirstDifference { get; private set; }

        public bool Failed => FirstDifference != null;

        public void Fail(string path, string what)
        {
            FirstDifference ??= path + ": " + what;
        }

        public void Equal<TValue>(string path, TValue expected, TValue actual)
        {
            if (!EqualityComparer<TValue>.Default.Equals(expected, actual)) Fail(path, $"expected {Show(expected)}, got {Show(actual)}");
        }

        public void Bytes(string path, byte[]? expected, byte[]? actual)
        {
            if (expected == null || actual == null)
            {
                if (expected != actual) Fail(path, expected == null ? "expected null" : "got null");
                return;
            }
            if (!((ReadOnlySpan<byte>)expected).SequenceEqual(actual)) Fail(path, "bytes differ");
        }

        /// <summary>Compares two sequences item by item with <paramref name="item"/>.</summary>
        public void Sequence<TItem>(string path, IEnumerable<TItem>? expected, IEnumerable<TItem>? actual, Action<Comparer, string, TItem, TItem> item)
        {
            if (expected == null || actual == null)
            {
                if (!(expected == null && actual == null)) Fail(path, expected == null ? "expected null" : "got null");
                return;
            }
            using IEnumerator<TItem> e = expected.GetEnumerator();
            using IEnumerator<TItem> a = actual.GetEnumerator();
            int i = 0;
            while (true)
            {
                bool he = e.MoveNext(), ha = a.MoveNext();
                if (he != ha) { Fail(path, $"length differs at {i}"); return; }
                if (!he) return;
                item(this, path + "[" + i + "]", e.Current, a.Current);
                if (Failed) return;
                i++;
            }
        }

        /// <summary>Compares two dictionaries by key, values with <paramref name="value"/>.</summary>
        public void Map<TKey, TValue>(string path, IReadOnlyDictionary<TKey, TValue>? expected, IReadOnlyDictionary<TKey, TValue>? actual, Action<Comparer, string, TValue, TValue> value)
        {
            if (expected == null || actual == null)
            {
                if (!(expected == null && actual == null)) Fail(path, expected == null ? "expected null" : "got null");
                return;
            }
            if (expected.Count != actual.Count) { Fail(path, $"count {expected.Count} vs {actual.Count}"); return; }
            foreach (KeyValuePair<TKey, TValue> kv in expected)
            {
                if (!actual.TryGetValue(kv.Key, out TValue? other)) { Fail(path + "[" + kv.Key + "]", "missing"); return; }
                value(this, path + "[" + kv.Key + "]", kv.Value, other);
                if (Failed) return;
            }
        }

        private static string Show<TValue>(TValue value) => value switch
        {
            null => "null",
            DateTime d => d.ToString("O") + " (" + d.Kind + ")",
            _ => value.ToString() ?? "",
        };
    }
}
