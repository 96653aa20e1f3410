#if NET8_0_OR_GREATER
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.Json;
using Amber.Internal;
using Amber.Walking;

namespace Amber.Json
{
    /// <summary>
    /// Walks a payload and writes it as JSON. With a type, members are named and values formatted as the generated code
    /// of the types involved registered them (<see cref="ViewType"/>); where nothing is known (no type, a member of another
    /// version, a type no loaded assembly registered) a value is shown by its wire type alone and a member by its key and
    /// wire type (<c>"#1a2f:varint"</c>). Every check of reading applies, so a damaged payload fails with an
    /// <see cref="AmberException"/> at its offset. Optionally counts objects and bytes per type.
    /// </summary>
    internal static class JsonView
    {
        // JSON names of the view (docs/json.md). A member of the payload's own types never starts with '$' or '#'.
        internal const string IdProperty = "$id";
        internal const string RefProperty = "$ref";
        internal const string TypeProperty = "$type";
        internal const string ValueProperty = "$value";
        internal const string KeyProperty = "$key";
        internal const string DimsProperty = "$dims";
        internal const string ItemsProperty = "$items";
        internal const string BytesProperty = "$bytes";
        internal const string ValuesProperty = "$values";

        /// <summary>Writes one payload (header byte and root) as one JSON value; <paramref name="writer"/> null only collects <paramref name="stats"/>.</summary>
        public static void WritePayload(ReadOnlySpan<byte> payload, Type? type, Utf8JsonWriter? writer, AmberOptions options, PayloadStatsBuilder? stats)
        {
            ViewNode? root = RootView(type, out bool nullableRoot);
            if (type == null) nullableRoot = ReadsOnlyAsNullableRoot(payload, options);
            var reader = new AmberReader(payload, options, ReaderState.Rent());
            var context = new Context(writer);
            try
            {
                WireType wt = reader.ReadPayloadHeader();
                if (nullableRoot && !reader.ReadPresence()) writer?.WriteNullValue();
                else WriteValue(ref reader, context, wt, root);
                reader.EnsureEnd();
            }
            catch (AmberException ex)
            {
                ex.SetRoot(type == null ? "payload" : AmberSerializer.DisplayName(type));
                throw;
            }
            finally
            {
                reader.Dispose();
            }
            if (stats != null)
            {
                context.AddTo(stats);
                stats.TotalBytes += payload.Length;
                stats.Items++;
                stats.OtherBytes += payload.Length - context.ObjectBytes;
            }
        }

        /// <summary>
        /// Writes the <paramref name="count"/> items of a chunked stream frame's body (a payload header byte, then
        /// <paramref name="count"/> values of its wire type) as <paramref name="count"/> JSON values, one after another.
        /// </summary>
        public static void WriteItems(ReadOnlySpan<byte> body, int count, Type? itemType, Utf8JsonWriter? writer, AmberOptions options, PayloadStatsBuilder? stats)
        {
            ViewNode? item = RootView(itemType, out _);
            var reader = new AmberReader(body, options, ReaderState.Rent());
            var context = new Context(writer);
            int i = 0;
            try
            {
                WireType wt = reader.ReadPayloadHeader();
                for (; i < count; i++) WriteValue(ref reader, context, wt, item);
                reader.EnsureEnd();
            }
            catch (AmberException ex) when (ex.PassingIndex(i))
            {
            }
            finally
            {
                reader.Dispose();
            }
            if (stats != null)
            {
                context.AddTo(stats);
                stats.TotalBytes += body.Length;
                stats.Items += count;
                stats.OtherBytes += body.Length - context.ObjectBytes;
            }
        }

        /// <summary>
        /// The definitions of a connection walked message by message (docs/format.md §7.6): the reader state that carries the
        /// shapes from one message to the next, and whether the connection's first message was read.
        /// </summary>
        internal sealed class Connection
        {
            public Connection(AmberOptions options) => State = ReaderState.ForConnection(options);

            public ReaderState State { get; }

