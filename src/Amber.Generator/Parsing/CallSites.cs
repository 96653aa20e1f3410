using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// Where source code names root types: a call or a generic name with a concrete type argument at a type parameter
    /// marked [AmberRoot], a service contract an engine declares, [assembly: AmberSerializable(typeof(T))]. Each site is
    /// reduced to a <see cref="RootSite"/> (a key that finds the type again, or the site's location), cheap to compare
    /// from one edit to the next; <see cref="FindRoot"/> finds its type in the compilation when the model is built.
    /// </summary>
    internal static class CallSites
    {
        /// <summary>
        /// A node that may name a root: an invocation, or a generic name that is not the name an invocation calls
        /// (the invocation stands for it, with its inferred type arguments). Syntax only; the name is checked
        /// against the compilation's marked names before any binding (<see cref="NameOf"/>).
        /// </summary>
        internal static bool IsCandidate(SyntaxNode node) => node switch
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

        internal static EquatableArray<RootSite> ParseCallSite(GeneratorSyntaxContext ctx, CancellationToken ct)
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
        internal static string? KeyOf(ITypeSymbol type, Compilation compilation)
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
        internal static EquatableArray<RootSite> ParseContract(GeneratorSyntaxContext ctx, CancellationToken ct)
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
        internal static ITypeSymbol? FindRoot(RootSite site, Compilation compilation, CancellationToken ct)
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
        internal static void AddAssemblyRoots(Compilation compilation, List<RootRequest> roots, List<DiagnosticInfo> diagnostics, CancellationToken ct)
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
    }
}
