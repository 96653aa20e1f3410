using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.Versioning;
using Amber.Tests.NetStandard;
using Xunit;
using static Amber.Tests.Serialization.NetStandardSaveModel;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// A game model compiled the way Unity compiles user code (tests/Amber.Tests.NetStandard: netstandard2.1,
    /// C# 9, no Amber attributes on the model) round-trips through the codecs generated in that assembly
    /// (docs/unity.md). Every call goes through the library's SaveSystem, so this assembly generates no codec
    /// of its own for these types; the tests check that the formatters in use are the library's.
    /// </summary>
    public class NetStandardModelTests
    {
        private static readonly Assembly s_library = typeof(SaveGame).Assembly;

        [Fact]
        public void The_model_library_is_compiled_for_netstandard2_1_and_its_formatters_are_generated_there()
        {
            TargetFrameworkAttribute? framework = s_library.GetCustomAttribute<TargetFrameworkAttribute>();
            Assert.NotNull(framework);
            Assert.Equal(".NETStandard,Version=v2.1", framework!.FrameworkName);
            Assert.Contains(s_library.GetReferencedAssemblies(), a => a.Name == "netstandard");

            SaveSystem.Save(new SaveGame());   // runs the library's module initializer, if nothing has yet
            Assert.Same(s_library, AmberFormatterRegistry.Get<SaveGame>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<Armory>().GetType().Assembly);
            Assert.Same(s_library, AmberFormatterRegistry.Get<ItemDef>().GetType().Assembly);
            // The generator polyfilled ModuleInitializerAttribute there, as netstandard2.1 has none.
            Assert.NotNull(s_library.GetType("System.Runtime.CompilerServices.ModuleInitializerAttribute", throwOnError: false));
        }

        [Fact]
        public void Options_set_by_a_netstandard2_1_library_work_against_the_net8_runtime_build()
        {
            // SaveSystem.Options is `new AmberOptions { PreserveReferences = true }` compiled against Amber's
            // netstandard2.1 build, whose init accessor names Amber's own IsExternalInit; this process runs
            // Amber's net8.0 build, which forwards that name to the framework's type.
            Assert.Contains(typeof(System.Runtime.CompilerServices.IsExternalInit), typeof(AmberOptions).Assembly.GetForwardedTypes());
            Assert.True(SaveSystem.Options.PreserveReferences);
        }

        [Fact]
        public void A_save_game_round_trips_member_by_member()
        {
            SaveGame save = MakeSave();
            SaveGame back = SaveSystem.Load(SaveSystem.Save(save))!;
            AssertSaveEqual(save, back);
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
        public void A_save_game_round_trips_through_a_stream()
        {
            SaveGame save = MakeSave();
            using var stream = new MemoryStream();
            SaveSystem.SaveTo(stream, save);
            Assert.Equal(SaveSystem.Save(save), stream.ToArray());
            stream.Position = 0;
            SaveGame back = SaveSystem.LoadFrom(stream)!;
            AssertSaveEqual(save, back);
        }

        [Fact]
        public void Records_round_trip_as_a_framed_stream()
        {
            List<ItemDef> items = MakeCatalog();
            using var stream = new MemoryStream();
            SaveSystem.WriteLog(stream, items);
            stream.Position = 0;
            List<ItemDef> back = SaveSystem.ReadLog(stream);
            Assert.Equal(items.Count, back.Count);
            for (int i = 0; i < items.Count; i++) AssertItemDefEqual(items[i], back[i]);
        }

        [Fact]
        public void Internal_setters_and_fields_and_constructor_parameters_stand_in_for_private_members()
        {
            var armory = new Armory();
            armory.Stats.Grant(17, 424242, "dual-wield", "night-vision");
            armory.Blueprints.Add(new WeaponBlueprint("Longbow", 12, 40.5f));
            armory.Blueprints.Add(new WeaponBlueprint("Dagger", 7, 1.25f));
            Armory back = SaveSystem.LoadArmory(SaveSystem.SaveArmory(armory))!;
            Assert.Equal(17, back.Stats.Strength);
            Assert.Equal(424242, back.Stats.HiddenSeed);
            Assert.Equal(new[] { "dual-wield", "night-vision" }, back.Stats.Perks);
            Assert.Equal(2, back.Blueprints.Count);
            Assert.Equal("Longbow", back.Blueprints[0].Name);
            Assert.Equal(12, back.Blueprints[0].Damage);
            Assert.Equal(40.5f, back.Blueprints[0].Range);
            Assert.Equal("Dagger", back.Blueprints[1].Name);
            Assert.Equal(7, back.Blueprints[1].Damage);
            Assert.Equal(1.25f, back.Blueprints[1].Range);
        }

        [Fact]
        public void Calling_the_generated_registration_by_hand_as_Unity_code_would_is_harmless()
        {
            byte[] before = SaveSystem.Save(MakeSave());
            SaveSystem.RegisterCodecs();
            SaveSystem.RegisterCodecs();
            Assert.Same(s_library, AmberFormatterRegistry.Get<SaveGame>().GetType().Assembly);
            Assert.Equal(before, SaveSystem.Save(MakeSave()));
            AssertSaveEqual(MakeSave(), SaveSystem.Load(before)!);
        }
    }
}
