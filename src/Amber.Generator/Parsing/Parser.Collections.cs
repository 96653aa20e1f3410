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
        private bool IsFillableCollectionType(ITypeSymbol type) =>
            type is INamedTypeSymbol n && n.IsGenericType && _known.IsFillableCollection(n);

        private TypeRef? ResolveCollection(INamedTypeSymbol named, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            if (!named.IsGenericType && named.SpecialType == SpecialType.System_String) return null;
            TypeRef? framework = ResolveFrameworkType(named, full, member, memberDisplay, out failed);
            if (failed || framework != null) return framework;
            CollectionKind kind = named.IsGenericType ? _known.CollectionKindOf(named) : CollectionKind.None;
            bool isInterface = named.TypeKind == Microsoft.CodeAnalysis.TypeKind.Interface;
            bool isMap = named.TypeArguments.Length == 2 && kind != CollectionKind.None && kind != CollectionKind.PriorityQueue;

            ITypeSymbol? elementType = null, keyType = null, valueType = null;
            if (kind == CollectionKind.PriorityQueue)
            {
                // Each item with its priority: a sequence of (TElement, TPriority) tuples, as UnorderedItems gives them.
                elementType = _compilation.GetTypeByMetadataName("System.ValueTuple`2")?.Construct(named.TypeArguments[0], named.TypeArguments[1]);
                if (elementType == null) return null;
            }
            else if (kind != CollectionKind.None)
            {
                if (isMap) { keyType = named.TypeArguments[0]; valueType = named.TypeArguments[1]; }
                else elementType = named.TypeArguments[0];
            }
            else if (!isInterface && !named.IsAbstract)
            {
                // Any other concrete type that is a dictionary or a collection with Add(T).
                INamedTypeSymbol? dict = named.AllInterfaces.FirstOrDefault(i => KnownSymbols.Is(i, _known.IDictionary));
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

        /// <summary>
        /// Framework types that are not ordinary collections or objects: refused ones (AMB018), types written as a value of
        /// another type (Index as an Int32, TimeZoneInfo and CultureInfo as a string …), BitArray, and Memory&lt;T&gt; of T other
        /// than byte. Null for any other type.
        /// </summary>
        private TypeRef? ResolveFrameworkType(INamedTypeSymbol named, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            if (_known.RefusalOf(named) is { } refused)
            {
                Report(Diagnostics.RefusedFrameworkType, member, memberDisplay, named.ToDisplayString(), refused.Why, refused.Instead);
                failed = true;
                return null;
            }
            if (_known.ConversionOf(named) is { } converted)
            {
                TypeRef? inner = Resolve(_compilation.GetSpecialType(converted.To), member, memberDisplay);
                if (inner == null) { failed = true; return null; }
                return new TypeRef(full, TypeKind.Surrogate, named.IsValueType, Element: inner, WireType: inner.WireType,
                    ToSurrogate: converted.ToMethod, FromSurrogate: converted.FromMethod);
            }
            ITypeSymbol? element = null;
            CollectionKind kind = CollectionKind.None;
            if (KnownSymbols.Is(named, _known.BitArray))
            {
                element = _compilation.GetSpecialType(SpecialType.System_Boolean);
                kind = CollectionKind.BitArray;
            }
            else if (named.IsGenericType && (KnownSymbols.Is(named, _known.Memory) || KnownSymbols.Is(named, _known.ReadOnlyMemory)))
            {
                element = named.TypeArguments[0];
                kind = CollectionKind.Memory;
            }
            if (element == null) return null;
            TypeRef? e = Resolve(element, member, memberDisplay);
            if (e == null) { failed = true; return null; }
            return new TypeRef(full, TypeKind.Sequence, named.IsValueType, Element: e, Collection: kind, WireType: WireType.Sequence);
        }
    }
}
