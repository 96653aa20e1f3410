using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Compares generated files with the baselines checked in under Snapshots/&lt;test&gt;/&lt;hint name&gt;.
    /// With the environment variable AMBER_UPDATE_SNAPSHOTS=1 it writes the baselines instead (into the
    /// source tree, found through [CallerFilePath]); nothing else ever changes them.
    /// </summary>
    internal static class Snapshot
    {
        public const string UpdateVariable = "AMBER_UPDATE_SNAPSHOTS";

        public static bool Updating => Environment.GetEnvironmentVariable(UpdateVariable) == "1";

        public static void Verify(GeneratorRunResult result, [CallerMemberName] string testName = "", [CallerFilePath] string thisFile = "")
        {
            Verify(result.GeneratedSources.Select(s => (s.HintName, s.SourceText.ToString())), testName, thisFile);
        }

        public static void Verify(IEnumerable<(string HintName, string Text)> files, string testName, [CallerFilePath] string thisFile = "")
        {
            string dir = SnapshotDirectory(testName, thisFile);
            var actual = files.ToDictionary(f => f.HintName, f => Normalize(f.Text), StringComparer.Ordinal);

            if (Updating)
            {
                if (Directory.Exists(dir)) Directory.Delete(dir, recursive: true);
                Directory.CreateDirectory(dir);
                foreach (KeyValuePair<string, string> f in actual)
                {
                    File.WriteAllText(Path.Combine(dir, f.Key), f.Value);
                }
                return;
            }

            Assert.True(Directory.Exists(dir), $"No baselines in {dir}. Run the tests once with {UpdateVariable}=1 to write them, review and check them in.");
            var expected = Directory.GetFiles(dir)
                .ToDictionary(p => Path.GetFileName(p), p => Normalize(File.ReadAllText(p)), StringComparer.Ordinal);

            var missing = expected.Keys.Except(actual.Keys).OrderBy(k => k, StringComparer.Ordinal).ToList();
            var extra = actual.Keys.Except(expected.Keys).OrderBy(k => k, StringComparer.Ordinal).ToList();
            Assert.True(missing.Count == 0 && extra.Count == 0,
                $"Generated files differ from the baselines in {dir}: not generated any more [{string.Join(", ", missing)}], newly generated [{string.Join(", ", extra)}]. "
                + $"If the change is intended, rerun with {UpdateVariable}=1 and review the diff.");

            foreach (KeyValuePair<string, string> e in expected.OrderBy(e => e.Key, StringComparer.Ordinal))
            {
                string a = actual[e.Key];
                if (a == e.Value) continue;
                Assert.Fail($"{e.Key} differs from its baseline in {dir}:{Environment.NewLine}{FirstDifference(e.Value, a)}"
                    + $"{Environment.NewLine}If the change is intended, rerun with {UpdateVariable}=1 and review the diff.");
            }
        }

        private static string SnapshotDirectory(string testName, string thisFile) =>
            Path.Combine(Path.GetDirectoryName(thisFile)!, "Snapshots", testName);

        private static string Normalize(string text) => text.Replace("\r\n", "\n");

        private static string FirstDifference(string expected, string actual)
        {
            string[] e = expected.Split('\n');
            string[] a = actual.Split('\n');
            for (int i = 0; i < Math.Max(e.Length, a.Length); i++)
            {
                string el = i < e.Length ? e[i] : "<end of file>";
                string al = i < a.Length ? a[i] : "<end of file>";
                if (el != al) return $"line {i + 1}:{Environment.NewLine}  expected: {el}{Environment.NewLine}  actual:   {al}";
            }
            return "(only line endings differ)";
        }
    }
}
