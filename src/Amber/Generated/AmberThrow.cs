using System;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using Amber.Format;

namespace Amber.Metadata
{
    /// <summary>
    /// Throws Amber's exceptions from out-of-line methods so the hot methods that call them stay small.
    /// Public because generated code calls it; not meant for hand-written code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberThrow
    {
        /// <summary>A shape of more than 64 members was given one presence word (a caller bug, not bad input).</summary>
        [DoesNotReturn]
        internal static void WideShapeNeedsWords(string typeName, int count) =>
            throw new ArgumentException($"{typeName} has {count} members: write its header with WriteObjectHeader(shape, presence, more), one presence word per 64 members.");

        /// <summary>The input ended inside a value.</summary>
        [DoesNotReturn]
        public static void EndOfData(long offset, int needed) =>
            throw new AmberException($"The data ended early: {needed} more byte(s) were needed", offset,
                "The payload was cut short or is not an Amber payload; check that the whole message was received.");

        /// <summary>A varint longer than 64 bits.</summary>
        [DoesNotReturn]
        public static void MalformedVarint(long offset) =>
            throw new AmberException("A varint is longer than 64 bits", offset, "The payload is damaged or not an Amber payload.");

        /// <summary>The payload header has a version or flag this reader does not know.</summary>
        [DoesNotReturn]
        public static void BadHeader(long offset, byte header)
        {
            if (new PayloadHeader(header).IsMessage)
                throw new AmberException($"The payload header 0x{header:X2} is a connection message's (format §7.6), which only the connection's reader can read: its shapes may be defined by earlier messages", offset,
                    "Read messages written by AmberMessageWriter with one AmberMessageReader per connection, in order.");
            throw new AmberException($"The payload header 0x{header:X2} is not Amber format version {AmberCode.FormatVersion}, nor version {AmberCode.ReferenceFormatVersion} with the reference flag", offset,
                "The data was written by another serializer or a newer Amber with features this version cannot read.");
        }

        /// <summary>A value's wire type is not the one the reader's type can read.</summary>
        [DoesNotReturn]
        public static void WireTypeMismatch(long offset, WireType actual, string expected) =>
            throw new AmberException($"Found a {actual} value where {expected} was expected", offset,
                "The member's type changed in a way Amber cannot convert (see docs/format.md §3.2); keep the old type, or rename the member so old data is skipped.");

        /// <summary>A member of a row (a packed primitive of an inline struct or of rows, format §5.1, §6.1) that the reader's member cannot be read from.</summary>
        [DoesNotReturn]
        public static void RowValueMismatch(long offset, byte writerCode, string expected) =>
            throw new AmberException($"Found a row member of packed code {writerCode} where a {expected} was expected", offset,
                "The member's type changed from a primitive to a type Amber cannot convert it to (see docs/format.md §3.2); keep the old type, or rename the member so old data is skipped.");

        /// <summary>A number does not fit the reader's type.</summary>
        [DoesNotReturn]
        public static void Overflow(long offset, string typeName) =>
            throw new AmberException($"The value does not fit in {typeName}", offset,
                "The member was narrowed; widen it back (for example int to long).");

        /// <summary>A bool other than 0 or 1.</summary>
        [DoesNotReturn]
        public static void NotABoolean(long offset, ulong value) => Malformed(offset, $"A bool has the value {value}; only 0 and 1 are valid");

        /// <summary>A malformed value.</summary>
        [DoesNotReturn]
        public static void Malformed(long offset, string what) =>
            throw new AmberException(what, offset, "The payload is damaged or not an Amber payload.");

        /// <summary>Nesting deeper than <see cref="AmberOptions.MaxDepth"/>.</summary>
        [DoesNotReturn]
        public static void DepthExceeded(long offset, int maxDepth) =>
            throw new AmberException($"The nesting depth exceeds the limit of {maxDepth}", offset,
                "If the object graph has a cycle, turn on AmberOptions.PreserveReferences (or mark the type [AmberPreserveReferences]); if the data is legitimately this deep, raise AmberOptions.MaxDepth.");

        /// <summary>Nesting deeper than the current thread's stack can hold (MaxDepth was raised past what the stack allows).</summary>
        [DoesNotReturn]
        public static void StackExhausted(long offset, int depth) =>
            throw new AmberException($"The nesting depth {depth} is more than this thread's stack can hold", offset,
                "Lower AmberOptions.MaxDepth (the default is 64), or run the call on a thread with a larger stack.");

        /// <summary>A collection count that the remaining input cannot hold.</summary>
        [DoesNotReturn]
        public static void CountTooLarge(long offset, ulong count, long remaining) =>
            throw new AmberException($"A length of {count} is larger than the {remaining} byte(s) left in the input", offset,
                "The payload is damaged, cut short, or crafted to exhaust memory.");

        /// <summary>A length or size above one of the limits in <see cref="AmberOptions"/>.</summary>
        [DoesNotReturn]
        public static void LimitExceeded(long offset, string what, ulong value, long limit, string option) =>
            throw new AmberException($"{what} of {value} is above the limit of {limit}", offset,
                $"The payload is damaged or crafted to exhaust memory; if such data is legitimate here, raise AmberOptions.{option}.");

        /// <summary>A dictionary key that appears twice in one dictionary.</summary>
        [DoesNotReturn]
        public static void DuplicateKey(long offset, object? key) =>
            throw new AmberException($"The dictionary key \"{key}\" appears twice", offset,
                "The payload is damaged or crafted; a dictionary Amber wrote never repeats a key.");

        /// <summary>A null value of a class written through a surrogate whose encoding has no null.</summary>
        [DoesNotReturn]
        public static void NullWithoutEncoding(string type, string surrogate) =>
            throw new AmberException($"A null {type} cannot be written through its surrogate {surrogate}, which has no null", -1,
                $"Make the surrogate a class or a struct with members (written as an object, which can be null), or keep the {type} values non-null.");

        /// <summary>A subclass in a member whose declared class the generator found no subclasses of.</summary>
        [DoesNotReturn]
        public static void UnseenSubtype(Type type, string declaredType) =>
            throw new AmberException($"'{type.FullName}' is in a member declared as {declaredType}, which the generator found no subclasses of, so it would be written as a plain {declaredType} and lose its own members", -1,
                $"Name the subclass in the project that serializes: [assembly: Amber.AmberSerializable(typeof({type.Name}))]; {declaredType} members then carry type tags (docs/format.md §7.1).");

        /// <summary>No formatter is registered for a type.</summary>
        [DoesNotReturn]
        public static void NoFormatter(Type type) =>
            throw new AmberException($"Amber has no formatter for type '{type.FullName}'", -1,
                $"The Amber generator writes formatters for the types code passes to Amber with a concrete type argument. If '{type.Name}' reaches Amber through generic code, mark that code's type parameter [AmberRoot] (static byte[] Save<[AmberRoot] T>(T value)) so each call with a concrete type names it; if no code names it (reflection, dependency injection), add [assembly: Amber.AmberSerializable(typeof({type.Name}))] to the project that defines or uses it.");

        /// <summary>A polymorphic object whose type tag is not in the reader's allow-list.</summary>
        [DoesNotReturn]
        public static void UnknownTypeTag(long offset, uint tag, string declaredType) =>
            throw new AmberException($"The type tag 0x{tag:X8} is not a known {declaredType}", offset,
                $"The data was written by a version that has a type this one does not; add that type to this version (Amber only creates types it knows at compile time), or skip the member.");

        /// <summary>A polymorphic object written without a type tag where the declared type cannot be created.</summary>
        [DoesNotReturn]
        public static void MissingTypeTag(long offset, string declaredType) =>
            throw new AmberException($"An object without a type tag is where a {declaredType} (abstract or an interface) was expected", offset,
                "The member's declared type changed from a concrete type to an abstract one; keep a concrete type for old data.");

        /// <summary>A value whose runtime type the generator did not know when writing a polymorphic member.</summary>
        [DoesNotReturn]
        public static void UnknownSubtype(Type type, string declaredType) =>
            throw new AmberException($"'{type.FullName}' is not a {declaredType} that Amber knows", -1,
                $"Amber serializes the implementations of '{declaredType}' it finds at compile time in this project and in the assembly that declares '{declaredType}'; declare '{type.Name}' there (public or internal), or name it with [assembly: AmberSerializable(typeof({type.Name}))] in the project that serializes it.");

        /// <summary>A value in an <c>object</c> member whose type Amber has no codec for.</summary>
        [DoesNotReturn]
        public static void UnknownObjectType(Type type) =>
            throw new AmberException($"'{type.FullName}' is in a member declared as object, and Amber has no codec for it", -1,
                $"A member declared as object can hold the built-in types (docs/format.md §7.3) and every type the Amber generator wrote a codec for; add [assembly: Amber.AmberSerializable(typeof({type.Name}))] to a project that can see '{type.Name}'.");

        /// <summary>Two registered types share a type tag.</summary>
        [DoesNotReturn]
        public static void TypeTagCollision(long offset, uint tag, Type first, Type second) =>
            throw new AmberException($"The type tag 0x{tag:X8} belongs to both '{first.FullName}' and '{second.FullName}'", offset,
                "Two types whose full names hash alike are both registered; rename one of them (the tag is the FNV-1a hash of the full C# name).");

        /// <summary>A message being written whose payload a reader with the same options would refuse.</summary>
        [DoesNotReturn]
        internal static void MessageTooLarge(long length, long maxInputBytes) =>
            throw new AmberException($"The message's payload of {length} bytes is above MaxInputBytes ({maxInputBytes}), so a reader with these options would refuse it; nothing was written", 0,
                "Send smaller messages (a chunked stream for large data, docs/streams.md), or raise AmberOptions.MaxInputBytes on the writer and every reader.");

        /// <summary>A message length prefix with more bytes than the longest length the options allow needs.</summary>
        [DoesNotReturn]
        internal static void MessagePrefixTooLong(long offset, int maxPrefix, long maxInputBytes) =>
            throw new AmberException($"A message length prefix runs past {maxPrefix} byte(s), the most a length up to MaxInputBytes ({maxInputBytes}) needs", offset,
                "The data is damaged, is not Amber message framing (AmberFraming.WriteMessage), or is crafted to exhaust memory; if messages this long are legitimate, raise AmberOptions.MaxInputBytes.");

        /// <summary>A message length prefix that is not the shortest varint of its value.</summary>
        [DoesNotReturn]
        internal static void MessagePrefixNotShortest(long offset, ulong length) =>
            throw new AmberException($"A message length prefix for {length} ends in a zero byte: it is not the shortest varint of its value", offset,
                "The data is damaged or is not Amber message framing; AmberFraming.WriteMessage always writes the shortest prefix.");

        /// <summary>A message length of 0.</summary>
        [DoesNotReturn]
        internal static void EmptyMessage(long offset) =>
            throw new AmberException("A message has length 0; every payload has at least its header byte", offset,
                "The data is damaged or is not Amber message framing (AmberFraming.WriteMessage).");

        /// <summary>The payload of a framed message failed to read; the offset becomes one from the start of the message.</summary>
        internal static AmberException MessagePayload(int prefix, AmberException inner) =>
            new AmberException($"The message's payload (after its {prefix}-byte length prefix) failed to read, in {inner.MemberPath}: {inner.Problem}",
                inner.ByteOffset >= 0 ? prefix + inner.ByteOffset : -1, inner.Fix, inner);

        /// <summary>What to do when a connection's reader has missed messages that defined shapes.</summary>
        private const string MissedConnectionMessages =
            "Read a connection from its first message on with one AmberMessageReader, and hand it every message in order; after a message is lost, reset both ends (AmberMessageWriter.Reset and AmberMessageReader.Reset) so the next message defines its shapes again.";

        /// <summary>A header names a shape not defined (yet): in a connection message, one an earlier message should have defined.</summary>
        [DoesNotReturn]
        internal static void ShapeNotDefined(long offset, string what, ulong id, bool connection)
        {
            if (!connection) Malformed(offset, $"{what} refers to shape {id}, which has not been defined");
            throw new AmberException($"{what} refers to shape {id}, which no message this reader has read on the connection defined: the reader missed the message that did (it joined the connection late, lost a message, or was reset while the writer was not)", offset,
                MissedConnectionMessages);
        }

        /// <summary>A definition whose id is not the next one: in a connection message, definitions of the connection were missed.</summary>
        [DoesNotReturn]
        internal static void DefinitionOutOfOrder(long offset, ulong id, int expected, bool connection)
        {
            if (!connection) Malformed(offset, $"A shape definition has id {id} where {expected} was expected");
            throw new AmberException($"A shape definition has id {id} where {expected} was expected: this reader has not read every definition of the connection (it joined late, lost a message, or was reset while the writer was not)", offset,
                MissedConnectionMessages);
        }

        /// <summary>A later message of a connection reached a reader that has not read the connection's first message.</summary>
        [DoesNotReturn]
        internal static void ConnectionNotStarted(long offset) =>
            throw new AmberException("A connection message relies on the shapes of the connection's earlier messages, but this reader has not read the connection's first message (it joined late, lost the first message, or was reset while the writer was not)", offset,
                "Read a connection from its first message on with one AmberMessageReader; when a reader starts anew, reset the writer too (AmberMessageWriter.Reset), so its next message is a first message.");

        /// <summary>A message reader was given something other than a connection message.</summary>
        [DoesNotReturn]
        internal static void NotConnectionMessage(long offset, byte header) =>
            throw new AmberException(new PayloadHeader(header).IsSingle
                    ? $"The payload header 0x{header:X2} is a single payload's (AmberFraming or AmberSerializer), not a connection message's"
                    : $"The payload header 0x{header:X2} is not a connection message's (format version {AmberCode.ConnectionFirstVersion} or {AmberCode.ConnectionVersion})", offset,
                "Read messages written by AmberMessageWriter with AmberMessageReader, and messages written by AmberFraming with AmberFraming.TryReadMessage.");

        /// <summary>Bytes left after the root value.</summary>
        [DoesNotReturn]
        public static void TrailingBytes(long offset, long count) =>
            throw new AmberException($"{count} byte(s) follow the end of the payload", offset,
                "Pass exactly one payload; if several are concatenated, split them first.");

        /// <summary>A framework value written as text (a time zone id, a culture name, an IP address) that this machine cannot make one of again.</summary>
        [DoesNotReturn]
        internal static void UnreadableFrameworkValue(long offset, string type, string text, string why, string fix) =>
            throw new AmberException($"The {type} \"{text}\" cannot be read back: {why}", offset, fix);
    }
}
