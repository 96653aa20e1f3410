using System;
using System.Text;
using System.Threading.Tasks;
using Amber.Json;
using Amber.Metadata;
using Amber.Tests.Models.Inline;
using Game;
using Xunit;

namespace Amber.Tests.Json
{
    /// <summary>
    /// Every shape takes a process-wide slot for good, and every thread's writer state grows to the highest one
    /// (<see cref="AmberShape.SlotCount"/>), so the runtime makes its shapes once per type. Reading JSON back and
    /// registering a type again take no slot once each type has been through once: a service that reads JSON all day
    /// keeps the memory it had after its first requests. These tests count slots, so they run alone (a test running
    /// beside them would make its types' shapes).
    /// </summary>
    [Collection(nameof(ShapeSlotCollection))]
    public class FromJsonShapeSlotTests
    {
        private const int Calls = 500;
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        [Fact]
        public void Reading_json_back_takes_no_shape_slot_per_call()
        {
            // Declared classes (Save, Hero: their untyped shapes), a polymorphic list (typed shapes), object values
            // (built-in value shapes), inline structs (their inline shapes) and reference mode with a shared object.
            byte[] save = AmberSerializer.Serialize(JsonViewTests.SmallSave());
            string saveJson = AmberJson.ToJson<Save>(save);
            byte[] saveUtf8 = Encoding.UTF8.GetBytes(saveJson);
            byte[] savePayload = AmberJson.PayloadFromJson<Save>(saveUtf8);   // (its int[] as varints, not packed as the serializer's)
            var sprite = new Sprite { Position = new Vector2 { X = 1.5f }, Tint = new Color { R = 9 } };
            byte[] sprites = AmberSerializer.Serialize(sprite);
            string spriteJson = AmberJson.ToJson<Sprite>(sprites);
            var shared = new Tag { Name = "shared" };
            var scene = new Scene { Origin = new Vector2 { Y = 2 }, First = shared, Second = new Tag { Name = "second" }, Third = shared };
            byte[] scenes = AmberSerializer.Serialize(scene, Refs);
            string sceneJson = AmberJson.ToJson<Scene>(scenes, Refs);
            byte[] sceneUtf8 = Encoding.UTF8.GetBytes(sceneJson);

            void ReadAll()
            {
                Assert.Equal(save, AmberSerializer.Serialize(AmberJson.FromJson<Save>(saveJson)));
                Assert.Equal(savePayload, AmberJson.PayloadFromJson<Save>(saveUtf8));
                Assert.Equal(sprite.Tint, AmberJson.FromJson<Sprite>(spriteJson)!.Tint);
                Assert.Equal(sprites, AmberJson.PayloadFromJson<Sprite>(Encoding.UTF8.GetBytes(spriteJson)));
                Scene back = AmberJson.FromJson<Scene>(sceneJson, Refs)!;
                Assert.Same(back.First, back.Third);
                Assert.Equal(scenes, AmberJson.PayloadFromJson<Scene>(sceneUtf8, Refs));
            }

            ReadAll();   // the first calls make each type's shapes
            int slots = AmberShape.SlotCount;
            for (int i = 0; i < Calls; i++) ReadAll();
            Parallel.For(0, 4, _ =>
            {
                for (int i = 0; i < Calls / 4; i++) ReadAll();
            });
            Assert.Equal(slots, AmberShape.SlotCount);
        }

        [Fact]
        public void Registering_a_value_type_again_takes_no_shape_slot()
        {
            AmberKnownTypes.EnsureRegistered(typeof(Mood));
            Assert.True(AmberKnownTypes.IsKnown(typeof(Mood)));
            byte[] before = AmberSerializer.Serialize<object>(Mood.Sleepy);
            int slots = AmberShape.SlotCount;
            for (int i = 0; i < Calls; i++)
            {
                // Not as its generated code registers it: the first registration wins, so this one must change nothing.
                AmberMetadata.Register(new AmberValueInfo<Mood>
                {
                    CSharpName = "Game.Mood",
                    WireType = WireType.Fixed64,
                    Write = (ref AmberWriter w, Mood m) => throw new InvalidOperationException("The second registration was used."),
                    Read = (ref AmberReader r, WireType wt) => throw new InvalidOperationException("The second registration was used."),
                });
            }
            Assert.Equal(slots, AmberShape.SlotCount);
            Assert.Equal(before, AmberSerializer.Serialize<object>(Mood.Sleepy));
            Assert.Equal(Mood.Sleepy, AmberSerializer.Deserialize<object>(before));
        }
    }

    /// <summary>The tests that count shape slots: run after the parallel tests, one at a time.</summary>
    [CollectionDefinition(nameof(ShapeSlotCollection), DisableParallelization = true)]
    public sealed class ShapeSlotCollection
    {
    }
}
