using System;
using System.Numerics;

namespace Amber.Fuzz.Models
{
    public enum Mood { Calm, Angry = -3, Happy = 7, Sleepy = 1000 }

    public enum Tiny : byte { None, One, Max = 255 }

    [Flags]
    public enum Access : ulong { None = 0, Read = 1, Write = 2, Admin = 1UL << 63 }

    /// <summary>Every scalar of format §3.1, plus nullable value types and enums of three underlying types.</summary>
    public class Scalars
    {
        public bool Flag { get; set; }
        public byte U8 { get; set; }
        public sbyte I8 { get; set; }
        public short I16 { get; set; }
        public ushort U16 { get; set; }
        public int I32 { get; set; }
        public uint U32 { get; set; }
        public long I64 { get; set; }
        public ulong U64 { get; set; }
        public char Letter { get; set; }
        public float F32 { get; set; }
        public double F64 { get; set; }
        public Half F16 { get; set; }
        public decimal Money { get; set; }
        public Int128 Big128 { get; set; }
        public UInt128 UBig128 { get; set; }
        public BigInteger Huge { get; set; }
        public string? Text { get; set; }
        public byte[]? Blob { get; set; }
        public Guid Id { get; set; }
        public DateTime When { get; set; }
        public DateTimeOffset WhenOffset { get; set; }
        public TimeSpan Duration { get; set; }
        public DateOnly Day { get; set; }
        public TimeOnly Clock { get; set; }
        public Uri? Link { get; set; }
        public Version? Release { get; set; }
        public Mood Mood { get; set; }
        public Tiny Tiny { get; set; }
        public Access Access { get; set; }
        public int? MaybeInt { get; set; }
        public Guid? MaybeId { get; set; }
        public DateTime? MaybeWhen { get; set; }
        public Mood? MaybeMood { get; set; }
        public decimal? MaybeMoney { get; set; }
        public double Ratio = 0.5;   // a field with an initializer: always written
    }
}
