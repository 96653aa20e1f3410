using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Confluent.Kafka;
using Xunit;

namespace Amber.Kafka.Tests
{
    /// <summary>The serializer called as the Confluent client calls it: with real serialization contexts, no broker.</summary>
    public class AmberKafkaSerializerTests
    {
        private static SerializationContext ValueOf(string topic, Headers? headers = null) =>
            new SerializationContext(MessageComponentType.Value, topic, headers ?? new Headers());

        private static SerializationContext KeyOf(string topic) =>
            new SerializationContext(MessageComponentType.Key, topic, new Headers());

        internal static Order SampleOrder() => new Order
        {
            Id = "o-17",
            Lines =
            {
                new OrderLine { Sku = "apple", Quantity = 3, Price = 0.45m },
                new OrderLine { Sku = "pear", Quantity = 1, Price = 0.6m },
                new OrderLine { Sku = "plum", Quantity = 12, Price = 0.2m },
            },
            Tags = { ["fruit"] = new List<int> { 1, 2, 3 }, ["empty"] = new List<int>() },
            Grid = new[] { new[] { 1, 2 }, new int[0], new[] { 3 } },
        };

        private static void AssertOrder(Order expected, Order? actual)
        {
            Assert.NotNull(actual);
            Assert.Equal(expected.Id, actual!.Id);
            Assert.Equal(expected.Lines.Select(l => (l.Sku, l.Quantity, l.Price)), actual.Lines.Select(l => (l.Sku, l.Quantity, l.Price)));
            Assert.Equal(expected.Tags.Keys.OrderBy(k => k), actual.Tags.Keys.OrderBy(k => k));
            foreach (KeyValuePair<string, List<int>> pair in expected.Tags) Assert.Equal(pair.Value, actual.Tags[pair.Key]);
            Assert.Equal(expected.Grid.Length, actual.Grid.Length);
            for (int i = 0; i < expected.Grid.Length; i++) Assert.Equal(expected.Grid[i], actual.Grid[i]);
        }

        private static (byte[] Payload, Order Value) SerializedOrder()
        {
            Order order = SampleOrder();
            byte[]? payload = new AmberKafkaSerializer<Order>().Serialize(order, ValueOf("orders"));
            Assert.NotNull(payload);
            return (payload!, order);
        }

        [Fact]
        public void Value_of_a_plain_class_with_nested_collections_round_trips()
        {
            var serde = new AmberKafkaSerializer<Order>();
            (byte[] payload, Order order) = SerializedOrder();

            AssertOrder(order, serde.Deserialize(payload, isNull: false, ValueOf("orders")));
            // The bytes are exactly the payload AmberSerializer writes: nothing framed around it, no slack at the end.
            Assert.Equal(AmberSerializer.Serialize(order), payload);
        }

        [Fact]
        public void Record_key_and_string_key_round_trip()
        {
            var keys = new AmberKafkaSerializer<CustomerKey>();
            var key = new CustomerKey("eu-west", 42);
            byte[]? bytes = keys.Serialize(key, KeyOf("customers"));
            Assert.Equal(key, keys.Deserialize(bytes, isNull: false, KeyOf("customers")));

            var strings = new AmberKafkaSerializer<string>();
            byte[]? text = strings.Serialize("clé-ü", KeyOf("customers"));
            Assert.Equal("clé-ü", strings.Deserialize(text, isNull: false, KeyOf("customers")));
        }

        [Fact]
        public void Null_is_a_Kafka_null_and_a_Kafka_null_reads_as_default()
        {
            var orders = new AmberKafkaSerializer<Order>();
            // A null value is sent as no bytes at all: Kafka's tombstone, which compaction deletes the key for.
            Assert.Null(orders.Serialize(null!, ValueOf("orders")));
            Assert.Null(orders.Deserialize(ReadOnlySpan<byte>.Empty, isNull: true, ValueOf("orders")));

            var counts = new AmberKafkaSerializer<int?>();
            Assert.Null(counts.Serialize(null, ValueOf("counts")));
            Assert.Null(counts.Deserialize(ReadOnlySpan<byte>.Empty, isNull: true, ValueOf("counts")));
            Assert.Equal(7, counts.Deserialize(counts.Serialize(7, ValueOf("counts")), isNull: false, ValueOf("counts")));

            // A value type cannot be null: a tombstone reads as its default.
            Assert.Equal(0, new AmberKafkaSerializer<int>().Deserialize(ReadOnlySpan<byte>.Empty, isNull: true, ValueOf("counts")));
        }

        [Fact]
        public void Headers_of_the_context_are_left_alone()
        {
            var headers = new Headers { { "trace", Encoding.UTF8.GetBytes("abc") } };
            var serde = new AmberKafkaSerializer<Order>();
            byte[]? payload = serde.Serialize(SampleOrder(), ValueOf("orders", headers));
            AssertOrder(SampleOrder(), serde.Deserialize(payload, isNull: false, ValueOf("orders", headers)));
            Assert.Single(headers);
            Assert.Equal("abc", Encoding.UTF8.GetString(headers.GetLastBytes("trace")));
        }