            /// <summary>Whether the connection's first message (version 3) was read: later messages (version 4) need it.</summary>
            public bool Started;

            /// <summary>The definitions held: the shapes the messages so far defined (and that a later message may name).</summary>
            public int Shapes => State.Count;

            /// <summary>What the connection holds now, to go back to after a walk that only checks a message (<see cref="Restore"/>).</summary>
            public (int Count, long Bytes, bool Started) Mark() => (State.Count, State.DefinitionBytes, Started);

            /// <summary>Forgets what was defined since <paramref name="mark"/>, as a message reader does for a message that failed.</summary>
            public void Restore((int Count, long Bytes, bool Started) mark)
            {
                State.Truncate(mark.Count, mark.Bytes);
                Started = mark.Started;
            }
        }

        /// <summary>
        /// Whether a payload viewed without its type is a nullable value type's root (format §2: a presence byte before the
        /// value), which the header does not announce: it is when the root does not read as a value (it fails, or bytes are
        /// left after it) but reads as a presence byte of 0 or 1 and the value. A root that reads both ways reads as a value
        /// (so an <c>int?</c> holding null, <c>00</c> after the header, shows as 0, as an <c>int</c> of 0 would). Both tries
        /// write nothing; the caller's read then reports the error of the value's reading when neither succeeds.
        /// </summary>
        private static bool ReadsOnlyAsNullableRoot(ReadOnlySpan<byte> payload, AmberOptions options)
        {
            if (payload.Length < 2 || payload[1] > 1) return false;
            return !ReadsWithoutWriting(payload, options, presence: false) && ReadsWithoutWriting(payload, options, presence: true);
        }

        private static bool ReadsWithoutWriting(ReadOnlySpan<byte> payload, AmberOptions options, bool presence)
        {
            var reader = new AmberReader(payload, options, ReaderState.Rent());
            try
            {
                WireType wt = reader.ReadPayloadHeader();
                if (!presence || reader.ReadPresence()) WriteValue(ref reader, new Context(null), wt, null);
                reader.EnsureEnd();
                return true;
            }
            catch (AmberException)
            {
                return false;
            }
            finally
            {
                reader.Dispose();
            }
        }

        /// <summary>
        /// Writes one message of a connection (its payload: a header byte of version 3 or 4, then the root) as one JSON value,
        /// with the shapes the connection's earlier messages defined, and keeps the shapes it defines for the next ones. A
        /// message that fails leaves <paramref name="connection"/> as an <c>AmberMessageReader</c> would: with the definitions
        /// before it, or none when it was a first message. <paramref name="prefixBytes"/> (its length prefix) count in the
        /// stats' total, outside objects. Returns the number of shapes the message defined.
        /// </summary>
        public static int WriteMessage(ReadOnlySpan<byte> payload, int prefixBytes, Type? type, Utf8JsonWriter? writer, AmberOptions options, PayloadStatsBuilder? stats, Connection connection)
        {
            ViewNode? root = RootView(type, out bool nullableRoot);
            (int count, long bytes, bool started) = connection.Mark();
            bool first = payload.Length > 0 && new PayloadHeader(payload[0]).IsFirst;
            var reader = new AmberReader(payload, options, connection.State);
            var context = new Context(writer);
            try
            {
                WireType wt = reader.ReadConnectionHeader(ref connection.Started);
                if (nullableRoot && !reader.ReadPresence()) writer?.WriteNullValue();
                else WriteValue(ref reader, context, wt, root);
                reader.EnsureEnd();
            }
            catch (AmberException ex)
            {
                if (first || !started) connection.Restore((0, 0, false));
                else connection.Restore((count, bytes, started));
                ex.SetRoot(type == null ? "message" : AmberSerializer.DisplayName(type));
                throw;
            }
            finally
            {
                reader.ReleaseScratch();
            }
            connection.State.EndMessage();
            if (stats != null)
            {
                context.AddTo(stats);
                stats.TotalBytes += prefixBytes + payload.Length;
                stats.Items++;
                stats.OtherBytes += prefixBytes + payload.Length - context.ObjectBytes;
            }
            return first ? connection.Shapes : connection.Shapes - count;
        }

