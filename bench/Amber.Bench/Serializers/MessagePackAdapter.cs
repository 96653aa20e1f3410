extern alias contractless;

using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Amber.Bench.Workloads;
using MessagePack;
using MessagePack.Formatters;
using MessagePack.Resolvers;
using CBoot = contractless::Amber.Bench.Workloads.Boot;
using CGame = contractless::Amber.Bench.Workloads.Game;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// MessagePack-CSharp 2.5.307 (its runtime-generated formatters) through its IBufferWriter API, reading
    /// the payload span through <see cref="PinnedSpanMemory"/> (it reads ReadOnlyMemory or ReadOnlySequence
    /// only). Two rows: int keys (<c>[MessagePackObject]</c>/<c>[Key]</c> on the model types, its fastest
    /// mode) and contractless (member names as keys, the model copy without those attributes).
    /// </summary>
    public class MessagePackAdapter : ISerializerAdapter, IStreamEntryPoints
    {
        private readonly MessagePackSerializerOptions _options;
        private readonly PinnedSpanMemory _payload = new PinnedSpanMemory();

        public MessagePackAdapter()
            : this("MessagePack (int keys)", IntKeyOptions())
        {
        }

        protected MessagePackAdapter(string name, MessagePackSerializerOptions options)
        {
            Name = name;
            _options = options;
        }

        public string Name { get; }

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) => this;

        /// <summary>MessagePack-CSharp has no reference tracking.</summary>
        public bool KeepsReferences => false;

        /// <summary>
        /// The standard resolver that also sees private members with a <c>[Key]</c> (BookShelf's Secret), behind
        /// <c>NativeDateTimeResolver</c> (DateTime as its 64-bit binary form, which keeps Kind; the default timestamp
        /// extension reads back as UTC), and formatters for the engine structs (types the game does not own) and for the members declared as a
        /// concrete class with subclasses (its unions need an abstract base or an interface).
        /// </summary>
        internal static MessagePackSerializerOptions IntKeyOptions()
        {
            IFormatterResolver objects = DynamicObjectResolverAllowPrivate.Instance;
            IFormatterResolver resolver = CompositeResolver.Create(
                new IMessagePackFormatter[]
                {
                    new EngineVector2Formatter(),
                    new EngineColorFormatter(),
                    SubclassUnionFormatter<Workloads.Game.WeaponItem>.Of(objects, typeof(Workloads.Game.WeaponItem), typeof(Workloads.Game.RangedWeaponItem)),
                    SubclassUnionFormatter<Workloads.Boot.PublicProfile>.Of(objects, typeof(Workloads.Boot.PublicProfile), typeof(Workloads.Boot.FriendProfile), typeof(Workloads.Boot.PlayerProfile)),
                },
                new IFormatterResolver[] { NativeDateTimeResolver.Instance, StandardResolverAllowPrivate.Instance });
            return MessagePackSerializerOptions.Standard.WithResolver(resolver);
        }

        /// <summary>The contractless resolver (private members too), behind the same DateTime resolver and subclass formatters for the copy's types.</summary>
        protected static MessagePackSerializerOptions ContractlessOptions()
        {
            IFormatterResolver objects = DynamicContractlessObjectResolverAllowPrivate.Instance;
            IFormatterResolver resolver = CompositeResolver.Create(
                new IMessagePackFormatter[]
                {
                    SubclassUnionFormatter<CGame.WeaponItem>.Of(objects, typeof(CGame.WeaponItem), typeof(CGame.RangedWeaponItem)),
                    SubclassUnionFormatter<CBoot.PublicProfile>.Of(objects, typeof(CBoot.PublicProfile), typeof(CBoot.FriendProfile), typeof(CBoot.PlayerProfile)),
                },
                new IFormatterResolver[] { NativeDateTimeResolver.Instance, ContractlessStandardResolverAllowPrivate.Instance });
            return MessagePackSerializerOptions.Standard.WithResolver(resolver);
        }

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output) => MessagePackSerializer.Serialize(output, value, _options);

        public unsafe T Deserialize<T>(ReadOnlySpan<byte> payload)
        {
            fixed (byte* p = payload)
            {
                return MessagePackSerializer.Deserialize<T>(_payload.Over(p, payload.Length), _options);
            }
        }

        public void SerializeToStream<T>(T value, Stream destination) => MessagePackSerializer.Serialize(destination, value, _options);

        public T DeserializeFromStream<T>(Stream source) => MessagePackSerializer.Deserialize<T>(source, _options);

        public string StreamNote =>
            "MessagePack: MessagePackSerializer.Serialize<T>(Stream, T, options) and Deserialize<T>(Stream, options); async: SerializeAsync<T>(Stream, T, options) (a Task) and DeserializeAsync<T>(Stream, options).";

        public void SerializeStream<T>(T value, Stream destination) => MessagePackSerializer.Serialize(destination, value, _options);

        public T DeserializeStream<T>(Stream source) => MessagePackSerializer.Deserialize<T>(source, _options);

        public bool HasAsyncStream => true;

        public ValueTask SerializeStreamAsync<T>(T value, Stream destination) => new ValueTask(MessagePackSerializer.SerializeAsync(destination, value, _options));

        public ValueTask<T> DeserializeStreamAsync<T>(Stream source) => MessagePackSerializer.DeserializeAsync<T>(source, _options);
    }

    /// <summary>MessagePack with <c>ContractlessStandardResolverAllowPrivate</c>, on the model copy without MessagePack contracts.</summary>
    public sealed class MessagePackContractlessAdapter : MessagePackAdapter, IOwnModelAdapter
    {
        public MessagePackContractlessAdapter()
            : base("MessagePack (contractless)", ContractlessOptions())
        {
        }

        public IReadOnlyList<Workload> Workloads { get; } = new Workload[]
        {
            new contractless::Amber.Bench.Workloads.EnvelopeWorkload(),
            new contractless::Amber.Bench.Workloads.BookShelfWorkload(),
            new contractless::Amber.Bench.Workloads.SportEventsWorkload(),
            new contractless::Amber.Bench.Workloads.GameStateWorkload(),
            new contractless::Amber.Bench.Workloads.GameStateNoShareWorkload(),
            new contractless::Amber.Bench.Workloads.BootPayloadWorkload(),
            new contractless::Amber.Bench.Workloads.Vector3Workload(),
            new contractless::Amber.Bench.Workloads.EverydayWorkload(),
        };
    }

    /// <summary>
    /// A member declared as a concrete class that has subclasses (WeaponItem, PublicProfile), written the
    /// way MessagePack writes its own unions: <c>[tag, value]</c>, the value by the case type's own object
    /// formatter (tag 0 is the declared class itself), nil for null.
    /// </summary>
    internal sealed class SubclassUnionFormatter<TBase> : IMessagePackFormatter<TBase?>
        where TBase : class
    {
        private readonly Dictionary<Type, int> _tags = new Dictionary<Type, int>();
        private readonly List<Case> _cases = new List<Case>();

        public static SubclassUnionFormatter<TBase> Of(IFormatterResolver objects, params Type[] cases)
        {
            var formatter = new SubclassUnionFormatter<TBase>();
            foreach (Type type in cases)
            {
                var add = typeof(SubclassUnionFormatter<TBase>).GetMethod(nameof(Add), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
                add.MakeGenericMethod(type).Invoke(formatter, new object[] { objects });
            }
            return formatter;
        }

        private void Add<T>(IFormatterResolver objects)
            where T : TBase
        {
            _tags.Add(typeof(T), _cases.Count);
            _cases.Add(new Case<T>(objects.GetFormatterWithVerify<T>()));
        }

        public void Serialize(ref MessagePackWriter writer, TBase? value, MessagePackSerializerOptions options)
        {
            if (value == null)
            {
                writer.WriteNil();
                return;
            }
            int tag = _tags[value.GetType()];
            writer.WriteArrayHeader(2);
            writer.Write(tag);
            _cases[tag].Write(ref writer, value, options);
        }

        public TBase? Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
        {
            if (reader.TryReadNil()) return null;
            if (reader.ReadArrayHeader() != 2) throw new MessagePackSerializationException($"A {typeof(TBase).Name} union is not a two-item array.");
            int tag = reader.ReadInt32();
            if ((uint)tag >= (uint)_cases.Count) throw new MessagePackSerializationException($"Unknown {typeof(TBase).Name} tag {tag}.");
            return _cases[tag].Read(ref reader, options);
        }

        private abstract class Case
        {
            public abstract void Write(ref MessagePackWriter writer, TBase value, MessagePackSerializerOptions options);

            public abstract TBase Read(ref MessagePackReader reader, MessagePackSerializerOptions options);
        }

        private sealed class Case<T> : Case
            where T : TBase
        {
            private readonly IMessagePackFormatter<T> _formatter;

            public Case(IMessagePackFormatter<T> formatter)
            {
                _formatter = formatter;
            }

            public override void Write(ref MessagePackWriter writer, TBase value, MessagePackSerializerOptions options) => _formatter.Serialize(ref writer, (T)value, options);

            public override TBase Read(ref MessagePackReader reader, MessagePackSerializerOptions options) => _formatter.Deserialize(ref reader, options);
        }
    }

    /// <summary>The engine's Vector2 (a type the game does not own, so it has no contract): <c>[X, Y]</c>.</summary>
    internal sealed class EngineVector2Formatter : IMessagePackFormatter<Engine.Vector2>
    {
        public void Serialize(ref MessagePackWriter writer, Engine.Vector2 value, MessagePackSerializerOptions options)
        {
            writer.WriteArrayHeader(2);
            writer.Write(value.X);
            writer.Write(value.Y);
        }

        public Engine.Vector2 Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
        {
            if (reader.ReadArrayHeader() != 2) throw new MessagePackSerializationException("A Vector2 is not a two-item array.");
            return new Engine.Vector2 { X = reader.ReadSingle(), Y = reader.ReadSingle() };
        }
    }

    /// <summary>The engine's Color: <c>[R, G, B, A]</c>.</summary>
    internal sealed class EngineColorFormatter : IMessagePackFormatter<Engine.Color>
    {
        public void Serialize(ref MessagePackWriter writer, Engine.Color value, MessagePackSerializerOptions options)
        {
            writer.WriteArrayHeader(4);
            writer.Write(value.R);
            writer.Write(value.G);
            writer.Write(value.B);
            writer.Write(value.A);
        }

        public Engine.Color Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
        {
            if (reader.ReadArrayHeader() != 4) throw new MessagePackSerializationException("A Color is not a four-item array.");
            return new Engine.Color { R = reader.ReadByte(), G = reader.ReadByte(), B = reader.ReadByte(), A = reader.ReadByte() };
        }
    }
}
