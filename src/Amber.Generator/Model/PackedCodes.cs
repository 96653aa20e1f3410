namespace Amber.Generator.Model
{
    /// <summary>Widths of the packed primitive codes (docs/format.md §6.1); the runtime's AmberCode.PackedWidth agrees.</summary>
    internal static class PackedCodes
    {
        public static int Width(int code) => code switch
        {
            1 or 2 or 11 => 1,
            3 or 4 or 12 => 2,
            5 or 6 or 9 => 4,
            _ => 8,
        };
    }
}
