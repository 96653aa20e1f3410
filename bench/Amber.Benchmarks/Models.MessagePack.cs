using System;
using System.Collections.Generic;
using MessagePack;

namespace Amber.Benchmarks.MessagePackModels
{
    // MessagePack-CSharp with integer keys: each object is an array indexed by [Key(n)], keys from 0.
    // (The contractless benchmarks use the attribute-free types in Models.cs.)

    [MessagePackObject]
    public class MessageEnvelope
    {
        [Key(0)] public bool IsInternal { get; set; }
        [Key(1)] public DateTime TimeStamp { get; set; }
        [Key(2)] public Guid MessageId { get; set; }
        [Key(3)] public string? Header { get; set; }
        [Key(4)] public Guid From { get; set; }
        [Key(5)] public Guid To { get; set; }
        [Key(6)] public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

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

    [MessagePackObject]
    public struct Vector3
    {
        [Key(0)] public float X;
        [Key(1)] public float Y;
        [Key(2)] public float Z;
    }
}
