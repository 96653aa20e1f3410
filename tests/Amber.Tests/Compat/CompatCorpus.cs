using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Amber.Compression;
using Amber.Streaming;
using Xunit;

// The corpus writes and reads through generic helpers (Payload<T>, Stream<T>), which are no concrete call
// sites, so every root type is named here for the generator.
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatEnvelope))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatBookShelf))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatVector3[]))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.GameSave))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.SportFeed))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.BootResponse))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatScalars))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatExtremes))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatEnums))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatCollections))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatNullables))]
[assembly: Amber.AmberSerializable(typeof(int?))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatPoint?))]
[assembly: Amber.AmberSerializable(typeof(string))]
[assembly: Amber.AmberSerializable(typeof(System.Collections.Generic.List<int>))]
[assembly: Amber.AmberSerializable(typeof(System.Collections.Generic.Dictionary<string, string>))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatNested))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatConstruction))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatPositional))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatPolymorphism))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatShape))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.ICompatAnimal))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatReferences))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatGraph))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatObjects))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatReplacements))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.EngineColor))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatMoney))]
[assembly: Amber.AmberSerializable(typeof(object))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatWideHolder))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatWide))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatCollisions))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatRows))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatMultiDim))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatEmptyGrids))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatLogEntry))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatNode))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatVector3))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatBook))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatSharedCollections))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatInlineScene))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatInlineSpotsV1))]
[assembly: Amber.AmberSerializable(typeof(Amber.Tests.Compat.CompatInlineSpotsV2))]

namespace Amber.Tests.Compat
{
    /// <summary>
    /// Every file of tests/compat, with how it is written and read. ENTRIES ARE ONLY EVER ADDED: an
    /// entry's name, writer and expected object stay as they are once its file exists (the file is the
    /// contract); to cover a new feature or a new version's writer, add an entry with a new name.
    /// </summary>
    public static class CompatCorpus
    {
        private static readonly AmberOptions References = new AmberOptions { PreserveReferences = true };

        public static IReadOnlyList<CompatEntry> Entries { get; } = Build();

        private static CompatEntry Payload<T>(string name, Func<T> expected, AmberOptions? options = null, bool identity = false) =>
            new CompatEntry(
                name + ".amber",
                () => AmberSerializer.Serialize(expected(), options),
                bytes =>
                {
                    DeepCompare.Equal(expected(), AmberSerializer.Deserialize<T>(bytes, options), identity);
                    DeepCompare.Equal(expected(), AmberSerializer.Deserialize<T>(new MemoryStream(bytes), options), identity);
                });

        private static CompatEntry Stream<T>(string name, Func<List<T>> expected, AmberStreamOptions options, bool identity = false) =>
            new CompatEntry(
                name + ".ambs",
                () =>
                {
                    var stream = new MemoryStream();
                    AmberStream.Write(stream, expected(), options);
                    return stream.ToArray();
                },
                bytes =>
                {
                    DeepCompare.Equal(expected(), AmberStream.ReadAll<T>(new MemoryStream(bytes), options), identity);
                    DeepCompare.Equal(expected(), AmberStream.ReadAllAsync<T>(new MemoryStream(bytes), options).GetAwaiter().GetResult(), identity);
                });

