using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Security
{
    /// <summary>AmberOptions.HardenedKeyHashing: dictionaries and sets read from untrusted input resist hash flooding (docs/security.md).</summary>
    public class HardenedKeyHashingTests
    {
        private static readonly AmberOptions Hardened = new AmberOptions { HardenedKeyHashing = true };

        public enum Color : long { Red = 1, Green = 2 }

        [Fact]
        public void Off_by_default_the_framework_comparer_is_used()
        {
            var back = AmberSerializer.Deserialize<Dictionary<int, string>>(AmberSerializer.Serialize(new Dictionary<int, string> { [1] = "a" }))!;
            Assert.Same(EqualityComparer<int>.Default, back.Comparer);
        }

        [Fact]
        public void Keys_that_share_one_bucket_under_the_default_hash_are_spread()
        {
            // int.GetHashCode is the value itself: multiples of a bucket-count prime all land in one bucket.
            const int prime = 7919;
            int[] keys = Enumerable.Range(1, 2000).Select(i => i * prime).ToArray();
            Assert.Single(keys.Select(k => (uint)EqualityComparer<int>.Default.GetHashCode(k) % prime).Distinct());

            IEqualityComparer<int> hardened = AmberKeys.Comparer<int>(Hardened)!;
            int buckets = keys.Select(k => (uint)hardened.GetHashCode(k) % prime).Distinct().Count();
            Assert.True(buckets > 1500, $"{buckets} buckets for 2000 keys");
        }

        [Fact]
        public void Dictionaries_and_sets_read_with_it_keep_their_contents_and_the_hardened_comparer()
        {
            var ints = Enumerable.Range(0, 500).ToDictionary(i => i * 7919, i => "v" + i);
            var back = AmberSerializer.Deserialize<Dictionary<int, string>>(AmberSerializer.Serialize(ints), Hardened)!;
            Assert.Equal(ints, back);
            Assert.Same(AmberKeys.Comparer<int>(Hardened), back.Comparer);
            Assert.Equal("v3", back[3 * 7919]);

            var guids = new HashSet<Guid> { Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), Guid.Empty };
            var guidsBack = AmberSerializer.Deserialize<HashSet<Guid>>(AmberSerializer.Serialize(guids), Hardened)!;
            Assert.True(guidsBack.SetEquals(guids));
            Assert.Contains(Guid.Empty, guidsBack);

            var colors = ImmutableDictionary<Color, int>.Empty.Add(Color.Red, 1).Add(Color.Green, 2);
            var colorsBack = AmberSerializer.Deserialize<ImmutableDictionary<Color, int>>(AmberSerializer.Serialize(colors), Hardened)!;
            Assert.Equal(2, colorsBack[Color.Green]);

            var objects = new Dictionary<string, object?> { ["a"] = 1 };
            Assert.Equal(1, AmberSerializer.Deserialize<Dictionary<string, object?>>(AmberSerializer.Serialize(objects), Hardened)!["a"]);
        }

        [Fact]
        public void Equal_keys_hash_equally()
        {
            IEqualityComparer<DateTime> dates = AmberKeys.Comparer<DateTime>(Hardened)!;
            var local = new DateTime(2026, 11, 22, 10, 0, 0, DateTimeKind.Local);
            var utc = DateTime.SpecifyKind(local, DateTimeKind.Utc);
            Assert.True(dates.Equals(local, utc));
            Assert.Equal(dates.GetHashCode(local), dates.GetHashCode(utc));

            IEqualityComparer<long> longs = AmberKeys.Comparer<long>(Hardened)!;
            Assert.Equal(longs.GetHashCode(-5), longs.GetHashCode(-5));
            Assert.NotEqual(longs.GetHashCode(1), longs.GetHashCode(1L << 32));
        }

        [Fact]
        public void Key_types_it_does_not_cover_use_the_framework_comparer()
        {
            // Floating point and decimal keys have equal values with different bits (0.0 and -0.0, 1.0m and 1.00m).
            Assert.Null(AmberKeys.Comparer<double>(Hardened));
            Assert.Null(AmberKeys.Comparer<decimal>(Hardened));
            Assert.False(AmberKeys.IsHardened<Version>());
            Assert.True(AmberKeys.IsHardened<Color>());
        }
    }
}
