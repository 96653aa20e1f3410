using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using Amber.Generator.Checking;
using Amber.Generator.Emitting;
using Amber.Generator.Model;
using Amber.Generator.Parsing;
using Amber.SchemaCheck;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace Amber.Generator
{
    /// <summary>
    /// Finds the root types, those source code names with a concrete type argument at a type parameter marked
    /// [AmberRoot] (of a called generic method, or of a generic type named anywhere: Amber's entry points, its
    /// integration packages', a user's own generic code), those named by [assembly: AmberSerializable(typeof(T))], and
    /// those named at an engine's API that an [assembly: AmberRootsFrom] declaration describes (optional roots: the
    /// engine keeps what Amber cannot serve), and writes their formatters. It knows the marker and the declaration, not
    /// the names of the APIs that carry them.
    /// Pipeline: call sites (CallSites: each names its root types) → one model of all roots (Parser, once per type) →
    /// codecs emitted in fixed groups, and the registration of the roots.
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class AmberGenerator : IIncrementalGenerator
    {
        internal const string CallSitesStep = "AmberCallSites";
        internal const string ContractSitesStep = "AmberContractSites";
        internal const string ServiceSitesStep = "AmberServiceSites";
        internal const string ModelStep = "AmberModel";
        internal const string CodecGroupsStep = "AmberCodecGroups";
        internal const string BaselineCheckStep = "AmberBaselineCheck";

        /// <inheritdoc />
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            // Each call site only names its root types: cheap, and equal from one edit to the next.
            IncrementalValuesProvider<RootSite> callSites = context.SyntaxProvider
                .CreateSyntaxProvider(static (node, _) => CallSites.IsCandidate(node), static (ctx, ct) => CallSites.ParseCallSite(ctx, ct))
                .Where(static r => r.Count > 0)
                .SelectMany(static (r, _) => r)
                .WithTrackingName(CallSitesStep);

            // Service contracts an engine declares ([assembly: AmberRootsFrom(typeof(IGrain))], or a base class such as a
            // hub's): each interface or class derived from one names its methods' parameter and result types.
            IncrementalValuesProvider<RootSite> contractSites = context.SyntaxProvider
                .CreateSyntaxProvider(static (node, _) => node is InterfaceDeclarationSyntax { BaseList: not null } or ClassDeclarationSyntax { BaseList: not null } or RecordDeclarationSyntax { BaseList: not null },
                    static (ctx, ct) => CallSites.ParseContract(ctx, ct))
                .Where(static r => r.Count > 0)
                .SelectMany(static (r, _) => r)
                .WithTrackingName(ContractSitesStep);

            // Interfaces marked [AmberService] are service contracts where no call names them.
            IncrementalValuesProvider<RootSite> markedServices = context.SyntaxProvider
                .ForAttributeWithMetadataName(RootMarkers.ServiceAttributeMetadataName,
                    static (node, _) => node is InterfaceDeclarationSyntax,
                    static (ctx, _) => new RootSite(CallSites.KeyOf((ITypeSymbol)ctx.TargetSymbol, ctx.SemanticModel.Compilation), Parser.ToInfo(ctx.TargetNode.GetLocation()), RootSite.DeclaredType, false, Service: true))
                .WithTrackingName(ServiceSitesStep);

            // All roots are modelled together, so a type is modelled once however many roots reach it.
            IncrementalValueProvider<GenerationModel> model = callSites.Collect()
                .Combine(contractSites.Collect())
                .Combine(markedServices.Collect())
                .Combine(context.CompilationProvider)
                .Select(static (input, ct) => BuildModel(input.Left.Left.Left.AddRange(input.Left.Left.Right).AddRange(input.Left.Right), input.Right, ct))
                .WithTrackingName(ModelStep);

            context.RegisterSourceOutput(model.Select(static (m, _) => m.Diagnostics), static (spc, d) => Report(spc, d));

            // Schema baselines (AdditionalFiles marked AmberSchemaBaseline): each breaking change against them, on the member
            // or type that changed. Without one, nothing here runs past the empty list.
            IncrementalValuesProvider<BaselineFile> baselineFiles = context.AdditionalTextsProvider
                .Combine(context.AnalyzerConfigOptionsProvider)
                .Where(static pair => pair.Right.GetOptions(pair.Left).TryGetValue("build_metadata.AdditionalFiles.AmberSchemaBaseline", out string? marked)
                    && string.Equals(marked, "true", System.StringComparison.OrdinalIgnoreCase))
                .Select(static (pair, ct) => new BaselineFile(System.IO.Path.GetFileName(pair.Left.Path), pair.Left.GetText(ct)?.ToString() ?? ""));
            IncrementalValueProvider<BaselineOptions> baselineOptions = context.AnalyzerConfigOptionsProvider
                .Select(static (options, _) => BaselineOptionsOf(options.GlobalOptions));
            IncrementalValueProvider<EquatableArray<DiagnosticInfo>> baselineDiagnostics = baselineFiles.Collect()
                .Combine(baselineOptions)
                .Combine(model)
                .Combine(context.CompilationProvider)
                .Select(static (input, ct) => input.Left.Left.Left.IsEmpty ? EquatableArray<DiagnosticInfo>.Empty
                    : BaselineCheck.Run(input.Left.Right, input.Left.Left.Left, input.Left.Left.Right, input.Right, ct))
                .WithTrackingName(BaselineCheckStep);
            context.RegisterSourceOutput(baselineDiagnostics, static (spc, d) => Report(spc, d));

            // The codecs in fixed groups by a hash of their id: a type added, removed or changed re-emits its group only.
            IncrementalValuesProvider<EquatableArray<ObjectModel>> codecGroups = model
                .SelectMany(static (m, _) => GroupCodecs(m))
                .WithTrackingName(CodecGroupsStep);
            context.RegisterSourceOutput(codecGroups, static (spc, group) => EmitCodecs(spc, group));

            context.RegisterSourceOutput(model, static (spc, m) => EmitRegistration(spc, m));

            // Each service contract: its methods, binding and client.
            context.RegisterSourceOutput(model.SelectMany(static (m, _) => m.Services), static (spc, service) =>
                spc.AddSource(HintName(Emitter.ServiceName(service.Id)), SourceText.From(Emitter.EmitService(service), Encoding.UTF8)));
        }


        /// <summary>The MSBuild properties AmberSchemaCheckMode (backward, forward or full) and AmberSchemaCheckTransitive.</summary>
        private static BaselineOptions BaselineOptionsOf(Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions options)
        {
            options.TryGetValue("build_property.AmberSchemaCheckMode", out string? mode);
            options.TryGetValue("build_property.AmberSchemaCheckTransitive", out string? transitive);
            SchemaCheckMode checkMode = (mode ?? "").Trim().ToLowerInvariant() switch
            {
                "forward" => SchemaCheckMode.Forward,
                "full" => SchemaCheckMode.Full,
                _ => SchemaCheckMode.Backward,
            };
            return new BaselineOptions(checkMode, string.Equals(transitive?.Trim(), "true", System.StringComparison.OrdinalIgnoreCase));
        }

        private static GenerationModel BuildModel(ImmutableArray<RootSite> callSites, Compilation compilation, CancellationToken ct)
        {
            var requests = new List<RootRequest>(callSites.Length);
            var services = new List<RootRequest>();
            foreach (RootSite site in callSites)
            {
                ITypeSymbol? type = CallSites.FindRoot(site, compilation, ct);
                if (type == null) continue;
                (site.Service ? services : requests).Add(new RootRequest(type, site.Location, site.Optional));
                // An engine passes each value as an object, and a boxed T? is a T (or null): the engine writes and reads
                // it as T, so T is served too.
                if (site.Optional && !site.Service && type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
                    requests.Add(new RootRequest(nullable.TypeArguments[0], site.Location, true));
            }
            var attributeDiagnostics = new List<DiagnosticInfo>();
            CallSites.AddAssemblyRoots(compilation, requests, attributeDiagnostics, ct);

            ParsedRoots parsed = Parser.ParseRoots(compilation, requests, services, ct);
            List<DiagnosticInfo> diagnostics = parsed.Diagnostics;
            foreach (DiagnosticInfo d in attributeDiagnostics)
            {
                if (!diagnostics.Contains(d)) diagnostics.Add(d);
            }
            List<TypeRef> roots = parsed.Roots;
            roots.Sort((a, b) => string.CompareOrdinal(a.FullName, b.FullName));
            return new GenerationModel(
                roots.ToEquatableArray(),
                parsed.Objects.OrderBy(o => o.Id, System.StringComparer.Ordinal).ToEquatableArray(),
                diagnostics.ToEquatableArray(),
                compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.ModuleInitializerAttribute") is null,
                parsed.ReferenceRoots.Select(n => new EquatableString(n)).ToEquatableArray(),
                parsed.Services.OrderBy(x => x.Id, System.StringComparer.Ordinal).ToEquatableArray());
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

        /// <summary>How many groups the codecs are emitted in (see <see cref="GroupCodecs"/>).</summary>
        internal const int CodecGroupCount = 128;

        /// <summary>
        /// The codecs in <see cref="CodecGroupCount"/> groups by a hash of their id, always that many (empty ones
        /// included): the pipeline compares a step's values by position, so a fixed group per codec keeps every
        /// other group equal, and cached, when one type is added, removed or changed.
        /// </summary>
        private static ImmutableArray<EquatableArray<ObjectModel>> GroupCodecs(GenerationModel model)
        {
            if (model.Roots.Count == 0) return ImmutableArray<EquatableArray<ObjectModel>>.Empty;
            var groups = new List<ObjectModel>?[CodecGroupCount];
            foreach (ObjectModel o in model.Objects)
            {
                int g = (int)(AmberCode.TypeTagOf(o.Id) % CodecGroupCount);
                (groups[g] ??= new List<ObjectModel>()).Add(o);
            }
            return groups.Select(g => g == null ? EquatableArray<ObjectModel>.Empty : g.ToEquatableArray()).ToImmutableArray();
        }

        private static void EmitCodecs(SourceProductionContext spc, EquatableArray<ObjectModel> group)
        {
            foreach (ObjectModel o in group)
            {
                spc.AddSource(HintName(Emitter.CodecName(o.Id)), SourceText.From(Emitter.EmitObject(o), Encoding.UTF8));
            }
        }

        private static void Report(SourceProductionContext spc, EquatableArray<DiagnosticInfo> diagnostics)
        {
            foreach (DiagnosticInfo d in diagnostics)
            {
                DiagnosticDescriptor? descriptor = Diagnostics.ById(d.Id);
                if (descriptor == null) continue;
                Location location = d.Location == null
                    ? Location.None
                    : Location.Create(d.Location.FilePath, new TextSpan(d.Location.Start, d.Location.Length),
                        new LinePositionSpan(new LinePosition(d.Location.StartLine, d.Location.StartColumn), new LinePosition(d.Location.EndLine, d.Location.EndColumn)));
                spc.ReportDiagnostic(Diagnostic.Create(descriptor, location, d.Args.Cast<object>().ToArray()));
            }
        }

        /// <summary>The polymorphic dispatchers and the registration of every root and codec.</summary>
        private static void EmitRegistration(SourceProductionContext spc, GenerationModel model)
        {
            if (model.Roots.Count == 0) return;
            List<TypeRef> polymorphic = Emitter.CollectPolymorphic(model.Roots, model.Objects);
            if (polymorphic.Count > 0) spc.AddSource("AmberPolymorphism.g.cs", SourceText.From(Emitter.EmitPolymorphic(polymorphic), Encoding.UTF8));
            List<string> formatters = Emitter.CollectFormatters(model.Roots, model.Objects);
            spc.AddSource("AmberRoots.g.cs", SourceText.From(Emitter.EmitRoots(model.Roots.ToList(), model.ModuleInitializerPolyfill, formatters, model.ReferenceRoots.Select(x => x.Value).ToList(), model.Objects.ToList(), model.Services.Select(x => x.Id).ToList()), Encoding.UTF8));
        }
    }

    internal sealed record GenerationModel(
        EquatableArray<TypeRef> Roots,
        EquatableArray<ObjectModel> Objects,
        EquatableArray<DiagnosticInfo> Diagnostics,
        bool ModuleInitializerPolyfill,
        EquatableArray<EquatableString> ReferenceRoots,
        EquatableArray<ServiceModel> Services);
}