        private static IReadOnlyList<CompatEntry> Build()
        {
            var entries = new List<CompatEntry>
            {
                // ---- the six bench workloads, at a small scale
                Payload("workload-envelope", CompatFactory.Envelope),
                Payload("workload-bookshelf", CompatFactory.BookShelf),
                Payload("workload-vector3", CompatFactory.Vectors),
                Payload("workload-gamestate", CompatFactory.GameSave),
                Payload("workload-sportevents", CompatFactory.SportFeed),
                Payload("workload-bootpayload", CompatFactory.BootResponse),

                // ---- features
                Payload("scalars", CompatFactory.Scalars),
                Payload("scalars-extremes", CompatFactory.Extremes),
                Payload("scalars-defaults", () => new CompatScalars()),
                Payload("enums", CompatFactory.Enums),
                Payload("collections", CompatFactory.Collections),
                Payload("collections-empty-and-null", () => new CompatCollections { IntArray = Array.Empty<int>(), StringList = new List<string>(), Dictionary = new Dictionary<string, int>() }),
                Payload("nullables", CompatFactory.Nullables),
                Payload("root-nullable-int", () => (int?)-42),
                Payload("root-nullable-null", () => (int?)null),
                Payload("root-nullable-struct", () => (CompatPoint?)new CompatPoint { X = 3, Y = 4 }),
                Payload("root-string", () => "a root string"),
                Payload("root-int-list", () => new List<int> { 1, 2, 3 }),
                Payload("root-string-dictionary", () => new Dictionary<string, string> { ["a"] = "b" }),
                Payload("root-null-class", () => (CompatNested?)null),
                Payload("records-constructors", CompatFactory.Construction),
                Payload("root-record", () => new CompatPositional("root", 5, "g")),
                Payload("polymorphism", CompatFactory.Polymorphism),
                Payload("polymorphism-abstract-root", () => (CompatShape)new CompatColoredSquare { Name = "root", Width = 1, Height = 2, Color = new EngineColor { B = 9 } }),
                Payload("polymorphism-interface-root", () => (ICompatAnimal)new CompatCat("root cat", 3)),
                Payload("polymorphism-former-type-name", () => (CompatShape)new CompatBlade { Name = "renamed", Sharpness = 12 }),
                Payload("references-cycle", CompatFactory.References, References, identity: true),
                Payload("references-attribute-graph", CompatFactory.Graph, identity: true),
                Payload("references-object-members", () => ReferencedObjects(), References, identity: true),
                Payload("surrogates-formatters", CompatFactory.Replacements),
                Payload("root-surrogate", () => new EngineColor { R = 1, G = 2, B = 3, A = 4 }),
                Payload("root-formatter", () => new CompatMoney(-7.5m, "JPY")),
                Payload("object-members", CompatFactory.Objects),
                Payload("root-object-int", () => (object)5),
                Payload("root-object-model", () => (object)new CompatNested { Id = 9, Label = "as object" }),
                Payload("wide-shapes", CompatFactory.WideHolder),
                Payload("wide-root", () => CompatFactory.Wide(5)),
                Payload("key-collisions", CompatFactory.Collisions),
                Payload("rows", CompatFactory.Rows),
                Payload("multidimensional-arrays", CompatFactory.MultiDim),

                // ---- version tolerance: each file is read as the version that wrote it and as the other
                new CompatEntry(
                    "version-contact-v1.amber",
                    () => AmberSerializer.Serialize(CompatFactory.ContactV1()),
                    bytes =>
                    {
                        DeepCompare.Equal(CompatFactory.ContactV1(), AmberSerializer.Deserialize<CompatContactV1>(bytes));
                        DeepCompare.Equal(CompatFactory.ContactV1AsV2(), AmberSerializer.Deserialize<CompatContactV2>(bytes));
                    }),
                new CompatEntry(
                    "version-contact-v2.amber",
                    () => AmberSerializer.Serialize(CompatFactory.ContactV2()),
                    bytes =>
                    {
                        DeepCompare.Equal(CompatFactory.ContactV2(), AmberSerializer.Deserialize<CompatContactV2>(bytes));
                        DeepCompare.Equal(CompatFactory.ContactV2AsV1(), AmberSerializer.Deserialize<CompatContactV1>(bytes));
                    }),
                new CompatEntry(
                    "version-contact-v1-list.amber",
                    () => AmberSerializer.Serialize(new List<CompatContactV1> { CompatFactory.ContactV1(), new CompatContactV1 { Name = "second" } }),
                    bytes => DeepCompare.Equal(
                        new List<CompatContactV2> { CompatFactory.ContactV1AsV2(), new CompatContactV2 { Name = "second" } },
                        AmberSerializer.Deserialize<List<CompatContactV2>>(bytes))),
                new CompatEntry(
                    "version-key-collision-v1.amber",
                    () => AmberSerializer.Serialize(CompatFactory.CollisionV1()),
                    bytes =>
                    {
                        DeepCompare.Equal(CompatFactory.CollisionV1(), AmberSerializer.Deserialize<CompatCollisionV1>(bytes));
                        DeepCompare.Equal(new CompatCollisionV2 { M092 = 92, Tail = "tail" }, AmberSerializer.Deserialize<CompatCollisionV2>(bytes));
                    }),
                new CompatEntry(
                    "version-key-collision-v2.amber",
                    () => AmberSerializer.Serialize(CompatFactory.CollisionV2()),
                    bytes =>
                    {
                        DeepCompare.Equal(CompatFactory.CollisionV2(), AmberSerializer.Deserialize<CompatCollisionV2>(bytes));
                        DeepCompare.Equal(CompatFactory.CollisionV1(), AmberSerializer.Deserialize<CompatCollisionV1>(bytes));
                    }),

                // ---- chunked streams: several frames each (ItemsPerFrame 16 for 40 items)
                Stream("stream-stored", () => CompatFactory.LogEntries(40), new AmberStreamOptions { ItemsPerFrame = 16 }),
                Stream("stream-brotli", () => CompatFactory.LogEntries(40), new AmberStreamOptions { ItemsPerFrame = 16, Compression = AmberBrotli.Default }),
                Stream("stream-lz4", () => CompatFactory.LogEntries(40), new AmberStreamOptions { ItemsPerFrame = 16, Compression = AmberLz4.Default }),
                Stream("stream-lz4-references", () => CompatFactory.NodeRing(12), new AmberStreamOptions { ItemsPerFrame = 5, Compression = AmberLz4.Default, Serializer = References }, identity: true),
                Stream("stream-rows-brotli", () => new List<CompatVector3>(CompatFactory.Vectors()), new AmberStreamOptions { ItemsPerFrame = 64, Compression = AmberBrotli.Default }),
                new CompatEntry("snapshot-lz4.ambs", WriteSnapshot, VerifySnapshot),

                // ---- message streams
                new CompatEntry("messages-framing.ambm", WriteMessages, VerifyMessages),

                // ---- added in 0.2.0: reference mode of format version 2 (collections keep their identity)
                Payload("references-collections", () => CompatFactory.SharedCollections(), References, identity: true),
                Stream("stream-lz4-references-collections", () => new List<CompatSharedCollections> { CompatFactory.SharedCollections(0), CompatFactory.SharedCollections(10), CompatFactory.SharedCollections(20) },
                    new AmberStreamOptions { ItemsPerFrame = 2, Compression = AmberLz4.Default, Serializer = References }, identity: true),

                // ---- added in 0.3.0: structs of primitives written inline (format §5.1); the files above hold their object form
                Payload("inline-workload-gamestate", CompatFactory.GameSave),
                Payload("inline-rows", CompatFactory.Rows),
                Payload("inline-nullables", CompatFactory.Nullables),
                Payload("inline-polymorphism", CompatFactory.Polymorphism),
                Payload("inline-surrogates-formatters", CompatFactory.Replacements),
                Payload("inline-object-members", CompatFactory.Objects),
                Payload("inline-root-surrogate", () => new EngineColor { R = 1, G = 2, B = 3, A = 4 }),
                Payload("inline-root-nullable-struct", () => (CompatPoint?)new CompatPoint { X = 3, Y = 4 }),
                Payload("inline-scene", () => CompatFactory.InlineScene()),
                Payload("inline-scene-references", () => CompatFactory.InlineScene(), References, identity: true),
                new CompatEntry(
                    "inline-version-spot-v1.amber",
                    () => AmberSerializer.Serialize(CompatFactory.InlineSpotsV1()),
                    bytes =>
                    {
                        DeepCompare.Equal(CompatFactory.InlineSpotsV1(), AmberSerializer.Deserialize<CompatInlineSpotsV1>(bytes));
                        DeepCompare.Equal(CompatFactory.InlineSpotsV1AsV2(), AmberSerializer.Deserialize<CompatInlineSpotsV2>(bytes));
                    }),
                Stream("inline-stream-lz4-references", () => new List<CompatInlineScene> { CompatFactory.InlineScene(0), CompatFactory.InlineScene(1), CompatFactory.InlineScene(2) },
                    new AmberStreamOptions { ItemsPerFrame = 2, Compression = AmberLz4.Default, Serializer = References }, identity: true),

                // ---- added in 0.3.0: connection streams (format §7.6), shapes once per connection
                new CompatEntry("connection-messages.ambc", WriteConnection, VerifyConnection),

                // ---- added in 0.4.0: an empty multi-dimensional array with a length above 0 keeps its lengths (format §6.1)
                Payload("multidimensional-empty-lengths", () => CompatFactory.EmptyGrids(shared: false)),
                Payload("multidimensional-empty-lengths-references", () => CompatFactory.EmptyGrids(shared: true), References, identity: true),
            };

            return entries;
        }

