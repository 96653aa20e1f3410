using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using Xunit;

namespace Amber.Tests.Docs
{
    /// <summary>
    /// The maps of the repository (README.md, CONTRIBUTING.md, docs/architecture.md, bench/README.md) match the tree. A
    /// layout table is a Markdown table whose first column is headed <c>path</c>; each path in backticks in that column,
    /// from the repository root, must be a file or folder git tracks. A <c>&lt;!-- layout: DIR … --&gt;</c> line right
    /// before a layout table makes it the complete listing of each DIR: every folder directly in DIR that holds a tracked
    /// file must be named in the table (as itself or by a path inside it), so a folder added without a row fails here.
    /// <c>.</c> is the root; <c>DIR/*.md</c> asks for every tracked file directly in DIR that matches, by its own path.
    /// The rules are in CONTRIBUTING.md ("Ground rules": the maps match the tree).
    /// </summary>
    public class LayoutTableTests
    {
        private static readonly string[] Maps = { "README.md", "CONTRIBUTING.md", "docs/architecture.md", "bench/README.md" };

        /// <summary>The listings the maps keep: without these markers a new folder would go unnoticed.</summary>
        private static readonly string[] ListedScopes =
        {
            ".", "src", "src/Amber", "src/Amber.Generator", "tests", "bench", "fuzz", "samples", "docs", "docs/*.md",
        };

        [Fact]
        public void Every_layout_table_names_what_the_repository_holds_and_every_listing_is_complete()
        {
            string root = Repository.Root();
            var tree = new Tree(Repository.TrackedFiles(root));
            var problems = new List<string>();
            var scopes = new HashSet<string>(StringComparer.Ordinal);
            int tables = 0;
            foreach (string map in Maps)
            {
                string[] lines = File.ReadAllLines(Path.Combine(root, map.Replace('/', Path.DirectorySeparatorChar)));
                foreach (LayoutTable table in LayoutTables(map, lines, problems))
                {
                    tables++;
                    scopes.UnionWith(table.Scopes);
                    problems.AddRange(Check(map, table, tree));
                }
            }
            Assert.True(problems.Count == 0, "The layout tables do not match the tree:\n" + string.Join("\n", problems));
            Assert.True(tables >= 3, $"Only {tables} layout tables (first column headed `path`) were found in {string.Join(", ", Maps)}.");
            string[] lost = ListedScopes.Where(s => !scopes.Contains(s)).ToArray();
            Assert.True(lost.Length == 0, "No layout table is marked as the listing of: " + string.Join(", ", lost));
        }

        [Fact]
        public void A_listing_that_leaves_out_a_folder_fails()
        {
            string[] map =
            {
                "<!-- layout: src/Amber -->",
                "",
                "| path | what |",
                "|---|---|",
                "| `src/Amber/Json/` | the JSON view |",
                "| `src/Amber/Streaming/AmberStream.cs` | a file names its folder |",
            };
            var tree = new Tree(new[] { "src/Amber/AmberSerializer.cs", "src/Amber/Json/AmberJson.cs", "src/Amber/Streaming/AmberStream.cs", "src/Amber/Services/AmberServices.cs", "src/Amber/Services/Deep/X.cs" });
            Assert.Equal(new[] { "map.md:1: src/Amber/Services is in the repository but not in this listing of src/Amber" }, Problems(map, tree));
        }

        [Fact]
        public void A_path_that_is_not_in_the_repository_fails_and_a_section_row_is_no_path()
        {
            string[] map =
            {
                "| path | what |",
                "|---|---|",
                "| **src/** | |",
                "| `src/Amber/Json/`, `src/Amber/Gone` | two paths in one cell |",
                "| `Amber.slnx` | a file |",
            };
            var tree = new Tree(new[] { "Amber.slnx", "src/Amber/Json/AmberJson.cs", "src/Amber.Generator/Gone.cs" });
            Assert.Equal(new[] { "map.md:4: src/Amber/Gone is not in the repository" }, Problems(map, tree));
        }

