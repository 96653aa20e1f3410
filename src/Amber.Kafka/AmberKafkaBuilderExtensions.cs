using Confluent.Kafka;

namespace Amber.Kafka
{
    /// <summary>
    /// Puts an <see cref="AmberKafkaSerializer{T}"/> on a producer's or consumer's key or value:
    /// <c>new ProducerBuilder&lt;string, Order&gt;(config).SetAmberValueSerializer().Build()</c>.
    /// </summary>
    /// <remarks>
    /// The producer side registers the synchronous <see cref="ISerializer{T}"/> (Amber does no I/O), which also
    /// avoids the ambiguity of <c>SetValueSerializer</c> between its two overloads. As with
    /// <c>SetValueSerializer</c>, setting a key or value serializer twice throws. The key or value type parameter each
    /// method serves is marked <see cref="AmberRootAttribute"/>, so calling it on a builder of concrete types makes the
    /// generator write that type's formatter (see <see cref="AmberKafkaSerializer{T}"/>).
    /// </remarks>
    public static class AmberKafkaBuilderExtensions
    {
        /// <summary>Writes the producer's keys with Amber.</summary>
        /// <param name="builder">The producer builder.</param>
        /// <param name="options">The Amber options, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        public static ProducerBuilder<TKey, TValue> SetAmberKeySerializer<[AmberRoot] TKey, TValue>(this ProducerBuilder<TKey, TValue> builder, AmberOptions? options = null) =>
            builder.SetKeySerializer((ISerializer<TKey>)new AmberKafkaSerializer<TKey>(options));

        /// <summary>Writes the producer's values with Amber; a null value is sent as a tombstone.</summary>
        /// <param name="builder">The producer builder.</param>
        /// <param name="options">The Amber options, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        public static ProducerBuilder<TKey, TValue> SetAmberValueSerializer<TKey, [AmberRoot] TValue>(this ProducerBuilder<TKey, TValue> builder, AmberOptions? options = null) =>
            builder.SetValueSerializer((ISerializer<TValue>)new AmberKafkaSerializer<TValue>(options));

        /// <summary>Reads the consumer's keys with Amber; a null key reads as <c>default(TKey)</c>.</summary>
        /// <param name="builder">The consumer builder.</param>
        /// <param name="options">The Amber options (its limits guard against hostile messages), or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        public static ConsumerBuilder<TKey, TValue> SetAmberKeyDeserializer<[AmberRoot] TKey, TValue>(this ConsumerBuilder<TKey, TValue> builder, AmberOptions? options = null) =>
            builder.SetKeyDeserializer(new AmberKafkaSerializer<TKey>(options));

        /// <summary>Reads the consumer's values with Amber; a tombstone reads as <c>default(TValue)</c>.</summary>
        /// <param name="builder">The consumer builder.</param>
        /// <param name="options">The Amber options (its limits guard against hostile messages), or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        public static ConsumerBuilder<TKey, TValue> SetAmberValueDeserializer<TKey, [AmberRoot] TValue>(this ConsumerBuilder<TKey, TValue> builder, AmberOptions? options = null) =>
            builder.SetValueDeserializer(new AmberKafkaSerializer<TValue>(options));
    }
}
