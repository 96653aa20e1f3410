using System;
using System.Collections.Generic;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Internal
{
    /// <summary>
    /// The types a member declared as <c>object</c> holds without any generated code (docs/format.md
    /// §7.3). Each is an object with a typed shape of one member, <c>Value</c>, in the wire type the type
    /// has everywhere else; the tag is the FNV-1a hash of the C# name, the same tag the generator gives
    /// a type of that name.
    /// </summary>
    internal static class BuiltInTypes
    {
        internal delegate void Put<T>(ref AmberWriter writer, T value);

        internal delegate T Get<T>(ref AmberReader reader, WireType wireType, int referenceId);

        private const byte ObjectElements = (byte)WireType.Object;
        private const byte StringToObjectPairs = (byte)WireType.Bytes | ((byte)WireType.Object << 4);

        private static readonly int s_valueKey = AmberCode.KeyOf("Value");
        private static readonly string[] s_valueName = { "Value" };

        public static void RegisterAll()
        {
            Scalar(ScalarKind.Boolean, (ref AmberWriter w, bool v) => w.WriteBoolean(v));
            Scalar(ScalarKind.Byte, (ref AmberWriter w, byte v) => w.WriteByte(v));
            Scalar(ScalarKind.SByte, (ref AmberWriter w, sbyte v) => w.WriteSByte(v));
            Scalar(ScalarKind.Int16, (ref AmberWriter w, short v) => w.WriteInt16(v));
            Scalar(ScalarKind.UInt16, (ref AmberWriter w, ushort v) => w.WriteUInt16(v));
            Scalar(ScalarKind.Int32, (ref AmberWriter w, int v) => w.WriteInt32(v));
            Scalar(ScalarKind.UInt32, (ref AmberWriter w, uint v) => w.WriteUInt32(v));
            Scalar(ScalarKind.Int64, (ref AmberWriter w, long v) => w.WriteInt64(v));
            Scalar(ScalarKind.UInt64, (ref AmberWriter w, ulong v) => w.WriteUInt64(v));
            Scalar(ScalarKind.Char, (ref AmberWriter w, char v) => w.WriteChar(v));
            Scalar(ScalarKind.Single, (ref AmberWriter w, float v) => w.WriteSingle(v));
            Scalar(ScalarKind.Double, (ref AmberWriter w, double v) => w.WriteDouble(v));

            Scalar(ScalarKind.Decimal, (ref AmberWriter w, decimal v) => w.WriteDecimal(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a decimal"); return r.ReadDecimal(); });
            Scalar<string>(ScalarKind.String, (ref AmberWriter w, string v) => w.WriteString(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a string"); return Referenced(ref r, id, r.ReadString())!; });
            Add<byte[]>("byte[]", WireType.Bytes, false, (ref AmberWriter w, byte[] v) => w.WriteBytes(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "bytes"); return Referenced(ref r, id, r.ReadBytes())!; });
            Scalar<Uri>(ScalarKind.Uri, (ref AmberWriter w, Uri v) => w.WriteUri(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a Uri"); return Referenced(ref r, id, r.ReadUri())!; });
            Scalar<Version>(ScalarKind.Version, (ref AmberWriter w, Version v) => w.WriteVersion(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a Version"); return Referenced(ref r, id, r.ReadVersion())!; });
            Scalar(ScalarKind.BigInteger, (ref AmberWriter w, System.Numerics.BigInteger v) => w.WriteBigInteger(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a BigInteger"); return r.ReadBigInteger(); });
            Scalar(ScalarKind.DateTime, (ref AmberWriter w, DateTime v) => w.WriteDateTime(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Fixed64, "a DateTime"); return r.ReadDateTime(); });
            Scalar(ScalarKind.DateTimeOffset, (ref AmberWriter w, DateTimeOffset v) => w.WriteDateTimeOffset(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Bytes, "a DateTimeOffset"); return r.ReadDateTimeOffset(); });
            Scalar(ScalarKind.TimeSpan, (ref AmberWriter w, TimeSpan v) => w.WriteTimeSpan(v),
                (ref AmberReader r, WireType wt, int id) => { r.ExpectVarint(wt); return r.ReadTimeSpan(); });
            Scalar(ScalarKind.Guid, (ref AmberWriter w, Guid v) => w.WriteGuid(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Fixed128, "a Guid"); return r.ReadGuid(); });
#if NET8_0_OR_GREATER
            Scalar(ScalarKind.DateOnly, (ref AmberWriter w, DateOnly v) => w.WriteDateOnly(v),
                (ref AmberReader r, WireType wt, int id) => { r.ExpectVarint(wt); return r.ReadDateOnly(); });
            Scalar(ScalarKind.TimeOnly, (ref AmberWriter w, TimeOnly v) => w.WriteTimeOnly(v),
                (ref AmberReader r, WireType wt, int id) => { r.ExpectVarint(wt); return r.ReadTimeOnly(); });
            Scalar(ScalarKind.Half, (ref AmberWriter w, Half v) => w.WriteHalf(v),
                (ref AmberReader r, WireType wt, int id) => (Half)r.ReadSingle(wt));
            Scalar(ScalarKind.Int128, (ref AmberWriter w, Int128 v) => w.WriteInt128(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Fixed128, "an Int128"); return r.ReadInt128(); });
            Scalar(ScalarKind.UInt128, (ref AmberWriter w, UInt128 v) => w.WriteUInt128(v),
                (ref AmberReader r, WireType wt, int id) => { r.Expect(wt, WireType.Fixed128, "a UInt128"); return r.ReadUInt128(); });
#endif

            Packed<byte>("byte");
            Packed<sbyte>("sbyte");
            Packed<short>("short");
            Packed<ushort>("ushort");
            Packed<int>("int");
            Packed<uint>("uint");
            Packed<long>("long");
            Packed<ulong>("ulong");
            Packed<float>("float");
            Packed<double>("double");
            Packed<bool>("bool");
            Packed<char>("char");

            Add("string[]", WireType.Sequence, true, (ref AmberWriter w, string[] v) => WriteItems(ref w, v, (byte)WireType.Bytes, s_putString),
                (ref AmberReader r, WireType wt, int id) => ReadItems(ref r, wt, id, (byte)WireType.Bytes, "strings", n => new string[n], (a, i, s) => a[i] = s, s_getString));
            Add("System.Collections.Generic.List<string>", WireType.Sequence, true, (ref AmberWriter w, List<string> v) => WriteItems(ref w, v, (byte)WireType.Bytes, s_putString),
                (ref AmberReader r, WireType wt, int id) => ReadItems(ref r, wt, id, (byte)WireType.Bytes, "strings", n => new List<string>(n), (l, i, s) => l.Add(s), s_getString));
            Add("object[]", WireType.Sequence, true, (ref AmberWriter w, object?[] v) => WriteItems(ref w, v, ObjectElements, s_putObject),
                (ref AmberReader r, WireType wt, int id) => ReadItems(ref r, wt, id, ObjectElements, "objects", n => new object?[n], (a, i, o) => a[i] = o, s_getObject));
            Add("System.Collections.Generic.List<object>", WireType.Sequence, true, (ref AmberWriter w, List<object?> v) => WriteItems(ref w, v, ObjectElements, s_putObject),
                (ref AmberReader r, WireType wt, int id) => ReadItems(ref r, wt, id, ObjectElements, "objects", n => new List<object?>(n), (l, i, o) => l.Add(o), s_getObject));
            Add("System.Collections.Generic.Dictionary<string, object>", WireType.Map, true, (ref AmberWriter w, Dictionary<string, object?> v) => WriteMap(ref w, v),
                (ref AmberReader r, WireType wt, int id) => ReadMap(ref r, wt, id));
        }

        /// <summary>A primitive, read by <see cref="AmberReader.ReadPrimitive{T}"/>.</summary>
        private static void Scalar<T>(ScalarKind kind, Put<T> put) where T : unmanaged =>
            Scalar(kind, put, (ref AmberReader r, WireType wt, int id) => r.ReadPrimitive<T>(wt));

        /// <summary>A scalar: its name (which makes its type tag) and wire type are its row's in the scalar table.</summary>
        private static void Scalar<T>(ScalarKind kind, Put<T> put, Get<T> get)
        {
            ScalarInfo scalar = ScalarKinds.Of(kind);
            Add(scalar.Keyword ?? scalar.FullName, scalar.WireType, false, put, get);
        }

        private static void Packed<T>(string element) where T : unmanaged
        {
            Add(element + "[]", WireType.Sequence, true,
                (ref AmberWriter w, T[] v) => { if (!w.TryWriteCollectionReference(v)) w.WritePacked<T>(v); },
                (ref AmberReader r, WireType wt, int id) =>
                {
                    r.Expect(wt, WireType.Sequence, "a sequence");
                    int n = r.ReadSequenceHeader(out byte d, out object? existing);
                    if (n < 0) return r.ReferenceAs<T[]>(existing);
                    int own = r.LastReservedReference;
                    return Referenced(ref r, id, own, r.ReadPrimitiveArray<T>(n, d));
                });
            Add("System.Collections.Generic.List<" + element + ">", WireType.Sequence, true,
                (ref AmberWriter w, List<T> v) => { if (!w.TryWriteCollectionReference(v)) w.WritePacked<T>(AmberCollections.AsSpan(v)); },
                (ref AmberReader r, WireType wt, int id) =>
                {
                    r.Expect(wt, WireType.Sequence, "a sequence");
                    int n = r.ReadSequenceHeader(out byte d, out object? existing);
                    if (n < 0) return r.ReferenceAs<List<T>>(existing);
                    int own = r.LastReservedReference;
                    return Referenced(ref r, id, own, AmberCollections.ReadList<T>(ref r, n, d));
                });
        }

        // Strings and byte arrays keep their identity as Bytes values (format §7.2), not through their
        // wrapper object: a reader that skipped the first occurrence still resolves the next one.

        /// <summary>Registers one type: a typed shape with the one member Value.</summary>
        internal static void AddValue<T>(string name, WireType wireType, bool isReference, Put<T> put, Get<T> get) =>
            Add(name, wireType, isReference, put, get);

        private static void Add<T>(string name, WireType wireType, bool isReference, Put<T> put, Get<T> get)
        {
            // The first registration of a type wins (AmberMetadata.Register): a later one (the same collection registered by
            // the generated code of several assemblies, or a caller's loop) makes no shape, as each takes a slot for good.
            if (AmberKnownTypes.IsKnown(typeof(T)))
            {
                SetViewOf<T>(name);
                return;
            }
            var shape = new AmberShape(new AmberShapeInfo { TypeName = name, MemberNames = s_valueName, Tags = new[] { AmberCode.Tag(s_valueKey, wireType) }, TypeTag = AmberCode.TypeTagOf(name) });
            AmberBoxedWriter write = (ref AmberWriter w, object v) =>
            {
                if (isReference && w.TryWriteReference(v)) return;
                w.EnterDepth();
                w.WriteObjectHeader(shape, 1);
                // A collection value takes its own id after the wrapper's (format §7.2): it is then known by that one.
                object? outer = w.Wrapped;
                if (isReference) w.Wrapped = v;
                put(ref w, (T)v);
                w.Wrapped = outer;
                w.ExitDepth();
            };
            AmberBoxedReader read = (ref AmberReader r, ShapeMatch s, ulong p) => ReadValue(ref r, s, p, wireType, get);
            AmberKnownTypes.Register(typeof(T), shape, write, read, null);
            SetViewOf<T>(name);
        }

        private static void SetViewOf<T>(string name)
        {
            string? view = ViewOf(name);
            if (view != null) AmberKnownTypes.SetValueView(typeof(T), name, view);
        }

        /// <summary>The JSON view's descriptor (Json.ViewNode) of a built-in type, by its C# name.</summary>
        private static string? ViewOf(string name)
        {
            string? element = null;
            const string list = "System.Collections.Generic.List<";
            if (name.EndsWith("[]", StringComparison.Ordinal) && name != "byte[]") element = ViewOf(name.Substring(0, name.Length - 2));
            else if (name.StartsWith(list, StringComparison.Ordinal)) element = ViewOf(name.Substring(list.Length, name.Length - list.Length - 1));
            else element = "";
            if (element == null) return null;
            if (element.Length > 0) return "a" + element;
            ScalarInfo? scalar = ScalarKinds.OfKeyword(name) ?? ScalarKinds.OfFullName(name);
            if (scalar != null) return "s" + scalar.Name + ";";
            return name switch
            {
                "byte[]" => "b",
                "object" => "d",
                "System.Collections.Generic.Dictionary<string, object>" => "msString;d",
                _ => null,
            };
        }

        private static object? ReadValue<T>(ref AmberReader r, ShapeMatch s, ulong p, WireType wireType, Get<T> get)
        {
            int id = r.LastReservedReference;
            T value = default!;
            if (s.IsIdentical)
            {
                if ((p & 1) != 0) value = get(ref r, wireType, id);
            }
            else
            {
                // Not this version's shape (the data was crafted or damaged): read Value if it is there.
                bool found = false;
                int[] map = s.Map!;
                for (int wi = 0; wi < map.Length; wi++)
                {
                    if (!s.Has(p, wi)) continue;
                    if (!found && map[wi] == 0)
                    {
                        value = get(ref r, s.WireTypeAt(wi), id);
                        found = true;
                    }
                    else
                    {
                        r.SkipValue(s.WireTypeAt(wi));
                    }
                }
            }
            r.ExitDepth();
            return value;
        }

        private static T Referenced<T>(ref AmberReader r, int id, T value) where T : class?
        {
            if (value != null) r.SetReference(id, value);
            return value;
        }

        /// <summary>A collection read in a wrapper: known by the wrapper's id (payloads of format version 1) and its own (version 2).</summary>
        private static T Referenced<T>(ref AmberReader r, int id, int own, T value) where T : class
        {
            r.SetReference(id, value);
            r.SetReference(own, value);
            return value;
        }

        private delegate void PutItem<TItem>(ref AmberWriter writer, TItem item);

        private delegate TItem GetItem<TItem>(ref AmberReader reader);

        private static readonly PutItem<string> s_putString = (ref AmberWriter w, string item) => w.WriteString(item);
        private static readonly GetItem<string> s_getString = (ref AmberReader r) => r.ReadString()!;
        private static readonly PutItem<object?> s_putObject = (ref AmberWriter w, object? item) => AmberKnownTypes.WriteObject(ref w, item);
        private static readonly GetItem<object?> s_getObject = (ref AmberReader r) => AmberKnownTypes.ReadObject(ref r);

        private static void WriteItems<TItem>(ref AmberWriter w, IReadOnlyList<TItem> items, byte descriptor, PutItem<TItem> put)
        {
            if (w.TryWriteCollectionReference(items)) return;
            w.WriteSequenceHeader(items.Count, descriptor);
            for (int i = 0; i < items.Count; i++) put(ref w, items[i]);
        }

        private static TList ReadItems<TList, TItem>(ref AmberReader r, WireType wt, int id, byte descriptor, string what,
            Func<int, TList> create, Action<TList, int, TItem> set, GetItem<TItem> get)
            where TList : class
        {
            r.Expect(wt, WireType.Sequence, "a sequence");
            int n = r.ReadSequenceHeader(out byte d, out object? existing);
            if (n < 0) return r.ReferenceAs<TList>(existing);
            int own = r.LastReservedReference;
            TList list = Referenced(ref r, id, own, create(n));   // before the elements: a list of objects may hold itself
            if (n > 0 && d != descriptor) AmberThrow.Malformed(r.Position, $"A sequence of {what} has the element descriptor 0x{d:X2}");
            for (int i = 0; i < n; i++) set(list, i, get(ref r));
            return list;
        }

        private static void WriteMap(ref AmberWriter w, Dictionary<string, object?> map)
        {
            if (w.TryWriteCollectionReference(map)) return;
            w.WriteMapHeader(map.Count, StringToObjectPairs);
            foreach (KeyValuePair<string, object?> pair in map)
            {
                w.WriteString(pair.Key);
                AmberKnownTypes.WriteObject(ref w, pair.Value);
            }
        }

        private static Dictionary<string, object?> ReadMap(ref AmberReader r, WireType wt, int id)
        {
            r.Expect(wt, WireType.Map, "a dictionary");
            int n = r.ReadMapHeader(out byte d, out object? existing);
            if (n < 0) return r.ReferenceAs<Dictionary<string, object?>>(existing);
            int own = r.LastReservedReference;
            var map = Referenced(ref r, id, own, new Dictionary<string, object?>(n, AmberKeys.Comparer<string>(r.Options)));
            if (n > 0 && d != StringToObjectPairs) AmberThrow.Malformed(r.Position, $"A dictionary of string to object has the pair descriptor 0x{d:X2}");
            for (int i = 0; i < n; i++)
            {
                long at = r.Position;
                string? key = r.ReadString();
                if (key is null) AmberThrow.Malformed(at, "A dictionary key is null");
                object? value = AmberKnownTypes.ReadObject(ref r);
                if (!map.TryAdd(key, value)) AmberThrow.DuplicateKey(at, key);
            }
            return map;
        }
    }
}
