using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Amber.Caching;
using Amber.Kafka;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Confluent.Kafka;
using MessagePack;
using ProtoBuf;

namespace Amber.Benchmarks
{
    /// <summary>How a Kafka producer's order event might read: one record value, written and read alone.</summary>
    [MessagePackObject]
    [ProtoContract]
    [CompatibilityLevel(CompatibilityLevel.Level300)]   // protobuf-net 3's recommended forms: a DateTime as a Timestamp (UTC)
    public sealed class OrderPlaced
    {
        [Key(0), ProtoMember(1)] public long OrderId { get; set; }
        [Key(1), ProtoMember(2)] public string CustomerId { get; set; } = "";
        [Key(2), ProtoMember(3)] public DateTime PlacedAt { get; set; }
        [Key(3), ProtoMember(4)] public decimal Total { get; set; }
        [Key(4), ProtoMember(5)] public string Currency { get; set; } = "";
        [Key(5), ProtoMember(6)] public int Lines { get; set; }
        [Key(6), ProtoMember(7)] public SalesChannel Channel { get; set; }
        [Key(7), ProtoMember(8)] public bool Express { get; set; }

        public bool SameAs(OrderPlaced other) =>
            OrderId == other.OrderId && CustomerId == other.CustomerId && PlacedAt == other.PlacedAt && PlacedAt.Kind == other.PlacedAt.Kind &&
            Total == other.Total && Currency == other.Currency && Lines == other.Lines && Channel == other.Channel && Express == other.Express;
    }

    public enum SalesChannel
    {
        Web,
        Store,
        Phone,
    }

    /// <summary>What a web app keeps in HybridCache for a product page: one entry, written and read alone.</summary>
    [MessagePackObject]
    public sealed class ProductView
    {
        [Key(0)] public int Id { get; set; }
        [Key(1)] public string Name { get; set; } = "";
        [Key(2)] public string Description { get; set; } = "";
        [Key(3)] public decimal Price { get; set; }
        [Key(4)] public bool InStock { get; set; }
        [Key(5)] public List<string> Tags { get; set; } = new List<string>();
        [Key(6)] public double? Rating { get; set; }
        [Key(7)] public DateTimeOffset UpdatedAt { get; set; }

        public bool SameAs(ProductView other) =>
            Id == other.Id && Name == other.Name && Description == other.Description && Price == other.Price && InStock == other.InStock &&
            Tags.SequenceEqual(other.Tags) && Rating == other.Rating && UpdatedAt == other.UpdatedAt && UpdatedAt.Offset == other.UpdatedAt.Offset;
    }

    /// <summary>
    /// A Kafka record value, written and read through each serializer's <c>ISerializer&lt;T&gt;</c>/<c>IDeserializer&lt;T&gt;</c>
    /// as a producer and a consumer call it: Amber.Kafka's, and the ones users write over System.Text.Json (what Confluent's
    /// examples show), protobuf-net and MessagePack (int keys) when they do not run a schema registry. Confluent's registry
    /// serdes would add their 5-byte header (and a protobuf message index) to the payload.
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    [PayloadSizeColumn]
    public class KafkaRecordBenchmarks
    {
        private static readonly Confluent.Kafka.SerializationContext Context = new Confluent.Kafka.SerializationContext(MessageComponentType.Value, "orders");
        private readonly AmberKafkaSerializer<OrderPlaced> _amber = new AmberKafkaSerializer<OrderPlaced>();
        private OrderPlaced _value = null!;
        private byte[] _amberBytes = null!, _jsonBytes = null!, _protobufBytes = null!, _messagePackBytes = null!;

        [GlobalSetup]
        public void Setup()
        {
            _value = new OrderPlaced
            {
                OrderId = 40_000_123,
                CustomerId = "cust-00421",
                PlacedAt = new DateTime(2026, 11, 28, 14, 3, 27, DateTimeKind.Utc),
                Total = 129.90m,
                Currency = "EUR",
                Lines = 3,
                Channel = SalesChannel.Store,
                Express = true,
            };
            _amberBytes = _amber.Serialize(_value, Context)!;
            _jsonBytes = JsonSerializer.SerializeToUtf8Bytes(_value);
            _protobufBytes = ProtobufBytes(_value);
            _messagePackBytes = MessagePackSerializer.Serialize(_value);
            Check("Amber", Amber_Deserialize());
            Check("System.Text.Json", Json_Deserialize());
            Check("protobuf-net", ProtobufNet_Deserialize());
            Check("MessagePack", MessagePack_Deserialize());
        }

        private void Check(string who, OrderPlaced read)
        {
            if (!_value.SameAs(read)) throw new InvalidOperationException(who + " did not read back what it wrote.");
        }

        private static byte[] ProtobufBytes(OrderPlaced value)
        {
            using var stream = new MemoryStream();
            Serializer.Serialize(stream, value);
            return stream.ToArray();
        }

        [Benchmark(Baseline = true), BenchmarkCategory("Serialize")]
        public int Amber_Serialize() => _amber.Serialize(_value, Context)!.Length;

