using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// What [assembly: AmberRootsFrom] declares about another library's API, gathered from the compilation's own
    /// assembly and every referenced assembly that references Amber (an integration package): generic types whose type
    /// arguments are roots, methods whose type arguments or one argument's static type are roots, and service-contract
    /// interfaces whose methods' parameter and result types are roots. Roots found this way are optional: the engine
    /// has its own serializer for what Amber cannot serve, so a failure is an info diagnostic, not an error.
    /// Holds symbols of one compilation; never stored in the pipeline's model.
    /// </summary>
    internal sealed class ForeignRoots
    {
        /// <summary>The attribute's metadata name.</summary>
        public const string AttributeMetadataName = "Amber.AmberRootsFromAttribute";

        public static readonly ForeignRoots None = new ForeignRoots();

        private readonly HashSet<INamedTypeSymbol> _genericTypes = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        private readonly HashSet<INamedTypeSymbol> _contractArgumentTypes = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        private readonly Dictionary<(INamedTypeSymbol Type, string Name), ForeignMethod> _methods = new Dictionary<(INamedTypeSymbol, string), ForeignMethod>(new MethodKeyComparer());
        private readonly List<INamedTypeSymbol> _contracts = new List<INamedTypeSymbol>();

        // The engines' own assemblies (the declaring packages, what they reference, the declared types' assemblies):
        // their types are the engine's business, never a user's root.
        private readonly HashSet<IAssemblySymbol> _engineAssemblies = new HashSet<IAssemblySymbol>(SymbolEqualityComparer.Default);

        private ForeignRoots()
        {
        }

        /// <summary>The simple names of the declared generic types and methods (see <see cref="RootMarkers.MayMark"/>).</summary>
        public IEnumerable<string> Names => _genericTypes.Concat(_contractArgumentTypes).Select(t => t.Name).Concat(_methods.Keys.Select(k => k.Name));

        /// <summary>Whether any service contract is declared (else interface declarations need no binding).</summary>
        public bool HasContracts => _contracts.Count > 0;

        /// <summary>Reads the declarations of a compilation and of the assemblies it references.</summary>
        public static ForeignRoots Gather(Compilation compilation)
        {
            INamedTypeSymbol? attribute = compilation.GetTypeByMetadataName(AttributeMetadataName);
            if (attribute == null) return None;
            var roots = new ForeignRoots();
            roots.Read(compilation.Assembly, attribute, isSource: true);
            foreach (IAssemblySymbol assembly in compilation.SourceModule.ReferencedAssemblySymbols)
            {
                if (RootMarkers.ReferencesAmber(assembly)) roots.Read(assembly, attribute, isSource: false);
            }
            return roots._genericTypes.Count + roots._contractArgumentTypes.Count + roots._methods.Count + roots._contracts.Count == 0 ? None : roots;
        }

        private void Read(IAssemblySymbol assembly, INamedTypeSymbol attribute, bool isSource)
        {
            bool declared = false;
            foreach (AttributeData a in assembly.GetAttributes())
            {
                if (!SymbolEqualityComparer.Default.Equals(a.AttributeClass, attribute)) continue;
                // A declaration naming a type of an assembly this project does not reference (a silo-only API in a client
                // project) is an error type here: nothing of this project can use that API, so it declares nothing.
                if (a.ConstructorArguments.Length == 0 || a.ConstructorArguments[0].Value is not INamedTypeSymbol { TypeKind: not TypeKind.Error } named) continue;
                INamedTypeSymbol type = named.OriginalDefinition;
                string? method = a.ConstructorArguments.Length > 1 ? a.ConstructorArguments[1].Value as string : null;
                string? argument = null;
                bool contract = false;
                foreach (KeyValuePair<string, TypedConstant> n in a.NamedArguments)
                {
                    if (n.Key == "Argument") argument = n.Value.Value as string;
                    else if (n.Key == "Contract") contract = n.Value.Value is true;
                }
                if (method != null)
                {
                    if (!_methods.TryGetValue((type, method), out ForeignMethod? m)) _methods[(type, method)] = m = new ForeignMethod();
                    if (argument == null) m.TypeArguments = true;
                    else if (!m.Arguments.Contains(argument)) m.Arguments.Add(argument);
                }
                else if (type.IsGenericType) (contract ? _contractArgumentTypes : _genericTypes).Add(type);
                else if (type.TypeKind is TypeKind.Interface or TypeKind.Class) _contracts.Add(type);
                else continue;
                declared = true;
                _engineAssemblies.Add(type.ContainingAssembly);
            }
            if (!declared || isSource) return;
            _engineAssemblies.Add(assembly);
            foreach (IModuleSymbol module in assembly.Modules)
            {
                foreach (IAssemblySymbol referenced in module.ReferencedAssemblySymbols) _engineAssemblies.Add(referenced);
            }
        }

        /// <summary>Whether a generic type definition is declared: its type arguments are roots.</summary>
        public bool IsRootType(INamedTypeSymbol definition) => _genericTypes.Contains(definition);

        /// <summary>Whether a generic type definition is declared with <c>Contract = true</c>: its type arguments are service contracts.</summary>
        public bool IsContractArgumentType(INamedTypeSymbol definition) => _contractArgumentTypes.Contains(definition);

        /// <summary>The declaration of a method (or of a method it overrides), if any.</summary>
        public ForeignMethod? MethodOf(IMethodSymbol definition)
        {
            for (IMethodSymbol? m = definition; m != null; m = m.OverriddenMethod)
            {
                if (_methods.TryGetValue((m.ContainingType.OriginalDefinition, m.Name), out ForeignMethod? found)) return found;
            }
            return null;
        }

        /// <summary>The declared service contract an interface derives from, if any.</summary>
        public INamedTypeSymbol? ContractOf(INamedTypeSymbol type)
        {
            if (type.TypeKind is not (TypeKind.Interface or TypeKind.Class)) return null;
            foreach (INamedTypeSymbol contract in _contracts)
            {
                foreach (INamedTypeSymbol i in type.AllInterfaces)
                {
                    if (SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, contract)) return contract;
                }
                for (INamedTypeSymbol? b = type.BaseType; b != null; b = b.BaseType)
                {
                    if (SymbolEqualityComparer.Default.Equals(b.OriginalDefinition, contract)) return contract;
                }
            }
            return null;
        }

        /// <summary>
        /// The methods of a contract whose parameter and result types are roots: every method of an interface; the public
        /// instance methods a class declares itself (not overrides of the base's, not constructors or accessors).
        /// </summary>
        public static IEnumerable<IMethodSymbol> ContractMethods(INamedTypeSymbol contract) =>
            contract.GetMembers().OfType<IMethodSymbol>().Where(IsContractMethod);

        /// <summary>Whether a method of a contract is one of its <see cref="ContractMethods"/>.</summary>
        public static bool IsContractMethod(IMethodSymbol m) => m.MethodKind == MethodKind.Ordinary
            && (m.ContainingType.TypeKind == TypeKind.Interface || (m.DeclaredAccessibility == Accessibility.Public && !m.IsStatic && !m.IsOverride));

        /// <summary>
        /// Whether a type found at a declared API is a root: a type of the user's (from any assembly but the BCL's,
        /// Amber's and the engines'), an array of one, or a generic type with one among its type arguments (a
        /// <c>List&lt;Order&gt;</c>). Never a type that derives from <paramref name="contract"/> (a reference to
        /// another service, which the engine passes itself).
        /// </summary>
        public bool Takes(ITypeSymbol type, INamedTypeSymbol? contract = null)
        {
            switch (type)
            {
                case IArrayTypeSymbol array:
                    return Takes(array.ElementType, contract);
                case INamedTypeSymbol named when named.TypeKind != TypeKind.Error:
                    if (contract != null && DerivesFrom(named, contract)) return false;
                    if (!IsLibraryType(named)) return true;
                    return named.IsGenericType && named.TypeArguments.Any(t => Takes(t, contract));
                default:
                    return false;
            }
        }

        private static bool DerivesFrom(INamedTypeSymbol type, INamedTypeSymbol contract)
        {
            for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(t.OriginalDefinition, contract)) return true;
            }
            return type.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i.OriginalDefinition, contract));
        }

        private bool IsLibraryType(INamedTypeSymbol type)
        {
            IAssemblySymbol? assembly = type.ContainingAssembly;
            if (assembly == null || _engineAssemblies.Contains(assembly)) return true;
            string name = assembly.Identity.Name;
            return name == "Amber" || name == "mscorlib" || name == "netstandard" || name == "System"
                || name.StartsWith("System.", StringComparison.Ordinal) || name.StartsWith("Microsoft.", StringComparison.Ordinal);
        }

        private sealed class MethodKeyComparer : IEqualityComparer<(INamedTypeSymbol Type, string Name)>
        {
            public bool Equals((INamedTypeSymbol Type, string Name) x, (INamedTypeSymbol Type, string Name) y) =>
                x.Name == y.Name && SymbolEqualityComparer.Default.Equals(x.Type, y.Type);

            public int GetHashCode((INamedTypeSymbol Type, string Name) key) =>
                (SymbolEqualityComparer.Default.GetHashCode(key.Type) * 31) ^ StringComparer.Ordinal.GetHashCode(key.Name);
        }
    }

    /// <summary>What a declared method names: its type arguments, the static types of some of its arguments, or both.</summary>
    internal sealed class ForeignMethod
    {
        /// <summary>The type arguments of each call are roots.</summary>
        public bool TypeArguments { get; set; }

        /// <summary>The parameters whose arguments' static types are roots.</summary>
        public List<string> Arguments { get; } = new List<string>();
    }
}
