using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Orleans.Configuration;
using Orleans.Runtime;
using Orleans.Serialization.Serializers;
using Orleans.Storage;
using Xunit;

namespace Amber.Orleans.Tests
{
    /// <summary>Grain calls and grain state on a real in-process cluster (one silo, one client) with Amber's codec and storage serializer.</summary>
    [Collection(ClusterCollection.Name)]
    public sealed class ClusterTests
    {
        private readonly ClusterFixture _fixture;

        public ClusterTests(ClusterFixture fixture) => _fixture = fixture;

        private IDrawingGrain Drawing(string key) => _fixture.Cluster.Client.GetGrain<IDrawingGrain>(key);

        [Fact]
        public async Task An_abstract_parameter_carries_its_subtypes_to_the_grain_and_back()
        {
            var shapes = new List<Shape>
            {
                new Rectangle { Name = "door", Width = 1, Height = 2 },
                new Circle { Name = "sun", Radius = 3 },
            };

            Shape largest = await Drawing("poly").Largest(shapes).WaitAsync(ClusterFixture.Timeout);

            Circle circle = Assert.IsType<Circle>(largest);
            Assert.Equal("sun", circle.Name);
            Assert.Equal(3, circle.Radius);
        }

        [Fact]
        public async Task Several_arguments_with_collections_a_record_and_a_struct_come_back_in_the_result()
        {
            var shapes = new List<Shape> { new Circle { Name = "c", Radius = 0.5 }, new Rectangle { Name = "r", Width = 4, Height = 5 } };
            var anchors = new Dictionary<string, Point> { ["origin"] = new Point { X = 0, Y = 0 }, ["corner"] = new Point { X = 7, Y = -3 } };

            Drawing drawing = await Drawing("compose").Compose("plan", shapes, anchors, new Money(12.5m, "EUR")).WaitAsync(ClusterFixture.Timeout);

            Assert.Equal("plan", drawing.Title);
            Assert.Equal(0.5, Assert.IsType<Circle>(drawing.Shapes[0]).Radius);
            Rectangle r = Assert.IsType<Rectangle>(drawing.Shapes[1]);
            Assert.Equal((4.0, 5.0, "r"), (r.Width, r.Height, r.Name));
            Assert.Equal(new Point { X = 7, Y = -3 }, drawing.Anchors["corner"]);
            Assert.Equal(2, drawing.Anchors.Count);
            Assert.Equal(new Money(12.5m, "EUR"), drawing.Price);
        }

        [Fact]
        public async Task A_struct_and_primitives_as_arguments_and_a_struct_as_result()
        {
            Point moved = await Drawing("move").Move(new Point { X = 2, Y = 3 }, 10, -1).WaitAsync(ClusterFixture.Timeout);
            Assert.Equal(new Point { X = 12, Y = 2 }, moved);
        }

        [Fact]
        public async Task Records_as_arguments_and_result()
        {
            Money sum = await Drawing("add").Add(new Money(1.25m, "CHF"), new Money(2m, "CHF")).WaitAsync(ClusterFixture.Timeout);
            Assert.Equal(new Money(3.25m, "CHF"), sum);
        }

        [Fact]
        public async Task A_call_between_grains_of_one_silo_gets_a_deep_copy()
        {
            var drawing = new Drawing { Title = "t", Shapes = { new Circle { Name = "c", Radius = 2 } }, Anchors = { ["a"] = new Point { X = 1 } }, Price = new Money(1, "EUR") };

            (Drawing copy, bool sameInstance) = await Drawing("forward").ForwardInSilo(drawing).WaitAsync(ClusterFixture.Timeout);

            // Inside the silo the echo grain got a copy (not the caller's object) and its result was copied again.
            Assert.False(sameInstance);
            Assert.Equal("t", copy.Title);
            Assert.Equal(2, Assert.IsType<Circle>(Assert.Single(copy.Shapes)).Radius);
            Assert.Equal(1, copy.Anchors["a"].X);
        }

