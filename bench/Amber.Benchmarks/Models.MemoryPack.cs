using System;
using System.Collections.Generic;
using MemoryPack;

// MemoryPack needs [MemoryPackable] partial types; the two modes get one copy each, so each benchmark
// measures exactly one wire format. The envelope and Vector3 in the default mode are the suite's own
// (bench/Amber.Bench/Workloads/Envelope/Model.cs and Vector3/Model.cs, linked by Amber.Benchmarks.csproj:
// [MemoryPackable(ModelFlavour.MemoryPackMode)], GenerateType.Object here, with [MemoryPackOrder] in
// declaration order, the same format as a bare [MemoryPackable]); so is Vector3 in the version-tolerant
// benchmark (MemoryPack writes an unmanaged struct as its bytes in either mode; MEMPACK041 rejects
// VersionTolerant on one). What stays here needs a copy of its own:
// - BookShelf and Book: the suite's BookShelf has a private Secret, left out of these benchmarks (Models.cs);
// - the version-tolerant envelope: MemoryPack fixes the mode per type, and the suite's type is compiled
//   in GenerateType.Object mode in this project.

namespace Amber.Benchmarks.MemoryPackModels
{
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
}
