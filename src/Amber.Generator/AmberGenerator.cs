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
using Microsoft.CodeAnalysis.Operations;
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
    /// Pipeline: call sites (each names its root types) → one model of all roots (Parser, once per type) →
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

        /// <inheritdoc />
        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            // Each call site only names its root types: cheap, and equal from one edit to the next.
            IncrementalValuesProvider<RootSite> callSites = context.SyntaxProvider
                .CreateSyntaxProvider(static (node, _) => IsCandidate(node), static (ctx, ct) => ParseCallSite(ctx, ct))
                .Where(static r => r.Count > 0)
                .SelectMany(static (r, _) => r)
                .WithTrackingName(CallSitesStep);

            // Service contracts an engine declares ([assembly: AmberRootsFrom(typeof(IGrain))], or a base class such as a
            // hub's): each interface or class derived from one names its methods' parameter and result types.
            IncrementalValuesProvider<RootSite> contractSites = context.SyntaxProvider
                .CreateSyntaxProvider(static (node, _) => node is InterfaceDeclarationSyntax { BaseList: not null } or ClassDeclarationSyntax { BaseList: not null } or RecordDeclarationSyntax { BaseList: not null },
                    static (ctx, ct) => ParseContract(ctx, ct))
                .Where(static r => r.Count > 0)
                .SelectMany(static (r, _) => r)
                .WithTrackingName(ContractSitesStep);

            // Interfaces marked [AmberService] are service contracts where no call names them.
            IncrementalValuesProvider<RootSite> markedServices = context.SyntaxProvider
                .ForAttributeWithMetadataName(RootMarkers.ServiceAttributeMetadataName,
                    static (node, _) => node is InterfaceDeclarationSyntax,
                    static (ctx, _) => new RootSite(KeyOf((ITypeSymbol)ctx.TargetSymbol, ctx.SemanticModel.Compilation), Parser.ToInfo(ctx.TargetNode.GetLocation()), RootSite.DeclaredType, false, Service: true))
                .WithTrackingName(ServiceSitesStep);

            // All roots are modelled together, so a type is modelled once however many roots reach it.
            IncrementalValueProvider<GenerationModel> model = callSites.Collect()
                .Combine(contractSites.Collect())
                .Combine(markedServices.Collect())
                .Combine(context.CompilationProvider)
                .Select(static (input, ct) => BuildModel(input.Left.Left.Left.AddRange(input.Left.Left.Right).AddRange(input.Left.Right), input.Right, ct))
                .WithTrackingName(ModelStep);

            context.RegisterSourceOutput(model.Select(static (m, _) => m.Diagnostics), static (spc, d) => Report(spc, d));

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

        /// <summary>
        /// A node that may name a root: an invocation, or a generic name that is not the name an invocation calls
        /// (the invocation stands for it, with its inferred type arguments). Syntax only; the name is checked
        /// against the compilation's marked names before any binding (<see cref="NameOf"/>).
        /// </summary>
        private static bool IsCandidate(SyntaxNode node) => node switch
        {
            InvocationExpressionSyntax => true,
            GenericNameSyntax generic => !IsInvokedName(generic),
            _ => false,
        };

        private static bool IsInvokedName(GenericNameSyntax name)
        {
            SyntaxNode? callee = name.Parent is MemberAccessExpressionSyntax ma && ma.Name == name ? ma
                : name.Parent is MemberBindingExpressionSyntax mb && mb.Name == name ? mb
                : name;
            return callee.Parent is InvocationExpressionSyntax invocation && invocation.Expression == callee;
        }

        /// <summary>The simple name a candidate calls or names, or null.</summary>
        private static string? NameOf(SyntaxNode node)
        {
            if (node is GenericNameSyntax generic) return generic.Identifier.ValueText;
            SimpleNameSyntax? name = ((InvocationExpressionSyntax)node).Expression switch
            {
                MemberAccessExpressionSyntax ma => ma.Name,
                MemberBindingExpressionSyntax mb => mb.Name,
                SimpleNameSyntax sn => sn,
                _ => null,
            };
            return name?.Identifier.ValueText;
        }

        private static EquatableArray<RootSite> ParseCallSite(GeneratorSyntaxContext ctx, CancellationToken ct)
        {
            List<FoundRoot>? types = RootTypesAt(ctx.Node, ctx.SemanticModel, ct);
            if (types == null) return EquatableArray<RootSite>.Empty;
            LocationInfo? location = Parser.ToInfo(ctx.Node.GetLocation());
            var sites = new RootSite[types.Count];
            for (int i = 0; i < sites.Length; i++)
            {
                sites[i] = new RootSite(KeyOf(types[i].Type, ctx.SemanticModel.Compilation), location, i, types[i].Optional, types[i].Service);
            }
            return new EquatableArray<RootSite>(sites);
        }

        /// <summary>
        /// The type by a name that finds it again in the next step's compilation, or null for a type that name does not
        /// find exactly (one of two same-named types in different assemblies): that one is found again from its site.
        /// </summary>
        private static string? KeyOf(ITypeSymbol type, Compilation compilation)
        {
            string key = DocumentationCommentId.CreateReferenceId(type);
            return FindsExactly(key, type, compilation) ? key : null;
        }

        /// <summary>
        /// The roots of an interface or class derived from a declared service contract: each contract method's parameter
        /// types and result type (<c>Task&lt;T&gt;</c>, <c>ValueTask&lt;T&gt;</c>, <c>IAsyncEnumerable&lt;T&gt;</c>,
        /// <c>ChannelReader&lt;T&gt;</c> read as <c>T</c>), placed at the type as written, and optional (the engine
        /// serializes what Amber cannot).
        /// </summary>
        private static EquatableArray<RootSite> ParseContract(GeneratorSyntaxContext ctx, CancellationToken ct)
        {
            ForeignRoots foreign = RootMarkers.For(ctx.SemanticModel.Compilation).Foreign;
            if (!foreign.HasContracts) return EquatableArray<RootSite>.Empty;
            var declaration = (TypeDeclarationSyntax)ctx.Node;
            if (ctx.SemanticModel.GetDeclaredSymbol(declaration, ct) is not INamedTypeSymbol symbol) return EquatableArray<RootSite>.Empty;
            INamedTypeSymbol? contract = foreign.ContractOf(symbol);
            if (contract == null) return EquatableArray<RootSite>.Empty;
            var sites = new List<RootSite>();
            foreach (MethodDeclarationSyntax method in declaration.Members.OfType<MethodDeclarationSyntax>())
            {
                if (ctx.SemanticModel.GetDeclaredSymbol(method, ct) is not IMethodSymbol m || !ForeignRoots.IsContractMethod(m)) continue;
                foreach (TypeSyntax? written in method.ParameterList.Parameters.Select(p => p.Type).Append(method.ReturnType))
                {
                    if (written == null) continue;
                    ITypeSymbol? type = ContractType(written, ctx.SemanticModel, contract, ct);
                    if (type != null) sites.Add(new RootSite(KeyOf(type, ctx.SemanticModel.Compilation), Parser.ToInfo(written.GetLocation()), RootSite.WrittenType, true));
                }
            }
            return sites.ToEquatableArray();
        }

        /// <summary>The root a contract method's parameter or result type names, unwrapped from a task or async stream; null if none.</summary>
        private static ITypeSymbol? ContractType(TypeSyntax written, SemanticModel semanticModel, INamedTypeSymbol contract, CancellationToken ct)
        {
            ITypeSymbol? type = semanticModel.GetTypeInfo(written, ct).Type;
            return type == null ? null : ContractRoot(type, RootMarkers.For(semanticModel.Compilation).Foreign, contract);
        }

        /// <summary>A contract method's parameter or result type as a root: unwrapped from a task, an async stream or a channel; null if it is none.</summary>
        private static ITypeSymbol? ContractRoot(ITypeSymbol type, ForeignRoots foreign, INamedTypeSymbol contract)
        {
            if (type is INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } wrapper
                && wrapper.OriginalDefinition.ToDisplayString() is "System.Threading.Tasks.Task<TResult>" or "System.Threading.Tasks.ValueTask<TResult>"
                    or "System.Collections.Generic.IAsyncEnumerable<T>" or "System.Threading.Channels.ChannelReader<T>")
            {
                type = wrapper.TypeArguments[0];
            }
            if (ContainsTypeParameter(type)) return null;
            return foreign.Takes(type, contract) ? type : null;
        }

        /// <summary>
        /// The root types a candidate node names, in the order of their type parameters, or null when it names none:
        /// its name is no marked method's or type's (decided before binding), what it binds to has no marked type
        /// parameter, or every type given there is open or erroneous. After the marked ones come those an
        /// [assembly: AmberRootsFrom] declaration names (optional roots): the type arguments of a declared generic type
        /// or method, or the static type of a declared argument.
        /// </summary>
        private static List<FoundRoot>? RootTypesAt(SyntaxNode node, SemanticModel semanticModel, CancellationToken ct)
        {
            RootMarkers markers = RootMarkers.For(semanticModel.Compilation);
            string? name = NameOf(node);
            if (name == null || !markers.MayMark(name)) return null;
            ForeignRoots foreign = markers.Foreign;
            List<FoundRoot>? roots = null;
            switch (semanticModel.GetSymbolInfo(node, ct).Symbol)
            {
                case IMethodSymbol method:
                    IMethodSymbol definition = (method.ReducedFrom ?? method).OriginalDefinition;
                    foreach (ITypeParameterSymbol parameter in definition.TypeParameters)
                    {
                        if (markers.IsMarked(parameter)) Add(ref roots, TypeArgumentOf(method, parameter), optional: false);
                        else if (markers.IsServiceMarked(parameter)) Add(ref roots, TypeArgumentOf(method, parameter), optional: false, service: true);
                    }
                    if (foreign.MethodOf(definition) is ForeignMethod declared)
                    {
                        if (declared.TypeArguments)
                        {
                            foreach (ITypeParameterSymbol parameter in definition.TypeParameters) AddForeign(ref roots, TypeArgumentOf(method, parameter));
                        }
                        if (declared.Arguments.Count > 0 && semanticModel.GetOperation(node, ct) is IInvocationOperation invocation)
                        {
                            foreach (IArgumentOperation argument in invocation.Arguments)
                            {
                                if (argument.Parameter != null && declared.Arguments.Contains(argument.Parameter.Name)) AddForeign(ref roots, StaticTypeOf(argument.Value));
                            }
                        }
                    }
                    break;
                case INamedTypeSymbol type when type.IsGenericType && !type.IsUnboundGenericType:
                    ImmutableArray<ITypeParameterSymbol> parameters = type.OriginalDefinition.TypeParameters;
                    for (int i = 0; i < parameters.Length; i++)
                    {
                        if (markers.IsMarked(parameters[i])) Add(ref roots, type.TypeArguments[i], optional: false);
                        else if (markers.IsServiceMarked(parameters[i])) Add(ref roots, type.TypeArguments[i], optional: false, service: true);
                    }
                    if (foreign.IsRootType(type.OriginalDefinition))
                    {
                        foreach (ITypeSymbol argument in type.TypeArguments) AddForeign(ref roots, argument);
                    }
                    if (foreign.IsContractArgumentType(type.OriginalDefinition))
                    {
                        // Each type argument is a contract (a hub's client interface): its methods' parameter and result types.
                        foreach (INamedTypeSymbol argument in type.TypeArguments.OfType<INamedTypeSymbol>())
                        {
                            if (!foreign.Takes(argument)) continue;
                            foreach (IMethodSymbol method in ForeignRoots.ContractMethods(argument))
                            {
                                foreach (ITypeSymbol t in method.Parameters.Select(p => p.Type).Append(method.ReturnType))
                                {
                                    ITypeSymbol? root = ContractRoot(t, foreign, argument);
                                    if (root != null) Add(ref roots, root, optional: true);
                                }
                            }
                        }
                    }
                    break;
            }
            return roots;

            void AddForeign(ref List<FoundRoot>? list, ITypeSymbol? type)
            {
                if (type != null && foreign.Takes(type)) Add(ref list, type, optional: true);
            }

            static void Add(ref List<FoundRoot>? list, ITypeSymbol? type, bool optional, bool service = false)
            {
                if (type == null || ContainsTypeParameter(type) || type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Error) return;
                (list ??= new List<FoundRoot>()).Add(new FoundRoot(type, optional, service));
            }
        }

        /// <summary>The type an argument has before its implicit conversion to the parameter's type (<c>object</c>, an interface).</summary>
        private static ITypeSymbol? StaticTypeOf(IOperation value) =>
            value is IConversionOperation { IsImplicit: true } conversion ? conversion.Operand.Type : value.Type;

        /// <summary>A root type a site names, and whether it is optional (named by an [assembly: AmberRootsFrom] declaration).</summary>
        private readonly struct FoundRoot
        {
            public FoundRoot(ITypeSymbol type, bool optional, bool service = false)
            {
                Type = type;
                Optional = optional;
                Service = service;
            }

            public ITypeSymbol Type { get; }

            public bool Optional { get; }

            /// <summary>Named at a type parameter marked [AmberService]: a service contract, or a class implementing contracts.</summary>
            public bool Service { get; }
        }

        /// <summary>
        /// The type argument a called method gives a type parameter of its definition. An extension method called as
        /// one (<c>builder.SetAmberValueSerializer()</c>) is reduced: the method it was reduced from has the type
        /// arguments inferred from the whole call, or, where it is still the definition, the reduction inferred them
        /// from the receiver or left them to the reduced method's own type arguments.
        /// </summary>
        private static ITypeSymbol? TypeArgumentOf(IMethodSymbol method, ITypeParameterSymbol parameter)
        {
            if (method.ReducedFrom == null) return method.TypeArguments[parameter.Ordinal];
            ITypeSymbol argument = method.ReducedFrom.TypeArguments[parameter.Ordinal];
            if (!SymbolEqualityComparer.Default.Equals(argument, parameter)) return argument;
            for (int i = 0; i < method.TypeParameters.Length; i++)
            {
                if (SymbolEqualityComparer.Default.Equals(method.TypeParameters[i].ReducedFrom, parameter)) return method.TypeArguments[i];
            }
            return method.GetTypeInferredDuringReduction(parameter);
        }

        private static bool FindsExactly(string key, ITypeSymbol type, Compilation compilation)
        {
            ImmutableArray<ISymbol> found = DocumentationCommentId.GetSymbolsForReferenceId(key, compilation);
            return found.Length == 1 && SymbolEqualityComparer.Default.Equals(found[0], type);
        }

        private static bool ContainsTypeParameter(ITypeSymbol type) => type switch
        {
            ITypeParameterSymbol => true,
            IArrayTypeSymbol a => ContainsTypeParameter(a.ElementType),
            INamedTypeSymbol n => n.TypeArguments.Any(ContainsTypeParameter) || (n.ContainingType != null && ContainsTypeParameter(n.ContainingType)),
            _ => false,
        };

        /// <summary>The root type of a call site in this compilation: by its key, or bound again where the key does not find it.</summary>
        private static ITypeSymbol? FindRoot(RootSite site, Compilation compilation, CancellationToken ct)
        {
            if (site.TypeKey != null)
            {
                ImmutableArray<ISymbol> found = DocumentationCommentId.GetSymbolsForReferenceId(site.TypeKey, compilation);
                if (found.Length == 1 && found[0] is ITypeSymbol t) return t;
            }
            if (site.Location == null) return null;
            SyntaxTree? tree = compilation.SyntaxTrees.FirstOrDefault(t => t.FilePath == site.Location.FilePath);
            if (tree == null) return null;
            SyntaxNode? node = tree.GetRoot(ct).FindNode(new TextSpan(site.Location.Start, site.Location.Length), getInnermostNodeForTie: true);
            for (; node != null && node.Span.Length == site.Location.Length; node = node.Parent)
            {
                if (site.Index == RootSite.DeclaredType)
                {
                    if (node is not TypeDeclarationSyntax declared) continue;
                    return compilation.GetSemanticModel(tree).GetDeclaredSymbol(declared, ct) as INamedTypeSymbol;
                }
                if (site.Index == RootSite.WrittenType)
                {
                    if (node is not TypeSyntax written || node.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } declaration) continue;
                    SemanticModel semanticModel = compilation.GetSemanticModel(tree);
                    INamedTypeSymbol? contract = semanticModel.GetDeclaredSymbol(declaration, ct) is INamedTypeSymbol symbol ? RootMarkers.For(compilation).Foreign.ContractOf(symbol) : null;
                    return contract == null ? null : ContractType(written, semanticModel, contract, ct);
                }
                if (!IsCandidate(node)) continue;
                List<FoundRoot>? types = RootTypesAt(node, compilation.GetSemanticModel(tree), ct);
                return types != null && site.Index < types.Count ? types[site.Index].Type : null;
            }
            return null;
        }

        /// <summary>The roots named by [assembly: AmberSerializable(typeof(T))], and a diagnostic for each open generic type named there.</summary>
        private static void AddAssemblyRoots(Compilation compilation, List<RootRequest> roots, List<DiagnosticInfo> diagnostics, CancellationToken ct)
        {
            INamedTypeSymbol? serializable = KnownSymbols.For(compilation).AmberSerializableAttribute;
            foreach (AttributeData a in compilation.Assembly.GetAttributes())
            {
                if (!KnownSymbols.IsAttribute(a, serializable)) continue;
                if (a.ConstructorArguments.Length != 1 || a.ConstructorArguments[0].Value is not ITypeSymbol type) continue;
                LocationInfo? at = Parser.ToInfo(a.ApplicationSyntaxReference?.GetSyntax(ct).GetLocation());
                if (type is INamedTypeSymbol { IsUnboundGenericType: true } open)
                {
                    string example = open.OriginalDefinition.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat).Split('<')[0]
                        + "<" + string.Join(", ", open.TypeParameters.Select(_ => "int")) + ">";
                    var diagnostic = new DiagnosticInfo(Diagnostics.OpenGeneric.Id, at, new[] { open.OriginalDefinition.ToDisplayString(), example }.ToEquatableArray());
                    if (!diagnostics.Contains(diagnostic)) diagnostics.Add(diagnostic);
                    continue;
                }
                if (ContainsTypeParameter(type)) continue;
                roots.Add(new RootRequest(type, at));
            }
        }

        private static GenerationModel BuildModel(ImmutableArray<RootSite> callSites, Compilation compilation, CancellationToken ct)
        {
            var requests = new List<RootRequest>(callSites.Length);
            var services = new List<RootRequest>();
            foreach (RootSite site in callSites)
            {
                ITypeSymbol? type = FindRoot(site, compilation, ct);
                if (type == null) continue;
                (site.Service ? services : requests).Add(new RootRequest(type, site.Location, site.Optional));
                // An engine passes each value as an object, and a boxed T? is a T (or null): the engine writes and reads
                // it as T, so T is served too.
                if (site.Optional && !site.Service && type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
                    requests.Add(new RootRequest(nullable.TypeArguments[0], site.Location, true));
            }
            var attributeDiagnostics = new List<DiagnosticInfo>();
            AddAssemblyRoots(compilation, requests, attributeDiagnostics, ct);

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