        /// <summary>The view of a root of <paramref name="type"/>: null without a type; throws for a type no loaded assembly registered.</summary>
        internal static ViewNode? RootView(Type? type, out bool nullable)
        {
            nullable = false;
            if (type == null) return null;
            Type? inner = Nullable.GetUnderlyingType(type);
            if (inner != null)
            {
                nullable = true;
                type = inner;
            }
            ViewType? view = AmberKnownTypes.ViewOf(type);
            // An abstract class or interface has no codec of its own: its payloads hold typed shapes of its implementations.
            if (view == null && (type.IsAbstract || type.IsInterface)) return ViewNode.Parse("p");
            if (type == typeof(object)) return ViewNode.Parse("d");
            if (view == null)
                throw new ArgumentException($"{AmberSerializer.DisplayName(type)} has no Amber code in any loaded assembly, so its payloads cannot be shown by its members. " +
                    "Load the assembly whose code serializes it (its generated code registers the type), or view the payload without a type.", nameof(type));
            return view.Value ?? ViewNode.Parse("o" + view.Shape.TypeTag!.Value.ToString("X8", CultureInfo.InvariantCulture));
        }

        /// <summary>The state of one walk: the JSON writer, the shapes read so far, and the byte counts per type.</summary>
        private sealed class Context
        {
            private readonly Dictionary<int, ShapeInfo> _shapes = new Dictionary<int, ShapeInfo>();
            private readonly Dictionary<string, (long Count, long Bytes, long Members)> _types = new Dictionary<string, (long, long, long)>(StringComparer.Ordinal);

            public Context(Utf8JsonWriter? writer) => Writer = writer;

            public Utf8JsonWriter? Writer { get; }

            /// <summary>The bytes of the objects inside the one being read, so far (its own bytes are its total less these).</summary>
            public long Nested;

            /// <summary>The bytes of all objects (their own bytes add up to those of the outermost ones).</summary>
            public long ObjectBytes { get; private set; }

            public ShapeInfo Shape(ref AmberReader reader, int id)
            {
                if (_shapes.TryGetValue(id, out ShapeInfo? shape)) return shape;
                reader.ViewShape(id, out ushort[] tags, out uint? typeTag, out uint[]? hashes);
                shape = new ShapeInfo(id, tags, typeTag, hashes);
                _shapes[id] = shape;
                return shape;
            }

            public void Count(string type, long bytes, int members)
            {
                _types.TryGetValue(type, out var row);
                _types[type] = (row.Count + 1, row.Bytes + bytes, row.Members + members);
                ObjectBytes += bytes;
            }

            public void AddTo(PayloadStatsBuilder stats)
            {
                foreach (var pair in _types) stats.Add(pair.Key, pair.Value.Count, pair.Value.Bytes, pair.Value.Members);
            }
        }

        /// <summary>A writer's shape in this payload, and how its members map onto the view type last used with it.</summary>
        private sealed class ShapeInfo
        {
            private ViewType? _mappedTo;
            private int[]? _map;

            public ShapeInfo(int id, ushort[] tags, uint? typeTag, uint[]? hashes)
            {
                Id = id;
                Tags = tags;
                TypeTag = typeTag;
                Hashes = hashes;
            }

            public int Id { get; }
            public ushort[] Tags { get; }
            public uint? TypeTag { get; }
            public uint[]? Hashes { get; }

            public int[]? MapTo(ViewType? view)
            {
                if (view == null) return null;
                if (ReferenceEquals(view, _mappedTo)) return _map;
                var map = new int[Tags.Length];
                for (int i = 0; i < Tags.Length; i++) map[i] = view.Find(Tags[i], Hashes != null && Repeats(i) ? Hashes[i] : null);
                _mappedTo = view;
                return _map = map;
            }

            private bool Repeats(int i)
            {
                for (int j = 0; j < Tags.Length; j++) if (j != i && Tags[j] >> 3 == Tags[i] >> 3) return true;
                return false;
            }

