using System;
using System.Collections.Generic;
using System.Globalization;
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
    /// Turns the root types of a compilation into the equatable model: each root's type reference and every
    /// object type reachable from the roots, with diagnostics for what cannot be served. One parser serves all
    /// of a compilation's roots, so a type is modelled once however many roots reach it (see Parser.Roots.cs).
    /// </summary>
    internal sealed partial class Parser
    {
        private static readonly SymbolDisplayFormat s_fullName = SymbolDisplayFormat.FullyQualifiedFormat
            .WithMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers | SymbolDisplayMiscellaneousOptions.UseSpecialTypes);

        private readonly Compilation _compilation;
        private readonly KnownSymbols _known;
        private readonly CancellationToken _ct;
        private readonly Dictionary<ITypeSymbol, string> _objectIds = new Dictionary<ITypeSymbol, string>(SymbolEqualityComparer.Default);
        private readonly Dictionary<string, ObjectModel> _objects = new Dictionary<string, ObjectModel>(StringComparer.Ordinal);

        private readonly Dictionary<ITypeSymbol, (INamedTypeSymbol Replacement, AttributeData Attribute)> _surrogates = new Dictionary<ITypeSymbol, (INamedTypeSymbol, AttributeData)>(SymbolEqualityComparer.Default);
        private readonly Dictionary<ITypeSymbol, (INamedTypeSymbol Replacement, AttributeData Attribute)> _formatters = new Dictionary<ITypeSymbol, (INamedTypeSymbol, AttributeData)>(SymbolEqualityComparer.Default);
        private readonly HashSet<ITypeSymbol> _resolvingSurrogates = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);

        private Parser(Compilation compilation, CancellationToken ct)
        {
            _compilation = compilation;
            _known = KnownSymbols.For(compilation);
            _ct = ct;
            // [assembly: AmberSurrogate(typeof(T), typeof(S))] and [assembly: AmberFormatter(typeof(T), typeof(F))].
            foreach (AttributeData a in compilation.Assembly.GetAttributes())
            {
                bool isSurrogate = KnownSymbols.IsAttribute(a, _known.AmberSurrogateAttribute);
                if ((!isSurrogate && !KnownSymbols.IsAttribute(a, _known.AmberFormatterAttribute)) || a.ConstructorArguments.Length != 2) continue;
                if (a.ConstructorArguments[0].Value is not ITypeSymbol target || a.ConstructorArguments[1].Value is not INamedTypeSymbol replacement) continue;
                var map = isSurrogate ? _surrogates : _formatters;
                map[target] = (replacement, a);
            }
            // [AmberSurrogate(typeof(T))] on the surrogate type itself, in this project or one it references that uses Amber.
            foreach ((INamedTypeSymbol surrogate, AttributeData a, ITypeSymbol target) in SurrogateTypes(compilation))
            {
                if (!_surrogates.ContainsKey(target)) _surrogates[target] = (surrogate, a);
            }
        }

        /// <summary>Reports at an attribute's application (or, with none in source, at the root being parsed).</summary>
        private void ReportAt(DiagnosticDescriptor descriptor, AttributeData attribute, params string[] args) =>
            Record(new DiagnosticInfo(descriptor.Id, ToInfo(attribute.ApplicationSyntaxReference?.GetSyntax(_ct).GetLocation()), args.ToEquatableArray()));

        public static LocationInfo? ToInfo(Location? location)
        {
            if (location == null || !location.IsInSource) return null;
            FileLinePositionSpan span = location.GetLineSpan();
            return new LocationInfo(location.SourceTree?.FilePath ?? "", location.SourceSpan.Start, location.SourceSpan.Length,
                span.StartLinePosition.Line, span.StartLinePosition.Character, span.EndLinePosition.Line, span.EndLinePosition.Character);
        }

        /// <summary>Reports at a symbol's source (or, with none in source, at the root being parsed).</summary>
        private void Report(DiagnosticDescriptor descriptor, ISymbol? at, params string[] args) =>
            Record(new DiagnosticInfo(descriptor.Id, ToInfo(at?.Locations.FirstOrDefault(l => l.IsInSource)), args.ToEquatableArray()));

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

            if (NeverSerializable(type) is { } never)
            {
                ReportNeverSerializable(type, member, memberDisplay, never);
                return null;
            }

            TypeRef? scalar = ResolveScalar(type, full);
            if (scalar != null) return scalar;

            if (type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Enum && type is INamedTypeSymbol en && en.EnumUnderlyingType != null)
            {
                if (!CheckAccessible(type, member)) return null;
                return new TypeRef(full, TypeKind.Enum, true, Scalar: _known.ScalarOf(en.EnumUnderlyingType), WireType: WireType.Varint, EnumNames: EnumNames(en), EnumFlags: IsFlags(en));
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
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "it is not a class, struct, record, enum or collection");
                return null;
            }

            if (named.IsGenericType && named.TypeArguments.Length == 1 && named.TypeArguments[0].SpecialType == SpecialType.System_Byte
                && (KnownSymbols.Is(named, _known.Memory) || KnownSymbols.Is(named, _known.ReadOnlyMemory)))
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
            if (named.IsStatic)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "a static class has no instances");
                return null;
            }
            if (named.TypeKind != Microsoft.CodeAnalysis.TypeKind.Class && named.TypeKind != Microsoft.CodeAnalysis.TypeKind.Struct)
            {
                Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), "only classes, structs, records, enums and collections are serializable");
                return null;
            }
            if (!CheckAccessible(named, member)) return null;

            string? id = ParseObject(named, member);
            if (ReportIfUnusable(named, member, memberDisplay)) return null;
            if (id == null) return null;
            bool rows = _objects.TryGetValue(id, out ObjectModel? model) && model.RowCodes.Count > 0;
            return new TypeRef(full, TypeKind.Object, named.IsValueType, ObjectId: id, WireType: WireType.Object, Rows: rows);
        }

        /// <summary>
        /// A type from another assembly that could not be modelled (<see cref="Node.Unusable"/>) is reported at the member that
        /// holds it (or the root), naming that member, each time a member reaches it; true if it was.
        /// </summary>
        private bool ReportIfUnusable(INamedTypeSymbol type, ISymbol? member, string memberDisplay)
        {
            if (!_objectNodes.TryGetValue(type, out Node? node) || node.Unusable == null) return false;
            Report(Diagnostics.UnsupportedMemberType, member, memberDisplay, type.ToDisplayString(), node.Unusable);
            return true;
        }

        /// <summary>What a type that can never be serialized is, why it cannot be, and the fix.</summary>
        private sealed class Never
        {
            public Never(string what, string why, string fix)
            {
                What = what;
                Why = why;
                Fix = fix;
            }

            public string What { get; }

            public string Why { get; }

            public string Fix { get; }
        }

        private const string IgnoreIt = "mark the member [AmberIgnore]";

        /// <summary>
        /// Types whose values are not data and never will be (a running task, a handle, code to call, a stream, a type named by
        /// the data): null for any other type. A surrogate registered for one of them is used before this is asked.
        /// </summary>
        private static Never? NeverSerializable(ITypeSymbol type)
        {
            switch (type)
            {
                case IPointerTypeSymbol:
                    return new Never("a pointer", "a pointer is an address in this process's memory, meaningless anywhere else", IgnoreIt);
                case IFunctionPointerTypeSymbol:
                    return new Never("a function pointer", "a function pointer is the address of code in this process, and code chosen by data would let the data choose what runs", IgnoreIt);
                case not INamedTypeSymbol:
                    return null;
            }
            if (type.SpecialType is SpecialType.System_IntPtr or SpecialType.System_UIntPtr)
            {
                return new Never("a native handle or address", "it is valid only inside the process that made it",
                    IgnoreIt + " and serialize what opens it again (a path, a name); if it holds a plain number, make it a long");
            }
            if (type.TypeKind == Microsoft.CodeAnalysis.TypeKind.Delegate)
            {
                return Delegate();
            }
            if (type.IsRefLikeType)
            {
                return new Never("a ref struct", "a ref struct lives only on the stack and cannot be stored in an object", IgnoreIt + ", or hold the data in an array or Memory<T>");
            }
            string self = MetadataFullName(type);
            switch (self)
            {
                case "System.Threading.Tasks.ValueTask":
                case "System.Threading.Tasks.ValueTask`1":
                    return Task();
                case "System.Threading.CancellationToken":
                    return new Never("a cancellation token", "it belongs to an operation running in this process", IgnoreIt);
                case "System.Runtime.InteropServices.GCHandle":
                case "System.Runtime.InteropServices.HandleRef":
                    return Handle();
            }
            for (ITypeSymbol? t = type; t != null; t = t.BaseType)
            {
                switch (MetadataFullName(t))
                {
                    case "System.Threading.Tasks.Task":
                        return Task();
                    case "System.Delegate":
                    case "System.MulticastDelegate":
                        return Delegate();
                    case "System.Runtime.InteropServices.SafeHandle":
                    case "System.Threading.WaitHandle":
                        return Handle();
                    case "System.IO.Stream":
                    case "System.IO.TextReader":
                    case "System.IO.TextWriter":
                        return new Never("a stream", "a stream is a position in a source of bytes (a file, a socket), not a value",
                            IgnoreIt + "; to keep the content, read it into a byte[] or ReadOnlyMemory<byte> member");
                    case "System.Threading.Thread":
                        return new Never("a thread", "a thread is a running part of this process", IgnoreIt);
                    case "System.Threading.CancellationTokenSource":
                        return new Never("a cancellation source", "it belongs to an operation running in this process", IgnoreIt);
                    case "System.Type":
                    case "System.Reflection.MemberInfo":
                        return new Never("a type or member of code",
                            "Amber does not create types named by the data it reads, because a type chosen by untrusted data is a known attack path (it lets the data choose which code runs)",
                            IgnoreIt + "; if you trust the data, store the name in a string member yourself and look it up among the types you allow (or register an [AmberSurrogate] for it that does)");
                }
            }
            return null;

            static Never Task() => new Never("a task", "a task is an operation running in this process, not a value",
                IgnoreIt + ", and keep the task's result in a member of its own once it completes");
            static Never Delegate() => new Never("a delegate", "a delegate is code to call, and code chosen by data would let the data choose what runs",
                IgnoreIt + ", and serialize a value that says which behaviour to use (an enum or a name), choosing the code from it after loading");
            static Never Handle() => new Never("an operating-system handle", "it is valid only inside the process that opened it",
                IgnoreIt + " and serialize what opens it again (a path, a name)");
        }

        /// <summary>A type's namespace and metadata name ("System.Threading.Tasks.Task`1").</summary>
        private static string MetadataFullName(ITypeSymbol type)
        {
            INamespaceSymbol? ns = type.ContainingNamespace;
            string prefix = ns == null || ns.IsGlobalNamespace ? "" : ns.ToDisplayString() + ".";
            return type.ContainingType != null ? MetadataFullName(type.ContainingType) + "+" + type.MetadataName : prefix + type.MetadataName;
        }

        /// <summary>AMB016 at the member (naming it, its type, and the type that cannot be serialized when that is inside it), or at the root.</summary>
        private void ReportNeverSerializable(ITypeSymbol type, ISymbol? member, string memberDisplay, Never never)
        {
            ITypeSymbol? declared = member switch
            {
                IPropertySymbol p => p.Type,
                IFieldSymbol f => f.Type,
                IParameterSymbol pa => pa.Type,
                IMethodSymbol m => m.ReturnType,
                _ => null,
            };
            string name = type.ToDisplayString();
            string subject;
            if (member == null)
            {
                subject = "The serialized type is '" + name + "'";
            }
            else if (declared != null && !SymbolEqualityComparer.Default.Equals(declared.WithNullableAnnotation(NullableAnnotation.NotAnnotated), type.WithNullableAnnotation(NullableAnnotation.NotAnnotated)))
            {
                subject = "Member '" + memberDisplay + "' has type '" + declared.ToDisplayString() + "', which holds '" + name + "'";
            }
            else
            {
                subject = "Member '" + memberDisplay + "' has type '" + name + "'";
            }
            string fix = member == null ? "serialize a class, struct or record that holds the data instead" : never.Fix;
            Report(Diagnostics.NeverSerializable, member, subject, never.What, never.Why, fix);
        }

        /// <summary>
        /// The nullable annotations of <paramref name="type"/>'s reference types, shaped as its model <paramref name="t"/> (the
        /// member itself, a sequence's items, a map's values), for the schema: null when none of them is a reference type.
        /// A type declared where nullable annotations are disabled (oblivious) may be null.
        /// </summary>
        private RefNullability? NullabilityOf(ITypeSymbol type, TypeRef t)
        {
            bool? self = type.IsReferenceType ? type.NullableAnnotation != NullableAnnotation.NotAnnotated : null;
            RefNullability? element = null, value = null;
            switch (t.Kind)
            {
                case TypeKind.Array:
                case TypeKind.MultiArray:
                    if (type is IArrayTypeSymbol array && t.Element != null) element = NullabilityOf(array.ElementType, t.Element);
                    break;
                case TypeKind.Sequence:
                    if (type is INamedTypeSymbol seq && t.Element != null)
                    {
                        ITypeSymbol? e = seq.TypeArguments.Length == 1 ? seq.TypeArguments[0]
                            : seq.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T)?.TypeArguments[0];
                        if (e != null) element = NullabilityOf(e, t.Element);
                    }
                    break;
                case TypeKind.Map:
                    if (type is INamedTypeSymbol map && t.Value != null)
                    {
                        ITypeSymbol? v = map.TypeArguments.Length == 2 ? map.TypeArguments[1]
                            : map.AllInterfaces.FirstOrDefault(i => KnownSymbols.Is(i, _known.IDictionary))?.TypeArguments[1];
                        if (v != null) value = NullabilityOf(v, t.Value);
                    }
                    break;
            }
            return self == null && element == null && value == null ? null : new RefNullability(self, element, value);
        }

        /// <summary>The nullability of a model without annotations (a result type the generated message declares): a reference type may be null.</summary>
        private static RefNullability? ObliviousNullability(TypeRef t)
        {
            bool? self = t.IsValueType ? null : true;
            RefNullability? element = t.Kind is TypeKind.Array or TypeKind.MultiArray or TypeKind.Sequence && t.Element != null ? ObliviousNullability(t.Element) : null;
            RefNullability? value = t.Kind == TypeKind.Map && t.Value != null ? ObliviousNullability(t.Value) : null;
            return self == null && element == null && value == null ? null : new RefNullability(self, element, value);
        }

        /// <summary>Whether an enum is [Flags]: its values combine (the JSON view shows them as numbers, the schema says so).</summary>
        private static bool IsFlags(INamedTypeSymbol en) => en.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.FlagsAttribute");

        /// <summary>
        /// The named values of an enum as "Name=value,…" (the JSON view shows a value by its name; the schema lists them), or
        /// null when it has none.
        /// </summary>
        private static string? EnumNames(INamedTypeSymbol en)
        {
            var parts = new List<string>();
            foreach (IFieldSymbol f in en.GetMembers().OfType<IFieldSymbol>())
            {
                if (!f.HasConstantValue || f.ConstantValue == null) continue;
                parts.Add(f.Name + "=" + System.Convert.ToString(f.ConstantValue, System.Globalization.CultureInfo.InvariantCulture));
            }
            return parts.Count == 0 ? null : string.Join(",", parts);
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

        private TypeRef? ResolveScalar(ITypeSymbol type, string full)
        {
            ScalarInfo? scalar = type is INamedTypeSymbol n ? ScalarKinds.OfName(_known.ScalarOf(n)) : null;
            if (scalar == null) return null;
            return new TypeRef(full, TypeKind.Scalar, type.IsValueType, Scalar: scalar.Name, WireType: scalar.WireType);
        }

        /// <summary>The C# keyword of a scalar a sequence writes packed (format §6), or null.</summary>
        private string? PackedKeyword(ITypeSymbol element)
        {
            ScalarInfo? scalar = element is INamedTypeSymbol n ? ScalarKinds.OfName(_known.ScalarOf(n)) : null;
            return scalar != null && scalar.PackedCode != 0 ? scalar.Keyword : null;
        }

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
        internal static string MakeId(ITypeSymbol type) => MakeId(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));

        /// <summary>A C# identifier for a type's full name, injective over type names (see <see cref="MakeId(ITypeSymbol)"/>).</summary>
        internal static string MakeId(string fullName)
        {
            var sb = new StringBuilder();
            foreach (char ch in fullName.Replace("global::", ""))
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
                    default: sb.Append("_X").Append(((int)ch).ToString("X", CultureInfo.InvariantCulture)); break;
                }
            }
            return sb.ToString();
        }
    }
}
