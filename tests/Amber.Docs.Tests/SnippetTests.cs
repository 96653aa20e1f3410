using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Docs.Tests
{
    /// <summary>
    /// Every C# block of the README, the package READMEs and docs/ compiles as shown (with the usings it shows), or is
    /// marked as not code to compile: a snippet a user copies does not fail on a missing using or a renamed method.
    /// The markers are described on <see cref="MarkdownSnippets"/> and in CONTRIBUTING.md.
    /// </summary>
    public sealed class SnippetTests
    {
        public static IEnumerable<object[]> Pages() => MarkdownSnippets.Pages().Select(p => new object[] { p });

        [Theory]
        [MemberData(nameof(Pages))]
        public void Every_csharp_block_of_the_page_compiles_as_shown_or_is_marked_skip(string page)
        {
            var problems = new List<string>();
            foreach (Snippet snippet in MarkdownSnippets.Read(page).Where(s => !s.Skip))
            {
                problems.AddRange(SnippetCompiler.Compile(snippet).Select(d => SnippetCompiler.Describe(snippet, d)));
            }
            Assert.True(problems.Count == 0, string.Join("\n", problems));
        }

        [Fact]
        public void Every_marker_stands_before_a_csharp_block()
        {
            var stray = new List<string>();
            foreach (string page in MarkdownSnippets.Pages())
            {
                List<Snippet> snippets = MarkdownSnippets.Read(page);
                foreach ((int line, string text) in MarkdownSnippets.Markers(page))
                {
                    // A marker belongs to the first block after it, which must start within a few lines.
                    if (!snippets.Any(s => s.Line > line && s.Line <= line + 3)) stray.Add(page + ":" + line + ": " + text);
                }
            }
            Assert.True(stray.Count == 0, "markers with no C# block right after them:\n" + string.Join("\n", stray));
        }
    }
}
