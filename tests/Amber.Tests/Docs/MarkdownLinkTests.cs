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
    /// Every relative link in the repository's Markdown (README, CONTRIBUTING, docs/, the package READMEs …) points at a
    /// file or folder that exists, and every <c>#anchor</c> into a Markdown file names one of its headings, slugged the way
    /// GitHub slugs them. The files are those git tracks (<c>git ls-files '*.md'</c>); without git, every <c>*.md</c> under
    /// the repository root outside build output.
    /// </summary>
    public class MarkdownLinkTests
    {
        [Fact]
        public void Every_relative_link_in_the_markdown_resolves()
        {
            string root = Repository.Root();
            List<string> files = Repository.TrackedFiles(root)
                .Where(f => f.EndsWith(".md", StringComparison.Ordinal) && !f.Split('/').Any(part => part.StartsWith(".", StringComparison.Ordinal)))
                .Select(f => f.Replace('/', Path.DirectorySeparatorChar))
                .ToList();
            Assert.Contains("README.md", files);
            var broken = new List<string>();
            var headings = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
            foreach (string file in files)
            {
                string path = Path.Combine(root, file);
                foreach ((int line, string target) in Links(File.ReadAllLines(path)))
                {
                    string? problem = Check(root, path, target, headings);
                    if (problem != null) broken.Add($"{file}:{line}: ({target}) {problem}");
                }
            }
            Assert.True(broken.Count == 0, "Broken links:\n" + string.Join("\n", broken));
        }

        [Theory]
        [InlineData("Frame compression: Amber.Compression", "frame-compression-ambercompression")]
        [InlineData("Payloads as JSON: `AmberJson`", "payloads-as-json-amberjson")]
        [InlineData("Construction: records, immutable types, `init` and `required`", "construction-records-immutable-types-init-and-required")]
        [InlineData("7.3 The `object` tags (§5)", "73-the-object-tags-5")]
        [InlineData("Where [the docs](docs/x.md) are_here", "where-the-docs-are_here")]
        public void Headings_are_slugged_as_GitHub_slugs_them(string heading, string slug)
            => Assert.Equal(slug, Slug(heading));

        [Fact]
        public void Links_in_code_are_not_links()
        {
            string[] text =
            {
                "See [the format](docs/format.md#4-keys) and `[not](a-link.md)`.",
                "```",
                "[inside](a-fence.md)",
                "```",
                "![chart](docs/bench/quick.svg \"title\") [out](https://example.org) [ref]: not-a-definition.md",
                "[ref]: docs/security.md",
            };
            Assert.Equal(
                new[] { (1, "docs/format.md#4-keys"), (5, "docs/bench/quick.svg"), (5, "https://example.org"), (6, "docs/security.md") },
                Links(text).ToArray());
        }

        private static string? Check(string root, string from, string target, Dictionary<string, HashSet<string>> headings)
        {
            if (Regex.IsMatch(target, "^[a-zA-Z][a-zA-Z0-9+.-]*:")) return null;   // https:, mailto: …: not a file here
            int hash = target.IndexOf('#');
            string file = hash < 0 ? target : target.Substring(0, hash);
            string? anchor = hash < 0 ? null : target.Substring(hash + 1);
            string resolved = file.Length == 0
                ? from
                : Path.GetFullPath(Path.Combine(file.StartsWith("/", StringComparison.Ordinal) ? root : Path.GetDirectoryName(from)!,
                    Uri.UnescapeDataString(file.TrimStart('/'))));
            if (!resolved.StartsWith(root, StringComparison.Ordinal)) return "points outside the repository";
            if (!File.Exists(resolved) && !Directory.Exists(resolved)) return "no such file";
            if (anchor == null || !resolved.EndsWith(".md", StringComparison.OrdinalIgnoreCase)) return null;
            if (!headings.TryGetValue(resolved, out HashSet<string>? slugs))
            {
                slugs = Headings(File.ReadAllLines(resolved));
                headings.Add(resolved, slugs);
            }
            return slugs.Contains(anchor) ? null : "no heading has this anchor";
        }

        /// <summary>The link targets of a Markdown text, with their line numbers, outside fenced code and code spans.</summary>
        private static IEnumerable<(int Line, string Target)> Links(string[] lines)
        {
            bool fenced = false;
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i];
                if (line.TrimStart().StartsWith("```", StringComparison.Ordinal)) { fenced = !fenced; continue; }
                if (fenced) continue;
                string text = Regex.Replace(line, "`[^`]*`", "");
                foreach (Match m in Regex.Matches(text, @"\]\(\s*<?([^)\s>]+)>?(?:\s+""[^""]*"")?\s*\)"))
                    yield return (i + 1, m.Groups[1].Value);
                foreach (Match m in Regex.Matches(text, @"^ {0,3}\[[^\]]+\]:\s+(\S+)"))
                    yield return (i + 1, m.Groups[1].Value);
            }
        }

        /// <summary>The anchors GitHub gives a Markdown file's headings (ATX and setext), a repeated one numbered -1, -2 ….</summary>
        private static HashSet<string> Headings(string[] lines)
        {
            var slugs = new HashSet<string>(StringComparer.Ordinal);
            var seen = new Dictionary<string, int>(StringComparer.Ordinal);
            bool fenced = false;
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i];
                if (line.TrimStart().StartsWith("```", StringComparison.Ordinal)) { fenced = !fenced; continue; }
                if (fenced) continue;
                string? heading = null;
                Match atx = Regex.Match(line, @"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$");
                if (atx.Success) heading = atx.Groups[1].Value;
                else if (line.Trim().Length > 0 && !line.TrimStart().StartsWith("|", StringComparison.Ordinal) && i + 1 < lines.Length
                         && Regex.IsMatch(lines[i + 1], @"^ {0,3}(=+|-+)\s*$") && (i == 0 || lines[i - 1].Trim().Length == 0))
                    heading = line.Trim();
                if (heading == null) continue;
                string slug = Slug(heading);
                if (seen.TryGetValue(slug, out int count)) { seen[slug] = count + 1; slug = slug + "-" + (count + 1); }
                else seen[slug] = 0;
                slugs.Add(slug);
            }
            return slugs;
        }

        /// <summary>GitHub's heading anchor: the heading's text (links as their text, no code marks or emphasis), lower case,
        /// every character but letters, marks, digits, connector punctuation, spaces and hyphens dropped, spaces made hyphens.</summary>
        private static string Slug(string heading)
        {
            string text = Regex.Replace(heading, @"!?\[([^\]]*)\]\([^)]*\)", "$1");
            text = Regex.Replace(text, "<[^>]+>", "");
            var slug = new StringBuilder();
            foreach (char c in text.ToLowerInvariant())
            {
                switch (char.GetUnicodeCategory(c))
                {
                    case System.Globalization.UnicodeCategory.LowercaseLetter:
                    case System.Globalization.UnicodeCategory.UppercaseLetter:
                    case System.Globalization.UnicodeCategory.TitlecaseLetter:
                    case System.Globalization.UnicodeCategory.ModifierLetter:
                    case System.Globalization.UnicodeCategory.OtherLetter:
                    case System.Globalization.UnicodeCategory.NonSpacingMark:
                    case System.Globalization.UnicodeCategory.SpacingCombiningMark:
                    case System.Globalization.UnicodeCategory.EnclosingMark:
                    case System.Globalization.UnicodeCategory.DecimalDigitNumber:
                    case System.Globalization.UnicodeCategory.LetterNumber:
                    case System.Globalization.UnicodeCategory.OtherNumber:
                    case System.Globalization.UnicodeCategory.ConnectorPunctuation:
                        slug.Append(c);
                        break;
                    default:
                        if (c == ' ') slug.Append('-');
                        else if (c == '-') slug.Append('-');
                        break;
                }
            }
            return slug.ToString();
        }
    }
}
