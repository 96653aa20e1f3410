using System;

namespace Amber.Generator.Model
{
    // The equatable model between the parser and the emitter. No ISymbol, SyntaxNode or Compilation
    // lives here, so unchanged inputs compare equal and the emit step stays cached.

    /// <summary>How a type is encoded.</summary>
    internal enum TypeKind
    {
        Scalar,        // a built-in with Write{Scalar}/Read{Scalar} methods
        Enum,          // Varint of the underlying scalar
        Nullable,      // Nullable<Element>
        Object,        // a class/struct with generated codec
        ByteArray,     // byte[] as Bytes
        Array,         // Element[] (rank 1)
        MultiArray,    // Element[,...] (Rank)
        Sequence,      // a collection type with Collection kind
        Map,           // a dictionary type with Collection kind; Element = key, Value = value
        Surrogate,     // written as Element (the surrogate type), converted by conversion operators
        Custom,        // a hand-written IAmberFormatter<T>; ObjectId = the formatter's full name; WireType -1 (known at run time)
        Polymorphic,   // an abstract class, interface or class with subclasses: Cases are the known concrete types
        Dynamic,       // declared as object: any registered type, by tag (format §7.3)
    }

    /// <summary>One concrete type a polymorphic member can hold: its codec and its type tag (format §7.1).</summary>
    internal sealed record PolyCase(string ObjectId, string FullName, uint Tag, EquatableArray<uint> FormerTags = default);

    /// <summary>Which concrete collection is created when reading (and how it is enumerated).</summary>
    internal enum CollectionKind
    {
        None,
        List,               // List<T> and interfaces it satisfies
        HashSet,
        SortedSet,
        Queue,
        Stack,
        LinkedList,
        ReadOnlyCollection,
        ImmutableArray,
        ImmutableList,
        ImmutableHashSet,
        ImmutableSortedSet,
        ImmutableQueue,
        ImmutableStack,
        AddableCollection,  // any other type with a parameterless constructor and Add(T)
        Dictionary,
        SortedDictionary,
        SortedList,
        ReadOnlyDictionary,
        ImmutableDictionary,
        ImmutableSortedDictionary,
        AddableDictionary,  // any other IDictionary<K,V> with a parameterless constructor
        FrozenSet,          // read into a list, then ToFrozenSet
        FrozenDictionary,   // read into a Dictionary, then ToFrozenDictionary
        ConcurrentDictionary,   // written from a ToArray snapshot
        ConcurrentBag,      // written from a ToArray snapshot
        ConcurrentQueue,    // written from a ToArray snapshot, in dequeue order
        ConcurrentStack,    // written from a ToArray snapshot, in pop order
        PriorityQueue,      // Element: the (TElement, TPriority) tuple; written from UnorderedItems
        BitArray,           // Element: bool; written packed
        ArraySegment,       // a value type; written from its span, default (no array) as a null collection
        Memory,             // Memory<T> / ReadOnlyMemory<T> of T other than byte; written from its span
    }

    /// <summary>A reference to a type as it is used by a member or an element.</summary>
    internal sealed record TypeRef(
        string FullName,          // fully qualified, for code (no nullable annotation)
        TypeKind Kind,
        bool IsValueType,
        string? Scalar = null,    // Scalar: the Write/Read suffix; Enum: the underlying scalar
        TypeRef? Element = null,
        TypeRef? Value = null,
        string? ObjectId = null,  // Object: codec id
        CollectionKind Collection = CollectionKind.None,
        int Rank = 1,
        bool IsInterface = false,
        WireType? WireType = Generator.WireType.Varint,   // null: a formatter's, known only at run time
        string? PackedPrimitive = null,   // Array/List of packable primitive: the C# keyword
        bool Rows = false,                // Object: a struct written as rows in sequences (format §6.1)
        EquatableArray<PolyCase> Cases = default,   // Polymorphic: the concrete types, most derived first
        string? EnumNames = null,                   // Enum: "Name=value,…" of its named values, for the JSON view and the schema
        bool EnumFlags = false,                     // Enum: [Flags], whose values combine (the JSON view shows them as numbers)
        string? ToSurrogate = null,                 // Surrogate of a framework type: the method converting to Element (null: a conversion operator)
        string? FromSurrogate = null,               // Surrogate of a framework type: the method converting back, (value, byte offset)
        PolyCase? DefaultCase = null)               // Polymorphic: [AmberDefaultSubtype], the case data without a type tag reads as
    {
        /// <summary>Scalar, Enum: the row of <see cref="Scalar"/> in the scalar table; null for any other type.</summary>
        public ScalarInfo? ScalarRow => ScalarKinds.OfName(Scalar);

        /// <summary>Scalar, Enum: the scalar; <see cref="ScalarKind.None"/> for any other type.</summary>
        public ScalarKind ScalarKind => ScalarRow?.Kind ?? ScalarKind.None;
    }

