using System.Collections.Generic;
using Amber;

namespace Amber.Tests.Models.Wide
{
    // Types of more than 64 serialized members (docs/format.md §5: presence is one varint per 64 members).
    // Member i of every type here is named Mi and has type number i % 6 of: int, string?, double?,
    // WidePart?, List<int>?, WideColor; so the types with fewer members are earlier versions of the wider
    // ones (the same names, keys and wire types, in the same order). Written by a small script; used by
    // tests/Amber.Tests/Serialization/WideTypeTests.cs.

    public enum WideColor { None, Red, Green, Blue }

    public class WidePart
    {
        public int X { get; set; }
        public string? Label { get; set; }
    }

    /// <summary>The widest type: 200 members, presence in four words.</summary>
    public class Wide200
    {
        public int M0 { get; set; }
        public string? M1 { get; set; }
        public double? M2 { get; set; }
        public WidePart? M3 { get; set; }
        public List<int>? M4 { get; set; }
        public WideColor M5 { get; set; }
        public int M6 { get; set; }
        public string? M7 { get; set; }
        public double? M8 { get; set; }
        public WidePart? M9 { get; set; }
        public List<int>? M10 { get; set; }
        public WideColor M11 { get; set; }
        public int M12 { get; set; }
        public string? M13 { get; set; }
        public double? M14 { get; set; }
        public WidePart? M15 { get; set; }
        public List<int>? M16 { get; set; }
        public WideColor M17 { get; set; }
        public int M18 { get; set; }
        public string? M19 { get; set; }
        public double? M20 { get; set; }
        public WidePart? M21 { get; set; }
        public List<int>? M22 { get; set; }
        public WideColor M23 { get; set; }
        public int M24 { get; set; }
        public string? M25 { get; set; }
        public double? M26 { get; set; }
        public WidePart? M27 { get; set; }
        public List<int>? M28 { get; set; }
        public WideColor M29 { get; set; }
        public int M30 { get; set; }
        public string? M31 { get; set; }
        public double? M32 { get; set; }
        public WidePart? M33 { get; set; }
        public List<int>? M34 { get; set; }
        public WideColor M35 { get; set; }
        public int M36 { get; set; }
        public string? M37 { get; set; }
        public double? M38 { get; set; }
        public WidePart? M39 { get; set; }
        public List<int>? M40 { get; set; }
        public WideColor M41 { get; set; }
        public int M42 { get; set; }
        public string? M43 { get; set; }
        public double? M44 { get; set; }
        public WidePart? M45 { get; set; }
        public List<int>? M46 { get; set; }
        public WideColor M47 { get; set; }
        public int M48 { get; set; }
        public string? M49 { get; set; }
        public double? M50 { get; set; }
        public WidePart? M51 { get; set; }
        public List<int>? M52 { get; set; }
        public WideColor M53 { get; set; }
        public int M54 { get; set; }
        public string? M55 { get; set; }
        public double? M56 { get; set; }
        public WidePart? M57 { get; set; }
        public List<int>? M58 { get; set; }
        public WideColor M59 { get; set; }
        public int M60 { get; set; }
        public string? M61 { get; set; }
        public double? M62 { get; set; }
        public WidePart? M63 { get; set; }
        public List<int>? M64 { get; set; }
        public WideColor M65 { get; set; }
        public int M66 { get; set; }
        public string? M67 { get; set; }
        public double? M68 { get; set; }
        public WidePart? M69 { get; set; }
        public List<int>? M70 { get; set; }
        public WideColor M71 { get; set; }
        public int M72 { get; set; }
        public string? M73 { get; set; }
        public double? M74 { get; set; }
        public WidePart? M75 { get; set; }
        public List<int>? M76 { get; set; }
        public WideColor M77 { get; set; }
        public int M78 { get; set; }
        public string? M79 { get; set; }
        public double? M80 { get; set; }
        public WidePart? M81 { get; set; }
        public List<int>? M82 { get; set; }
        public WideColor M83 { get; set; }
        public int M84 { get; set; }
        public string? M85 { get; set; }
        public double? M86 { get; set; }
        public WidePart? M87 { get; set; }
        public List<int>? M88 { get; set; }
        public WideColor M89 { get; set; }
        public int M90 { get; set; }
        public string? M91 { get; set; }
        public double? M92 { get; set; }
        public WidePart? M93 { get; set; }
        public List<int>? M94 { get; set; }
        public WideColor M95 { get; set; }
        public int M96 { get; set; }
        public string? M97 { get; set; }
        public double? M98 { get; set; }
        public WidePart? M99 { get; set; }
        public List<int>? M100 { get; set; }
        public WideColor M101 { get; set; }
        public int M102 { get; set; }
        public string? M103 { get; set; }
        public double? M104 { get; set; }
        public WidePart? M105 { get; set; }
        public List<int>? M106 { get; set; }
        public WideColor M107 { get; set; }
        public int M108 { get; set; }
        public string? M109 { get; set; }
        public double? M110 { get; set; }
        public WidePart? M111 { get; set; }
        public List<int>? M112 { get; set; }
        public WideColor M113 { get; set; }
        public int M114 { get; set; }
        public string? M115 { get; set; }
        public double? M116 { get; set; }
        public WidePart? M117 { get; set; }
        public List<int>? M118 { get; set; }
        public WideColor M119 { get; set; }
        public int M120 { get; set; }
        public string? M121 { get; set; }
        public double? M122 { get; set; }
        public WidePart? M123 { get; set; }
        public List<int>? M124 { get; set; }
        public WideColor M125 { get; set; }
        public int M126 { get; set; }
        public string? M127 { get; set; }
        public double? M128 { get; set; }
        public WidePart? M129 { get; set; }
        public List<int>? M130 { get; set; }
        public WideColor M131 { get; set; }
        public int M132 { get; set; }
        public string? M133 { get; set; }
        public double? M134 { get; set; }
        public WidePart? M135 { get; set; }
        public List<int>? M136 { get; set; }
        public WideColor M137 { get; set; }
        public int M138 { get; set; }
        public string? M139 { get; set; }
        public double? M140 { get; set; }
        public WidePart? M141 { get; set; }
        public List<int>? M142 { get; set; }
        public WideColor M143 { get; set; }
        public int M144 { get; set; }
        public string? M145 { get; set; }
        public double? M146 { get; set; }
        public WidePart? M147 { get; set; }
        public List<int>? M148 { get; set; }
        public WideColor M149 { get; set; }
        public int M150 { get; set; }
        public string? M151 { get; set; }
        public double? M152 { get; set; }
        public WidePart? M153 { get; set; }
        public List<int>? M154 { get; set; }
        public WideColor M155 { get; set; }
        public int M156 { get; set; }
        public string? M157 { get; set; }
        public double? M158 { get; set; }
        public WidePart? M159 { get; set; }
        public List<int>? M160 { get; set; }
        public WideColor M161 { get; set; }
        public int M162 { get; set; }
        public string? M163 { get; set; }
        public double? M164 { get; set; }
        public WidePart? M165 { get; set; }
        public List<int>? M166 { get; set; }
        public WideColor M167 { get; set; }
        public int M168 { get; set; }
        public string? M169 { get; set; }
        public double? M170 { get; set; }
        public WidePart? M171 { get; set; }
        public List<int>? M172 { get; set; }
        public WideColor M173 { get; set; }
        public int M174 { get; set; }
        public string? M175 { get; set; }
        public double? M176 { get; set; }
        public WidePart? M177 { get; set; }
        public List<int>? M178 { get; set; }
        public WideColor M179 { get; set; }
        public int M180 { get; set; }
        public string? M181 { get; set; }
        public double? M182 { get; set; }
        public WidePart? M183 { get; set; }
        public List<int>? M184 { get; set; }
        public WideColor M185 { get; set; }
        public int M186 { get; set; }
        public string? M187 { get; set; }
        public double? M188 { get; set; }
        public WidePart? M189 { get; set; }
        public List<int>? M190 { get; set; }
        public WideColor M191 { get; set; }
        public int M192 { get; set; }
        public string? M193 { get; set; }
        public double? M194 { get; set; }
        public WidePart? M195 { get; set; }
        public List<int>? M196 { get; set; }
        public WideColor M197 { get; set; }
        public int M198 { get; set; }
        public string? M199 { get; set; }
    }

