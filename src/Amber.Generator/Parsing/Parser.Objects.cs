using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>Object types: their members, keys, constructor and row layout.</summary>
    internal sealed partial class Parser
    {
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

        /// <summary>The object type's id (null when it cannot be modelled); <paramref name="via"/> is the member that reaches it.</summary>
        private string? ParseObject(INamedTypeSymbol type, ISymbol? via = null)
        {
            if (_objectIds.TryGetValue(type, out string? existing))
            {
                Reach(_objectNodes[type], via);
                return existing;
            }
            string id = MakeId(type);
            _objectIds[type] = id;   // before members, so recursive types terminate
            Node node = new Node();
            _objectNodes[type] = node;
            Reach(node, via);
            Node owner = _owner;
            _owner = node;
            try
            {
                ObjectModel? model = ModelObject(type, id);
                if (model == null) return null;
                _objects[id] = model;
                node.Model = model;
                return id;
            }
            finally
            {
                _owner = owner;
            }
        }

        /// <summary>The model of an object type, or null (reported) when it cannot be served.</summary>
        private ObjectModel? ModelObject(INamedTypeSymbol type, string id)
        {
            // Without the annotation of the member that reached it first: 'Widget.OnClick', not 'Widget?.OnClick'.
            string display = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);

            List<Candidate> candidates = CollectCandidates(type);
            if (!TakeUnknownMembers(type, display, candidates, out string? unknownMembers)) return null;
            IMethodSymbol? ctor = ChooseConstructor(type, candidates, out bool hasParameterless);
            if (ctor == null && !hasParameterless)
            {
                if (!InSource(type))
                {
                    // Not the user's type: each member holding it is reported instead, naming that member (ReportIfUnusable).
                    _owner.Unusable = "it has no public parameterless constructor and no public constructor whose parameters all match its members";
                    return null;
                }
                Report(Diagnostics.NoConstructor, type, display);
                return null;
            }

            List<MemberModel> members = BuildMemberModels(type, display, candidates, ctor, out bool ok);
            if (!CheckMemberCount(type, display, members)) ok = false;
            if (!ok) return null;
            DropExtraKeysThatAreOtherMembersKeys(members);
            if (!CheckHasData(type, display, members)) return null;
            NoteLeftOutMembers(type, members);

            if (unknownMembers != null && members.Count > 64)
            {
                Report(Diagnostics.BadUnknownMembers, type, display, unknownMembers, "the type has " + members.Count + " serialized members and kept members are written after them in one presence word", "keep unknown members in a nested type of at most 64 members");
                return null;
            }
            ObjectModel model = AssembleObjectModel(type, id, display, candidates, ctor, members);
            // A struct that keeps unknown members is never a row or inline (format §5.1): kept members have no fixed width.
            return unknownMembers == null ? model : model with { UnknownMembers = unknownMembers, RowCodes = EquatableArray<int>.Empty, RowBlittable = false };
        }

        /// <summary>
        /// Takes the member of type AmberUnknownMembers out of the candidates (it is not data of its own: it holds the members
        /// the data has and the type lacks, format §5.2) and names it; false (reported) when there are several, or it cannot be
        /// read and set directly.
        /// </summary>
        private bool TakeUnknownMembers(INamedTypeSymbol type, string display, List<Candidate> candidates, out string? name)
        {
            name = null;
            if (_known.AmberUnknownMembers == null) return true;
            List<Candidate> found = candidates.Where(c => SymbolEqualityComparer.Default.Equals(c.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), _known.AmberUnknownMembers)).ToList();
            if (found.Count == 0) return true;
            foreach (Candidate c in found) candidates.Remove(c);
            if (found.Count > 1)
            {
                Report(Diagnostics.BadUnknownMembers, type, display, found[1].Symbol.Name, "it already keeps them in '" + found[0].Symbol.Name + "'", "keep one member of type AmberUnknownMembers");
                return false;
            }
            Candidate k = found[0];
            if (k.Access != null || !k.Settable || k.InitOnly || k.Required)
            {
                Report(Diagnostics.BadUnknownMembers, type, display, k.Symbol.Name, "generated code cannot set it after the object is created", "make it a public or internal property with a getter and a setter (not init), or a field that is not readonly");
                return false;
            }
            name = EscapeName(k.Symbol.Name);
            return true;
        }

        /// <summary>
        /// The member models of the candidates that are part of the data, in order; <paramref name="ok"/> is
        /// false when any member was reported (the remaining members are still checked, so all errors show).
        /// </summary>
        private List<MemberModel> BuildMemberModels(INamedTypeSymbol type, string display, List<Candidate> candidates, IMethodSymbol? ctor, out bool ok)
        {
            bool typeAllowsSkipping = TypeAllowsDefaultSkipping(type);
            var members = new List<MemberModel>();
            var byWireName = new Dictionary<string, string>(StringComparer.Ordinal);
            var byKey = new Dictionary<int, (string Name, bool Chosen)>();
            ok = true;
            foreach (Candidate c in candidates)
            {
                (int ctorIndex, IParameterSymbol? param) = MatchConstructorParameter(ctor, c);
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

                List<string> formerNames = FormerNames(c.Symbol);
                string wireName = formerNames.Count > 0 ? formerNames[0] : c.Symbol.Name;
                if (!ReadKey(c, memberDisplay, wireName, out int key, out bool chosen)) { ok = false; continue; }
                EquatableArray<int> extra = ExtraKeys(c, formerNames, key);
                if (!CheckNamesAndKeys(c, display, formerNames, key, chosen, byWireName, byKey)) ok = false;

                MemberAccess? access = AccessorOf(c);
                if (access != null && !CheckAccessorAvailable(c, memberDisplay)) { ok = false; continue; }
                AssignKind assign = fill ? AssignKind.Fill
                    : ctorIndex >= 0 ? AssignKind.Constructor
                    : access != null && (access.Field != null || access.Setter != null) ? AssignKind.Setter
                    : (c.InitOnly || c.Required) ? AssignKind.Init : AssignKind.Setter;
                bool canSkip = CanSkipDefault(c, t, param, typeAllowsSkipping, out string? ctorDefault);

                bool required = c.Required || (assign == AssignKind.Constructor && param != null && !param.HasExplicitDefaultValue);
                members.Add(new MemberModel(EscapeName(c.Symbol.Name), c.Symbol.Name, key, AmberCode.TypeTagOf(wireName), extra, t, assign, ctorIndex, canSkip, ctorDefault, access,
                    NullabilityOf(c.Type, t), required));
            }
            return members;
        }

        /// <summary>The constructor parameter (and its index) a member is passed as, matched by name ignoring case; -1 if none.</summary>
        private static (int Index, IParameterSymbol? Parameter) MatchConstructorParameter(IMethodSymbol? ctor, Candidate c)
        {
            if (ctor == null) return (-1, null);
            for (int i = 0; i < ctor.Parameters.Length; i++)
            {
                if (string.Equals(ctor.Parameters[i].Name, c.Symbol.Name, StringComparison.OrdinalIgnoreCase)) return (i, ctor.Parameters[i]);
            }
            return (-1, null);
        }

        /// <summary>The member's [AmberFormerName]s, first (the wire name) first.</summary>
        private List<string> FormerNames(ISymbol member) =>
            member.GetAttributes()
                .Where(a => KnownSymbols.IsAttribute(a, _known.AmberFormerNameAttribute) && a.ConstructorArguments.Length == 1)
                .Select(a => a.ConstructorArguments[0].Value as string)
                .Where(s => !string.IsNullOrEmpty(s))
                .Select(s => s!)
                .ToList();

        /// <summary>The member's key: its [AmberKey] (<paramref name="chosen"/>), else the wire name's; false (reported) when [AmberKey] is out of range.</summary>
        private bool ReadKey(Candidate c, string memberDisplay, string wireName, out int key, out bool chosen)
        {
            key = AmberCode.KeyOf(wireName);
            chosen = false;
            AttributeData? keyAttr = c.Symbol.GetAttributes().FirstOrDefault(a => KnownSymbols.IsAttribute(a, _known.AmberKeyAttribute));
            if (keyAttr != null && keyAttr.ConstructorArguments.Length == 1 && keyAttr.ConstructorArguments[0].Value is int k)
            {
                if (k < 0 || k > AmberCode.MaxKey) { Report(Diagnostics.BadKey, c.Symbol, memberDisplay, k.ToString(CultureInfo.InvariantCulture)); return false; }
                key = k;
                chosen = true;
            }
            return true;
        }

        /// <summary>The keys the member is also read under: its other former names' and its current name's, other than its key.</summary>
        private static EquatableArray<int> ExtraKeys(Candidate c, List<string> formerNames, int key)
        {
            var extra = new List<int>();
            foreach (string n in formerNames.Skip(1).Concat(new[] { c.Symbol.Name }))
            {
                int ek = AmberCode.KeyOf(n);
                if (ek != key && !extra.Contains(ek)) extra.Add(ek);
            }
            return extra.ToEquatableArray();
        }

        /// <summary>Records the member's names and key, reporting a name used twice or a chosen key that is taken; false if reported.</summary>
        private bool CheckNamesAndKeys(Candidate c, string display, List<string> formerNames, int key, bool chosen,
            Dictionary<string, string> byWireName, Dictionary<int, (string Name, bool Chosen)> byKey)
        {
            bool ok = true;
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
                    Report(Diagnostics.KeyCollision, c.Symbol, clash.Name, c.Symbol.Name, display, key.ToString(CultureInfo.InvariantCulture));
                    ok = false;
                }
            }
            else
            {
                byKey[key] = (c.Symbol.Name, chosen);
            }
            return ok;
        }

        /// <summary>The accessor generated code reaches a non-public member through, or null when it is reached directly.</summary>
        private static MemberAccess? AccessorOf(Candidate c) =>
            c.Access is { } a && (a.Field != null || a.Getter != null || a.Setter != null) ? a : null;

        /// <summary>Whether UnsafeAccessor can reach the member; reported when not.</summary>
        private bool CheckAccessorAvailable(Candidate c, string memberDisplay)
        {
            string? why = null;
            if (_known.UnsafeAccessorAttribute == null)
                why = "this target framework has no UnsafeAccessor";
            else if (c.Symbol.ContainingType.IsGenericType)
                why = "it belongs to a generic type, which Amber cannot reach through UnsafeAccessor yet";
            if (why == null) return true;
            Report(Diagnostics.NoUnsafeAccessor, c.Symbol, memberDisplay, why);
            return false;
        }

        /// <summary>Whether the member is left out of the data when it holds its default, and the constructor parameter's default literal.</summary>
        private static bool CanSkipDefault(Candidate c, TypeRef t, IParameterSymbol? param, bool typeAllowsSkipping, out string? ctorDefault)
        {
            ctorDefault = null;
            bool canSkip = typeAllowsSkipping && t.Kind != TypeKind.Object && t.Kind != TypeKind.Surrogate && t.Kind != TypeKind.Custom && !HasInitializer(c.Symbol);
            if (param != null && param.HasExplicitDefaultValue)
            {
                ctorDefault = DefaultLiteral(param, t);
                // A Nullable parameter's only absent value is null: `int? x = 0` must still write 0.
                if (param.ExplicitDefaultValue != null && (t.Kind == TypeKind.Nullable || !IsZero(param.ExplicitDefaultValue))) canSkip = false;
            }
            if (t.Kind == TypeKind.Object && t.IsValueType) canSkip = false;
            if (t.Kind == TypeKind.Nullable && t.Element!.Kind == TypeKind.Object) canSkip = typeAllowsSkipping && !HasInitializer(c.Symbol);
            return canSkip;
        }

        /// <summary>The format's bound (docs/format.md §5: a shape lists at most 1024 members, 16 presence words); reported when exceeded.</summary>
        private bool CheckMemberCount(INamedTypeSymbol type, string display, List<MemberModel> members)
        {
            if (members.Count <= AmberCode.MaxShapeMembers) return true;
            Report(Diagnostics.TooManyMembers, type, display, members.Count.ToString(CultureInfo.InvariantCulture), AmberCode.MaxShapeMembers.ToString(CultureInfo.InvariantCulture));
            return false;
        }

        /// <summary>
        /// An extra key (a former name, or the current name when [AmberKey] or a former name sets
        /// the wire key) must never be another member's key, or that member's data would be
        /// read into this one.
        /// </summary>
        private static void DropExtraKeysThatAreOtherMembersKeys(List<MemberModel> members)
        {
            var primaryKeys = new HashSet<int>(members.Select(m => m.Key));
            for (int i = 0; i < members.Count; i++)
            {
                MemberModel m = members[i];
                if (m.ExtraKeys.Any(primaryKeys.Contains))
                {
                    members[i] = m with { ExtraKeys = m.ExtraKeys.Where(k => !primaryKeys.Contains(k)).ToEquatableArray() };
                }
            }
        }

        /// <summary>
        /// A type from another assembly with nothing to serialize (Memory&lt;int&gt;, a handle type …)
        /// would round-trip as an empty object and lose its data silently; reported.
        /// </summary>
        private bool CheckHasData(INamedTypeSymbol type, string display, List<MemberModel> members)
        {
            if (members.Count > 0 || type.DeclaringSyntaxReferences.Length > 0) return true;
            // Each member holding it is reported instead, naming that member (ReportIfUnusable).
            _owner.Unusable = "it has no public settable members or matching constructor parameters, so its data would be lost";
            return false;
        }

        private static bool InSource(ISymbol symbol) => symbol.Locations.Any(l => l.IsInSource);

        /// <summary>
        /// AMB017 (info) on each member of a type in source that looks like data but is left out of it: an auto-property with a
        /// private setter, or with no setter and no constructor parameter of its name, a non-public auto-property, a readonly
        /// field no constructor sets, a non-public field no property uses. A computed property (no backing field) is not data
        /// and is not reported; neither is a member marked [AmberIgnore] (or [NonSerialized], [IgnoreDataMember]).
        /// </summary>
        private void NoteLeftOutMembers(INamedTypeSymbol type, List<MemberModel> members)
        {
            if (type.IsTupleType || !InSource(type)) return;
            var served = new HashSet<string>(members.Select(m => m.DisplayName), StringComparer.Ordinal);
            var seen = new HashSet<string>(served, StringComparer.Ordinal);
            for (INamedTypeSymbol? t = type; t != null && InSource(t); t = t.BaseType)
            {
                foreach (ISymbol m in t.GetMembers())
                {
                    if (m.IsStatic || m.IsImplicitlyDeclared || !InSource(m) || !seen.Add(m.Name) || IsIgnored(m)) continue;
                    string? why = null, fix = null;
                    ITypeSymbol? memberType = null;
                    if (m is IPropertySymbol p)
                    {
                        if (p.IsIndexer || p.IsAbstract || p.GetMethod == null || p.RefKind != RefKind.None || p.ExplicitInterfaceImplementations.Length > 0 || p.Name == "EqualityContract") continue;
                        // Data has a place of its own: an auto-property's backing field. A property computed from others has none.
                        if (!t.GetMembers().OfType<IFieldSymbol>().Any(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, p))) continue;
                        memberType = p.Type;
                        if (!IsAccessible(p.GetMethod))
                        {
                            why = "it is " + AccessibilityWord(p.GetMethod.DeclaredAccessibility);
                            fix = "mark it [AmberInclude]";
                        }
                        else if (p.SetMethod != null && !IsAccessible(p.SetMethod))
                        {
                            why = "its setter is " + AccessibilityWord(p.SetMethod.DeclaredAccessibility);
                            fix = "mark it [AmberInclude], or make the setter public, internal or init";
                        }
                        else if (p.SetMethod == null)
                        {
                            why = "it has no setter, and no constructor Amber uses has a parameter of its name";
                            fix = "add a constructor parameter named '" + CamelCase(p.Name) + "' (with [AmberConstructor] if there are several constructors), or mark it [AmberInclude]";
                        }
                    }
                    else if (m is IFieldSymbol f)
                    {
                        if (f.IsConst || f.IsFixedSizeBuffer || f.AssociatedSymbol != null) continue;
                        memberType = f.Type;
                        if (!IsAccessible(f))
                        {
                            // A field behind a property (`_name` of `Name => _name`) is data through that property, or part of a
                            // computed value; a field of a type that is not data (a service, a handle) is state, not data.
                            if (UsedByAProperty(t, f) || !LooksLikeData(f.Type)) continue;
                            why = "it is " + AccessibilityWord(f.DeclaredAccessibility);
                            fix = "mark it [AmberInclude]";
                        }
                        else if (f.IsReadOnly)
                        {
                            why = "it is readonly, and no constructor Amber uses has a parameter of its name";
                            fix = "add a constructor parameter named '" + CamelCase(f.Name) + "', or mark it [AmberInclude]";
                        }
                    }
                    if (why == null || memberType == null) continue;
                    string memberDisplay = t.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) + "." + m.Name;
                    RecordInfo(new DiagnosticInfo(Diagnostics.MemberLeftOut.Id, ToInfo(m.Locations.First(l => l.IsInSource)),
                        new[] { memberDisplay, memberType.ToDisplayString(), why, fix! }.ToEquatableArray()));
                }
            }
        }

        private static string AccessibilityWord(Accessibility a) => a switch
        {
            Accessibility.Private => "private",
            Accessibility.Protected => "protected",
            Accessibility.ProtectedAndInternal => "private protected",
            Accessibility.Internal => "internal to another assembly",
            Accessibility.ProtectedOrInternal => "protected internal",
            _ => "not accessible to generated code",
        };

        private static string CamelCase(string name) =>
            name.Length == 0 || char.IsLower(name[0]) ? name : char.ToLowerInvariant(name[0]) + name.Substring(1);

        /// <summary>Whether a property of <paramref name="type"/> names the field in its accessors (it is that property's storage).</summary>
        private bool UsedByAProperty(INamedTypeSymbol type, IFieldSymbol field)
        {
            foreach (IPropertySymbol p in type.GetMembers().OfType<IPropertySymbol>())
            {
                foreach (SyntaxReference r in p.DeclaringSyntaxReferences)
                {
                    if (r.GetSyntax(_ct).DescendantNodes().OfType<IdentifierNameSyntax>().Any(i => i.Identifier.ValueText == field.Name)) return true;
                }
            }
            return false;
        }

        /// <summary>
        /// Whether a private field's type is the kind of value data is made of: not an interface, a delegate, an abstract class,
        /// or a type that can never be serialized (those are services and state, rarely data).
        /// </summary>
        private static bool LooksLikeData(ITypeSymbol type)
        {
            if (type is IArrayTypeSymbol array) return LooksLikeData(array.ElementType);
            if (type.TypeKind is Microsoft.CodeAnalysis.TypeKind.Interface or Microsoft.CodeAnalysis.TypeKind.Delegate or Microsoft.CodeAnalysis.TypeKind.TypeParameter) return false;
            if (type.IsAbstract || type.SpecialType == SpecialType.System_Object) return false;
            return NeverSerializable(type) == null;
        }

        /// <summary>The object's model: its members, row layout when it can be written as rows, callbacks, tags and reference handling.</summary>
        private ObjectModel AssembleObjectModel(INamedTypeSymbol type, string id, string display, List<Candidate> candidates, IMethodSymbol? ctor, List<MemberModel> members)
        {
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
            return new ObjectModel(id, ObjectFullName(type), display, type.IsValueType, ctor == null,
                ctor?.Parameters.Length ?? 0, anyRequired, members.ToEquatableArray(), rowCodes, rowBlittable,
                type.AllInterfaces.Any(i => KnownSymbols.Is(i, _known.IAmberOnSerializing)),
                type.AllInterfaces.Any(i => KnownSymbols.Is(i, _known.IAmberOnDeserialized)),
                TagsOf(type).Wire,
                TagsOf(type).Others,
                HasAttributeInherited(type, _known.AmberPreserveReferencesAttribute),
                type.IsSealed || type.IsValueType);
        }

        /// <summary>The packed primitive code (format §6.1) of a row member's type, or 0 if it cannot be in a row.</summary>
        private static int RowCode(TypeRef t) => PackedCodes.Of(t);

        /// <summary>
        /// Whether a row is the struct's own memory: its instance fields are exactly the serialized
        /// members, in order, with natural alignment leaving no padding, and no explicit layout. bool
        /// is left out because a copied byte could hold a value other than 0 or 1. The generated code
        /// also checks Unsafe.SizeOf at run time.
        /// </summary>
        private bool IsBlittableRow(INamedTypeSymbol type, List<MemberModel> members)
        {
            if (type.GetAttributes().Any(a => KnownSymbols.IsAttribute(a, _known.StructLayoutAttribute))) return false;
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
        private bool IsIncluded(ISymbol m) =>
            m.GetAttributes().Any(a => KnownSymbols.IsAttribute(a, _known.AmberIncludeAttribute));

        private bool IsAccessible(ISymbol m) =>
            m.DeclaredAccessibility == Accessibility.Public
            || (m.DeclaredAccessibility == Accessibility.Internal || m.DeclaredAccessibility == Accessibility.ProtectedOrInternal)
                && _compilation.IsSymbolAccessibleWithin(m, _compilation.Assembly);

        private bool IsIgnored(ISymbol m)
        {
            foreach (AttributeData a in m.GetAttributes())
            {
                if (KnownSymbols.IsAttribute(a, _known.AmberIgnoreAttribute) || KnownSymbols.IsAttribute(a, _known.NonSerializedAttribute)
                    || KnownSymbols.IsAttribute(a, _known.IgnoreDataMemberAttribute)) return true;
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

            IMethodSymbol? marked = ctors.FirstOrDefault(c => c.GetAttributes().Any(a => KnownSymbols.IsAttribute(a, _known.AmberConstructorAttribute)));
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
    }
}
