using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Versioning;
using System.Threading.Tasks;
using Amber.Streaming;
using Amber.Tests.NetStandard;
using Xunit;
using Xunit.Abstractions;
using static Amber.Tests.Serialization.NetStandardSaveModel;

namespace Amber.Tests.NetStandardRuntime
{
    /// <summary>
    /// The netstandard2.1 game model (tests/Amber.Tests.NetStandard) round-tripped on Amber's netstandard2.1
    /// runtime build, the build a Unity project loads. The first test proves that build is the one running,
    /// so the others cannot pass on the net8.0 build by accident.
    /// </summary>
    public class NetStandardRuntimeTests
    {
        private static readonly Assembly s_amber = typeof(AmberSerializer).Assembly;
        private static readonly Assembly s_library = typeof(SaveGame).Assembly;

        private readonly ITestOutputHelper _output;

        public NetStandardRuntimeTests(ITestOutputHelper output)
        {
            _output = output;
            // What a Unity project does at start-up (docs/unity.md): register the library's generated codecs
            // by hand rather than count on its module initializer. Running it again is harmless.
            SaveSystem.RegisterCodecs();
        }

        [Fact]
        public void The_Amber_assembly_loaded_is_the_netstandard2_1_build_from_this_output_folder()
        {
            TargetFrameworkAttribute? framework = s_amber.GetCustomAttribute<TargetFrameworkAttribute>();
            _output.WriteLine($"Amber loaded from {s_amber.Location}: {framework?.FrameworkName}, {s_amber.FullName}");
            Assert.NotNull(framework);
            Assert.Equal(".NETStandard,Version=v2.1", framework!.FrameworkName);
            Assert.Contains(s_amber.GetReferencedAssemblies(), a => a.Name == "netstandard");
            Assert.Equal(Path.Combine(AppContext.BaseDirectory, "Amber.dll"), s_amber.Location);
            // One Amber in the process: the model library binds to this same assembly, not to a second build.
            Assert.Single(AppDomain.CurrentDomain.GetAssemblies(), a => a.GetName().Name == "Amber");
            Assert.Contains(s_library.GetReferencedAssemblies(), a => a.Name == "Amber" && a.Version == s_amber.GetName().Version);
        }

        [Fact]
        public void The_formatters_in_use_were_generated_in_the_netstandard2_1_library()
        {
            TargetFrameworkAttribute? framework = s_library.GetCustomAttribute<TargetFrameworkAttribute>();
            Assert.Equal(".NETStandard,Version=v2.1", framework?.FrameworkName);
            Assert.Same(s_library, AmberFormatterRegistry.Get<SaveGame>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<ItemDef>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<Armory>().GetType().Assembly);
        }

        [Fact]
        public void A_save_game_round_trips_member_by_member()
        {
            SaveGame save = MakeSave();
            byte[] bytes = SaveSystem.Save(save);
            AssertSaveEqual(save, SaveSystem.Load(bytes)!);
            // Called from here, AmberSerializer finds the same codecs through the registry and writes the same bytes.
            Assert.Equal(bytes, AmberSerializer.Serialize(save, SaveSystem.Options));
            AssertSaveEqual(save, AmberSerializer.Deserialize<SaveGame>(bytes, SaveSystem.Options)!);
        }

        [Fact]
        public void Shared_objects_keep_their_identity_and_cycles_survive()
        {
            SaveGame back = SaveSystem.Load(SaveSystem.Save(MakeSave()))!;
            var hero = (Hero)back.Entities[0];
            var wolf = (Monster)back.Entities[1];
            var chest = (Chest)back.Entities[3];
            Assert.Same(wolf, hero.Target);          // hero → wolf → hero: a cycle
            Assert.Same(hero, wolf.Target);
            Assert.Same(wolf, back.Selected);
            Assert.Same(wolf, back.Flags["lastKiller"]);   // the same object, held through object
            Assert.Same(hero.Inventory[0], chest.Contents[0]);
            Assert.Same(hero.Inventory[0], hero.Hotbar[0]);
            Assert.Same(hero.Inventory[1], hero.Hotbar[2]);
            Assert.Same(back.Catalog[0], back.Featured);
            Assert.NotSame(hero.Inventory[0], hero.Inventory[1]);
        }

        [Fact]
        public void Internal_setters_and_fields_and_constructor_parameters_round_trip()
        {
            var armory = new Armory();
            armory.Stats.Grant(17, 424242, "dual-wield", "night-vision");
            armory.Blueprints.Add(new WeaponBlueprint("Longbow", 12, 40.5f));
            Armory back = SaveSystem.LoadArmory(SaveSystem.SaveArmory(armory))!;
            Assert.Equal(17, back.Stats.Strength);
            Assert.Equal(424242, back.Stats.HiddenSeed);
            Assert.Equal(new[] { "dual-wield", "night-vision" }, back.Stats.Perks);
            WeaponBlueprint bow = Assert.Single(back.Blueprints);
            Assert.Equal("Longbow", bow.Name);
            Assert.Equal(12, bow.Damage);
            Assert.Equal(40.5f, bow.Range);
        }

