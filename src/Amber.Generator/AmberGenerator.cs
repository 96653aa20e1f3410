using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using Amber.Generator.Emitting;
using Amber.Generator.Model;
using Amber.Generator.Parsing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace Amber.Generator
{
    /// <summary>
    /// Finds the types passed to AmberSerializer, AmberStream, AmberSnapshot, AmberFraming, AmberJson or Amber.AspNetCore's AmberResults with a concrete
    /// type argument, the T of each AmberBody&lt;T&gt; written with a concrete T (and those named by
    /// [assembly: AmberSerializable(typeof(T))]), and writes their formatters.
    /// Pipeline → Parser → equatable model → Emitter.
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class AmberGenerator : IIncrementalGenerator
    {
        internal const string CallSitesStep = "AmberCallSites";
        internal const string AssemblyRootsStep = "AmberAssemblyRoots";
        internal const string ModelStep = "AmberModel";

        private static readonly HashSet<string> s_entryPoints = new HashSet<string>
        {
            "Serialize", "SerializeAsync", "Deserialize", "DeserializeAsync",
            // AmberStream and AmberSnapshot: T is the item type.
            "Write", "WriteAsync", "Read", "ReadAsync", "ReadAll", "ReadAllAsync", "WriteFile", "WriteFileAsync", "ReadFile", "ReadFileAsync",
            // AmberFraming: T is the message type.
            "WriteMessage", "TryReadMessage",
            // AmberJson: T is the type the payload is viewed as, or read back from JSON as.
            "ToJson", "FromJson", "PayloadFromJson",
            // AmberResults (Amber.AspNetCore): T is the type a minimal-API endpoint answers with.
            "Amber",
        };

        /// <summary>Amber.AspNetCore's request-body wrapper: <c>AmberBody&lt;Order&gt;</c> written anywhere names Order as a root.</summary>
        private const string BodyWrapperName = "AmberBody";

        /// <inheritdoc />
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValuesProvider<RootModel> callSites = context.SyntaxProvider
                .CreateSyntaxProvider(static (node, _) => IsCandidate(node), static (ctx, ct) => ParseCallSite(ctx, ct))
                .Where(static r => r is not null)
                .Select(static (r, _) => r!)
                .WithTrackingName(CallSitesStep);

            IncrementalValueProvider<EquatableArray<RootModel>> assemblyRoots = context.CompilationProvider
                .Select(static (c, ct) => ParseAssemblyAttributes(c, ct))
                .WithTrackingName(AssemblyRootsStep);

            IncrementalValueProvider<bool> needsPolyfill = context.CompilationProvider
                .Select(static (c, _) => c.GetTypeByMetadataName("System.Runtime.CompilerServices.ModuleInitializerAttribute") is null);

            IncrementalValueProvider<GenerationModel> model = callSites.Collect()
                .Combine(assemblyRoots)
                .Combine(needsPolyfill)
                .Select(static (input, _) => Merge(input.Left.Left, input.Left.Right, input.Right))
                .WithTrackingName(ModelStep);

            context.RegisterSourceOutput(model, static (spc, m) => Emit(spc, m));
        }

        private static bool IsCandidate(SyntaxNode node)
        {
            if (node is GenericNameSyntax { TypeArgumentList.Arguments.Count: 1 } generic && generic.Identifier.ValueText == BodyWrapperName) return true;
            if (node is not InvocationExpressionSyntax invocation) return false;
            SimpleNameSyntax? name = invocation.Expression switch
            {
                MemberAccessExpressionSyntax ma => ma.Name,
                SimpleNameSyntax sn => sn,
                _ => null,
            };
            return name != null && s_entryPoints.Contains(name.Identifier.ValueText);
        }

        private static RootModel? ParseCallSite(GeneratorSyntaxContext ctx, CancellationToken ct)
        {
            if (ctx.Node is GenericNameSyntax) return ParseBodyWrapper(ctx, ct);
            if (ctx.SemanticModel.GetSymbolInfo(ctx.Node, ct).Symbol is not IMethodSymbol method) return null;
            if (method.ContainingType == null || !IsEntryType(method.ContainingType, KnownSymbols.For(ctx.SemanticModel.Compilation)) || method.TypeArguments.Length != 1) return null;
            ITypeSymbol type = method.TypeArguments[0];
            if (ContainsTypeParameter(type) || type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Error) return null;
            return Parser.ParseRoot(type, ctx.SemanticModel.Compilation, Parser.ToInfo(ctx.Node.GetLocation()), ct);
        }

        /// <summary>A use of <c>AmberBody&lt;T&gt;</c> (a minimal-API parameter, typically) with a concrete T: T is a root.</summary>
        private static RootModel? ParseBodyWrapper(GeneratorSyntaxContext ctx, CancellationToken ct)
        {
            if (ctx.SemanticModel.GetSymbolInfo(ctx.Node, ct).Symbol is not INamedTypeSymbol wrapper || wrapper.TypeArguments.Length != 1) return null;
            if (!KnownSymbols.Is(wrapper.OriginalDefinition, KnownSymbols.For(ctx.SemanticModel.Compilation).AmberBody)) return null;
            ITypeSymbol type = wrapper.TypeArguments[0];
            if (ContainsTypeParameter(type) || type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Error) return null;
            return Parser.ParseRoot(type, ctx.SemanticModel.Compilation, Parser.ToInfo(ctx.Node.GetLocation()), ct);
        }

        /// <summary>AmberSerializer, AmberStream, AmberSnapshot, AmberFraming or AmberJson: the types whose generic methods name a root type.</summary>
        private static bool IsEntryType(INamedTypeSymbol type, KnownSymbols known) =>
            KnownSymbols.Is(type, known.AmberSerializer) || KnownSymbols.Is(type, known.AmberStream) || KnownSymbols.Is(type, known.AmberSnapshot)
            || KnownSymbols.Is(type, known.AmberFraming) || KnownSymbols.Is(type, known.AmberJson) || KnownSymbols.Is(type, known.AmberResults);

        private static bool ContainsTypeParameter(ITypeSymbol type) => type switch
        {
            ITypeParameterSymbol => true,
            IArrayTypeSymbol a => ContainsTypeParameter(a.ElementType),
            INamedTypeSymbol n => n.TypeArguments.Any(ContainsTypeParameter) || (n.ContainingType != null && ContainsTypeParameter(n.ContainingType)),
            _ => false,
        };

        private static EquatableArray<RootModel> ParseAssemblyAttributes(Compilation compilation, CancellationToken ct)
        {
            var roots = new List<RootModel>();
            INamedTypeSymbol? serializable = KnownSymbols.For(compilation).AmberSerializableAttribute;
            foreach (AttributeData a in compilation.Assembly.GetAttributes())
            {
                if (!KnownSymbols.IsAttribute(a, serializable)) continue;
                if (a.ConstructorArguments.Length != 1 || a.ConstructorArguments[0].Value is not ITypeSymbol type) continue;
                if (type is INamedTypeSymbol { IsUnboundGenericType: true } open)
                {
                    LocationInfo? at = Parser.ToInfo(a.ApplicationSyntaxReference?.GetSyntax(ct).GetLocation());
                    string example = open.OriginalDefinition.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat).Split('<')[0]
                        + "<" + string.Join(", ", open.TypeParameters.Select(_ => "int")) + ">";
                    var diagnostic = new DiagnosticInfo(Diagnostics.OpenGeneric.Id, at, new[] { open.OriginalDefinition.ToDisplayString(), example }.ToEquatableArray());
                    roots.Add(new RootModel(new TypeRef("object", Model.TypeKind.Scalar, false), EquatableArray<ObjectModel>.Empty, new[] { diagnostic }.ToEquatableArray()));
                    continue;
                }
                if (ContainsTypeParameter(type)) continue;
                RootModel? root = Parser.ParseRoot(type, compilation, Parser.ToInfo(a.ApplicationSyntaxReference?.GetSyntax(ct).GetLocation()), ct);
                if (root != null) roots.Add(root);
            }
            return roots.ToEquatableArray();
        }

        private static GenerationModel Merge(ImmutableArray<RootModel> callSites, EquatableArray<RootModel> attributes, bool polyfill)
        {
            var roots = new List<TypeRef>();
            var referenceRoots = new List<EquatableString>();
            var objects = new Dictionary<string, ObjectModel>();
            var diagnostics = new List<DiagnosticInfo>();
            foreach (RootModel r in callSites.Concat(attributes))
            {
                foreach (DiagnosticInfo d in r.Diagnostics)
                {
                    if (!diagnostics.Contains(d)) diagnostics.Add(d);
                }
                if (r.Diagnostics.Count > 0) continue;
                if (!roots.Contains(r.Root)) roots.Add(r.Root);
                if (r.Objects.Any(o => o.PreserveReferences) && !referenceRoots.Contains(new EquatableString(r.Root.FullName))) referenceRoots.Add(new EquatableString(r.Root.FullName));
                foreach (ObjectModel o in r.Objects)
                {
                    if (!objects.ContainsKey(o.Id)) objects[o.Id] = o;
                }
            }
            roots.Sort((a, b) => string.CompareOrdinal(a.FullName, b.FullName));
            return new GenerationModel(
                roots.ToEquatableArray(),
                objects.Values.OrderBy(o => o.Id, System.StringComparer.Ordinal).ToEquatableArray(),
                diagnostics.ToEquatableArray(),
                polyfill,
                referenceRoots.ToEquatableArray());
        }

        /// <summary>
        /// A file name for generated source: the codec's name, shortened with a stable hash when long,
        /// so deep generic types do not exceed path limits when generated files are written to disk.
        /// </summary>
        internal static string HintName(string name)
        {
            const int max = 80;
            if (name.Length <= max) return name + ".g.cs";
            uint h = AmberCode.TypeTagOf(name);
            return name.Substring(0, max - 9) + "_" + h.ToString("X8", System.Globalization.CultureInfo.InvariantCulture) + ".g.cs";
        }

        private static void Emit(SourceProductionContext spc, GenerationModel model)
        {
            foreach (DiagnosticInfo d in model.Diagnostics)
            {
                DiagnosticDescriptor? descriptor = Diagnostics.ById(d.Id);
                if (descriptor == null) continue;
                Location location = d.Location == null
                    ? Location.None
                    : Location.Create(d.Location.FilePath, new TextSpan(d.Location.Start, d.Location.Length),
                        new LinePositionSpan(new LinePosition(d.Location.StartLine, d.Location.StartColumn), new LinePosition(d.Location.EndLine, d.Location.EndColumn)));
                spc.ReportDiagnostic(Diagnostic.Create(descriptor, location, d.Args.Cast<object>().ToArray()));
            }
            if (model.Roots.Count == 0) return;
            foreach (ObjectModel o in model.Objects)
            {
                spc.AddSource(HintName(Emitter.CodecName(o.Id)), SourceText.From(Emitter.EmitObject(o), Encoding.UTF8));
            }
            List<TypeRef> polymorphic = Emitter.CollectPolymorphic(model.Roots, model.Objects);
            if (polymorphic.Count > 0) spc.AddSource("AmberPolymorphism.g.cs", SourceText.From(Emitter.EmitPolymorphic(polymorphic), Encoding.UTF8));
            List<string> formatters = Emitter.CollectFormatters(model.Roots, model.Objects);
            spc.AddSource("AmberRoots.g.cs", SourceText.From(Emitter.EmitRoots(model.Roots.ToList(), model.ModuleInitializerPolyfill, formatters, model.ReferenceRoots.Select(x => x.Value).ToList(), model.Objects.ToList()), Encoding.UTF8));
        }
    }

    internal sealed record GenerationModel(
        EquatableArray<TypeRef> Roots,
        EquatableArray<ObjectModel> Objects,
        EquatableArray<DiagnosticInfo> Diagnostics,
        bool ModuleInitializerPolyfill,
        EquatableArray<EquatableString> ReferenceRoots);
}
