using System;
using System.Collections.Generic;
using Amber.Tests.Models.Inline;
using Amber.Tests.Models.Poly;

namespace Amber.Tests.Models.Relay
{
    // Two versions of a relay's message. Version 1 (the relay) knows three members and keeps the rest in an
    // AmberUnknownMembers member; version 2 (the clients) added members of every kind since: a number, an object of a type
    // version 1 never heard of, collections, rows, an inline struct, a polymorphic value and a dictionary of objects.
    // Member names are on the wire, type names are not: the V1/V2 suffixes stand for two builds of one program.

    public class RelayMessageV1
    {
        public string? Header { get; set; }
        public Guid From { get; set; }
        public RelayRouteV1? Route { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public class RelayRouteV1
    {
        public int Hops { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public class RelayMessageV2
    {
        public string? Header { get; set; }
        public Guid From { get; set; }
        public RelayRouteV2? Route { get; set; }
        public int Priority { get; set; }
        public AttachmentV2? Attachment { get; set; }
        public List<string>? Tags { get; set; }
        public int[]? Codes { get; set; }
        public Vector2[]? Path { get; set; }
        public Color Tint { get; set; }
        public Item? Item { get; set; }
        public List<Item>? Items { get; set; }
        public Dictionary<string, AttachmentV2>? ByName { get; set; }
        public double? Score { get; set; }
    }

    public class RelayRouteV2
    {
        public int Hops { get; set; }
        public string? Via { get; set; }
        public AttachmentV2? Note { get; set; }
    }

    public class AttachmentV2
    {
        public string? Name { get; set; }
        public byte[]? Data { get; set; }
        public AttachmentV2? Next { get; set; }
    }

    /// <summary>A positional record (read through its constructor) that keeps unknown members.</summary>
    public record PointRecordV1(int X, int Y)
    {
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public record PointRecordV2(int X, int Y, string Label, List<int> Marks);

    /// <summary>A struct that keeps unknown members.</summary>
    public struct StampV1
    {
        public long Ticks { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public struct StampV2
    {
        public long Ticks { get; set; }
        public string? Zone { get; set; }
        public AttachmentV2? Source { get; set; }
    }

    /// <summary>Shared references: version 2 holds one attachment twice, version 1 knows only the first member.</summary>
    public class SharingV1
    {
        public AttachmentV2? First { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public class SharingV2
    {
        public AttachmentV2? First { get; set; }
        public AttachmentV2? Second { get; set; }
        public string? Label { get; set; }
    }
}