        [Fact]
        public void A_listing_of_files_names_each_file_and_the_root_listing_takes_paths_inside_a_folder()
        {
            string[] map =
            {
                "<!-- layout: . docs/*.md -->",
                "| path | what |",
                "|---|---|",
                "| `.ci/run` | CI |",
                "| `docs/format.md` | the format |",
                "| `docs/bench` | recorded runs |",
            };
            var tree = new Tree(new[] { ".ci/run", "README.md", "docs/format.md", "docs/schema.md", "docs/bench/quick.csv", "docs/notes.txt", "tools/x.sh" });
            Assert.Equal(
                new[]
                {
                    "map.md:1: tools is in the repository but not in this listing of .",
                    "map.md:1: docs/schema.md is in the repository but not in this listing of docs/*.md",
                },
                Problems(map, tree));
        }

        [Fact]
        public void A_marker_stands_right_before_a_layout_table()
        {
            string[] map =
            {
                "<!-- layout: src -->",
                "Some text.",
                "",
                "<!-- layout: tests -->",
                "| package | what |",
                "|---|---|",
                "| `Amber` | the runtime |",
                "```",
                "| path | what |",
                "|---|---|",
                "| `not/checked` | inside a fence |",
                "```",
            };
            Assert.Equal(
                new[]
                {
                    "map.md:1: a layout marker must stand right before a table whose first column is headed `path`",
                    "map.md:4: a layout marker must stand right before a table whose first column is headed `path`",
                },
                Problems(map, new Tree(Array.Empty<string>())));
        }

        private static List<string> Problems(string[] map, Tree tree)
        {
            var problems = new List<string>();
            foreach (LayoutTable table in LayoutTables("map.md", map, problems)) problems.AddRange(Check("map.md", table, tree));
            return problems;
        }

        /// <summary>A layout table: its marker's line and scopes (none when it is not a listing), and each row's line and paths.</summary>
        private sealed record LayoutTable(int MarkerLine, string[] Scopes, List<(int Line, string Path)> Paths);

        private static IEnumerable<string> Check(string map, LayoutTable table, Tree tree)
        {
            foreach ((int line, string path) in table.Paths)
            {
                if (!tree.Exists(path)) yield return $"{map}:{line}: {path} is not in the repository";
            }
            foreach (string scope in table.Scopes)
            {
                int star = scope.IndexOf('*');
                if (star >= 0)
                {
                    int slash = scope.LastIndexOf('/');
                    if (slash < 0 || slash > star)
                    {
                        yield return $"{map}:{table.MarkerLine}: {scope}: a file pattern is a folder, '/', then a name with '*'";
                        continue;
                    }
                    foreach (string file in tree.FilesIn(scope.Substring(0, slash), scope.Substring(slash + 1)))
                    {
                        if (!table.Paths.Any(p => p.Path == file))
                            yield return $"{map}:{table.MarkerLine}: {file} is in the repository but not in this listing of {scope}";
                    }
                    continue;
                }
                if (scope != "." && !tree.Exists(scope))
                {
                    yield return $"{map}:{table.MarkerLine}: {scope} is not in the repository";
                    continue;
                }
                foreach (string folder in tree.FoldersIn(scope))
                {
                    if (!table.Paths.Any(p => p.Path == folder || p.Path.StartsWith(folder + "/", StringComparison.Ordinal)))
                        yield return $"{map}:{table.MarkerLine}: {folder} is in the repository but not in this listing of {scope}";
                }
            }
        }

