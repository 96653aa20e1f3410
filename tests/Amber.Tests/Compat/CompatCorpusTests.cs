using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace Amber.Tests.Compat
{
    /// <summary>
    /// Reads every file of tests/compat with today's code and compares it with the object its entry
    /// builds (see tests/compat/README.md). A failure here is a compatibility break: fix the reader,
    /// never the file. With AMBER_WRITE_COMPAT=1 a missing file is written by today's code into the
    /// folder of today's version; an existing file is never written over.
    /// </summary>
    public class CompatCorpusTests
    {
        private const string WriteSwitch = "AMBER_WRITE_COMPAT";

        public static IEnumerable<object[]> Names() => CompatCorpus.Entries.Select(e => new object[] { e.Name });

        [Theory]
        [MemberData(nameof(Names))]
        public void Every_file_reads_as_the_object_it_was_written_from(string name)
        {
            CompatEntry entry = CompatCorpus.Entries.Single(e => e.Name == name);
            string[] found = FilesNamed(name);
            Assert.True(found.Length <= 1, $"{name} is in more than one version folder: {string.Join(", ", found)}. Corpus names are unique; give a new file a new name.");

            string path;
            if (found.Length == 1)
            {
                path = found[0];
            }
            else if (Environment.GetEnvironmentVariable(WriteSwitch) == "1")
            {
                path = Path.Combine(CorpusRoot, CurrentVersionFolder, name);
                Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                byte[] written = entry.Write();
                using (var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write))
                    file.Write(written);
            }
            else
            {
                Assert.Fail(
                    $"tests/compat has no file {name} (looked in every version folder of {CorpusRoot}). " +
                    $"To add it, run `{WriteSwitch}=1 dotnet test tests/Amber.Tests --filter FullyQualifiedName~CompatCorpusTests` " +
                    $"and commit the new file under tests/compat/{CurrentVersionFolder}/.");
                return;
            }

            entry.Verify(File.ReadAllBytes(path));
        }

        [Fact]
        public void Every_file_in_the_corpus_has_an_entry()
        {
            var names = new HashSet<string>(CompatCorpus.Entries.Select(e => e.Name));
            Assert.Equal(CompatCorpus.Entries.Count, names.Count);
            foreach (string file in Directory.EnumerateFiles(CorpusRoot, "*", SearchOption.AllDirectories))
            {
                if (Path.GetFileName(file) is "README.md" or ".gitattributes") continue;
                Assert.True(
                    names.Contains(Path.GetFileName(file)),
                    $"{file} has no entry in tests/Amber.Tests/Compat/CompatCorpus.cs, so nothing reads it. Entries are never removed: restore it.");
            }
        }

        [Fact]
        public void The_corpus_covers_every_compression_and_the_six_workloads()
        {
            string[] names = CompatCorpus.Entries.Select(e => e.Name).ToArray();
            foreach (string workload in new[] { "envelope", "bookshelf", "vector3", "gamestate", "sportevents", "bootpayload" })
                Assert.Contains("workload-" + workload + ".amber", names);
            foreach (string stream in new[] { "stream-stored.ambs", "stream-brotli.ambs", "stream-lz4.ambs", "messages-framing.ambm", "connection-messages.ambc" })
                Assert.Contains(stream, names);
        }

        private static string[] FilesNamed(string name) =>
            Directory.Exists(CorpusRoot)
                ? Directory.GetDirectories(CorpusRoot).Select(d => Path.Combine(d, name)).Where(File.Exists).ToArray()
                : Array.Empty<string>();

        /// <summary>The version folder new files go to: "v" and the Amber assembly's version (v0.2.0).</summary>
        internal static string CurrentVersionFolder
        {
            get
            {
                Version v = typeof(AmberSerializer).Assembly.GetName().Version!;
                return $"v{v.Major}.{v.Minor}.{v.Build}";
            }
        }

        /// <summary>tests/compat of the repository this test was built from: found by walking up from the test's bin folder to Amber.slnx.</summary>
        internal static string CorpusRoot { get; } = FindCorpusRoot();

        private static string FindCorpusRoot()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Amber.slnx")))
                    return Path.Combine(dir.FullName, "tests", "compat");
            }

            throw new InvalidOperationException($"No Amber.slnx above {AppContext.BaseDirectory}: the compatibility corpus is found from the repository root.");
        }
    }
}
