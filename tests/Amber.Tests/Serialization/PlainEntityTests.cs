using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Tests.Models.PlainEntities;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// A type as a new user would bring it: 200 plain members, no attribute, two of whose names share a member
    /// key. It needs no [AmberKey] and no grouping into nested types (docs/format.md §4, §5).
    /// </summary>
    public class PlainEntityTests
    {
        private static object? Get(object o, int i) => o.GetType().GetProperty($"M{i:000}")!.GetValue(o);

        private static void Set(object o, int i, object? v) => o.GetType().GetProperty($"M{i:000}")!.SetValue(o, v);

        private static object? ValueFor(int i, int seed) => (i % 5) switch
        {
            0 => i * 7 + seed,
            1 => "s" + i + "/" + seed,
            2 => i + seed / 10.0,
            3 => (long)i << 33 | (uint)seed,
            _ => new List<int> { i, seed },
        };

        private static T Fill<T>(int count, Func<int, bool> which, int seed) where T : new()
        {
            var o = new T();
            for (int i = 0; i < count; i++) if (which(i)) Set(o, i, ValueFor(i, seed));
            return o;
        }

        private static void AssertMembers(object expected, object actual, int count)
        {
            for (int i = 0; i < count; i++)
            {
                object? e = Get(expected, i), a = Get(actual, i);
                if (e is List<int> le) Assert.Equal(le, (List<int>?)a);
                else Assert.True(Equals(e, a), $"M{i:000}: expected {e}, got {a}");
            }
        }

        [Fact]
        public void The_two_names_share_a_key()
        {
            Assert.Equal(7004, AmberCode.KeyOf("M092"));
            Assert.Equal(7004, AmberCode.KeyOf("M148"));
        }

        [Fact]
        public void Every_member_set_round_trips()
        {
            Entity200 e = Fill<Entity200>(200, _ => true, 3);
            AssertMembers(e, AmberSerializer.Deserialize<Entity200>(AmberSerializer.Serialize(e))!, 200);
        }

        [Fact]
        public void Any_few_members_round_trip_including_one_of_the_pair_alone()
        {
            var random = new Random(7);
            for (int round = 0; round < 50; round++)
            {
                var picked = new HashSet<int>(Enumerable.Range(0, 6).Select(_ => random.Next(200)));
                if (round == 0) picked = new HashSet<int> { 148 };
                if (round == 1) picked = new HashSet<int> { 92 };
                Entity200 e = Fill<Entity200>(200, picked.Contains, round);
                AssertMembers(e, AmberSerializer.Deserialize<Entity200>(AmberSerializer.Serialize(e))!, 200);
            }
        }

        [Fact]
        public void An_older_version_with_150_members_reads_the_new_data_and_the_new_version_reads_the_old()
        {
            Entity200 v2 = Fill<Entity200>(200, i => i % 3 != 1, 5);
            Entity150 asV1 = AmberSerializer.Deserialize<Entity150>(AmberSerializer.Serialize(v2))!;
            AssertMembers(v2, asV1, 150);

            Entity150 v1 = Fill<Entity150>(150, i => i % 2 == 0 || i == 92 || i == 148, 6);
            Entity200 asV2 = AmberSerializer.Deserialize<Entity200>(AmberSerializer.Serialize(v1))!;
            AssertMembers(v1, asV2, 150);
            for (int i = 150; i < 200; i++) Assert.Null(i % 5 is 1 or 2 or 4 ? Get(asV2, i) : null);
            Assert.Equal(0L, asV2.M153);

            // Lists of them, so shapes are defined once and referred to after.
            var many = Enumerable.Range(0, 20).Select(s => Fill<Entity200>(200, i => (i + s) % 4 == 0, s)).ToList();
            List<Entity150> back = AmberSerializer.Deserialize<List<Entity150>>(AmberSerializer.Serialize(many))!;
            for (int k = 0; k < many.Count; k++) AssertMembers(many[k], back[k], 150);
        }

        [Fact]
        public void A_small_reader_with_one_of_the_pair_takes_its_own_value_not_the_other_one()
        {
            var e = new Entity200 { M001 = "a", M092 = 9.5, M148 = 148, M198 = 198 };
            Entity148Only small = AmberSerializer.Deserialize<Entity148Only>(AmberSerializer.Serialize(e))!;
            Assert.Equal("a", small.M001);
            Assert.Equal(148, small.M148);
            Assert.Equal(198, small.M198);

            // M092 set and M148 not: the small reader's M148 stays 0, though M092 has its key.
            small = AmberSerializer.Deserialize<Entity148Only>(AmberSerializer.Serialize(new Entity200 { M092 = 1.5 }))!;
            Assert.Equal(0, small.M148);
        }
    }
}
