using System.Collections.Generic;
using System.IO;
using Amber.Streaming;

namespace Amber.Tests.NetStandard
{
    /// <summary>
    /// The game's own save code. The calls below name the root types, so the generator writes their codecs
    /// into this netstandard2.1 assembly; tests call these methods rather than AmberSerializer, so the
    /// codecs used are the ones compiled here.
    /// </summary>
    public static class SaveSystem
    {
        /// <summary>Shared objects (a target held by two actors, one item stack in two lists) stay one object.</summary>
        public static readonly AmberOptions Options = new AmberOptions { PreserveReferences = true };

        public static byte[] Save(SaveGame save) => AmberSerializer.Serialize(save, Options);

        public static SaveGame? Load(byte[] data) => AmberSerializer.Deserialize<SaveGame>(data, Options);

        public static void SaveTo(Stream destination, SaveGame save) => AmberSerializer.Serialize(destination, save, Options);

        public static SaveGame? LoadFrom(Stream source) => AmberSerializer.Deserialize<SaveGame>(source, Options);

        public static byte[] SaveArmory(Armory armory) => AmberSerializer.Serialize(armory);

        public static Armory? LoadArmory(byte[] data) => AmberSerializer.Deserialize<Armory>(data);

        /// <summary>A replay log: one frame per item on a stream.</summary>
        public static void WriteLog(Stream destination, IEnumerable<ItemDef> items) => AmberStream.Write(destination, items);

        public static List<ItemDef> ReadLog(Stream source) => AmberStream.ReadAll<ItemDef>(source);

        /// <summary>
        /// Runs the generated registration now. It normally runs as this assembly's module initializer; Unity
        /// lists module initializers among the C# 9 features it does not support, so a Unity project calls
        /// this once at start-up (for example from a [RuntimeInitializeOnLoadMethod]). Running it again is harmless.
        /// </summary>
        public static void RegisterCodecs() => Amber.Generated.AmberGeneratedRegistration.Register();
    }
}