        private static CompatObjects ReferencedObjects()
        {
            var shared = new CompatNested { Id = 1, Label = "shared" };
            var list = new List<object> { shared, "text" };
            list.Add(list); // a list in object position keeps its identity and may contain itself (format §7.3)
            return new CompatObjects
            {
                Model = shared,
                ModelList = list,
                Items = new List<object> { list, shared }, // a typed List<object> member has no identity of its own; its elements do
                Array = new object[] { shared, list },
                Map = new Dictionary<string, object> { ["again"] = shared, ["list"] = list },
            };
        }

        private static readonly AmberStreamOptions SnapshotOptions = new AmberStreamOptions { ItemsPerFrame = 10, Compression = AmberLz4.Default };

        private static byte[] WriteSnapshot()
        {
            string path = Path.Combine(Path.GetTempPath(), "amber-compat-" + Guid.NewGuid().ToString("N") + ".ambs");
            try
            {
                AmberSnapshot.WriteFile(path, CompatFactory.BookShelf().Books!, SnapshotOptions);
                return File.ReadAllBytes(path);
            }
            finally
            {
                File.Delete(path);
            }
        }

        private static void VerifySnapshot(byte[] bytes)
        {
            string path = Path.Combine(Path.GetTempPath(), "amber-compat-" + Guid.NewGuid().ToString("N") + ".ambs");
            try
            {
                File.WriteAllBytes(path, bytes);
                DeepCompare.Equal(CompatFactory.BookShelf().Books, new List<CompatBook>(AmberSnapshot.ReadFile<CompatBook>(path, SnapshotOptions)));
                DeepCompare.Equal(CompatFactory.BookShelf().Books, AmberStream.ReadAll<CompatBook>(new MemoryStream(bytes), SnapshotOptions));
            }
            finally
            {
                File.Delete(path);
            }
        }

