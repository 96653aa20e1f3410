using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.Codecs;
using Orleans.Serialization.Session;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>The codec and copier through Orleans' own Serializer and DeepCopier, outside a cluster.</summary>
    public sealed class CodecTests
    {
        private static ServiceProvider Services(Func<Type, bool>? isSupported = null, ITypeConverter? names = null, AmberOptions? options = null)
        {
            var services = new ServiceCollection();
            services.AddSerializer(b => b.AddAmberSerializer(isSupported, options));
            if (names != null) services.AddSingleton(names);
            return services.BuildServiceProvider();
        }

        private static bool Contains(byte[] haystack, byte[] needle) => haystack.AsSpan().IndexOf(needle) >= 0;

        /// <summary>A length as Orleans writes a field's length prefix.</summary>
        private static byte[] LengthPrefix(ServiceProvider sp, uint length)
        {
            using SerializerSession session = sp.GetRequiredService<SerializerSessionPool>().GetSession();
            var buffer = new ArrayBufferWriter<byte>();
            Writer<ArrayBufferWriter<byte>> writer = Writer.Create(buffer, session);
            writer.WriteVarUInt32(length);
            writer.Commit();
            return buffer.WrittenSpan.ToArray();
        }

        /// <summary>
        /// <paramref name="message"/> with the field that holds <paramref name="payload"/> rewritten: its length prefix
        /// says <paramref name="claimed"/> and its body is <paramref name="body"/>.
        /// </summary>
        private static byte[] Respliced(ServiceProvider sp, byte[] message, byte[] payload, uint claimed, byte[] body)
        {
            int at = message.AsSpan().IndexOf(payload);
            byte[] prefix = LengthPrefix(sp, (uint)payload.Length);
            Assert.True(at >= prefix.Length, "the payload is in the message");
            Assert.Equal(prefix, message[(at - prefix.Length)..at]);
            return [.. message[..(at - prefix.Length)], .. LengthPrefix(sp, claimed), .. body, .. message[(at + payload.Length)..]];
        }

        [Fact]
        public void A_value_is_one_Orleans_field_holding_its_Amber_payload()
        {
            using ServiceProvider sp = Services();
            var money = new Money(9.99m, "USD");

            byte[] bytes = sp.GetRequiredService<Serializer<Money>>().SerializeToArray(money);

            Assert.True(Contains(bytes, AmberSerializer.Serialize(money)), "the Orleans message holds the Amber payload unchanged");
            Assert.Equal(money, sp.GetRequiredService<Serializer<Money>>().Deserialize(bytes));
        }

        [Fact]
        public void A_subtype_of_a_served_base_travels_as_itself_declared_as_the_base_or_as_object()
        {
            using ServiceProvider sp = Services();
            // Only Shape is named (by the grain interfaces); the generator serves its concrete types as roots too.
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(Circle)));

            byte[] asBase = sp.GetRequiredService<Serializer<Shape>>().SerializeToArray(new Circle { Name = "a", Radius = 2 });
            byte[] asObject = sp.GetRequiredService<Serializer<object>>().SerializeToArray(new Rectangle { Name = "b", Width = 1, Height = 2 });

            Assert.Equal(2, Assert.IsType<Circle>(sp.GetRequiredService<Serializer<Shape>>().Deserialize(asBase)).Radius);
            Assert.Equal(2, Assert.IsType<Rectangle>(sp.GetRequiredService<Serializer<object>>().Deserialize(asObject)).Height);
        }

        [Fact]
        public void The_same_object_twice_in_one_message_is_read_back_as_one_object()
        {
            using ServiceProvider sp = Services();
            var shared = new Money(1, "EUR");
            var shape = new Circle { Name = "c", Radius = 1 };
            var list = new List<object> { shared, shape, shared, new Point { X = 5 }, shape, "tail" };

            var serializer = sp.GetRequiredService<Serializer<List<object>>>();
            List<object> back = serializer.Deserialize(serializer.SerializeToArray(list))!;

            Assert.Equal(6, back.Count);
            Assert.Same(back[0], back[2]);
            Assert.Same(back[1], back[4]);
            Assert.Equal(shared, back[0]);
            Assert.Equal(new Point { X = 5 }, back[3]);
            Assert.Equal("tail", back[5]);   // reference ids stayed in step with Orleans' after Amber's fields
        }

        [Fact]
        public void The_copier_makes_a_deep_copy()
        {
            using ServiceProvider sp = Services();
            var drawing = new Drawing { Title = "t", Shapes = { new Circle { Name = "c", Radius = 1 } }, Price = new Money(2, "EUR") };

            Drawing copy = sp.GetRequiredService<DeepCopier<Drawing>>().Copy(drawing);

            Assert.NotSame(drawing, copy);
            Assert.NotSame(drawing.Shapes, copy.Shapes);
            Assert.NotSame(drawing.Shapes[0], copy.Shapes[0]);
            Assert.Equal(1, Assert.IsType<Circle>(copy.Shapes[0]).Radius);
            Assert.Equal(drawing.Price, copy.Price);
        }

        [Fact]
        public void A_type_isSupported_refuses_stays_with_Orleans_which_has_no_codec_for_it()
        {
            using ServiceProvider sp = Services(isSupported: t => t != typeof(Refused));
            var amber = sp.GetRequiredService<AmberOrleansCodec>();
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(Refused)));
            Assert.False(amber.Handles(typeof(Refused)));
            Assert.True(amber.Handles(typeof(Money)));

            // Orleans' own failure, not an Amber payload: Amber's codec was not asked to write it.
            Assert.Throws<CodecNotFoundException>(() => sp.GetRequiredService<Serializer<Refused>>().SerializeToArray(new Refused { Text = "x" }));
        }

        [Fact]
        public void A_GenerateSerializer_type_is_written_by_Orleans_generated_codec()
        {
            using ServiceProvider sp = Services();
            var label = new NativeLabel { Text = "native", Size = 3 };

            byte[] bytes = sp.GetRequiredService<Serializer<NativeLabel>>().SerializeToArray(label);

            Assert.False(Contains(bytes, AmberSerializer.Serialize(label)), "no Amber payload in Orleans' bytes");
            Assert.False(sp.GetRequiredService<AmberOrleansCodec>().Handles(typeof(NativeLabel)));
            NativeLabel back = sp.GetRequiredService<Serializer<NativeLabel>>().Deserialize(bytes)!;
            Assert.Equal(("native", 3), (back.Text, back.Size));
        }

        [Fact]
        public void Grain_references_and_BCL_types_are_never_taken()
        {
            using ServiceProvider sp = Services(isSupported: _ => true);
            var amber = sp.GetRequiredService<AmberOrleansCodec>();
            // Amber has formatters for these; only the codec's own guards keep them away.
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(Money[])));
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(AddressableNote)));
            Assert.False(amber.Handles(typeof(Money[])));
            Assert.False(amber.Handles(typeof(AddressableNote)));
            Assert.False(amber.Handles(typeof(IDrawingGrain)));
            Assert.False(AmberOrleansCodec.IsAmberType(typeof(List<Money>)));
            Assert.False(AmberOrleansCodec.IsAmberType(typeof(string)));
            Assert.False(AmberOrleansCodec.IsAmberType(typeof(NativeLabel)));
            Assert.True(AmberOrleansCodec.IsAmberType(typeof(Money)));
        }

        /// <summary>Gives a type of this process the Orleans name that another version of it has: what two deployments of one type share.</summary>
        private sealed class SameName(Type type, string name) : ITypeConverter
        {
            public bool TryFormat(Type t, out string formatted)
            {
                formatted = t == type ? name : null!;
                return t == type;
            }

            public bool TryParse(string formatted, out Type t)
            {
                t = formatted == name ? type : null!;
                return formatted == name;
            }
        }

        [Fact]
        public void An_older_and_a_newer_shape_of_a_type_read_each_others_messages()
        {
            using ServiceProvider older = Services(names: new SameName(typeof(ParcelV1), "Shipping.Parcel"));
            using ServiceProvider newer = Services(names: new SameName(typeof(ParcelV2), "Shipping.Parcel"));

            byte[] fromOld = older.GetRequiredService<Serializer<object>>().SerializeToArray(new ParcelV1 { Id = "p1", Grams = 250, Note = "fragile" });
            ParcelV2 read = Assert.IsType<ParcelV2>(newer.GetRequiredService<Serializer<object>>().Deserialize(fromOld));
            Assert.Equal(("p1", 250), (read.Id, read.Grams));
            Assert.True(read.Insured);          // added member keeps its initializer
            Assert.Empty(read.Tags);

            byte[] fromNew = newer.GetRequiredService<Serializer<object>>().SerializeToArray(new ParcelV2 { Id = "p2", Grams = 90, Insured = false, Tags = { "x" } });
            ParcelV1 back = Assert.IsType<ParcelV1>(older.GetRequiredService<Serializer<object>>().Deserialize(fromNew));
            Assert.Equal(("p2", 90, ""), (back.Id, back.Grams, back.Note));   // members the newer shape added are skipped
        }

        [Fact]
        public void A_damaged_payload_in_a_message_is_an_AmberException_naming_the_type()
        {
            using ServiceProvider sp = Services();
            var drawing = new Drawing { Title = "a long enough title", Shapes = { new Circle { Name = "c", Radius = 1 } } };
            var serializer = sp.GetRequiredService<Serializer<Drawing>>();
            byte[] bytes = serializer.SerializeToArray(drawing);
            byte[] payload = AmberSerializer.Serialize(drawing);
            int at = bytes.AsSpan().IndexOf(payload);
            Assert.True(at > 0);
            // Cut the payload's declared content short by corrupting its bytes after the header.
            for (int i = at + 1; i < at + payload.Length; i++) bytes[i] = 0xFF;

            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(bytes));
            Assert.Equal(typeof(Drawing), ex.ValueType);
            Assert.Contains(typeof(Drawing).FullName!, ex.Message);
            Assert.IsAssignableFrom<AmberException>(ex.InnerException);
        }

        [Theory]
        [InlineData(100_000_000u, "but only")]          // within MaxInputBytes, beyond what the message holds
        [InlineData(0x7FFF_FFFFu, "MaxInputBytes")]     // beyond MaxInputBytes
        public void A_length_prefix_the_message_cannot_hold_is_refused_before_any_buffer_is_taken(uint claimed, string says)
        {
            using ServiceProvider sp = Services();
            var serializer = sp.GetRequiredService<Serializer<Money>>();
            var money = new Money(1, "EUR");
            byte[] payload = AmberSerializer.Serialize(money);
            byte[] lying = Respliced(sp, serializer.SerializeToArray(money), payload, claimed, payload);
            Assert.True(lying.Length < 200, "a short message: " + lying.Length + " bytes");

            long before = GC.GetAllocatedBytesForCurrentThread();
            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(lying));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Equal(typeof(Money), ex.ValueType);
            Assert.Contains(claimed.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Message);
            Assert.Contains(says, ex.Message);
            Assert.True(allocated < 1 << 20, "allocated " + allocated + " bytes for a " + lying.Length + "-byte message");
        }

        [Fact]
        public void A_length_prefix_above_MaxInputBytes_is_refused_naming_the_option()
        {
            using ServiceProvider sp = Services(options: new AmberOptions { MaxInputBytes = 8 });
            var serializer = sp.GetRequiredService<Serializer<Money>>();

            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(serializer.SerializeToArray(new Money(123.45m, "EUR"))));

            Assert.Contains("above the limit of 8", ex.Message);
            Assert.Contains("raise AmberOptions.MaxInputBytes", ex.Message);
        }

        /// <summary>A stream that cannot seek nor say its length, as a network stream: the reader cannot tell how many bytes remain.</summary>
        private sealed class ForwardOnly(byte[] bytes) : Stream
        {
            private readonly MemoryStream _inner = new(bytes);
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => _inner.Position; set => throw new NotSupportedException(); }
            public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
            public override int Read(Span<byte> buffer) => _inner.Read(buffer);
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }

        [Fact]
        public void A_length_prefix_a_stream_does_not_hold_costs_no_more_than_the_bytes_that_arrive()
        {
            using ServiceProvider sp = Services();
            var serializer = sp.GetRequiredService<Serializer<Money>>();
            var money = new Money(1, "EUR");
            byte[] payload = AmberSerializer.Serialize(money);
            byte[] message = serializer.SerializeToArray(money);
            Assert.Equal(money, serializer.Deserialize(new ForwardOnly(message)));
            byte[] lying = Respliced(sp, message, payload, 100_000_000u, payload);

            long before = GC.GetAllocatedBytesForCurrentThread();
            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(new ForwardOnly(lying)));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Contains("100000000 bytes, but the message ended before them", ex.Message);
            Assert.True(allocated < 1 << 20, "allocated " + allocated + " bytes for a " + lying.Length + "-byte message");
        }

        /// <summary>One segment of a multi-segment sequence.</summary>
        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, Segment? previous)
            {
                Memory = memory;
                if (previous != null)
                {
                    RunningIndex = previous.RunningIndex + previous.Memory.Length;
                    previous.Next = this;
                }
            }
        }

        /// <summary><paramref name="bytes"/> as a sequence of <paramref name="size"/>-byte segments, as a message arrives from the network.</summary>
        private static ReadOnlySequence<byte> Segmented(byte[] bytes, int size)
        {
            Segment first = new(bytes.AsMemory(0, Math.Min(size, bytes.Length)), null), last = first;
            for (int at = size; at < bytes.Length; at += size) last = new Segment(bytes.AsMemory(at, Math.Min(size, bytes.Length - at)), last);
            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        [Fact]
        public void A_payload_across_segments_is_read_and_one_cut_short_is_an_AmberException()
        {
            using ServiceProvider sp = Services();
            var serializer = sp.GetRequiredService<Serializer<Drawing>>();
            var drawing = new Drawing { Title = "across segments", Shapes = { new Circle { Name = "c", Radius = 3 } }, Price = new Money(4, "EUR") };
            byte[] message = serializer.SerializeToArray(drawing);

            Drawing back = serializer.Deserialize(Segmented(message, 7))!;
            Assert.Equal(("across segments", 3d), (back.Title, Assert.IsType<Circle>(back.Shapes[0]).Radius));

            byte[] payload = AmberSerializer.Serialize(drawing);
            byte[] cut = Respliced(sp, message, payload, (uint)payload.Length + 5, payload);
            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(Segmented(cut, 7)));
            Assert.Contains((payload.Length + 5) + " bytes", ex.Message);
        }

        [Fact]
        public void A_null_payload_is_refused_as_bytes_this_codec_did_not_write()
        {
            using ServiceProvider sp = Services();
            var missing = new Money(1, "EUR");
            var shared = new Money(2, "USD");
            var serializer = sp.GetRequiredService<Serializer<List<object>>>();
            byte[] payload = AmberSerializer.Serialize(missing);
            byte[] nullPayload = AmberSerializer.Serialize<Money>(null!);
            byte[] message = serializer.SerializeToArray(new List<object> { missing, shared, shared });
            byte[] crafted = Respliced(sp, message, payload, (uint)nullPayload.Length, nullPayload);

            // Read as a null, the field would take no reference id and the back-reference to 'shared' would miss.
            AmberOrleansException ex = Assert.Throws<AmberOrleansException>(() => serializer.Deserialize(crafted));
            Assert.Contains("null Amber payload", ex.Message);
            Assert.Contains("not written by this codec", ex.Message);

            var one = sp.GetRequiredService<Serializer<Money>>();
            byte[] single = Respliced(sp, one.SerializeToArray(missing), payload, (uint)nullPayload.Length, nullPayload);
            Assert.Throws<AmberOrleansException>(() => one.Deserialize(single));
        }

        [Fact]
        public void A_subtype_with_its_own_formatter_is_taken_whatever_isSupported_says_of_its_base()
        {
            using ServiceProvider sp = Services(isSupported: t => t != typeof(Shape));
            var amber = sp.GetRequiredService<AmberOrleansCodec>();

            Assert.False(amber.Handles(typeof(Shape)));
            Assert.True(amber.Handles(typeof(Circle)));   // written as itself: its header names Circle, which the reader takes
            var serializer = sp.GetRequiredService<Serializer<object>>();
            Assert.Equal(3, Assert.IsType<Circle>(serializer.Deserialize(serializer.SerializeToArray(new Circle { Name = "c", Radius = 3 }))).Radius);
        }

        [Fact]
        public void Adding_the_codec_twice_is_refused()
        {
            var services = new ServiceCollection();
            services.AddSerializer(b => b.AddAmberSerializer());
            InvalidOperationException ex = Assert.Throws<InvalidOperationException>(() => services.AddSerializer(b => b.AddAmberSerializer(new AmberOptions())));
            Assert.Contains("once", ex.Message);
        }

        [Fact]
        public void Ambers_exceptions_travel_with_their_message_type_and_kind()
        {
            using ServiceProvider sp = Services();
            var inner = new AmberException("The payload ends inside a member", 17, "Check the bytes.");
            inner.SetRoot("Ledger.Entries[2]");
            // Raised as the package raises it: damaged grain state read by the storage serializer.
            var state = new Ledger { Owner = "bob", Entries = { new Money(3, "EUR"), new Money(4, "EUR") } };
            byte[] stored = AmberSerializer.Serialize(state);
            AmberOrleansException thrown = Assert.Throws<AmberOrleansException>(
                () => new AmberGrainStorageSerializer().Deserialize<Ledger>(new BinaryData(stored.AsMemory(0, stored.Length - 3))));
            Assert.True(thrown.ByteOffset >= 0);
            var serializer = sp.GetRequiredService<Serializer<Exception>>();

            var back = Assert.IsType<AmberOrleansException>(serializer.Deserialize(serializer.SerializeToArray(thrown)));
            Assert.Equal(thrown.Message, back.Message);
            Assert.Equal((typeof(Ledger), AmberOrleansValueKind.GrainState, thrown.ByteOffset), (back.ValueType, back.Kind, back.ByteOffset));
            Assert.Equal(thrown.MemberPath, back.MemberPath);

            var plain = Assert.IsType<AmberException>(serializer.Deserialize(serializer.SerializeToArray(inner)));
            Assert.Equal(inner.Message, plain.Message);
        }
    }
}
