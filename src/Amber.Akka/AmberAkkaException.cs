using System;

namespace Amber.Akka
{
    /// <summary>
    /// An <see cref="AmberException"/> raised while an <see cref="AmberAkkaSerializer"/> read a message, event or snapshot:
    /// the manifest it came with (the Amber name of its type) in front of the message, then the problem, byte offset,
    /// member path and fix of the Amber failure it wraps (its <see cref="Exception.InnerException"/>). Code that catches
    /// <see cref="AmberException"/> catches this too.
    /// </summary>
    /// <remarks>
    /// Akka reports it where the bytes were read: Akka.Remote logs it as a warning and drops the message (the association
    /// stays up); a journal or snapshot store fails the persistent actor's recovery with it.
    /// </remarks>
    public sealed class AmberAkkaException : AmberException
    {
        /// <summary>Wraps <paramref name="inner"/>, which failed on a payload that came with <paramref name="manifest"/>.</summary>
        /// <param name="inner">The Amber failure; its problem, byte offset, fix and member path are kept.</param>
        /// <param name="manifest">The manifest stored or sent with the payload.</param>
        public AmberAkkaException(AmberException inner, string manifest)
            : base((inner ?? throw new ArgumentNullException(nameof(inner))).Problem, inner.ByteOffset, inner.Fix, inner)
        {
            Manifest = manifest ?? "";
            // The inner path is already complete (root type and members), so it stands as this one's root.
            SetRoot(inner.MemberPath);
        }

        /// <summary>A failure of the manifest itself (no registered type has that name), before any byte was read.</summary>
        internal AmberAkkaException(string problem, string fix, string manifest)
            : base(problem, -1, fix)
        {
            Manifest = manifest ?? "";
        }

        /// <summary>The manifest of the payload that failed: the Amber name of the type it was written as.</summary>
        public string Manifest { get; }

        /// <inheritdoc />
        public override string Message => "Akka manifest '" + Manifest + "': " + base.Message;
    }
}
