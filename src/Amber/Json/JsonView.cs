#if NET8_0_OR_GREATER
using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text.Json;
using Amber.Format;
using Amber.Inspection;
using Amber.Internal;

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
                context.Release();
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
                context.Release();
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
                if (!presence || reader.ReadPresence())
                {
                    var context = new Context(null);
                    try
                    {
                        WriteValue(ref reader, context, wt, null);
                    }
                    finally
                    {
                        context.Release();
                    }
                }
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
                context.Release();
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

        /// <summary>The view of the subtype a polymorphic node's declared type reads untagged data as ([AmberDefaultSubtype]), or null.</summary>
        internal static ViewType? DefaultSubtypeView(ViewNode node)
        {
            Type? declared = node.Kind == ViewKind.ConcretePolymorphic ? AmberKnownTypes.ViewOf(node.Tag)?.Type
                : node.HasTag && AmberKnownTypes.TryGetBase(node.Tag, out Type? abstractType, out _) ? abstractType
                : null;
            return declared != null && AmberKnownTypes.DefaultSubtypeOf(declared) is Type subtype ? AmberKnownTypes.ViewOf(subtype) : null;
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
            if (view == null && (type.IsAbstract || type.IsInterface))
            {
                // Named by its tag when registered, so that a default subtype ([AmberDefaultSubtype]) shows untagged data.
                return AmberKnownTypes.TryGetBaseTag(type, out uint baseTag) ? ViewNode.Parse("p" + baseTag.ToString("X8", CultureInfo.InvariantCulture)) : ViewNode.Parse("p");
            }
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

            // The frames of the walks of one thread, taken by each context and given back by Release.
            [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")]
            private static Frame[]? t_frames;

            private Frame[] _frames;
            private int _depth;

            public Context(Utf8JsonWriter? writer)
            {
                Writer = writer;
                _frames = t_frames ?? new Frame[8];
                t_frames = null;
            }

            /// <summary>Gives the frames back for the thread's next walk (a walk that failed leaves some: they are cleared).</summary>
            public void Release()
            {
                if (_depth != 0) Array.Clear(_frames, 0, _depth);
                _depth = 0;
                t_frames = _frames;
            }

            public Utf8JsonWriter? Writer { get; }

            /// <summary>The view of the value the walk reaches next (set before each member, element, key and value).</summary>
            public ViewNode? Next;

            /// <summary>The next value is a map's scalar key, written as a property name.</summary>
            public bool NextIsKey;

            /// <summary>The innermost object, sequence or map being written.</summary>
            public ref Frame Top => ref _frames[_depth - 1];

            public ref Frame Push()
            {
                if (_depth == _frames.Length) Array.Resize(ref _frames, _depth * 2);
                _frames[_depth] = default;
                return ref _frames[_depth++];
            }

            public Frame Pop()
            {
                Frame frame = _frames[--_depth];
                _frames[_depth] = default;
                return frame;
            }

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

        internal static string WireName(WireType wt) => AmberCode.WireTypeName(wt);

        // ------------------------------------------------------------------ values

        /// <summary>Walks one value (<paramref name="wt"/>, shown as <paramref name="node"/> where it matches) and writes its JSON.</summary>
        private static void WriteValue(ref AmberReader r, Context c, WireType wt, ViewNode? node)
        {
            c.Next = node;
            var view = new ViewVisitor(c);
            AmberWriter none = default;
            r.Walk(wt, ref view, ref none);
        }

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

        /// <summary>
        /// The JSON view as a visitor of the payload walk (Format/AmberReader.Walk.cs): the walk reads and checks the
        /// structure, this writes each part as JSON. What a value is shown as comes from the view of the object, sequence or
        /// map it is in (<see cref="Context.Next"/>, set before each member, element, key and value); an object's own frame
        /// holds its shape, view and byte counts until it ends.
        /// </summary>
        private readonly struct ViewVisitor : IStructureVisitor
        {
            private readonly Context _c;

            public ViewVisitor(Context context) => _c = context;

            public bool TracksPath => true;

            public bool WantsDimensions => true;

            /// <summary>
            /// The view of the value that starts now: the one set for it, unwrapped from a nullable; none when the data's wire
            /// type is not the view's (a member whose type changed, or a widening such as float to double: shown by what the data says).
            /// </summary>
            private ViewNode? Take(WireType wt)
            {
                ViewNode? node = _c.Next;
                _c.Next = null;
                if (node?.Kind == ViewKind.Nullable) node = node.Element;
                return node != null && node.WireType != wt ? null : node;
            }

            public void Scalar(ref AmberReader reader, WireType wireType, ref AmberWriter sink)
            {
                bool key = _c.NextIsKey;
                _c.NextIsKey = false;
                ViewNode? node = Take(wireType);
                long at = reader.Position;
                ScalarJsonCodec.ScalarText s = ScalarJsonCodec.ReadScalar(ref reader, wireType, node);
                Utf8JsonWriter? w = _c.Writer;
                if (w == null) return;
                if (key)
                {
                    // Scalar keys become JSON property names, as System.Text.Json writes dictionaries.
                    s.WriteAsPropertyName(w);
                    return;
                }
                // Bytes that are not text show as {"$bytes": ...}: one JSON level, which a pair's value may open one below
                // the two its map checked for.
                if (s.IsObject) EnterJson(w, at, levels: 1);
                s.WriteTo(w);
            }

            public void Bytes(ref AmberReader reader, ref AmberWriter sink) => Scalar(ref reader, WireType.Bytes, ref sink);

            public void NullObject(long at, ref AmberWriter sink)
            {
                Take(WireType.Object);
                _c.Writer?.WriteNullValue();
            }

            public void ObjectBackReference(int id, long at, ref AmberWriter sink)
            {
                Take(WireType.Object);
                WriteBackReference(_c.Writer, id, at);
            }

            /// <summary>
            /// An inline struct (format §5.1): shown as an object of all its members, as a row of rows is, named by the
            /// declared type where it has them. It took no object id, so it has no <c>$id</c>; it counts as an object of its
            /// type in the stats.
            /// </summary>
            public void Inline(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ref AmberWriter sink)
            {
                ViewNode? node = Take(WireType.Object);
                Utf8JsonWriter? w = _c.Writer;
                EnterJson(w, start, levels: 1);
                ShapeInfo info = _c.Shape(ref reader, shapeId);
                ReadOnlySpan<byte> codes = new ReadOnlySpan<byte>(shape.Codes, 0, shape.Count);
                ViewType? view = node?.Kind == ViewKind.Object ? AmberKnownTypes.ViewOf(node.Tag) : null;
                int[]? map = info.MapTo(view);
                ReadOnlySpan<byte> row = reader.ReadSpan(shape.Width);
                if (w != null)
                {
                    w.WriteStartObject();
                    for (int i = 0, at = 0; i < codes.Length; i++)
                    {
                        int mine = map?[i] ?? -1;
                        w.WritePropertyName(mine >= 0 ? view!.Shape.MemberNames[mine] : info.UnknownName(i));
                        ScalarJsonCodec.RowValue(codes[i], row.Slice(at), mine >= 0 ? view!.Member(mine) : null).WriteTo(w);
                        at += AmberCode.PackedWidth(codes[i]);
                    }
                    w.WriteEndObject();
                }
                long total = reader.Position - start;
                _c.Count(info.TypeName(view), total, codes.Length);
                _c.Nested += total;
            }

            public void ObjectStart(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, long start, ulong presence, ulong[]? more, ref AmberWriter sink)
            {
                ViewNode? node = Take(WireType.Object);
                Utf8JsonWriter? w = _c.Writer;
                EnterJson(w, start);
                int objectId = reader.ReferenceMode ? reader.LastReservedReference : -1;
                reader.MarkViewed(objectId);
                ShapeInfo info = _c.Shape(ref reader, shapeId);
                // A polymorphic or object member shows the type its tag names (a polymorphic member of a concrete declared
                // type reads a shape without a tag as that type). A member declared as a class reads a tagged shape as the
                // tag's type when that type derives from it (a subclass at the root), and any other shape as the declared
                // type, mapping by key (format §7.1): it is shown the same way.
                ViewType? declared = node?.Kind is ViewKind.Object or ViewKind.ConcretePolymorphic ? AmberKnownTypes.ViewOf(node.Tag) : null;
                // A declared type with a default subtype ([AmberDefaultSubtype]) reads a shape without a tag as that subtype.
                if (node?.Kind is ViewKind.Polymorphic or ViewKind.ConcretePolymorphic && info.TypeTag == null) declared = DefaultSubtypeView(node) ?? declared;
                ViewType? tagged = info.TypeTag is uint tag ? AmberKnownTypes.ViewOf(tag) : null;
                ViewType? view = node?.Kind != ViewKind.Object || declared == null || (tagged != null && tagged.Type != declared.Type && declared.Type.IsAssignableFrom(tagged.Type))
                    ? tagged ?? declared
                    : declared;
                w?.WriteStartObject();
                if (w != null && objectId >= 0) w.WriteNumber(IdProperty, objectId);
                if (w != null && info.TypeTag is uint t) w.WriteString(TypeProperty, AmberKnownTypes.ViewOf(t)?.Name ?? "#" + t.ToString("X8", CultureInfo.InvariantCulture));
                ref Frame frame = ref _c.Push();
                frame.Shape = info;
                frame.View = view;
                frame.Map = info.MapTo(view);
                frame.Start = start;
                frame.OuterNested = _c.Nested;
                frame.Members = 0;
                _c.Nested = 0;
            }

            public string? Member(int index, ref AmberWriter sink)
            {
                ref Frame frame = ref _c.Top;
                frame.Members++;
                int mine = frame.Map?[index] ?? -1;
                string name = mine < 0 ? frame.Shape!.UnknownName(index)
                    : frame.View!.IsValue ? ValueProperty
                    : frame.View.Shape.MemberNames[mine];
                _c.Writer?.WritePropertyName(name);
                _c.Next = mine < 0 ? null : frame.View!.Member(mine);
                return name;
            }

            public void ObjectEnd(ref AmberReader reader, ref AmberWriter sink)
            {
                Frame frame = _c.Pop();
                _c.Writer?.WriteEndObject();
                long total = reader.Position - frame.Start;
                _c.Count(frame.Shape!.TypeName(frame.View), total - _c.Nested, frame.Members);
                _c.Nested = frame.OuterNested + total;
            }

            public void NullCollection(bool map, int id, long at, ref AmberWriter sink)
            {
                Take(map ? WireType.Map : WireType.Sequence);
                if (id >= 0) WriteBackReference(_c.Writer, id, at);
                else _c.Writer?.WriteNullValue();
            }

            /// <summary>
            /// A sequence or map, inside <c>{"$id": n, "$values": …}</c> when it took an object id (format version 2, which a
            /// later <c>$ref</c> may name; wrapped, a map's own keys, a key may be "$id", cannot be taken for the id).
            /// </summary>
            public void CollectionStart(ref AmberReader reader, bool map, int count, byte descriptor, long at, ref AmberWriter sink)
            {
                ViewNode? node = Take(map ? WireType.Map : WireType.Sequence);
                Utf8JsonWriter? w = _c.Writer;
                int id = reader.CollectionIdentity ? reader.LastReservedReference : -1;
                reader.MarkViewed(id);
                if (w != null && id >= 0)
                {
                    EnterJson(w, at);
                    w.WriteStartObject();
                    w.WriteNumber(IdProperty, id);
                    w.WritePropertyName(ValuesProperty);
                }
                ref Frame frame = ref _c.Push();
                frame.Id = id;
                frame.Pairs = false;
                frame.Array = false;
                frame.Shaped = false;
                frame.Object = false;
                if (map)
                {
                    EnterJson(w, reader.Position);
                    frame.Element = node?.Kind == ViewKind.Map ? node.Element : null;
                    frame.Value = node?.Kind == ViewKind.Map ? node.Value : null;
                    // Scalar keys become JSON property names, as System.Text.Json writes dictionaries; other keys, pairs.
                    WireType keyType = new MapDescriptor(descriptor).KeyWireType;
                    frame.Pairs = keyType is WireType.Object or WireType.Sequence or WireType.Map;
                    if (frame.Pairs)
                    {
                        w?.WriteStartArray();
                        frame.Array = true;
                    }
                    else
                    {
                        w?.WriteStartObject();
                        frame.Object = true;
                    }
                    return;
                }
                frame.Element = node?.Kind == ViewKind.Sequence ? node.Element : null;
                frame.Value = null;
                EnterJson(w, at);
                var d = new SequenceDescriptor(descriptor);
                if (count == 0)
                {
                    w?.WriteStartArray();
                    w?.WriteEndArray();
                }
                else if (!d.IsPacked && !d.IsRows && !d.IsShaped)
                {
                    w?.WriteStartArray();
                    frame.Array = true;
                }
            }

            public void CollectionEnd(ref AmberWriter sink)
            {
                Frame frame = _c.Pop();
                Utf8JsonWriter? w = _c.Writer;
                if (w == null) return;
                if (frame.Array) w.WriteEndArray();
                if (frame.Object) w.WriteEndObject();
                if (frame.Shaped) w.WriteEndObject();
                if (frame.Id >= 0) w.WriteEndObject();
            }

            public void Packed(ref AmberReader reader, int count, int code, ref AmberWriter sink)
            {
                ReadOnlySpan<byte> raw = reader.ReadSpan(count * AmberCode.PackedWidth(code));
                Utf8JsonWriter? w = _c.Writer;
                if (w == null) return;
                w.WriteStartArray();
                for (int i = 0; i < count; i++) ScalarJsonCodec.Packed(code, raw, i).WriteTo(w);
                w.WriteEndArray();
            }

            /// <summary>Rows (format §6.1): an array of objects of every member, named by the element's view type where it has them; each row counts as an object.</summary>
            public void Rows(ref AmberReader reader, ref ReaderState.Entry shape, int shapeId, ReadOnlySpan<byte> codes, int count, int width, ref AmberWriter sink)
            {
                Utf8JsonWriter? w = _c.Writer;
                byte[] layout = codes.ToArray();
                ShapeInfo info = _c.Shape(ref reader, shapeId);
                int members = layout.Length;
                ViewNode? element = _c.Top.Element;
                ViewType? view = element?.Kind == ViewKind.Object ? AmberKnownTypes.ViewOf(element.Tag) : null;
                int[]? map = info.MapTo(view);
                var names = new string[members];
                for (int i = 0; i < members; i++) names[i] = map != null && map[i] >= 0 ? view!.Shape.MemberNames[map[i]] : info.UnknownName(i);
                w?.WriteStartArray();
                for (int row = 0; row < count; row++)
                {
                    long rowStart = reader.Position;
                    w?.WriteStartObject();
                    for (int i = 0; i < members; i++)
                    {
                        ReadOnlySpan<byte> raw = reader.ReadSpan(AmberCode.PackedWidth(layout[i]));
                        if (w == null) continue;
                        w.WritePropertyName(names[i]);
                        ScalarJsonCodec.Packed(layout[i], raw, 0).WriteTo(w);
                    }
                    w?.WriteEndObject();
                    _c.Count(info.TypeName(view), reader.Position - rowStart, members);
                    _c.Nested += reader.Position - rowStart;
                }
                w?.WriteEndArray();
            }

            /// <summary>A multi-dimensional array: <c>{"$dims": [lengths], "$items": [elements]}</c>.</summary>
            public void Dimensions(scoped ReadOnlySpan<int> lengths, ref AmberWriter sink)
            {
                ref Frame frame = ref _c.Top;
                frame.Shaped = true;
                frame.Array = true;
                Utf8JsonWriter? w = _c.Writer;
                if (w == null) return;
                w.WriteStartObject();
                w.WriteStartArray(DimsProperty);
                foreach (int length in lengths) w.WriteNumberValue(length);
                w.WriteEndArray();
                w.WritePropertyName(ItemsProperty);
                w.WriteStartArray();
            }

            public void Item(ItemPart part, int index, ref AmberWriter sink)
            {
                ref Frame frame = ref _c.Top;
                switch (part)
                {
                    case ItemPart.Element:
                        _c.Next = frame.Element;
                        break;
                    case ItemPart.Key:
                        _c.Next = frame.Element;
                        if (frame.Pairs)
                        {
                            _c.Writer?.WriteStartObject();
                            _c.Writer?.WritePropertyName(KeyProperty);
                        }
                        else
                        {
                            _c.NextIsKey = true;
                        }
                        break;
                    case ItemPart.Value:
                        if (frame.Pairs) _c.Writer?.WritePropertyName(ValueProperty);
                        _c.Next = frame.Value;
                        break;
                    default:
                        if (frame.Pairs) _c.Writer?.WriteEndObject();
                        break;
                }
            }

            public void Presence(ref AmberReader reader, bool present, ref AmberWriter sink)
            {
                if (present) return;
                _c.Next = null;
                _c.Writer?.WriteNullValue();
            }

            public void EnterNested(ref AmberWriter sink)
            {
            }

            public void ExitNested(ref AmberWriter sink)
            {
            }
        }

        /// <summary>An object, sequence or map being written: what its members or items are shown as, and its byte counts.</summary>
        private struct Frame
        {
            public ShapeInfo? Shape;
            public ViewType? View;
            public int[]? Map;
            public long Start;
            public long OuterNested;
            public int Members;
            public ViewNode? Element;
            public ViewNode? Value;
            public int Id;
            public bool Pairs;
            public bool Array;
            public bool Object;
            public bool Shaped;
        }
    }
}
#endif
