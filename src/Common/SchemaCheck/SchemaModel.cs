using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

// The generator compiles this file for netstandard2.0 too, which has neither span parsing nor TryAdd.
#pragma warning disable CA1846, CA1864

namespace Amber.SchemaCheck
{
    /// <summary>One schema document (docs/schema.md), read for comparison: its types by name and by tag.</summary>
    internal sealed class SchemaDocument
    {
        private SchemaDocument(string label) => Label = label;

        /// <summary>What reports call it: a baseline's file name, or "this build".</summary>
        public string Label { get; }

        public Dictionary<string, SchemaType> ByName { get; } = new Dictionary<string, SchemaType>(StringComparer.Ordinal);

        public Dictionary<uint, SchemaType> ByTag { get; } = new Dictionary<uint, SchemaType>();

        /// <summary>The object types, enums and values, sorted by name (abstract entries too).</summary>
        public List<SchemaType> Types { get; } = new List<SchemaType>();

        /// <summary>A document of <paramref name="types"/>, made by code (the generator's view of the model it compiles).</summary>
        public static SchemaDocument Create(string label, IEnumerable<SchemaType> types)
        {
            var document = new SchemaDocument(label);
            foreach (SchemaType type in types) document.Add(type);
            document.Types.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            return document;
        }

        private void Add(SchemaType type)
        {
            if (ByName.ContainsKey(type.Name)) return;
            ByName.Add(type.Name, type);
            if (!ByTag.ContainsKey(type.Tag)) ByTag.Add(type.Tag, type);
            Types.Add(type);
        }

        /// <summary>Reads a document; throws <see cref="FormatException"/> saying what is wrong with it.</summary>
        public static SchemaDocument Parse(string json, string label)
        {
            SchemaJson root = SchemaJson.Parse(json);
            if (root.Kind != 'o' || root["format"]?.Text != "amber-schema")
                throw new FormatException("not a schema document: \"format\" is not \"amber-schema\" (write one with amber schema --assembly PATH --output FILE)");
            string? version = root["version"]?.Text;
            if (version != "1") throw new FormatException($"schema document version {version ?? "(none)"} is not known to this Amber; this Amber reads version 1");
            SchemaJson? types = root["types"];
            if (types?.Items == null) throw new FormatException("not a schema document: it has no \"types\" array");
            var document = new SchemaDocument(label);
            foreach (SchemaJson entry in types.Items) document.Add(SchemaType.Parse(entry));
            document.Types.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            return document;
        }

        /// <summary>The type of that name, or null.</summary>
        public SchemaType? Find(string? name) => name != null && ByName.TryGetValue(name, out SchemaType? t) ? t : null;

        /// <summary>The type an encoding node names: by its name, or by its tag when it gives only that.</summary>
        public SchemaType? Find(SchemaEncoding node) =>
            Find(node.TypeName) ?? (node.TypeName == null && node.Tag is uint tag && ByTag.TryGetValue(tag, out SchemaType? t) ? t : null);

        internal static string Required(SchemaJson node, string field)
        {
            string? text = node[field]?.Text;
            if (text == null) throw new FormatException($"not a schema document: an entry has no \"{field}\"");
            return text;
        }

        internal static uint HexTag(string text)
        {
            if (!uint.TryParse(text, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out uint tag))
                throw new FormatException($"not a schema document: '{text}' is not a type tag (8 hex digits)");
            return tag;
        }
    }

    /// <summary>A type of a schema document.</summary>
    internal sealed class SchemaType
    {
        public SchemaType(string name, uint tag, string kind)
        {
            Name = name;
            Tag = tag;
            Kind = kind;
        }

        public string Name { get; }

        public uint Tag { get; }

        /// <summary><c>object</c>, <c>enum</c>, <c>value</c> or <c>abstract</c>.</summary>
        public string Kind { get; }

        public bool IsAbstract => Kind == "abstract";

        public bool ValueType { get; set; }

        public bool Inline { get; set; }

        public bool KeepsUnknown { get; set; }

        public bool PreservesReferences { get; set; }

        /// <summary>The subtype untagged data of this declared type reads as (<c>[AmberDefaultSubtype]</c>), or null.</summary>
        public string? DefaultSubtype { get; set; }

        /// <summary>The tags of the type's former names (<c>[AmberFormerName]</c> on the type): a typed shape with one reads as this type.</summary>
        public List<uint> FormerTags { get; } = new List<uint>();

        public List<SchemaMember> Members { get; } = new List<SchemaMember>();