    /// <summary>
    /// The nullable annotations of a member's reference types, for the schema (docs/schema.md): <see cref="Self"/> for the
    /// member's own type (null: a value type), <see cref="Element"/> for a sequence's items (a Nullable's value), <see cref="Value"/>
    /// for a map's values. True when the type may be null: annotated, or declared where nullable annotations are disabled.
    /// </summary>
    internal sealed record RefNullability(bool? Self, RefNullability? Element = null, RefNullability? Value = null);

    /// <summary>How a member is given to a new instance.</summary>
    internal enum AssignKind
    {
        Setter,        // o.X = value after construction
        Init,          // in the object initializer (init-only or required)
        Constructor,   // a constructor argument
        Fill,          // a get-only collection property filled in place (cleared, then added to)
    }

    internal sealed record MemberModel(
        string Name,               // C# name (escaped if a keyword)
        string DisplayName,        // for paths and errors
        int Key,
        uint NameHash,             // FNV-1a-32 of the wire name: tells members that share a key apart (format §5)
        EquatableArray<int> ExtraKeys,
        TypeRef Type,
        AssignKind Assign,
        int CtorParameterIndex,
        bool CanSkipDefault,
        string? CtorDefault,       // literal of the constructor parameter default, if any
        MemberAccess? Access = null,   // non-null: a non-public part is reached through UnsafeAccessor
        RefNullability? Nullability = null,    // the nullable annotations of its reference types (schema); null: none is a reference type
        bool Required = false);                // the type cannot be made without it: a constructor parameter with no default, or a required member (schema)

    /// <summary>
    /// How generated code reaches a member it may not name directly ([AmberInclude] on a private
    /// member): an UnsafeAccessor to the field (also an auto-property's backing field), the getter
    /// or the setter. A null name means that part is accessed directly.
    /// </summary>
    internal sealed record MemberAccess(string DeclaringType, bool DeclaringIsValueType, string? Field, string? Getter, string? Setter);

    internal sealed record ObjectModel(
        string Id,
        string FullName,
        string DisplayName,
        bool IsValueType,
        bool HasParameterlessConstructor,
        int CtorParameterCount,
        bool AnyRequired,
        EquatableArray<MemberModel> Members,
        EquatableArray<int> RowCodes = default,   // non-empty: written as rows in sequences (format §6.1)
        bool RowBlittable = false,                // rows are the struct's own memory layout
        bool OnSerializing = false,               // implements IAmberOnSerializing
        bool OnDeserialized = false,              // implements IAmberOnDeserialized
        uint TypeTag = 0,                         // the tag this type's shape carries in a polymorphic position
        EquatableArray<uint> FormerTags = default,  // tags of the type's former names ([AmberFormerName] on the type)
        bool PreserveReferences = false,          // [AmberPreserveReferences]: payloads holding it keep identity
        bool IsSealed = true,                     // a struct or sealed class: no runtime subtype can reach its codec
        string? UnknownMembers = null);           // the member of type AmberUnknownMembers that keeps members the type lacks (format §5.2)

    /// <summary>The packed primitive codes (format §6.1) of model types: what a member of a row is written as.</summary>
    internal static class PackedCodes
    {
        /// <summary>The packed code of a scalar, or of an enum by its underlying scalar; 0 for any other type (it cannot be in a row).</summary>
        public static int Of(TypeRef t)
        {
            if (t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Enum) return 0;
            return t.ScalarRow?.PackedCode ?? 0;
        }
    }

    internal sealed record LocationInfo(string FilePath, int Start, int Length, int StartLine, int StartColumn, int EndLine, int EndColumn);

    internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> Args);

    /// <summary>
    /// A call site's root type: the name that finds the type in a compilation (a documentation-comment reference id),
    /// or null when the type is found again by binding the call site at <see cref="Location"/>. A site that names
    /// several roots (a method with two marked type parameters) gives one per root, <see cref="Index"/> in order.
    /// </summary>
    /// <remarks>
    /// <see cref="Index"/> is <see cref="WrittenType"/> for a service contract's parameter or result type, found again as
    /// the type written at <see cref="Location"/>. <see cref="Optional"/>: named by an [assembly: AmberRootsFrom]
    /// declaration of another library's API, whose own serializer keeps what Amber cannot serve. <see cref="Service"/>:
    /// the type is a service contract (named at a type parameter marked [AmberService], or an interface marked
    /// [AmberService] itself, found again at its declaration: <see cref="DeclaredType"/>), not a root.
    /// </remarks>
    internal sealed record RootSite(string? TypeKey, LocationInfo? Location, int Index, bool Optional, bool Service = false)
    {
        /// <summary>The <see cref="Index"/> of a root that is the type written at the site (a contract method's parameter or result).</summary>
        public const int WrittenType = -1;

        /// <summary>The <see cref="Index"/> of a type declared at the site (an interface marked [AmberService]).</summary>
        public const int DeclaredType = -2;
    }

    internal readonly struct EquatableString : IEquatable<EquatableString>
    {
        public EquatableString(string value) => Value = value;
        public string Value { get; }
        public bool Equals(EquatableString other) => string.Equals(Value, other.Value, StringComparison.Ordinal);
        public override bool Equals(object? obj) => obj is EquatableString o && Equals(o);
        public override int GetHashCode() => Value?.GetHashCode() ?? 0;
    }
}

namespace Amber.Generator.Model
{
    /// <summary>How a service method streams (the values of Amber.Services.AmberCallKind).</summary>
    internal enum ServiceCallKind
    {
        Unary,
        ServerStreaming,
        ClientStreaming,
        DuplexStreaming,
    }

    /// <summary>What a contract method returns, as the generated code adapts it.</summary>
    internal enum ServiceResult
    {
        Task,           // Task: an empty response
        TaskOf,         // Task<T>
        ValueTask,      // ValueTask: an empty response
        ValueTaskOf,    // ValueTask<T>
        AsyncEnumerable,// IAsyncEnumerable<T>
    }

    /// <summary>What a contract method's parameter is to the call.</summary>
    internal enum ServiceParameterRole
    {
        Data,                // travels in the request
        CancellationToken,   // the call's cancellation
        CallContext,         // Amber.Services.AmberCallContext
    }

    internal sealed record ServiceParameter(string Name, string TypeFullName, ServiceParameterRole Role);

    /// <summary>
    /// One method of a service contract. The request travels as the single data parameter's own type when that is a
    /// reference type (<see cref="RequestPacked"/> false), else as the generated <c>{Name}_Request</c> with a field per data
    /// parameter; a streamed request's items as their own type, or wrapped in <c>{Name}_Item</c> (<see cref="ItemWrapped"/>).
    /// A result (each streamed result) travels as its own type, or wrapped in <c>{Name}_Response</c> (<see cref="ResponseWrapped"/>;
    /// empty for <c>Task</c>).
    /// </summary>
    internal sealed record ServiceMethodModel(
        string Name,
        string DeclaringContract,          // the interface that declares it (explicit implementation)
        ServiceCallKind Kind,
        EquatableArray<ServiceParameter> Parameters,
        ServiceResult Result,
        string? ResultType,                // T of Task<T>, ValueTask<T>, IAsyncEnumerable<T>
        string RequestType,                // the type each request travels as
        bool RequestPacked,
        bool ItemWrapped,                  // streamed requests: each item wrapped in {Name}_Item
        string ResponseType,               // the type each response travels as
        bool ResponseWrapped,
        EquatableArray<string> RequestFields);   // packed request or wrapped item: "type name = default" declarations, in order

    internal sealed record ServiceModel(string Id, string ContractFullName, string ServiceName, EquatableArray<ServiceMethodModel> Methods);
}