            private string?[]? _unknownNames;
            private ViewType? _namedFor;
            private string? _typeName;

            /// <summary>The JSON name of a writer member no view type names: its key (or name hash) and wire type.</summary>
            public string UnknownName(int i)
            {
                string?[] names = _unknownNames ??= new string?[Tags.Length];
                if (names[i] != null) return names[i]!;
                string wire = WireName((WireType)(Tags[i] & AmberCode.WireTypeMask));
                return names[i] = Hashes != null && Repeats(i)
                    ? "#" + Hashes[i].ToString("x8", CultureInfo.InvariantCulture) + ":" + wire
                    : "#" + (Tags[i] >> 3).ToString("x4", CultureInfo.InvariantCulture) + ":" + wire;
            }

            /// <summary>The name its objects are counted under: the view type's, else the tag, else the shape.</summary>
            public string TypeName(ViewType? view)
            {
                if (_typeName != null && ReferenceEquals(view, _namedFor)) return _typeName;
                _namedFor = view;
                return _typeName = view?.Name ?? (TypeTag is uint u ? "#" + u.ToString("X8", CultureInfo.InvariantCulture) : $"shape {Id} ({Tags.Length} members)");
            }
        }

        internal static string WireName(WireType wt) => wt switch
        {
            WireType.Varint => "varint",
            WireType.Fixed32 => "fixed32",
            WireType.Fixed64 => "fixed64",
            WireType.Fixed128 => "fixed128",
            WireType.Bytes => "bytes",
            WireType.Object => "object",
            WireType.Sequence => "sequence",
            _ => "map",
        };

        // ------------------------------------------------------------------ values

        /// <summary>
        /// Before a value opens up to two JSON levels: a payload deeper than the writer may go fails as input that is too
        /// deep, not with the writer's own exception.
        /// </summary>
        private static void EnterJson(Utf8JsonWriter? w, long at, int levels = 2)
        {
            if (w == null) return;
            int max = w.Options.MaxDepth == 0 ? 1000 : w.Options.MaxDepth;
            if (w.CurrentDepth + levels > max)
                throw new AmberException($"The payload nests deeper than the JSON writer's MaxDepth of {max} allows", at,
                    "Write to a Utf8JsonWriter whose JsonWriterOptions.MaxDepth is at least twice the AmberOptions.MaxDepth (the ToJson overloads that make their own writer do).");
        }

        private static void WriteValue(ref AmberReader r, Context c, WireType wt, ViewNode? node)
        {
            if (node?.Kind == ViewKind.Nullable) node = node.Element;
            // A value written as another wire type than this version's (a member whose type changed, or a widening such as
            // float to double) is shown by what the data says.
            if (node != null && node.WireType != wt) node = null;
            switch (wt)
            {
                case WireType.Object:
                    WriteObject(ref r, c, node);
                    break;
                case WireType.Sequence:
                case WireType.Map:
                    WriteCollection(ref r, c, node, map: wt == WireType.Map);
                    break;
                default:
                    long at = r.Position;
                    ScalarJsonCodec.ScalarText s = ScalarJsonCodec.ReadScalar(ref r, wt, node);
                    if (c.Writer == null) break;
                    // Bytes that are not text show as {"$bytes": ...}: one JSON level, which a pair's value may open one
                    // below the two its map checked for.
                    if (s.IsObject) EnterJson(c.Writer, at, levels: 1);
                    s.WriteTo(c.Writer);
                    break;
            }
        }

