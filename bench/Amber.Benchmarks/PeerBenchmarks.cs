using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MemoryPack;
using MessagePack;
using MessagePack.Resolvers;
using Nerdbank.MessagePack;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;
using PolyType;
using PolyType.Abstractions;
using MessagePackSerializerCs = MessagePack.MessagePackSerializer;
using NerdbankSerializer = Nerdbank.MessagePack.MessagePackSerializer;
// The comparison suite's attributed model types, linked from bench/Amber.Bench/Workloads (see the project file).
using Suite = Amber.Bench.Workloads;

// The peers call Amber through the generic base class below, so the generator cannot see the roots at
// a call site: they are named here. The model types themselves carry no attribute for Amber.
[assembly: Amber.AmberSerializable(typeof(Amber.Benchmarks.MessageEnvelope))]
[assembly: Amber.AmberSerializable(typeof(Amber.Benchmarks.BookShelf))]
[assembly: Amber.AmberSerializable(typeof(Amber.Benchmarks.Vector3[]))]

namespace Amber.Benchmarks
{
    /// <summary>
    /// Amber and the binary peers on one shape: every serializer writes into the same reused
    /// ArrayBufferWriter (reset per operation) and reads a byte[] it wrote itself during set-up.
    /// Benchmarks are grouped by category (Serialize, Deserialize) with Amber as each group's baseline,
    /// so the summary's Ratio columns read "times Amber"; the Payload column is each serializer's size.
    /// Method names are Serializer_Category (the Payload column relies on that); the summary shows the
    /// serializer's name (Description), without spaces so BenchmarkDotNet does not quote it.
    /// </summary>
    /// <typeparam name="T">The plain model (Models.cs): Amber, MessagePack contractless, Nerdbank.MessagePack.</typeparam>
    /// <typeparam name="TMemoryPack">MemoryPack's default-mode type (the suite's, or a copy: Models.MemoryPack.cs).</typeparam>
    /// <typeparam name="TMemoryPackTolerant">MemoryPack's GenerateType.VersionTolerant type (a copy, or the suite's unmanaged Vector3).</typeparam>
    /// <typeparam name="TMessagePack">MessagePack's [MessagePackObject]/[Key(n)] type (the suite's, or a copy: Models.MessagePack.cs).</typeparam>
    /// <typeparam name="TProtobuf">protobuf-net's [ProtoContract] type (the suite's, or a copy: Models.Protobuf.cs).</typeparam>
    /// <typeparam name="TOrleans">Orleans' [GenerateSerializer] type (the suite's, or a copy: Models.Orleans.cs).</typeparam>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    [PayloadSizeColumn]
    public abstract class PeerBenchmarks<T, TMemoryPack, TMemoryPackTolerant, TMessagePack, TProtobuf, TOrleans>
    {
        private const string Serialize = "Serialize";
        private const string Deserialize = "Deserialize";

        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1 << 16);

        private static readonly MessagePackSerializerOptions IntKeys = MessagePackSerializerOptions.Standard;
        private static readonly MessagePackSerializerOptions Contractless = MessagePackSerializerOptions.Standard.WithResolver(ContractlessStandardResolver.Instance);

        // MessagePack's timestamp is UTC by the spec, and Nerdbank refuses an Unspecified DateTime unless
        // told what to assume; the envelope's default TimeStamp is Unspecified, so: Utc (no adjustment).
        private static readonly NerdbankSerializer NerdbankMessagePack = new NerdbankSerializer().WithAssumedDateTimeKind(DateTimeKind.Utc);

        private T _value = default!;
        private TMemoryPack _memoryPackValue = default!;
        private TMemoryPackTolerant _memoryPackTolerantValue = default!;
        private TMessagePack _messagePackValue = default!;
        private TProtobuf _protobufValue = default!;
        private TOrleans _orleansValue = default!;
        private ITypeShape<T> _nerdbankShape = null!;
        private ServiceProvider _services = null!;
        private Serializer<TOrleans> _orleans = null!;

        private byte[] _amberPayload = null!;
        private byte[] _memoryPackPayload = null!;
        private byte[] _memoryPackTolerantPayload = null!;
        private byte[] _messagePackPayload = null!;
        private byte[] _contractlessPayload = null!;
        private byte[] _protobufPayload = null!;
        private byte[] _orleansPayload = null!;
        private byte[] _nerdbankPayload = null!;

