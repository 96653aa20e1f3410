using System;
using System.Collections.Generic;
using ProtoBuf;

namespace Amber.Benchmarks.ProtobufModels
{
    // protobuf-net contracts: field numbers from 1 (0 is not a valid protobuf field number).
    // Guid and DateTime use protobuf-net's default bcl.Guid / bcl.DateTime encodings. Vector3 is the
    // suite's own type ([ProtoContract], fields 1 to 3; linked from bench/Amber.Bench/Workloads by
    // Amber.Benchmarks.csproj). Two stay here:
    // - MessageEnvelope: the suite's marks KeyValuePairs [NullWrappedCollection] (so that its rows keep
    //   null apart from empty), which wraps a dictionary in a message of its own, not the plain repeated field
    //   this benchmark has always measured;
    // - BookShelf and Book: the suite's BookShelf has a private Secret, left out of these benchmarks (Models.cs).

    [ProtoContract]
    public class MessageEnvelope
    {
        [ProtoMember(1)] public bool IsInternal { get; set; }
        [ProtoMember(2)] public DateTime TimeStamp { get; set; }
        [ProtoMember(3)] public Guid MessageId { get; set; }
        [ProtoMember(4)] public string? Header { get; set; }
        [ProtoMember(5)] public Guid From { get; set; }
        [ProtoMember(6)] public Guid To { get; set; }
        [ProtoMember(7)] public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    [ProtoContract]
    public class BookShelf
    {
        [ProtoMember(1)] public List<Book>? Books { get; set; }
    }

    [ProtoContract]
    public class Book
    {
        [ProtoMember(1)] public string? Title { get; set; }
        [ProtoMember(2)] public int Id { get; set; }
        [ProtoMember(3)] public byte[]? BookData { get; set; }
    }
}