        /// <summary>The subtypes a member declared as this type may hold: (name, tag).</summary>
        public List<KeyValuePair<string, uint>> Subtypes { get; } = new List<KeyValuePair<string, uint>>();

        /// <summary>An enum's or value's encoding.</summary>
        public SchemaEncoding? Encoding { get; set; }

        public static SchemaType Parse(SchemaJson entry)
        {
            var type = new SchemaType(SchemaDocument.Required(entry, "name"), SchemaDocument.HexTag(SchemaDocument.Required(entry, "tag")), SchemaDocument.Required(entry, "kind"))
            {
                ValueType = entry["valueType"]?.Bool == true,
                Inline = entry["inline"]?.Bool == true,
                KeepsUnknown = entry["keepsUnknown"]?.Bool == true,
                PreservesReferences = entry["preservesReferences"]?.Bool == true,
                DefaultSubtype = entry["defaultSubtype"]?.Text,
            };
            if (entry["encoding"] is SchemaJson encoding) type.Encoding = SchemaEncoding.Parse(encoding);
            if (entry["formerTags"]?.Items is List<SchemaJson> former)
            {
                foreach (SchemaJson f in former) type.FormerTags.Add(SchemaDocument.HexTag(f.Text ?? ""));
            }
            if (entry["members"]?.Items is List<SchemaJson> members)
            {
                foreach (SchemaJson m in members) type.Members.Add(SchemaMember.Parse(m));
            }
            if (entry["subtypes"]?.Items is List<SchemaJson> subtypes)
            {
                foreach (SchemaJson s in subtypes)
                    type.Subtypes.Add(new KeyValuePair<string, uint>(SchemaDocument.Required(s, "name"), SchemaDocument.HexTag(SchemaDocument.Required(s, "tag"))));
            }
            return type;
        }

        /// <summary>Whether a typed shape with <paramref name="tag"/> reads as this type: its own tag or a former one.</summary>
        public bool ReadsTag(uint tag) => Tag == tag || FormerTags.Contains(tag);
    }

    /// <summary>A member of an object type in a schema document.</summary>
    internal sealed class SchemaMember
    {
        public SchemaMember(string name, int key, string wireType, SchemaEncoding encoding)
        {
            Name = name;
            Key = key;
            WireType = wireType;
            Encoding = encoding;
        }

        public string Name { get; }

        public int Key { get; }

        public string WireType { get; }

        /// <summary>The FNV-1a-32 of its wire name, or null when the document does not know it.</summary>
        public uint? NameHash { get; set; }

        public List<int> FormerKeys { get; } = new List<int>();

        /// <summary>The type cannot be made without it: a constructor parameter with no default, or a <c>required</c> member.</summary>
        public bool Required { get; set; }

        public SchemaEncoding Encoding { get; }

        public static SchemaMember Parse(SchemaJson m)
        {
            string name = SchemaDocument.Required(m, "name");
            if (!int.TryParse(SchemaDocument.Required(m, "key"), NumberStyles.None, CultureInfo.InvariantCulture, out int key))
                throw new FormatException($"not a schema document: member '{name}' has a key that is not a number");
            SchemaJson encoding = m["encoding"] ?? throw new FormatException($"not a schema document: member '{name}' has no \"encoding\"");
            var member = new SchemaMember(name, key, SchemaDocument.Required(m, "wireType"), SchemaEncoding.Parse(encoding))
            {
                Required = m["required"]?.Bool == true,
            };
            if (m["nameHash"]?.Text is string hash) member.NameHash = SchemaDocument.HexTag(hash);
            if (m["formerKeys"]?.Items is List<SchemaJson> former)
            {
                foreach (SchemaJson k in former)
                {
                    if (int.TryParse(k.Text, NumberStyles.None, CultureInfo.InvariantCulture, out int f)) member.FormerKeys.Add(f);
                }
            }
            return member;
        }
    }

    /// <summary>An encoding node of a schema document (docs/schema.md, "Encoding nodes").</summary>
    internal sealed class SchemaEncoding
    {
        public SchemaEncoding(string kind) => Kind = kind;

        /// <summary><c>scalar</c>, <c>enum</c>, <c>nullable</c>, <c>bytes</c>, <c>sequence</c>, <c>map</c>, <c>object</c>, <c>objectTag</c>, <c>polymorphic</c>, <c>dynamic</c> or <c>unknown</c>.</summary>
        public string Kind { get; }

        /// <summary><c>scalar</c>: its name; <c>enum</c>: the underlying scalar's.</summary>
        public string? Scalar { get; set; }

        public bool Flags { get; set; }

