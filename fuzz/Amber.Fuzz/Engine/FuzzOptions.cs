using System;
using System.IO;

namespace Amber.Fuzz.Engine
{
    /// <summary>Settings of one fuzzing run.</summary>
    public sealed class FuzzOptions
    {
        /// <summary>Seeds the seed payloads and every random choice; with <see cref="Iterations"/> and no <see cref="Seconds"/> a run is deterministic.</summary>
        public int Seed { get; init; } = 1;

        /// <summary>Executions per target (null: no limit, <see cref="Seconds"/> must be set).</summary>
        public long? Iterations { get; init; }

        /// <summary>Total time, split evenly across the targets (null: run <see cref="Iterations"/>).</summary>
        public double? Seconds { get; init; }

        /// <summary>Where findings are written (null: kept in memory only, as in tests).</summary>
        public string? FindingsDirectory { get; init; }

        /// <summary>The run stops after this many distinct findings.</summary>
        public int MaxFindings { get; init; } = 50;

        /// <summary>One execution longer than this is a hang.</summary>
        public TimeSpan HangLimit { get; init; } = TimeSpan.FromSeconds(2);

        /// <summary>A hang that has not returned after this long ends the process (nothing can stop a thread in .NET).</summary>
        public TimeSpan KillLimit { get; init; } = TimeSpan.FromSeconds(60);

        /// <summary>Corpus entries kept per target.</summary>
        public int CorpusCapacity { get; init; } = 2000;

        /// <summary>Progress lines (null: quiet).</summary>
        public TextWriter? Log { get; init; }

        /// <summary>The allocation bound of one execution: <c>64 × input length + 4 MB</c>.</summary>
        public static long AllocationBound(int inputLength) => 64L * inputLength + (4L << 20);

        /// <summary>
        /// What one more error may allocate in the connection target, which reads on after a failed message: an
        /// <see cref="AmberException"/> wrapped by the message reader's, their messages and stack traces (about 3 KB).
        /// </summary>
        public const long AllocationPerError = 8 << 10;

        /// <summary>The connection target's bound: <see cref="AllocationBound(int)"/> and <see cref="AllocationPerError"/> for each error after the first.</summary>
        public static long AllocationBound(int inputLength, int moreErrors) => AllocationBound(inputLength) + moreErrors * AllocationPerError;
    }
}
