using Amber.Json;
using Amber.Tests.Compat;
using Xunit;

namespace Amber.Tests.Json
{
    /// <summary>
    /// A nullable value type's root has a presence byte before its value (docs/format.md §2) that the header does not
    /// announce: the view without the type finds it when the root reads only with it (docs/json.md).
    /// </summary>
    public class SchemaLessNullableRootTests
    {
        private static string Flat(string json) => json.Replace(" ", "").Replace("\n", "").Replace("\r", "");

        [Fact]
        public void A_nullable_int_root_with_a_value_shows_the_value()
        {
            byte[] payload = AmberSerializer.Serialize<int?>(300);
            Assert.Equal("600", Flat(AmberJson.ToJson(payload))); // the varint as written: 300 zigzag
            Assert.Equal("300", Flat(AmberJson.ToJson<int?>(payload)));
            Assert.Equal("600", Flat(AmberJson.ToJson(AmberSerializer.Serialize<uint?>(600u))));
        }

        [Fact]
        public void A_nullable_struct_root_shows_the_struct_and_null_shows_null()
        {
            byte[] point = AmberSerializer.Serialize<CompatPoint?>(new CompatPoint { X = 3, Y = 4 });
            string json = Flat(AmberJson.ToJson(point));
            Assert.Contains("3", json);
            Assert.Contains("4", json);
            Assert.Equal("null", Flat(AmberJson.ToJson(AmberSerializer.Serialize<CompatPoint?>(null))));
            Assert.Equal("null", Flat(AmberJson.ToJson(AmberSerializer.Serialize<double?>(null))));
            Assert.Equal("2.5", Flat(AmberJson.ToJson(AmberSerializer.Serialize<double?>(2.5))));
        }

        [Fact]
        public void A_null_int_root_reads_as_a_value_too_and_shows_0()
        {
            // 00 after a Varint header is an int of 0 and an int? of null alike; without the type it is the value.
            byte[] payload = AmberSerializer.Serialize<int?>(null);
            Assert.Equal(AmberSerializer.Serialize(0), payload);
            Assert.Equal("0", Flat(AmberJson.ToJson(payload)));
            Assert.Equal("null", Flat(AmberJson.ToJson<int?>(payload)));
        }

        [Fact]
        public void A_root_that_reads_neither_way_reports_the_values_error()
        {
            byte[] payload = AmberSerializer.Serialize(1);
            // As a value: 1, then bytes left at offset 2. As a presence byte and a value: 1, 5, then a byte left at offset 3.
            byte[] neither = new byte[] { payload[0], 0x01, 0x0A, 0x07 };
            var ex = Assert.ThrowsAny<AmberException>(() => AmberJson.ToJson(neither));
            Assert.Equal(2, ex.ByteOffset);
        }
    }
}
