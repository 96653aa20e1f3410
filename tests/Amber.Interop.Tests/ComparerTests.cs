using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Interop.Model;
using Xunit;

namespace Amber.Interop.Tests
{
    /// <summary>The comparer catches each kind of difference a reader in another language could make, with its member path.</summary>
    public class ComparerTests
    {
        private static T Value<T>(string caseName) => (T)Cases.Get(caseName).Expected()!;

        private static string? Compare(object? expected, object? actual, bool referenceMode = false) =>
            InteropComparer.Compare(expected, actual, InteropComparer.TypeName(expected!.GetType()), referenceMode);

        /// <summary>Two fresh values of every case compare equal, identities included: the comparer sees no difference where there is none.</summary>
        [Fact]
        public void Every_case_equals_a_fresh_copy_of_itself()
        {
            foreach (InteropCase c in Cases.All)
            {
                Assert.Null(InteropComparer.Compare(c.Expected(), c.Expected(), c.Name, c.ReferenceMode));
            }
        }

        [Fact]
        public void A_changed_member_at_depth_is_reported_with_its_path()
        {
            Order expected = Value<Order>("nested-order"), actual = Value<Order>("nested-order");
            actual.Lines[3].Price = 1.25;
            Assert.Equal("Order.Lines[3].Price: expected 1.5, got 1.25", Compare(expected, actual));

            actual = Value<Order>("nested-order");
            actual.Customer!.Address!.City = "Paris";
            Assert.Equal("Order.Customer.Address.City: expected \"London\", got \"Paris\"", Compare(expected, actual));
        }

        [Fact]
        public void The_sign_of_zero_counts()
        {
            Floats expected = Value<Floats>("floats-special"), actual = Value<Floats>("floats-special");
            actual.DoubleD = 0.0;
            Assert.Equal("Floats.DoubleD: expected -0.0, got 0", Compare(expected, actual));

            actual = Value<Floats>("floats-special");
            actual.SingleD = 0.0f;
            Assert.StartsWith("Floats.SingleD: expected -0.0f", Compare(expected, actual));

            actual = Value<Floats>("floats-special");
            actual.HalfD = Half.Zero;
            Assert.StartsWith("Floats.HalfD: expected -0.0 (Half)", Compare(expected, actual));
        }

        /// <summary>NaN equals NaN whatever its payload bits (JavaScript keeps none), and differs from every number.</summary>
        [Fact]
        public void A_NaN_equals_any_NaN_and_nothing_else()
        {
            Floats expected = Value<Floats>("floats-special"), actual = Value<Floats>("floats-special");
            actual.DoubleA = BitConverter.Int64BitsToDouble(0x7FF8_0000_0000_0001);
            Assert.Null(Compare(expected, actual));
            actual.DoubleA = double.PositiveInfinity;
            Assert.Equal("Floats.DoubleA: expected NaN, got Infinity", Compare(expected, actual));
        }

        [Fact]
        public void A_float_one_bit_off_differs()
        {
            Floats expected = Value<Floats>("floats-typical"), actual = Value<Floats>("floats-typical");
            actual.DoubleE = BitConverter.Int64BitsToDouble(BitConverter.DoubleToInt64Bits(actual.DoubleE) + 1);
            Assert.StartsWith("Floats.DoubleE: expected 0.3333333333333333, got 0.33333333333333337", Compare(expected, actual));
        }

        [Fact]
        public void A_DateTime_of_another_kind_differs_though_its_ticks_are_equal()
        {
            Times expected = Value<Times>("times-kinds"), actual = Value<Times>("times-kinds");
            actual.Utc = DateTime.SpecifyKind(actual.Utc, DateTimeKind.Unspecified);
            string? diff = Compare(expected, actual);
            Assert.NotNull(diff);
            Assert.StartsWith("Times.Utc: expected 2026-11-26T15:30:45.1234567Z (Utc,", diff);
            Assert.Contains("got 2026-11-26T15:30:45.1234567 (Unspecified,", diff);
        }

