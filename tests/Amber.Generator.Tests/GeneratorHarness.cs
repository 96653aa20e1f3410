using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Amber.Generator.Tests
{
    /// <summary>Builds in-memory compilations against Amber.dll and runs <see cref="AmberGenerator"/> over them.</summary>
    internal static class GeneratorHarness
    {
        /// <summary>The path every single-file input gets, so diagnostics can be matched to it.</summary>
        public const string InputPath = "Input.cs";

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new Lazy<ImmutableArray<MetadataReference>>(LoadReferences);

        /// <summary>The runtime's own assemblies (from the trusted platform assemblies list) plus Amber.dll.</summary>
        public static ImmutableArray<MetadataReference> References => s_references.Value;

        private static ImmutableArray<MetadataReference> LoadReferences()
        {
            string tpa = (string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")
                ?? throw new InvalidOperationException("TRUSTED_PLATFORM_ASSEMBLIES is not set.");
            // Only the shared framework: the list also holds this test's own dependencies (xunit,
            // Roslyn, the generator, Amber itself), which an Amber user's compilation would not see.
            string runtimeDir = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
            var refs = new List<MetadataReference>();
            foreach (string path in tpa.Split(Path.PathSeparator))
            {
                if (path.Length == 0 || !path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)) continue;
                if (!string.Equals(Path.GetDirectoryName(path), runtimeDir, StringComparison.Ordinal)) continue;
                refs.Add(MetadataReference.CreateFromFile(path));
            }
            refs.Add(MetadataReference.CreateFromFile(typeof(AmberSerializer).Assembly.Location));
            return refs.ToImmutableArray();
        }

        public static CSharpParseOptions ParseOptions(LanguageVersion version = LanguageVersion.Latest) =>
            new CSharpParseOptions(version);

        public static CSharpCompilation CreateCompilation(string source, LanguageVersion version = LanguageVersion.Latest) =>
            CreateCompilation(new[] { (InputPath, source) }, version);

        public static CSharpCompilation CreateCompilation(IEnumerable<(string Path, string Source)> sources, LanguageVersion version = LanguageVersion.Latest)
        {
            CSharpParseOptions parse = ParseOptions(version);
            IEnumerable<SyntaxTree> trees = sources.Select(s => CSharpSyntaxTree.ParseText(s.Source, parse, s.Path));
            var options = new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                // The same two the SDK turns off in every build: Amber.dll is built for net8.0 and
                // binds to this runtime's newer framework assemblies.
                specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic>
                {
                    ["CS1701"] = ReportDiagnostic.Suppress,
                    ["CS1702"] = ReportDiagnostic.Suppress,
                });
            return CSharpCompilation.Create("TestInput", trees, References, options);
        }

        public static GeneratorDriver CreateDriver(CSharpParseOptions parseOptions) =>
            CSharpGeneratorDriver.Create(
                new[] { new AmberGenerator().AsSourceGenerator() },
                parseOptions: parseOptions,
                driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

        /// <summary>Runs the generator once over <paramref name="compilation"/>.</summary>
        public static GeneratorRun Run(CSharpCompilation compilation)
        {
            GeneratorDriver driver = CreateDriver((CSharpParseOptions)compilation.SyntaxTrees.First().Options);
            driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> _);
            return new GeneratorRun(driver, driver.GetRunResult().Results.Single(), output);
        }

        public static GeneratorRun Run(string source, LanguageVersion version = LanguageVersion.Latest) =>
            Run(CreateCompilation(source, version));

        /// <summary>Warnings and errors of a compilation.</summary>
        public static ImmutableArray<Diagnostic> Problems(Compilation compilation) =>
            compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToImmutableArray();

        public static string Describe(IEnumerable<Diagnostic> diagnostics) =>
            string.Join(Environment.NewLine, diagnostics.Select(d => d.ToString()));
    }

    /// <summary>One generator run: the driver (for reruns), the generator's result, and the compilation with the generated code.</summary>
    internal sealed class GeneratorRun
    {
        public GeneratorRun(GeneratorDriver driver, GeneratorRunResult result, Compilation output)
        {
            Driver = driver;
            Result = result;
            Output = output;
        }

        public GeneratorDriver Driver { get; }

        public GeneratorRunResult Result { get; }

        public Compilation Output { get; }

        public ImmutableArray<Diagnostic> Diagnostics => Result.Diagnostics;

        public string Generated(string hintName) =>
            Result.GeneratedSources.Single(s => s.HintName == hintName).SourceText.ToString();
    }
}
