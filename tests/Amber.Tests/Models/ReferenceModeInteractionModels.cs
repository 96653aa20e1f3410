namespace Amber.Tests.Models.ReferenceModeInteraction
{
    // Models for tests/Amber.Tests/Serialization/ReferenceModeInteractionTests.cs.

    /// <summary>A struct: no identity (format §7.2), but it is written with an object header.</summary>
    public struct RvPoint
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public class RvTitle
    {
        public string? Text { get; set; }
    }

    /// <summary>A struct member before shared class instances.</summary>
    public class RvHolder
    {
        public RvPoint P { get; set; }
        public RvTitle? A { get; set; }
        public RvTitle? B { get; set; }
        public RvTitle? C { get; set; }
    }

    /// <summary>Writer version with a struct member the reader version (<see cref="RvReaderWithoutStruct"/>) does not have.</summary>
    public class RvWriterWithStruct
    {
        public RvPoint Extra { get; set; }
        public RvTitle? A { get; set; }
        public RvTitle? B { get; set; }
        public RvTitle? C { get; set; }
    }

    public class RvReaderWithoutStruct
    {
        public RvTitle? A { get; set; }
        public RvTitle? B { get; set; }
        public RvTitle? C { get; set; }
    }

    /// <summary>Writer version with a string member the reader version (<see cref="RvLegacyReader"/>) no longer has.</summary>
    public class RvLegacyWriter
    {
        public string? Legacy { get; set; }
        public string? Name { get; set; }
    }

    public class RvLegacyReader
    {
        public string? Name { get; set; }
    }

    /// <summary>A polymorphic member next to a concrete one of the same type (typed and untyped shapes of Dog).</summary>
    public class RvKennel
    {
        public Amber.Tests.Models.Poly.Animal? Any { get; set; }
        public Amber.Tests.Models.Poly.Dog? Plain { get; set; }
    }

    /// <summary>Every kind of Bytes value before shared strings and byte arrays (each takes an id, format §7.2).</summary>
    public class RvBytesMix
    {
        public decimal D { get; set; }
        public System.DateTimeOffset O { get; set; }
        public System.Numerics.BigInteger Big { get; set; }
        public System.Uri? U { get; set; }
        public System.Version? V { get; set; }
        public System.Memory<byte> M { get; set; }
        public System.Collections.Generic.Dictionary<string, decimal>? Map { get; set; }
        public byte[]? Raw { get; set; }
        public string? S1 { get; set; }
        public string? S2 { get; set; }
        public byte[]? Raw2 { get; set; }
    }

    /// <summary>The same data read by a version that has only the last members: the others are skipped.</summary>
    public class RvBytesMixTail
    {
        public byte[]? Raw { get; set; }
        public string? S1 { get; set; }
        public string? S2 { get; set; }
        public byte[]? Raw2 { get; set; }
    }
}