        // A message stream of several types, in the order VerifyMessages reads them; the last in reference mode.
        private static byte[] WriteMessages()
        {
            var buffer = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(buffer, CompatFactory.Envelope());
            AmberFraming.WriteMessage(buffer, new CompatPositional("framed", 2));
            foreach (CompatLogEntry entry in CompatFactory.LogEntries(5)) AmberFraming.WriteMessage(buffer, entry);
            AmberFraming.WriteMessage(buffer, CompatFactory.BookShelf());
            AmberFraming.WriteMessage(buffer, CompatFactory.References(), References);
            return buffer.WrittenSpan.ToArray();
        }

        private static void VerifyMessages(byte[] bytes)
        {
            var buffer = new ReadOnlySequence<byte>(bytes);

            // A reader given only part of the first message reads nothing and waits.
            var partial = buffer.Slice(0, 10);
            Assert.False(AmberFraming.TryReadMessage<CompatEnvelope>(ref partial, out _));
            Assert.Equal(10, partial.Length);

            DeepCompare.Equal(CompatFactory.Envelope(), Next<CompatEnvelope>(ref buffer));
            DeepCompare.Equal(new CompatPositional("framed", 2), Next<CompatPositional>(ref buffer));
            foreach (CompatLogEntry entry in CompatFactory.LogEntries(5)) DeepCompare.Equal(entry, Next<CompatLogEntry>(ref buffer));
            DeepCompare.Equal(CompatFactory.BookShelf(), Next<CompatBookShelf>(ref buffer));
            DeepCompare.Equal(CompatFactory.References(), Next<CompatReferences>(ref buffer, References), identity: true);
            Assert.True(buffer.IsEmpty, "bytes left after the last message");
        }

        // A captured connection (AmberMessageWriter): several types in turn, so later messages of a type refer to the shapes
        // the first one defined; the writer starts over before message ConnectionResetAt (a second first message).
        private const int ConnectionResetAt = 11;

        private static List<object> ConnectionMessages()
        {
            var messages = new List<object>
            {
                CompatFactory.Envelope(),
                CompatFactory.Polymorphism(),
                CompatFactory.InlineScene(0),
                CompatFactory.Graph(),                       // [AmberPreserveReferences]: this message is in reference mode
                CompatFactory.GameSave(),                    // a polymorphic inventory, inline structs
            };
            messages.AddRange(CompatFactory.LogEntries(3));
            messages.Add(CompatFactory.Envelope());          // steady state: no definitions
            messages.Add(CompatFactory.InlineScene(1));
            messages.Add(new CompatPositional("connection", 3));
            // ConnectionResetAt: the writer starts over.
            messages.Add(CompatFactory.Envelope());
            messages.Add(CompatFactory.Polymorphism());
            messages.Add(CompatFactory.Graph());
            return messages;
        }

