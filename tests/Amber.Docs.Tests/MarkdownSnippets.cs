using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Amber.Docs.Tests
{
    /// <summary>One <c>```csharp</c> block of a Markdown page, with the marker written on the line before it.</summary>
    /// <param name="Page">The page's path from the repository root, with forward slashes.</param>
    /// <param name="Line">The line of the block's first line of code (1-based), for messages.</param>
    /// <param name="Code">The code, without the fences and without the indentation of a block inside a list.</param>
    /// <param name="Skip">Marked <c>&lt;!-- snippet: skip --&gt;</c>: not code to compile (a list of signatures, say).</param>
    /// <param name="Contexts">The contexts named by <c>&lt;!-- snippet: context=a,b --&gt;</c>, in order.</param>
    public sealed record Snippet(string Page, int Line, string Code, bool Skip, IReadOnlyList<string> Contexts)
    {
        public override string ToString() => Page + ":" + Line;
    }

    /// <summary>
    /// The pages whose C# blocks are user code, and the blocks on them. A block is compiled as it is shown unless the
    /// line before its fence (blank lines aside) is a marker, an HTML comment Markdown does not render:
    /// <c>&lt;!-- snippet: skip --&gt;</c> for a block that is not meant to compile as it stands, or
    /// <c>&lt;!-- snippet: context=NAME --&gt;</c> for a fragment that uses what <c>Contexts/NAME.cs</c> declares (the
    /// <c>app</c>, <c>builder</c> or <c>channel</c> of the surrounding text).
    /// </summary>
    public static class MarkdownSnippets
    {
        private static readonly Regex s_fence = new Regex(@"^(\s*)```\s*(\S*)\s*$", RegexOptions.Compiled);
        private static readonly Regex s_marker = new Regex(@"^\s*<!--\s*snippet:\s*(.*?)\s*-->\s*$", RegexOptions.Compiled);

        /// <summary>The root README, every package README and every page of docs/, from the repository root.</summary>
        public static IEnumerable<string> Pages()
        {
            string root = RepositoryRoot;
            yield return "README.md";
            foreach (string dir in Directory.GetDirectories(Path.Combine(root, "src")).OrderBy(d => d, StringComparer.Ordinal))
            {
                if (File.Exists(Path.Combine(dir, "README.md"))) yield return "src/" + Path.GetFileName(dir) + "/README.md";
            }
            foreach (string page in Directory.GetFiles(Path.Combine(root, "docs"), "*.md").OrderBy(p => p, StringComparer.Ordinal))
            {
                yield return "docs/" + Path.GetFileName(page);
            }
        }

        /// <summary>The C# blocks of <paramref name="page"/> (a path from the repository root).</summary>
        public static List<Snippet> Read(string page)
        {
            string[] lines = File.ReadAllText(Path.Combine(RepositoryRoot, page)).Replace("\r", "").Split('\n');
            var snippets = new List<Snippet>();
            for (int i = 0; i < lines.Length; i++)
            {
                Match open = s_fence.Match(lines[i]);
                if (!open.Success) continue;
                string indent = open.Groups[1].Value;
                int start = i + 1;
                int end = start;
                while (end < lines.Length && !(lines[end].Trim() == "```")) end++;
                if (!IsCSharp(open.Groups[2].Value))
                {
                    i = end;
                    continue;
                }

                string code = string.Join("\n", lines.Skip(start).Take(end - start).Select(l => l.StartsWith(indent, StringComparison.Ordinal) ? l.Substring(indent.Length) : l.TrimStart()));
                string? marker = MarkerBefore(lines, i);
                bool skip = false;
                var contexts = new List<string>();
                if (marker != null)
                {
                    if (marker == "skip") skip = true;
                    else if (marker.StartsWith("context=", StringComparison.Ordinal)) contexts.AddRange(marker.Substring("context=".Length).Split(',').Select(c => c.Trim()));
                    else throw new InvalidOperationException($"{page}:{i + 1}: unknown snippet marker '{marker}' (write 'skip' or 'context=NAME').");
                }
                snippets.Add(new Snippet(page, start + 1, code, skip, contexts));
                i = end;
            }
            return snippets;
        }

        /// <summary>Every marker of <paramref name="page"/> with the line it is on, to check each stands before a C# block.</summary>
        public static IEnumerable<(int Line, string Text)> Markers(string page)
        {
            string[] lines = File.ReadAllText(Path.Combine(RepositoryRoot, page)).Replace("\r", "").Split('\n');
            for (int i = 0; i < lines.Length; i++)
            {
                Match m = s_marker.Match(lines[i]);
                if (m.Success) yield return (i + 1, m.Groups[1].Value);
            }
        }

        private static bool IsCSharp(string info) => info is "csharp" or "cs" or "c#" or "C#";

        private static string? MarkerBefore(string[] lines, int fence)
        {
            for (int j = fence - 1; j >= 0; j--)
            {
                if (lines[j].Trim().Length == 0) continue;
                Match m = s_marker.Match(lines[j]);
                return m.Success ? m.Groups[1].Value : null;
            }
            return null;
        }

        public static string RepositoryRoot { get; } = FindRoot();

        private static string FindRoot()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Amber.slnx"))) return dir.FullName;
            }
            throw new InvalidOperationException($"No Amber.slnx above {AppContext.BaseDirectory}: the pages are found from the repository root.");
        }
    }
}
