using System;
using System.Collections.Generic;
using MessagePack;

namespace Amber.Benchmarks.MessagePackModels
{
    // MessagePack-CSharp with integer keys: each object is an array indexed by [Key(n)], keys from 0.
    // (The contractless benchmarks use the attribute-free types in Models.cs.) The envelope and Vector3
    // are the suite's own types ([MessagePackObject], [Key(n)] in declaration order from 0; linked from
    // bench/Amber.Bench/Workloads by Amber.Benchmarks.csproj). BookShelf and Book stay here: the suite's
    // BookShelf has a private Secret, left out of these benchmarks (Models.cs).

    [MessagePackObject]
    public class BookShelf
    {
        [Key(0)] public List<Book>? Books { get; set; }
    }

    [MessagePackObject]
    public class Book
    {
        [Key(0)] public string? Title { get; set; }
        [Key(1)] public int Id { get; set; }
        [Key(2)] public byte[]? BookData { get; set; }
    }
}
