using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// Turns a root type symbol into the equatable model: the root's type reference and every
    /// object type reachable from it, with diagnostics for what cannot be served.
    /// </summary>
    internal sealed class Parser
    {
        private static readonly SymbolDisplayFormat s_fullName = SymbolDisplayFormat.FullyQualifiedFormat
            .WithMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers | SymbolDisplayMiscellaneousOptions.UseSpecialTypes);

        private readonly Compilation _compilation;
        private readonly LocationInfo? _rootLocation;
        private readonly CancellationToken _ct;
        private readonly Dictionary<ITypeSymbol, string> _objectIds = new Dictionary<ITypeSymbol, string>(SymbolEqualityComparer.Default);
        private readonly List<ObjectModel> _objects = new List<ObjectModel>();
        private readonly List<DiagnosticInfo> _diagnostics = new List<DiagnosticInfo>();

        private readonly Dictionary<ITypeSymbol, (INamedTypeSymbol Replacement, AttributeData Attribute)> _surrogates = new Dictionary<ITypeSymbol, (INamedTypeSymbol, AttributeData)>(SymbolEqualityComparer.Default);
        private readonly Dictionary<ITypeSymbol, (INamedTypeSymbol Replacement, AttributeData Attribute)> _formatters = new Dictionary<ITypeSymbol, (INamedTypeSymbol, AttributeData)>(SymbolEqualityComparer.Default);
        private readonly HashSet<ITypeSymbol> _resolvingSurrogates = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);

        private Parser(Compilation compilation, LocationInfo? rootLocation, CancellationToken ct)
        {
            _compilation = compilation;
            _rootLocation = rootLocation;
            _ct = ct;
            // [assembly: AmberSurrogate(typeof(T), typeof(S))] and [assembly: AmberFormatter(typeof(T), typeof(F))].
            foreach (AttributeData a in compilation.Assembly.GetAttributes())
            {
                string? name = a.AttributeClass?.ToDisplayString();
                if ((name != "Amber.AmberSurrogateAttribute" && name != "Amber.AmberFormatterAttribute") || a.ConstructorArguments.Length != 2) continue;
                if (a.ConstructorArguments[0].Value is not ITypeSymbol target || a.ConstructorArguments[1].Value is not INamedTypeSymbol replacement) continue;
                var map = name == "Amber.AmberSurrogateAttribute" ? _surrogates : _formatters;
                map[target] = (replacement, a);
            }
            // [AmberSurrogate(typeof(T))] on the surrogate type itself, in this project or one it references that uses Amber.
            foreach ((INamedTypeSymbol surrogate, AttributeData a, ITypeSymbol target) in SurrogateTypes(compilation))
            {
                if (!_surrogates.ContainsKey(target)) _surrogates[target] = (surrogate, a);
            }
        }

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<(INamedTypeSymbol, AttributeData, ITypeSymbol)>> s_surrogateTypes =
            new System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<(INamedTypeSymbol, AttributeData, ITypeSymbol)>>();

        private static List<(INamedTypeSymbol Surrogate, AttributeData Attribute, ITypeSymbol Target)> SurrogateTypes(Compilation compilation) =>
            s_surrogateTypes.GetValue(compilation, c =>
            {
                IEnumerable<INamedTypeSymbol> types = AllTypes(c.Assembly.GlobalNamespace, c);
                foreach (IAssemblySymbol referenced in c.SourceModule.ReferencedAssemblySymbols)
                {
                    if (referenced.Name != "Amber" && referenced.Modules.Any(m => m.ReferencedAssemblies.Any(r => r.Name == "Amber")))
                        types = types.Concat(AllTypesOf(referenced.GlobalNamespace));
                }
                var found = new List<(INamedTypeSymbol, AttributeData, ITypeSymbol)>();
                foreach (INamedTypeSymbol t in types)
                {
                    foreach (AttributeData a in t.GetAttributes())
                    {
                        if (a.AttributeClass?.ToDisplayString() == "Amber.AmberSurrogateAttribute" && a.ConstructorArguments.Length == 1
                            && a.ConstructorArguments[0].Value is ITypeSymbol target)
                        {
                            found.Add((t, a, target));
                        }
                    }
                }
                return found;
            });

        private void ReportAt(DiagnosticDescriptor descriptor, AttributeData attribute, params string[] args)
        {
            LocationInfo? loc = ToInfo(attribute.ApplicationSyntaxReference?.GetSyntax(_ct).GetLocation()) ?? _rootLocation;
            var info = new DiagnosticInfo(descriptor.Id, loc, args.ToEquatableArray());
            if (!_diagnostics.Contains(info)) _diagnostics.Add(info);
        }

        /// <summary>A type with a hand-written formatter or a surrogate, or null.</summary>
        private TypeRef? ResolveReplacement(ITypeSymbol type, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            if (_formatters.TryGetValue(type, out var f))
            {
                INamedTypeSymbol? iface = f.Replacement.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.ToDisplayString() == "Amber.IAmberFormatter<T>"
                    && SymbolEqualityComparer.Default.Equals(i.TypeArguments[0], type));
                bool ctor = f.Replacement.InstanceConstructors.Any(c => c.Parameters.Length == 0 && _compilation.IsSymbolAccessibleWithin(c, _compilation.Assembly));
                if (iface == null || !ctor || f.Replacement.IsAbstract)
                {
                    ReportAt(Diagnostics.BadSurrogate, f.Attribute, "AmberFormatter", type.ToDisplayString(),
                        $"'{f.Replacement.ToDisplayString()}' must be a non-abstract class implementing IAmberFormatter<{type.ToDisplayString()}> with an accessible parameterless constructor",
                        "implement the interface for exactly that type and add a public parameterless constructor");
                    failed = true;
                    return null;
                }
                return new TypeRef(full, TypeKind.Custom, type.IsValueType, ObjectId: FullName(f.Replacement), WireType: null);
            }
            if (_surrogates.TryGetValue(type, out var s))
            {
                var cs = (Microsoft.CodeAnalysis.CSharp.CSharpCompilation)_compilation;
                Microsoft.CodeAnalysis.CSharp.Conversion to = cs.ClassifyConversion(type, s.Replacement);
                Microsoft.CodeAnalysis.CSharp.Conversion from = cs.ClassifyConversion(s.Replacement, type);
                if (!to.Exists || !to.IsUserDefined || !from.Exists || !from.IsUserDefined || !_resolvingSurrogates.Add(type))
                {
                    ReportAt(Diagnostics.BadSurrogate, s.Attribute, "AmberSurrogate", type.ToDisplayString(),
                        $"there must be a user-defined conversion from '{type.ToDisplayString()}' to '{s.Replacement.ToDisplayString()}' and one back (and a surrogate cannot itself be replaced by the type)",
                        $"declare 'static implicit operator {s.Replacement.Name}({type.Name} value)' and 'static implicit operator {type.Name}({s.Replacement.Name} value)' in the surrogate");
                    failed = true;
                    return null;
                }
                TypeRef? inner = Resolve(s.Replacement, member, memberDisplay);
                _resolvingSurrogates.Remove(type);
                if (inner == null) { failed = true; return null; }
                return new TypeRef(full, TypeKind.Surrogate, type.IsValueType, Element: inner, WireType: inner.WireType);
            }
            return null;
        }

        public static RootModel? ParseRoot(ITypeSymbol type, Compilation compilation, LocationInfo? location, CancellationToken ct)
        {
            var parser = new Parser(compilation, location, ct);
            TypeRef? root = parser.Resolve(type, null, type.ToDisplayString());
            if (root == null && parser._diagnostics.Count == 0) return null;
            return new RootModel(
                root ?? new TypeRef("object", TypeKind.Scalar, false),
                parser._objects.ToEquatableArray(),
                parser._diagnostics.ToEquatableArray());
        }

        public static LocationInfo? ToInfo(Location? location)
        {
            if (location == null || !location.IsInSource) return null;
            FileLinePositionSpan span = location.GetLineSpan();
            return new LocationInfo(location.SourceTree?.FilePath ?? "", location.SourceSpan.Start, location.SourceSpan.Length,
                span.StartLinePosition.Line, span.StartLinePosition.Character, span.EndLinePosition.Line, span.EndLinePosition.Character);
        }

        private void Report(DiagnosticDescriptor descriptor, ISymbol? at, params string[] args)
        {
            LocationInfo? loc = ToInfo(at?.Locations.FirstOrDefault(l => l.IsInSource)) ?? _rootLocation;
            var info = new DiagnosticInfo(descriptor.Id, loc, args.ToEquatableArray());
            if (!_diagnostics.Contains(info)) _diagnostics.Add(info);
        }

        private static string FullName(ITypeSymbol type) => type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(s_fullName);

        // ---------------------------------------------------------------- types

        private TypeRef? Resolve(ITypeSymbol type, ISymbol? member, string memberDisplay)
        {
            _ct.ThrowIfCancellationRequested();
            // A tuple's element names are compile-time only: (int Id, string Name) is ValueTuple<int, string>
            // with members Item1, Item2 (docs/format.md §5), so named and unnamed tuples share one codec.
            if (type is INamedTypeSymbol { IsTupleType: true, TupleUnderlyingType: { } unnamed }) type = unnamed;
            string full = FullName(type);

            if (type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Error || type is ITypeParameterSymbol)
            {
                return null;
            }

            TypeRef? replaced = ResolveReplacement(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), full, member, memberDisplay, out bool replacementFailed);
            if (replacementFailed) return null;
            if (replaced != null) return replaced;

            TypeRef? scalar = ResolveScalar(type, full);
            if (scalar != null) return scalar;

            if (type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Enum && type is INamedTypeSymbol en && en.EnumUnderlyingType != null)
            {
                if (!CheckAccessible(type, member)) return null;
                return new TypeRef(full, TypeKind.Enum, true, Scalar: ScalarName(en.EnumUnderlyingType.SpecialType), WireType: WireType.Varint);
            }

            if (type is INamedTypeSymbol nullable && nullable.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
            {
                TypeRef? inner = Resolve(nullable.TypeArguments[0], member, memberDisplay);
                if (inner == null) return null;
                return new TypeRef(full, TypeKind.Nullable, true, Element: inner, WireType: inner.WireType);
            }

            if (type is IArrayTypeSymbol array)
            {
                if (array.Rank == 1 && array.ElementType.SpecialType == SpecialType.System_Byte)
                {
                    return new TypeRef(full, TypeKind.ByteArray, false, WireType: WireType.Bytes);
                }
                TypeRef? element = Resolve(array.ElementType, member, memberDisplay);
                if (element == null) return null;
                if (array.Rank == 1)
                {
                    return new TypeRef(full, TypeKind.Array, false, Element: element, WireType: WireType.Sequence, PackedPrimitive: PackedKeyword(array.ElementType));
                }
                return new TypeRef(full, TypeKind.MultiArray, false, Element: element, Rank: array.Rank, WireType: WireType.Sequence);
            }

            if (type is not INamedTypeSymbol named)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "pointers and function pointers have no serialized form");
                return null;
            }

            if (named.IsGenericType && named.TypeArguments.Length == 1 && named.TypeArguments[0].SpecialType == SpecialType.System_Byte
                && named.OriginalDefinition.ToDisplayString() is "System.Memory<T>" or "System.ReadOnlyMemory<T>")
            {
                // docs/format.md §3.1: Memory<byte> and ReadOnlyMemory<byte> are Bytes, like byte[].
                return new TypeRef(full, TypeKind.ByteArray, true, WireType: WireType.Bytes);
            }

            TypeRef? collection = ResolveCollection(named, full, member, memberDisplay, out bool failed);
            if (failed) return null;
            if (collection != null) return collection;

            if (named.SpecialType == SpecialType.System_Object)
            {
                // Any registered type, chosen by the tag in the data (format §7.3).
                return new TypeRef(full, TypeKind.Dynamic, false, WireType: WireType.Object);
            }

            TypeRef? poly = ResolvePolymorphic(named, full, member, memberDisplay, out bool polyFailed);
            if (polyFailed) return null;
            if (poly != null) return poly;

            if (named.IsAbstract || named.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(),
                    "it is a framework type with no implementations the generator can serve");
                return null;
            }
            if (named.TypeKind == Microsoft.CodeAnalysis.TypeKind.Delegate || named.IsRefLikeType || named.IsStatic)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "delegates, ref structs and static classes have no serialized form");
                return null;
            }
            if (named.TypeKind != Microsoft.CodeAnalysis.TypeKind.Class && named.TypeKind != Microsoft.CodeAnalysis.TypeKind.Struct)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "only classes, structs, records, enums and collections are serializable");
                return null;
            }
            if (!CheckAccessible(named, member)) return null;

            string? id = ParseObject(named);
            if (id == null) return null;
            bool rows = _objects.FirstOrDefault(o => o.Id == id)?.RowCodes.Count > 0;
            return new TypeRef(full, TypeKind.Object, named.IsValueType, ObjectId: id, WireType: WireType.Object, Rows: rows);
        }

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
                string? id = ParseObject(c);
                if (id == null) { failed = true; return null; }
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
            return new TypeRef(full, TypeKind.Polymorphic, false, ObjectId: baseId, WireType: WireType.Object, IsInterface: isInterface, Cases: cases.ToEquatableArray());
        }

        /// <summary>A collection a get-only property can be filled through: it has Clear and Add (or an indexer for dictionaries).</summary>
        private static bool IsFillableCollectionType(ITypeSymbol type)
        {
            if (type is not INamedTypeSymbol n || !n.IsGenericType) return false;
            switch (n.OriginalDefinition.ToDisplayString())
            {
                case "System.Collections.Generic.List<T>":
                case "System.Collections.Generic.IList<T>":
                case "System.Collections.Generic.ICollection<T>":
                case "System.Collections.Generic.HashSet<T>":
                case "System.Collections.Generic.ISet<T>":
                case "System.Collections.Generic.SortedSet<T>":
                case "System.Collections.Generic.Dictionary<TKey, TValue>":
                case "System.Collections.Generic.IDictionary<TKey, TValue>":
                case "System.Collections.Generic.SortedDictionary<TKey, TValue>":
                case "System.Collections.Generic.SortedList<TKey, TValue>":
                    return true;
                default:
                    return false;
            }
        }

        private static bool HasAttributeInherited(INamedTypeSymbol type, string attribute)
        {
            for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
            {
                if (t.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == attribute)) return true;
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
        private static (uint Wire, EquatableArray<uint> Others) TagsOf(INamedTypeSymbol type)
        {
            uint current = TypeTagOf(type);
            List<uint> former = type.GetAttributes()
                .Where(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberFormerNameAttribute" && a.ConstructorArguments.Length == 1 && a.ConstructorArguments[0].Value is string)
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

        private List<INamedTypeSymbol> FindDerived(INamedTypeSymbol baseType)
        {
            var result = new List<INamedTypeSymbol>();
            IEnumerable<INamedTypeSymbol> candidates = AllTypes(_compilation.Assembly.GlobalNamespace, _compilation);
            if (!SymbolEqualityComparer.Default.Equals(baseType.ContainingAssembly, _compilation.Assembly))
                candidates = candidates.Concat(AllTypesOf(baseType.ContainingAssembly.GlobalNamespace));
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
                if (derives && !result.Contains(t, SymbolEqualityComparer.Default)) result.Add(t);
            }
            return result;
        }

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>> s_serializableTypes =
            new System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, List<INamedTypeSymbol>>();

        /// <summary>The closed types named by [assembly: AmberSerializable(typeof(T))] in this compilation.</summary>
        private static List<INamedTypeSymbol> SerializableTypes(Compilation compilation) =>
            s_serializableTypes.GetValue(compilation, c => c.Assembly.GetAttributes()
                .Where(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberSerializableAttribute" && a.ConstructorArguments.Length == 1)
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

        private bool CheckAccessible(ITypeSymbol type, ISymbol? member)
        {
            if (_compilation.IsSymbolAccessibleWithin(type, _compilation.Assembly)) return true;
            string why = type.DeclaredAccessibility switch
            {
                Accessibility.Private => "private",
                Accessibility.Protected => "protected",
                Accessibility.ProtectedAndInternal => "private protected",
                Accessibility.Internal => "internal to another assembly",
                _ => "nested in a type that is not accessible",
            };
            Report(Diagnostics.Inaccessible, (ISymbol?)(type.Locations.Any(l => l.IsInSource) ? type : member), type.ToDisplayString(), why);
            return false;
        }

        private static string? ScalarName(SpecialType special) => special switch
        {
            SpecialType.System_Boolean => "Boolean",
            SpecialType.System_Char => "Char",
            SpecialType.System_SByte => "SByte",
            SpecialType.System_Byte => "Byte",
            SpecialType.System_Int16 => "Int16",
            SpecialType.System_UInt16 => "UInt16",
            SpecialType.System_Int32 => "Int32",
            SpecialType.System_UInt32 => "UInt32",
            SpecialType.System_Int64 => "Int64",
            SpecialType.System_UInt64 => "UInt64",
            SpecialType.System_Single => "Single",
            SpecialType.System_Double => "Double",
            SpecialType.System_Decimal => "Decimal",
            SpecialType.System_String => "String",
            SpecialType.System_DateTime => "DateTime",
            _ => null,
        };

        private static WireType ScalarWireType(string scalar) => scalar switch
        {
            "Single" or "Half" => WireType.Fixed32,
            "Double" or "DateTime" => WireType.Fixed64,
            "Guid" or "Int128" or "UInt128" => WireType.Fixed128,
            "String" or "Decimal" or "DateTimeOffset" or "BigInteger" or "Uri" or "Version" => WireType.Bytes,
            _ => WireType.Varint,
        };

        private static TypeRef? ResolveScalar(ITypeSymbol type, string full)
        {
            string? scalar = ScalarName(type.SpecialType);
            if (scalar == null && type is INamedTypeSymbol n && n.ContainingNamespace != null)
            {
                string ns = n.ContainingNamespace.ToDisplayString();
                if (ns == "System")
                {
                    scalar = n.MetadataName switch
                    {
                        "Guid" => "Guid",
                        "TimeSpan" => "TimeSpan",
                        "DateTimeOffset" => "DateTimeOffset",
                        "Half" => "Half",
                        "DateOnly" => "DateOnly",
                        "TimeOnly" => "TimeOnly",
                        "Int128" => "Int128",
                        "UInt128" => "UInt128",
                        "Uri" => "Uri",
                        "Version" => "Version",
                        _ => null,
                    };
                }
                else if (ns == "System.Numerics" && n.MetadataName == "BigInteger")
                {
                    scalar = "BigInteger";
                }
            }
            if (scalar == null) return null;
            return new TypeRef(full, TypeKind.Scalar, type.IsValueType, Scalar: scalar, WireType: ScalarWireType(scalar));
        }

        private static string? PackedKeyword(ITypeSymbol element) => element.SpecialType switch
        {
            SpecialType.System_Byte => "byte",
            SpecialType.System_SByte => "sbyte",
            SpecialType.System_Int16 => "short",
            SpecialType.System_UInt16 => "ushort",
            SpecialType.System_Int32 => "int",
            SpecialType.System_UInt32 => "uint",
            SpecialType.System_Int64 => "long",
            SpecialType.System_UInt64 => "ulong",
            SpecialType.System_Single => "float",
            SpecialType.System_Double => "double",
            SpecialType.System_Boolean => "bool",
            SpecialType.System_Char => "char",
            _ => null,
        };

        private TypeRef? ResolveCollection(INamedTypeSymbol named, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            if (!named.IsGenericType && named.SpecialType == SpecialType.System_String) return null;
            string def = named.IsGenericType ? named.OriginalDefinition.ToDisplayString() : "";
            int arity = named.TypeArguments.Length;
            CollectionKind kind = CollectionKind.None;
            bool isInterface = named.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface;
            bool isMap = false;
            if (arity == 1)
            {
                kind = def switch
                {
                    "System.Collections.Generic.List<T>" => CollectionKind.List,
                    "System.Collections.Generic.IList<T>" or "System.Collections.Generic.ICollection<T>" or "System.Collections.Generic.IEnumerable<T>"
                        or "System.Collections.Generic.IReadOnlyList<T>" or "System.Collections.Generic.IReadOnlyCollection<T>" => CollectionKind.List,
                    "System.Collections.Generic.HashSet<T>" or "System.Collections.Generic.ISet<T>" or "System.Collections.Generic.IReadOnlySet<T>" => CollectionKind.HashSet,
                    "System.Collections.Generic.SortedSet<T>" => CollectionKind.SortedSet,
                    "System.Collections.Generic.Queue<T>" => CollectionKind.Queue,
                    "System.Collections.Generic.Stack<T>" => CollectionKind.Stack,
                    "System.Collections.Generic.LinkedList<T>" => CollectionKind.LinkedList,
                    "System.Collections.ObjectModel.ReadOnlyCollection<T>" => CollectionKind.ReadOnlyCollection,
                    "System.Collections.Immutable.ImmutableArray<T>" => CollectionKind.ImmutableArray,
                    "System.Collections.Immutable.ImmutableList<T>" or "System.Collections.Immutable.IImmutableList<T>" => CollectionKind.ImmutableList,
                    "System.Collections.Immutable.ImmutableHashSet<T>" or "System.Collections.Immutable.IImmutableSet<T>" => CollectionKind.ImmutableHashSet,
                    "System.Collections.Immutable.ImmutableSortedSet<T>" => CollectionKind.ImmutableSortedSet,
                    "System.Collections.Immutable.ImmutableQueue<T>" or "System.Collections.Immutable.IImmutableQueue<T>" => CollectionKind.ImmutableQueue,
                    "System.Collections.Immutable.ImmutableStack<T>" or "System.Collections.Immutable.IImmutableStack<T>" => CollectionKind.ImmutableStack,
                    _ => CollectionKind.None,
                };
            }
            else if (arity == 2)
            {
                kind = def switch
                {
                    "System.Collections.Generic.Dictionary<TKey, TValue>" or "System.Collections.Generic.IDictionary<TKey, TValue>"
                        or "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => CollectionKind.Dictionary,
                    "System.Collections.Generic.SortedDictionary<TKey, TValue>" => CollectionKind.SortedDictionary,
                    "System.Collections.Generic.SortedList<TKey, TValue>" => CollectionKind.SortedList,
                    "System.Collections.ObjectModel.ReadOnlyDictionary<TKey, TValue>" => CollectionKind.ReadOnlyDictionary,
                    "System.Collections.Immutable.ImmutableDictionary<TKey, TValue>" or "System.Collections.Immutable.IImmutableDictionary<TKey, TValue>" => CollectionKind.ImmutableDictionary,
                    "System.Collections.Immutable.ImmutableSortedDictionary<TKey, TValue>" => CollectionKind.ImmutableSortedDictionary,
                    _ => CollectionKind.None,
                };
                isMap = kind != CollectionKind.None;
            }

            ITypeSymbol? elementType = null, keyType = null, valueType = null;
            if (kind != CollectionKind.None)
            {
                if (isMap) { keyType = named.TypeArguments[0]; valueType = named.TypeArguments[1]; }
                else elementType = named.TypeArguments[0];
            }
            else if (!isInterface && !named.IsAbstract)
            {
                // Any other concrete type that is a dictionary or a collection with Add(T).
                INamedTypeSymbol? dict = named.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.ToDisplayString() == "System.Collections.Generic.IDictionary<TKey, TValue>");
                INamedTypeSymbol? enumerable = named.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T);
                if (dict == null && enumerable == null) return null;
                bool hasCtor = named.InstanceConstructors.Any(c => c.Parameters.Length == 0 && _compilation.IsSymbolAccessibleWithin(c, _compilation.Assembly));
                if (dict != null)
                {
                    if (!hasCtor) { Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, named.ToDisplayString(), "a dictionary type needs an accessible parameterless constructor"); failed = true; return null; }
                    kind = CollectionKind.AddableDictionary;
                    isMap = true;
                    keyType = dict.TypeArguments[0];
                    valueType = dict.TypeArguments[1];
                }
                else
                {
                    ITypeSymbol el = enumerable!.TypeArguments[0];
                    bool hasAdd = AllMembers(named).OfType<IMethodSymbol>().Any(m => m.Name == "Add" && !m.IsStatic && m.Parameters.Length == 1
                        && SymbolEqualityComparer.Default.Equals(m.Parameters[0].Type, el) && _compilation.IsSymbolAccessibleWithin(m, _compilation.Assembly));
                    if (!hasCtor || !hasAdd) { Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, named.ToDisplayString(), "a collection type needs an accessible parameterless constructor and an Add method"); failed = true; return null; }
                    kind = CollectionKind.AddableCollection;
                    elementType = el;
                }
            }
            else
            {
                return null;
            }

            if (!CheckAccessible(named, member)) { failed = true; return null; }
            if (isMap)
            {
                TypeRef? k = Resolve(keyType!, member, memberDisplay);
                TypeRef? v = Resolve(valueType!, member, memberDisplay);
                if (k == null || v == null) { failed = true; return null; }
                return new TypeRef(full, TypeKind.Map, named.IsValueType, Element: k, Value: v, Collection: kind, IsInterface: isInterface, WireType: WireType.Map);
            }
            TypeRef? e = Resolve(elementType!, member, memberDisplay);
            if (e == null) { failed = true; return null; }
            string? packed = kind == CollectionKind.List && !isInterface ? PackedKeyword(elementType!) : null;
            return new TypeRef(full, TypeKind.Sequence, named.IsValueType, Element: e, Collection: kind, IsInterface: isInterface, WireType: WireType.Sequence, PackedPrimitive: packed);
        }

        private static IEnumerable<ISymbol> AllMembers(INamedTypeSymbol type)
        {
            for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
            {
                foreach (ISymbol m in t.GetMembers()) yield return m;
            }
        }

        // ---------------------------------------------------------------- objects

        private sealed class Candidate
        {
            public Candidate(ISymbol symbol, ITypeSymbol type, bool settable, bool required)
            {
                Symbol = symbol;
                Type = type;
                Settable = settable;
                Required = required;
            }

            public ISymbol Symbol { get; }
            public ITypeSymbol Type { get; }
            public bool Settable { get; }
            public bool Required { get; }
            public bool InitOnly { get; set; }
            public MemberAccess? Access { get; set; }
        }

        private string? ParseObject(INamedTypeSymbol type)
        {
            if (_objectIds.TryGetValue(type, out string? existing)) return existing;
            string id = MakeId(type);
            _objectIds[type] = id;   // before members, so recursive types terminate
            string display = type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);

            List<Candidate> candidates = CollectCandidates(type);
            IMethodSymbol? ctor = ChooseConstructor(type, candidates, out bool hasParameterless);
            if (ctor == null && !hasParameterless)
            {
                Report(Diagnostics.NoConstructor, type, display);
                return null;
            }

            bool typeAllowsSkipping = TypeAllowsDefaultSkipping(type);
            var members = new List<MemberModel>();
            var byWireName = new Dictionary<string, string>(StringComparer.Ordinal);
            var byKey = new Dictionary<int, (string Name, bool Chosen)>();
            bool ok = true;
            foreach (Candidate c in candidates)
            {
                int ctorIndex = -1;
                IParameterSymbol? param = null;
                if (ctor != null)
                {
                    for (int i = 0; i < ctor.Parameters.Length; i++)
                    {
                        if (string.Equals(ctor.Parameters[i].Name, c.Symbol.Name, StringComparison.OrdinalIgnoreCase)) { ctorIndex = i; param = ctor.Parameters[i]; break; }
                    }
                }
                bool fill = false;
                if (ctorIndex < 0 && !c.Settable)
                {
                    // Get-only and not a constructor argument: part of the data only if it is a mutable
                    // collection the object creates itself, which Amber then fills in place.
                    if (c.Symbol is not IPropertySymbol || !IsFillableCollectionType(c.Type)) continue;
                    fill = true;
                }

                string memberDisplay = display + "." + c.Symbol.Name;
                TypeRef? t = Resolve(c.Type, c.Symbol, memberDisplay);
                if (t == null) { ok = false; continue; }

                List<string> formerNames = c.Symbol.GetAttributes()
                    .Where(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberFormerNameAttribute" && a.ConstructorArguments.Length == 1)
                    .Select(a => a.ConstructorArguments[0].Value as string)
                    .Where(s => !string.IsNullOrEmpty(s))
                    .Select(s => s!)
                    .ToList();
                string wireName = formerNames.Count > 0 ? formerNames[0] : c.Symbol.Name;
                int key = AmberCode.KeyOf(wireName);
                bool chosen = false;
                AttributeData? keyAttr = c.Symbol.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberKeyAttribute");
                if (keyAttr != null && keyAttr.ConstructorArguments.Length == 1 && keyAttr.ConstructorArguments[0].Value is int k)
                {
                    if (k < 0 || k > AmberCode.MaxKey) { Report(Diagnostics.BadKey, c.Symbol, memberDisplay, k.ToString()); ok = false; continue; }
                    key = k;
                    chosen = true;
                }
                var extra = new List<int>();
                foreach (string n in formerNames.Skip(1).Concat(new[] { c.Symbol.Name }))
                {
                    int ek = AmberCode.KeyOf(n);
                    if (ek != key && !extra.Contains(ek)) extra.Add(ek);
                }

                foreach (string n in formerNames.Concat(new[] { c.Symbol.Name }).Distinct())
                {
                    if (byWireName.TryGetValue(n, out string? other))
                    {
                        Report(Diagnostics.NameClash, c.Symbol, c.Symbol.Name, display, n, other);
                        ok = false;
                    }
                    else
                    {
                        byWireName[n] = c.Symbol.Name;
                    }
                }
                // Two names that hash to one key share it: the shape carries their name hashes (format §5). A key
                // chosen with [AmberKey] must be free, as the user picked it to stand for that member alone.
                if (byKey.TryGetValue(key, out var clash))
                {
                    if (chosen || clash.Chosen)
                    {
                        Report(Diagnostics.KeyCollision, c.Symbol, clash.Name, c.Symbol.Name, display, key.ToString());
                        ok = false;
                    }
                }
                else
                {
                    byKey[key] = (c.Symbol.Name, chosen);
                }

                MemberAccess? access = c.Access;
                if (access != null && (access.Field != null || access.Getter != null || access.Setter != null))
                {
                    string? why = null;
                    if (_compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.UnsafeAccessorAttribute") == null)
                        why = "this target framework has no UnsafeAccessor";
                    else if (c.Symbol.ContainingType.IsGenericType)
                        why = "it belongs to a generic type, which Amber cannot reach through UnsafeAccessor yet";
                    if (why != null)
                    {
                        Report(Diagnostics.NoUnsafeAccessor, c.Symbol, memberDisplay, why);
                        ok = false;
                        continue;
                    }
                }
                AssignKind assign = fill ? AssignKind.Fill
                    : ctorIndex >= 0 ? AssignKind.Constructor
                    : access != null && (access.Field != null || access.Setter != null) ? AssignKind.Setter
                    : (c.InitOnly || c.Required) ? AssignKind.Init : AssignKind.Setter;
                string? ctorDefault = null;
                bool canSkip = typeAllowsSkipping && t.Kind != TypeKind.Object && t.Kind != TypeKind.Surrogate && t.Kind != TypeKind.Custom && !HasInitializer(c.Symbol);
                if (param != null && param.HasExplicitDefaultValue)
                {
                    ctorDefault = DefaultLiteral(param, t);
                    // A Nullable parameter's only absent value is null: `int? x = 0` must still write 0.
                    if (param.ExplicitDefaultValue != null && (t.Kind == TypeKind.Nullable || !IsZero(param.ExplicitDefaultValue))) canSkip = false;
                }
                if (t.Kind == TypeKind.Object && t.IsValueType) canSkip = false;
                if (t.Kind == TypeKind.Nullable && t.Element!.Kind == TypeKind.Object) canSkip = typeAllowsSkipping && !HasInitializer(c.Symbol);

                members.Add(new MemberModel(EscapeName(c.Symbol.Name), c.Symbol.Name, key, AmberCode.TypeTagOf(wireName), extra.ToEquatableArray(), t, assign, ctorIndex, canSkip, ctorDefault,
                    access != null && (access.Field != null || access.Getter != null || access.Setter != null) ? access : null));
            }

            // The format's bound (docs/format.md §5: a shape lists at most 1024 members, 16 presence words).
            if (members.Count > AmberCode.MaxShapeMembers)
            {
                Report(Diagnostics.TooManyMembers, type, display, members.Count.ToString(), AmberCode.MaxShapeMembers.ToString());
                ok = false;
            }
            if (!ok) return null;

            // An extra key (a former name, or the current name when [AmberKey] or a former name sets
            // the wire key) must never be another member's key, or that member's data would be
            // read into this one.
            var primaryKeys = new HashSet<int>(members.Select(m => m.Key));
            for (int i = 0; i < members.Count; i++)
            {
                MemberModel m = members[i];
                if (m.ExtraKeys.Any(primaryKeys.Contains))
                {
                    members[i] = m with { ExtraKeys = m.ExtraKeys.Where(k => !primaryKeys.Contains(k)).ToEquatableArray() };
                }
            }

            // A type from another assembly with nothing to serialize (Memory<int>, a handle type …)
            // would round-trip as an empty object and lose its data silently.
            if (members.Count == 0 && type.DeclaringSyntaxReferences.Length == 0)
            {
                Report(Diagnostics.UnsupportedMemberType, type, display, display, "it has no public settable members or matching constructor parameters, so its data would be lost");
                return null;
            }

            bool anyRequired = candidates.Any(c => c.Required);
            EquatableArray<int> rowCodes = EquatableArray<int>.Empty;
            bool rowBlittable = false;
            // Rows (format §6.1) have at most AmberCode.MaxRowMembers (64) members; a wider struct is written as objects.
            if (type.IsValueType && ctor == null && !anyRequired && members.Count > 0 && members.Count <= AmberCode.MaxRowMembers
                && members.All(m => m.Assign == AssignKind.Setter && m.Access == null && RowCode(m.Type) != 0))
            {
                rowCodes = members.Select(m => RowCode(m.Type)).ToEquatableArray();
                rowBlittable = IsBlittableRow(type, members);
            }
            _objects.Add(new ObjectModel(id, ObjectFullName(type), display, type.IsValueType, ctor == null,
                ctor?.Parameters.Length ?? 0, anyRequired, members.ToEquatableArray(), rowCodes, rowBlittable,
                type.AllInterfaces.Any(i => i.ToDisplayString() == "Amber.IAmberOnSerializing"),
                type.AllInterfaces.Any(i => i.ToDisplayString() == "Amber.IAmberOnDeserialized"),
                TagsOf(type).Wire,
                TagsOf(type).Others,
                HasAttributeInherited(type, "Amber.AmberPreserveReferencesAttribute"),
                type.IsSealed || type.IsValueType));
            return id;
        }

        /// <summary>The packed primitive code (format §6.1) of a row member's type, or 0 if it cannot be in a row.</summary>
        private static int RowCode(TypeRef t)
        {
            if (t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Enum) return 0;
            return t.Scalar switch
            {
                "Byte" => AmberCode.PackedByte, "SByte" => AmberCode.PackedSByte,
                "Int16" => AmberCode.PackedInt16, "UInt16" => AmberCode.PackedUInt16,
                "Int32" => AmberCode.PackedInt32, "UInt32" => AmberCode.PackedUInt32,
                "Int64" => AmberCode.PackedInt64, "UInt64" => AmberCode.PackedUInt64,
                "Single" => AmberCode.PackedSingle, "Double" => AmberCode.PackedDouble,
                "Boolean" => AmberCode.PackedBoolean, "Char" => AmberCode.PackedChar,
                _ => 0,
            };
        }

        /// <summary>
        /// Whether a row is the struct's own memory: its instance fields are exactly the serialized
        /// members, in order, with natural alignment leaving no padding, and no explicit layout. bool
        /// is left out because a copied byte could hold a value other than 0 or 1. The generated code
        /// also checks Unsafe.SizeOf at run time.
        /// </summary>
        private static bool IsBlittableRow(INamedTypeSymbol type, List<MemberModel> members)
        {
            if (type.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Runtime.InteropServices.StructLayoutAttribute")) return false;
            List<IFieldSymbol> fields = type.GetMembers().OfType<IFieldSymbol>().Where(f => !f.IsStatic && !f.IsConst).ToList();
            if (fields.Count != members.Count) return false;
            int offset = 0, maxAlign = 1;
            for (int i = 0; i < fields.Count; i++)
            {
                if (fields[i].IsImplicitlyDeclared || fields[i].Name != members[i].DisplayName) return false;
                int code = RowCode(members[i].Type);
                if (code == AmberCode.PackedBoolean) return false;
                int size = AmberCode.PackedWidth(code);
                if (offset % size != 0) return false;
                offset += size;
                maxAlign = Math.Max(maxAlign, size);
            }
            return offset % maxAlign == 0;
        }

        /// <summary>
        /// The name generated code uses to create an object. Tuple syntax cannot follow <c>new</c>
        /// (CS8181), so a tuple is named by its ValueTuple type, which is the same type.
        /// </summary>
        private static string ObjectFullName(INamedTypeSymbol type)
        {
            if (!type.IsTupleType) return FullName(type);
            return "global::System.ValueTuple<" + string.Join(", ", type.TypeArguments.Select(FullName)) + ">";
        }

        private static bool IsTupleFieldName(string name) =>
            name == "Rest" || (name.Length == 5 && name.StartsWith("Item", StringComparison.Ordinal) && name[4] >= '1' && name[4] <= '7');

        private List<Candidate> CollectCandidates(INamedTypeSymbol type)
        {
            if (type.IsTupleType)
            {
                // The element fields of a tuple type are compiler-synthesized (IsImplicitlyDeclared), so
                // the general walk below finds none of them; the members are Item1…Item7 and Rest.
                var fields = new List<Candidate>();
                var names = new HashSet<string>(StringComparer.Ordinal);
                foreach (ISymbol m in type.GetMembers())
                {
                    if (m is IFieldSymbol f && !f.IsStatic && f.DeclaredAccessibility == Accessibility.Public && IsTupleFieldName(f.Name) && names.Add(f.Name) && !IsIgnored(f))
                    {
                        fields.Add(new Candidate(f, f.Type, !f.IsReadOnly, false));
                    }
                }
                return fields;
            }
            var chain = new List<INamedTypeSymbol>();
            for (INamedTypeSymbol? t = type; t != null && t.SpecialType != SpecialType.System_Object && t.SpecialType != SpecialType.System_ValueType; t = t.BaseType)
            {
                chain.Add(t);
            }
            chain.Reverse();   // base members first
            var result = new List<Candidate>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            // Walk most-derived first to find which names are hidden, then emit in base-first order.
            var hiddenOwner = new Dictionary<string, INamedTypeSymbol>(StringComparer.Ordinal);
            for (int i = chain.Count - 1; i >= 0; i--)
            {
                foreach (ISymbol m in chain[i].GetMembers())
                {
                    if (IsCandidate(m) && !hiddenOwner.ContainsKey(m.Name)) hiddenOwner[m.Name] = chain[i];
                }
            }
            foreach (INamedTypeSymbol t in chain)
            {
                foreach (ISymbol m in t.GetMembers())
                {
                    if (!IsCandidate(m)) continue;
                    if (!SymbolEqualityComparer.Default.Equals(hiddenOwner[m.Name], t)) continue;
                    if (!seen.Add(m.Name)) continue;
                    if (IsIgnored(m)) continue;
                    bool include = IsIncluded(m);
                    if (m is IFieldSymbol f)
                    {
                        if (include && (!IsAccessible(f) || f.IsReadOnly))
                        {
                            // A private or readonly field: read and written through a ref accessor.
                            var access = new MemberAccess(FullName(t), t.IsValueType, f.Name, null, null);
                            result.Add(new Candidate(f, f.Type, true, false) { Access = access });
                        }
                        else
                        {
                            result.Add(new Candidate(f, f.Type, !f.IsReadOnly, IsRequired(f)));
                        }
                    }
                    else if (m is IPropertySymbol p)
                    {
                        bool settable = p.SetMethod != null && IsAccessible(p.SetMethod);
                        bool getDirect = p.GetMethod != null && IsAccessible(p.GetMethod);
                        if (include && (!getDirect || !settable))
                        {
                            string? getter = getDirect ? null : p.GetMethod!.MetadataName;
                            string? setter = null, field = null;
                            if (!settable && p.SetMethod != null) setter = p.SetMethod.MetadataName;
                            else if (!settable)
                            {
                                // A get-only auto-property: its compiler-generated backing field.
                                field = t.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(bf => SymbolEqualityComparer.Default.Equals(bf.AssociatedSymbol, p))?.Name;
                            }
                            var access = new MemberAccess(FullName(t), t.IsValueType, field, getter, setter);
                            bool canSet = settable || setter != null || field != null;
                            result.Add(new Candidate(p, p.Type, canSet, false) { Access = access, InitOnly = settable && p.SetMethod!.IsInitOnly });
                        }
                        else
                        {
                            result.Add(new Candidate(p, p.Type, settable, IsRequired(p)) { InitOnly = settable && p.SetMethod!.IsInitOnly });
                        }
                    }
                }
            }
            return result;
        }

        private bool IsCandidate(ISymbol m)
        {
            if (m.IsStatic || m.IsImplicitlyDeclared) return false;
            bool include = IsIncluded(m);
            if (!IsAccessible(m) && !include) return false;
            if (m is IFieldSymbol f) return !f.IsConst && !f.IsFixedSizeBuffer && f.Type.TypeKind != Microsoft.CodeAnalysis.TypeKind.Pointer;
            if (m is IPropertySymbol p)
            {
                return !p.IsIndexer && p.GetMethod != null && (include || IsAccessible(p.GetMethod)) && p.RefKind == RefKind.None
                    && p.ExplicitInterfaceImplementations.Length == 0 && p.Name != "EqualityContract";
            }
            return false;
        }

        /// <summary>[AmberInclude]: serialize this member although it (or its setter) is not public.</summary>
        private static bool IsIncluded(ISymbol m) =>
            m.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberIncludeAttribute");

        private bool IsAccessible(ISymbol m) =>
            m.DeclaredAccessibility == Accessibility.Public
            || (m.DeclaredAccessibility == Accessibility.Internal || m.DeclaredAccessibility == Accessibility.ProtectedOrInternal)
                && _compilation.IsSymbolAccessibleWithin(m, _compilation.Assembly);

        private static bool IsIgnored(ISymbol m)
        {
            foreach (AttributeData a in m.GetAttributes())
            {
                string? name = a.AttributeClass?.ToDisplayString();
                if (name == "Amber.AmberIgnoreAttribute" || name == "System.NonSerializedAttribute" || name == "System.Runtime.Serialization.IgnoreDataMemberAttribute") return true;
            }
            return false;
        }

        // IPropertySymbol.IsRequired and IFieldSymbol.IsRequired exist from Roslyn 4.4; this generator
        // builds against 4.3 so that it loads in older compilers, and asks for the property where the
        // running compiler has it. It is looked up on the interface: the public symbol classes
        // implement it explicitly, so the symbol's own type has no public IsRequired property.
        private static readonly System.Reflection.PropertyInfo? s_propertyIsRequired = typeof(IPropertySymbol).GetProperty("IsRequired");
        private static readonly System.Reflection.PropertyInfo? s_fieldIsRequired = typeof(IFieldSymbol).GetProperty("IsRequired");

        private static bool IsRequired(ISymbol m)
        {
            System.Reflection.PropertyInfo? prop = m switch
            {
                IPropertySymbol => s_propertyIsRequired,
                IFieldSymbol => s_fieldIsRequired,
                _ => null,
            };
            return prop != null && prop.GetValue(m) is bool b && b;
        }

        private IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, List<Candidate> candidates, out bool hasParameterless)
        {
            List<IMethodSymbol> ctors = type.InstanceConstructors.Where(c => !c.IsStatic && IsAccessible(c)).ToList();
            hasParameterless = type.IsValueType || ctors.Any(c => c.Parameters.Length == 0);
            if (type.IsAbstract) { hasParameterless = false; return null; }

            IMethodSymbol? marked = ctors.FirstOrDefault(c => c.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "Amber.AmberConstructorAttribute"));
            if (marked != null) { hasParameterless = false; return marked.Parameters.Length == 0 ? null : marked; }

            IMethodSymbol? best = null;
            foreach (IMethodSymbol c in ctors)
            {
                if (c.Parameters.Length == 0) continue;
                if (IsCopyConstructor(c, type)) continue;
                bool all = c.Parameters.All(p => candidates.Any(m => string.Equals(m.Symbol.Name, p.Name, StringComparison.OrdinalIgnoreCase)
                    && SymbolEqualityComparer.Default.Equals(m.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), p.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated))));
                if (all && (best == null || c.Parameters.Length > best.Parameters.Length)) best = c;
            }
            if (best == null) return null;
            bool coversGetOnly = candidates.Any(m => !m.Settable && best.Parameters.Any(p => string.Equals(p.Name, m.Symbol.Name, StringComparison.OrdinalIgnoreCase)));
            if (hasParameterless && !coversGetOnly) return null;   // setters are enough
            hasParameterless = false;
            return best;
        }

        private static bool IsCopyConstructor(IMethodSymbol c, INamedTypeSymbol type) =>
            c.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(c.Parameters[0].Type, type);

        /// <summary>
        /// Whether a freshly constructed instance provably has default values in members without an
        /// initializer: the type and its bases are in source and declare no parameterless constructor
        /// body that could set members (or it is a struct from metadata without one).
        /// </summary>
        private static bool TypeAllowsDefaultSkipping(INamedTypeSymbol type)
        {
            for (INamedTypeSymbol? t = type; t != null && t.SpecialType != SpecialType.System_Object && t.SpecialType != SpecialType.System_ValueType; t = t.BaseType)
            {
                if (t.DeclaringSyntaxReferences.Length == 0 && !t.IsValueType) return false;
                if (t.InstanceConstructors.Any(c => c.Parameters.Length == 0 && !c.IsImplicitlyDeclared)) return false;
            }
            return true;
        }

        private static bool HasInitializer(ISymbol member)
        {
            foreach (SyntaxReference r in member.DeclaringSyntaxReferences)
            {
                SyntaxNode node = r.GetSyntax();
                if (node is PropertyDeclarationSyntax p && p.Initializer != null) return true;
                if (node is VariableDeclaratorSyntax v && v.Initializer != null) return true;
            }
            return false;
        }

        private static bool IsZero(object value) => value switch
        {
            bool b => !b,
            char c => c == '\0',
            string => false,
            IConvertible conv => Convert.ToDecimal(conv, System.Globalization.CultureInfo.InvariantCulture) == 0m,
            _ => false,
        };

        private static string DefaultLiteral(IParameterSymbol p, TypeRef t)
        {
            object? v = p.ExplicitDefaultValue;
            if (v == null) return "default!";
            if (p.Type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Enum) return "(" + t.FullName + ")(" + SymbolDisplay.FormatPrimitive(v, quoteStrings: true, useHexadecimalNumbers: false) + ")";
            string literal = v switch
            {
                float f => f.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + "F",
                double d => d.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + "D",
                decimal m => m.ToString(System.Globalization.CultureInfo.InvariantCulture) + "M",
                long l => l.ToString(System.Globalization.CultureInfo.InvariantCulture) + "L",
                ulong ul => ul.ToString(System.Globalization.CultureInfo.InvariantCulture) + "UL",
                uint ui => ui.ToString(System.Globalization.CultureInfo.InvariantCulture) + "U",
                _ => SymbolDisplay.FormatPrimitive(v, quoteStrings: true, useHexadecimalNumbers: false),
            };
            return "(" + t.FullName + ")(" + literal + ")";
        }

        private static string EscapeName(string name) =>
            SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None ? "@" + name : name;

        /// <summary>A C# identifier for a type, injective over type names: '_' doubles, other symbols get a letter.</summary>
        internal static string MakeId(ITypeSymbol type)
        {
            var sb = new StringBuilder();
            foreach (char ch in type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", ""))
            {
                if (char.IsLetterOrDigit(ch)) { sb.Append(ch); continue; }
                switch (ch)
                {
                    case '_': sb.Append("__"); break;
                    case '.': sb.Append("_D"); break;
                    case '<': sb.Append("_L"); break;
                    case '>': sb.Append("_G"); break;
                    case ',': sb.Append("_C"); break;
                    case '[': sb.Append("_A"); break;
                    case ']': sb.Append("_Z"); break;
                    case '(': sb.Append("_P"); break;
                    case ')': sb.Append("_Q"); break;
                    case '?': sb.Append("_N"); break;
                    case ' ': break;
                    default: sb.Append("_X").Append(((int)ch).ToString("X")); break;
                }
            }
            return sb.ToString();
        }
    }
}