        private static byte[] WriteConnection()
        {
            var writer = new AmberMessageWriter();
            var buffer = new ArrayBufferWriter<byte>();
            List<object> messages = ConnectionMessages();
            for (int i = 0; i < messages.Count; i++)
            {
                if (i == ConnectionResetAt) writer.Reset();
                switch (messages[i])
                {
                    case CompatEnvelope m: writer.WriteMessage(buffer, m); break;
                    case CompatPolymorphism m: writer.WriteMessage(buffer, m); break;
                    case CompatInlineScene m: writer.WriteMessage(buffer, m); break;
                    case CompatGraph m: writer.WriteMessage(buffer, m); break;
                    case GameSave m: writer.WriteMessage(buffer, m); break;
                    case CompatLogEntry m: writer.WriteMessage(buffer, m); break;
                    case CompatPositional m: writer.WriteMessage(buffer, m); break;
                    default: throw new InvalidOperationException(messages[i].GetType().Name);
                }
            }
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>
        /// Reads the connection message by message with one reader and compares each with the object it was written from;
        /// then again with the bytes arriving a few at a time, as from a socket.
        /// </summary>
        private static void VerifyConnection(byte[] bytes)
        {
            List<object> expected = ConnectionMessages();
            var reader = new AmberMessageReader();
            var buffer = new ReadOnlySequence<byte>(bytes);
            var lengths = new List<long>();
            for (int i = 0; i < expected.Count; i++)
            {
                long before = buffer.Length;
                byte header = buffer.Slice(bytes[bytes.Length - before] < 0x80 ? 1 : 2, 1).FirstSpan[0];
                Assert.Equal(i == 0 || i == ConnectionResetAt ? 3 : 4, header >> 4);
                Assert.Equal(expected[i] is CompatGraph, (header & 0x08) != 0);
                DeepCompare.Equal(expected[i], NextMessage(reader, ref buffer, expected[i], out bool read), identity: expected[i] is CompatGraph);
                Assert.True(read, $"message {i} ({expected[i].GetType().Name}) was expected whole");
                lengths.Add(before - buffer.Length);
            }
            Assert.True(buffer.IsEmpty, "bytes left after the last message");
            // The second envelope refers to the shape the first defined: it is smaller by that definition.
            Assert.True(lengths[8] < lengths[0], $"{lengths[8]} vs {lengths[0]}");

            reader = new AmberMessageReader();
            var random = new Random(20261126);
            int next = 0, arrived = 0, start = 0;
            while (next < expected.Count)
            {
                arrived = Math.Min(bytes.Length, arrived + 1 + random.Next(7));
                var available = new ReadOnlySequence<byte>(bytes, start, arrived - start);
                while (next < expected.Count)
                {
                    long before = available.Length;
                    object? value = NextMessage(reader, ref available, expected[next], out bool read);
                    if (!read)
                    {
                        Assert.Equal(before, available.Length);
                        Assert.True(arrived < bytes.Length, $"message {next} never read whole");
                        break;
                    }
                    DeepCompare.Equal(expected[next], value, identity: expected[next] is CompatGraph);
                    start += (int)(before - available.Length);
                    next++;
                }
            }
            Assert.Equal(bytes.Length, start);
        }

        private static object? NextMessage(AmberMessageReader reader, ref ReadOnlySequence<byte> buffer, object like, out bool read)
        {
            switch (like)
            {
                case CompatEnvelope: { read = reader.TryReadMessage(ref buffer, out CompatEnvelope? v); return v; }
                case CompatPolymorphism: { read = reader.TryReadMessage(ref buffer, out CompatPolymorphism? v); return v; }
                case CompatInlineScene: { read = reader.TryReadMessage(ref buffer, out CompatInlineScene? v); return v; }
                case CompatGraph: { read = reader.TryReadMessage(ref buffer, out CompatGraph? v); return v; }
                case GameSave: { read = reader.TryReadMessage(ref buffer, out GameSave? v); return v; }
                case CompatLogEntry: { read = reader.TryReadMessage(ref buffer, out CompatLogEntry? v); return v; }
                case CompatPositional: { read = reader.TryReadMessage(ref buffer, out CompatPositional? v); return v; }
                default: throw new InvalidOperationException(like.GetType().Name);
            }
        }

        private static T? Next<T>(ref ReadOnlySequence<byte> buffer, AmberOptions? options = null)
        {
            Assert.True(AmberFraming.TryReadMessage(ref buffer, out T? value, options), "a whole message of " + typeof(T).Name + " was expected");
            return value;
        }
    }
}
