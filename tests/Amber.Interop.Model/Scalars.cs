using System;
using System.Numerics;

namespace Amber.Interop.Model
{
    /// <summary>One member of every scalar of the schema's scalar list (docs/schema.md), as properties.</summary>
    public class Scalars
    {
        /// <summary>A <see cref="bool"/>.</summary>
        public bool Boolean { get; set; }
        /// <summary>A <see cref="byte"/>.</summary>
        public byte Byte { get; set; }
        /// <summary>An <see cref="sbyte"/>.</summary>
        public sbyte SByte { get; set; }
        /// <summary>A <see cref="short"/>.</summary>
        public short Int16 { get; set; }
        /// <summary>A <see cref="ushort"/>.</summary>
        public ushort UInt16 { get; set; }
        /// <summary>An <see cref="int"/>.</summary>
        public int Int32 { get; set; }
        /// <summary>A <see cref="uint"/>.</summary>
        public uint UInt32 { get; set; }
        /// <summary>A <see cref="long"/>.</summary>
        public long Int64 { get; set; }
        /// <summary>A <see cref="ulong"/>.</summary>
        public ulong UInt64 { get; set; }
        /// <summary>A <see cref="char"/>.</summary>
        public char Char { get; set; }
        /// <summary>A <see cref="float"/>.</summary>
        public float Single { get; set; }
        /// <summary>A <see cref="System.Half"/>.</summary>
        public Half Half { get; set; }
        /// <summary>A <see cref="double"/>.</summary>
        public double Double { get; set; }
        /// <summary>A <see cref="decimal"/>.</summary>
        public decimal Decimal { get; set; }
        /// <summary>A <see cref="string"/>.</summary>
        public string? String { get; set; }
        /// <summary>A <see cref="System.DateTime"/>.</summary>
        public DateTime DateTime { get; set; }
        /// <summary>A <see cref="System.DateTimeOffset"/>.</summary>
        public DateTimeOffset DateTimeOffset { get; set; }
        /// <summary>A <see cref="System.TimeSpan"/>.</summary>
        public TimeSpan TimeSpan { get; set; }
        /// <summary>A <see cref="System.DateOnly"/>.</summary>
        public DateOnly DateOnly { get; set; }
        /// <summary>A <see cref="System.TimeOnly"/>.</summary>
        public TimeOnly TimeOnly { get; set; }
        /// <summary>A <see cref="System.Guid"/>.</summary>
        public Guid Guid { get; set; }
        /// <summary>An <see cref="System.Int128"/>.</summary>
        public Int128 Int128 { get; set; }
        /// <summary>A <see cref="System.UInt128"/>.</summary>
        public UInt128 UInt128 { get; set; }
        /// <summary>A <see cref="System.Numerics.BigInteger"/>.</summary>
        public BigInteger BigInteger { get; set; }
        /// <summary>A <see cref="System.Uri"/>.</summary>
        public Uri? Uri { get; set; }
        /// <summary>A <see cref="System.Version"/>.</summary>
        public Version? Version { get; set; }
    }

    /// <summary>Floating-point values, as public fields: the special values and the edges of each width.</summary>
    public class Floats
    {
        /// <summary>Single-precision values.</summary>
        public float SingleA, SingleB, SingleC, SingleD, SingleE;
        /// <summary>Double-precision values.</summary>
        public double DoubleA, DoubleB, DoubleC, DoubleD, DoubleE;
        /// <summary>Half-precision values.</summary>
        public Half HalfA, HalfB, HalfC, HalfD, HalfE;
    }

    /// <summary>Time values: each kind of <see cref="DateTime"/>, offsets, spans, dates and times of day.</summary>
    public class Times
    {
        /// <summary>A UTC time.</summary>
        public DateTime Utc { get; set; }
        /// <summary>A local time.</summary>
        public DateTime Local { get; set; }
        /// <summary>A time of unspecified kind.</summary>
        public DateTime Unspecified { get; set; }
        /// <summary>A time with a positive offset.</summary>
        public DateTimeOffset East { get; set; }
        /// <summary>A time with a negative offset.</summary>
        public DateTimeOffset West { get; set; }
        /// <summary>A span.</summary>
        public TimeSpan Span { get; set; }
        /// <summary>A negative span.</summary>
        public TimeSpan NegativeSpan { get; set; }
        /// <summary>A date.</summary>
        public DateOnly Date { get; set; }
        /// <summary>A time of day.</summary>
        public TimeOnly TimeOfDay { get; set; }
    }