        private static void WriteObject(ref AmberReader r, Context c, ViewNode? node)
        {
            Utf8JsonWriter? w = c.Writer;
            long start = r.Position;
            switch (r.ReadViewHeader(out int id))
            {
                case ObjectHeaderKind.Null:
                    w?.WriteNullValue();
                    return;
                case ObjectHeaderKind.BackReference:
                    WriteBackReference(w, id, start);
                    return;
                case ObjectHeaderKind.Inline:
                    WriteInline(ref r, c, node, id, start);
                    return;
            }
            EnterJson(w, start);
            int objectId = r.ReferenceMode ? r.LastReservedReference : -1;
            ShapeInfo shape = c.Shape(ref r, id);
            // A polymorphic or object member shows the type its tag names (a polymorphic member of a concrete declared type
            // reads a shape without a tag as that type). A member declared as a class reads a tagged shape as the tag's
            // type when that type derives from it (a subclass at the root), and any other shape as the declared type,
            // mapping by key (format §7.1): it is shown the same way.
            ViewType? declared = node?.Kind is ViewKind.Object or ViewKind.ConcretePolymorphic ? AmberKnownTypes.ViewOf(node.Tag) : null;
            ViewType? tagged = shape.TypeTag is uint tag ? AmberKnownTypes.ViewOf(tag) : null;
            ViewType? view = node?.Kind != ViewKind.Object || declared == null || (tagged != null && tagged.Type != declared.Type && declared.Type.IsAssignableFrom(tagged.Type))
                ? tagged ?? declared
                : declared;
            int count = shape.Tags.Length;
            ulong presence = r.ReadViewPresence(count, out ulong[]? more);
            long outerNested = c.Nested;
            c.Nested = 0;
            w?.WriteStartObject();
            if (w != null && objectId >= 0) w.WriteNumber(IdProperty, objectId);
            if (w != null && shape.TypeTag is uint t) w.WriteString(TypeProperty, AmberKnownTypes.ViewOf(t)?.Name ?? "#" + t.ToString("X8", CultureInfo.InvariantCulture));
            int[]? map = shape.MapTo(view);
            int members = 0;
            for (int i = 0; i < count; i++)
            {
                if (!AmberReader.IsPresent(i, presence, more)) continue;
                members++;
                int mine = map?[i] ?? -1;
                string name = mine < 0 ? shape.UnknownName(i)
                    : view!.IsValue ? ValueProperty
                    : view.Shape.MemberNames[mine];
                w?.WritePropertyName(name);
                try
                {
                    WriteValue(ref r, c, (WireType)(shape.Tags[i] & AmberCode.WireTypeMask), mine < 0 ? null : view!.Member(mine));
                }
                catch (AmberException ex) when (ex.PassingMember(name))
                {
                }
            }
            w?.WriteEndObject();
            r.ExitDepth();
            long total = r.Position - start;
            c.Count(shape.TypeName(view), total - c.Nested, members);
            c.Nested = outerNested + total;
        }

        /// <summary>
        /// An inline struct (format §5.1), whose header <see cref="AmberReader.ReadViewHeader"/> has read: shown as an object of
        /// all its members, as a row of rows is, named by the declared type where it has them. It took no object id, so it has
        /// no <c>$id</c>; it counts as an object of its type in the stats.
        /// </summary>
        private static void WriteInline(ref AmberReader r, Context c, ViewNode? node, int id, long start)
        {
            Utf8JsonWriter? w = c.Writer;
            EnterJson(w, start, levels: 1);
            ShapeInfo shape = c.Shape(ref r, id);
            ReadOnlySpan<byte> codes = r.ViewInline(id, out int width);
            ViewType? view = node?.Kind == ViewKind.Object ? AmberKnownTypes.ViewOf(node.Tag) : null;
            int[]? map = shape.MapTo(view);
            ReadOnlySpan<byte> row = r.ReadSpan(width);
            if (w != null)
            {
                w.WriteStartObject();
                for (int i = 0, at = 0; i < codes.Length; i++)
                {
                    int mine = map?[i] ?? -1;
                    w.WritePropertyName(mine >= 0 ? view!.Shape.MemberNames[mine] : shape.UnknownName(i));
                    ScalarJsonCodec.RowValue(codes[i], row.Slice(at), mine >= 0 ? view!.Member(mine) : null).WriteTo(w);
                    at += AmberCode.PackedWidth(codes[i]);
                }
                w.WriteEndObject();
            }
            long total = r.Position - start;
            c.Count(shape.TypeName(view), total, codes.Length);
            c.Nested += total;
        }