        [Benchmark, BenchmarkCategory("Serialize")]
        public int Json_Serialize() => JsonSerializer.SerializeToUtf8Bytes(_value).Length;

        [Benchmark, BenchmarkCategory("Serialize")]
        public int ProtobufNet_Serialize() => ProtobufBytes(_value).Length;

        [Benchmark, BenchmarkCategory("Serialize")]
        public int MessagePack_Serialize() => MessagePackSerializer.Serialize(_value).Length;

        [Benchmark(Baseline = true), BenchmarkCategory("Deserialize")]
        public OrderPlaced Amber_Deserialize() => _amber.Deserialize(_amberBytes, false, Context);

        [Benchmark, BenchmarkCategory("Deserialize")]
        public OrderPlaced Json_Deserialize() => JsonSerializer.Deserialize<OrderPlaced>(_jsonBytes)!;

        [Benchmark, BenchmarkCategory("Deserialize")]
        public OrderPlaced ProtobufNet_Deserialize() => Serializer.Deserialize<OrderPlaced>((ReadOnlySpan<byte>)_protobufBytes);

        [Benchmark, BenchmarkCategory("Deserialize")]
        public OrderPlaced MessagePack_Deserialize() => MessagePackSerializer.Deserialize<OrderPlaced>(_messagePackBytes);
    }

    /// <summary>
    /// A HybridCache entry, written into a buffer writer and read from a sequence, as HybridCache calls its serializer:
    /// Amber.Caching's, System.Text.Json (HybridCache's own default for such a type: a Utf8JsonWriter over the buffer), and
    /// MessagePack (int keys), the binary serializer users most often plug in.
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    [PayloadSizeColumn]
    public class HybridCacheEntryBenchmarks
    {
        private readonly AmberHybridCacheSerializer<ProductView> _amber = new AmberHybridCacheSerializer<ProductView>();
        private readonly ArrayBufferWriter<byte> _buffer = new ArrayBufferWriter<byte>(1024);
        private Utf8JsonWriter _json = null!;
        private ProductView _value = null!;
        private ReadOnlySequence<byte> _amberBytes, _jsonBytes, _messagePackBytes;

        [GlobalSetup]
        public void Setup()
        {
            _json = new Utf8JsonWriter(_buffer);
            _value = new ProductView
            {
                Id = 48_213,
                Name = "Stoneware teapot, 1.2 l",
                Description = "A glazed stoneware teapot with a stainless steel infuser; keeps tea warm for an hour.",
                Price = 39.95m,
                InStock = true,
                Tags = new List<string> { "kitchen", "tea", "gift" },
                Rating = 4.6,
                UpdatedAt = new DateTimeOffset(2026, 11, 28, 9, 15, 0, TimeSpan.FromHours(1)),
            };
            _amberBytes = new ReadOnlySequence<byte>(Written(() => _amber.Serialize(_value, _buffer)));
            _jsonBytes = new ReadOnlySequence<byte>(Written(() => WriteJson()));
            _messagePackBytes = new ReadOnlySequence<byte>(Written(() => MessagePackSerializer.Serialize<ProductView>(_buffer, _value)));
            Check("Amber", Amber_Deserialize());
            Check("System.Text.Json", Json_Deserialize());
            Check("MessagePack", MessagePack_Deserialize());
        }

        private byte[] Written(Action write)
        {
            _buffer.ResetWrittenCount();
            write();
            return _buffer.WrittenSpan.ToArray();
        }

        private void Check(string who, ProductView read)
        {
            if (!_value.SameAs(read)) throw new InvalidOperationException(who + " did not read back what it wrote.");
        }

        private void WriteJson()
        {
            _json.Reset(_buffer);
            JsonSerializer.Serialize(_json, _value);
            _json.Flush();
        }

        [Benchmark(Baseline = true), BenchmarkCategory("Serialize")]
        public int Amber_Serialize()
        {
            _buffer.ResetWrittenCount();
            _amber.Serialize(_value, _buffer);
            return _buffer.WrittenCount;
        }

        [Benchmark, BenchmarkCategory("Serialize")]
        public int Json_Serialize()
        {
            _buffer.ResetWrittenCount();
            WriteJson();
            return _buffer.WrittenCount;
        }

        [Benchmark, BenchmarkCategory("Serialize")]
        public int MessagePack_Serialize()
        {
            _buffer.ResetWrittenCount();
            MessagePackSerializer.Serialize<ProductView>(_buffer, _value);
            return _buffer.WrittenCount;
        }

        [Benchmark(Baseline = true), BenchmarkCategory("Deserialize")]
        public ProductView Amber_Deserialize() => _amber.Deserialize(_amberBytes);

        [Benchmark, BenchmarkCategory("Deserialize")]
        public ProductView Json_Deserialize()
        {
            var reader = new Utf8JsonReader(_jsonBytes);
            return JsonSerializer.Deserialize<ProductView>(ref reader)!;
        }

        [Benchmark, BenchmarkCategory("Deserialize")]
        public ProductView MessagePack_Deserialize() => MessagePackSerializer.Deserialize<ProductView>(_messagePackBytes);
    }
}
