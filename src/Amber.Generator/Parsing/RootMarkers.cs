using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// Where a compilation can name a root: the methods and generic types with a type parameter marked
    /// [AmberRoot] (or [AmberService], whose type arguments are service contracts), in its own source and in the referenced assemblies that use Amber. Only their simple names are
    /// kept, so a call site is dismissed by one set lookup before any binding; binding then checks the marker
    /// itself. Each syntax tree and each referenced assembly is read once and its names cached, so an edit
    /// re-reads the edited tree only.
    /// <para>
    /// It also holds what [assembly: AmberRootsFrom] declares about other libraries' APIs (<see cref="ForeignRoots"/>):
    /// those declarations name generic types, methods and service contracts of an engine, and their names join the
    /// same set, so their call sites are found the same way.
    /// </para>
    /// </summary>
    internal sealed class RootMarkers
    {
        /// <summary>The marker's metadata name.</summary>
        public const string AttributeMetadataName = "Amber.AmberRootAttribute";

        /// <summary>The service marker's metadata name: its type arguments are service contracts, not roots (see <see cref="IsServiceMarked"/>).</summary>
        public const string ServiceAttributeMetadataName = "Amber.AmberServiceAttribute";

        private const string AttributeName = "AmberRootAttribute";
        private const string ServiceAttributeName = "AmberServiceAttribute";
        private const string AttributeNamespace = "Amber";
        private const string AmberAssemblyName = "Amber";

        private static readonly ConditionalWeakTable<Compilation, RootMarkers> s_byCompilation = new ConditionalWeakTable<Compilation, RootMarkers>();
        private static readonly ConditionalWeakTable<SyntaxTree, string[]> s_byTree = new ConditionalWeakTable<SyntaxTree, string[]>();
        private static readonly ConditionalWeakTable<IAssemblySymbol, string[]> s_byAssembly = new ConditionalWeakTable<IAssemblySymbol, string[]>();

        private static readonly RootMarkers s_none = new RootMarkers(new HashSet<string>(StringComparer.Ordinal), null, null, ForeignRoots.None);

        private readonly HashSet<string> _names;

        private RootMarkers(HashSet<string> names, INamedTypeSymbol? attribute, INamedTypeSymbol? serviceAttribute, ForeignRoots foreign)
        {
            _names = names;
            Attribute = attribute;
            ServiceAttribute = serviceAttribute;
            Foreign = foreign;
        }

        /// <summary>What [assembly: AmberRootsFrom] declares in this compilation and the assemblies it references.</summary>
        public ForeignRoots Foreign { get; }

        /// <summary>The marker attribute of this compilation; null when it does not reference Amber (then nothing is a root).</summary>
        public INamedTypeSymbol? Attribute { get; }

        /// <summary>The service marker of this compilation; null when its Amber has none.</summary>
        public INamedTypeSymbol? ServiceAttribute { get; }

        /// <summary>The markers of a compilation, gathered on first use.</summary>
        public static RootMarkers For(Compilation compilation) => s_byCompilation.GetValue(compilation, Gather);

        /// <summary>Whether a method or generic type of this simple name may have a marked type parameter.</summary>
        public bool MayMark(string name) => _names.Contains(name);

        /// <summary>Whether a type parameter (of a definition) carries the marker.</summary>
        public bool IsMarked(ITypeParameterSymbol parameter)
        {
            if (Attribute == null) return false;
            foreach (AttributeData a in parameter.GetAttributes())
            {
                if (KnownSymbols.Is(a.AttributeClass, Attribute)) return true;
            }
            return false;
        }

        /// <summary>Whether a type parameter (of a definition) carries the service marker: its type arguments are service contracts.</summary>
        public bool IsServiceMarked(ITypeParameterSymbol parameter)
        {
            if (ServiceAttribute == null) return false;
            foreach (AttributeData a in parameter.GetAttributes())
            {
                if (KnownSymbols.Is(a.AttributeClass, ServiceAttribute)) return true;
            }
            return false;
        }

        private static RootMarkers Gather(Compilation compilation)
        {
            INamedTypeSymbol? attribute = compilation.GetTypeByMetadataName(AttributeMetadataName);
            if (attribute == null) return s_none;
            var names = new HashSet<string>(StringComparer.Ordinal);
            foreach (SyntaxTree tree in compilation.SyntaxTrees)
            {
                names.UnionWith(s_byTree.GetValue(tree, NamesIn));
            }
            foreach (IAssemblySymbol assembly in compilation.SourceModule.ReferencedAssemblySymbols)
            {
                names.UnionWith(s_byAssembly.GetValue(assembly, NamesInAssembly));
            }
            ForeignRoots foreign = ForeignRoots.Gather(compilation);
            names.UnionWith(foreign.Names);
            return new RootMarkers(names, attribute, compilation.GetTypeByMetadataName(ServiceAttributeMetadataName), foreign);
        }

        /// <summary>
        /// The names of the methods, local functions, delegates and types declared in a tree with an attribute on a
        /// type parameter, whatever the attribute: a superset (an alias may rename the marker) that binding narrows.
        /// </summary>
        private static string[] NamesIn(SyntaxTree tree)
        {
            List<string>? names = null;
            foreach (SyntaxNode node in tree.GetRoot(CancellationToken.None).DescendantNodes())
            {
                if (node is not TypeParameterSyntax { AttributeLists.Count: > 0 } parameter) continue;
                string? name = parameter.Parent?.Parent switch
                {
                    MethodDeclarationSyntax m => m.Identifier.ValueText,
                    LocalFunctionStatementSyntax f => f.Identifier.ValueText,
                    TypeDeclarationSyntax t => t.Identifier.ValueText,
                    DelegateDeclarationSyntax d => d.Identifier.ValueText,
                    _ => null,
                };
                if (name != null) (names ??= new List<string>()).Add(name);
            }
            return names?.ToArray() ?? Array.Empty<string>();
        }

        /// <summary>
        /// The marked names of a referenced assembly: Amber's own, and those of an assembly that references Amber; an
        /// assembly that does not (the BCL's among them) cannot mark anything and is not read. Cached per assembly
        /// symbol, which compilations share while the reference does not change.
        /// </summary>
        private static string[] NamesInAssembly(IAssemblySymbol assembly)
        {
            if (assembly.Identity.Name == AmberAssemblyName) return NamesIn(assembly);
            return ReferencesAmber(assembly) ? NamesIn(assembly) : Array.Empty<string>();
        }

        /// <summary>Whether an assembly references Amber (only such an assembly can mark or declare anything).</summary>
        internal static bool ReferencesAmber(IAssemblySymbol assembly)
        {
            foreach (IModuleSymbol module in assembly.Modules)
            {
                foreach (AssemblyIdentity identity in module.ReferencedAssemblies)
                {
                    if (identity.Name == AmberAssemblyName) return true;
                }
            }
            return false;
        }

        /// <summary>The names of an assembly's methods and generic types with a marked type parameter, visible to other assemblies or not.</summary>
        private static string[] NamesIn(IAssemblySymbol assembly)
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            var types = new Stack<INamespaceOrTypeSymbol>();
            types.Push(assembly.GlobalNamespace);
            while (types.Count > 0)
            {
                INamespaceOrTypeSymbol container = types.Pop();
                if (container is INamespaceSymbol ns)
                {
                    foreach (INamespaceOrTypeSymbol member in ns.GetMembers()) types.Push(member);
                    continue;
                }
                var type = (INamedTypeSymbol)container;
                if (AnyMarked(type.TypeParameters)) names.Add(type.Name);
                foreach (ISymbol member in type.GetMembers())
                {
                    if (member is INamedTypeSymbol nested) types.Push(nested);
                    else if (member is IMethodSymbol { IsGenericMethod: true } method && AnyMarked(method.TypeParameters)) names.Add(method.Name);
                }
            }
            var result = new string[names.Count];
            names.CopyTo(result);
            return result;
        }

        private static bool AnyMarked(ImmutableArray<ITypeParameterSymbol> parameters)
        {
            foreach (ITypeParameterSymbol p in parameters)
            {
                foreach (AttributeData a in p.GetAttributes())
                {
                    if (a.AttributeClass is { Name: AttributeName or ServiceAttributeName, ContainingNamespace: { Name: AttributeNamespace, ContainingNamespace.IsGlobalNamespace: true } }) return true;
                }
            }
            return false;
        }
    }
}
