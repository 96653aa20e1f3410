using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;
using Amber.Fuzz.Targets;
using Amber.Json;
using Amber.Streaming;

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
            "Scene.stream",      // AmberStream.Read<T>: chunked frames from a stream, re-sealed (Resealer)
            "Shape.snapshot",    // AmberSnapshot.ReadFile<T>: the same frames from a file, re-sealed
            "Scene.framing",     // AmberFraming.TryReadMessage<T> until the buffer runs out
            "Traffic.framing",   // AmberFraming: length-prefixed payloads of eight types as a server reads them, prefixes re-sealed
            "Scene.json",        // AmberJson.ToJson<T>, schema-less ToJson, and the FromJson round trip
            "Scene.fromjson",    // AmberJson.FromJson<T> and FromJson<object> on JSON text (afl.sh passes fuzz/json.dict)
            "Traffic.connection", // AmberMessageReader: a captured connection of eight message types, read on after failed messages, prefixes re-sealed
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
                return name.Substring(dot + 1) switch
                {
                    "connection" => new AflTarget(name, ReadConnection, seed => model.MakeSeeds(seed)),
                    "framing" => new AflTarget(name, ReadFramedTraffic, FramedTrafficSeeds),
                    _ => null,
                };
            }
            return name.Substring(dot + 1) switch
            {
                "span" => new AflTarget(name, input => model.Span(input, null), seed => model.MakeSeeds(seed)),
                "sequence" => new AflTarget(name, input => model.Sequence(Segments(input), null), seed => model.MakeSeeds(seed)),
                "json" when model.Json != null => new AflTarget(name, input => model.Json(input, null), seed => model.MakeSeeds(seed)),
                "stream" when model.Name == "Scene" => new AflTarget(name, ReadStream, seed => Streams(seed, f => f.Scene())),
                "snapshot" when model.Name == "Shape" => new AflTarget(name, ReadSnapshot, seed => Streams(seed, f => f.Shape())),
                "framing" when model.Name == "Scene" => new AflTarget(name, ReadFrames, FramingSeeds),
                "fromjson" => FromJsonTarget(name, model),
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

        /// <summary>The stream re-sealed (<see cref="Resealer.Stream"/>) unless it is one of the inputs read as they are.</summary>
        private static void ReadStream(byte[] input)
        {
            using var stream = new MemoryStream(Resealer.StreamUnlessAsIs(input), writable: false);
            foreach (Scene item in AmberStream.Read<Scene>(stream)) GC.KeepAlive(item);
        }

        private static readonly string s_snapshotPath = Path.Combine(
            Directory.Exists("/dev/shm") ? "/dev/shm" : Path.GetTempPath(), "amber-afl-" + Environment.ProcessId + ".snapshot");

        private static void ReadSnapshot(byte[] input)
        {
            File.WriteAllBytes(s_snapshotPath, Resealer.StreamUnlessAsIs(input));
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
            // Length prefixes re-sealed: a byte inserted into or deleted from a message no longer shifts every later one.
            input = Resealer.MessagesUnlessAsIs(input, connection: true);
            ConnectionRun run = ConnectionTraffic.Read(Segments(input), null, null);
            if (run.RolledBack.Count == 0) return;
            string? difference = ConnectionTraffic.CrossCheck(input, Delivery.Whole);
            if (difference != null) throw new ConnectionOracleException(difference);
        }

        /// <summary>
        /// Plain framing (docs/format.md §7.5) of the connection target's eight types, as a server reads a socket: message
        /// <c>i</c> is read as <see cref="ConnectionTraffic.Schedule"/>[<c>i % 8</c>] with <see cref="AmberFraming.TryReadMessage"/>
        /// over <see cref="Segments"/>; a refused payload is skipped by its length prefix and the next one read, and a bad
        /// prefix or a message cut short ends the connection. Prefixes are re-sealed (<see cref="Resealer.Messages"/>) unless
        /// the input is one read as it is. The first refusal is thrown at the end.
        /// </summary>
        private static void ReadFramedTraffic(byte[] input)
        {
            ReadOnlySequence<byte> buffer = Segments(Resealer.MessagesUnlessAsIs(input, connection: false));
            AmberException? first = null;
            for (int index = 0; buffer.Length > 0; index++)
            {
                try
                {
                    if (!ReadFramed(index, ref buffer)) break;
                }
                catch (AmberException e)
                {
                    first ??= e;
                    if (!ConnectionTraffic.TryMessageLength(buffer, AmberOptions.Default, out _, out long total) || total > buffer.Length) break;
                    buffer = buffer.Slice(total);
                }
            }
            if (first != null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(first);
        }

        private static bool ReadFramed(int index, ref ReadOnlySequence<byte> buffer) => (index % ConnectionTraffic.Schedule.Length) switch
        {
            0 => ReadFramed<Scene>(ref buffer),
            1 => ReadFramed<Geometry>(ref buffer),
            2 => ReadFramed<Records>(ref buffer),
            3 => ReadFramed<TreeNode>(ref buffer),
            4 => ReadFramed<Shape>(ref buffer),
            5 => ReadFramed<Network>(ref buffer),
            6 => ReadFramed<Vector3[]>(ref buffer),
            _ => ReadFramed<Dynamic>(ref buffer),
        };

        private static bool ReadFramed<T>(ref ReadOnlySequence<byte> buffer)
        {
            if (!AmberFraming.TryReadMessage(ref buffer, out T? value)) return false;
            GC.KeepAlive(value);
            return true;
        }

        /// <summary>Message counts of <see cref="FramedTrafficSeeds"/>: one message, part of a round, a round, and rounds.</summary>
        private static readonly int[] s_framedCounts = { 1, 3, 8, 12, 17, 24 };

        /// <summary>One input per count of <see cref="s_framedCounts"/>, every third written in reference mode.</summary>
        private static List<byte[]> FramedTrafficSeeds(int seed)
        {
            var f = new ModelFactory(new Random(seed));
            var references = new AmberOptions { PreserveReferences = true };
            var seeds = new List<byte[]>();
            for (int k = 0; k < s_framedCounts.Length; k++)
            {
                AmberOptions? options = k % 3 == 2 ? references : null;
                var buffer = new ArrayBufferWriter<byte>();
                for (int i = 0; i < s_framedCounts[k]; i++)
                {
                    switch (i % ConnectionTraffic.Schedule.Length)
                    {
                        case 0: AmberFraming.WriteMessage(buffer, f.Scene(), options); break;
                        case 1: AmberFraming.WriteMessage(buffer, f.Geometry(), options); break;
                        case 2: AmberFraming.WriteMessage(buffer, f.Records(), options); break;
                        case 3: AmberFraming.WriteMessage(buffer, f.Tree(), options); break;
                        case 4: AmberFraming.WriteMessage(buffer, f.Shape(), options); break;
                        case 5: AmberFraming.WriteMessage(buffer, f.Network(), options); break;
                        case 6: AmberFraming.WriteMessage(buffer, f.Geometry().Vertices ?? Array.Empty<Vector3>(), options); break;
                        default: AmberFraming.WriteMessage(buffer, f.Dynamic(), options); break;
                    }
                }
                seeds.Add(buffer.WrittenSpan.ToArray());
            }
            return seeds;
        }

        /// <summary>
        /// <c>Model.fromjson</c>: the input is JSON text, read back with <see cref="AmberJson.FromJson{T}(ReadOnlySpan{byte}, AmberOptions?)"/>
        /// as the model and as <c>object</c>. Seeds: the typed and the schema-less views of the model's seed payloads (those
        /// the typed read takes). Scene (polymorphism, <c>$type</c>), Collections (multi-dimensional arrays, <c>$dims</c>),
        /// Dynamic (<c>object</c> members) and TreeNode (<c>$id</c>/<c>$ref</c>).
        /// </summary>
        private static AflTarget? FromJsonTarget(string name, FuzzModel model) => model.Name switch
        {
            "Scene" => FromJson<Scene>(name, model),
            "Collections" => FromJson<Collections>(name, model),
            "Dynamic" => FromJson<Dynamic>(name, model),
            "TreeNode" => FromJson<TreeNode>(name, model),
            _ => null,
        };

        private static AflTarget FromJson<T>(string name, FuzzModel model) => new AflTarget(name, ReadJson<T>, seed =>
        {
            var seeds = new List<byte[]>();
            foreach (byte[] payload in model.MakeSeeds(seed))
            {
                foreach (string view in new[] { AmberJson.ToJson<T>(payload), AmberJson.ToJson(payload) })
                {
                    byte[] json = System.Text.Encoding.UTF8.GetBytes(view);
                    try
                    {
                        ReadJson<T>(json);
                        seeds.Add(json);
                    }
                    catch (AmberException)
                    {
                        // A schema-less view the typed read refuses (it has no $type where the type needs one): not a seed.
                    }
                }
            }
            return seeds;
        });

        /// <summary>
        /// <c>FromJson&lt;T&gt;</c>, whose refusal is thrown, then <c>FromJson&lt;object&gt;</c> on the same text, whose
        /// refusal is the normal answer to most typed views (their root has no <c>$type</c>). Anything else is a crash.
        /// </summary>
        private static void ReadJson<T>(byte[] json)
        {
            AmberException? typed = null;
            try
            {
                GC.KeepAlive(AmberJson.FromJson<T>(json));
            }
            catch (AmberException e)
            {
                typed = e;
            }
            try
            {
                GC.KeepAlive(AmberJson.FromJson<object>(json));
            }
            catch (AmberException)
            {
            }
            if (typed != null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(typed);
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