    /// <summary>An earlier version of <see cref="Wide200"/> with 70 members.</summary>
    public class Wide70
    {
        public int M0 { get; set; }
        public string? M1 { get; set; }
        public double? M2 { get; set; }
        public WidePart? M3 { get; set; }
        public List<int>? M4 { get; set; }
        public WideColor M5 { get; set; }
        public int M6 { get; set; }
        public string? M7 { get; set; }
        public double? M8 { get; set; }
        public WidePart? M9 { get; set; }
        public List<int>? M10 { get; set; }
        public WideColor M11 { get; set; }
        public int M12 { get; set; }
        public string? M13 { get; set; }
        public double? M14 { get; set; }
        public WidePart? M15 { get; set; }
        public List<int>? M16 { get; set; }
        public WideColor M17 { get; set; }
        public int M18 { get; set; }
        public string? M19 { get; set; }
        public double? M20 { get; set; }
        public WidePart? M21 { get; set; }
        public List<int>? M22 { get; set; }
        public WideColor M23 { get; set; }
        public int M24 { get; set; }
        public string? M25 { get; set; }
        public double? M26 { get; set; }
        public WidePart? M27 { get; set; }
        public List<int>? M28 { get; set; }
        public WideColor M29 { get; set; }
        public int M30 { get; set; }
        public string? M31 { get; set; }
        public double? M32 { get; set; }
        public WidePart? M33 { get; set; }
        public List<int>? M34 { get; set; }
        public WideColor M35 { get; set; }
        public int M36 { get; set; }
        public string? M37 { get; set; }
        public double? M38 { get; set; }
        public WidePart? M39 { get; set; }
        public List<int>? M40 { get; set; }
        public WideColor M41 { get; set; }
        public int M42 { get; set; }
        public string? M43 { get; set; }
        public double? M44 { get; set; }
        public WidePart? M45 { get; set; }
        public List<int>? M46 { get; set; }
        public WideColor M47 { get; set; }
        public int M48 { get; set; }
        public string? M49 { get; set; }
        public double? M50 { get; set; }
        public WidePart? M51 { get; set; }
        public List<int>? M52 { get; set; }
        public WideColor M53 { get; set; }
        public int M54 { get; set; }
        public string? M55 { get; set; }
        public double? M56 { get; set; }
        public WidePart? M57 { get; set; }
        public List<int>? M58 { get; set; }
        public WideColor M59 { get; set; }
        public int M60 { get; set; }
        public string? M61 { get; set; }
        public double? M62 { get; set; }
        public WidePart? M63 { get; set; }
        public List<int>? M64 { get; set; }
        public WideColor M65 { get; set; }
        public int M66 { get; set; }
        public string? M67 { get; set; }
        public double? M68 { get; set; }
        public WidePart? M69 { get; set; }
    }

