using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace Amber.Tests.Docs
{
    /// <summary>
    /// The runtime's namespaces follow its folders: the map in docs/architecture.md gives each folder of <c>src/Amber</c> a
    /// namespace (its <c>namespace</c> column), and every C# file directly in that folder declares it. The partial files of
    /// <c>AmberReader</c> and <c>AmberWriter</c> outside <c>Codec/</c> extend the codec's types, so they are in <c>Amber</c>.
    /// </summary>
    public class NamespaceLayoutTests
    {
        private const string Map = "docs/architecture.md";

        [Fact]
        public void Every_file_of_the_runtime_is_in_the_namespace_the_map_gives_its_folder()
        {
            string root = Repository.Root();
            Dictionary<string, string> namespaces = FolderNamespaces(File.ReadAllLines(Path.Combine(root, Map)));
            Assert.True(namespaces.Count >= 10, $"{Map} gives {namespaces.Count} folders of src/Amber a namespace.");

            string[] files = Repository.TrackedFiles(root).Where(f => f.StartsWith("src/Amber/", StringComparison.Ordinal) && f.EndsWith(".cs", StringComparison.Ordinal)).ToArray();
            Assert.NotEmpty(files);
            var problems = new List<string>();
            foreach (string file in files)
            {
                string folder = file.Substring(0, file.LastIndexOf('/'));
                if (!namespaces.TryGetValue(folder, out string? expected))
                {
                    problems.Add($"{file}: its folder {folder} has no namespace in {Map}");
                    continue;
                }
                problems.AddRange(Problems(file, File.ReadAllText(Path.Combine(root, file.Replace('/', Path.DirectorySeparatorChar))), expected));
            }
            Assert.True(problems.Count == 0, "Files outside their folder's namespace:\n" + string.Join("\n", problems));
        }

        [Fact]
        public void A_file_in_another_namespace_fails_and_a_codec_partial_in_Format_passes()
        {
            Assert.Equal(new[] { "src/Amber/Streaming/X.cs: namespace Amber, but its folder's is Amber.Streaming" },
                Problems("src/Amber/Streaming/X.cs", "namespace Amber\n{\n}\n", "Amber.Streaming"));
            Assert.Empty(Problems("src/Amber/Format/AmberReader.Walk.cs", "namespace Amber\n{\n}\n", "Amber.Format"));
            Assert.Equal(new[] { "src/Amber/Json/Y.cs: declares no namespace" }, Problems("src/Amber/Json/Y.cs", "class Y { }", "Amber.Json"));
            // A file shared with the generator names its namespace there as well: only the runtime's counts.
            Assert.Empty(Problems("src/Amber/Format/C.cs", "#if AMBER_GENERATOR\nnamespace Amber.Generator\n#else\nnamespace Amber.Format\n#endif\n{\n}\n", "Amber.Format"));
        }

        [Fact]
        public void The_map_gives_each_runtime_folder_its_namespace()
        {
            string[] map =
            {
                "| path | namespace | what |",
                "|---|---|---|",
                "| `src/Amber` | `Amber` | the root |",
                "| `src/Amber/Json/` | `Amber.Json` | the view |",
                "| `src/Amber.Tool` | | not the runtime |",
            };
            Dictionary<string, string> namespaces = FolderNamespaces(map);
            Assert.Equal(new[] { "src/Amber=Amber", "src/Amber/Json=Amber.Json" }, namespaces.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => p.Key + "=" + p.Value));
        }

        /// <summary>The rows of the map's layout table that name a folder of src/Amber and a namespace.</summary>
        private static Dictionary<string, string> FolderNamespaces(IEnumerable<string> lines)
        {
            var result = new Dictionary<string, string>(StringComparer.Ordinal);
            int column = -1;
            foreach (string line in lines)
            {
                if (!line.StartsWith('|'))
                {
                    column = -1;
                    continue;
                }
                string[] cells = line.Trim().Trim('|').Split('|').Select(c => c.Trim()).ToArray();
                if (cells[0] == "path")
                {
                    column = Array.IndexOf(cells, "namespace");
                    continue;
                }
                if (column < 0 || cells.Length <= column) continue;
                Match path = Regex.Match(cells[0], @"^`(src/Amber(?:/[A-Za-z]+)?)/?`$");
                Match ns = Regex.Match(cells[column], @"^`([A-Za-z.]+)`$");
                if (path.Success && ns.Success) result[path.Groups[1].Value] = ns.Groups[1].Value;
            }
            return result;
        }

        private static IEnumerable<string> Problems(string file, string text, string expected)
        {
            // The runtime's declaration: after "#else" where the file is shared with the generator.
            string[] declared = Regex.Matches(Regex.Replace(text, @"#if AMBER_GENERATOR\s*\n\s*namespace [\w.]+\s*\n", ""), @"^\s*namespace\s+([\w.]+)", RegexOptions.Multiline)
                .Select(m => m.Groups[1].Value).Where(n => !n.StartsWith("System", StringComparison.Ordinal)).Distinct().ToArray();
            string name = file.Substring(file.LastIndexOf('/') + 1);
            bool codecPartial = name.StartsWith("AmberReader.", StringComparison.Ordinal) || name.StartsWith("AmberWriter.", StringComparison.Ordinal);
            if (declared.Length == 0 && !text.Contains("namespace System", StringComparison.Ordinal)) yield return $"{file}: declares no namespace";
            foreach (string ns in declared)
            {
                if (ns == expected || codecPartial && ns == "Amber") continue;
                yield return $"{file}: namespace {ns}, but its folder's is {expected}";
            }
        }
    }
}