        [Fact]
        public async Task Async_variants_round_trip_and_fault_their_task()
        {
            var serde = new AmberKafkaSerializer<Order>();
            IAsyncSerializer<Order> writer = serde;
            IAsyncDeserializer<Order> reader = serde;

            byte[] payload = await writer.SerializeAsync(SampleOrder(), ValueOf("orders"));
            AssertOrder(SampleOrder(), await reader.DeserializeAsync(payload, isNull: false, ValueOf("orders")));
            Assert.Null(await reader.DeserializeAsync(ReadOnlyMemory<byte>.Empty, isNull: true, ValueOf("orders")));
            Assert.Null(await writer.SerializeAsync(null!, ValueOf("orders")));

            // A failure is a faulted task, not an exception thrown by the call that returns it.
            Task<Order> failed = reader.DeserializeAsync(payload.AsMemory(0, payload.Length / 2), isNull: false, ValueOf("orders"));
            Assert.True(failed.IsFaulted);
            AmberKafkaException ex = await Assert.ThrowsAsync<AmberKafkaException>(() => failed);
            Assert.Equal("orders", ex.Topic);

            var deep = new AmberKafkaSerializer<TreeNode>(new AmberOptions { MaxDepth = 2 });
            Task<byte[]> tooDeep = ((IAsyncSerializer<TreeNode>)deep).SerializeAsync(Chain(5), ValueOf("trees"));
            Assert.True(tooDeep.IsFaulted);
            await Assert.ThrowsAsync<AmberKafkaException>(() => tooDeep);
        }

        [Fact]
        public void V1_producer_type_is_read_by_V2_consumer_type_and_back()
        {
            var v1 = new AmberKafkaSerializer<PriceV1>();
            var v2 = new AmberKafkaSerializer<PriceV2>();

            byte[]? old = v1.Serialize(new PriceV1 { Sku = "apple", Amount = 1.25m, Note = "old field" }, ValueOf("prices"));
            PriceV2 read = v2.Deserialize(old, isNull: false, ValueOf("prices"));
            Assert.Equal("apple", read.Sku);
            Assert.Equal(1.25m, read.Amount);
            Assert.Equal("EUR", read.Currency);   // a member V1 does not have keeps its initializer

            byte[]? newer = v2.Serialize(new PriceV2 { Sku = "pear", Amount = 2.5m, Currency = "CHF" }, ValueOf("prices"));
            PriceV1 back = v1.Deserialize(newer, isNull: false, ValueOf("prices"));
            Assert.Equal("pear", back.Sku);
            Assert.Equal(2.5m, back.Amount);
            Assert.Equal("", back.Note);   // the member V2 removed keeps its default; Currency is skipped
        }

        [Fact]
        public void Damaged_value_names_topic_component_offset_and_path()
        {
            (byte[] payload, _) = SerializedOrder();
            var serde = new AmberKafkaSerializer<Order>();

            AmberKafkaException ex = Assert.Throws<AmberKafkaException>(() =>
                serde.Deserialize(payload.AsSpan(0, payload.Length / 2), isNull: false, ValueOf("orders")));

            var inner = Assert.IsType<AmberException>(ex.InnerException, exactMatch: false);
            Assert.Equal("orders", ex.Topic);
            Assert.Equal(MessageComponentType.Value, ex.Component);
            Assert.InRange(ex.ByteOffset, 0, payload.Length / 2);
            Assert.Equal(inner.ByteOffset, ex.ByteOffset);
            Assert.Equal(inner.Problem, ex.Problem);
            Assert.Equal(inner.Fix, ex.Fix);
            Assert.Equal(inner.MemberPath, ex.MemberPath);
            Assert.StartsWith("Order", ex.MemberPath);
            Assert.StartsWith("Kafka topic 'orders', message value: ", ex.Message);
            Assert.EndsWith(inner.Message, ex.Message);
            Assert.Contains("(at byte offset " + ex.ByteOffset + ")", ex.Message);
        }

        [Fact]
        public void Every_truncation_of_a_payload_is_an_AmberKafkaException()
        {
            (byte[] payload, _) = SerializedOrder();
            var serde = new AmberKafkaSerializer<Order>();
            for (int length = 0; length < payload.Length; length++)
            {
                AmberKafkaException ex = Assert.Throws<AmberKafkaException>(() =>
                    serde.Deserialize(payload.AsSpan(0, length), isNull: false, KeyOf("orders")));
                Assert.Equal(MessageComponentType.Key, ex.Component);
                Assert.StartsWith("Kafka topic 'orders', message key: ", ex.Message);
            }
        }

