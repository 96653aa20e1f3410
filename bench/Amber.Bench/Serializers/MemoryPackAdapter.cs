extern alias vt;

using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using MemoryPack;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// MemoryPack through its IBufferWriter and span APIs, in one of its two modes: the default
    /// (<c>GenerateType.Object</c>, the model types compiled in this project) or
    /// <c>GenerateType.VersionTolerant</c> (the same model files compiled in bench/Amber.Bench.VersionTolerant,
    /// see <see cref="ModelFlavour"/>). The model types carry <c>[MemoryPackable]</c>, <c>[MemoryPackOrder]</c>,
    /// unions on the abstract bases and a member formatter where a concrete class has subclasses
    /// (Workloads/GameState/MemoryPackFormatters.cs, Workloads/BootPayload/MemoryPackFormatters.cs); <c>object</c> values go through <see cref="ScriptValueFormatter"/>,
    /// registered once for the process.
    /// </summary>
    public class MemoryPackAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        static MemoryPackAdapter()
        {
            MemoryPackFormatterProvider.Register<object>(new ScriptValueFormatter());
        }

        public MemoryPackAdapter()
            : this("MemoryPack")
        {
        }

        protected MemoryPackAdapter(string name)
        {
            Name = name;
        }

        public string Name { get; }

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) => this;

        /// <summary>Neither mode tracks references (only <c>GenerateType.CircularReference</c> does, a third mode per type).</summary>
        public bool KeepsReferences => false;

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => MemoryPackSerializer.Serialize(output, value);

        public T Deserialize<T>(ReadOnlySpan<byte> payload) => MemoryPackSerializer.Deserialize<T>(payload)!;

        /// <summary>MemoryPack's Stream API is asynchronous only; the snapshot path waits for it.</summary>
        public void SerializeToStream<T>(T value, Stream destination) => MemoryPackSerializer.SerializeAsync(destination, value).AsTask().GetAwaiter().GetResult();

        public T DeserializeFromStream<T>(Stream source) => MemoryPackSerializer.DeserializeAsync<T>(source).AsTask().GetAwaiter().GetResult()!;

        /// <summary>The synchronous Stream rows' buffer: MemoryPack has no synchronous Stream API, so its users go through a buffer.</summary>
        private readonly ArrayBufferWriter<byte> _streamBuffer = new ArrayBufferWriter<byte>(1 << 16);

        public string StreamNote =>
            "MemoryPack has no synchronous Stream API, so its sync row does what its users write: Serialize into a reused ArrayBufferWriter<byte>, then one Stream.Write of its bytes; "
            + "and the stream read to its end (Stream.Read in 64 KB steps) into a reused ArrayBufferWriter<byte>, then Deserialize<T>(ReadOnlySpan<byte>). Async: its SerializeAsync(Stream, T) and DeserializeAsync<T>(Stream).";

        public void SerializeStream<T>(T value, Stream destination)
        {
            _streamBuffer.ResetWrittenCount();
            MemoryPackSerializer.Serialize(_streamBuffer, value);
            destination.Write(_streamBuffer.WrittenSpan);
        }

        public T DeserializeStream<T>(Stream source)
        {
            _streamBuffer.ResetWrittenCount();
            int read;
            while ((read = source.Read(_streamBuffer.GetSpan(1 << 16))) > 0) _streamBuffer.Advance(read);
            return MemoryPackSerializer.Deserialize<T>(_streamBuffer.WrittenSpan)!;
        }

        public bool HasAsyncStream => true;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => MemoryPackSerializer.SerializeAsync(destination, value);

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => MemoryPackSerializer.DeserializeAsync<T>(source)!;
    }

    /// <summary>MemoryPack in <c>GenerateType.VersionTolerant</c> mode, measured on its own copy of the model types.</summary>
    public sealed class MemoryPackVersionTolerantAdapter : MemoryPackAdapter, IOwnModelAdapter
    {
        public MemoryPackVersionTolerantAdapter()
            : base("MemoryPack (version tolerant)")
        {
        }

        public IReadOnlyList<Workload> Workloads { get; } = new Workload[]
        {
            new vt::Amber.Bench.Workloads.EnvelopeWorkload(),
            new vt::Amber.Bench.Workloads.BookShelfWorkload(),
            new vt::Amber.Bench.Workloads.SportEventsWorkload(),
            new vt::Amber.Bench.Workloads.GameStateWorkload(),
            new vt::Amber.Bench.Workloads.GameStateNoShareWorkload(),
            new vt::Amber.Bench.Workloads.BootPayloadWorkload(),
            new vt::Amber.Bench.Workloads.Vector3Workload(),
            new vt::Amber.Bench.Workloads.EverydayWorkload(),
        };
    }

    /// <summary>
    /// MemoryPack has no formatter for <c>object</c>; gamestate's script variables are
    /// <c>Dictionary&lt;string, object&gt;</c> holding long, double, string and bool, so this is the
    /// formatter a MemoryPack user registers for them: a tag byte (0 null, 1 long, 2 double, 3 string,
    /// 4 bool), then the value in MemoryPack's own encoding.
    /// </summary>
    public sealed class ScriptValueFormatter : MemoryPackFormatter<object>
    {
        public override void Serialize<TBufferWriter>(ref MemoryPackWriter<TBufferWriter> writer, scoped ref object? value)
        {
            switch (value)
            {
                case null: writer.WriteUnmanaged((byte)0); break;
                case long l: writer.WriteUnmanaged((byte)1, l); break;
                case double d: writer.WriteUnmanaged((byte)2, d); break;
                case string s: writer.WriteUnmanaged((byte)3); writer.WriteString(s); break;
                case bool b: writer.WriteUnmanaged((byte)4, b); break;
                default: throw new MemoryPackSerializationException($"A script variable of type {value.GetType()} has no encoding.");
            }
        }

        public override void Deserialize(ref MemoryPackReader reader, scoped ref object? value)
        {
            reader.ReadUnmanaged(out byte tag);
            switch (tag)
            {
                case 0: value = null; break;
                case 1: value = reader.ReadUnmanaged<long>(); break;
                case 2: value = reader.ReadUnmanaged<double>(); break;
                case 3: value = reader.ReadString(); break;
                case 4: value = reader.ReadUnmanaged<bool>(); break;
                default: throw new MemoryPackSerializationException($"Unknown script variable tag {tag}.");
            }
        }
    }
}
