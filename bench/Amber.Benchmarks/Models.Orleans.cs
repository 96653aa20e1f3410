using System;
using System.Collections.Generic;
using Orleans;

namespace Amber.Benchmarks.OrleansModels
{
    // Orleans.Serialization: its source generator writes a codec for each [GenerateSerializer] type,
    // members tagged with [Id(n)]; AddSerializer() finds the codecs in this assembly. The envelope and
    // Vector3 are the suite's own types ([GenerateSerializer], [Id(n)] in declaration order from 0;
    // linked from bench/Amber.Bench/Workloads by Amber.Benchmarks.csproj, so their codecs are generated
    // here too). BookShelf and Book stay here: the suite's BookShelf has a private Secret, left out of
    // these benchmarks (Models.cs).

    [GenerateSerializer]
    public class BookShelf
    {
        [Id(0)] public List<Book>? Books { get; set; }
    }

    [GenerateSerializer]
    public class Book
    {
        [Id(0)] public string? Title { get; set; }
        [Id(1)] public int Id { get; set; }
        [Id(2)] public byte[]? BookData { get; set; }
    }
}