    /// <summary>An earlier version with 60 members: one presence word.</summary>
    public class Wide60
    {
        public int M0 { get; set; }
        public string? M1 { get; set; }
        public double? M2 { get; set; }
        public WidePart? M3 { get; set; }
        public List<int>? M4 { get; set; }
        public WideColor M5 { get; set; }
        public int M6 { get; set; }
        public string? M7 { get; set; }
        public double? M8 { get; set; }
        public WidePart? M9 { get; set; }
        public List<int>? M10 { get; set; }
        public WideColor M11 { get; set; }
        public int M12 { get; set; }
        public string? M13 { get; set; }
        public double? M14 { get; set; }
        public WidePart? M15 { get; set; }
        public List<int>? M16 { get; set; }
        public WideColor M17 { get; set; }
        public int M18 { get; set; }
        public string? M19 { get; set; }
        public double? M20 { get; set; }
        public WidePart? M21 { get; set; }
        public List<int>? M22 { get; set; }
        public WideColor M23 { get; set; }
        public int M24 { get; set; }
        public string? M25 { get; set; }
        public double? M26 { get; set; }
        public WidePart? M27 { get; set; }
        public List<int>? M28 { get; set; }
        public WideColor M29 { get; set; }
        public int M30 { get; set; }
        public string? M31 { get; set; }
        public double? M32 { get; set; }
        public WidePart? M33 { get; set; }
        public List<int>? M34 { get; set; }
        public WideColor M35 { get; set; }
        public int M36 { get; set; }
        public string? M37 { get; set; }
        public double? M38 { get; set; }
        public WidePart? M39 { get; set; }
        public List<int>? M40 { get; set; }
        public WideColor M41 { get; set; }
        public int M42 { get; set; }
        public string? M43 { get; set; }
        public double? M44 { get; set; }
        public WidePart? M45 { get; set; }
        public List<int>? M46 { get; set; }
        public WideColor M47 { get; set; }
        public int M48 { get; set; }
        public string? M49 { get; set; }
        public double? M50 { get; set; }
        public WidePart? M51 { get; set; }
        public List<int>? M52 { get; set; }
        public WideColor M53 { get; set; }
        public int M54 { get; set; }
        public string? M55 { get; set; }
        public double? M56 { get; set; }
        public WidePart? M57 { get; set; }
        public List<int>? M58 { get; set; }
        public WideColor M59 { get; set; }
    }

