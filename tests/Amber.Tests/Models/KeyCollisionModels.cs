namespace Amber.Tests.Models
{
    // Names whose keys collide (docs/format.md §4, §5): M092 and M148 both fold to key 7004 (0x1B5C), and so
    // does M3892; M502, M607 and M997 all fold to key 4967. None of them needs [AmberKey].

    /// <summary>Two members on one key with different wire types.</summary>
    public class CollidingPair
    {
        public int M092 { get; set; }
        public string? M148 { get; set; }
    }

    /// <summary>Two members on one key with the same wire type: only their name hashes tell them apart.</summary>
    public class CollidingTwins
    {
        public int M092 { get; set; }
        public int M148 { get; set; }
    }

    /// <summary>The same tags as <see cref="CollidingTwins"/>, but the second member is another name on key 7004.</summary>
    public class CollidingOtherTwins
    {
        public int M092 { get; set; }
        public int M3892 { get; set; }
    }

    /// <summary>Three members on one key.</summary>
    public class CollidingTriple
    {
        public int M502 { get; set; }
        public string? M607 { get; set; }
        public int M997 { get; set; }
    }

    /// <summary>Version 1: M092 alone on its key.</summary>
    public class CollisionV1
    {
        public int M092 { get; set; }
        public string? Tail { get; set; }
    }

    /// <summary>Version 2 adds M148, which collides with M092 and has its wire type, after it.</summary>
    public class CollisionV2
    {
        public int M092 { get; set; }
        public string? Tail { get; set; }
        public int M148 { get; set; }
    }

    /// <summary>Version 2 with the new colliding member declared first, but with another wire type.</summary>
    public class CollisionV2TypedFirst
    {
        public string? M148 { get; set; }
        public int M092 { get; set; }
        public string? Tail { get; set; }
    }

    /// <summary>A rows element (format §6.1) whose two members share a key.</summary>
    public struct CollidingRow
    {
        public int M092;
        public long M148;
    }
}
