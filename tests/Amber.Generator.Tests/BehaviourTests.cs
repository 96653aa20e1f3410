using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Runs generated code for the cases where what it does matters more than how it reads: data
    /// written by an older version of a type (docs/format.md §5, mapped reading).
    /// </summary>
    public class BehaviourTests
    {
        [Fact]
        public void Round_trip_through_generated_code()
        {
            const string source = @"
using System.Collections.Generic;
using Amber;

namespace T
{
    public record Point(int X, int Y)
    {
        public string Label { get; init; } = ""origin"";
    }

    public class Bag
    {
        public List<Point>? Points { get; set; }
        public Dictionary<string, int?>? Scores { get; set; }
        public int[,]? Grid { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            var bag = new Bag
            {
                Points = new List<Point> { new Point(1, 2) { Label = ""a"" }, new Point(3, 4) },
                Scores = new Dictionary<string, int?> { [""x""] = 1, [""y""] = null },
                Grid = new int[,] { { 1, 2, 3 }, { 4, 5, 6 } },
            };
            Bag back = AmberSerializer.Deserialize<Bag>(AmberSerializer.Serialize(bag))!;
            return string.Join("","", back.Points![0], back.Points[1], back.Scores![""x""], back.Scores[""y""] is null, back.Grid![1, 2], back.Grid.GetLength(1));
        }
    }
}";
            Assert.Equal(
                "Point { X = 1, Y = 2, Label = a },Point { X = 3, Y = 4, Label = origin },1,True,6,3",
                Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberStream_call_sites_are_roots_for_their_item_type()
        {
            // The item type is only ever named at chunked-stream call sites, never at an AmberSerializer one.
            const string source = @"
using System.IO;
using System.Linq;
using Amber;
using Amber.Streaming;

namespace T
{
    public class Reading
    {
        public string? Sensor { get; set; }
        public double Value { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            var stream = new MemoryStream();
            AmberStream.Write(stream, Enumerable.Range(0, 300).Select(i => new Reading { Sensor = ""s"" + i, Value = i / 2.0 }));
            stream.Position = 0;
            var back = AmberStream.ReadAll<Reading>(stream);
            return back.Count + "","" + back[299].Sensor + "","" + back[299].Value;
        }
    }
}";
            Assert.Equal("300,s299,149.5", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberFraming_call_sites_are_roots_for_their_message_type()
        {
            // Each message type is only ever named at a framing call site: Ping by WriteMessage and TryReadMessage, Pong by TryReadMessage alone.
            const string source = @"
using System.Buffers;
using Amber;
using Amber.Streaming;

namespace T
{
    public class Ping
    {
        public string? From { get; set; }
        public long Sequence { get; set; }
    }

    public class Pong
    {
        public long Sequence { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            var buffer = new ArrayBufferWriter<byte>();
            AmberFraming.WriteMessage(buffer, new Ping { From = ""a"", Sequence = 1 });
            AmberFraming.WriteMessage<Ping>(buffer, new Ping { From = ""b"", Sequence = 2 });
            var data = new ReadOnlySequence<byte>(buffer.WrittenMemory);
            string result = """";
            while (AmberFraming.TryReadMessage(ref data, out Ping? ping)) result += ping!.From + ping.Sequence + "","";
            var pong = new ReadOnlySequence<byte>(new byte[] { 0x05, 0x15, 0x00 });   // a partial frame: nothing is read
            bool read = AmberFraming.TryReadMessage(ref pong, out Pong? _);
            return result + read + "","" + (AmberFormatterRegistry.TryGet<Pong>() != null);
        }
    }
}";
            Assert.Equal("a1,b2,False,True", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Message_writer_and_reader_call_sites_are_roots_for_their_message_type()
        {
            // Ping is only named at a message writer's and reader's call sites, Pong at a reader's alone.
            const string source = @"
using System.Buffers;
using Amber;
using Amber.Streaming;

namespace T
{
    public class Ping
    {
        public string? From { get; set; }
        public long Sequence { get; set; }
    }

    public class Pong
    {
        public long Sequence { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            var writer = new AmberMessageWriter();
            var buffer = new ArrayBufferWriter<byte>();
            writer.WriteMessage(buffer, new Ping { From = ""a"", Sequence = 1 });
            writer.WriteMessage<Ping>(buffer, new Ping { From = ""b"", Sequence = 2 });
            var data = new ReadOnlySequence<byte>(buffer.WrittenMemory);
            var reader = new AmberMessageReader();
            string result = """";
            while (reader.TryReadMessage(ref data, out Ping? ping)) result += ping!.From + ping.Sequence + "","";
            var pong = new ReadOnlySequence<byte>(new byte[] { 0x05, 0x35, 0x00 });   // a partial message: nothing is read
            bool read = new AmberMessageReader().TryReadMessage(ref pong, out Pong? _);
            return result + read + "","" + (AmberFormatterRegistry.TryGet<Pong>() != null) + "","" + buffer.WrittenCount;
        }
    }
}";
            // The second Ping refers to the first one's shape: 12 bytes (its definition 5 of them), then 7.
            Assert.Equal("a1,b2,False,True,19", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberJson_call_sites_are_roots_and_register_member_views()
        {
            // Note is only named at AmberJson call sites; its view names its members and the JSON reads back.
            const string source = @"
using Amber;
using Amber.Json;

namespace T
{
    public enum Tone { Low, High }

    public class Note
    {
        public string? Text { get; set; }
        public Tone Tone { get; set; }
        public int[]? Marks { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            byte[] payload = AmberJson.PayloadFromJson<Note>(System.Text.Encoding.UTF8.GetBytes(""{\""Text\"": \""hi\"", \""Tone\"": 1, \""Marks\"": [3]}""));
            string json = AmberJson.ToJson<Note>(payload).Replace("" "", """").Replace(""\n"", """");
            Note? back = AmberJson.FromJson<Note>(json);
            return json + "";"" + back!.Text + back.Tone + back.Marks![0];
        }
    }
}";
            Assert.Equal("{\"Text\":\"hi\",\"Tone\":\"High\",\"Marks\":[3]};hiHigh3", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberResults_call_sites_and_AmberBody_types_are_roots()
        {
            // Stand-ins for Amber.AspNetCore's two types, marked as the package's are: Reply is only named
            // at an AmberResults.Amber call site (type argument inferred), Order only as AmberBody<Order> in a lambda's
            // parameter list, Ignored only as the T of AmberBody<T> in generic code.
            const string source = @"
using System;
using Amber;

namespace Amber.AspNetCore
{
    public static class AmberResults { public static object Amber<[AmberRoot] T>(T value, int? statusCode = null) => value!; }
    public sealed class AmberBody<[AmberRoot] T> { }
}

namespace T
{
    public class Order { public string? Item { get; set; } }
    public class Reply { public int Count { get; set; } }
    public class Ignored { public int X { get; set; } }

    public static class Use
    {
        static object Answer() => Amber.AspNetCore.AmberResults.Amber(new Reply { Count = 2 });
        static void Generic<TItem>(Amber.AspNetCore.AmberBody<TItem> body) { }
        static readonly Func<Amber.AspNetCore.AmberBody<Order>, object> Handler = body => Answer();

        public static string Run() =>
            AmberFormatterRegistry.IsRegistered(typeof(Order)) + "","" + AmberFormatterRegistry.IsRegistered(typeof(Reply)) + "","" + AmberFormatterRegistry.IsRegistered(typeof(Ignored));
    }
}";
            Assert.Equal("True,True,False", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Absent_init_member_keeps_its_initializer_with_a_parameterless_constructor()
        {
            const string source = @"
using Amber;

namespace T
{
    public class Settings
    {
        public int X { get; set; }
        public string Label { get; init; } = ""origin"";
    }

    public class SettingsV1
    {
        public int X { get; set; }
    }

    public static class Use
    {
        public static string? Run()
        {
            byte[] old = AmberSerializer.Serialize(new SettingsV1 { X = 5 });
            Settings s = AmberSerializer.Deserialize<Settings>(old)!;
            return s.X + "" "" + s.Label;
        }
    }
}";
            Assert.Equal("5 origin", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Absent_init_member_keeps_its_initializer_in_a_positional_record()
        {
            // docs/format.md §5: "An absent member keeps the reader's default: its initializer".
            // The generated Read ends in `new Point(m0, m1) { Label = m2 }` with m2 = default when
            // Label was not in the data, so Label is null although it is a non-nullable string.
            const string source = @"
using Amber;

namespace T
{
    public record Point(int X, int Y)
    {
        public string Label { get; init; } = ""origin"";
    }

    public class PointV1
    {
        public int X { get; set; }
        public int Y { get; set; }
    }

    public static class Use
    {
        public static string? Run()
        {
            byte[] old = AmberSerializer.Serialize(new PointV1 { X = 1, Y = 2 });
            Point p = AmberSerializer.Deserialize<Point>(old)!;
            return p.X + "" "" + p.Y + "" "" + (p.Label ?? ""<null>"");
        }
    }
}";
            Assert.Equal("1 2 origin", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberKey_resolves_a_collision_at_run_time()
        {
            (string a, string b, int key) = KeyCollisions.FirstPair();
            int chosen = KeyCollisions.UnusedKey(key);
            string source = @"
using Amber;

namespace T
{
    public class Clash
    {
        public int " + a + @" { get; set; }
        [AmberKey(" + chosen + @")]
        public int " + b + @" { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            Clash c = AmberSerializer.Deserialize<Clash>(AmberSerializer.Serialize(new Clash { " + a + @" = 1, " + b + @" = 2 }))!;
            return c." + a + @" + "" "" + c." + b + @";
        }
    }
}";
            Assert.Equal("1 2", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void AmberKey_member_does_not_take_the_other_members_data()
        {
            // Members A and B collide; B gets [AmberKey(n)]. The shape still lists key(B's name) =
            // key(A) as an extra key of B, so when B comes first a reader mapping older data by key
            // gives A's value to B (and A stays default).
            (string a, string b, int key) = KeyCollisions.FirstPair();
            int chosen = KeyCollisions.UnusedKey(key);
            string source = @"
using Amber;

namespace T
{
    public class Clash
    {
        [AmberKey(" + chosen + @")]
        public int " + b + @" { get; set; }
        public int " + a + @" { get; set; }
    }

    public class ClashV1
    {
        public int " + a + @" { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            Clash c = AmberSerializer.Deserialize<Clash>(AmberSerializer.Serialize(new ClashV1 { " + a + @" = 7 }))!;
            return c." + a + @" + "" "" + c." + b + @";
        }
    }
}";
            Assert.Equal("7 0", Execution.Call(source, "T.Use", "Run"));
        }

        [Fact]
        public void Memory_of_bytes_round_trips()
        {
            // docs/format.md §3.1: byte[], Memory<byte> and ReadOnlyMemory<byte> are Bytes. The
            // generator treats the two memory types as objects with no settable member, so it writes
            // an empty object and the bytes are lost without a diagnostic.
            const string source = @"
using System;
using Amber;

namespace T
{
    public class Blob
    {
        public ReadOnlyMemory<byte> Data { get; set; }
        public Memory<byte> Scratch { get; set; }
    }

    public static class Use
    {
        public static string Run()
        {
            var blob = new Blob { Data = new byte[] { 1, 2, 3 }, Scratch = new byte[] { 9 } };
            Blob back = AmberSerializer.Deserialize<Blob>(AmberSerializer.Serialize(blob))!;
            return back.Data.Length + "" "" + back.Scratch.Length;
        }
    }
}";
            Assert.Equal("3 1", Execution.Call(source, "T.Use", "Run"));
        }
    }
}
