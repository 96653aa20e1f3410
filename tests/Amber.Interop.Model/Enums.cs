using System;
using System.Collections.Generic;

namespace Amber.Interop.Model
{
    /// <summary>An enum over <see cref="int"/> with a negative value.</summary>
    public enum Temperature
    {
        /// <summary>Below zero.</summary>
        Freezing = -5,
        /// <summary>Zero.</summary>
        Mild = 0,
        /// <summary>One.</summary>
        Warm = 1,
        /// <summary>The largest int.</summary>
        Scorching = int.MaxValue,
    }

    /// <summary>An enum over <see cref="byte"/>.</summary>
    public enum Level : byte
    {
        /// <summary>Zero.</summary>
        None = 0,
        /// <summary>One.</summary>
        Low = 1,
        /// <summary>The largest byte.</summary>
        Top = 255,
    }

    /// <summary>An enum over <see cref="long"/> with values past 2^53.</summary>
    public enum Distance : long
    {
        /// <summary>The smallest long.</summary>
        Minimum = long.MinValue,
        /// <summary>Zero.</summary>
        Zero = 0,
        /// <summary>2^60.</summary>
        Far = 1L << 60,
        /// <summary>2^60 + 1: the same double as <see cref="Far"/>, so only an exact reader of the schema tells them apart.</summary>
        Beyond = (1L << 60) + 1,
    }

    /// <summary>A flags enum.</summary>
    [Flags]
    public enum Permissions
    {
        /// <summary>No bit.</summary>
        None = 0,
        /// <summary>Bit 0.</summary>
        Read = 1,
        /// <summary>Bit 1.</summary>
        Write = 2,
        /// <summary>Bit 2.</summary>
        Execute = 4,
    }

    /// <summary>Enums of each underlying type, a flags combination and a value with no name.</summary>
    public class Enums
    {
        /// <summary>An int enum.</summary>
        public Temperature Temperature { get; set; }
        /// <summary>A byte enum.</summary>
        public Level Level { get; set; }
        /// <summary>A long enum.</summary>
        public Distance Distance { get; set; }
        /// <summary>A flags enum.</summary>
        public Permissions Permissions { get; set; }
        /// <summary>An int enum holding a value with no name.</summary>
        public Temperature Undefined { get; set; }
        /// <summary>A nullable enum.</summary>
        public Temperature? Maybe { get; set; }
        /// <summary>A list of enums.</summary>
        public List<Temperature>? List { get; set; }
        /// <summary>An array of byte enums.</summary>
        public Level[]? Levels { get; set; }
    }

    /// <summary>Nullable value types.</summary>
    public class Nullables
    {
        /// <summary>A nullable bool.</summary>
        public bool? Bool { get; set; }
        /// <summary>A nullable int.</summary>
        public int? Int { get; set; }
        /// <summary>A nullable long.</summary>
        public long? Long { get; set; }
        /// <summary>A nullable double.</summary>
        public double? Double { get; set; }
        /// <summary>A nullable decimal.</summary>
        public decimal? Decimal { get; set; }
        /// <summary>A nullable Guid.</summary>
        public Guid? Guid { get; set; }
        /// <summary>A nullable DateTime.</summary>
        public DateTime? DateTime { get; set; }
        /// <summary>A nullable enum.</summary>
        public Level? Level { get; set; }
        /// <summary>A nullable inline struct.</summary>
        public Point? Point { get; set; }
        /// <summary>A nullable struct that is not inline.</summary>
        public Tagged? Tagged { get; set; }
        /// <summary>A list of nullable ints.</summary>
        public List<int?>? Ints { get; set; }
    }
}
