using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Amber.Fuzz.Seeds;

namespace Amber.Fuzz.Targets
{
    /// <summary>The deserialization entry points of <see cref="AmberSerializer"/>.</summary>
    public enum EntryPoint
    {
        /// <summary><c>Deserialize&lt;T&gt;(ReadOnlySpan&lt;byte&gt;)</c>.</summary>
        Span,

        /// <summary><c>Deserialize&lt;T&gt;(in ReadOnlySequence&lt;byte&gt;)</c>, the input cut into random segments.</summary>
        Sequence,

        /// <summary><c>Deserialize&lt;T&gt;(Stream)</c>, over a stream that returns random short reads.</summary>
        Stream,

        /// <summary>
        /// The differential check of the read windows: <c>Deserialize&lt;T&gt;(in ReadOnlySequence&lt;byte&gt;)</c> over segments
        /// too short for any window (<see cref="Delivery.MaxCheckedSegment"/>), so every member takes the checked reads, against
        /// <c>Deserialize&lt;T&gt;(ReadOnlySpan&lt;byte&gt;)</c> of the whole input, which takes a window wherever one fits. Both
        /// must fail with the same error (problem, offset and member path), or both succeed with the same value: written back
        /// as the model's root type, the two values must give the same bytes.
        /// </summary>
        Checked,

        /// <summary><c>DeserializeAsync&lt;T&gt;(Stream)</c>, same stream.</summary>
        StreamAsync,

        /// <summary>
        /// <c>AmberJson.ToJson&lt;T&gt;</c> and the schema-less <c>ToJson</c>; when the input also deserializes, its JSON must
        /// read back (<c>FromJson&lt;T&gt;</c>) to the same object (<see cref="JsonViewEntry"/>).
        /// </summary>
        Json,

        /// <summary>
        /// <c>AmberMessageReader.TryReadMessage&lt;T&gt;</c> over a captured connection stream of several message types, read
        /// in order by one reader, continuing after a failed message (<see cref="ConnectionTraffic"/>). Only the connection
        /// model has it, and it has only this one.
        /// </summary>
        Connection,

        /// <summary>
        /// A relay that keeps the members it lacks (<see cref="AmberUnknownMembers"/>) reads the input and writes it back; the
        /// model must read what it wrote as it reads the input (<see cref="KeptRelay"/>). The targets are named
        /// <c>Kept.Model</c>; only the models with a relay have one.
        /// </summary>
        Relay,
    }

    public delegate object? SpanEntry(ReadOnlySpan<byte> input, AmberOptions? options);

    public delegate object? SequenceEntry(in ReadOnlySequence<byte> input, AmberOptions? options);

    /// <summary>One root model: how to write seeds of it, and its four entry points, each naming the type.</summary>
    public sealed class FuzzModel
    {
        public FuzzModel(string name, Type root, Func<ModelFactory, AmberOptions?, byte[]> writeSeed, SpanEntry span, SequenceEntry sequence,
            Func<Stream, AmberOptions?, object?> stream, Func<Stream, AmberOptions?, Task<object?>> streamAsync, Func<byte[], AmberOptions?, object?>? json = null,
            Func<byte[], AmberOptions?, RelayRun>? relay = null)
        {
            Json = json;
            Relay = relay;
            Name = name;
            Root = root;
            WriteSeed = writeSeed;
            Span = span;
            Sequence = sequence;
            Stream = stream;
            StreamAsync = streamAsync;
        }

        public string Name { get; }

        /// <summary>The type the entry points read: the values of <see cref="EntryPoint.Checked"/> are written back as it.</summary>
        public Type Root { get; }

        public Func<ModelFactory, AmberOptions?, byte[]> WriteSeed { get; }

        public SpanEntry Span { get; }

        public SequenceEntry Sequence { get; }

        public Func<Stream, AmberOptions?, object?> Stream { get; }

        public Func<Stream, AmberOptions?, Task<object?>> StreamAsync { get; }

        /// <summary>The JSON view entry point (<see cref="JsonViewEntry.Run{T}"/>), or null for a model the view does not serve.</summary>
        public Func<byte[], AmberOptions?, object?>? Json { get; }

        /// <summary>The kept-members entry point (<see cref="KeptRelay.Run{TRelay, TFull}"/>), or null for a model without a relay.</summary>
        public Func<byte[], AmberOptions?, RelayRun>? Relay { get; }

