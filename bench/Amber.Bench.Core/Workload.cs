using System;
using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    /// <summary>How big the generated data is. Quick mode is the default; --full is the full-size data; tiny is for the test.</summary>
    public sealed class BenchScale
    {
        public static readonly BenchScale Quick = new BenchScale("quick", bookshelfN: 100_000, sportEvents: 2_000, bootObjects: 10_000, vectors: 10_000, everyday: EverydaySizes.Standard);
        public static readonly BenchScale Full = new BenchScale("full", bookshelfN: 100_000, sportEvents: 50_000, bootObjects: 10_000, vectors: 10_000, everyday: EverydaySizes.Standard);
        public static readonly BenchScale Tiny = new BenchScale("tiny", bookshelfN: 50, sportEvents: 5, bootObjects: 30, vectors: 20, everyday: new EverydaySizes(Records: 40, Rows: 40, Sprites: 20, Messages: 30));

        private BenchScale(string name, int bookshelfN, int sportEvents, int bootObjects, int vectors, EverydaySizes everyday)
        {
            Name = name;
            BookshelfN = bookshelfN;
            SportEvents = sportEvents;
            BootObjects = bootObjects;
            Vectors = vectors;
            Everyday = everyday;
        }

        public string Name { get; }
        public int BookshelfN { get; }
        public int SportEvents { get; }
        public int BootObjects { get; }
        public int Vectors { get; }

        /// <summary>How many objects each case of the everyday workload holds.</summary>
        public EverydaySizes Everyday { get; }

        public bool IsTiny => ReferenceEquals(this, Tiny);

        /// <summary>The fixed seed: every run measures the same bytes.</summary>
        public const int Seed = 20261122;
    }

    /// <summary>The everyday workload's case sizes: trades, sensor readings, sprites, and messages (each its own payload).</summary>
    public sealed record EverydaySizes(int Records, int Rows, int Sprites, int Messages)
    {
        /// <summary>Quick and full mode: 50,000 records and rows, 20,000 sprites, 10,000 messages.</summary>
        public static readonly EverydaySizes Standard = new EverydaySizes(Records: 50_000, Rows: 50_000, Sprites: 20_000, Messages: 10_000);
    }

    /// <summary>
    /// What a workload's shape asks of a serializer beyond plain members, so that each adapter can
    /// turn on what its serializer needs for it (and only for it: the other workloads keep the
    /// serializer's default, fastest set-up).
    /// </summary>
    [Flags]
    public enum ShapeNeeds
    {
        None = 0,

        /// <summary>One object is reachable from two places and must come back as one instance (gamestate's equipped weapon).</summary>
        SharedReferences = 1,

        /// <summary>Members declared as <c>object</c> that hold numbers, strings and bools (gamestate's variables).</summary>
        ObjectValues = 2,

        /// <summary>The value is declared as an abstract base, so each payload has to name its concrete type at the root (everyday's messages).</summary>
        PolymorphicRoot = 4,
    }

    /// <summary>One generated input: the value, how many objects it holds, and how to compare a copy with it.</summary>
    public abstract class WorkloadCase
    {
        protected WorkloadCase(string workload, int objects, ShapeNeeds needs)
        {
            Workload = workload;
            Objects = objects;
            Needs = needs;
        }

        public string Workload { get; }

        /// <summary>
        /// Which of the workload's cases this is, where its cases differ in shape rather than in size
        /// (everyday: "records", "rows", …): printed after the workload's name ("everyday: records") in
        /// the table heading, the summary, the CSV and the chart. Null for a workload of one shape.
        /// </summary>
        public string? Case { get; init; }

        /// <summary>The workload's name, and the case's after a colon when there is one.</summary>
        public string Title => Case == null ? Workload : Workload + ": " + Case;

        public int Objects { get; }

        /// <summary>
        /// A reference point timed in the same interleaved rounds as the serializers, where the workload
        /// has one (vector3: a plain memory copy of the same bytes into a fresh array); null otherwise.
        /// Printed under the workload's table, never counted as a peer.
        /// </summary>
        public Baseline? Baseline { get; init; }

        /// <summary>What the shape asks of a serializer (the adapter is configured for it before measuring).</summary>
        public ShapeNeeds Needs { get; }

        /// <summary>Sets up, checks and warms up one serializer on this input for the measurer (double dispatch to the generic code).</summary>
        public abstract Runner.Measurer.Subject Prepare(Runner.Measurer measurer, Serializers.ISerializerAdapter adapter);

        /// <summary>Calls <paramref name="visitor"/> with the typed case (for tests that work on any workload).</summary>
        public abstract TResult Accept<TResult>(IWorkloadCaseVisitor<TResult> visitor);
    }

    /// <summary>Something done with a workload case of any type.</summary>
    public interface IWorkloadCaseVisitor<TResult>
    {
        TResult Visit<T>(WorkloadCase<T> input);

        /// <summary>A case whose items are each written as a payload of their own.</summary>
        TResult Visit<TItem>(PayloadPerItemCase<TItem> input);
    }

    /// <summary>An operation a serializer's deserialize is compared with: its name, its size in bytes, and the operation.</summary>
    public sealed class Baseline
    {
        public Baseline(string name, long bytes, Action operation)
        {
            Name = name;
            Bytes = bytes;
            Operation = operation;
        }

        public string Name { get; }

        public long Bytes { get; }

        public Action Operation { get; }
    }

    public sealed class WorkloadCase<T> : WorkloadCase
    {
        public WorkloadCase(string workload, int objects, T value, Action<Comparer, T, T> compare, ShapeNeeds needs = ShapeNeeds.None)
            : base(workload, objects, needs)
        {
            Value = value;
            Compare = compare;
        }

        public T Value { get; }

        /// <summary>Touches every member of both graphs ("touch" phase): a lazy or lossy serializer cannot pass.</summary>
        public Action<Comparer, T, T> Compare { get; }

        public override Runner.Measurer.Subject Prepare(Runner.Measurer measurer, Serializers.ISerializerAdapter adapter) => measurer.Prepare(this, adapter);

        public override TResult Accept<TResult>(IWorkloadCaseVisitor<TResult> visitor) => visitor.Visit(this);
    }

    /// <summary>
    /// A case whose value is a list of items that are each written as a payload of their own, declared
    /// as <typeparamref name="TItem"/> (a server's messages: one Serialize call and one Deserialize call
    /// per message). Serializing is the loop over the items, each written into the reused buffer from
    /// its start; deserializing is the loop over the payloads those calls wrote; the size is all of them
    /// together; the comparison covers every item.
    /// </summary>
    public sealed class PayloadPerItemCase<TItem> : WorkloadCase
    {
        public PayloadPerItemCase(string workload, IReadOnlyList<TItem> items, Action<Comparer, string, TItem, TItem> compare, ShapeNeeds needs = ShapeNeeds.None)
            : base(workload, items.Count, needs)
        {
            Items = items;
            Compare = compare;
        }

        public IReadOnlyList<TItem> Items { get; }

        /// <summary>Touches every member of an item and its copy (the path names the item: "[i]").</summary>
        public Action<Comparer, string, TItem, TItem> Compare { get; }

        public override Runner.Measurer.Subject Prepare(Runner.Measurer measurer, Serializers.ISerializerAdapter adapter) => measurer.Prepare(this, adapter);

        public override TResult Accept<TResult>(IWorkloadCaseVisitor<TResult> visitor) => visitor.Visit(this);
    }

    /// <summary>A workload: a name and a way to build its input at a scale.</summary>
    public abstract class Workload
    {
        public abstract string Name { get; }

        public abstract string Description { get; }

        /// <summary>What the table heading says about one of the workload's cases (<see cref="WorkloadCase.Case"/>); the workload's description unless it has cases of different shapes.</summary>
        public virtual string Describe(string? caseLabel) => Description;

        /// <summary>What the shape asks of a serializer beyond plain members; passed on with each case.</summary>
        public virtual ShapeNeeds Needs => ShapeNeeds.None;

        /// <summary>Notes for the table: how each serializer is set up for this workload, and any stand-in shape.</summary>
        public virtual IReadOnlyList<string> Footnotes => Array.Empty<string>();

        public abstract IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep);
    }

    /// <summary>Records the first difference between two object graphs, with its path.</summary>
    public sealed class Comparer
    {
        /// <param name="checksIdentity">Whether the serializer under test keeps shared references, so that identity is part of the comparison.</param>
        public Comparer(bool checksIdentity = false)
        {
            ChecksIdentity = checksIdentity;
        }

        /// <summary>Whether <see cref="SameInstance"/> checks anything: true when the serializer under test was configured to keep shared references.</summary>
        public bool ChecksIdentity { get; }

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

        /// <summary>
        /// Two members of the original point to one object (<paramref name="expectedFirst"/> and
        /// <paramref name="expectedSecond"/> are the same instance): the copy's must too, when the
        /// serializer keeps references. Otherwise the copy's second reference is a separate, equal object,
        /// which the member-by-member comparison covers.
        /// </summary>
        public void SameInstance(string path, object? expectedFirst, object? expectedSecond, object? actualFirst, object? actualSecond)
        {
            if (!ReferenceEquals(expectedFirst, expectedSecond)) Fail(path, "the original does not share this instance (a bug in the workload)");
            else if (ChecksIdentity && !ReferenceEquals(actualFirst, actualSecond)) Fail(path, "two references to one object came back as two objects");
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