        /// <summary>
        /// A back-reference, to an object or (format version 2) a collection read earlier: <c>{"$ref": n}</c>, one JSON level,
        /// which a pair's value or a collection's element may open one below the two its container checked for.
        /// </summary>
        private static void WriteBackReference(Utf8JsonWriter? w, int id, long at)
        {
            if (w == null) return;
            EnterJson(w, at, levels: 1);
            w.WriteStartObject();
            w.WriteNumber(RefProperty, id);
            w.WriteEndObject();
        }

        /// <summary>
        /// A new collection of a version 2 reference-mode payload (<paramref name="id"/> not -1) took an object id, which a
        /// later <c>$ref</c> may name: it opens <c>{"$id": n, "$values": </c>, its JSON of version 1 goes inside, and
        /// <see cref="EndIdentity"/> closes it. Wrapped, a map's own keys (a key may be "$id") cannot be taken for the id.
        /// </summary>
        private static void StartIdentity(Utf8JsonWriter? w, int id, long at)
        {
            if (w == null || id < 0) return;
            EnterJson(w, at);
            w.WriteStartObject();
            w.WriteNumber(IdProperty, id);
            w.WritePropertyName(ValuesProperty);
        }

        private static void EndIdentity(Utf8JsonWriter? w, int id)
        {
            if (id >= 0) w?.WriteEndObject();
        }

        /// <summary>A sequence or (<paramref name="map"/>) a map: null, a back-reference, or its items, inside <c>{"$id", "$values"}</c> when it took an id.</summary>
        private static void WriteCollection(ref AmberReader r, Context c, ViewNode? node, bool map)
        {
            Utf8JsonWriter? w = c.Writer;
            long at = r.Position;
            switch (r.ReadViewCollectionHeader(map, out int n, out byte d, out int id))
            {
                case CollectionHeaderKind.Null:
                    w?.WriteNullValue();
                    return;
                case CollectionHeaderKind.BackReference:
                    WriteBackReference(w, id, at);
                    return;
            }
            StartIdentity(w, id, at);
            if (map) WritePairs(ref r, c, node, n, d);
            else WriteSequenceItems(ref r, c, node, n, d, at);
            EndIdentity(w, id);
        }

        /// <summary>A sequence after its header (<paramref name="n"/> elements of descriptor <paramref name="descriptor"/>), as it shows without an id.</summary>
        private static void WriteSequenceItems(ref AmberReader r, Context c, ViewNode? node, int n, byte descriptor, long at)
        {
            Utf8JsonWriter? w = c.Writer;
            ViewNode? element = node?.Kind == ViewKind.Sequence ? node.Element : null;
            EnterJson(w, at);
            if (n == 0)
            {
                w?.WriteStartArray();
                w?.WriteEndArray();
                return;
            }
            var d = new SequenceDescriptor(descriptor);
            if (d.IsPacked)
            {
                int code = d.PackedCode;
                ReadOnlySpan<byte> raw = r.ReadSpan(n * AmberCode.PackedWidth(code));
                if (w == null) return;
                w.WriteStartArray();
                for (int i = 0; i < n; i++) ScalarJsonCodec.Packed(code, raw, i).WriteTo(w);
                w.WriteEndArray();
                return;
            }
            if (d.IsRows)
            {
                WriteRows(ref r, c, n, element);
                return;
            }
            bool nests = d.NestsCollections;
            if (nests) r.EnterDepth();
            bool nullable = d.HasNullableElements;
            WireType wt = d.ElementWireType;
            if (d.IsShaped)
            {
                Span<int> lengths = stackalloc int[AmberReader.MaxArrayRank];
                int rank = r.ReadArrayDimensions(ref n, 0, lengths);
                w?.WriteStartObject();
                w?.WriteStartArray(DimsProperty);
                foreach (int length in lengths.Slice(0, rank)) w?.WriteNumberValue(length);
                w?.WriteEndArray();
                w?.WritePropertyName(ItemsProperty);
            }
            w?.WriteStartArray();
            for (int i = 0; i < n; i++)
            {
                try
                {
                    if (nullable && !r.ReadPresence()) w?.WriteNullValue();
                    else WriteValue(ref r, c, wt, element);
                }
                catch (AmberException ex) when (ex.PassingIndex(i))
                {
                }
            }
            w?.WriteEndArray();
            if (d.IsShaped) w?.WriteEndObject();
            if (nests) r.ExitDepth();
        }

