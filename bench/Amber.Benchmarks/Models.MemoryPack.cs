using System;
using System.Collections.Generic;
using MemoryPack;

// MemoryPack needs [MemoryPackable] partial types; the two modes get one copy each, so each benchmark
// measures exactly one wire format.

namespace Amber.Benchmarks.MemoryPackModels
{
    /// <summary>MemoryPack's default mode: members in declaration order, no version tolerance.</summary>
    [MemoryPackable]
    public partial class MessageEnvelope
    {
        public bool IsInternal { get; set; }
        public DateTime TimeStamp { get; set; }
        public Guid MessageId { get; set; }
        public string? Header { get; set; }
        public Guid From { get; set; }
        public Guid To { get; set; }
        public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    [MemoryPackable]
    public partial class BookShelf
    {
        public List<Book>? Books { get; set; }
    }

    [MemoryPackable]
    public partial class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    /// <summary>An unmanaged struct: MemoryPack copies an array of it as one block of memory.</summary>
    [MemoryPackable]
    public partial struct Vector3
    {
        public float X;
        public float Y;
        public float Z;
    }
}

namespace Amber.Benchmarks.MemoryPackVersionTolerantModels
{
    /// <summary>MemoryPack's GenerateType.VersionTolerant: members may be added or removed (by order).</summary>
    [MemoryPackable(GenerateType.VersionTolerant)]
    public partial class MessageEnvelope
    {
        [MemoryPackOrder(0)] public bool IsInternal { get; set; }
        [MemoryPackOrder(1)] public DateTime TimeStamp { get; set; }
        [MemoryPackOrder(2)] public Guid MessageId { get; set; }
        [MemoryPackOrder(3)] public string? Header { get; set; }
        [MemoryPackOrder(4)] public Guid From { get; set; }
        [MemoryPackOrder(5)] public Guid To { get; set; }
        [MemoryPackOrder(6)] public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    [MemoryPackable(GenerateType.VersionTolerant)]
    public partial class BookShelf
    {
        [MemoryPackOrder(0)] public List<Book>? Books { get; set; }
    }

    [MemoryPackable(GenerateType.VersionTolerant)]
    public partial class Book
    {
        [MemoryPackOrder(0)] public string? Title { get; set; }
        [MemoryPackOrder(1)] public int Id { get; set; }
        [MemoryPackOrder(2)] public byte[]? BookData { get; set; }
    }

    /// <summary>
    /// No attribute: MemoryPack rejects VersionTolerant on an unmanaged struct (MEMPACK041), and writes an
    /// unmanaged struct as its bytes in either mode, so this shape measures the same format as the default copy.
    /// </summary>
    public struct Vector3
    {
        public float X;
        public float Y;
        public float Z;
    }
}
