using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Inspection;
using Amber.Json;
using Amber.Streaming;
using Xunit;

namespace Amber.Tests.Compat
{
    // A later version of the game save of tests/compat: GameExit became the abstract Exit with two subtypes, and the exits
    // written before (objects without a type tag) read as Passage, named by [AmberDefaultSubtype]. No type tag is on the wire
    // for those exits, so only member names matter: these types keep the names of the members they share with the old ones.
    public class LaterSave
    {
        public int SaveVersion { get; set; }
        public List<LaterRoom> Rooms { get; set; } = new List<LaterRoom>();
    }

    public class LaterRoom
    {
        public string Id { get; set; } = "";
        public List<Exit> Exits { get; set; } = new List<Exit>();
    }

    [AmberDefaultSubtype(typeof(Passage))]
    public abstract class Exit
    {
        public GameDirection Direction { get; set; }
        public string TargetRoomId { get; set; } = "";
    }

    public class Passage : Exit
    {
        public string? DoorId { get; set; }
        public bool IsLocked { get; set; }
    }

    public class Portal : Exit
    {
        public int Charges { get; set; }
    }

    // The version before, written in this process: its exits are a plain class.
    public class EarlierRoom
    {
        public string Id { get; set; } = "";
        public List<GameExit> Exits { get; set; } = new List<GameExit>();
    }

    /// <summary>A hierarchy introduced under old data: saves of a concrete class read as the default subtype of the new abstract one.</summary>
    public class HierarchyUnderOldDataTests
    {
        private static byte[] OldSave() => File.ReadAllBytes(Path.Combine(CompatCorpusTests.CorpusRoot, "v0.1.0", "workload-gamestate.amber"));

        [Fact]
        public void A_save_written_by_Amber_0_1_reads_its_exits_as_the_default_subtype()
        {
            LaterSave save = AmberSerializer.Deserialize<LaterSave>(OldSave())!;
            List<GameRoom> expected = CompatFactory.GameSave().Rooms;
            Assert.Equal(expected.Count, save.Rooms.Count);
            for (int i = 0; i < expected.Count; i++)
            {
                Assert.Equal(expected[i].Id, save.Rooms[i].Id);
                Assert.Equal(expected[i].Exits.Count, save.Rooms[i].Exits.Count);
                for (int j = 0; j < expected[i].Exits.Count; j++)
                {
                    GameExit old = expected[i].Exits[j];
                    Passage exit = Assert.IsType<Passage>(save.Rooms[i].Exits[j]);
                    Assert.Equal((old.Direction, old.TargetRoomId, old.DoorId, old.IsLocked), (exit.Direction, exit.TargetRoomId, exit.DoorId, exit.IsLocked));
                }
            }
            Assert.Contains(save.Rooms.SelectMany(r => r.Exits), e => ((Passage)e).IsLocked);
        }

        [Fact]
        public void New_data_still_carries_each_subtype_and_old_data_read_again_is_written_tagged()
        {
            var save = new LaterSave { Rooms = { new LaterRoom { Id = "hall", Exits = { new Portal { TargetRoomId = "sky", Charges = 3 }, new Passage { TargetRoomId = "yard" } } } } };
            LaterSave back = AmberSerializer.Deserialize<LaterSave>(AmberSerializer.Serialize(save))!;
            Assert.IsType<Portal>(back.Rooms[0].Exits[0]);
            Assert.Equal(3, ((Portal)back.Rooms[0].Exits[0]).Charges);
            Assert.IsType<Passage>(back.Rooms[0].Exits[1]);
        }

        [Fact]
        public void The_json_view_shows_old_exits_by_the_default_subtypes_members()
        {
            string json = AmberJson.ToJson<LaterSave>(OldSave());
            Assert.Contains("\"DoorId\": \"door-cellar\"", json);
            Assert.Contains("\"IsLocked\": true", json);
            Assert.DoesNotContain("\"$type\"", json.Substring(json.IndexOf("\"Exits\"", System.StringComparison.Ordinal)).Split(']')[0]);
        }

        [Fact]
        public void The_json_view_of_old_data_reads_back_as_the_default_subtype()
        {
            LaterSave save = AmberJson.FromJson<LaterSave>(AmberJson.ToJson<LaterSave>(OldSave()))!;
            Passage exit = Assert.IsType<Passage>(save.Rooms.Single(r => r.Id == "hall").Exits[0]);
            Assert.Equal(("cellar", "door-cellar", true), (exit.TargetRoomId, exit.DoorId, exit.IsLocked));
        }

        [Fact]
        public void The_schema_names_the_default_subtype()
        {
            string schema = AmberInspector.GetSchema(new[] { typeof(LaterSave) });
            Assert.Contains("\"name\": \"Amber.Tests.Compat.Exit\"", schema);
            Assert.Contains("\"defaultSubtype\": \"Amber.Tests.Compat.Passage\"", schema);
        }

        [Fact]
        public void A_chunked_stream_of_old_rooms_reads_its_exits_as_the_default_subtype()
        {
            var rooms = new[] { new EarlierRoom { Id = "a", Exits = { new GameExit { TargetRoomId = "b", IsLocked = true } } }, new EarlierRoom { Id = "b" } };
            var stream = new MemoryStream();
            AmberStream.Write(stream, rooms, new AmberStreamOptions { ItemsPerFrame = 1 });
            stream.Position = 0;
            List<LaterRoom> read = AmberStream.Read<LaterRoom>(stream).ToList();
            Assert.Equal(2, read.Count);
            Passage exit = Assert.IsType<Passage>(Assert.Single(read[0].Exits));
            Assert.True(exit.IsLocked);
            Assert.Equal("b", exit.TargetRoomId);
        }

        [Fact]
        public void A_connection_of_old_rooms_reads_its_exits_as_the_default_subtype()
        {
            var writer = new AmberMessageWriter();
            var buffer = new ArrayBufferWriter<byte>();
            writer.WriteMessage(buffer, new EarlierRoom { Id = "a", Exits = { new GameExit { TargetRoomId = "b", DoorId = "d1" } } });
            writer.WriteMessage(buffer, new EarlierRoom { Id = "c", Exits = { new GameExit { TargetRoomId = "d", DoorId = "d2" } } });
            var reader = new AmberMessageReader();
            var sequence = new ReadOnlySequence<byte>(buffer.WrittenMemory);
            var doors = new List<string?>();
            while (reader.TryReadMessage(ref sequence, out LaterRoom? room)) doors.Add(Assert.IsType<Passage>(Assert.Single(room!.Exits)).DoorId);
            Assert.Equal(new[] { "d1", "d2" }, doors);
        }
    }
}
