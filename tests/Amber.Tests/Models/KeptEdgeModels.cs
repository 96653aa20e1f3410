using System;
using System.Collections.Generic;
using Amber.Tests.Models.Poly;

namespace Amber.Tests.Models.KeptEdge
{
    // Versions of data for the edges of kept unknown members (docs/format.md §5.2). As in RelayModels.cs, the V1/V2
    // suffixes stand for two builds of one program: member names are on the wire, type names are not. A V1 type knows
    // fewer members and keeps the rest in an AmberUnknownMembers member.

    /// <summary>A relay that knows only Id: every other member of any data with an Id is kept.</summary>
    public class IdOnlyV1
    {
        public int Id { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A struct of primitives (inline, and rows in a sequence) that no V1 type has.</summary>
    public struct PixelV2
    {
        public short X;
        public short Y;
        public byte Shade;
    }

    public enum ToneV2 : short { Low = -3, Mid = 0, High = 9 }

    public class NoteV2
    {
        public string? Text { get; set; }
        public NoteV2? Next { get; set; }
    }

    /// <summary>Every kind of value a member can hold, for a relay that knows only Id.</summary>
    public class KindsV2
    {
        public int Id { get; set; }
        public int[,]? Grid { get; set; }
        public string?[,,]? Cube { get; set; }
        public int?[]? MaybeInts { get; set; }
        public List<double?>? MaybeDoubles { get; set; }
        public Dictionary<string, int?>? MaybeMap { get; set; }
        public Dictionary<int, NoteV2?>? NoteMap { get; set; }
        public List<NoteV2?>? Notes { get; set; }
        public string?[]? MaybeStrings { get; set; }
        public PixelV2[]? Pixels { get; set; }
        public List<PixelV2>? PixelList { get; set; }
        public PixelV2 Pixel { get; set; }
        public PixelV2? MaybePixel { get; set; }
        public Dictionary<PixelV2, PixelV2>? PixelMap { get; set; }
        public object? Any { get; set; }
        public List<object>? Anys { get; set; }
        public Dictionary<string, object>? Vars { get; set; }
        public object[]? Objects { get; set; }
        public Item? Poly { get; set; }
        public List<Item>? Polys { get; set; }
        public NoteV2? Note { get; set; }
        public List<int>? EmptyList { get; set; }
        public Dictionary<string, string>? EmptyMap { get; set; }
        public int[]? EmptyArray { get; set; }
        public int[][]? Jagged { get; set; }
        public HashSet<string>? Set { get; set; }
        public string? Text { get; set; }
        public byte[]? Blob { get; set; }
        public decimal Money { get; set; }
        public DateTimeOffset When { get; set; }
        public DateTime At { get; set; }
        public TimeSpan Span { get; set; }
        public Guid G { get; set; }
        public float F { get; set; }
        public double D { get; set; }
        public long? MaybeLong { get; set; }
        public ToneV2 Tone { get; set; }
        public char Letter { get; set; }
        public bool Flag { get; set; }
        public Uri? Link { get; set; }
    }

    /// <summary>A chain of objects of a type the relay does not have, for nesting near MaxDepth.</summary>
    public class DeepV2
    {
        public int Level { get; set; }
        public DeepV2? Next { get; set; }
    }

    public class DeepHolderV2
    {
        public int Id { get; set; }
        public DeepV2? Chain { get; set; }
    }

    /// <summary>A relay's wrapper around the message it keeps unknown members of.</summary>
    public class WrapV1
    {
        public IdOnlyV1? Inner { get; set; }
    }

    public class WrapV2
    {
        public DeepHolderV2? Inner { get; set; }
    }

    /// <summary>Data whose kept member is a wide object (more than 64 members), in a list too.</summary>
    public class WideHolderV2
    {
        public int Id { get; set; }
        public WideV2? Wide { get; set; }
        public List<WideV2>? Wides { get; set; }
    }

    /// <summary>Version 1 of <see cref="CollisionV2"/> (M092, Tail, M148): it keeps M148, whose key is M092's.</summary>
    public class CollisionKeeperV1
    {
        public int M092 { get; set; }
        public string? Tail { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>Knows only Tail of <see cref="CollisionV2"/>: keeps both M092 and M148, each with its name hash.</summary>
    public class TailOnlyV1
    {
        public string? Tail { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>Version 1 of <see cref="CollidingTriple"/> (M502, M607, M997 on one key): it keeps M607 between its own two.</summary>
    public class TripleKeeperV1
    {
        public int M502 { get; set; }
        public int M997 { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>Shared values in reference mode: strings, collections and objects held twice.</summary>
    public class RefV2
    {
        public string? Name { get; set; }
        public string? Label { get; set; }
        public List<int>? A { get; set; }
        public List<int>? B { get; set; }
        public NoteV2? X { get; set; }
        public NoteV2? Y { get; set; }
    }

    /// <summary>Knows the first of each pair of <see cref="RefV2"/>: keeps Label, B and Y.</summary>
    public class RefFirstsV1
    {
        public string? Name { get; set; }
        public List<int>? A { get; set; }
        public NoteV2? X { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>Knows the second of each pair of <see cref="RefV2"/>: keeps Name, A and X, which come before them.</summary>
    public class RefSecondsV1
    {
        public string? Label { get; set; }
        public List<int>? B { get; set; }
        public NoteV2? Y { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A box whose Extra and Label version 1 lacks.</summary>
    public class BoxV2
    {
        public string? Name { get; set; }
        public NoteV2? Extra { get; set; }
        public string? Label { get; set; }
    }

    public class BoxV1
    {
        public string? Name { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>Boxes in a list, a dictionary and an array, and two notes the relay knows (which it may make one).</summary>
    public class ShelfV2
    {
        public List<BoxV2>? Boxes { get; set; }
        public Dictionary<string, BoxV2>? ByKey { get; set; }
        public BoxV2[]? Array { get; set; }
        public NoteV2? A { get; set; }
        public NoteV2? B { get; set; }
    }

    public class ShelfV1
    {
        public List<BoxV1>? Boxes { get; set; }
        public Dictionary<string, BoxV1>? ByKey { get; set; }
        public BoxV1[]? Array { get; set; }
        public NoteV2? A { get; set; }
        public NoteV2? B { get; set; }
    }

    /// <summary>Cycles: Extra may point back at the root, or at an object that points at itself.</summary>
    public class LoopV2
    {
        public string? Name { get; set; }
        public LoopV2? Next { get; set; }
        public LoopV2? Extra { get; set; }
    }

    public class LoopV1
    {
        public string? Name { get; set; }
        public LoopV1? Next { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>A struct of primitives, written inline (format §5.1); version 1 lacks Z and keeps unknown members.</summary>
    public struct SpotV2
    {
        public int X { get; set; }
        public int Y { get; set; }
        public int Z { get; set; }
    }

    public struct SpotV1
    {
        public int X { get; set; }
        public int Y { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public class SpotHolderV2
    {
        public int Id { get; set; }
        public SpotV2 Spot { get; set; }
    }

    public class SpotHolderV1
    {
        public int Id { get; set; }
        public SpotV1 Spot { get; set; }
    }

    // Two builds of one polymorphic type: both carry the tag of the name "Amber.Tests.Models.KeptEdge.Gadget" (their first
    // former name), so each reads the other's data in a polymorphic position. Version 1 keeps the members it lacks.

    public abstract class GadgetBaseV1
    {
        public int Id { get; set; }
    }

    [AmberFormerName("Amber.Tests.Models.KeptEdge.Gadget")]
    public class GadgetV1 : GadgetBaseV1
    {
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public abstract class GadgetBaseV2
    {
        public int Id { get; set; }
    }

    [AmberFormerName("Amber.Tests.Models.KeptEdge.Gadget")]
    public class GadgetV2 : GadgetBaseV2
    {
        public string? Extra { get; set; }
        public NoteV2? Note { get; set; }
    }

    public class GadgetBoxV1
    {
        public GadgetBaseV1? One { get; set; }
        public List<GadgetBaseV1>? Many { get; set; }
    }

    public class GadgetBoxV2
    {
        public GadgetBaseV2? One { get; set; }
        public List<GadgetBaseV2>? Many { get; set; }
    }

    /// <summary>SpotV2 in a sequence: rows (format §6.1).</summary>
    public class SpotRowsV2
    {
        public int Id { get; set; }
        public SpotV2[]? Spots { get; set; }
    }

    public class SpotRowsV1
    {
        public int Id { get; set; }
        public SpotV1[]? Spots { get; set; }
    }

    /// <summary>70 members: a shape of two presence words (format §5).</summary>
    public class WideV2
    {
        public int M00 { get; set; }
        public int M01 { get; set; }
        public int M02 { get; set; }
        public int M03 { get; set; }
        public int M04 { get; set; }
        public int M05 { get; set; }
        public int M06 { get; set; }
        public int M07 { get; set; }
        public int M08 { get; set; }
        public int M09 { get; set; }
        public int M10 { get; set; }
        public int M11 { get; set; }
        public int M12 { get; set; }
        public int M13 { get; set; }
        public int M14 { get; set; }
        public int M15 { get; set; }
        public int M16 { get; set; }
        public int M17 { get; set; }
        public int M18 { get; set; }
        public int M19 { get; set; }
        public int M20 { get; set; }
        public int M21 { get; set; }
        public int M22 { get; set; }
        public int M23 { get; set; }
        public int M24 { get; set; }
        public int M25 { get; set; }
        public int M26 { get; set; }
        public int M27 { get; set; }
        public int M28 { get; set; }
        public int M29 { get; set; }
        public int M30 { get; set; }
        public int M31 { get; set; }
        public int M32 { get; set; }
        public int M33 { get; set; }
        public int M34 { get; set; }
        public int M35 { get; set; }
        public int M36 { get; set; }
        public int M37 { get; set; }
        public int M38 { get; set; }
        public int M39 { get; set; }
        public int M40 { get; set; }
        public int M41 { get; set; }
        public int M42 { get; set; }
        public int M43 { get; set; }
        public int M44 { get; set; }
        public int M45 { get; set; }
        public int M46 { get; set; }
        public int M47 { get; set; }
        public int M48 { get; set; }
        public int M49 { get; set; }
        public int M50 { get; set; }
        public int M51 { get; set; }
        public int M52 { get; set; }
        public int M53 { get; set; }
        public int M54 { get; set; }
        public int M55 { get; set; }
        public int M56 { get; set; }
        public int M57 { get; set; }
        public int M58 { get; set; }
        public int M59 { get; set; }
        public int M60 { get; set; }
        public int M61 { get; set; }
        public int M62 { get; set; }
        public int M63 { get; set; }
        public int M64 { get; set; }
        public int M65 { get; set; }
        public int M66 { get; set; }
        public int M67 { get; set; }
        public int M68 { get; set; }
        public int M69 { get; set; }
    }

    /// <summary>The first 10 members of <see cref="WideV2"/>: keeps 60, so the extended shape has 70 members and two presence words.</summary>
    public class WideTenV1
    {
        public int M00 { get; set; }
        public int M01 { get; set; }
        public int M02 { get; set; }
        public int M03 { get; set; }
        public int M04 { get; set; }
        public int M05 { get; set; }
        public int M06 { get; set; }
        public int M07 { get; set; }
        public int M08 { get; set; }
        public int M09 { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>The first 64 members of <see cref="WideV2"/>: its own members fill the first presence word, the kept ones start the second.</summary>
    public class WideSixtyFourV1
    {
        public int M00 { get; set; }
        public int M01 { get; set; }
        public int M02 { get; set; }
        public int M03 { get; set; }
        public int M04 { get; set; }
        public int M05 { get; set; }
        public int M06 { get; set; }
        public int M07 { get; set; }
        public int M08 { get; set; }
        public int M09 { get; set; }
        public int M10 { get; set; }
        public int M11 { get; set; }
        public int M12 { get; set; }
        public int M13 { get; set; }
        public int M14 { get; set; }
        public int M15 { get; set; }
        public int M16 { get; set; }
        public int M17 { get; set; }
        public int M18 { get; set; }
        public int M19 { get; set; }
        public int M20 { get; set; }
        public int M21 { get; set; }
        public int M22 { get; set; }
        public int M23 { get; set; }
        public int M24 { get; set; }
        public int M25 { get; set; }
        public int M26 { get; set; }
        public int M27 { get; set; }
        public int M28 { get; set; }
        public int M29 { get; set; }
        public int M30 { get; set; }
        public int M31 { get; set; }
        public int M32 { get; set; }
        public int M33 { get; set; }
        public int M34 { get; set; }
        public int M35 { get; set; }
        public int M36 { get; set; }
        public int M37 { get; set; }
        public int M38 { get; set; }
        public int M39 { get; set; }
        public int M40 { get; set; }
        public int M41 { get; set; }
        public int M42 { get; set; }
        public int M43 { get; set; }
        public int M44 { get; set; }
        public int M45 { get; set; }
        public int M46 { get; set; }
        public int M47 { get; set; }
        public int M48 { get; set; }
        public int M49 { get; set; }
        public int M50 { get; set; }
        public int M51 { get; set; }
        public int M52 { get; set; }
        public int M53 { get; set; }
        public int M54 { get; set; }
        public int M55 { get; set; }
        public int M56 { get; set; }
        public int M57 { get; set; }
        public int M58 { get; set; }
        public int M59 { get; set; }
        public int M60 { get; set; }
        public int M61 { get; set; }
        public int M62 { get; set; }
        public int M63 { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }
}
