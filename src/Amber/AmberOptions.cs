using System;

namespace Amber
{
    /// <summary>
    /// Settings for one serialization call. Immutable: build one with an object initializer and
    /// reuse it; <see cref="Default"/> is used when none is given.
    /// </summary>
    public sealed class AmberOptions
    {
        /// <summary>The options used when a call passes none.</summary>
        public static AmberOptions Default { get; } = new AmberOptions();

        private readonly int _maxDepth = 64;

        /// <summary>
        /// The depth up to which readers and writers only count levels; deeper, every level also checks
        /// that the thread's stack has room for it. The default MaxDepth, so default calls never pay for the check.
        /// </summary>
        internal const int StackCheckDepth = 64;

        /// <summary>
        /// Keeps object identity (docs/format.md §7.2): an object or string referenced from several
        /// places is written once and read back as one instance, and cycles round-trip. Off by default
        /// (it costs a dictionary lookup per object); a type marked [AmberPreserveReferences] turns it
        /// on for every payload that can contain it.
        /// </summary>
        public bool PreserveReferences { get; init; }

        /// <summary>
        /// What reading does with a type tag this program does not know, in a polymorphic or
        /// <c>object</c> member (data written by a newer version with a new derived type). Default:
        /// <see cref="AmberUnknownTypeHandling.Throw"/>.
        /// </summary>
        public AmberUnknownTypeHandling UnknownTypes { get; init; }

        /// <summary>
        /// The deepest nesting of objects and collections that is written or read (default 64).
        /// A cycle in an object graph fails with an <see cref="AmberException"/> at this depth
        /// instead of overflowing the stack.
        /// </summary>
        public int MaxDepth
        {
            get => _maxDepth;
            init
            {
                if (value < 1 || value > 10_000) throw new ArgumentOutOfRangeException(nameof(MaxDepth), value, "MaxDepth must be between 1 and 10000.");
                _maxDepth = value;
            }
        }
    }
}
