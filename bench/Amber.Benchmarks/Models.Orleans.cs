using System;
using System.Collections.Generic;
using Orleans;

namespace Amber.Benchmarks.OrleansModels
{
    // Orleans.Serialization: its source generator writes a codec for each [GenerateSerializer] type,
    // members tagged with [Id(n)]; AddSerializer() finds the codecs in this assembly.

    [GenerateSerializer]
    public class MessageEnvelope
    {
        [Id(0)] public bool IsInternal { get; set; }
        [Id(1)] public DateTime TimeStamp { get; set; }
        [Id(2)] public Guid MessageId { get; set; }
        [Id(3)] public string? Header { get; set; }
        [Id(4)] public Guid From { get; set; }
        [Id(5)] public Guid To { get; set; }
        [Id(6)] public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

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

    [GenerateSerializer]
    public struct Vector3
    {
        [Id(0)] public float X;
        [Id(1)] public float Y;
        [Id(2)] public float Z;
    }
}