    /// <summary>A reader that knows only the first 10 members.</summary>
    public class Wide10
    {
        public int M0 { get; set; }
        public string? M1 { get; set; }
        public double? M2 { get; set; }
        public WidePart? M3 { get; set; }
        public List<int>? M4 { get; set; }
        public WideColor M5 { get; set; }
        public int M6 { get; set; }
        public string? M7 { get; set; }
        public double? M8 { get; set; }
        public WidePart? M9 { get; set; }
    }

    /// <summary>73 constructor parameters, three with defaults past member 63 (M72 a Nullable whose default is not null).</summary>
    public record WideRecord(int M0, string? M1, double? M2, WidePart? M3, List<int>? M4, WideColor M5, int M6, string? M7, double? M8, WidePart? M9, List<int>? M10, WideColor M11, int M12, string? M13, double? M14, WidePart? M15, List<int>? M16, WideColor M17, int M18, string? M19, double? M20, WidePart? M21, List<int>? M22, WideColor M23, int M24, string? M25, double? M26, WidePart? M27, List<int>? M28, WideColor M29, int M30, string? M31, double? M32, WidePart? M33, List<int>? M34, WideColor M35, int M36, string? M37, double? M38, WidePart? M39, List<int>? M40, WideColor M41, int M42, string? M43, double? M44, WidePart? M45, List<int>? M46, WideColor M47, int M48, string? M49, double? M50, WidePart? M51, List<int>? M52, WideColor M53, int M54, string? M55, double? M56, WidePart? M57, List<int>? M58, WideColor M59, int M60, string? M61, double? M62, WidePart? M63, List<int>? M64, WideColor M65, int M66, string? M67, double? M68, WidePart? M69, int M70 = 7, string M71 = "seventy-one", double? M72 = 2.5);

    /// <summary>A struct of 70 int fields: more than rows allow (64), so a list of it is written object by object.</summary>
    public struct WideStruct
    {
        public int F0;
        public int F1;
        public int F2;
        public int F3;
        public int F4;
        public int F5;
        public int F6;
        public int F7;
        public int F8;
        public int F9;
        public int F10;
        public int F11;
        public int F12;
        public int F13;
        public int F14;
        public int F15;
        public int F16;
        public int F17;
        public int F18;
        public int F19;
        public int F20;
        public int F21;
        public int F22;
        public int F23;
        public int F24;
        public int F25;
        public int F26;
        public int F27;
        public int F28;
        public int F29;
        public int F30;
        public int F31;
        public int F32;
        public int F33;
        public int F34;
        public int F35;
        public int F36;
        public int F37;
        public int F38;
        public int F39;
        public int F40;
        public int F41;
        public int F42;
        public int F43;
        public int F44;
        public int F45;
        public int F46;
        public int F47;
        public int F48;
        public int F49;
        public int F50;
        public int F51;
        public int F52;
        public int F53;
        public int F54;
        public int F55;
        public int F56;
        public int F57;
        public int F58;
        public int F59;
        public int F60;
        public int F61;
        public int F62;
        public int F63;
        public int F64;
        public int F65;
        public int F66;
        public int F67;
        public int F68;
        public int F69;
    }

    /// <summary>A polymorphic base whose implementation has more than 64 members.</summary>
    public abstract class WideShape
    {
        public int Id { get; set; }
    }

