using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;
using Orleans.Serialization.Codecs;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>The codec and copier through Orleans' own Serializer and DeepCopier, outside a cluster.</summary>
    public sealed class CodecTests
    {
        private static ServiceProvider Services(Func<Type, bool>? isSupported = null, ITypeConverter? names = null)
        {
            var services = new ServiceCollection();
            services.AddSerializer(b => b.AddAmberSerializer(isSupported));
            if (names != null) services.AddSingleton(names);
            return services.BuildServiceProvider();
        }

        private static bool Contains(byte[] haystack, byte[] needle) => haystack.AsSpan().IndexOf(needle) >= 0;

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
        public void A_subtype_without_a_formatter_of_its_own_travels_through_its_base_type()
        {
            using ServiceProvider sp = Services();
            Assert.False(AmberFormatterRegistry.IsRegistered(typeof(Circle)));   // only Shape is a root

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
            Assert.False(amber.Handles(typeof(IDrawingGrain)));
            Assert.False(amber.Handles(typeof(Money[])));
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
            var thrown = new AmberOrleansException(inner, typeof(Ledger), AmberOrleansValueKind.GrainState, "Restore it.");
            var serializer = sp.GetRequiredService<Serializer<Exception>>();

            var back = Assert.IsType<AmberOrleansException>(serializer.Deserialize(serializer.SerializeToArray(thrown)));
            Assert.Equal(thrown.Message, back.Message);
            Assert.Equal((typeof(Ledger), AmberOrleansValueKind.GrainState, 17L), (back.ValueType, back.Kind, back.ByteOffset));
            Assert.Equal("Ledger.Entries[2]", back.MemberPath);

            var plain = Assert.IsType<AmberException>(serializer.Deserialize(serializer.SerializeToArray(inner)));
            Assert.Equal(inner.Message, plain.Message);
        }
    }
}
