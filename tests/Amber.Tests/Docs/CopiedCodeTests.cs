using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace Amber.Tests.Docs
{
    /// <summary>
    /// The shipped code says each thing once: no run of <see cref="CopiedCode.MinLines"/> or more identical lines stands
    /// in two places of <c>src/</c> (CONTRIBUTING.md, "Ground rules"). Lines are compared trimmed; blank lines and using
    /// directives do not count, so a run is the same code, whatever its indentation. A copy this check finds is made one
    /// method, or, when the two must differ in a type, one generic method.
    /// </summary>
    public class CopiedCodeTests
    {
        [Fact]
        public void No_run_of_twelve_identical_lines_stands_twice_in_src()
        {
            string root = Repository.Root();
            var files = Repository.TrackedFiles(root)
                .Where(f => f.StartsWith("src/", StringComparison.Ordinal) && f.EndsWith(".cs", StringComparison.Ordinal))
                .Select(f => (f, File.ReadAllLines(Path.Combine(root, f.Replace('/', Path.DirectorySeparatorChar)))))
                .ToList();
            Assert.True(files.Count > 100, $"Only {files.Count} C# files were found under src/.");
            List<string> copies = CopiedCode.Find(files);
            Assert.True(copies.Count == 0,
                $"Runs of {CopiedCode.MinLines} or more identical lines stand twice in src/; make each one method:\n" + string.Join("\n", copies));
        }

        [Fact]
        public void A_copied_run_is_found_wherever_it_stands_and_a_shorter_one_is_not()
        {
            string[] body = Enumerable.Range(0, CopiedCode.MinLines).Select(i => $"total += values[{i}] * {i};").ToArray();
            string[] a = new[] { "class A", "{", "void F()", "{" }.Concat(body).Concat(new[] { "}", "}" }).ToArray();
            // The same run, indented differently, with blank lines between, in another file.
            string[] b = new[] { "class B", "{", "", "    void G()", "    {" }
                .Concat(body.SelectMany(l => new[] { "        " + l, "" }))
                .Concat(new[] { "    }", "}" }).ToArray();
            List<string> found = CopiedCode.Find(new List<(string, string[])> { ("a.cs", a), ("b.cs", b) });
            // The run takes in the braces around the body too: from the method's "{" to the class's "}".
            Assert.Equal(new[] { $"a.cs:4-{6 + CopiedCode.MinLines} ~ b.cs:5-{7 + 2 * CopiedCode.MinLines}" }, found);

            // Twice in one file counts too.
            List<string> twice = CopiedCode.Find(new List<(string, string[])> { ("c.cs", body.Concat(new[] { "return;" }).Concat(body).ToArray()) });
            Assert.Equal(new[] { $"c.cs:1-{CopiedCode.MinLines} ~ c.cs:{CopiedCode.MinLines + 2}-{2 * CopiedCode.MinLines + 1}" }, twice);

            // One line fewer, or one line changed in the middle, is not a copy.
            string[] shorter = body.Skip(1).ToArray();
            Assert.Empty(CopiedCode.Find(new List<(string, string[])> { ("a.cs", shorter), ("b.cs", shorter) }));
            string[] changed = (string[])body.Clone();
            changed[CopiedCode.MinLines / 2] = "total -= 1;";
            Assert.Empty(CopiedCode.Find(new List<(string, string[])> { ("a.cs", body), ("b.cs", changed) }));
        }

        [Fact]
        public void Using_directives_and_blank_lines_make_no_copy()
        {
            string[] usings = Enumerable.Range(0, CopiedCode.MinLines + 4).Select(i => $"using System.Namespace{i};").ToArray();
            string[] blanks = Enumerable.Repeat("", CopiedCode.MinLines * 2).ToArray();
            Assert.Empty(CopiedCode.Find(new List<(string, string[])> { ("a.cs", usings.Concat(blanks).ToArray()), ("b.cs", usings.Concat(blanks).ToArray()) }));
        }
    }

    /// <summary>Finds runs of identical lines that stand in two places of a set of files.</summary>
    public static class CopiedCode
    {
        /// <summary>The shortest run that counts as a copy.</summary>
        public const int MinLines = 12;

        /// <summary>
        /// Every longest run of at least <see cref="MinLines"/> identical lines (trimmed; blank lines and using directives
        /// left out) that stands twice, as "file:first-last ~ file:first-last" with 1-based line numbers, each pair once.
        /// </summary>
        public static List<string> Find(List<(string Path, string[] Lines)> files)
        {
            // Each file as the lines that count, with their line numbers.
            var kept = files.Select(f =>
            {
                var text = new List<string>();
                var numbers = new List<int>();
                for (int i = 0; i < f.Lines.Length; i++)
                {
                    string line = f.Lines[i].Trim();
                    if (line.Length == 0 || IsUsingDirective(line)) continue;
                    text.Add(line);
                    numbers.Add(i + 1);
                }
                return (f.Path, Text: text, Numbers: numbers);
            }).ToList();

            // Where each window of MinLines lines starts.
            var windows = new Dictionary<string, List<(int File, int At)>>(StringComparer.Ordinal);
            for (int f = 0; f < kept.Count; f++)
            {
                for (int at = 0; at + MinLines <= kept[f].Text.Count; at++)
                {
                    string key = string.Join("\n", kept[f].Text.GetRange(at, MinLines));
                    if (!windows.TryGetValue(key, out var places)) windows[key] = places = new List<(int, int)>();
                    places.Add((f, at));
                }
            }

            var found = new List<string>();
            var reported = new HashSet<(int, int, int, int)>();
            foreach (var places in windows.Values.Where(p => p.Count > 1))
            {
                for (int i = 0; i < places.Count; i++)
                {
                    for (int j = i + 1; j < places.Count; j++)
                    {
                        var (fa, a) = places[i];
                        var (fb, b) = places[j];
                        // Report each run once, from its first window: a pair whose previous lines also match is inside a longer run.
                        if (a > 0 && b > 0 && kept[fa].Text[a - 1] == kept[fb].Text[b - 1] && !(fa == fb && a - 1 == b)) continue;
                        int length = MinLines;
                        while (a + length < kept[fa].Text.Count && b + length < kept[fb].Text.Count
                            && kept[fa].Text[a + length] == kept[fb].Text[b + length] && !(fa == fb && a + length == b))
                        {
                            length++;
                        }
                        if (!reported.Add((fa, a, fb, b))) continue;
                        found.Add($"{kept[fa].Path}:{kept[fa].Numbers[a]}-{kept[fa].Numbers[a + length - 1]} ~ " +
                            $"{kept[fb].Path}:{kept[fb].Numbers[b]}-{kept[fb].Numbers[b + length - 1]}");
                    }
                }
            }
            found.Sort(StringComparer.Ordinal);
            return found;
        }

        private static bool IsUsingDirective(string line) =>
            line.StartsWith("using ", StringComparison.Ordinal) && line.EndsWith(";", StringComparison.Ordinal) && !line.Contains('(') && !line.Contains('=');
    }
}
