using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>Surrogates ([AmberSurrogate]) and hand-written formatters ([AmberFormatter]) that replace a type's own encoding.</summary>
    internal sealed partial class Parser
    {
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
                INamedTypeSymbol? surrogateAttribute = KnownSymbols.For(c).AmberSurrogateAttribute;
                var found = new List<(INamedTypeSymbol, AttributeData, ITypeSymbol)>();
                foreach (INamedTypeSymbol t in types)
                {
                    foreach (AttributeData a in t.GetAttributes())
                    {
                        if (KnownSymbols.IsAttribute(a, surrogateAttribute) && a.ConstructorArguments.Length == 1
                            && a.ConstructorArguments[0].Value is ITypeSymbol target)
                        {
                            found.Add((t, a, target));
                        }
                    }
                }
                return found;
            });

        /// <summary>A type with a hand-written formatter or a surrogate, or null.</summary>
        private TypeRef? ResolveReplacement(ITypeSymbol type, string full, ISymbol? member, string memberDisplay, out bool failed)
        {
            failed = false;
            if (_formatters.TryGetValue(type, out var f))
            {
                INamedTypeSymbol? iface = f.Replacement.AllInterfaces.FirstOrDefault(i => KnownSymbols.Is(i, _known.IAmberFormatter)
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
    }
}
