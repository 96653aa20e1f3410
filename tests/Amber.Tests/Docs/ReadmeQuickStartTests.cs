using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace Amber.Tests.Docs
{
    /// <summary>
    /// The README's quick start is the program <c>tests/package/quickstart.sh</c> builds from the packed package and runs
    /// (CI's second step): the same lines, but for the comments the README adds and the line the script adds to print
    /// what came back. An edit to one without the other fails here, not on a user's machine.
    /// </summary>
    public class ReadmeQuickStartTests
    {
        [Fact]
        public void The_README_quick_start_is_the_program_the_package_check_runs()
        {
            string root = Repository.Root();
            string readme = File.ReadAllText(Path.Combine(root, "README.md")).Replace("\r", "");
            int section = readme.IndexOf("\n## Quick start\n", StringComparison.Ordinal);
            Assert.True(section >= 0, "README.md has a '## Quick start' section");
            Match block = Regex.Match(readme.Substring(section), "```csharp\n(.*?)\n```", RegexOptions.Singleline);
            Assert.True(block.Success, "the quick start has a csharp code block");

            string script = File.ReadAllText(Path.Combine(root, "tests", "package", "quickstart.sh")).Replace("\r", "");
            Match program = Regex.Match(script, "cat > Program.cs <<'CS'\n(.*?)\nCS\n", RegexOptions.Singleline);
            Assert.True(program.Success, "quickstart.sh writes a Program.cs");

            string[] shown = Lines(block.Groups[1].Value);
            string[] run = Lines(program.Groups[1].Value).Where(l => !l.StartsWith("System.Console.WriteLine(", StringComparison.Ordinal)).ToArray();
            Assert.Equal(run, shown);
            Assert.Contains("// 13 bytes", block.Groups[1].Value);
            Assert.Contains("= \"Ada 36 13\" ]", script);
        }

        /// <summary>The non-blank lines of a program, each without a trailing <c>//</c> comment.</summary>
        private static string[] Lines(string code) =>
            code.Split('\n')
                .Select(l => Regex.Replace(l, @"\s*//.*$", "").TrimEnd())
                .Where(l => l.Length > 0)
                .ToArray();
    }
}
