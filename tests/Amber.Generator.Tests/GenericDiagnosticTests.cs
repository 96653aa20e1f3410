using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>Diagnostics that only generic types can trigger.</summary>
    public class GenericDiagnosticTests
    {
        [Fact]
        public void Open_generic_type_named_by_AmberSerializable_is_reported_as_open_not_as_lacking_a_constructor()
        {
            // Box<T> has a public parameterless constructor; what is wrong is that typeof(Box<>) names no
            // closed type, so there is nothing to generate. The fix is to name each closed type used.
            const string source = @"using Amber;
[assembly: AmberSerializable(typeof(N.Box<>))]

namespace N
{
    public class Box<T>
    {
        public T? Value { get; set; }
    }
}";
            CSharpCompilationCheck(source, out GeneratorRun run);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            Assert.StartsWith("AMB", d.Id, System.StringComparison.Ordinal);
            string message = d.GetMessage(CultureInfo.InvariantCulture);
            Assert.Contains("Box", message);
            Assert.Contains("generic", message);
            Assert.Contains("Fix:", message);
            Assert.DoesNotContain("constructor", message);
            // Reported at the attribute that names the open type, not at Box's declaration.
            Assert.Equal(1, d.Location.GetLineSpan().StartLinePosition.Line);
            Assert.Empty(run.Result.GeneratedSources);
        }

        private static void CSharpCompilationCheck(string source, out GeneratorRun run)
        {
            var input = GeneratorHarness.CreateCompilation(source);
            var inputErrors = input.GetDiagnostics().Where(x => x.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(inputErrors.Count == 0, "The test input does not compile:\n" + GeneratorHarness.Describe(inputErrors));
            run = GeneratorHarness.Run(input);
            Assert.Null(run.Result.Exception);
        }
    }
}
