using System;

namespace Amber.Orleans
{
    /// <summary>What Amber was doing for Orleans when an <see cref="AmberOrleansException"/> was raised.</summary>
    public enum AmberOrleansValueKind
    {
        /// <summary>Writing or reading a value of a grain call, a response or another Orleans message.</summary>
        Message,

        /// <summary>Deep-copying a value passed between grains of one silo.</summary>
        Copy,

        /// <summary>Writing or reading grain state through a storage provider.</summary>
        GrainState,
    }

    /// <summary>
    /// An <see cref="AmberException"/> raised while Amber wrote, read or copied a value for Orleans: the same problem,
    /// byte offset, member path and fix as the Amber failure it wraps (its <see cref="Exception.InnerException"/>),
    /// with the value's type and what Amber was doing in front of the message. Code that catches
    /// <see cref="AmberException"/> catches this too. Only this package raises it (its codec, copier and grain-storage
    /// serializer), so it has no public constructor.
    /// </summary>
    public sealed class AmberOrleansException : AmberException
    {
        /// <summary>Wraps <paramref name="inner"/>, which failed on a value of <paramref name="valueType"/>.</summary>
        /// <param name="inner">The Amber failure; its problem, byte offset and member path are kept.</param>
        /// <param name="valueType">The type of the value (for grain state, the state type).</param>
        /// <param name="kind">What Amber was doing.</param>
        internal AmberOrleansException(AmberException inner, Type valueType, AmberOrleansValueKind kind)
            : this(inner, valueType, kind, null)
        {
        }

        /// <summary>Wraps <paramref name="inner"/>, with <paramref name="fix"/> said after the inner exception's own fix.</summary>
        /// <param name="inner">The Amber failure; its problem, byte offset and member path are kept.</param>
        /// <param name="valueType">The type of the value (for grain state, the state type).</param>
        /// <param name="kind">What Amber was doing.</param>
        /// <param name="fix">What to do in Orleans' terms, or null for the inner exception's fix alone.</param>
        internal AmberOrleansException(AmberException inner, Type valueType, AmberOrleansValueKind kind, string? fix)
            : base((inner ?? throw new ArgumentNullException(nameof(inner))).Problem, inner.ByteOffset, Join(inner.Fix, fix), inner)
        {
            ValueType = valueType ?? throw new ArgumentNullException(nameof(valueType));
            Kind = kind;
            // The inner path is complete (root type and members), so it stands as this one's root.
            SetRoot(inner.MemberPath);
        }

        /// <summary>The type of the value that failed (for grain state, the state type).</summary>
        public Type ValueType { get; }

        /// <summary>What Amber was doing.</summary>
        public AmberOrleansValueKind Kind { get; }

        /// <inheritdoc />
        public override string Message =>
            (Kind == AmberOrleansValueKind.GrainState ? "Orleans grain state of type '" : Kind == AmberOrleansValueKind.Copy ? "Orleans deep copy of '" : "Orleans value of type '")
            + ValueType.FullName + "': " + base.Message;

        private static string? Join(string? first, string? second) =>
            first == null ? second : second == null ? first : first + " " + second;
    }
}
