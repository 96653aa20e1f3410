// The source generator compiles this file too (internal there, in Amber.Generator, AMBER_GENERATOR defined), so it
// must stay netstandard2.0-clean: no API newer than that without an #if.
using System;
using System.Collections.Generic;

#if AMBER_GENERATOR
namespace Amber.Generator
#else
namespace Amber.Format
#endif
{
    /// <summary>The scalars of the format (docs/format.md §3.1): the .NET types Amber writes as one value of one wire type.</summary>
    internal enum ScalarKind : byte
    {
        /// <summary>No scalar this version knows: a name written by a newer one, read by its wire type alone.</summary>
        None = 0,
        Boolean,
        Char,
        SByte,
        Byte,
        Int16,
        UInt16,
        Int32,
        UInt32,
        Int64,
        UInt64,
        Int128,
        UInt128,
        BigInteger,
        Half,
        Single,
        Double,
        Decimal,
        String,
        Uri,
        Version,
        Guid,
        DateTime,
        DateTimeOffset,
        TimeSpan,
        DateOnly,
        TimeOnly,
    }

    /// <summary>How the JSON view shows a scalar's value (docs/json.md), and so how a dictionary key of it is read back.</summary>
    internal enum ScalarJson : byte
    {
        /// <summary>A JSON number (an integer, a decimal or a float; a float's NaN and infinities as strings).</summary>
        Number,
        /// <summary><c>true</c> or <c>false</c>.</summary>
        Boolean,
        /// <summary>A JSON string: text, a date or time in its round-trip form, a Guid.</summary>
        Text,
    }

    /// <summary>What the runtime, the generator, the JSON view and the schema know of one scalar: one row of <see cref="ScalarKinds"/>.</summary>
    internal sealed class ScalarInfo
    {
        internal ScalarInfo(ScalarKind kind, string fullName, string? keyword, WireType wireType, bool zigZag, byte packedCode, int maxWindowBytes, ScalarJson json)
        {
            Kind = kind;
            FullName = fullName;
            Name = fullName.Substring(fullName.LastIndexOf('.') + 1);
            Keyword = keyword;
            WireType = wireType;
            ZigZag = zigZag;
            PackedCode = packedCode;
            MaxWindowBytes = maxWindowBytes;
            Json = json;
        }

        /// <summary>The kind this row describes.</summary>
        public ScalarKind Kind { get; }

        /// <summary>The .NET type's full name: <c>System.Int32</c>, <c>System.Numerics.BigInteger</c>.</summary>
        public string FullName { get; }

        /// <summary>
        /// The name the schema document, view descriptors and generated calls use (<c>Int32</c>: <c>WriteInt32</c>,
        /// <c>"scalar": "Int32"</c>); the type's name without its namespace.
        /// </summary>
        public string Name { get; }

        /// <summary>The C# keyword (<c>int</c>), or null when the type has none.</summary>
        public string? Keyword { get; }

        /// <summary>The type in C# source: its keyword, else its name (every scalar's namespace is imported or global:: prefixed by the caller).</summary>
        public string CSharpName => Keyword ?? Name;

        /// <summary>The wire type a value is written as (docs/format.md §3.1).</summary>
        public WireType WireType { get; }

        /// <summary>A signed varint, zigzag-encoded (format §3.1): the signed integers and TimeSpan's ticks.</summary>
        public bool ZigZag { get; }

        /// <summary>A signed integer of at most 64 bits: an enum of this underlying type reads its values as signed.</summary>
        public bool IsSignedInteger => ZigZag && Kind != ScalarKind.TimeSpan;

        /// <summary>The code of an element a sequence writes packed and of a row's member (format §6, §5.1); 0 when it cannot be.</summary>
        public byte PackedCode { get; }

        /// <summary>
        /// The most bytes a value takes in a window of room made beforehand (AmberWriter.OpenWindow, AmberWindow's writes):
        /// its longest encoding; 0 for a scalar with no window write. The generator reserves the sum over a run of members.
        /// </summary>
        public int MaxWindowBytes { get; }

        /// <summary>How the JSON view shows a value.</summary>
        public ScalarJson Json { get; }
    }

    /// <summary>
    /// Every scalar of the format, one row each: the single table the runtime's JSON view, its schema writer and its
    /// built-in registrations, and the generator's parser and emitter, read a scalar's facts from. The TypeScript
    /// runtime's scalar list is checked against it (typescript/test/scalars.json).
    /// </summary>
    internal static class ScalarKinds
    {
        private static readonly ScalarInfo[] s_rows =
        {
            Row(ScalarKind.Boolean, "System.Boolean", "bool", WireType.Varint, false, AmberCode.PackedBoolean, 1, ScalarJson.Boolean),
            Row(ScalarKind.Char, "System.Char", "char", WireType.Varint, false, AmberCode.PackedChar, 3, ScalarJson.Text),
            Row(ScalarKind.SByte, "System.SByte", "sbyte", WireType.Varint, true, AmberCode.PackedSByte, 2, ScalarJson.Number),
            Row(ScalarKind.Byte, "System.Byte", "byte", WireType.Varint, false, AmberCode.PackedByte, 2, ScalarJson.Number),
            Row(ScalarKind.Int16, "System.Int16", "short", WireType.Varint, true, AmberCode.PackedInt16, 3, ScalarJson.Number),
            Row(ScalarKind.UInt16, "System.UInt16", "ushort", WireType.Varint, false, AmberCode.PackedUInt16, 3, ScalarJson.Number),
            Row(ScalarKind.Int32, "System.Int32", "int", WireType.Varint, true, AmberCode.PackedInt32, 5, ScalarJson.Number),
            Row(ScalarKind.UInt32, "System.UInt32", "uint", WireType.Varint, false, AmberCode.PackedUInt32, 5, ScalarJson.Number),
            Row(ScalarKind.Int64, "System.Int64", "long", WireType.Varint, true, AmberCode.PackedInt64, 10, ScalarJson.Number),
            Row(ScalarKind.UInt64, "System.UInt64", "ulong", WireType.Varint, false, AmberCode.PackedUInt64, 10, ScalarJson.Number),
            Row(ScalarKind.Int128, "System.Int128", null, WireType.Fixed128, false, 0, 0, ScalarJson.Number),
            Row(ScalarKind.UInt128, "System.UInt128", null, WireType.Fixed128, false, 0, 0, ScalarJson.Number),
            Row(ScalarKind.BigInteger, "System.Numerics.BigInteger", null, WireType.Bytes, false, 0, 0, ScalarJson.Number),
            Row(ScalarKind.Half, "System.Half", null, WireType.Fixed32, false, 0, 0, ScalarJson.Number),
            Row(ScalarKind.Single, "System.Single", "float", WireType.Fixed32, false, AmberCode.PackedSingle, 4, ScalarJson.Number),
            Row(ScalarKind.Double, "System.Double", "double", WireType.Fixed64, false, AmberCode.PackedDouble, 8, ScalarJson.Number),
            Row(ScalarKind.Decimal, "System.Decimal", "decimal", WireType.Bytes, false, 0, AmberCode.MaxDecimalBytes, ScalarJson.Number),
            Row(ScalarKind.String, "System.String", "string", WireType.Bytes, false, 0, 0, ScalarJson.Text),
            Row(ScalarKind.Uri, "System.Uri", null, WireType.Bytes, false, 0, 0, ScalarJson.Text),
            Row(ScalarKind.Version, "System.Version", null, WireType.Bytes, false, 0, 0, ScalarJson.Text),
            Row(ScalarKind.Guid, "System.Guid", null, WireType.Fixed128, false, 0, 16, ScalarJson.Text),
            Row(ScalarKind.DateTime, "System.DateTime", null, WireType.Fixed64, false, 0, 8, ScalarJson.Text),
            Row(ScalarKind.DateTimeOffset, "System.DateTimeOffset", null, WireType.Bytes, false, 0, 0, ScalarJson.Text),
            Row(ScalarKind.TimeSpan, "System.TimeSpan", null, WireType.Varint, true, 0, 0, ScalarJson.Text),
            Row(ScalarKind.DateOnly, "System.DateOnly", null, WireType.Varint, false, 0, 0, ScalarJson.Text),
            Row(ScalarKind.TimeOnly, "System.TimeOnly", null, WireType.Varint, false, 0, 0, ScalarJson.Text),
        };

        private static readonly Dictionary<string, ScalarInfo> s_byName = Index(r => r.Name);
        private static readonly Dictionary<string, ScalarInfo> s_byFullName = Index(r => r.FullName);
        private static readonly Dictionary<string, ScalarInfo> s_byKeyword = Index(r => r.Keyword);

        /// <summary>Every scalar, in the order of <see cref="ScalarKind"/>.</summary>
        public static IReadOnlyList<ScalarInfo> All => s_rows;

        /// <summary>The row of <paramref name="kind"/> (not <see cref="ScalarKind.None"/>).</summary>
        public static ScalarInfo Of(ScalarKind kind) => s_rows[(int)kind - 1];

        /// <summary>The scalar named <paramref name="name"/> (<c>Int32</c>), or null when this version knows none of that name.</summary>
        public static ScalarInfo? OfName(string? name) => name != null && s_byName.TryGetValue(name, out ScalarInfo? row) ? row : null;

        /// <summary>The scalar whose .NET type is <paramref name="fullName"/> (<c>System.Int32</c>), or null.</summary>
        public static ScalarInfo? OfFullName(string fullName) => s_byFullName.TryGetValue(fullName, out ScalarInfo? row) ? row : null;

        /// <summary>The scalar of the C# keyword <paramref name="keyword"/> (<c>int</c>), or null.</summary>
        public static ScalarInfo? OfKeyword(string keyword) => s_byKeyword.TryGetValue(keyword, out ScalarInfo? row) ? row : null;

        /// <summary>The scalar of a packed or row code (format §6), or null for 0 and an unknown code.</summary>
        public static ScalarInfo? OfPackedCode(int code)
        {
            foreach (ScalarInfo row in s_rows)
            {
                if (row.PackedCode != 0 && row.PackedCode == code) return row;
            }
            return null;
        }

        private static ScalarInfo Row(ScalarKind kind, string fullName, string? keyword, WireType wireType, bool zigZag, byte packedCode, int maxWindowBytes, ScalarJson json) =>
            new ScalarInfo(kind, fullName, keyword, wireType, zigZag, packedCode, maxWindowBytes, json);

        private static Dictionary<string, ScalarInfo> Index(Func<ScalarInfo, string?> key)
        {
            var index = new Dictionary<string, ScalarInfo>(StringComparer.Ordinal);
            for (int i = 0; i < s_rows.Length; i++)
            {
                // The rows stand in the enum's order, so Of(kind) is an index.
                if ((int)s_rows[i].Kind != i + 1) throw new InvalidOperationException($"The scalar table's row {i} is {s_rows[i].Kind}, out of the enum's order.");
                string? k = key(s_rows[i]);
                if (k != null) index.Add(k, s_rows[i]);
            }
            return index;
        }
    }
}
