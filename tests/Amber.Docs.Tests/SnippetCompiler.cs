using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Amber.Generator;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Amber.Docs.Tests
{
    /// <summary>
    /// Compiles a snippet as a user's project would: the current C#, nullable on, the implicit usings of a
    /// <c>dotnet new console</c> project, against the assemblies this test depends on (.NET, ASP.NET Core, Amber's packages
    /// and the frameworks they integrate with), with Amber's generator run over it as the package runs it in a build.
    /// </summary>
    public static class SnippetCompiler
    {
        /// <summary>The usings the SDK adds to every project with <c>ImplicitUsings</c> on (what <c>dotnet new</c> sets).</summary>
        private const string ImplicitUsings =
            "global using global::System;\n"
            + "global using global::System.Collections.Generic;\n"
            + "global using global::System.IO;\n"
            + "global using global::System.Linq;\n"
            + "global using global::System.Net.Http;\n"
            + "global using global::System.Threading;\n"
            + "global using global::System.Threading.Tasks;\n";

        private static readonly CSharpParseOptions s_parse = new CSharpParseOptions(LanguageVersion.Latest);

        private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new Lazy<ImmutableArray<MetadataReference>>(LoadReferences);

        /// <summary>Every assembly of this test's dependencies but the test's own tooling (xunit, Roslyn, the generator).</summary>
        private static ImmutableArray<MetadataReference> LoadReferences()
        {
            string tpa = (string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")
                ?? throw new InvalidOperationException("TRUSTED_PLATFORM_ASSEMBLIES is not set.");
            string self = typeof(SnippetCompiler).Assembly.Location;
            var refs = new List<MetadataReference>();
            foreach (string path in tpa.Split(Path.PathSeparator))
            {
                if (path.Length == 0 || !path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || path == self) continue;
                string name = Path.GetFileNameWithoutExtension(path);
                if (name.StartsWith("xunit", StringComparison.OrdinalIgnoreCase)
                    || name.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal)
                    || name.StartsWith("Microsoft.TestPlatform", StringComparison.Ordinal)
                    || name.StartsWith("Microsoft.VisualStudio", StringComparison.Ordinal)
                    || name == "Amber.Generator")
                {
                    continue;
                }
                refs.Add(MetadataReference.CreateFromFile(path));
            }
            return refs.ToImmutableArray();
        }

        /// <summary>The problems of <paramref name="snippet"/>, compiled with its contexts and run through the generator.</summary>
        public static ImmutableArray<Diagnostic> Compile(Snippet snippet)
        {
            SyntaxTree code = CSharpSyntaxTree.ParseText(snippet.Code, s_parse, snippet.Page);
            var trees = new List<SyntaxTree> { code, CSharpSyntaxTree.ParseText(ImplicitUsings, s_parse, "ImplicitUsings.g.cs") };
            foreach (string context in snippet.Contexts)
            {
                string path = Path.Combine(MarkdownSnippets.RepositoryRoot, "tests", "Amber.Docs.Tests", "Contexts", context + ".cs");
                if (!File.Exists(path)) throw new InvalidOperationException($"{snippet}: no context '{context}' (tests/Amber.Docs.Tests/Contexts/{context}.cs).");
                trees.Add(CSharpSyntaxTree.ParseText(File.ReadAllText(path), s_parse, "Contexts/" + context + ".cs"));
            }

            // Statements at the top make a program (as in a console project); a page of types alone, a library.
            bool program = code.GetRoot().DescendantNodes(n => n is CompilationUnitSyntax).OfType<GlobalStatementSyntax>().Any();
            var options = new CSharpCompilationOptions(
                program ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                // The same ones the SDK turns off in every build: packages built for net8.0 bind to newer framework assemblies.
                specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic>
                {
                    ["CS1701"] = ReportDiagnostic.Suppress,
                    ["CS1702"] = ReportDiagnostic.Suppress,
                });
            CSharpCompilation compilation = CSharpCompilation.Create("Snippet", trees, s_references.Value, options);
            GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new AmberGenerator().AsSourceGenerator() }, parseOptions: s_parse);
            driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
            // The compiler's errors, and every warning of Amber's generator (a type it cannot serve is a user's problem
            // too). The compiler's own warnings are left out: a fragment's unused local or a variable it never reads
            // is not what the test is for.
            return generatorDiagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning)
                .Concat(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error || d.Id.StartsWith("AMB", StringComparison.Ordinal) && d.Severity >= DiagnosticSeverity.Warning))
                .ToImmutableArray();
        }

        /// <summary>A diagnostic with its place on the page (a snippet's line plus the block's first line).</summary>
        public static string Describe(Snippet snippet, Diagnostic d)
        {
            string where = snippet.ToString();
            if (d.Location.IsInSource)
            {
                FileLinePositionSpan span = d.Location.GetLineSpan();
                where = d.Location.SourceTree!.FilePath == snippet.Page
                    ? snippet.Page + ":" + (snippet.Line + span.StartLinePosition.Line)
                    : span.Path + ":" + (span.StartLinePosition.Line + 1) + " (for " + snippet + ")";
            }
            return where + ": " + d.Id + " " + d.GetMessage();
        }
    }
}
