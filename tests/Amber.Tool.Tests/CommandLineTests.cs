using Amber.ApiBaselines;
using Xunit;

namespace Amber.Tool.Tests
{
    /// <summary>Usage errors exit with 2 and say what is wrong on stderr; help exits with 0.</summary>
    public class CommandLineTests : ToolTestBase
    {
        [Fact]
        public void No_arguments_prints_the_usage_and_exits_with_2()
        {
            ToolResult r = Run();
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("usage:", r.Stderr);
            Assert.Equal("", r.Stdout);
        }

        [Theory]
        [InlineData("--help")]
        [InlineData("-h")]
        [InlineData("help")]
        public void Help_prints_the_usage_on_stdout_and_exits_with_0(string arg)
        {
            ToolResult r = Run(arg);
            Assert.Equal(AmberTool.Ok, r.Code);
            Assert.Contains("amber dump FILE", r.Stdout);
            Assert.Contains("exit codes", r.Stdout);
        }

        /// <summary>
        /// The tool's shipped surface is its command line: the usage text names every command, option and exit code, and is
        /// pinned in tests/PublicApi/amber.usage.txt (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Tool.Tests
        /// --filter CommandLineTests</c> rewrites it). The tests here pin what each command does with them.
        /// </summary>
        [Fact]
        public void The_usage_text_matches_its_baseline() => PublicApiBaseline.AssertText(Run("--help").Stdout, "amber.usage.txt");

        [Fact]
        public void Help_after_a_command_is_help()
        {
            Assert.Equal(AmberTool.Ok, Run("verify", "--help").Code);
        }

        [Fact]
        public void An_unknown_command_exits_with_2()
        {
            ToolResult r = Run("show", "x.bin");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("unknown command 'show'", r.Stderr);
            Assert.Contains("amber --help", r.Stderr);
        }

        [Theory]
        [InlineData("dump")]
        [InlineData("verify")]
        [InlineData("stats")]
        public void An_unknown_option_exits_with_2_before_the_file_is_read(string command)
        {
            ToolResult r = Run(command, "does-not-exist.bin", "--colour");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains($"unknown option '--colour' for {command}", r.Stderr);
            Assert.Equal("", r.Stdout);
        }

        [Theory]
        [InlineData("dump")]
        [InlineData("verify")]
        [InlineData("stats")]
        public void A_missing_file_argument_exits_with_2(string command)
        {
            ToolResult r = Run(command);
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("needs a file", r.Stderr);
        }

        [Fact]
        public void An_option_without_its_value_exits_with_2()
        {
            ToolResult r = Run("dump", "x.bin", "--output");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("'--output' needs a value", r.Stderr);
        }

        [Fact]
        public void Type_without_assembly_exits_with_2()
        {
            ToolResult r = Run("stats", "x.bin", "--type", "Game.Save");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("--assembly", r.Stderr);
        }

        [Fact]
        public void Output_is_an_option_of_dump_only()
        {
            ToolResult r = Run("verify", "x.bin", "-o", "out.json");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("option of dump", r.Stderr);
        }

        [Fact]
        public void Two_files_exit_with_2()
        {
            Assert.Equal(AmberTool.Usage, Run("verify", "a.bin", "b.bin").Code);
        }

        [Fact]
        public void An_assembly_that_does_not_exist_exits_with_2()
        {
            string file = WriteFile("s.ambs", StreamBytes(3));
            ToolResult r = Run("verify", file, "--assembly", "nowhere/Model.dll", "--type", "Save");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("no such file", r.Stderr);
        }

        [Fact]
        public void A_file_that_is_not_an_assembly_exits_with_2()
        {
            string file = WriteFile("s.ambs", StreamBytes(3));
            string notDll = WriteFile("notes.dll", System.Text.Encoding.UTF8.GetBytes("not an assembly"));
            ToolResult r = Run("verify", file, "--assembly", notDll);
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("not a .NET assembly", r.Stderr);
        }

        [Fact]
        public void A_type_not_in_the_assembly_exits_with_2_and_lists_the_types_there()
        {
            string file = WriteFile("s.ambs", StreamBytes(3));
            ToolResult r = Run("dump", file, "--assembly", ModelAssembly, "--type", "Game.Nothing");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("type 'Game.Nothing' not found in Amber.Tool.Tests.Model.dll", r.Stderr);
            Assert.Contains("Amber.Tool.Tests.Model.Save", r.Stderr);
            Assert.Equal("", r.Stdout);
        }

        [Fact]
        public void A_type_without_generated_code_exits_with_2_and_names_the_fix()
        {
            string file = WriteFile("s.ambs", StreamBytes(3));
            ToolResult r = Run("stats", file, "--assembly", ModelAssembly, "--type", "Unused");
            Assert.Equal(AmberTool.Usage, r.Code);
            Assert.Contains("has no Amber generated code", r.Stderr);
            Assert.Contains("AmberSerializable(typeof(Amber.Tool.Tests.Model.Unused))", r.Stderr);
        }
    }
}
