using System;
using System.Threading.Tasks;
using Confluent.Kafka;

namespace Amber.Kafka
{
    /// <summary>
    /// Writes and reads a Kafka message's key or value of type <typeparamref name="T"/> as one Amber payload,
    /// for Confluent.Kafka's producers and consumers. Stateless and thread-safe: one instance may serve
    /// several clients, keys and values alike.
    /// </summary>
    /// <remarks>
    /// <para>
    /// A null <typeparamref name="T"/> is written as a Kafka null (no bytes at all), which on a value is a
    /// tombstone, and a null key or value is read back as <c>default(T)</c>; every other value is an Amber
    /// payload, version tolerant as Amber is (members by name: a reader of another version of the type
    /// reads what it shares with the writer).
    /// </para>
    /// <para>
    /// <typeparamref name="T"/> is marked <see cref="AmberRootAttribute"/>: <c>new AmberKafkaSerializer&lt;Order&gt;()</c>,
    /// <c>SetAmberValueSerializer()</c> on a <c>ProducerBuilder&lt;string, Order&gt;</c>, or the type named anywhere else
    /// makes the generator write Order's formatter, with no <c>[assembly: AmberSerializable]</c>. A type Amber has no
    /// formatter for (one passed in from generic code whose own type parameter is not marked) fails when the
    /// serializer is made, with an <see cref="AmberException"/> that names the fix.
    /// </para>
    /// <para>
    /// A failure caused by the bytes or by a limit of the options is an <see cref="AmberKafkaException"/>
    /// naming the topic and whether the key or the value failed, besides Amber's byte offset and member path.
    /// </para>
    /// <para>
    /// <c>ProducerBuilder.SetValueSerializer(new AmberKafkaSerializer&lt;T&gt;())</c> does not compile: the
    /// builder has an overload for <see cref="ISerializer{T}"/> and one for <see cref="IAsyncSerializer{T}"/>,
    /// and this class is both. Use <see cref="AmberKafkaBuilderExtensions.SetAmberValueSerializer{TKey, TValue}"/>,
    /// or cast to <see cref="ISerializer{T}"/> (the synchronous path; Amber does no I/O, so the asynchronous
    /// one only adds a task).
    /// </para>
    /// </remarks>
    /// <typeparam name="T">The key or value type.</typeparam>
    public sealed class AmberKafkaSerializer<[AmberRoot] T> : ISerializer<T>, IDeserializer<T>, IAsyncSerializer<T>, IAsyncDeserializer<T>
    {
        /// <summary>A serializer with <see cref="AmberOptions.Default"/>.</summary>
        public AmberKafkaSerializer() : this(null) { }

        /// <summary>A serializer with the given options, or <see cref="AmberOptions.Default"/> when null.</summary>
        /// <param name="options">Limits and modes for every key or value written and read; see <see cref="AmberOptions"/>.</param>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        public AmberKafkaSerializer(AmberOptions? options)
        {
            // Fail when the client is built, not at its first message, where Confluent would wrap the failure.
            AmberSupport.Require<T>();
            Options = AmberSupport.Options(options);
        }

        /// <summary>The options every call uses.</summary>
        public AmberOptions Options { get; }

        /// <summary>Writes <paramref name="data"/> as an Amber payload, or returns null (a Kafka null, a tombstone on a value) when it is null.</summary>
        /// <param name="data">The key or value.</param>
        /// <param name="context">The topic and component, named in an error.</param>
        /// <returns>The payload, exactly as long as it is.</returns>
        /// <exception cref="AmberKafkaException">Amber could not write the value (a limit of <see cref="Options"/>).</exception>
        public byte[]? Serialize(T? data, SerializationContext context)
        {
            if (data is null) return null;
            try
            {
                // AmberSerializer writes into a pooled buffer and copies out exactly the written bytes: the
                // only allocation is the array Kafka keeps.
                return AmberSerializer.Serialize(data, Options);
            }
            catch (AmberException ex)
            {
                throw new AmberKafkaException(ex, context.Topic, context.Component);
            }
        }

        /// <summary>Reads a key or value: <c>default(T)</c> for a Kafka null (<paramref name="isNull"/>), else one Amber payload.</summary>
        /// <param name="data">The payload.</param>
        /// <param name="isNull">True when the message had no key or value at all (on a value, a tombstone).</param>
        /// <param name="context">The topic and component, named in an error.</param>
        /// <returns>The key or value, or <c>default(T)</c> for a Kafka null.</returns>
        /// <exception cref="AmberKafkaException">The bytes are not a payload of <typeparamref name="T"/>, or break a limit of <see cref="Options"/>.</exception>
        public T Deserialize(ReadOnlySpan<byte> data, bool isNull, SerializationContext context)
        {
            // Confluent's interface says T, not T?: a Kafka null (or a payload holding null) is handed on as
            // default(T), as its own deserializers hand on a null string.
            if (isNull) return default!;
            try
            {
                return AmberSerializer.Deserialize<T>(data, Options)!;
            }
            catch (AmberException ex)
            {
                throw new AmberKafkaException(ex, context.Topic, context.Component);
            }
        }

        /// <summary>As <see cref="Serialize(T, SerializationContext)"/>, completed at once; a failure faults the task.</summary>
        /// <param name="data">The key or value.</param>
        /// <param name="context">The topic and component, named in an error.</param>
        /// <returns>A completed task with the payload, or null for a null <paramref name="data"/>.</returns>
        public Task<byte[]?> SerializeAsync(T? data, SerializationContext context)
        {
            try
            {
                return Task.FromResult(Serialize(data, context));
            }
            catch (AmberException ex)
            {
                return Task.FromException<byte[]?>(ex);
            }
        }

        /// <summary>As <see cref="Deserialize(ReadOnlySpan{byte}, bool, SerializationContext)"/>, completed at once; a failure faults the task.</summary>
        /// <param name="data">The payload.</param>
        /// <param name="isNull">True when the message had no key or value at all.</param>
        /// <param name="context">The topic and component, named in an error.</param>
        /// <returns>A completed task with the key or value, or <c>default(T)</c> for a Kafka null.</returns>
        public Task<T> DeserializeAsync(ReadOnlyMemory<byte> data, bool isNull, SerializationContext context)
        {
            try
            {
                return Task.FromResult(Deserialize(data.Span, isNull, context));
            }
            catch (AmberException ex)
            {
                return Task.FromException<T>(ex);
            }
        }
    }
}
