using System;
using Confluent.Kafka;

namespace Amber.Kafka
{
    /// <summary>
    /// An <see cref="AmberException"/> raised while an <see cref="AmberKafkaSerializer{T}"/> wrote or read a
    /// message's key or value: the same problem, byte offset, member path and fix as the Amber failure it
    /// wraps (its <see cref="Exception.InnerException"/>), with the topic and the message component in front
    /// of the message. Code that catches <see cref="AmberException"/> catches this too.
    /// </summary>
    /// <remarks>
    /// The Confluent client wraps a serializer's exception in its own (a <c>ProduceException</c> with
    /// <see cref="ErrorCode.Local_ValueSerialization"/>, a <c>ConsumeException</c> with
    /// <see cref="ErrorCode.Local_ValueDeserialization"/>, or the key variants); this exception is then
    /// their <see cref="Exception.InnerException"/>.
    /// </remarks>
    public sealed class AmberKafkaException : AmberException
    {
        /// <summary>Wraps <paramref name="inner"/>, which failed on the <paramref name="component"/> of a message of <paramref name="topic"/>.</summary>
        /// <param name="inner">The Amber failure; its problem, byte offset, fix and member path are kept.</param>
        /// <param name="topic">The topic of the message, as the serialization context names it (may be null outside a client).</param>
        /// <param name="component">Whether the key or the value failed.</param>
        public AmberKafkaException(AmberException inner, string? topic, MessageComponentType component)
            : base((inner ?? throw new ArgumentNullException(nameof(inner))).Problem, inner.ByteOffset, inner.Fix, inner)
        {
            Topic = topic;
            Component = component;
            // The inner path is already complete (root type and members), so it stands as this one's root:
            // MemberPath and the located part of Message read the same as the inner exception's.
            SetRoot(inner.MemberPath);
        }

        /// <summary>The topic of the message that failed, or null when the serialization context named none.</summary>
        public string? Topic { get; }

        /// <summary>Whether the message's key or its value failed.</summary>
        public MessageComponentType Component { get; }

        /// <inheritdoc />
        public override string Message =>
            "Kafka topic '" + (Topic ?? "(none)") + "', message " + (Component == MessageComponentType.Key ? "key" : "value") + ": " + base.Message;
    }
}