        /// <summary>Whether this is the connection model: its inputs are connection streams, read by <see cref="ConnectionTraffic"/>.</summary>
        public bool IsConnection { get; private init; }

        /// <summary>
        /// The connection model: seeds are captured connection streams (<see cref="ConnectionTraffic.WriteSeed"/>), and its only
        /// entry point is <see cref="EntryPoint.Connection"/>; the single-payload entry points refuse to run it.
        /// </summary>
        public static FuzzModel ForConnection() => new FuzzModel(ConnectionTraffic.ModelName, typeof(object), ConnectionTraffic.WriteSeed,
            (s, o) => throw new NotSupportedException("a connection stream is not one payload"),
            (in ReadOnlySequence<byte> s, AmberOptions? o) => throw new NotSupportedException("a connection stream is not one payload"),
            (s, o) => throw new NotSupportedException("a connection stream is not one payload"),
            (s, o) => throw new NotSupportedException("a connection stream is not one payload"))
        {
            IsConnection = true,
        };

        /// <summary>
        /// Valid payloads from a fixed seed: some written plainly and some in reference mode
        /// (<c>AmberOptions.PreserveReferences</c>), so both header forms are in every corpus.
        /// </summary>
        public List<byte[]> MakeSeeds(int seed, int plain = 4, int withReferences = 2)
        {
            var factory = new ModelFactory(new Random(seed ^ StableHash(Name)));
            var refs = new AmberOptions { PreserveReferences = true };
            var seeds = new List<byte[]>();
            for (int i = 0; i < plain; i++) seeds.Add(WriteSeed(factory, null));
            for (int i = 0; i < withReferences; i++) seeds.Add(WriteSeed(factory, refs));
            return seeds;
        }

        /// <summary>A hash that is the same in every process (string.GetHashCode is randomized).</summary>
        internal static int StableHash(string s)
        {
            uint h = 2166136261;
            foreach (char c in s) h = (h ^ c) * 16777619;
            return (int)h;
        }
    }

    /// <summary>A (model, entry point) pair: what one fuzzing loop exercises.</summary>
    public sealed class FuzzTarget
    {
        public FuzzTarget(FuzzModel model, EntryPoint entry)
        {
            Model = model;
            Entry = entry;
            Name = entry == EntryPoint.Relay ? KeptRelay.Prefix + "." + model.Name : model.Name + "." + entry.ToString().ToLowerInvariant();
        }

        public string Name { get; }

        public FuzzModel Model { get; }

        public EntryPoint Entry { get; }

        /// <summary>Every model through every entry point.</summary>
        public static IReadOnlyList<FuzzTarget> All { get; } = CreateAll();

        private static List<FuzzTarget> CreateAll()
        {
            var all = new List<FuzzTarget>();
            foreach (FuzzModel m in FuzzModels.All)
            {
                foreach (EntryPoint e in Enum.GetValues<EntryPoint>())
                {
                    bool has = e switch
                    {
                        EntryPoint.Connection => m.IsConnection,
                        EntryPoint.Json => m.Json != null,
                        EntryPoint.Relay => m.Relay != null,
                        _ => !m.IsConnection,
                    };
                    if (has) all.Add(new FuzzTarget(m, e));
                }
            }
            return all;
        }

        /// <summary>
        /// Targets whose name is <paramref name="filter"/>, or starts with it followed by '.', or ends
        /// with '.' and it (so "Scene" is a model's entry points and its relay <c>Kept.Scene</c>, "span" one entry point of
        /// every model, and "Kept" every relay).
        /// </summary>
        public static List<FuzzTarget> Select(string filter)
        {
            if (filter == "all") return new List<FuzzTarget>(All);
            return All.FindAll(t => string.Equals(t.Name, filter, StringComparison.OrdinalIgnoreCase)
                || t.Name.StartsWith(filter + ".", StringComparison.OrdinalIgnoreCase)
                || t.Name.EndsWith("." + filter, StringComparison.OrdinalIgnoreCase));
        }
    }

    internal static class ListExtensions
    {
        public static List<T> FindAll<T>(this IReadOnlyList<T> list, Predicate<T> match)
        {
            var result = new List<T>();
            foreach (T item in list) if (match(item)) result.Add(item);
            return result;
        }
    }
}