        [Fact]
        public void A_save_game_round_trips_through_a_stream()
        {
            SaveGame save = MakeSave();
            using var stream = new MemoryStream();
            SaveSystem.SaveTo(stream, save);
            Assert.Equal(SaveSystem.Save(save), stream.ToArray());
            stream.Position = 0;
            AssertSaveEqual(save, SaveSystem.LoadFrom(stream)!);
        }

        [Fact]
        public async Task A_save_game_round_trips_through_a_stream_asynchronously()
        {
            SaveGame save = MakeSave();
            using var stream = new MemoryStream();
            await AmberSerializer.SerializeAsync(stream, save, SaveSystem.Options);
            Assert.Equal(SaveSystem.Save(save), stream.ToArray());
            stream.Position = 0;
            AssertSaveEqual(save, (await AmberSerializer.DeserializeAsync<SaveGame>(stream, SaveSystem.Options))!);
        }

        [Fact]
        public void Records_round_trip_as_a_framed_stream()
        {
            List<ItemDef> items = MakeCatalog();
            using var stream = new MemoryStream();
            SaveSystem.WriteLog(stream, items);
            stream.Position = 0;
            AssertCatalogEqual(items, SaveSystem.ReadLog(stream));
        }

        [Fact]
        public void Records_round_trip_as_length_prefixed_messages()
        {
            // AmberFraming on the netstandard2.1 build: written through its block writer, read from one
            // segment and from one-byte segments (the length prefix and the payload cut everywhere).
            List<ItemDef> items = MakeCatalog();
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            foreach (ItemDef item in items) AmberFraming.WriteMessage(buffer, item, SaveSystem.Options);
            byte[] bytes = buffer.WrittenSpan.ToArray();
            byte[] first = AmberSerializer.Serialize(items[0], SaveSystem.Options);
            Assert.Equal(first.Length, bytes[0]);
            Assert.Equal(first, bytes.AsSpan(1, first.Length).ToArray());

            var segments = new OneByteSegment(bytes[0], null);
            OneByteSegment last = segments;
            for (int i = 1; i < bytes.Length; i++) last = new OneByteSegment(bytes[i], last);
            foreach (var sequence in new[] { new System.Buffers.ReadOnlySequence<byte>(bytes), new System.Buffers.ReadOnlySequence<byte>(segments, 0, last, 1) })
            {
                var source = sequence;
                var read = new List<ItemDef>();
                while (AmberFraming.TryReadMessage(ref source, out ItemDef? item, SaveSystem.Options)) read.Add(item!);
                Assert.True(source.IsEmpty);
                AssertCatalogEqual(items, read);
            }
        }

        private sealed class OneByteSegment : System.Buffers.ReadOnlySequenceSegment<byte>
        {
            public OneByteSegment(byte value, OneByteSegment? previous)
            {
                Memory = new[] { value };
                if (previous == null) return;
                RunningIndex = previous.RunningIndex + 1;
                previous.Next = this;
            }
        }

        [Fact]
        public void Records_round_trip_through_a_snapshot_file()
        {
            List<ItemDef> items = MakeCatalog();
            string dir = Path.Combine(Path.GetTempPath(), "amber-ns21-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                string path = Path.Combine(dir, "catalog.amber");
                AmberSnapshot.WriteFile(path, items);
                AmberSnapshot.WriteFile(path, items.Take(2));   // replaces the first snapshot
                AssertCatalogEqual(items.Take(2).ToList(), AmberSnapshot.ReadFile<ItemDef>(path).ToList());
                Assert.Equal(new[] { path }, Directory.GetFiles(dir));   // no temporary file left beside it
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        [Fact]
        public void Every_truncation_of_a_save_throws_AmberException()
        {
            byte[] bytes = SaveSystem.Save(MakeSave());
            for (int length = 0; length < bytes.Length; length++)
            {
                byte[] truncated = bytes.AsSpan(0, length).ToArray();
                Assert.ThrowsAny<AmberException>(() => SaveSystem.Load(truncated));
            }
            using var stream = new MemoryStream(bytes, 0, bytes.Length / 2);
            Assert.ThrowsAny<AmberException>(() => SaveSystem.LoadFrom(stream));
        }

        private static void AssertCatalogEqual(List<ItemDef> expected, List<ItemDef> actual)
        {
            Assert.Equal(expected.Count, actual.Count);
            for (int i = 0; i < expected.Count; i++) AssertItemDefEqual(expected[i], actual[i]);
        }
    }
}
