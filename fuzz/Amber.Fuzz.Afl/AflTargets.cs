using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz.Afl
{
    /// <summary>
    /// One deserialization entry point over one root model, as afl-fuzz drives it: the input bytes go in whole, and
    /// everything about the call (segment lengths, reads, options) is fixed, so the same input always takes the same path
    /// (afl-fuzz's stability figure depends on it).
    /// </summary>
    public sealed class AflTarget
    {
        public AflTarget(string name, Action<byte[]> run, Func<int, List<byte[]>> seeds)
        {
            Name = name;
            Run = run;
            Seeds = seeds;
        }

        /// <summary><c>Model.entry</c>, as the in-process fuzzer names its targets (and its findings).</summary>
        public string Name { get; }

        /// <summary>Runs the input. An <see cref="AmberException"/> is caught by the caller; anything else is a crash.</summary>
        public Action<byte[]> Run { get; }

        /// <summary>Valid inputs from a fixed seed, written by the in-process fuzzer's seed factory.</summary>
        public Func<int, List<byte[]>> Seeds { get; }
    }

    /// <summary>
    /// The targets afl.sh fuzzes by default, and every model's span entry point besides (so any finding named
    /// <c>Model.span-….bin</c> replays). <c>Kept.Model</c> is a model's relay (<see cref="KeptRelay"/>): a broken promise of
    /// it (the relayed bytes read to another value, say) is a <see cref="KeptRelayMismatchException"/>, a crash here too. The
    /// root types are the in-process fuzzer's (<see cref="FuzzModels"/>): their formatters are generated in Amber.Fuzz.dll,
    /// which afl.sh instruments with Amber.dll.
    /// </summary>
    public static class AflTargets
    {
        /// <summary>Run by <c>fuzz/afl.sh</c> with no target named: each shape of input the format has, once.</summary>
        public static IReadOnlyList<string> Default { get; } = new[]
        {
            "Scalars.span",      // every scalar and nullable scalar
            "Collections.span",  // every collection and key kind, immutable collections, multi-dimensional arrays
            "Scene.span",        // polymorphism: an abstract base, an interface with class and struct cases
            "Dynamic.span",      // object, object[], List<object>, Dictionary<string, object>
            "TreeNode.span",     // [AmberPreserveReferences]: cycles and shared instances
            "Object.span",       // an object root: the type comes from the payload
            "Scene.sequence",    // Deserialize<T>(in ReadOnlySequence<byte>), segments of 1 to 13 bytes
            "Scene.stream",      // AmberStream.Read<T>: chunked frames from a stream
            "Shape.snapshot",    // AmberSnapshot.ReadFile<T>: the same frames from a file
            "Scene.framing",     // AmberFraming.TryReadMessage<T> until the buffer runs out
            "Scene.json",        // AmberJson.ToJson<T>, schema-less ToJson, and the FromJson round trip
            "Traffic.connection", // AmberMessageReader: a captured connection of eight message types, read on after failed messages
            "Kept.Scene",        // a relay keeps what it lacks (AmberUnknownMembers) and writes it on: polymorphic values
            "Kept.Collections",  // the same: every collection and key kind, relayed items in a map and a linked list
            "Kept.Geometry",     // the same: inline structs and rows read into a struct that keeps the members it lacks
            "Kept.Network",      // the same: an item graph (shared in reference mode) whose items keep their next item, kept labels, owner and logo
        };

        private static readonly AmberStreamOptions s_frames = new AmberStreamOptions { ItemsPerFrame = 2 };

        public static AflTarget? Find(string name)
        {
            int dot = name.IndexOf('.', StringComparison.Ordinal);
            if (dot < 0) return null;
            string modelName = name.Substring(0, dot);
            FuzzModel? model = null;
            // Kept.Model: the model's relay (KeptRelay).
            bool kept = modelName == KeptRelay.Prefix;
            if (kept) modelName = name.Substring(dot + 1);
            foreach (FuzzModel m in FuzzModels.All)
            {
                if (string.Equals(m.Name, modelName, StringComparison.Ordinal)) model = m;
            }
            if (model == null) return null;
            if (kept)
            {
                Func<byte[], AmberOptions?, RelayRun>? relay = model.Relay;
                // The model's seeds that the relay reads: afl-fuzz starts from clean runs, and a relay refuses some of them (a
                // reference-mode Network whose items link to an item the relay keeps).
                return relay == null ? null : new AflTarget(name, input => Relay(relay, input), seed => model.MakeSeeds(seed).FindAll(s => relay(s, null).Error == null));
            }
            if (model.IsConnection)
            {
                return name.Substring(dot + 1) == "connection" ? new AflTarget(name, ReadConnection, seed => model.MakeSeeds(seed)) : null;
            }
            return name.Substring(dot + 1) switch
            {
                "span" => new AflTarget(name, input => model.Span(input, null), seed => model.MakeSeeds(seed)),
                "sequence" => new AflTarget(name, input => model.Sequence(Segments(input), null), seed => model.MakeSeeds(seed)),
                "json" when model.Json != null => new AflTarget(name, input => model.Json(input, null), seed => model.MakeSeeds(seed)),
                "stream" when model.Name == "Scene" => new AflTarget(name, ReadStream, seed => Streams(seed, f => f.Scene())),
                "snapshot" when model.Name == "Shape" => new AflTarget(name, ReadSnapshot, seed => Streams(seed, f => f.Shape())),
                "framing" when model.Name == "Scene" => new AflTarget(name, ReadFrames, FramingSeeds),
                _ => null,
            };
        }

        /// <summary>
        /// The input cut into segments of 1, 2, 3 … 13 bytes, over and over: every segment boundary the readers have
        /// (a varint, a length, a string split across two segments) meets one, the same way on every run.
        /// </summary>
        public static ReadOnlySequence<byte> Segments(byte[] input)
        {
            if (input.Length == 0) return ReadOnlySequence<byte>.Empty;
            Segment first = new Segment(input.AsMemory(0, Math.Min(1, input.Length)), 0);
            Segment last = first;
            int offset = first.Memory.Length;
            for (int size = 2; offset < input.Length; size = size == 13 ? 1 : size + 1)
            {
                int n = Math.Min(size, input.Length - offset);
                last = last.Append(input.AsMemory(offset, n));
                offset += n;
            }
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        /// <summary>A relay's run: its refusal of the input is thrown as the other targets' are.</summary>
        private static void Relay(Func<byte[], AmberOptions?, RelayRun> relay, byte[] input)
        {
            AmberException? refusal = relay(input, null).Error;
            if (refusal != null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(refusal);
        }

        private static void ReadStream(byte[] input)
        {
            using var stream = new MemoryStream(input, writable: false);
            foreach (Scene item in AmberStream.Read<Scene>(stream)) GC.KeepAlive(item);
        }

        private static readonly string s_snapshotPath = Path.Combine(
            Directory.Exists("/dev/shm") ? "/dev/shm" : Path.GetTempPath(), "amber-afl-" + Environment.ProcessId + ".snapshot");

        private static void ReadSnapshot(byte[] input)
        {
            File.WriteAllBytes(s_snapshotPath, input);
            foreach (Shape item in AmberSnapshot.ReadFile<Shape>(s_snapshotPath)) GC.KeepAlive(item);
        }

        private static void ReadFrames(byte[] input)
        {
            ReadOnlySequence<byte> buffer = Segments(input);
            while (AmberFraming.TryReadMessage<Scene>(ref buffer, out Scene? message)) GC.KeepAlive(message);
        }

        /// <summary>
        /// The connection read as <see cref="ConnectionTraffic"/> reads it (one reader, on after a failed message), over
        /// <see cref="Segments"/>, with its own checks (the buffer stays put on a refusal, offsets inside the message). When a
        /// message was rolled back, the rollback check too: the stream without it must read the same (else a crash).
        /// </summary>
        private static void ReadConnection(byte[] input)
        {
            ConnectionRun run = ConnectionTraffic.Read(Segments(input), null, null);
            if (run.RolledBack.Count == 0) return;
            string? difference = ConnectionTraffic.CrossCheck(input, Delivery.Whole);
            if (difference != null) throw new ConnectionOracleException(difference);
        }

        private static List<byte[]> Streams<T>(int seed, Func<ModelFactory, T> make)
        {
            var factory = new ModelFactory(new Random(seed));
            var seeds = new List<byte[]>();
            foreach (int count in new[] { 0, 1, 3, 5 })
            {
                var items = new List<T>();
                for (int i = 0; i < count; i++) items.Add(make(factory));
                using var stream = new MemoryStream();
                AmberStream.Write(stream, items, s_frames);
                seeds.Add(stream.ToArray());
            }
            return seeds;
        }

        private static List<byte[]> FramingSeeds(int seed)
        {
            var factory = new ModelFactory(new Random(seed));
            var seeds = new List<byte[]>();
            foreach (int count in new[] { 1, 2, 4 })
            {
                var buffer = new ArrayBufferWriter<byte>();
                for (int i = 0; i < count; i++) AmberFraming.WriteMessage(buffer, factory.Scene());
                seeds.Add(buffer.WrittenSpan.ToArray());
            }
            return seeds;
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
            {
                Memory = memory;
                RunningIndex = runningIndex;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }
}
