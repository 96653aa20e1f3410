using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>Arrays, sequences and maps: their kind, element types and the collections a get-only property can be filled through.</summary>
    internal sealed partial class Parser
    {
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
    }
}