        /// <summary>
        /// The layout tables of a Markdown text, outside fenced code: tables whose header's first cell is <c>path</c>, each
        /// with the paths in backticks of its rows' first cells and the scopes of the marker right before it (blank lines
        /// between are allowed). A marker before anything else is a problem.
        /// </summary>
        private static List<LayoutTable> LayoutTables(string map, string[] lines, List<string> problems)
        {
            var tables = new List<LayoutTable>();
            bool fenced = false;
            (int Line, string[] Scopes)? marker = null;
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i];
                if (line.TrimStart().StartsWith("```", StringComparison.Ordinal)) fenced = !fenced;
                if (fenced || line.TrimStart().StartsWith("```", StringComparison.Ordinal) || line.Trim().Length == 0)
                {
                    if (fenced && marker != null) NotBeforeTable();
                    continue;
                }
                Match m = Regex.Match(line, @"^\s*<!--\s*layout:(.*?)-->\s*$");
                if (m.Success)
                {
                    if (marker != null) NotBeforeTable();
                    marker = (i + 1, m.Groups[1].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(s => Normalize(s)).ToArray());
                    continue;
                }
                bool table = line.TrimStart().StartsWith("|", StringComparison.Ordinal) && i + 1 < lines.Length
                    && Regex.IsMatch(lines[i + 1], @"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$");
                bool layout = table && FirstCell(line).Trim() == "path";
                if (marker != null && !layout) NotBeforeTable();
                if (!table) continue;
                int end = i + 2;
                while (end < lines.Length && lines[end].TrimStart().StartsWith("|", StringComparison.Ordinal)) end++;
                if (layout)
                {
                    var paths = new List<(int, string)>();
                    for (int row = i + 2; row < end; row++)
                    {
                        foreach (Match code in Regex.Matches(FirstCell(lines[row]), "`([^`]+)`"))
                            paths.Add((row + 1, Normalize(code.Groups[1].Value)));
                    }
                    tables.Add(new LayoutTable(marker?.Line ?? 0, marker?.Scopes ?? Array.Empty<string>(), paths));
                    marker = null;
                }
                i = end - 1;
            }
            if (marker != null) NotBeforeTable();
            return tables;

            void NotBeforeTable()
            {
                problems.Add($"{map}:{marker!.Value.Line}: a layout marker must stand right before a table whose first column is headed `path`");
                marker = null;
            }
        }

        /// <summary>A table row's first cell: the text between its first two pipes outside code spans.</summary>
        private static string FirstCell(string row)
        {
            string text = row.TrimStart();
            if (text.StartsWith("|", StringComparison.Ordinal)) text = text.Substring(1);
            var cell = new StringBuilder();
            bool code = false;
            foreach (char c in text)
            {
                if (c == '`') code = !code;
                else if (c == '|' && !code) break;
                cell.Append(c);
            }
            return cell.ToString();
        }

        private static string Normalize(string path)
        {
            string p = path.Trim().Replace('\\', '/');
            if (p.StartsWith("./", StringComparison.Ordinal) && p.Length > 2) p = p.Substring(2);
            return p.Length > 1 ? p.TrimEnd('/') : p;
        }

        /// <summary>The repository's files, from the root with '/' between folders, and the folders they make.</summary>
        private sealed class Tree
        {
            private readonly string[] _files;
            private readonly HashSet<string> _paths = new HashSet<string>(StringComparer.Ordinal);

            public Tree(IEnumerable<string> files)
            {
                _files = files.OrderBy(f => f, StringComparer.Ordinal).ToArray();
                foreach (string file in _files)
                {
                    _paths.Add(file);
                    for (int slash = file.IndexOf('/'); slash > 0; slash = file.IndexOf('/', slash + 1)) _paths.Add(file.Substring(0, slash));
                }
            }

            public bool Exists(string path) => _paths.Contains(path);

            /// <summary>The folders directly in <paramref name="folder"/> (<c>.</c>: the root) that hold a file.</summary>
            public IEnumerable<string> FoldersIn(string folder)
            {
                string prefix = folder == "." ? "" : folder + "/";
                return _files.Where(f => f.StartsWith(prefix, StringComparison.Ordinal) && f.IndexOf('/', prefix.Length) > 0)
                    .Select(f => f.Substring(0, f.IndexOf('/', prefix.Length)))
                    .Distinct();
            }

            /// <summary>The files directly in <paramref name="folder"/> whose name matches <paramref name="pattern"/> ('*': any characters).</summary>
            public IEnumerable<string> FilesIn(string folder, string pattern)
            {
                string prefix = folder == "." ? "" : folder + "/";
                var name = new Regex("^" + Regex.Escape(pattern).Replace(@"\*", "[^/]*") + "$");
                return _files.Where(f => f.StartsWith(prefix, StringComparison.Ordinal) && name.IsMatch(f.Substring(prefix.Length)));
            }
        }
    }
}