    /// <summary>Decimals whose scale matters: 1.5 and 1.50 are different values on the wire.</summary>
    public class Decimals
    {
        /// <summary>Decimal values.</summary>
        public decimal A { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal B { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal C { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal D { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal E { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal F { get; set; }
        /// <summary>Decimal values.</summary>
        public decimal G { get; set; }
    }

    /// <summary>Integers a JavaScript number cannot hold: 64-bit values past 2^53, 128-bit values, big integers.</summary>
    public class BigNumbers
    {
        /// <summary>Above 2^53.</summary>
        public long AboveSafe { get; set; }
        /// <summary>Below -2^53.</summary>
        public long BelowSafe { get; set; }
        /// <summary>The largest <see cref="long"/>.</summary>
        public long LongMax { get; set; }
        /// <summary>The smallest <see cref="long"/>.</summary>
        public long LongMin { get; set; }
        /// <summary>The largest <see cref="ulong"/>.</summary>
        public ulong ULongMax { get; set; }
        /// <summary>A <see cref="ulong"/> with only its top bit.</summary>
        public ulong ULongTop { get; set; }
        /// <summary>The smallest <see cref="Int128"/>.</summary>
        public Int128 Int128Min { get; set; }
        /// <summary>The largest <see cref="Int128"/>.</summary>
        public Int128 Int128Max { get; set; }
        /// <summary>The largest <see cref="UInt128"/>.</summary>
        public UInt128 UInt128Max { get; set; }
        /// <summary>A large positive big integer.</summary>
        public BigInteger Huge { get; set; }
        /// <summary>A large negative big integer.</summary>
        public BigInteger NegativeHuge { get; set; }
        /// <summary>Minus one.</summary>
        public BigInteger MinusOne { get; set; }
        /// <summary>A sequence of 64-bit values past 2^53.</summary>
        public long[]? Longs { get; set; }
    }

    /// <summary>Text: empty, null, non-ASCII, astral-plane, long, control characters; a member with a non-ASCII name.</summary>
    public class Texts
    {
        /// <summary>An empty string.</summary>
        public string Empty { get; set; } = "not empty";
        /// <summary>A string whose default is not null, written as null.</summary>
        public string? Missing { get; set; } = "default";
        /// <summary>Latin, Greek, CJK text.</summary>
        public string NonAscii { get; set; } = "";
        /// <summary>Text outside the basic multilingual plane (surrogate pairs in UTF-16).</summary>
        public string Astral { get; set; } = "";
        /// <summary>A string longer than 1 KiB.</summary>
        public string Long { get; set; } = "";
        /// <summary>Control characters, quotes and backslashes.</summary>
        public string Controls { get; set; } = "";
        /// <summary>A member whose name is not ASCII: its key is the hash of the name's UTF-8.</summary>
        public string Größe { get; set; } = "";
        /// <summary>A plain character.</summary>
        public char Letter { get; set; }
        /// <summary>A character outside ASCII.</summary>
        public char Accent { get; set; }
        /// <summary>The largest character.</summary>
        public char MaxChar { get; set; }
        /// <summary>A lone high surrogate.</summary>
        public char Surrogate { get; set; }
    }

    /// <summary>Raw bytes.</summary>
    public class Blobs
    {
        /// <summary>An empty array.</summary>
        public byte[]? Empty { get; set; }
        /// <summary>Every byte value once.</summary>
        public byte[]? All { get; set; }
        /// <summary>A few kilobytes.</summary>
        public byte[]? Large { get; set; }
        /// <summary>A null array whose default is not null.</summary>
        public byte[]? Missing { get; set; } = new byte[] { 1 };
    }
}
