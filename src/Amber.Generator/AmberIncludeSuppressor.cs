using System.Collections.Immutable;
using System.Linq;
using Amber.Generator.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Amber.Generator
{
    /// <summary>
    /// A private field marked [AmberInclude] is written by generated code through UnsafeAccessor,
    /// which the compiler cannot see; without this, it warns that the field is never assigned
    /// (CS0649) or never used (CS0169), and the IDE suggests making it readonly (IDE0044).
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class AmberIncludeSuppressor : DiagnosticSuppressor
    {
        private static readonly SuppressionDescriptor s_neverAssigned = new SuppressionDescriptor("AMBS001", "CS0649", "Amber assigns [AmberInclude] fields when deserializing.");
        private static readonly SuppressionDescriptor s_neverUsed = new SuppressionDescriptor("AMBS002", "CS0169", "Amber reads and writes [AmberInclude] fields.");
        private static readonly SuppressionDescriptor s_makeReadonly = new SuppressionDescriptor("AMBS003", "IDE0044", "Amber assigns [AmberInclude] fields when deserializing.");

        /// <inheritdoc />
        public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions => ImmutableArray.Create(s_neverAssigned, s_neverUsed, s_makeReadonly);

        /// <inheritdoc />
        public override void ReportSuppressions(SuppressionAnalysisContext context)
        {
            foreach (Diagnostic diagnostic in context.ReportedDiagnostics)
            {
                SuppressionDescriptor? descriptor = diagnostic.Id switch
                {
                    "CS0649" => s_neverAssigned,
                    "CS0169" => s_neverUsed,
                    "IDE0044" => s_makeReadonly,
                    _ => null,
                };
                if (descriptor == null || diagnostic.Location.SourceTree == null) continue;
                SyntaxNode root = diagnostic.Location.SourceTree.GetRoot(context.CancellationToken);
                SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan);
                SemanticModel model = context.GetSemanticModel(diagnostic.Location.SourceTree);
                if (model.GetDeclaredSymbol(node, context.CancellationToken) is IFieldSymbol field
                    && field.GetAttributes().Any(a => KnownSymbols.IsAttribute(a, KnownSymbols.For(model.Compilation).AmberIncludeAttribute)))
                {
                    context.ReportSuppression(Suppression.Create(descriptor, diagnostic));
                }
            }
        }
    }
}