        /// <summary><c>enum</c>: each named value's number, as its text (every digit).</summary>
        public List<KeyValuePair<string, string>> Values { get; } = new List<KeyValuePair<string, string>>();

        /// <summary><c>nullable</c>, <c>sequence</c>: the element; <c>map</c>: the key.</summary>
        public SchemaEncoding? Element { get; set; }

        /// <summary><c>map</c>: the value.</summary>
        public SchemaEncoding? Value { get; set; }

        public int Rank { get; set; }

        /// <summary><c>object</c>: the type's name; <c>polymorphic</c>: the declared type's name (null when only its tag is known).</summary>
        public string? TypeName { get; set; }

        /// <summary><c>objectTag</c>: the type's tag; <c>polymorphic</c>: the declared type's tag, when given as <c>declaredTag</c>.</summary>
        public uint? Tag { get; set; }

        /// <summary><c>polymorphic</c>: the declared type is an abstract class or an interface.</summary>
        public bool Abstract { get; set; }

        public static SchemaEncoding Parse(SchemaJson node)
        {
            if (node.Members == null || node.Members.Count == 0) throw new FormatException("not a schema document: an encoding node is empty");
            KeyValuePair<string, SchemaJson> first = node.Members[0];
            var e = new SchemaEncoding(first.Key);
            switch (first.Key)
            {
                case "scalar":
                    e.Scalar = first.Value.Text;
                    break;
                case "enum":
                    e.Scalar = first.Value["underlying"]?.Text;
                    e.Flags = first.Value["flags"]?.Bool == true;
                    if (first.Value["values"]?.Members is List<KeyValuePair<string, SchemaJson>> values)
                    {
                        foreach (KeyValuePair<string, SchemaJson> v in values) e.Values.Add(new KeyValuePair<string, string>(v.Key, v.Value.Text ?? ""));
                    }
                    break;
                case "nullable":
                    e.Element = Parse(first.Value);
                    break;
                case "sequence":
                    e.Element = Parse(first.Value);
                    if (node["rank"]?.Text is string rank) e.Rank = int.Parse(rank, CultureInfo.InvariantCulture);
                    break;
                case "map":
                    e.Element = Parse(first.Value["key"] ?? throw new FormatException("not a schema document: a map node has no key"));
                    e.Value = Parse(first.Value["value"] ?? throw new FormatException("not a schema document: a map node has no value"));
                    break;
                case "object":
                    e.TypeName = first.Value.Text;
                    break;
                case "objectTag":
                    e.Tag = SchemaDocument.HexTag(first.Value.Text ?? "");
                    break;
                case "polymorphic":
                    e.TypeName = first.Value["declared"]?.Text;
                    if (first.Value["declaredTag"]?.Text is string declaredTag) e.Tag = SchemaDocument.HexTag(declaredTag);
                    e.Abstract = first.Value["abstract"]?.Bool == true;
                    break;
            }
            return e;
        }

        /// <summary>The node as C# would name it, for reports: <c>int</c>, <c>List&lt;string&gt;</c> reads <c>sequence of String</c>.</summary>
        public override string ToString()
        {
            var sb = new StringBuilder();
            Describe(sb);
            return sb.ToString();
        }

        private void Describe(StringBuilder sb)
        {
            switch (Kind)
            {
                case "scalar":
                    sb.Append(Scalar);
                    break;
                case "enum":
                    sb.Append("enum of ").Append(Scalar);
                    break;
                case "nullable":
                    Element!.Describe(sb);
                    sb.Append('?');
                    break;
                case "bytes":
                    sb.Append("byte[]");
                    break;
                case "sequence":
                    sb.Append("sequence");
                    if (Rank >= 2) sb.Append(" of rank ").Append(Rank);
                    sb.Append(" of ");
                    Element!.Describe(sb);
                    break;
                case "map":
                    sb.Append("map of ");
                    Element!.Describe(sb);
                    sb.Append(" to ");
                    Value!.Describe(sb);
                    break;
                case "object":
                    sb.Append(TypeName);
                    break;
                case "objectTag":
                    sb.Append("object of tag ").Append(Tag!.Value.ToString("X8", CultureInfo.InvariantCulture));
                    break;
                case "polymorphic":
                    sb.Append(TypeName ?? "a polymorphic type").Append(Abstract ? " (abstract, by type tag)" : " (by type tag)");
                    break;
                case "dynamic":
                    sb.Append("object (any type, by type tag)");
                    break;
                default:
                    sb.Append("a hand-written encoding");
                    break;
            }
        }
    }
}
