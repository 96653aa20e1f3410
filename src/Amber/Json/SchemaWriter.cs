#if NET8_0_OR_GREATER
using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Json
{
    /// <summary>
    /// Writes the schema document of docs/schema.md from the views the generated code registered (<see cref="ViewType"/>):
    /// the types asked for, every type their members name by tag, the abstract classes and interfaces their polymorphic
    /// members are declared as and the registered types those may hold, sorted by name, members in wire order.
    /// </summary>
    internal static class SchemaWriter
    {
        /// <summary>The value of the document's <c>format</c>.</summary>
        public const string Format = "amber-schema";

        /// <summary>The document's version: a reader refuses a version it does not know.</summary>
        public const int Version = 1;

        private static readonly JsonWriterOptions s_options = new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

        public static string Write(IEnumerable<Type> types)
        {
            var found = new Dictionary<Type, ViewType>();
            var pending = new Stack<ViewType>();
            foreach (Type type in types)
            {
                if (type == null) throw new ArgumentException("The list of types holds a null.", nameof(types));
                if (found.ContainsKey(type)) continue;
                if (!type.IsGenericTypeDefinition)
                {
                    // A collection root (a Dictionary<string, Item>) is registered by the generated code of its items' assembly.
                    foreach (Type part in Parts(type)) AmberKnownTypes.EnsureRegistered(part);
                }
                ViewType? view = AmberKnownTypes.ViewOf(type);
                if (view == null || view.Shape.TypeTag == null) continue;
                found.Add(type, view);
                pending.Push(view);
            }
            var bases = new Dictionary<uint, (Type Type, string Name)>();
            Close(found, pending, bases);

            // An object member may hold a built-in value (format §7.3), and any collection of the document's types that generated
            // code registered (a List<Item>, whose typed shape carries that tag): with one in the document, they join too.
            if (HasDynamic(found.Values))
            {
                foreach (Type builtIn in s_builtIns)
                {
                    ViewType? view = AmberKnownTypes.ViewOf(builtIn);
                    if (view != null && view.Shape.TypeTag != null) found.TryAdd(builtIn, view);
                }
                List<ViewType> registered = AmberKnownTypes.AllViews();
                bool added = true;
                while (added)
                {
                    added = false;
                    var listed = new HashSet<Type>(found.Keys);
                    foreach ((Type abstractType, _) in bases.Values) listed.Add(abstractType);
                    foreach (ViewType view in registered)
                    {
                        if (!view.IsValue || view.Shape.TypeTag == null || found.ContainsKey(view.Type) || !IsCollectionOf(view.Type, listed)) continue;
                        found.Add(view.Type, view);
                        pending.Push(view);
                        added = true;
                    }
                    Close(found, pending, bases);
                }
            }

            var sorted = new List<ViewType>(found.Values);
            sorted.Sort((a, b) =>
            {
                int byName = string.CompareOrdinal(a.Name, b.Name);
                return byName != 0 ? byName : a.Shape.TypeTag!.Value.CompareTo(b.Shape.TypeTag!.Value);
            });
            var entries = new List<(string Name, uint Tag, ViewType? View, Type? Abstract)>();
            foreach (ViewType view in sorted) entries.Add((view.Name, view.Shape.TypeTag!.Value, view, null));
            foreach (KeyValuePair<uint, (Type Type, string Name)> b in bases) entries.Add((b.Value.Name, b.Key, null, b.Value.Type));
            entries.Sort((a, b) =>
            {
                int byName = string.CompareOrdinal(a.Name, b.Name);
                return byName != 0 ? byName : a.Tag.CompareTo(b.Tag);
            });

            var buffer = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(buffer, s_options))
            {
                writer.WriteStartObject();
                writer.WriteString("format", Format);
                writer.WriteNumber("version", Version);
                writer.WriteStartArray("types");
                foreach ((string name, uint tag, ViewType? view, Type? abstractType) in entries)
                {
                    if (view != null) WriteType(writer, view, sorted);
                    else WriteAbstract(writer, name, tag, abstractType!, sorted);
                }
                writer.WriteEndArray();
                writer.WriteEndObject();
            }
            string text = Encoding.UTF8.GetString(buffer.WrittenSpan);
            // The same text on every platform: JSON strings escape their line breaks, so every raw one is the writer's.
            return Environment.NewLine == "\n" ? text : text.Replace(Environment.NewLine, "\n", StringComparison.Ordinal);
        }

        /// <summary>
        /// Adds what the pending types reach, so the document is whole: the types members name by tag (a reader resolves every
        /// "object" it finds), the declared types of polymorphic members and every registered type they may hold.
        /// </summary>
        private static void Close(Dictionary<Type, ViewType> found, Stack<ViewType> pending, Dictionary<uint, (Type Type, string Name)> bases)
        {
            while (pending.Count > 0)
            {
                ViewType view = pending.Pop();
                foreach (ViewNode node in Nodes(view))
                {
                    Type declared;
                    if (node.Kind is ViewKind.Object or ViewKind.ConcretePolymorphic)
                    {
                        ViewType? named = AmberKnownTypes.ViewOf(node.Tag);
                        if (named == null) continue;
                        if (found.TryAdd(named.Type, named)) pending.Push(named);
                        if (node.Kind == ViewKind.Object) continue;
                        declared = named.Type;
                    }
                    else if (node.Kind == ViewKind.Polymorphic && node.HasTag && AmberKnownTypes.TryGetBase(node.Tag, out Type? abstractType, out string? name))
                    {
                        if (!bases.TryAdd(node.Tag, (abstractType, name))) continue;
                        declared = abstractType;
                    }
                    else continue;
                    foreach (ViewType held in AmberKnownTypes.ViewsAssignableTo(declared))
                    {
                        if (held.Shape.TypeTag != null && found.TryAdd(held.Type, held)) pending.Push(held);
                    }
                }
            }
        }

        /// <summary>A type and the types it is built of: an array's element type, a generic type's arguments, recursively.</summary>
        private static IEnumerable<Type> Parts(Type type)
        {
            yield return type;
            if (type.HasElementType)
            {
                foreach (Type part in Parts(type.GetElementType()!)) yield return part;
            }
            else if (type.IsGenericType)
            {
                foreach (Type argument in type.GetGenericArguments())
                {
                    foreach (Type part in Parts(argument)) yield return part;
                }
            }
        }

        /// <summary>
        /// Whether a registered value type is a collection (an array or a constructed generic type) of a type the document
        /// lists (an object, enum or declared base) that is not a built-in (a List&lt;Item&gt; where Item is listed; not a List&lt;int&gt;, which is one already or not known).
        /// </summary>
        private static bool IsCollectionOf(Type type, HashSet<Type> listed)
        {
            if (!type.HasElementType && !type.IsGenericType) return false;
            foreach (Type part in Parts(type))
            {
                if (part != type && part.Assembly != typeof(object).Assembly && listed.Contains(part)) return true;
            }
            return false;
        }

        /// <summary>The built-in known types of format §7.3 (what <c>Internal.BuiltInTypes</c> registers).</summary>
        private static readonly Type[] s_builtIns =
        {
            typeof(bool), typeof(byte), typeof(sbyte), typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long), typeof(ulong),
            typeof(char), typeof(float), typeof(double), typeof(decimal), typeof(string), typeof(byte[]), typeof(Uri), typeof(Version),
            typeof(System.Numerics.BigInteger), typeof(DateTime), typeof(DateTimeOffset), typeof(TimeSpan), typeof(Guid),
            typeof(DateOnly), typeof(TimeOnly), typeof(Half), typeof(Int128), typeof(UInt128),
            typeof(sbyte[]), typeof(short[]), typeof(ushort[]), typeof(int[]), typeof(uint[]), typeof(long[]), typeof(ulong[]),
            typeof(float[]), typeof(double[]), typeof(bool[]), typeof(char[]),
            typeof(List<byte>), typeof(List<sbyte>), typeof(List<short>), typeof(List<ushort>), typeof(List<int>), typeof(List<uint>),
            typeof(List<long>), typeof(List<ulong>), typeof(List<float>), typeof(List<double>), typeof(List<bool>), typeof(List<char>),
            typeof(string[]), typeof(List<string>), typeof(object[]), typeof(List<object>), typeof(Dictionary<string, object>),
        };

        private static bool HasDynamic(IEnumerable<ViewType> views)
        {
            foreach (ViewType view in views)
            {
                foreach (ViewNode node in Nodes(view))
                {
                    if (node.Kind == ViewKind.Dynamic) return true;
                }
            }
            return false;
        }

        /// <summary>Every node of a type's encodings, nested ones included.</summary>
        private static IEnumerable<ViewNode> Nodes(ViewType view)
        {
            var stack = new Stack<ViewNode>();
            if (view.IsValue)
            {
                if (view.Value != null) stack.Push(view.Value);
            }
            else
            {
                for (int i = 0; i < view.Shape.Tags.Length; i++)
                {
                    ViewNode? member = view.Member(i);
                    if (member != null) stack.Push(member);
                }
            }
            while (stack.Count > 0)
            {
                ViewNode node = stack.Pop();
                yield return node;
                if (node.Element != null) stack.Push(node.Element);
                if (node.Value != null) stack.Push(node.Value);
            }
        }

        private static string Hex(uint tag) => tag.ToString("X8", CultureInfo.InvariantCulture);

        private static void WriteType(Utf8JsonWriter writer, ViewType view, List<ViewType> all)
        {
            AmberShape shape = view.Shape;
            writer.WriteStartObject();
            writer.WriteString("name", view.Name);
            writer.WriteString("tag", Hex(shape.TypeTag!.Value));
            if (view.IsValue)
            {
                ViewNode? value = view.Value;
                writer.WriteString("kind", value?.Kind == ViewKind.Enum ? "enum" : "value");
                writer.WritePropertyName("encoding");
                WriteNode(writer, value);
                writer.WriteEndObject();
                return;
            }
            writer.WriteString("kind", "object");
            writer.WriteBoolean("valueType", view.Type.IsValueType);
            writer.WriteBoolean("inline", view.RowCodes != null);
            // Members it does not know are kept and written back (format §5.2): a reader in another language does the same.
            if (view.KeepsUnknown) writer.WriteBoolean("keepsUnknown", true);
            AmberKnownTypes.SchemaFacts? facts = AmberKnownTypes.SchemaFactsOf(view.Type);
            // Payloads holding it are written in reference mode ([AmberPreserveReferences], format §7.2).
            if (facts?.PreservesReferences == true) writer.WriteBoolean("preservesReferences", true);
            if (facts?.FormerTags is uint[] formerTags && formerTags.Length > 0)
            {
                var sortedTags = (uint[])formerTags.Clone();
                Array.Sort(sortedTags);
                writer.WriteStartArray("formerTags");
                foreach (uint t in sortedTags) writer.WriteStringValue(Hex(t));
                writer.WriteEndArray();
            }
            writer.WriteStartArray("members");
            for (int i = 0; i < shape.Tags.Length; i++)
            {
                ushort tag = shape.Tags[i];
                int key = tag >> 3;
                string name = shape.MemberNames[i];
                writer.WriteStartObject();
                writer.WriteString("name", name);
                writer.WriteNumber("key", key);
                writer.WriteString("wireType", JsonView.WireName((WireType)(tag & AmberCode.WireTypeMask)));
                uint? hash = shape.NameHashes?[i];
                if (hash == null)
                {
                    // A shape made without hashes has members of distinct keys, each its name's: the hash is the name's.
                    uint own = AmberCode.TypeTagOf(name);
                    if (AmberCode.KeyOfHash(own) == key) hash = own;
                }
                if (hash is uint h) writer.WriteString("nameHash", Hex(h));
                else writer.WriteNull("nameHash");
                int[]? former = shape.ExtraKeys?[i];
                if (former != null && former.Length > 0)
                {
                    var keys = (int[])former.Clone();
                    Array.Sort(keys);
                    writer.WriteStartArray("formerKeys");
                    foreach (int k in keys) writer.WriteNumberValue(k);
                    writer.WriteEndArray();
                }
                if (view.RowCodes != null) writer.WriteNumber("rowCode", view.RowCodes[i]);
                ViewNode? encoding = view.Member(i);
                if (encoding?.RefNullable is bool mayBeNull) writer.WriteBoolean("nullable", mayBeNull);
                // Written even at its default (an initializer or a constructor-parameter default, an object …): a writer that
                // leaves it out writes other bytes, and a reader of this type would give the other value.
                if (encoding?.WritesDefault == true) writer.WriteBoolean("writesDefault", true);
                // The type cannot be made without it: data that lacks it gives the constructor its type's default.
                if (facts?.RequiredMembers is int[] required && Array.IndexOf(required, i) >= 0) writer.WriteBoolean("required", true);
                writer.WritePropertyName("encoding");
                WriteNode(writer, encoding);
                writer.WriteEndObject();
            }
            writer.WriteEndArray();
            // The registered types this one's members may hold in its place, when it is the declared type of a polymorphic member.
            WriteSubtypes(writer, view.Type, all, always: false);
            WriteDefaultSubtype(writer, view.Type);
            writer.WriteEndObject();
        }

        /// <summary>An abstract class or interface a polymorphic member is declared as: its name, tag and the document's types it may hold.</summary>
        private static void WriteAbstract(Utf8JsonWriter writer, string name, uint tag, Type type, List<ViewType> all)
        {
            writer.WriteStartObject();
            writer.WriteString("name", name);
            writer.WriteString("tag", Hex(tag));
            writer.WriteString("kind", "abstract");
            WriteSubtypes(writer, type, all, always: true);
            WriteDefaultSubtype(writer, type);
            writer.WriteEndObject();
        }

        /// <summary>The subtype data of the declared type without a type tag reads as ([AmberDefaultSubtype]), when it has one.</summary>
        private static void WriteDefaultSubtype(Utf8JsonWriter writer, Type type)
        {
            if (AmberKnownTypes.DefaultSubtypeOf(type) is Type subtype && AmberKnownTypes.ViewOf(subtype) is ViewType view)
                writer.WriteString("defaultSubtype", view.Name);
        }

        /// <summary>The document's object types (sorted by name) that <paramref name="type"/> is assignable from, itself left out.</summary>
        private static void WriteSubtypes(Utf8JsonWriter writer, Type type, List<ViewType> all, bool always)
        {
            bool any = false;
            if (always) writer.WriteStartArray("subtypes");
            foreach (ViewType other in all)
            {
                if (other.Type == type || other.IsValue || !type.IsAssignableFrom(other.Type)) continue;
                if (!any && !always) writer.WriteStartArray("subtypes");
                any = true;
                writer.WriteStartObject();
                writer.WriteString("name", other.Name);
                writer.WriteString("tag", Hex(other.Shape.TypeTag!.Value));
                writer.WriteEndObject();
            }
            if (any || always) writer.WriteEndArray();
        }

        private static void WriteNode(Utf8JsonWriter writer, ViewNode? node)
        {
            writer.WriteStartObject();
            switch (node?.Kind)
            {
                case ViewKind.Scalar:
                    writer.WriteString("scalar", node.Scalar);
                    break;
                case ViewKind.Enum:
                    writer.WriteStartObject("enum");
                    writer.WriteString("underlying", node.Scalar);
                    if (node.IsFlags) writer.WriteBoolean("flags", true);
                    if (node.ValuesByName != null)
                    {
                        var values = new List<(string Name, string Number, decimal Value)>();
                        foreach (KeyValuePair<string, string> pair in node.ValuesByName)
                            values.Add((pair.Key, pair.Value, decimal.Parse(pair.Value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)));
                        values.Sort((a, b) => a.Value != b.Value ? a.Value.CompareTo(b.Value) : string.CompareOrdinal(a.Name, b.Name));
                        writer.WriteStartObject("values");
                        foreach ((string name, string number, _) in values)
                        {
                            writer.WritePropertyName(name);
                            writer.WriteRawValue(number, skipInputValidation: false);
                        }
                        writer.WriteEndObject();
                    }
                    writer.WriteEndObject();
                    break;
                case ViewKind.Nullable:
                    writer.WritePropertyName("nullable");
                    WriteNode(writer, node.Element);
                    break;
                case ViewKind.Object:
                    ViewType? named = AmberKnownTypes.ViewOf(node.Tag);
                    if (named != null) writer.WriteString("object", named.Name);
                    else writer.WriteString("objectTag", Hex(node.Tag));
                    break;
                case ViewKind.Bytes:
                    writer.WriteBoolean("bytes", true);
                    break;
                case ViewKind.Sequence:
                    writer.WritePropertyName("sequence");
                    WriteNode(writer, node.Element);
                    if (node.Rank >= 2) writer.WriteNumber("rank", node.Rank);
                    // Struct elements rows could hold, which the writer writes one by one (a surrogate's, a HashSet's …).
                    if (node.NoRows) writer.WriteBoolean("rows", false);
                    // Items of a reference type: whether one may be null (their nullable annotation).
                    if (node.Element?.RefNullable is bool itemsNullable) writer.WriteBoolean("itemsNullable", itemsNullable);
                    break;
                case ViewKind.Map:
                    writer.WriteStartObject("map");
                    writer.WritePropertyName("key");
                    WriteNode(writer, node.Element);
                    writer.WritePropertyName("value");
                    WriteNode(writer, node.Value);
                    writer.WriteEndObject();
                    if (node.Value?.RefNullable is bool valuesNullable) writer.WriteBoolean("valuesNullable", valuesNullable);
                    break;
                case ViewKind.Polymorphic:
                    writer.WriteStartObject("polymorphic");
                    if (node.HasTag)
                    {
                        if (AmberKnownTypes.TryGetBase(node.Tag, out _, out string? baseName)) writer.WriteString("declared", baseName);
                        else writer.WriteString("declaredTag", Hex(node.Tag));
                    }
                    writer.WriteBoolean("abstract", true);
                    writer.WriteEndObject();
                    break;
                case ViewKind.ConcretePolymorphic:
                    writer.WriteStartObject("polymorphic");
                    ViewType? declared = AmberKnownTypes.ViewOf(node.Tag);
                    if (declared != null) writer.WriteString("declared", declared.Name);
                    else writer.WriteString("declaredTag", Hex(node.Tag));
                    writer.WriteEndObject();
                    break;
                case ViewKind.Dynamic:
                    writer.WriteBoolean("dynamic", true);
                    break;
                default:
                    writer.WriteBoolean("unknown", true);
                    break;
            }
            writer.WriteEndObject();
        }
    }
}
#endif
