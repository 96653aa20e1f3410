using Confluent.Kafka;
using Xunit;

namespace Amber.Kafka.Tests
{
    public record struct Spot(int X, double Y);

    /// <summary>
    /// A T? key or value: the serializer is made for the declared T?, so a value and the default (0 is not null) are
    /// T?'s payload, and null is a Kafka null (a tombstone on a value), read back as null.
    /// </summary>
    public class NullableSerializerTests
    {
        private static readonly SerializationContext Value = new SerializationContext(MessageComponentType.Value, "t", new Headers());

        private static void RoundTrip<T>(AmberKafkaSerializer<T?> serde, T value) where T : struct
        {
            foreach (T? sent in new T?[] { value, default(T) })
            {
                byte[]? payload = serde.Serialize(sent, Value);
                Assert.NotNull(payload);
                Assert.Equal(sent, serde.Deserialize(payload, isNull: false, Value));
            }
            Assert.Null(serde.Serialize(null, Value));
            Assert.Null(serde.Deserialize(default, isNull: true, Value));
        }

        [Fact]
        public void A_nullable_int_round_trips_and_zero_is_not_a_tombstone()
        {
            var serde = new AmberKafkaSerializer<int?>();
            RoundTrip(serde, 42);
            // The payload of int? 0: header 0x10 (wire type VarInt), presence 1, zigzag 0.
            Assert.Equal(new byte[] { 0x10, 0x01, 0x00 }, serde.Serialize(0, Value));
        }

        [Fact]
        public void A_nullable_struct_round_trips()
        {
            RoundTrip(new AmberKafkaSerializer<Spot?>(), new Spot(3, -1.5));
        }
    }
}
