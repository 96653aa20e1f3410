using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>Abstract classes, interfaces and classes with subclasses: the concrete types they may hold (format §7.1).</summary>
    internal sealed partial class Parser
    {
        // ---------------------------------------------------------------- polymorphism (format §7.1)

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>> s_sourceTypes =
            new System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>>();

        /// <summary>
        /// A member declared as an abstract class, an interface, or a class that has subclasses holds
        /// any of the concrete types the generator can see: in this compilation and in the assembly that
        /// declares the base. That list is the allow-list: no other type is ever created.
        /// </summary>
        private TypeRef? ResolvePolymorphic(INamedTypeSymbol named, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            bool isInterface = named.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface;
            if (named.SpecialType == SpecialType.System_Object || named.IsValueType || named.IsSealed || named.IsStatic || named.IsTupleType) return null;
            if (!isInterface && named.TypeKind != Microsoft.CodeAnalysis.TypeKind.Class) return null;
            if (named.DeclaringSyntaxReferences.Length == 0 && SymbolEqualityComparer.Default.Equals(named.ContainingAssembly, _compilation.ObjectType.ContainingAssembly)) return null;

            List<INamedTypeSymbol> derived = FindDerived(named);
            if (derived.Count == 0 && !named.IsAbstract && !isInterface) return null;   // a plain class: not polymorphic
            if (!CheckAccessible(named, member)) { failed = true; return null; }
            var concrete = new List<INamedTypeSymbol>(derived);
            if (!named.IsAbstract && !isInterface) concrete.Add(named);
            if (concrete.Count == 0)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, named.ToDisplayString(),
                    "it is abstract or an interface and the generator found no concrete type that implements it in this project or the one that declares it");
                failed = true;
                return null;
            }
            // Most derived first, so a type switch never lets a base case catch a subclass.
            concrete.Sort((a, b) => Depth(b).CompareTo(Depth(a)) != 0 ? Depth(b).CompareTo(Depth(a)) : string.CompareOrdinal(a.ToDisplayString(), b.ToDisplayString()));
            var cases = new List<PolyCase>();
            var tags = new Dictionary<uint, string>();
            foreach (INamedTypeSymbol c in concrete)
            {
                if (!_compilation.IsSymbolAccessibleWithin(c, _compilation.Assembly)) continue;
                string? id = ParseObject(c, member);
                if (ReportIfUnusable(c, member, memberDisplay) || id == null) { failed = true; return null; }
                (uint tag, EquatableArray<uint> former) = TagsOf(c);
                if (tags.TryGetValue(tag, out string? other))
                {
                    Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, named.ToDisplayString(), $"the type tags of '{other}' and '{c.ToDisplayString()}' collide; rename one of them");
                    failed = true;
                    return null;
                }
                tags[tag] = c.ToDisplayString();
                foreach (uint f in former)
                {
                    if (tags.TryGetValue(f, out string? clash))
                    {
                        Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, named.ToDisplayString(), $"a former name of '{c.ToDisplayString()}' has the type tag of '{clash}'; remove or change the [AmberFormerName]");
                        failed = true;
                        return null;
                    }
                    tags[f] = c.ToDisplayString();
                }
                cases.Add(new PolyCase(id, FullName(c), tag, former));
            }
            string? baseId = !named.IsAbstract && !isInterface ? _objectIds[named] : null;
            if (!DefaultSubtypeOf(named, concrete, cases, out PolyCase? defaultCase)) { failed = true; return null; }
            return new TypeRef(full, TypeKind.Polymorphic, false, ObjectId: baseId, WireType: WireType.Object, IsInterface: isInterface, Cases: cases.ToEquatableArray(),
                DefaultCase: defaultCase);
        }

        /// <summary>
        /// The case [AmberDefaultSubtype(typeof(S))] on <paramref name="named"/> names: S must be one of the concrete types the
        /// generator found for it (so it derives from it and can be created). False, with AMB019, when it is not.
        /// </summary>
        private bool DefaultSubtypeOf(INamedTypeSymbol named, List<INamedTypeSymbol> concrete, List<PolyCase> cases, out PolyCase? found)
        {
            found = null;
            AttributeData? attribute = named.GetAttributes().FirstOrDefault(a => KnownSymbols.IsAttribute(a, _known.AmberDefaultSubtypeAttribute));
            if (attribute == null) return true;
            if (attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Value is not INamedTypeSymbol subtype)
            {
                ReportAt(Diagnostics.BadDefaultSubtype, attribute, named.ToDisplayString(), "?", "it names no type", "name a concrete subtype: [AmberDefaultSubtype(typeof(Sword))]");
                return false;
            }
            string display = subtype.ToDisplayString();
            string? problem = null, fix = null;
            if (!IsSubtypeOf(subtype, named))
            {
                problem = $"'{display}' does not derive from or implement '{named.ToDisplayString()}'";
                fix = $"name a class that derives from '{named.Name}'";
            }
            else if (subtype.IsAbstract || subtype.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface)
            {
                problem = $"'{display}' is abstract, so old data cannot be created as it";
                fix = $"name a concrete class that derives from '{named.Name}'";
            }
            else
            {
                int index = concrete.FindIndex(c => SymbolEqualityComparer.Default.Equals(c, subtype));
                PolyCase? match = index < 0 ? null : cases.FirstOrDefault(c => c.FullName == FullName(subtype));
                if (match == null)
                {
                    problem = $"the generator cannot create '{display}' here (it is not accessible to this assembly, or not a type it found for '{named.Name}')";
                    fix = $"make '{subtype.Name}' public or internal in this project or the one that declares '{named.Name}'";
                }
                else
                {
                    found = match;
                    return true;
                }
            }
            ReportAt(Diagnostics.BadDefaultSubtype, attribute, named.ToDisplayString(), display, problem!, fix!);
            return false;
        }

        private static bool IsSubtypeOf(INamedTypeSymbol type, INamedTypeSymbol baseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type, baseType)) return false;
            for (INamedTypeSymbol? t = type.BaseType; t != null; t = t.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(t, baseType)) return true;
            }
            return type.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, baseType));
        }

        private static bool HasAttributeInherited(INamedTypeSymbol type, INamedTypeSymbol? attribute)
        {
            for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
            {
                if (t.GetAttributes().Any(a => KnownSymbols.IsAttribute(a, attribute))) return true;
            }
            return false;
        }

        private static int Depth(INamedTypeSymbol t)
        {
            int d = 0;
            for (INamedTypeSymbol? b = t.BaseType; b != null; b = b.BaseType) d++;
            return d;
        }

        /// <summary>
        /// The tag a type is written with and the other tags it is read under. With
        /// [AmberFormerName("Old.Namespace.OldName")] on the type, the first former name stays the wire
        /// name (old readers keep reading new data) and the current name is read too, like a member's.
        /// </summary>
        private (uint Wire, EquatableArray<uint> Others) TagsOf(INamedTypeSymbol type)
        {
            uint current = TypeTagOf(type);
            List<uint> former = type.GetAttributes()
                .Where(a => KnownSymbols.IsAttribute(a, _known.AmberFormerNameAttribute) && a.ConstructorArguments.Length == 1 && a.ConstructorArguments[0].Value is string)
                .Select(a => AmberCode.TypeTagOf((string)a.ConstructorArguments[0].Value!))
                .ToList();
            if (former.Count == 0) return (current, EquatableArray<uint>.Empty);
            return (former[0], former.Skip(1).Append(current).Where(t => t != former[0]).Distinct().ToEquatableArray());
        }

        /// <summary>The type tag: FNV-1a-32 of the type's full C# name (format §7.1).</summary>
        internal static uint TypeTagOf(ITypeSymbol type)
        {
            return AmberCode.TypeTagOf(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", ""));
        }

        private readonly Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>> _derived = new Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>(SymbolEqualityComparer.Default);

        /// <summary>The concrete types that derive from (or implement) <paramref name="baseType"/>, found once per parse.</summary>
        private List<INamedTypeSymbol> FindDerived(INamedTypeSymbol baseType)
        {
            if (_derived.TryGetValue(baseType, out List<INamedTypeSymbol>? known)) return known;
            var result = new List<INamedTypeSymbol>();
            var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
            IEnumerable<INamedTypeSymbol> candidates = DerivedIndex.OfCompilation(_compilation).Candidates(baseType);
            if (!SymbolEqualityComparer.Default.Equals(baseType.ContainingAssembly, _compilation.Assembly))
                candidates = candidates.Concat(DerivedIndex.OfAssembly(baseType.ContainingAssembly).Candidates(baseType));
            // Types from anywhere join by name: [assembly: AmberSerializable(typeof(PluginSword))] or a closed
            // generic such as typeof(Reward<Sword>) for a non-generic base.
            candidates = candidates.Concat(SerializableTypes(_compilation));
            bool isInterface = baseType.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface;
            foreach (INamedTypeSymbol candidate in candidates)
            {
                INamedTypeSymbol? t = candidate;
                if (t.IsAbstract || t.IsStatic || SymbolEqualityComparer.Default.Equals(t, baseType)) continue;
                if (t.TypeKind != Microsoft.CodeAnalysis.TypeKind.Class && t.TypeKind != Microsoft.CodeAnalysis.TypeKind.Struct) continue;
                if (t.IsGenericType && t.IsDefinition)
                {
                    // class Box<T> : Base<T> serves a member declared Base<int> as Box<int>.
                    t = ConstructFromBase(t, baseType);
                    if (t == null) continue;
                }
                bool derives = isInterface
                    ? t.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, baseType))
                    : InheritsFrom(t, baseType);
                if (derives && seen.Add(t)) result.Add(t);
            }
            _derived[baseType] = result;
            return result;
        }

        /// <summary>
        /// The types of an assembly (or of the compilation's own source) grouped by the generic definition of each
        /// base class and interface they have, so that finding a base's subtypes looks at its subtypes only, not at
        /// every type there is: built once per compilation, and once per referenced assembly.
        /// </summary>
        private sealed class DerivedIndex
        {
            private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, DerivedIndex> s_ofCompilation =
                new System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, DerivedIndex>();
            private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<IAssemblySymbol, DerivedIndex> s_ofAssembly =
                new System.Runtime.CompilerServices.ConditionalWeakTable<IAssemblySymbol, DerivedIndex>();

            private readonly Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>> _byBase = new Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>(SymbolEqualityComparer.Default);

            private DerivedIndex(IEnumerable<INamedTypeSymbol> types)
            {
                foreach (INamedTypeSymbol t in types)
                {
                    if (t.IsAbstract || t.IsStatic) continue;
                    if (t.TypeKind != Microsoft.CodeAnalysis.TypeKind.Class && t.TypeKind != Microsoft.CodeAnalysis.TypeKind.Struct) continue;
                    foreach (INamedTypeSymbol b in BaseTypes(t)) Add(b, t);
                    foreach (INamedTypeSymbol i in t.AllInterfaces) Add(i, t);
                }
            }

            private void Add(INamedTypeSymbol baseType, INamedTypeSymbol derived)
            {
                INamedTypeSymbol key = baseType.OriginalDefinition;
                if (!_byBase.TryGetValue(key, out List<INamedTypeSymbol>? list)) _byBase[key] = list = new List<INamedTypeSymbol>();
                if (list.Count == 0 || !ReferenceEquals(list[list.Count - 1], derived)) list.Add(derived);
            }

            /// <summary>The types that have a base class or interface of <paramref name="baseType"/>'s generic definition, in declaration order.</summary>
            public IEnumerable<INamedTypeSymbol> Candidates(INamedTypeSymbol baseType) =>
                _byBase.TryGetValue(baseType.OriginalDefinition, out List<INamedTypeSymbol>? list) ? list : Enumerable.Empty<INamedTypeSymbol>();

            public static DerivedIndex OfCompilation(Compilation compilation) =>
                s_ofCompilation.GetValue(compilation, c => new DerivedIndex(AllTypes(c.Assembly.GlobalNamespace, c)));

            public static DerivedIndex OfAssembly(IAssemblySymbol assembly) =>
                s_ofAssembly.GetValue(assembly, a => new DerivedIndex(AllTypesOf(a.GlobalNamespace)));
        }

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>> s_serializableTypes =
            new System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>>();

        /// <summary>The closed types named by [assembly: AmberSerializable(typeof(T))] in this compilation.</summary>
        private static List<INamedTypeSymbol> SerializableTypes(Compilation compilation) =>
            s_serializableTypes.GetValue(compilation, c => c.Assembly.GetAttributes()
                .Where(a => KnownSymbols.IsAttribute(a, KnownSymbols.For(c).AmberSerializableAttribute) && a.ConstructorArguments.Length == 1)
                .Select(a => a.ConstructorArguments[0].Value)
                .OfType<INamedTypeSymbol>()
                .Where(t => !t.IsUnboundGenericType && !t.TypeArguments.Any(x => x is ITypeParameterSymbol))
                .ToList());

        /// <summary>
        /// The construction of a generic type definition that derives from (or implements) the closed
        /// <paramref name="target"/>, with its type arguments read off the target's; null when they
        /// cannot all be inferred or break a constraint.
        /// </summary>
        private INamedTypeSymbol? ConstructFromBase(INamedTypeSymbol definition, INamedTypeSymbol target)
        {
            if (!target.IsGenericType) return null;
            // A type nested in a generic type (Outer<T>.Inner) would need its container constructed as well; its own
            // type parameters (none, for Inner) cannot close it, so it is not inferred.
            if (definition.ContainingType is { IsGenericType: true }) return null;
            IEnumerable<INamedTypeSymbol> bases = target.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface
                ? definition.AllInterfaces
                : BaseTypes(definition);
            foreach (INamedTypeSymbol b in bases)
            {
                if (!SymbolEqualityComparer.Default.Equals(b.OriginalDefinition, target.OriginalDefinition)) continue;
                var bound = new Dictionary<ITypeParameterSymbol, ITypeSymbol>(SymbolEqualityComparer.Default);
                if (!Unify(b, target, bound)) continue;
                if (definition.TypeParameters.Any(p => !bound.ContainsKey(p))) return null;
                ITypeSymbol[] args = definition.TypeParameters.Select(p => bound[p]).ToArray();
                if (!SatisfiesConstraints(definition, args)) return null;
                return definition.Construct(args);
            }
            return null;
        }

        private static IEnumerable<INamedTypeSymbol> BaseTypes(INamedTypeSymbol t)
        {
            for (INamedTypeSymbol? b = t.BaseType; b != null; b = b.BaseType) yield return b;
        }

        private static bool Unify(ITypeSymbol open, ITypeSymbol closed, Dictionary<ITypeParameterSymbol, ITypeSymbol> bound)
        {
            if (open is ITypeParameterSymbol p)
            {
                if (bound.TryGetValue(p, out ITypeSymbol? already)) return SymbolEqualityComparer.Default.Equals(already, closed);
                bound[p] = closed;
                return true;
            }
            if (open is IArrayTypeSymbol oa) return closed is IArrayTypeSymbol ca && oa.Rank == ca.Rank && Unify(oa.ElementType, ca.ElementType, bound);
            if (open is INamedTypeSymbol on && on.IsGenericType)
            {
                if (closed is not INamedTypeSymbol cn || !SymbolEqualityComparer.Default.Equals(on.OriginalDefinition, cn.OriginalDefinition)) return false;
                for (int i = 0; i < on.TypeArguments.Length; i++)
                {
                    if (!Unify(on.TypeArguments[i], cn.TypeArguments[i], bound)) return false;
                }
                return true;
            }
            return SymbolEqualityComparer.Default.Equals(open, closed);
        }

        private bool SatisfiesConstraints(INamedTypeSymbol definition, ITypeSymbol[] args)
        {
            for (int i = 0; i < args.Length; i++)
            {
                ITypeParameterSymbol p = definition.TypeParameters[i];
                ITypeSymbol a = args[i];
                if (p.HasReferenceTypeConstraint && !a.IsReferenceType) return false;
                if (p.HasValueTypeConstraint && !a.IsValueType) return false;
                if (p.HasUnmanagedTypeConstraint && !a.IsUnmanagedType) return false;
                if (p.HasConstructorConstraint && !a.IsValueType && !(a is INamedTypeSymbol n && !n.IsAbstract && n.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public))) return false;
                foreach (ITypeSymbol c in p.ConstraintTypes)
                {
                    if (c is ITypeParameterSymbol || ContainsTypeParameterSymbol(c)) continue;   // rare; let the compiler judge the construction
                    if (!_compilation.ClassifyConversion(a, c).IsImplicit) return false;
                }
            }
            return true;
        }

        private static bool ContainsTypeParameterSymbol(ITypeSymbol t) => t switch
        {
            ITypeParameterSymbol => true,
            IArrayTypeSymbol a => ContainsTypeParameterSymbol(a.ElementType),
            INamedTypeSymbol n => n.TypeArguments.Any(ContainsTypeParameterSymbol),
            _ => false,
        };

        private static bool InheritsFrom(INamedTypeSymbol t, INamedTypeSymbol baseType)
        {
            for (INamedTypeSymbol? b = t.BaseType; b != null; b = b.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(b, baseType)) return true;
            }
            return false;
        }

        private static List<INamedTypeSymbol> AllTypes(INamespaceSymbol root, Compilation compilation) =>
            s_sourceTypes.GetValue(compilation, _ => AllTypesOf(root).ToList());

        private static IEnumerable<INamedTypeSymbol> AllTypesOf(INamespaceSymbol ns)
        {
            foreach (INamespaceOrTypeSymbol m in ns.GetMembers())
            {
                if (m is INamespaceSymbol child)
                {
                    foreach (INamedTypeSymbol t in AllTypesOf(child)) yield return t;
                }
                else if (m is INamedTypeSymbol type)
                {
                    foreach (INamedTypeSymbol t in WithNested(type)) yield return t;
                }
            }
        }

        private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
        {
            yield return type;
            foreach (INamedTypeSymbol nested in type.GetTypeMembers())
            {
                foreach (INamedTypeSymbol t in WithNested(nested)) yield return t;
            }
        }
    }
}