        [Fact]
        public async Task Orleans_keeps_a_GenerateSerializer_type_and_Amber_takes_the_others()
        {
            NativeLabel label = await Drawing("native").Enlarge(new NativeLabel { Text = "hi", Size = 4 }).WaitAsync(ClusterFixture.Timeout);
            Assert.Equal(("hi", 8), (label.Text, label.Size));

            var codecs = _fixture.Cluster.Silos[0].ServiceProvider.GetRequiredService<ICodecProvider>();
            var amber = _fixture.Cluster.Silos[0].ServiceProvider.GetRequiredService<AmberOrleansCodec>();
            // Amber has a formatter for NativeLabel, yet the codec Orleans uses for it is its generated one.
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(NativeLabel)));
            Assert.False(amber.Handles(typeof(NativeLabel)));
            Assert.NotSame(amber, codecs.GetCodec(typeof(NativeLabel)));
            Assert.Same(amber, codecs.GetCodec(typeof(Drawing)));
            Assert.Same(amber, codecs.GetCodec(typeof(Shape)));
            Assert.Same(amber, codecs.GetCodec(typeof(Circle)));
        }

        [Fact]
        public async Task Grain_state_is_stored_by_Amber_and_read_back_after_the_grain_is_deactivated()
        {
            ILedgerGrain ledger = _fixture.Cluster.Client.GetGrain<ILedgerGrain>("alice");
            await ledger.Record(new Money(5, "EUR"), "home", new Circle { Name = "home", Radius = 1.5 }).WaitAsync(ClusterFixture.Timeout);
            await ledger.Record(new Money(-2, "EUR"), "work", new Rectangle { Name = "work", Width = 3, Height = 4 }).WaitAsync(ClusterFixture.Timeout);

            await _fixture.Cluster.DeactivateAsync(ledger).WaitAsync(ClusterFixture.Timeout);
            Ledger state = await ledger.Read().WaitAsync(ClusterFixture.Timeout);

            Assert.Equal("alice", state.Owner);
            Assert.Equal(new[] { new Money(5, "EUR"), new Money(-2, "EUR") }, state.Entries);
            Assert.Equal(1.5, Assert.IsType<Circle>(state.Pins["home"]).Radius);
            Assert.Equal(12, Assert.IsType<Rectangle>(state.Pins["work"]) is var w ? w.Width * w.Height : 0);

            // The provider (Orleans' in-memory storage, which keeps the bytes its serializer gives it) uses Amber's serializer.
            var options = _fixture.Cluster.Silos[0].ServiceProvider.GetRequiredService<IOptionsMonitor<MemoryGrainStorageOptions>>().Get(ClusterFixture.StorageName);
            Assert.IsType<AmberGrainStorageSerializer>(options.GrainStorageSerializer);
        }

        [Fact]
        public async Task A_storage_provider_of_ones_own_stores_the_grain_state_as_an_Amber_payload()
        {
            IKeptLedgerGrain ledger = _fixture.Cluster.Client.GetGrain<IKeptLedgerGrain>("carol");
            await ledger.Record(new Money(7, "EUR"), "desk", new Circle { Name = "desk", Radius = 2 }).WaitAsync(ClusterFixture.Timeout);

            var storage = Assert.IsType<KeptBytesStorage>(_fixture.Cluster.Silos[0].ServiceProvider.GetRequiredKeyedService<IGrainStorage>(ClusterFixture.KeptStorageName));
            Assert.IsType<AmberGrainStorageSerializer>(storage.Serializer);
            byte[] stored = Assert.Single(storage.Stored, e => e.Key.Contains("carol", StringComparison.Ordinal)).Value;
            Ledger written = AmberSerializer.Deserialize<Ledger>(stored)!;
            Assert.Equal("carol", written.Owner);
            Assert.Equal(new[] { new Money(7, "EUR") }, written.Entries);

            await _fixture.Cluster.DeactivateAsync(ledger).WaitAsync(ClusterFixture.Timeout);
            Ledger back = await ledger.Read().WaitAsync(ClusterFixture.Timeout);
            Assert.Equal(2, Assert.IsType<Circle>(back.Pins["desk"]).Radius);
        }

        [Fact]
        public async Task A_client_calling_a_grain_whose_stored_state_is_damaged_catches_Ambers_exception_with_the_problem_offset_and_fix()
        {
            IDamagedLedgerGrain ledger = _fixture.Cluster.Client.GetGrain<IDamagedLedgerGrain>("torn");
            await ledger.Record(new Money(1, "EUR"), "p", new Circle { Name = "p", Radius = 1 }).WaitAsync(ClusterFixture.Timeout);
            await _fixture.Cluster.DeactivateAsync(ledger).WaitAsync(ClusterFixture.Timeout);

            // Orleans wraps the storage failure of the activation in an OrleansException whose message flattens the chain;
            // the caller gets Amber's exception itself, its message first.
            AmberOrleansException ex = await Assert.ThrowsAsync<AmberOrleansException>(() => ledger.Read().WaitAsync(ClusterFixture.Timeout));

            Assert.Equal(AmberOrleansValueKind.GrainState, ex.Kind);
            Assert.Equal(typeof(Ledger), ex.ValueType);
            Assert.StartsWith("Orleans grain state of type '" + typeof(Ledger).FullName + "': The data ended early", ex.Message);
            Assert.True(ex.ByteOffset > 0, ex.Message);
            Assert.Contains("at byte offset " + ex.ByteOffset, ex.Message);
            Assert.StartsWith("Ledger.Pins", ex.MemberPath);
            Assert.Contains("restore it from a backup or clear it", ex.Message);
            Assert.DoesNotContain("Exc level", ex.Message);

            // Orleans' own exception, which names the provider and the grain, stays at hand.
            var orleans = Assert.IsAssignableFrom<OrleansException>(ex.Data["OrleansException"]);
            Assert.Contains("ReadStateAsync", orleans.Message);
            Assert.Contains("torn", orleans.Message);
        }
    }
}