    public class WideCircle : WideShape
    {
        public int C0 { get; set; }
        public int C1 { get; set; }
        public int C2 { get; set; }
        public int C3 { get; set; }
        public int C4 { get; set; }
        public int C5 { get; set; }
        public int C6 { get; set; }
        public int C7 { get; set; }
        public int C8 { get; set; }
        public int C9 { get; set; }
        public int C10 { get; set; }
        public int C11 { get; set; }
        public int C12 { get; set; }
        public int C13 { get; set; }
        public int C14 { get; set; }
        public int C15 { get; set; }
        public int C16 { get; set; }
        public int C17 { get; set; }
        public int C18 { get; set; }
        public int C19 { get; set; }
        public int C20 { get; set; }
        public int C21 { get; set; }
        public int C22 { get; set; }
        public int C23 { get; set; }
        public int C24 { get; set; }
        public int C25 { get; set; }
        public int C26 { get; set; }
        public int C27 { get; set; }
        public int C28 { get; set; }
        public int C29 { get; set; }
        public int C30 { get; set; }
        public int C31 { get; set; }
        public int C32 { get; set; }
        public int C33 { get; set; }
        public int C34 { get; set; }
        public int C35 { get; set; }
        public int C36 { get; set; }
        public int C37 { get; set; }
        public int C38 { get; set; }
        public int C39 { get; set; }
        public int C40 { get; set; }
        public int C41 { get; set; }
        public int C42 { get; set; }
        public int C43 { get; set; }
        public int C44 { get; set; }
        public int C45 { get; set; }
        public int C46 { get; set; }
        public int C47 { get; set; }
        public int C48 { get; set; }
        public int C49 { get; set; }
        public int C50 { get; set; }
        public int C51 { get; set; }
        public int C52 { get; set; }
        public int C53 { get; set; }
        public int C54 { get; set; }
        public int C55 { get; set; }
        public int C56 { get; set; }
        public int C57 { get; set; }
        public int C58 { get; set; }
        public int C59 { get; set; }
        public int C60 { get; set; }
        public int C61 { get; set; }
        public int C62 { get; set; }
        public int C63 { get; set; }
        public int C64 { get; set; }
        public int C65 { get; set; }
        public int C66 { get; set; }
        public int C67 { get; set; }
        public int C68 { get; set; }
        public int C69 { get; set; }
        public int C70 { get; set; }
        public int C71 { get; set; }
        public int C72 { get; set; }
        public int C73 { get; set; }
        public int C74 { get; set; }
        public int C75 { get; set; }
        public int C76 { get; set; }
        public int C77 { get; set; }
        public int C78 { get; set; }
    }

    public class WideSquare : WideShape
    {
        public int Side { get; set; }
    }

    /// <summary>65 members with keys 0 to 64 set by hand, so golden bytes can spell the tags (key i: tag i &lt;&lt; 3).</summary>
    public class Wide65
    {
        [AmberKey(0)] public int M0 { get; set; }
        [AmberKey(1)] public int M1 { get; set; }
        [AmberKey(2)] public int M2 { get; set; }
        [AmberKey(3)] public int M3 { get; set; }
        [AmberKey(4)] public int M4 { get; set; }
        [AmberKey(5)] public int M5 { get; set; }
        [AmberKey(6)] public int M6 { get; set; }
        [AmberKey(7)] public int M7 { get; set; }
        [AmberKey(8)] public int M8 { get; set; }
        [AmberKey(9)] public int M9 { get; set; }
        [AmberKey(10)] public int M10 { get; set; }
        [AmberKey(11)] public int M11 { get; set; }
        [AmberKey(12)] public int M12 { get; set; }
        [AmberKey(13)] public int M13 { get; set; }
        [AmberKey(14)] public int M14 { get; set; }
        [AmberKey(15)] public int M15 { get; set; }
        [AmberKey(16)] public int M16 { get; set; }
        [AmberKey(17)] public int M17 { get; set; }
        [AmberKey(18)] public int M18 { get; set; }
        [AmberKey(19)] public int M19 { get; set; }
        [AmberKey(20)] public int M20 { get; set; }
        [AmberKey(21)] public int M21 { get; set; }
        [AmberKey(22)] public int M22 { get; set; }
        [AmberKey(23)] public int M23 { get; set; }
        [AmberKey(24)] public int M24 { get; set; }
        [AmberKey(25)] public int M25 { get; set; }
        [AmberKey(26)] public int M26 { get; set; }
        [AmberKey(27)] public int M27 { get; set; }
        [AmberKey(28)] public int M28 { get; set; }
        [AmberKey(29)] public int M29 { get; set; }
        [AmberKey(30)] public int M30 { get; set; }
        [AmberKey(31)] public int M31 { get; set; }
        [AmberKey(32)] public int M32 { get; set; }
        [AmberKey(33)] public int M33 { get; set; }
        [AmberKey(34)] public int M34 { get; set; }
        [AmberKey(35)] public int M35 { get; set; }
        [AmberKey(36)] public int M36 { get; set; }
        [AmberKey(37)] public int M37 { get; set; }
        [AmberKey(38)] public int M38 { get; set; }
        [AmberKey(39)] public int M39 { get; set; }
        [AmberKey(40)] public int M40 { get; set; }
        [AmberKey(41)] public int M41 { get; set; }
        [AmberKey(42)] public int M42 { get; set; }
        [AmberKey(43)] public int M43 { get; set; }
        [AmberKey(44)] public int M44 { get; set; }
        [AmberKey(45)] public int M45 { get; set; }
        [AmberKey(46)] public int M46 { get; set; }
        [AmberKey(47)] public int M47 { get; set; }
        [AmberKey(48)] public int M48 { get; set; }
        [AmberKey(49)] public int M49 { get; set; }
        [AmberKey(50)] public int M50 { get; set; }
        [AmberKey(51)] public int M51 { get; set; }
        [AmberKey(52)] public int M52 { get; set; }
        [AmberKey(53)] public int M53 { get; set; }
        [AmberKey(54)] public int M54 { get; set; }
        [AmberKey(55)] public int M55 { get; set; }
        [AmberKey(56)] public int M56 { get; set; }
        [AmberKey(57)] public int M57 { get; set; }
        [AmberKey(58)] public int M58 { get; set; }
        [AmberKey(59)] public int M59 { get; set; }
        [AmberKey(60)] public int M60 { get; set; }
        [AmberKey(61)] public int M61 { get; set; }
        [AmberKey(62)] public int M62 { get; set; }
        [AmberKey(63)] public int M63 { get; set; }
        [AmberKey(64)] public int M64 { get; set; }
    }

