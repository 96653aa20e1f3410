using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// The generated code for representative inputs, pinned by baselines under Snapshots/. Each input
    /// must also compile, with the generated code, without a single warning, both as the latest C#
    /// and as C# 9 (the oldest C# the generated code promises), with nullable enabled.
    /// </summary>
    public class SnapshotTests
    {
        [Fact]
        public void PlainClass() => Check(@"
using Amber;

namespace Shop
{
    public class Person
    {
        public string Name { get; set; } = """";
        public int Age { get; set; }
        public byte[]? Photo { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Person p) => AmberSerializer.Serialize(p);
        public static Person? Load(byte[] data) => AmberSerializer.Deserialize<Person>(data);
    }
}");

        /// <summary>A service contract: the method descriptions, the binding, the client, and the generated request and response types.</summary>
        [Fact]
        public void ServiceContract() => Check(@"
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Amber.Services;

namespace Shop
{
    public sealed class Order { public string Customer { get; set; } = """"; }
    public sealed class Receipt { public int Total { get; set; } }

    public interface IOrders
    {
        Task<Receipt> Place(Order order, CancellationToken ct = default);
        Task<int> Add(int a, int b = 2);
        Task Ping(AmberCallContext context = default);
        IAsyncEnumerable<Receipt> Watch(IAsyncEnumerable<string> customers);
        Task<string> Names(int _i, int value, string @class, int amberValue);
    }

    public static class Use
    {
        public static IOrders Client(IAmberServiceInvoker invoker) => AmberServices.CreateClient<IOrders>(invoker);
    }
}");

        /// <summary>More than 64 members (format §5): the presence words after the first, and a Nullable with a default past member 63.</summary>
        [Fact]
        public void WideClass() => Check(@"
using Amber;

namespace Wide
{
    public class Row
    {
        public string Name { get; set; } = """";
        public int P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16, P17, P18, P19, P20, P21, P22, P23, P24, P25, P26, P27, P28, P29, P30, P31, P32, P33, P34, P35, P36, P37, P38, P39, P40, P41, P42, P43, P44, P45, P46, P47, P48, P49, P50, P51, P52, P53, P54, P55, P56, P57, P58, P59, P60, P61, P62, P63;
        public int? Extra { get; set; } = 5;
        public string? Note { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Row r) => AmberSerializer.Serialize(r);
        public static Row? Load(byte[] data) => AmberSerializer.Deserialize<Row>(data);
    }
}");

        /// <summary>Members kept from other data (format §5.2): kept on the mapped path, set after construction, written after the type's own.</summary>
        [Fact]
        public void UnknownMembers() => Check(@"
using Amber;

namespace Relay
{
    public class Envelope
    {
        public string? Header { get; set; }
        public int Hops { get; set; }
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public record Point(int X, int Y)
    {
        public AmberUnknownMembers? Unknown { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Envelope e) => AmberSerializer.Serialize(e);
        public static Point? Load(byte[] data) => AmberSerializer.Deserialize<Point>(data);
    }
}");

        [Fact]
        public void PositionalRecord() => Check(@"
using Amber;

namespace Geometry
{
    public record Point(int X, int Y)
    {
        public string Label { get; init; } = ""origin"";
    }

    public static class Use
    {
        public static byte[] Save(Point p) => AmberSerializer.Serialize(p);
        public static Point? Load(byte[] data) => AmberSerializer.Deserialize<Point>(data);
    }
}");

        [Fact]
        public void StructWithFields() => Check(@"
using Amber;

namespace Geometry
{
    public struct Vector
    {
        public float X;
        public float Y;
        public double Length;
        public bool Normalized;
    }

    public static class Use
    {
        public static byte[] Save(Vector v) => AmberSerializer.Serialize(v);
        public static Vector Load(byte[] data) => AmberSerializer.Deserialize<Vector>(data);
    }
}");

        [Fact]
        public void InlineStructs() => Check(@"
using Amber;

namespace Scene
{
    // Written inline (format §5.1): blittable (one copy), and with an enum and a bool (member by member).
    public struct Point2 { public float X; public float Y; }

    public enum Layer : byte { Back, Front }

    public struct Flags { public Layer Layer { get; set; } public bool Visible { get; set; } public short Order { get; set; } }

    // Not written inline (a string): still reads the inline rows of an older version of itself.
    public struct Label { public string Text { get; set; } public int Size { get; set; } }

    public class Sprite
    {
        public Point2 At { get; set; }
        public Flags Flags { get; set; }
        public Label Label { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Sprite s) => AmberSerializer.Serialize(s);
        public static Sprite? Load(byte[] data) => AmberSerializer.Deserialize<Sprite>(data);
    }
}");

        [Fact]
        public void Collections() => Check(@"
using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Amber;

namespace Data
{
    public class Bag
    {
        public List<string>? Names { get; set; }
        public Dictionary<string, int?>? Scores { get; set; }
        public int[]? Numbers { get; set; }
        public int[][]? Jagged { get; set; }
        public double[,]? Grid { get; set; }
        public HashSet<Guid>? Ids { get; set; }
        public ImmutableArray<string> Tags { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Bag b) => AmberSerializer.Serialize(b);
        public static Bag? Load(byte[] data) => AmberSerializer.Deserialize<Bag>(data);
    }
}");

        [Fact]
        public void EnumMember() => Check(@"
using Amber;

namespace Paint
{
    public enum Color : byte { Red, Green, Blue }

    public enum Finish { Matte = -1, Gloss = 1 }

    public class Can
    {
        public Color Color { get; set; }
        public Color? Accent { get; set; }
        public Finish Finish { get; set; } = Finish.Gloss;
    }

    public static class Use
    {
        public static byte[] Save(Can c) => AmberSerializer.Serialize(c);
        public static Can? Load(byte[] data) => AmberSerializer.Deserialize<Can>(data);
    }
}");

        [Fact]
        public void FormerNameAndIgnore() => Check(@"
using Amber;

namespace Accounts
{
    public class Account
    {
        public int Id { get; set; }

        [AmberFormerName(""UserName"")]
        [AmberFormerName(""Login"")]
        public string? Handle { get; set; }

        [AmberIgnore]
        public string? Password { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Account a) => AmberSerializer.Serialize(a);
        public static Account? Load(byte[] data) => AmberSerializer.Deserialize<Account>(data);
    }
}");

        [Fact]
        public void GenericBox() => Check(@"
using Amber;

namespace Boxes
{
    public class Box<T>
    {
        public T Value { get; set; } = default!;
        public int Version { get; set; }
    }

    public static class Use
    {
        public static byte[] Save(Box<int> b) => AmberSerializer.Serialize(b);
        public static Box<int>? Load(byte[] data) => AmberSerializer.Deserialize<Box<int>>(data);
    }
}");

        /// <summary>Runs the generator, compares with the baselines, and compiles the result as latest C# and as C# 9.</summary>
        private static void Check(string source, [CallerMemberName] string testName = "")
        {
            GeneratorRun latest = CompileClean(source, LanguageVersion.Latest);
            Assert.NotEmpty(latest.Result.GeneratedSources);

            GeneratorRun csharp9 = CompileClean(source, LanguageVersion.CSharp9);
            // One baseline covers both: the generator writes the same code whatever the language version.
            Assert.Equal(
                latest.Result.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString())),
                csharp9.Result.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString())));

            Snapshot.Verify(latest.Result, testName);
        }

        private static GeneratorRun CompileClean(string source, LanguageVersion version)
        {
            CSharpCompilation input = GeneratorHarness.CreateCompilation(source, version);
            Assert.True(GeneratorHarness.Problems(input).IsEmpty,
                $"The test input itself does not compile cleanly as {version}:\n{GeneratorHarness.Describe(GeneratorHarness.Problems(input))}");

            GeneratorRun run = GeneratorHarness.Run(input);
            Assert.True(run.Diagnostics.IsEmpty, $"The generator reported diagnostics ({version}):\n{GeneratorHarness.Describe(run.Diagnostics)}");
            Assert.Null(run.Result.Exception);

            var problems = GeneratorHarness.Problems(run.Output);
            Assert.True(problems.IsEmpty, $"The generated code does not compile cleanly as {version}:\n{GeneratorHarness.Describe(problems)}");
            return run;
        }
    }
}