        [Fact]
        public void A_DateTime_one_tick_off_differs()
        {
            Times expected = Value<Times>("times-kinds"), actual = Value<Times>("times-kinds");
            actual.Local = actual.Local.AddTicks(-1);
            Assert.StartsWith("Times.Local: expected", Compare(expected, actual));
        }

        [Fact]
        public void A_DateTimeOffset_of_the_same_instant_with_another_offset_differs()
        {
            Times expected = Value<Times>("times-kinds"), actual = Value<Times>("times-kinds");
            actual.East = actual.East.ToOffset(TimeSpan.Zero);
            Assert.Equal(expected.East.UtcTicks, actual.East.UtcTicks);
            Assert.StartsWith("Times.East: expected 2026-01-02T03:04:05.0004321+05:45, got 2026-01-01T21:19:05.0004321+00:00", Compare(expected, actual));
        }

        [Fact]
        public void A_decimal_of_another_scale_differs()
        {
            Decimals expected = Value<Decimals>("decimals"), actual = Value<Decimals>("decimals");
            actual.A = 1.5m;
            Assert.Equal(expected.A, actual.A);
            Assert.Equal("Decimals.A: expected 1.50m, got 1.5m", Compare(expected, actual));
        }

        [Fact]
        public void A_missing_or_extra_dictionary_key_is_reported()
        {
            Dictionaries expected = Value<Dictionaries>("dictionaries"), actual = Value<Dictionaries>("dictionaries");
            actual.Counts!.Remove("walls");
            Assert.Equal("Dictionaries.Counts[\"walls\"]: expected the key, got no such key", Compare(expected, actual));

            actual = Value<Dictionaries>("dictionaries");
            actual.Names![7] = "seven";
            Assert.Equal("Dictionaries.Names[7]: expected no such key, got one", Compare(expected, actual));

            actual = Value<Dictionaries>("dictionaries");
            ((Item)actual.Things![new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff")]!).Count = 3;
            Assert.Equal("Dictionaries.Things[ffffffff-ffff-ffff-ffff-ffffffffffff].Count: expected 2, got 3", Compare(expected, actual));
        }

        [Fact]
        public void Dictionaries_and_sets_compare_in_any_order()
        {
            Dictionaries expected = Value<Dictionaries>("dictionaries"), actual = Value<Dictionaries>("dictionaries");
            actual.Counts = actual.Counts!.Reverse().ToDictionary(p => p.Key, p => p.Value);
            Assert.NotEqual(expected.Counts!.Keys.First(), actual.Counts.Keys.First());
            Assert.Null(Compare(expected, actual));

            Primitives e = Value<Primitives>("primitives"), a = Value<Primitives>("primitives");
            a.IntSet = new HashSet<int>(a.IntSet!.Reverse());
            Assert.Null(Compare(e, a));
            a.IntSet.Remove(30);
            a.IntSet.Add(31);
            Assert.Equal("Primitives.IntSet: expected an element 30, got none equal", Compare(e, a));
        }

        [Fact]
        public void A_list_of_another_length_or_order_differs()
        {
            Primitives expected = Value<Primitives>("primitives"), actual = Value<Primitives>("primitives");
            actual.IntList!.Add(2);
            Assert.Equal("Primitives.IntList: expected 3 elements, got 4", Compare(expected, actual));
            actual = Value<Primitives>("primitives");
            actual.IntList!.Reverse();
            Assert.Equal("Primitives.IntList[0]: expected 5, got 3", Compare(expected, actual));
        }

        [Fact]
        public void A_multidimensional_array_is_compared_by_index_and_by_its_lengths()
        {
            Grids expected = Value<Grids>("grids"), actual = Value<Grids>("grids");
            actual.Matrix![1, 2] = 60;
            Assert.Equal("Grids.Matrix[1,2]: expected 6, got 60", Compare(expected, actual));
            actual = Value<Grids>("grids");
            actual.Matrix = new[,] { { 1, 2 }, { 3, 4 }, { 5, 6 } };
            Assert.Equal("Grids.Matrix: expected length 2 in dimension 0, got 3", Compare(expected, actual));
            actual = Value<Grids>("grids");
            actual.Jagged![1] = Array.Empty<int>();
            Assert.Equal("Grids.Jagged[1]: expected null, got Int32[] of 0", Compare(expected, actual));
        }

        [Fact]
        public void A_value_of_another_type_in_an_object_member_differs()
        {
            Dynamic expected = Value<Dynamic>("object-members"), actual = Value<Dynamic>("object-members");
            actual.Int = 5L;
            Assert.Equal("Dynamic.Int: expected a Int32 (5), got a Int64 (5)", Compare(expected, actual));
            actual = Value<Dynamic>("object-members");
            actual.Shape = new Rectangle { Name = "in object" };
            Assert.StartsWith("Dynamic.Shape: expected a Circle", Compare(expected, actual));
        }

        [Fact]
        public void An_enum_value_and_a_char_show_what_differs()
        {
            Enums expected = Value<Enums>("enums"), actual = Value<Enums>("enums");
            actual.Undefined = (Temperature)43;
            Assert.Equal("Enums.Undefined: expected 42 (42), got 43 (43)", Compare(expected, actual));
            Texts te = Value<Texts>("strings"), ta = Value<Texts>("strings");
            ta.Surrogate = '\ud83e';
            Assert.Equal("Texts.Surrogate: expected '\\ud83d', got '\\ud83e'", Compare(te, ta));
        }

        [Fact]
        public void In_reference_mode_a_shared_object_read_as_two_instances_differs()
        {
            Graph expected = Value<Graph>("graph-shared"), actual = Value<Graph>("graph-shared");
            actual.Second = new Item { Name = actual.First!.Name, Count = actual.First.Count };
            Assert.Null(Compare(expected, actual, referenceMode: false));
            Assert.Equal("Graph.Second: expected the same instance as Graph.First, got another instance", Compare(expected, actual, referenceMode: true));

            actual = Value<Graph>("graph-shared");
            actual.NumbersB = new List<int>(actual.NumbersA!);
            Assert.Equal("Graph.NumbersB: expected the same instance as Graph.NumbersA, got another instance", Compare(expected, actual, referenceMode: true));
        }

        [Fact]
        public void In_reference_mode_a_cycle_that_does_not_point_back_differs()
        {
            Graph expected = Value<Graph>("graph-cycle"), actual = Value<Graph>("graph-cycle");
            Node left = actual.Root!.Children[0];
            // A copy of the root where the back-pointer should be: equal member by member, but not the root itself.
            left.Parent = new Node { Name = "root", Children = actual.Root.Children, Link = actual.Root.Link, Tag = actual.Root.Tag };
            Assert.Equal("Graph.Root.Children[0].Parent: expected the same instance as Graph.Root, got another instance", Compare(expected, actual, referenceMode: true));
        }

        [Fact]
        public void In_reference_mode_two_objects_read_as_one_instance_differ()
        {
            Graph expected = Value<Graph>("graph-unshared"), actual = Value<Graph>("graph-unshared");
            actual.Second = actual.First;
            Assert.Null(Compare(expected, actual, referenceMode: false));
            Assert.Equal("Graph.Second: expected an instance of its own, got the instance of Graph.First", Compare(expected, actual, referenceMode: true));
        }

        [Fact]
        public void A_null_where_a_value_is_expected_differs()
        {
            Texts expected = Value<Texts>("strings"), actual = Value<Texts>("strings");
            actual.Empty = null!;
            Assert.Equal("Texts.Empty: expected \"\", got null", Compare(expected, actual));
            Blobs be = Value<Blobs>("bytes"), ba = Value<Blobs>("bytes");
            ba.All![200] = 0;
            Assert.StartsWith("Blobs.All: expected byte[256] 000102", Compare(be, ba));
        }
    }
}