    /// <summary>A wide type that holds one of its own past member 63, with members after it: a child's presence words must not overwrite its parent's.</summary>
    public class WideTree
    {
        public int T0 { get; set; }
        public int T1 { get; set; }
        public int T2 { get; set; }
        public int T3 { get; set; }
        public int T4 { get; set; }
        public int T5 { get; set; }
        public int T6 { get; set; }
        public int T7 { get; set; }
        public int T8 { get; set; }
        public int T9 { get; set; }
        public int T10 { get; set; }
        public int T11 { get; set; }
        public int T12 { get; set; }
        public int T13 { get; set; }
        public int T14 { get; set; }
        public int T15 { get; set; }
        public int T16 { get; set; }
        public int T17 { get; set; }
        public int T18 { get; set; }
        public int T19 { get; set; }
        public int T20 { get; set; }
        public int T21 { get; set; }
        public int T22 { get; set; }
        public int T23 { get; set; }
        public int T24 { get; set; }
        public int T25 { get; set; }
        public int T26 { get; set; }
        public int T27 { get; set; }
        public int T28 { get; set; }
        public int T29 { get; set; }
        public int T30 { get; set; }
        public int T31 { get; set; }
        public int T32 { get; set; }
        public int T33 { get; set; }
        public int T34 { get; set; }
        public int T35 { get; set; }
        public int T36 { get; set; }
        public int T37 { get; set; }
        public int T38 { get; set; }
        public int T39 { get; set; }
        public int T40 { get; set; }
        public int T41 { get; set; }
        public int T42 { get; set; }
        public int T43 { get; set; }
        public int T44 { get; set; }
        public int T45 { get; set; }
        public int T46 { get; set; }
        public int T47 { get; set; }
        public int T48 { get; set; }
        public int T49 { get; set; }
        public int T50 { get; set; }
        public int T51 { get; set; }
        public int T52 { get; set; }
        public int T53 { get; set; }
        public int T54 { get; set; }
        public int T55 { get; set; }
        public int T56 { get; set; }
        public int T57 { get; set; }
        public int T58 { get; set; }
        public int T59 { get; set; }
        public int T60 { get; set; }
        public int T61 { get; set; }
        public int T62 { get; set; }
        public int T63 { get; set; }
        public WideTree? Child { get; set; }
        public int Tail { get; set; }
        public string? Note { get; set; }
    }

    public class WideHolder
    {
        public List<WideShape>? Shapes { get; set; }
        public object? Any { get; set; }
        public List<WideStruct>? Structs { get; set; }
        public Wide200? Inner { get; set; }
        public int After { get; set; }
    }
}
