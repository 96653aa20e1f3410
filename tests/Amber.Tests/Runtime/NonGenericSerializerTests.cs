using System;
using System.Buffers;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The <see cref="Type"/>-keyed entry points (<see cref="AmberSerializer.Serialize(IBufferWriter{byte}, object?, Type, AmberOptions?)"/>,
    /// <see cref="AmberSerializer.Deserialize(in ReadOnlySequence{byte}, Type, AmberOptions?)"/>) that framework adapters such as MVC
    /// formatters call: the same bytes as the generic ones, and the same errors.
    /// </summary>
    public class NonGenericSerializerTests
    {
        public sealed class Parcel
        {
            public string Label { get; set; } = "";
            public int Weight { get; set; }
        }

        /// <summary>Never passed to AmberSerializer with a type argument, so the generator writes nothing for it.</summary>
        public sealed class NeverRooted
        {
            public int X { get; set; }
        }

        private static byte[] SerializeByType(object? value, Type type, AmberOptions? options = null)
        {
            var buffer = new ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(buffer, value, type, options);
            return buffer.WrittenSpan.ToArray();
        }

        [Fact]
        public void Writes_the_generic_bytes_and_reads_them_back_from_a_span_and_a_split_sequence()
        {
            var parcel = new Parcel { Label = "books", Weight = 12 };
            byte[] expected = AmberSerializer.Serialize(parcel);

            byte[] bytes = SerializeByType(parcel, typeof(Parcel));
            Assert.Equal(expected, bytes);

            var fromSpan = Assert.IsType<Parcel>(AmberSerializer.Deserialize(bytes.AsSpan(), typeof(Parcel)));
            Assert.Equal("books", fromSpan.Label);
            Assert.Equal(12, fromSpan.Weight);
            foreach ((int _, ReadOnlySequence<byte> sequence) in TestSequences.AllTwoWaySplits(bytes))
            {
                var back = Assert.IsType<Parcel>(AmberSerializer.Deserialize(sequence, typeof(Parcel)));
                Assert.Equal("books", back.Label);
                Assert.Equal(12, back.Weight);
            }
        }

        [Fact]
        public void IsRegistered_is_true_for_generated_and_false_for_unknown_types()
        {
            _ = AmberSerializer.Serialize(new Parcel());
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(Parcel)));
            Assert.False(AmberFormatterRegistry.IsRegistered(typeof(NeverRooted)));
        }

        [Fact]
        public void An_unregistered_type_throws_an_AmberException_naming_the_assembly_attribute()
        {
            var write = Assert.Throws<AmberException>(() => SerializeByType(new NeverRooted(), typeof(NeverRooted)));
            Assert.Contains("[assembly: Amber.AmberSerializable(typeof(NeverRooted))]", write.Message);
            var read = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize(new ReadOnlySequence<byte>(new byte[] { 1 }), typeof(NeverRooted)));
            Assert.Contains("[assembly: Amber.AmberSerializable(typeof(NeverRooted))]", read.Message);
        }

        [Fact]
        public void Null_round_trips_as_a_reference_type_and_is_refused_for_a_value_type()
        {
            byte[] bytes = SerializeByType(null, typeof(Parcel));
            Assert.Equal(AmberSerializer.Serialize<Parcel?>(null), bytes);
            Assert.Null(AmberSerializer.Deserialize(new ReadOnlySequence<byte>(bytes), typeof(Parcel)));

            _ = AmberSerializer.Serialize(5);
            Assert.Throws<ArgumentException>(() => SerializeByType(null, typeof(int)));
            Assert.Equal(AmberSerializer.Serialize(5), SerializeByType(5, typeof(int)));
        }

        [Fact]
        public void A_value_of_another_type_is_refused()
        {
            var ex = Assert.Throws<ArgumentException>(() => SerializeByType("not a parcel", typeof(Parcel)));
            Assert.Contains(typeof(Parcel).FullName!, ex.Message);
        }

        [Fact]
        public void Options_limits_apply()
        {
            byte[] bytes = AmberSerializer.Serialize(new Parcel { Label = new string('x', 100) });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize(new ReadOnlySequence<byte>(bytes), typeof(Parcel), new AmberOptions { MaxStringLength = 10 }));
            Assert.Contains(nameof(AmberOptions.MaxStringLength), ex.Message + ex.Fix);
        }
    }
}
