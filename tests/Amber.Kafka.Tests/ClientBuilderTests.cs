using System;
using Confluent.Kafka;
using Xunit;

namespace Amber.Kafka.Tests
{
    /// <summary>
    /// Real Confluent clients built with the serializers. librdkafka creates a client without reaching a broker,
    /// so building, and producing into the client's local queue, work offline; nothing here is consumed.
    /// </summary>
    public class ClientBuilderTests
    {
        // Port 1: nothing listens there; the clients try it in the background and the tests do not wait for it.
        private const string NoBroker = "127.0.0.1:1";

        private static ProducerConfig ProducerConfig() => new ProducerConfig { BootstrapServers = NoBroker, MessageTimeoutMs = 1000 };

        [Fact]
        public void Producer_with_Amber_values_builds_and_serializes_on_Produce()
        {
            // AuditedOrder is named only as the builder's value type: SetAmberValueSerializer's marked TValue makes it a root.
            using IProducer<string, AuditedOrder> producer = new ProducerBuilder<string, AuditedOrder>(ProducerConfig())
                .SetAmberValueSerializer()
                .SetLogHandler((_, _) => { })
                .Build();
            var value = new AuditedOrder { Id = "o-17" };

            // Serialization happens inside Produce, before the message is queued: Amber wrote the value once...
            producer.Produce("orders", new Message<string, AuditedOrder> { Key = "o-17", Value = value });
            Assert.Equal(1, value.Writes);
            // ...and a tombstone is queued without a serializer call (nor a failure).
            Assert.Null(Record.Exception(() => producer.Produce("orders", new Message<string, AuditedOrder> { Key = "o-17", Value = null! })));
            Assert.Equal(1, value.Writes);
        }

        [Fact]
        public void Producer_reports_an_Amber_failure_as_a_value_serialization_error()
        {
            using IProducer<string, TreeNode> producer = new ProducerBuilder<string, TreeNode>(ProducerConfig())
                .SetAmberValueSerializer(new AmberOptions { MaxDepth = 3 })
                .SetLogHandler((_, _) => { })
                .Build();

            var ex = Assert.Throws<ProduceException<string, TreeNode>>(() =>
                producer.Produce("trees", new Message<string, TreeNode> { Key = "t", Value = AmberKafkaSerializerTests.Chain(10) }));

            Assert.Equal(ErrorCode.Local_ValueSerialization, ex.Error.Code);
            var amber = Assert.IsType<AmberKafkaException>(ex.InnerException);
            Assert.Equal("trees", amber.Topic);
            Assert.Equal(MessageComponentType.Value, amber.Component);
        }

        [Fact]
        public void Producer_with_Amber_keys_reports_a_key_serialization_error()
        {
            using IProducer<TreeNode, string> producer = new ProducerBuilder<TreeNode, string>(ProducerConfig())
                .SetAmberKeySerializer(new AmberOptions { MaxDepth = 3 })
                .SetLogHandler((_, _) => { })
                .Build();

            var ex = Assert.Throws<ProduceException<TreeNode, string>>(() =>
                producer.Produce("trees", new Message<TreeNode, string> { Key = AmberKafkaSerializerTests.Chain(10), Value = "v" }));

            Assert.Equal(ErrorCode.Local_KeySerialization, ex.Error.Code);
            Assert.Equal(MessageComponentType.Key, Assert.IsType<AmberKafkaException>(ex.InnerException).Component);
        }

        [Fact]
        public void Consumer_with_Amber_keys_and_values_builds()
        {
            var config = new ConsumerConfig { BootstrapServers = NoBroker, GroupId = "amber-tests", AutoOffsetReset = AutoOffsetReset.Earliest };
            using (IConsumer<CustomerKey, Order> consumer = new ConsumerBuilder<CustomerKey, Order>(config)
                .SetAmberKeyDeserializer()
                .SetAmberValueDeserializer(new AmberOptions { MaxCollectionLength = 1000 })
                .SetLogHandler((_, _) => { })
                .Build())
            {
                Assert.Empty(consumer.Subscription);
                consumer.Close();
            }

            // A consumer builder has only the synchronous overload, so the class itself is accepted as it is.
            using IConsumer<string, Order> plain = new ConsumerBuilder<string, Order>(config)
                .SetValueDeserializer(new AmberKafkaSerializer<Order>())
                .SetLogHandler((_, _) => { })
                .Build();
            plain.Close();
        }

        [Fact]
        public void Setting_a_second_value_serializer_throws_as_Confluent_does()
        {
            var builder = new ProducerBuilder<string, Order>(ProducerConfig()).SetAmberValueSerializer();
            Assert.Throws<InvalidOperationException>(() => builder.SetAmberValueSerializer());
        }
    }
}