        /// <summary>The shape's test value, as the plain model.</summary>
        protected abstract T CreateValue();

        /// <summary>The plain model's PolyType shape, from the witness class (a concrete call per shape).</summary>
        protected abstract ITypeShape<T> NerdbankShape();

        [GlobalSetup]
        public void Setup()
        {
            _value = CreateValue();
            _memoryPackValue = ModelCopy.To<TMemoryPack>(_value!);
            _memoryPackTolerantValue = ModelCopy.To<TMemoryPackTolerant>(_value!);
            _messagePackValue = ModelCopy.To<TMessagePack>(_value!);
            _protobufValue = ModelCopy.To<TProtobuf>(_value!);
            _orleansValue = ModelCopy.To<TOrleans>(_value!);
            _nerdbankShape = NerdbankShape();
            // Orleans.Serialization is set up through its DI registration; Serializer<T> is a singleton there.
            _services = new ServiceCollection().AddSerializer().BuildServiceProvider();
            _orleans = _services.GetRequiredService<Serializer<TOrleans>>();

            // Each payload is what the measured Serialize method writes; each Deserialize method's result
            // must equal the plain input member by member, or the benchmark does not run.
            _amberPayload = Written(Amber_Serialize);
            _memoryPackPayload = Written(MemoryPack_Serialize);
            _memoryPackTolerantPayload = Written(MemoryPackVersionTolerant_Serialize);
            _messagePackPayload = Written(MessagePackIntKeys_Serialize);
            _contractlessPayload = Written(MessagePackContractless_Serialize);
            _protobufPayload = Written(ProtobufNet_Serialize);
            _orleansPayload = Written(Orleans_Serialize);
            _nerdbankPayload = Written(NerdbankMessagePack_Serialize);

            ModelComparer.Check("Amber", _value, Amber_Deserialize());
            ModelComparer.Check("MemoryPack", _value, MemoryPack_Deserialize());
            ModelComparer.Check("MemoryPack (version tolerant)", _value, MemoryPackVersionTolerant_Deserialize());
            ModelComparer.Check("MessagePack (int keys)", _value, MessagePackIntKeys_Deserialize());
            ModelComparer.Check("MessagePack (contractless)", _value, MessagePackContractless_Deserialize());
            ModelComparer.Check("protobuf-net", _value, ProtobufNet_Deserialize());
            ModelComparer.Check("Orleans", _value, Orleans_Deserialize());
            ModelComparer.Check("Nerdbank.MessagePack", _value, NerdbankMessagePack_Deserialize());
        }

        [GlobalCleanup]
        public void Cleanup() => _services?.Dispose();

        private byte[] Written(Func<int> serialize)
        {
            serialize();
            return _output.WrittenSpan.ToArray();
        }

        // ---- Serialize: into the reused buffer writer, reset first; returns the payload size.

