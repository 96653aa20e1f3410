using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Bench.Runner;
using Amber.Bench.Serializers;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>The Stream entry-points table in tiny mode: every row measured and its round trip verified, on bookshelf and on any workload named.</summary>
    public sealed class StreamEntryPointsTests
    {
        private static List<StreamEntryPointsProbe.Row> Run(params string[] args) =>
            StreamEntryPointsProbe.Run(BenchOptions.Parse(new[] { "--tiny" }.Concat(args).ToArray()), Peers.All(), null);

        [Fact]
        public void BookshelfAndEverydayByDefaultEveryRowVerified()
        {
            List<StreamEntryPointsProbe.Row> rows = Run();
            // everyday's messages are one payload each: no single value to stream, so that case has no rows.
            string[] cases = { "bookshelf", "everyday: records", "everyday: rows", "everyday: sprites" };
            Assert.Equal(cases, rows.Select(r => r.Result.Workload).Distinct());
            Assert.All(rows, r => Assert.True(r.Result.Measured && r.Result.Verified, $"{r.Result.Serializer}: {r.Result.Note}"));

            // Sync and async where the serializer has an async Stream API; sync only where it has none.
            foreach (string workload in cases)
            {
                foreach (string name in new[] { "Amber", "MemoryPack", "MessagePack (int keys)", "Nerdbank.MessagePack" })
                    Assert.Equal(new[] { false, true }, rows.Where(r => r.Serializer == name && r.Result.Workload == workload).Select(r => r.Async));
                foreach (string name in new[] { "protobuf-net", "Orleans" })
                    Assert.Equal(new[] { false }, rows.Where(r => r.Serializer == name && r.Result.Workload == workload).Select(r => r.Async));
            }
            Assert.DoesNotContain(rows, r => r.Serializer.Contains("Json", StringComparison.Ordinal) || r.Serializer.Contains("version tolerant", StringComparison.Ordinal) || r.Serializer.Contains("contractless", StringComparison.Ordinal));

            var text = new StringWriter();
            StreamEntryPointsProbe.Print(text, rows, Peers.All());
            string printed = text.ToString();
            Assert.Contains("through the Stream entry points", printed);
            string ratios = printed.Split('\n').First(l => l.StartsWith("MemoryPack ", StringComparison.Ordinal) && !l.Contains("Serialize / ", StringComparison.Ordinal) && !l.Contains("SerializeAsync /", StringComparison.Ordinal));
            Assert.Equal(4, ratios.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1).Count(cell => cell.TrimStart('~').Length > 0 && char.IsDigit(cell.TrimStart('~')[0])));
            foreach (IStreamEntryPoints entry in Peers.All().OfType<IStreamEntryPoints>()) Assert.Contains(entry.StreamNote, printed);
        }

        [Fact]
        public void AnyWorkloadCanBeNamedAndTheFiltersApply()
        {
            // gamestate shares objects: Amber keeps references through the Stream too, and the comparison checks identity.
            List<StreamEntryPointsProbe.Row> rows = Run("--stream-workloads", "gamestate", "--serializer", "MemoryPack");
            Assert.Equal(new[] { "Amber", "Amber", "MemoryPack", "MemoryPack" }, rows.Select(r => r.Serializer));
            Assert.All(rows, r => Assert.True(r.Result.Measured && r.Result.Verified, $"{r.Result.Serializer}: {r.Result.Note}"));
            Assert.True(rows.Where(r => r.Serializer == "Amber").All(r => r.Result.KeepsReferences));

            Assert.Empty(Run("--workload", "envelope"));
            Assert.Empty(Run("--stream-workloads", "none"));
            Assert.Throws<ArgumentException>(() => Run("--stream-workloads", "nope"));
        }
    }
}