        [Fact]
        public void Options_limits_apply_to_reading_and_writing()
        {
            (byte[] payload, _) = SerializedOrder();

            // Three order lines against a limit of two elements per collection.
            var fewElements = new AmberKafkaSerializer<Order>(new AmberOptions { MaxCollectionLength = 2 });
            AmberKafkaException tooLong = Assert.Throws<AmberKafkaException>(() => fewElements.Deserialize(payload, false, ValueOf("orders")));
            Assert.Equal("orders", tooLong.Topic);
            Assert.Contains("Lines", tooLong.MemberPath);

            var fewBytes = new AmberKafkaSerializer<Order>(new AmberOptions { MaxInputBytes = 16 });
            Assert.Throws<AmberKafkaException>(() => fewBytes.Deserialize(payload, false, ValueOf("orders")));

            // Writing: a tree deeper than MaxDepth fails before Kafka gets any bytes, at no byte offset.
            var shallow = new AmberKafkaSerializer<TreeNode>(new AmberOptions { MaxDepth = 3 });
            AmberKafkaException tooDeep = Assert.Throws<AmberKafkaException>(() => shallow.Serialize(Chain(10), ValueOf("trees")));
            Assert.Equal(-1, tooDeep.ByteOffset);
            Assert.StartsWith("Kafka topic 'trees', message value: ", tooDeep.Message);

            // The same values within the limits.
            Assert.NotNull(shallow.Serialize(Chain(2), ValueOf("trees")));
            Assert.Equal(3, new AmberKafkaSerializer<Order>(new AmberOptions { MaxCollectionLength = 3 }).Deserialize(payload, false, ValueOf("orders")).Lines.Count);
        }

        [Fact]
        public void A_type_the_generator_never_saw_fails_when_its_serializer_is_made_with_the_fix()
        {
            // Generic code with an unmarked type parameter hides Unnamed from the generator.
            AmberException ex = Assert.ThrowsAny<AmberException>(() => SerializerFor<Unnamed>());
            Assert.Contains("'Amber.Kafka.Tests.AmberKafkaSerializerTests+Unnamed'", ex.Message);
            Assert.Contains("[AmberRoot]", ex.Message);
            Assert.Contains("AmberSerializable", ex.Message);
        }

        [Fact]
        public void A_type_named_only_through_a_marked_helper_is_served()
        {
            // Marked, the same generic code passes the type its caller names on to the generator.
            AmberKafkaSerializer<Parcel> serde = MarkedSerializerFor<Parcel>();
            byte[]? payload = serde.Serialize(new Parcel { Grams = 1250 }, ValueOf("parcels"));
            Assert.Equal(1250, serde.Deserialize(payload, false, ValueOf("parcels")).Grams);
        }

        private static AmberKafkaSerializer<T> SerializerFor<T>() => new AmberKafkaSerializer<T>();

        private static AmberKafkaSerializer<T> MarkedSerializerFor<[AmberRoot] T>() => new AmberKafkaSerializer<T>();

        [Fact]
        public void Abstract_value_type_carries_each_message_kind()
        {
            var serde = new AmberKafkaSerializer<AccountEvent>();
            byte[]? deposit = serde.Serialize(new Deposited { Account = "a-1", Cents = 250 }, ValueOf("events"));
            byte[]? close = serde.Serialize(new Closed { Account = "a-1", Reason = "moved" }, ValueOf("events"));

            var readDeposit = Assert.IsType<Deposited>(serde.Deserialize(deposit, false, ValueOf("events")));
            Assert.Equal(("a-1", 250L), (readDeposit.Account, readDeposit.Cents));
            var readClose = Assert.IsType<Closed>(serde.Deserialize(close, false, ValueOf("events")));
            Assert.Equal(("a-1", "moved"), (readClose.Account, readClose.Reason));
        }

        [Fact]
        public void Options_default_when_none_are_given()
        {
            Assert.Same(AmberOptions.Default, new AmberKafkaSerializer<Order>().Options);
            var options = new AmberOptions { MaxDepth = 5 };
            Assert.Same(options, new AmberKafkaSerializer<Order>(options).Options);
        }

        internal static TreeNode Chain(int depth)
        {
            var root = new TreeNode { Name = "0" };
            TreeNode node = root;
            for (int i = 1; i < depth; i++)
            {
                var child = new TreeNode { Name = i.ToString() };
                node.Children.Add(child);
                node = child;
            }
            return root;
        }

        /// <summary>Reaching Amber only through generic code with an unmarked type parameter.</summary>
        public sealed class Unnamed
        {
            public int X { get; set; }
        }

        /// <summary>Named only at a call of a generic helper whose type parameter is marked [AmberRoot].</summary>
        public sealed class Parcel
        {
            public int Grams { get; set; }
        }
    }
}