        [Benchmark(Baseline = true, Description = "Amber"), BenchmarkCategory(Serialize)]
        public int Amber_Serialize()
        {
            _output.ResetWrittenCount();
            AmberSerializer.Serialize(_output, _value);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "MemoryPack"), BenchmarkCategory(Serialize)]
        public int MemoryPack_Serialize()
        {
            _output.ResetWrittenCount();
            MemoryPackSerializer.Serialize(_output, _memoryPackValue);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "MemoryPack-VersionTolerant"), BenchmarkCategory(Serialize)]
        public int MemoryPackVersionTolerant_Serialize()
        {
            _output.ResetWrittenCount();
            MemoryPackSerializer.Serialize(_output, _memoryPackTolerantValue);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "MessagePack-IntKeys"), BenchmarkCategory(Serialize)]
        public int MessagePackIntKeys_Serialize()
        {
            _output.ResetWrittenCount();
            MessagePackSerializerCs.Serialize(_output, _messagePackValue, IntKeys);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "MessagePack-Contractless"), BenchmarkCategory(Serialize)]
        public int MessagePackContractless_Serialize()
        {
            _output.ResetWrittenCount();
            MessagePackSerializerCs.Serialize(_output, _value, Contractless);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "protobuf-net"), BenchmarkCategory(Serialize)]
        public int ProtobufNet_Serialize()
        {
            _output.ResetWrittenCount();
            ProtoBuf.Serializer.Serialize<TProtobuf>(_output, _protobufValue);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "Orleans"), BenchmarkCategory(Serialize)]
        public int Orleans_Serialize()
        {
            _output.ResetWrittenCount();
            _orleans.Serialize(_orleansValue, _output);
            return _output.WrittenCount;
        }

        [Benchmark(Description = "Nerdbank.MessagePack"), BenchmarkCategory(Serialize)]
        public int NerdbankMessagePack_Serialize()
        {
            _output.ResetWrittenCount();
            NerdbankMessagePack.Serialize(_output, _value, _nerdbankShape);
            return _output.WrittenCount;
        }

        // ---- Deserialize: a new graph from the payload the same serializer wrote.

        [Benchmark(Baseline = true, Description = "Amber"), BenchmarkCategory(Deserialize)]
        public T? Amber_Deserialize() => AmberSerializer.Deserialize<T>(_amberPayload);

        [Benchmark(Description = "MemoryPack"), BenchmarkCategory(Deserialize)]
        public TMemoryPack? MemoryPack_Deserialize() => MemoryPackSerializer.Deserialize<TMemoryPack>(_memoryPackPayload);

        [Benchmark(Description = "MemoryPack-VersionTolerant"), BenchmarkCategory(Deserialize)]
        public TMemoryPackTolerant? MemoryPackVersionTolerant_Deserialize() => MemoryPackSerializer.Deserialize<TMemoryPackTolerant>(_memoryPackTolerantPayload);

        [Benchmark(Description = "MessagePack-IntKeys"), BenchmarkCategory(Deserialize)]
        public TMessagePack MessagePackIntKeys_Deserialize() => MessagePackSerializerCs.Deserialize<TMessagePack>(_messagePackPayload, IntKeys);

        [Benchmark(Description = "MessagePack-Contractless"), BenchmarkCategory(Deserialize)]
        public T MessagePackContractless_Deserialize() => MessagePackSerializerCs.Deserialize<T>(_contractlessPayload, Contractless);

        [Benchmark(Description = "protobuf-net"), BenchmarkCategory(Deserialize)]
        public TProtobuf ProtobufNet_Deserialize() => ProtoBuf.Serializer.Deserialize<TProtobuf>(new ReadOnlyMemory<byte>(_protobufPayload));

        [Benchmark(Description = "Orleans"), BenchmarkCategory(Deserialize)]
        public TOrleans? Orleans_Deserialize() => _orleans.Deserialize(new ReadOnlySpan<byte>(_orleansPayload));

        [Benchmark(Description = "Nerdbank.MessagePack"), BenchmarkCategory(Deserialize)]
        public T? NerdbankMessagePack_Deserialize() => NerdbankMessagePack.Deserialize(new ReadOnlyMemory<byte>(_nerdbankPayload), _nerdbankShape);
    }

    /// <summary>The envelope: Header "Test", fixed From/To Guids, everything else default.</summary>
    public class EnvelopeBenchmarks : PeerBenchmarks<MessageEnvelope,
        Suite.MessageEnvelope, MemoryPackVersionTolerantModels.MessageEnvelope,
        Suite.MessageEnvelope, ProtobufModels.MessageEnvelope, Suite.MessageEnvelope>
    {
        protected override MessageEnvelope CreateValue() => TestData.Envelope();

        protected override ITypeShape<MessageEnvelope> NerdbankShape() => TypeShapeResolver.Resolve<MessageEnvelope, NerdbankWitness>();
    }

    /// <summary>A BookShelf of 1,000 books: Title "Book {i}", Id i, BookData null.</summary>
    public class BookShelfBenchmarks : PeerBenchmarks<BookShelf,
        MemoryPackModels.BookShelf, MemoryPackVersionTolerantModels.BookShelf,
        MessagePackModels.BookShelf, ProtobufModels.BookShelf, OrleansModels.BookShelf>
    {
        protected override BookShelf CreateValue() => TestData.Shelf();

        protected override ITypeShape<BookShelf> NerdbankShape() => TypeShapeResolver.Resolve<BookShelf, NerdbankWitness>();
    }

    /// <summary>Vector3[1,000] with a fixed seed: bulk structs.</summary>
    public class Vector3Benchmarks : PeerBenchmarks<Vector3[],
        Suite.Vector3[], Suite.Vector3[],
        Suite.Vector3[], Suite.Vector3[], Suite.Vector3[]>
    {
        protected override Vector3[] CreateValue() => TestData.Vectors();

        protected override ITypeShape<Vector3[]> NerdbankShape() => TypeShapeResolver.Resolve<Vector3[], NerdbankWitness>();
    }
}
