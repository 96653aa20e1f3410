using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Json
{
    /// <summary>
    /// What the JSON view knows of a registered type: its C# name, its shape (member names, tags, hashes) and how each
    /// member is encoded (<see cref="ViewNode"/>), or, for a type that is a value in an <c>object</c> member (an enum, a
    /// collection, a built-in), the encoding of that value.
    /// </summary>
    internal sealed class ViewType
    {
        private readonly string[]? _memberViews;
        private readonly string? _valueView;
        private ViewNode?[]? _members;

        public ViewType(Type type, string name, AmberShape shape, string[]? memberViews, string? valueView, byte[]? rowCodes = null, bool keepsUnknown = false)
        {
            Type = type;
            Name = name;
            Shape = shape;
            _memberViews = memberViews;
            _valueView = valueView;
            RowCodes = rowCodes;
            KeepsUnknown = keepsUnknown;
        }

        /// <summary>Whether the type keeps the members it does not know (an <c>AmberUnknownMembers</c> member, docs/format.md §5.2) and writes them back.</summary>
        public bool KeepsUnknown { get; }

        /// <summary>For a struct written inline (docs/format.md §5.1), its members' packed codes; null otherwise.</summary>
        public byte[]? RowCodes { get; }

        // A shape takes a process-wide slot for good (AmberShape.Slot), so the shapes JSON read back writes with are made
        // here, at most one of each kind per view, and a view is made once per registered type (AmberKnownTypes): their
        // number is bounded by the types, however many calls there are.
        private AmberShape? _inlineShape;
        private AmberShape? _untypedShape;

        /// <summary>
        /// The shape JSON read back writes this struct's inline values with: one per type for the process, as generated
        /// code has, so a payload defines it once and writers' slots do not grow with every call.
        /// </summary>
        public AmberShape InlineShape =>
            _inlineShape ?? Keep(ref _inlineShape, Shape.ForInlineStruct());

        /// <summary>
        /// The shape JSON read back writes this type's objects with where the type is declared (not polymorphic): <see cref="Shape"/>
        /// without its type tag, as generated code's untyped shape. One per type for the process, like <see cref="InlineShape"/>.
        /// </summary>
        public AmberShape UntypedShape =>
            _untypedShape ?? Keep(ref _untypedShape, Shape.WithTypeTag(null));

        /// <summary>The shape in <paramref name="field"/>: <paramref name="made"/> unless another thread kept its own first (that one is then used, and <paramref name="made"/>'s slot stays unused).</summary>
        private static AmberShape Keep(ref AmberShape? field, AmberShape made) =>
            System.Threading.Interlocked.CompareExchange(ref field, made, null) ?? made;

        /// <summary>The registered type.</summary>
        public Type Type { get; }

        /// <summary>The C# name (the input of the type tag), or the shape's display name when no view was registered.</summary>
        public string Name { get; }

        public AmberShape Shape { get; }

        /// <summary>For a value type (enum, collection, scalar): how its one member, Value, is encoded.</summary>
        public ViewNode? Value => _valueView == null ? null : ViewNode.Parse(_valueView);

        /// <summary>Whether this is a value type's view (an object with the one member Value) rather than an object's.</summary>
        public bool IsValue => _valueView != null;

        /// <summary>The encoding of member <paramref name="index"/> of the shape, or null when not known.</summary>
        public ViewNode? Member(int index)
        {
            if (_memberViews == null) return Value;
            ViewNode?[] members = _members ??= new ViewNode?[_memberViews.Length];
            return members[index] ??= ViewNode.Parse(_memberViews[index]);
        }

        /// <summary>
        /// The member of this type a writer's tag stands for (format §5: by name hash when the writer gave one, else by
        /// key, former names included; of several with the key, the one of the same wire type, else the first), or -1.
        /// </summary>
        public int Find(ushort writerTag, uint? writerHash)
        {
            ushort[] tags = Shape.Tags;
            uint[]? hashes = Shape.NameHashes;
            if (writerHash is uint h)
            {
                if (hashes == null) return -1;
                return Array.IndexOf(hashes, h);
            }
            int key = writerTag >> 3;
            int found = -1, sameWireType = -1, matches = 0, sameCount = 0;
            for (int i = 0; i < tags.Length; i++)
            {
                if (!HasKey(i, key)) continue;
                matches++;
                if (found < 0) found = i;
                if ((tags[i] & AmberCode.WireTypeMask) == (writerTag & AmberCode.WireTypeMask))
                {
                    sameCount++;
                    if (sameWireType < 0) sameWireType = i;
                }
            }
            return matches > 1 && sameCount == 1 ? sameWireType : found;
        }

        private bool HasKey(int member, int key)
        {
            if (Shape.Tags[member] >> 3 == key) return true;
            int[]? extra = Shape.ExtraKeys?[member];
            return extra != null && Array.IndexOf(extra, key) >= 0;
        }
    }

    /// <summary>What kind of value a <see cref="ViewNode"/> describes; the comment of each names its letter in the generator's prefix code.</summary>
    internal enum ViewKind : byte
    {
        /// <summary><c>s</c>: a scalar (docs/format.md §3.1), named by <see cref="ViewNode.Scalar"/>.</summary>
        Scalar,

        /// <summary><c>e</c>: an enum, as its underlying scalar, with its named values.</summary>
        Enum,

        /// <summary><c>n</c>: a <c>Nullable</c> of <see cref="ViewNode.Element"/>.</summary>
        Nullable,

        /// <summary><c>o</c>: an object of the registered type with <see cref="ViewNode.Tag"/>.</summary>
        Object,

        /// <summary><c>b</c>: a byte array.</summary>
        Bytes,

        /// <summary><c>a</c>: a sequence of <see cref="ViewNode.Element"/>.</summary>
        Sequence,

        /// <summary><c>m</c>: a map of <see cref="ViewNode.Element"/> keys and <see cref="ViewNode.Value"/> values.</summary>
        Map,

        /// <summary><c>p</c>: a polymorphic member (format §7.1): an abstract class or interface (<see cref="ViewNode.Tag"/>: the tag of its name), shown by each shape's type tag.</summary>
        Polymorphic,

        /// <summary><c>q</c>: a polymorphic member whose declared type is concrete (<see cref="ViewNode.Tag"/>), which reads a shape without a tag as that type.</summary>
        ConcretePolymorphic,

        /// <summary><c>d</c>: an <c>object</c> member (format §7.3), holding any registered type.</summary>
        Dynamic,

        /// <summary><c>x</c>: not known (a hand-written formatter's encoding).</summary>
        Unknown,
    }

    /// <summary>
    /// How a value is encoded, parsed from the generator's prefix code (src/Amber.Generator/Emitting/Emitter.Views.cs):
    /// <c>s</c>Scalar<c>;</c>, <c>e</c>Scalar[<c>:</c>Name<c>=</c>value<c>,</c>…]<c>;</c> (enum; <c>|</c> instead of <c>:</c> for a
    /// [Flags] enum), <c>n</c>D (nullable), <c>o</c>8-hex-tag (object), <c>b</c> (bytes), <c>a</c>D (sequence), <c>m</c>KV (map),
    /// <c>p</c>8-hex-tag (polymorphic, the tag of the declared abstract class or interface; a bare <c>p</c> from older
    /// generated code names none), <c>q</c>8-hex-tag (polymorphic, the declared type concrete), <c>d</c> (object declared),
    /// <c>x</c> (not known: a hand-written formatter's). A node of a reference type may start with its nullable annotation:
    /// <c>?</c> may be null, <c>!</c> declared not null (<see cref="RefNullable"/>). After <c>a</c>, a multi-dimensional
    /// array's rank (decimal digits, <see cref="Rank"/>), then <c>-</c> when the writer writes struct elements one by one,
    /// not as rows (<see cref="NoRows"/>). A member's descriptor may start with <c>+</c>: the writer writes the member even
    /// at its default (<see cref="WritesDefault"/>). Descriptors of generated code before these marks parse as before.
    /// </summary>
    internal sealed class ViewNode
    {
        private static readonly ConcurrentDictionary<string, ViewNode> s_parsed = new ConcurrentDictionary<string, ViewNode>(StringComparer.Ordinal);

        private ViewNode(ViewKind kind, string? scalar, uint tag, ViewNode? element, ViewNode? value, string? enumNames = null, bool flags = false)
        {
            Kind = kind;
            Scalar = scalar;
            ScalarRow = ScalarKinds.OfName(scalar);
            Tag = tag;
            Element = element;
            Value = value;
            IsFlags = flags;
            if (enumNames == null) return;
            // A [Flags] value combines named values: the JSON view shows it as its number, so it has no names by value.
            if (!flags) NamesByRaw = new Dictionary<ulong, string>();
            ValuesByName = new Dictionary<string, string>(StringComparer.Ordinal);
            bool signed = ScalarRow?.IsSignedInteger == true;
            foreach (string pair in enumNames.Split(','))
            {
                int eq = pair.IndexOf('=');
                if (eq <= 0) continue;
                string name = pair.Substring(0, eq), number = pair.Substring(eq + 1);
                // The key is the varint as it is on the wire: zigzag for a signed underlying type (format §3.1).
                ulong raw = signed
                    ? (long.TryParse(number, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out long l) ? AmberPrimitives.ZigZag(l) : ulong.MaxValue)
                    : (ulong.TryParse(number, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out ulong u) ? u : ulong.MaxValue);
                if (NamesByRaw != null && !NamesByRaw.ContainsKey(raw)) NamesByRaw.Add(raw, name);   // of aliases, the first declared shows
                ValuesByName[name] = number;
            }
        }

        /// <summary><see cref="ViewKind.Enum"/>: the name of each named value, by its varint on the wire; null for a [Flags] enum.</summary>
        public Dictionary<ulong, string>? NamesByRaw { get; }

        /// <summary><see cref="ViewKind.Enum"/>: the value's invariant text of each name.</summary>
        public Dictionary<string, string>? ValuesByName { get; }

        public ViewKind Kind { get; }

        /// <summary><see cref="ViewKind.Enum"/>: a [Flags] enum, whose values combine.</summary>
        public bool IsFlags { get; }

        /// <summary>
        /// For a value of a reference type, whether it may be null by its nullable annotation (true also where annotations are
        /// disabled), false when declared not null; null for a value type, or when the generated code did not say.
        /// </summary>
        public bool? RefNullable { get; private set; }

        /// <summary>A member's descriptor (<c>+</c>): the writer writes the member even when it holds its type's default.</summary>
        public bool WritesDefault { get; private set; }

        /// <summary><c>a</c>: the rank of a multi-dimensional array (2 to 32); 0 for a sequence of one dimension.</summary>
        public int Rank { get; private set; }

        /// <summary><c>a</c> (<c>-</c>): the writer writes its struct elements one by one, where rows (format §6.1) could hold them.</summary>
        public bool NoRows { get; private set; }

        /// <summary><c>p</c>: whether the descriptor names the declared type's tag (generated code before it did not).</summary>
        public bool HasTag { get; private set; }

        /// <summary><c>s</c> and <c>e</c>: the scalar's name (for an enum, its underlying scalar's), as the descriptor gives it.</summary>
        public string? Scalar { get; }

        /// <summary><c>s</c> and <c>e</c>: the scalar, or <see cref="ScalarKind.None"/> for a name this version does not know.</summary>
        public ScalarKind ScalarKind => ScalarRow?.Kind ?? ScalarKind.None;

        /// <summary><c>s</c> and <c>e</c>: the scalar's row in the scalar table, or null for a name this version does not know.</summary>
        public ScalarInfo? ScalarRow { get; }

        /// <summary><c>o</c>: the object type's tag; <c>q</c>: the concrete declared type's; <c>p</c>: the declared abstract class's or interface's.</summary>
        public uint Tag { get; }

        /// <summary><c>n</c>, <c>a</c>: the element; <c>m</c>: the key.</summary>
        public ViewNode? Element { get; }

        /// <summary><c>m</c>: the value.</summary>
        public ViewNode? Value { get; }

        /// <summary>The wire type this encoding writes, or null when not known (<c>x</c>).</summary>
        public WireType? WireType => Kind switch
        {
            ViewKind.Scalar => ScalarRow?.WireType,
            ViewKind.Enum => Amber.WireType.Varint,
            ViewKind.Nullable => Element!.WireType,
            ViewKind.Object or ViewKind.Polymorphic or ViewKind.ConcretePolymorphic or ViewKind.Dynamic => Amber.WireType.Object,
            ViewKind.Bytes => Amber.WireType.Bytes,
            ViewKind.Sequence => Amber.WireType.Sequence,
            ViewKind.Map => Amber.WireType.Map,
            _ => null,
        };

        public static ViewNode Parse(string code)
        {
            if (s_parsed.TryGetValue(code, out ViewNode? node)) return node;
            int at = 0;
            bool writesDefault = code.Length > 0 && code[0] == '+';
            if (writesDefault) at++;
            node = ParseAt(code, ref at);
            if (writesDefault) node.WritesDefault = true;   // a node just made: the cache holds whole descriptors only
            if (at != code.Length) throw new ArgumentException($"The view descriptor '{code}' has extra characters.", nameof(code));
            return s_parsed.GetOrAdd(code, node);
        }

        private static ViewNode ParseAt(string code, ref int at)
        {
            if (at < code.Length && code[at] is '?' or '!')
            {
                bool mayBeNull = code[at++] == '?';
                ViewNode annotated = ParseNode(code, ref at);
                annotated.RefNullable = mayBeNull;   // a node just made: the cache holds whole descriptors only
                return annotated;
            }
            return ParseNode(code, ref at);
        }

        private static ViewNode ParseNode(string code, ref int at)
        {
            if (at >= code.Length) throw new ArgumentException($"The view descriptor '{code}' ends early.", nameof(code));
            char letter = code[at++];
            ViewKind kind = KindOf(letter);
            switch (letter)
            {
                case 's':
                case 'e':
                    int end = code.IndexOf(';', at);
                    if (end < 0) throw new ArgumentException($"The view descriptor '{code}' has an unterminated scalar.", nameof(code));
                    string scalar = code.Substring(at, end - at);
                    at = end + 1;
                    string? names = null;
                    int colon = kind == ViewKind.Enum ? scalar.IndexOfAny(s_enumSeparators) : -1;
                    bool flags = colon >= 0 && scalar[colon] == '|';
                    if (colon >= 0)
                    {
                        names = scalar.Substring(colon + 1);
                        scalar = scalar.Substring(0, colon);
                    }
                    return new ViewNode(kind, scalar, 0, null, null, names, flags);
                case 'o':
                case 'q':
                    if (at + 8 > code.Length) throw new ArgumentException($"The view descriptor '{code}' has a short tag.", nameof(code));
                    uint tag = uint.Parse(code.AsSpan(at, 8), System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture);
                    at += 8;
                    return new ViewNode(kind, null, tag, null, null);
                case 'a':
                    int rank = 0;
                    while (at < code.Length && code[at] >= '0' && code[at] <= '9' && rank < 1000) rank = rank * 10 + (code[at++] - '0');
                    bool noRows = at < code.Length && code[at] == '-';
                    if (noRows) at++;
                    return new ViewNode(kind, null, 0, ParseAt(code, ref at), null) { Rank = rank, NoRows = noRows };
                case 'n':
                    return new ViewNode(kind, null, 0, ParseAt(code, ref at), null);
                case 'm':
                    ViewNode key = ParseAt(code, ref at);
                    return new ViewNode(kind, null, 0, key, ParseAt(code, ref at));
                case 'p':
                    // Generated code before the declared type was named wrote a bare p, followed by nothing or by a map's value node.
                    if (!IsHexTag(code, at)) return new ViewNode(kind, null, 0, null, null);
                    var declared = new ViewNode(kind, null, uint.Parse(code.AsSpan(at, 8), System.Globalization.NumberStyles.HexNumber, System.Globalization.CultureInfo.InvariantCulture), null, null);
                    declared.HasTag = true;
                    at += 8;
                    return declared;
                case 'b':
                case 'd':
                case 'x':
                    return new ViewNode(kind, null, 0, null, null);
                default:
                    throw new ArgumentException($"The view descriptor '{code}' has an unknown code '{letter}'.", nameof(code));
            }
        }

        private static readonly char[] s_enumSeparators = { ':', '|' };

        private static bool IsHexTag(string code, int at)
        {
            if (at + 8 > code.Length) return false;
            for (int i = at; i < at + 8; i++)
            {
                if (!Uri.IsHexDigit(code[i]) || char.IsLower(code[i])) return false;
            }
            return true;
        }

        /// <summary>The kind a letter of the prefix code stands for (an unknown letter is refused by <see cref="ParseAt"/>).</summary>
        private static ViewKind KindOf(char letter) => letter switch
        {
            's' => ViewKind.Scalar,
            'e' => ViewKind.Enum,
            'n' => ViewKind.Nullable,
            'o' => ViewKind.Object,
            'b' => ViewKind.Bytes,
            'a' => ViewKind.Sequence,
            'm' => ViewKind.Map,
            'p' => ViewKind.Polymorphic,
            'q' => ViewKind.ConcretePolymorphic,
            'd' => ViewKind.Dynamic,
            _ => ViewKind.Unknown,
        };
    }
}