        private static void WriteRows(ref AmberReader r, Context c, int n, ViewNode? element)
        {
            Utf8JsonWriter? w = c.Writer;
            int id = r.ReadViewRows(n, out ReadOnlySpan<byte> layout, out _);
            byte[] codes = layout.ToArray();
            ShapeInfo shape = c.Shape(ref r, id);
            int count = codes.Length;
            ViewType? view = element?.Kind == ViewKind.Object ? AmberKnownTypes.ViewOf(element.Tag) : null;
            int[]? map = shape.MapTo(view);
            var names = new string[count];
            for (int i = 0; i < count; i++) names[i] = map != null && map[i] >= 0 ? view!.Shape.MemberNames[map[i]] : shape.UnknownName(i);
            w?.WriteStartArray();
            for (int row = 0; row < n; row++)
            {
                long rowStart = r.Position;
                w?.WriteStartObject();
                for (int i = 0; i < count; i++)
                {
                    ReadOnlySpan<byte> raw = r.ReadSpan(AmberCode.PackedWidth(codes[i]));
                    if (w == null) continue;
                    w.WritePropertyName(names[i]);
                    ScalarJsonCodec.Packed(codes[i], raw, 0).WriteTo(w);
                }
                w?.WriteEndObject();
                c.Count(shape.TypeName(view), r.Position - rowStart, count);
                c.Nested += r.Position - rowStart;
            }
            w?.WriteEndArray();
        }

        /// <summary>A map after its header (<paramref name="n"/> pairs of descriptor <paramref name="descriptor"/>), as it shows without an id.</summary>
        private static void WritePairs(ref AmberReader r, Context c, ViewNode? node, int n, byte descriptor)
        {
            Utf8JsonWriter? w = c.Writer;
            EnterJson(w, r.Position);
            ViewNode? keyNode = node?.Kind == ViewKind.Map ? node.Element : null;
            ViewNode? valueNode = node?.Kind == ViewKind.Map ? node.Value : null;
            var d = new MapDescriptor(descriptor);
            WireType keyType = d.KeyWireType, valueType = d.ValueWireType;
            bool nullable = d.HasNullableValues;
            // Scalar keys become JSON property names, as System.Text.Json writes dictionaries; other keys, pairs.
            bool pairs = keyType is WireType.Object or WireType.Sequence or WireType.Map;
            bool nests = d.NestsCollections;
            if (nests) r.EnterDepth();
            if (pairs) w?.WriteStartArray();
            else w?.WriteStartObject();
            for (int i = 0; i < n; i++)
            {
                try
                {
                    if (pairs)
                    {
                        w?.WriteStartObject();
                        w?.WritePropertyName(KeyProperty);
                        WriteValue(ref r, c, keyType, keyNode);
                        w?.WritePropertyName(ValueProperty);
                    }
                    else
                    {
                        ViewNode? k = keyNode?.Kind == ViewKind.Nullable ? keyNode.Element : keyNode;
                        ScalarJsonCodec.ScalarText key = ScalarJsonCodec.ReadScalar(ref r, keyType, k != null && k.WireType == keyType ? k : null);
                        if (w != null) key.WriteAsPropertyName(w);
                    }
                    if (nullable && !r.ReadPresence()) w?.WriteNullValue();
                    else WriteValue(ref r, c, valueType, valueNode);
                    if (pairs) w?.WriteEndObject();
                }
                catch (AmberException ex) when (ex.PassingIndex(i))
                {
                }
            }
            if (pairs) w?.WriteEndArray();
            else w?.WriteEndObject();
            if (nests) r.ExitDepth();
        }
    }
}
#endif
