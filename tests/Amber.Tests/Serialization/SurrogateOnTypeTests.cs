using System.Collections.Generic;
using System.Linq;
using Amber.Tests.Models.Objects;
using Amber.Tests.Models.SelfSurrogate;
using Amber.Tests.Plugin;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>A surrogate declared on the surrogate type (<c>[AmberSurrogate(typeof(Target))] struct TargetSurrogate</c>) applies wherever the target appears.</summary>
    public class SurrogateOnTypeTests
    {
        private static Route MakeRoute() => new Route
        {
            Heading = Bearing.FromDegrees(12.5),
            Optional = Bearing.FromDegrees(-3),
            Track = new List<Bearing> { Bearing.FromDegrees(1), Bearing.FromDegrees(359.999) },
            Array = new[] { Bearing.FromDegrees(90) },
            Named = new Dictionary<string, Bearing> { ["north"] = Bearing.FromDegrees(0.001) },
            Boxed = new Crate<Bearing> { Item = Bearing.FromDegrees(45), Items = new List<Bearing> { Bearing.FromDegrees(46) } },
            Fuel = Gauge.FromPercent(62.5),
            Gauges = new List<Gauge> { Gauge.FromPercent(1), Gauge.FromPercent(100) },
        };

        [Fact]
        public void The_surrogate_applies_to_members_nullables_lists_arrays_dictionaries_and_generic_arguments()
        {
            byte[] bytes = AmberSerializer.Serialize(MakeRoute());
            foreach (Route back in new[] { AmberSerializer.Deserialize<Route>(bytes)!, AmberSerializer.Deserialize<Route>(Segments.OneByte(bytes))! })
            {
                Assert.Equal(12.5, back.Heading.Degrees);
                Assert.Equal(-3, back.Optional!.Value.Degrees);
                Assert.Equal(new[] { 1, 359.999 }, back.Track!.Select(b => b.Degrees));
                Assert.Equal(90, Assert.Single(back.Array!).Degrees);
                Assert.Equal(0.001, back.Named!["north"].Degrees);
                Assert.Equal(45, back.Boxed!.Item.Degrees);
                Assert.Equal(46, Assert.Single(back.Boxed.Items!).Degrees);
                Assert.Equal(62.5, back.Fuel!.ToPercent());
                Assert.Equal(new double[] { 1, 100 }, back.Gauges!.Select(g => g.ToPercent()));
            }

            Route empty = AmberSerializer.Deserialize<Route>(AmberSerializer.Serialize(new Route { Fuel = Gauge.FromPercent(0) }))!;
            Assert.Null(empty.Optional);
            Assert.Null(empty.Track);
            Assert.Equal(0, empty.Heading.Degrees);

            // As a root, too.
            Assert.Equal(7.25, AmberSerializer.Deserialize<Bearing>(AmberSerializer.Serialize(Bearing.FromDegrees(7.25))).Degrees);
            Assert.Equal(7.5, AmberSerializer.Deserialize<Bearing?>(AmberSerializer.Serialize<Bearing?>(Bearing.FromDegrees(7.5)))!.Value.Degrees);
        }

        [Fact]
        public void The_wire_holds_the_surrogates_members_so_a_plain_type_with_those_names_reads_it()
        {
            byte[] bytes = AmberSerializer.Serialize(MakeRoute());
            string hex = HandWire.Hex(bytes);
            Assert.Contains(HandWire.Tag("Millidegrees", WireType.Varint), hex);
            Assert.Contains(HandWire.Tag("Percent", WireType.Fixed64), hex);

            PlainRoute plain = AmberSerializer.Deserialize<PlainRoute>(bytes)!;
            Assert.Equal(12500, plain.Heading.Millidegrees);
            Assert.Equal(-3000, plain.Optional!.Value.Millidegrees);
            Assert.Equal(new[] { 1000, 359999 }, plain.Track!.Select(b => b.Millidegrees));
            Assert.Equal(1, plain.Named!["north"].Millidegrees);
            Assert.Equal(45000, plain.Boxed!.Item.Millidegrees);
            Assert.Equal(62.5, plain.Fuel!.Value.Percent);

            // And the other way: data written by the plain types reads as the targets.
            var written = new PlainRoute { Heading = new PlainBearing { Millidegrees = 1500 }, Fuel = new PlainGauge { Percent = 5 } };
            Route route = AmberSerializer.Deserialize<Route>(AmberSerializer.Serialize(written))!;
            Assert.Equal(1.5, route.Heading.Degrees);
            Assert.Equal(5, route.Fuel!.ToPercent());
        }

        [Fact]
        public void A_null_class_type_target_is_written_as_null_and_read_back_as_null()
        {
            var route = new Route { Fuel = null, Gauges = new List<Gauge> { Gauge.FromPercent(1), null! } };
            Route back = AmberSerializer.Deserialize<Route>(AmberSerializer.Serialize(route))!;
            Assert.Null(back.Fuel);
            Assert.Null(back.Gauges![1]);
        }

        [Fact]
        public void A_surrogate_target_of_the_model_is_a_known_type_in_object_members()
        {
            // The generator registers the types of its model that are written through a surrogate (format §7.3).
            Assert.True(AmberKnownTypes.IsKnown(typeof(BearingSurrogate)));
            Assert.True(AmberKnownTypes.IsKnown(typeof(Bearing)));
            var back = AmberSerializer.Deserialize<Cell>(AmberSerializer.Serialize(new Cell { Value = Bearing.FromDegrees(1.5) }))!;
            Assert.Equal(1.5, Assert.IsType<Bearing>(back.Value).Degrees);
        }

        [Fact]
        public void The_fix_offered_for_an_unknown_object_type_is_one_that_works()
        {
            // The error suggests [assembly: AmberSerializable(typeof(T))]; for an enum only named that way, it works.
            Assert.True(AmberKnownTypes.IsKnown(typeof(Amber.Tests.Models.NamedOnlyMood)));
            var back = AmberSerializer.Deserialize<Cell>(AmberSerializer.Serialize(new Cell { Value = Amber.Tests.Models.NamedOnlyMood.Sunny }))!;
            Assert.Equal(Amber.Tests.Models.NamedOnlyMood.Sunny, back.Value);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(new Cell { Value = new System.Text.StringBuilder() }));
            Assert.Contains("AmberSerializable(typeof(StringBuilder))", ex.Message);
        }
    }
}
