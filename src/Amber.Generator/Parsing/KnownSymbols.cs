using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// The well-known types the generator recognises, looked up once per compilation, so that types are
    /// identified by symbol rather than by comparing display strings. A symbol is null when the
    /// compilation does not have the type (or has more than one type of that name).
    /// Never stored in the pipeline's model: it holds symbols, which are neither equatable nor
    /// safe to keep across compilations.
    /// </summary>
    internal sealed class KnownSymbols
    {
        private static readonly ConditionalWeakTable<Compilation, KnownSymbols> s_cache = new ConditionalWeakTable<Compilation, KnownSymbols>();

        /// <summary>The known symbols of a compilation, built on first use.</summary>
        public static KnownSymbols For(Compilation compilation) => s_cache.GetValue(compilation, c => new KnownSymbols(c));

        private readonly Dictionary<INamedTypeSymbol, CollectionKind> _collections = new Dictionary<INamedTypeSymbol, CollectionKind>(SymbolEqualityComparer.Default);
        private readonly HashSet<INamedTypeSymbol> _fillable = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        private readonly Dictionary<INamedTypeSymbol, string> _scalars = new Dictionary<INamedTypeSymbol, string>(SymbolEqualityComparer.Default);
        private readonly Dictionary<INamedTypeSymbol, (SpecialType To, string ToMethod, string FromMethod)> _converted = new Dictionary<INamedTypeSymbol, (SpecialType, string, string)>(SymbolEqualityComparer.Default);
        private readonly Dictionary<INamedTypeSymbol, (string Why, string Instead)> _refused = new Dictionary<INamedTypeSymbol, (string, string)>(SymbolEqualityComparer.Default);

        private KnownSymbols(Compilation c)
        {
            INamedTypeSymbol? Get(string metadataName) => c.GetTypeByMetadataName(metadataName);

            AmberUnknownMembers = Get("Amber.AmberUnknownMembers");
            AmberSerializableAttribute = Get("Amber.AmberSerializableAttribute");
            AmberSurrogateAttribute = Get("Amber.AmberSurrogateAttribute");
            AmberFormatterAttribute = Get("Amber.AmberFormatterAttribute");
            AmberFormerNameAttribute = Get("Amber.AmberFormerNameAttribute");
            AmberKeyAttribute = Get("Amber.AmberKeyAttribute");
            AmberIncludeAttribute = Get("Amber.AmberIncludeAttribute");
            AmberIgnoreAttribute = Get("Amber.AmberIgnoreAttribute");
            AmberConstructorAttribute = Get("Amber.AmberConstructorAttribute");
            AmberPreserveReferencesAttribute = Get("Amber.AmberPreserveReferencesAttribute");
            AmberDefaultSubtypeAttribute = Get("Amber.AmberDefaultSubtypeAttribute");
            IAmberOnSerializing = Get("Amber.IAmberOnSerializing");
            IAmberOnDeserialized = Get("Amber.IAmberOnDeserialized");
            IAmberFormatter = Get("Amber.IAmberFormatter`1");
            AmberServiceAttribute = Get("Amber.AmberServiceAttribute");
            AmberCallContext = Get("Amber.Services.AmberCallContext");
            CancellationToken = Get("System.Threading.CancellationToken");
            Task = Get("System.Threading.Tasks.Task");
            TaskOf = Get("System.Threading.Tasks.Task`1");
            ValueTask = Get("System.Threading.Tasks.ValueTask");
            ValueTaskOf = Get("System.Threading.Tasks.ValueTask`1");
            IAsyncEnumerable = Get("System.Collections.Generic.IAsyncEnumerable`1");

            NonSerializedAttribute = Get("System.NonSerializedAttribute");
            IgnoreDataMemberAttribute = Get("System.Runtime.Serialization.IgnoreDataMemberAttribute");
            StructLayoutAttribute = Get("System.Runtime.InteropServices.StructLayoutAttribute");
            UnsafeAccessorAttribute = Get("System.Runtime.CompilerServices.UnsafeAccessorAttribute");

            Memory = Get("System.Memory`1");
            ReadOnlyMemory = Get("System.ReadOnlyMemory`1");
            IDictionary = Get("System.Collections.Generic.IDictionary`2");

            const string G = "System.Collections.Generic.";
            const string I = "System.Collections.Immutable.";
            const string O = "System.Collections.ObjectModel.";
            AddCollection(G + "List`1", CollectionKind.List, fillable: true);
            AddCollection(G + "IList`1", CollectionKind.List, fillable: true);
            AddCollection(G + "ICollection`1", CollectionKind.List, fillable: true);
            AddCollection(G + "IEnumerable`1", CollectionKind.List);
            AddCollection(G + "IReadOnlyList`1", CollectionKind.List);
            AddCollection(G + "IReadOnlyCollection`1", CollectionKind.List);
            AddCollection(G + "HashSet`1", CollectionKind.HashSet, fillable: true);
            AddCollection(G + "ISet`1", CollectionKind.HashSet, fillable: true);
            AddCollection(G + "IReadOnlySet`1", CollectionKind.HashSet);
            AddCollection(G + "SortedSet`1", CollectionKind.SortedSet, fillable: true);
            AddCollection(G + "Queue`1", CollectionKind.Queue);
            AddCollection(G + "Stack`1", CollectionKind.Stack);
            AddCollection(G + "LinkedList`1", CollectionKind.LinkedList);
            AddCollection(O + "ReadOnlyCollection`1", CollectionKind.ReadOnlyCollection);
            AddCollection(I + "ImmutableArray`1", CollectionKind.ImmutableArray);
            AddCollection(I + "ImmutableList`1", CollectionKind.ImmutableList);
            AddCollection(I + "IImmutableList`1", CollectionKind.ImmutableList);
            AddCollection(I + "ImmutableHashSet`1", CollectionKind.ImmutableHashSet);
            AddCollection(I + "IImmutableSet`1", CollectionKind.ImmutableHashSet);
            AddCollection(I + "ImmutableSortedSet`1", CollectionKind.ImmutableSortedSet);
            AddCollection(I + "ImmutableQueue`1", CollectionKind.ImmutableQueue);
            AddCollection(I + "IImmutableQueue`1", CollectionKind.ImmutableQueue);
            AddCollection(I + "ImmutableStack`1", CollectionKind.ImmutableStack);
            AddCollection(I + "IImmutableStack`1", CollectionKind.ImmutableStack);
            AddCollection(G + "Dictionary`2", CollectionKind.Dictionary, fillable: true);
            AddCollection(G + "IDictionary`2", CollectionKind.Dictionary, fillable: true);
            AddCollection(G + "IReadOnlyDictionary`2", CollectionKind.Dictionary);
            AddCollection(G + "SortedDictionary`2", CollectionKind.SortedDictionary, fillable: true);
            AddCollection(G + "SortedList`2", CollectionKind.SortedList, fillable: true);
            AddCollection(O + "ReadOnlyDictionary`2", CollectionKind.ReadOnlyDictionary);
            AddCollection(I + "ImmutableDictionary`2", CollectionKind.ImmutableDictionary);
            AddCollection(I + "IImmutableDictionary`2", CollectionKind.ImmutableDictionary);
            AddCollection(I + "ImmutableSortedDictionary`2", CollectionKind.ImmutableSortedDictionary);

            // Every scalar of the format, each where the target framework has it; the value is the scalar's name in the model.
            foreach (ScalarInfo scalar in ScalarKinds.All) AddScalar(scalar.FullName, scalar.Name);

            // Framework collections with a natural sequence or map form; each only where the target framework has it.
            const string F = "System.Collections.Frozen.";
            const string C = "System.Collections.Concurrent.";
            AddCollection(F + "FrozenSet`1", CollectionKind.FrozenSet);
            AddCollection(F + "FrozenDictionary`2", CollectionKind.FrozenDictionary);
            AddCollection(C + "ConcurrentDictionary`2", CollectionKind.ConcurrentDictionary);
            AddCollection(C + "ConcurrentBag`1", CollectionKind.ConcurrentBag);
            AddCollection(C + "ConcurrentQueue`1", CollectionKind.ConcurrentQueue);
            AddCollection(C + "ConcurrentStack`1", CollectionKind.ConcurrentStack);
            AddCollection(G + "PriorityQueue`2", CollectionKind.PriorityQueue);
            AddCollection("System.ArraySegment`1", CollectionKind.ArraySegment);
            BitArray = Get("System.Collections.BitArray");

            // Framework types written as a value of another type: (the other type, the method to it, the method back).
            const string V = "global::Amber.Metadata.AmberBclValues.";
            AddConverted("System.Index", SpecialType.System_Int32, V + "FromIndex", V + "ToIndex");
            AddConverted("System.TimeZoneInfo", SpecialType.System_String, V + "FromTimeZone", V + "ToTimeZone");
            AddConverted("System.Globalization.CultureInfo", SpecialType.System_String, V + "FromCulture", V + "ToCulture");
            AddConverted("System.Text.StringBuilder", SpecialType.System_String, V + "FromStringBuilder", V + "ToStringBuilder");
            AddConverted("System.Net.IPAddress", SpecialType.System_String, V + "FromIPAddress", V + "ToIPAddress");

            // Framework types refused with AMB018: why they have no serialized form, and what to use instead.
            const string NonGeneric = "a non-generic collection holds untyped items";
            AddRefused("System.Collections.ArrayList", NonGeneric, "use List<object> (each item written with its type tag) or a typed List<T>");
            AddRefused("System.Collections.Hashtable", NonGeneric, "use Dictionary<TKey, object> or a typed Dictionary<TKey, TValue>");
            AddRefused("System.Collections.Queue", NonGeneric, "use Queue<T>");
            AddRefused("System.Collections.Stack", NonGeneric, "use Stack<T>");
            AddRefused("System.Collections.SortedList", NonGeneric, "use SortedList<TKey, TValue> or SortedDictionary<TKey, TValue>");
            AddRefused("System.Text.RegularExpressions.Regex", "a regular expression is compiled behaviour, not data",
                "keep its pattern (a string) and RegexOptions as members and build the Regex from them, or mark the member [AmberIgnore]");
            AddRefused("System.Text.Encoding", "an encoding is behaviour, not data",
                "keep its WebName (a string) as a member and get it back with Encoding.GetEncoding, or mark the member [AmberIgnore]");

            void AddCollection(string metadataName, CollectionKind kind, bool fillable = false)
            {
                INamedTypeSymbol? t = Get(metadataName);
                if (t == null) return;
                _collections[t] = kind;
                if (fillable) _fillable.Add(t);
            }

            void AddConverted(string metadataName, SpecialType to, string toMethod, string fromMethod)
            {
                INamedTypeSymbol? t = Get(metadataName);
                if (t != null) _converted[t] = (to, toMethod, fromMethod);
            }

            void AddRefused(string metadataName, string why, string instead)
            {
                INamedTypeSymbol? t = Get(metadataName);
                if (t != null) _refused[t] = (why, instead);
            }

            void AddScalar(string metadataName, string scalar)
            {
                INamedTypeSymbol? t = Get(metadataName);
                if (t != null) _scalars[t] = scalar;
            }
        }

        /// <summary>Service contracts: the marker, the call context, and the types their methods take and return.</summary>
        public INamedTypeSymbol? AmberServiceAttribute { get; }
        public INamedTypeSymbol? AmberCallContext { get; }
        public INamedTypeSymbol? CancellationToken { get; }
        public INamedTypeSymbol? Task { get; }
        public INamedTypeSymbol? TaskOf { get; }
        public INamedTypeSymbol? ValueTask { get; }
        public INamedTypeSymbol? ValueTaskOf { get; }
        public INamedTypeSymbol? IAsyncEnumerable { get; }

        /// <summary>The type of a member that keeps the members other data has and the type lacks.</summary>
        public INamedTypeSymbol? AmberUnknownMembers { get; }
        public INamedTypeSymbol? AmberSerializableAttribute { get; }
        public INamedTypeSymbol? AmberSurrogateAttribute { get; }
        public INamedTypeSymbol? AmberFormatterAttribute { get; }
        public INamedTypeSymbol? AmberFormerNameAttribute { get; }
        public INamedTypeSymbol? AmberKeyAttribute { get; }
        public INamedTypeSymbol? AmberIncludeAttribute { get; }
        public INamedTypeSymbol? AmberIgnoreAttribute { get; }
        public INamedTypeSymbol? AmberConstructorAttribute { get; }
        public INamedTypeSymbol? AmberPreserveReferencesAttribute { get; }

        public INamedTypeSymbol? AmberDefaultSubtypeAttribute { get; }
        public INamedTypeSymbol? IAmberOnSerializing { get; }
        public INamedTypeSymbol? IAmberOnDeserialized { get; }
        /// <summary>Amber.IAmberFormatter&lt;T&gt;, the definition.</summary>
        public INamedTypeSymbol? IAmberFormatter { get; }
        public INamedTypeSymbol? NonSerializedAttribute { get; }
        public INamedTypeSymbol? IgnoreDataMemberAttribute { get; }
        public INamedTypeSymbol? StructLayoutAttribute { get; }
        public INamedTypeSymbol? UnsafeAccessorAttribute { get; }
        public INamedTypeSymbol? Memory { get; }
        public INamedTypeSymbol? ReadOnlyMemory { get; }
        /// <summary>System.Collections.Generic.IDictionary&lt;TKey, TValue&gt;, the definition.</summary>
        public INamedTypeSymbol? IDictionary { get; }
        /// <summary>System.Collections.BitArray: a sequence of booleans.</summary>
        public INamedTypeSymbol? BitArray { get; }

        /// <summary>
        /// A framework type written as a value of another type (docs/format.md §3.3): that type, and the generated code's
        /// conversions to it and back; null when <paramref name="type"/> is not one.
        /// </summary>
        public (SpecialType To, string ToMethod, string FromMethod)? ConversionOf(INamedTypeSymbol type) =>
            _converted.TryGetValue(type, out var c) ? c : null;

        /// <summary>
        /// A framework type Amber refuses (AMB018), or one derived from it: why, and what to use instead; null otherwise.
        /// </summary>
        public (string Why, string Instead)? RefusalOf(INamedTypeSymbol type)
        {
            if (_refused.Count == 0) return null;
            for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
            {
                if (_refused.TryGetValue(t.OriginalDefinition, out var r)) return r;
            }
            return null;
        }

        /// <summary>
        /// Whether <paramref name="type"/> is <paramref name="known"/>; a constructed generic type is
        /// compared by its definition, so List&lt;int&gt; is List&lt;T&gt;. False when the type is unknown.
        /// </summary>
        public static bool Is(ITypeSymbol? type, INamedTypeSymbol? known)
        {
            if (type == null || known == null) return false;
            return SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known.OriginalDefinition);
        }

        /// <summary>Whether the attribute's class is <paramref name="known"/>.</summary>
        public static bool IsAttribute(AttributeData attribute, INamedTypeSymbol? known) => Is(attribute.AttributeClass, known);

        /// <summary>The collection kind of a recognised collection type (by its generic definition), or None.</summary>
        public CollectionKind CollectionKindOf(INamedTypeSymbol type) =>
            _collections.TryGetValue(type.OriginalDefinition, out CollectionKind kind) ? kind : CollectionKind.None;

        /// <summary>A collection a get-only property can be filled through: it has Clear and Add (or an indexer for dictionaries).</summary>
        public bool IsFillableCollection(INamedTypeSymbol type) => _fillable.Contains(type.OriginalDefinition);

        /// <summary>The model's scalar name of a scalar type that has no SpecialType (Guid, Uri, BigInteger …), or null.</summary>
        public string? ScalarOf(INamedTypeSymbol type) => _scalars.TryGetValue(type, out string? name) ? name : null;
    }
}
