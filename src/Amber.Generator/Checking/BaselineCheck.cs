using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Amber.Generator.Emitting;
using Amber.Generator.Model;
using Amber.Generator.Parsing;
using Amber.SchemaCheck;
using Microsoft.CodeAnalysis;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Checking
{
    /// <summary>A schema baseline given to the compilation (an AdditionalFiles item marked AmberSchemaBaseline): its file name and text.</summary>
    internal sealed record BaselineFile(string Name, string Text);

    /// <summary>How the build checks the model against its baselines: the MSBuild properties AmberSchemaCheckMode and AmberSchemaCheckTransitive.</summary>
    internal sealed record BaselineOptions(SchemaCheckMode Mode, bool Transitive);

    /// <summary>
    /// The schema check at build time: the model this compilation generates code for, as a schema document, against the
    /// baselines the project gives, by the rules <c>amber schema check</c> applies; each breaking change a warning on the
    /// type or member that changed (AMB020 a member, AMB021 an enum, AMB022 a type), so the IDE shows it as it is typed.
    /// </summary>
    internal static class BaselineCheck
    {
        private static readonly char[] s_comma = { ',' };

        public static EquatableArray<DiagnosticInfo> Run(GenerationModel model, IReadOnlyList<BaselineFile> files, BaselineOptions options, Compilation compilation, CancellationToken ct)
        {
            if (files.Count == 0) return EquatableArray<DiagnosticInfo>.Empty;
            var diagnostics = new List<DiagnosticInfo>();
            var baselines = new List<SchemaDocument>();
            foreach (BaselineFile file in files.OrderBy(f => f.Name, Comparer<string>.Create(SchemaCheckRun.CompareVersions)))
            {
                try
                {
                    baselines.Add(SchemaDocument.Parse(file.Text, file.Name));
                }
                catch (System.FormatException ex)
                {
                    diagnostics.Add(new DiagnosticInfo(Diagnostics.BadBaseline.Id, null, new[] { file.Name, ex.Message }.ToEquatableArray()));
                }
            }
            if (baselines.Count == 0) return diagnostics.ToEquatableArray();
            ct.ThrowIfCancellationRequested();
            SchemaCheckRun run = SchemaCheckRun.Check(baselines, SchemaOf(model), options.Mode, options.Transitive);
            foreach (SchemaFinding f in run.Findings)
            {
                if (!f.Breaking) continue;
                DiagnosticDescriptor descriptor = f.Rule.StartsWith("enum-", System.StringComparison.Ordinal) ? Diagnostics.EnumChangeBreaksData
                    : f.Member != null ? Diagnostics.MemberChangeBreaksData
                    : Diagnostics.TypeChangeBreaksData;
                string directions = string.Join(", ", f.Directions.Select(d => d == SchemaDirection.Backward ? "backward" : "forward"));
                diagnostics.Add(new DiagnosticInfo(descriptor.Id, Locate(compilation, f.Type, f.Member),
                    new[] { f.Where, f.Rule, directions, string.Join(", ", f.Baselines), f.Message, f.Fix ?? "" }.ToEquatableArray()));
            }
            return diagnostics.ToEquatableArray();
        }

        /// <summary>The model as the schema document its generated code registers at run time (docs/schema.md) would describe it.</summary>
        internal static SchemaDocument SchemaOf(GenerationModel model)
        {
            var objects = model.Objects.ToDictionary(o => o.Id, System.StringComparer.Ordinal);
            var types = new Dictionary<string, SchemaType>(System.StringComparer.Ordinal);
            foreach (ObjectModel o in model.Objects)
            {
                var type = new SchemaType(Emitter.Plain(o.FullName), o.TypeTag, "object")
                {
                    ValueType = o.IsValueType,
                    Inline = o.RowCodes.Count > 0,
                    KeepsUnknown = o.UnknownMembers != null,
                    PreservesReferences = o.PreserveReferences,
                };
                foreach (uint former in o.FormerTags) type.FormerTags.Add(former);
                foreach (MemberModel m in o.Members)
                {
                    var member = new SchemaMember(m.DisplayName, m.Key, WireName(m.Type.WireType), EncodingOf(m.Type, objects, types))
                    {
                        NameHash = AmberCode.KeyOfHash(m.NameHash) == m.Key ? m.NameHash : null,
                        Required = m.Required,
                    };
                    foreach (int k in m.ExtraKeys) member.FormerKeys.Add(k);
                    type.Members.Add(member);
                }
                types[type.Name] = type;
            }
            foreach (TypeRef p in Emitter.CollectPolymorphic(model.Roots, model.Objects))
            {
                string name = Emitter.Plain(p.FullName);
                bool concrete = p.ObjectId != null && p.Cases.Any(c => c.ObjectId == p.ObjectId) && types.ContainsKey(name);
                SchemaType declared = concrete ? types[name] : types.TryGetValue(name, out SchemaType? known) && known.IsAbstract ? known : new SchemaType(name, AmberCode.TypeTagOf(name), "abstract");
                types[name] = declared;
                foreach (PolyCase c in p.Cases)
                {
                    if (c.ObjectId == p.ObjectId) continue;
                    string sub = Emitter.Plain(c.FullName);
                    if (!declared.Subtypes.Any(s => s.Key == sub)) declared.Subtypes.Add(new KeyValuePair<string, uint>(sub, c.Tag));
                }
                declared.Subtypes.Sort((a, b) => string.CompareOrdinal(a.Key, b.Key));
                if (p.DefaultCase != null) declared.DefaultSubtype = Emitter.Plain(p.DefaultCase.FullName);
            }
            return SchemaDocument.Create("this build", types.Values);
        }

        private static SchemaEncoding EncodingOf(TypeRef t, Dictionary<string, ObjectModel> objects, Dictionary<string, SchemaType> types)
        {
            switch (t.Kind)
            {
                case TypeKind.Scalar:
                    return new SchemaEncoding("scalar") { Scalar = t.Scalar };
                case TypeKind.Enum:
                {
                    var e = new SchemaEncoding("enum") { Scalar = t.Scalar, Flags = t.EnumFlags };
                    foreach (string part in (t.EnumNames ?? "").Split(s_comma, System.StringSplitOptions.RemoveEmptyEntries))
                    {
                        int eq = part.IndexOf('=');
                        if (eq > 0) e.Values.Add(new KeyValuePair<string, string>(part.Substring(0, eq), part.Substring(eq + 1)));
                    }
                    // The enum is a type of the document too (the runtime registers it for object members): findings name it.
                    string name = Emitter.Plain(t.FullName);
                    if (!types.ContainsKey(name)) types[name] = new SchemaType(name, AmberCode.TypeTagOf(name), "enum") { Encoding = e };
                    return e;
                }
                case TypeKind.Nullable:
                    return new SchemaEncoding("nullable") { Element = EncodingOf(t.Element!, objects, types) };
                case TypeKind.Object:
                    return t.ObjectId != null && objects.TryGetValue(t.ObjectId, out ObjectModel? o)
                        ? new SchemaEncoding("object") { TypeName = Emitter.Plain(o.FullName) }
                        : new SchemaEncoding("unknown");
                case TypeKind.ByteArray:
                    return new SchemaEncoding("bytes");
                case TypeKind.Array:
                case TypeKind.MultiArray:
                case TypeKind.Sequence:
                    return new SchemaEncoding("sequence") { Element = EncodingOf(t.Element!, objects, types), Rank = t.Kind == TypeKind.MultiArray ? t.Rank : 0 };
                case TypeKind.Map:
                    return new SchemaEncoding("map") { Element = EncodingOf(t.Element!, objects, types), Value = EncodingOf(t.Value!, objects, types) };
                case TypeKind.Surrogate:
                    return EncodingOf(t.Element!, objects, types);
                case TypeKind.Polymorphic:
                    bool concrete = t.ObjectId != null && t.Cases.Any(c => c.ObjectId == t.ObjectId);
                    return new SchemaEncoding("polymorphic") { TypeName = Emitter.Plain(t.FullName), Abstract = !concrete };
                case TypeKind.Dynamic:
                    return new SchemaEncoding("dynamic");
                default:
                    return new SchemaEncoding("unknown");
            }
        }

        private static string WireName(WireType? wireType) => wireType is WireType known ? AmberCode.WireTypeName(known) : "unknown";

        /// <summary>Where a finding points: the member's declaration, else the type's, else nowhere (a type of another assembly).</summary>
        private static LocationInfo? Locate(Compilation compilation, string typeName, string? memberName)
        {
            INamedTypeSymbol? type = FindType(compilation, typeName);
            if (type == null) return null;
            ISymbol? at = type;
            if (memberName != null)
            {
                for (INamedTypeSymbol? t = type; t != null; t = t.BaseType)
                {
                    ISymbol? member = t.GetMembers(memberName).FirstOrDefault(s => s is IPropertySymbol or IFieldSymbol);
                    if (member == null) continue;
                    at = member;
                    break;
                }
            }
            return Parser.ToInfo(at.Locations.FirstOrDefault(l => l.IsInSource));
        }

        /// <summary>A type by the C# name the schema gives it: a namespace, then nested types after dots.</summary>
        private static INamedTypeSymbol? FindType(Compilation compilation, string name)
        {
            if (name.IndexOf('<') >= 0) return null;
            string metadata = name;
            while (true)
            {
                INamedTypeSymbol? found = compilation.GetTypeByMetadataName(metadata);
                if (found != null) return found;
                int dot = metadata.LastIndexOf('.');
                if (dot < 0) return null;
                metadata = metadata.Substring(0, dot) + "+" + metadata.Substring(dot + 1);
            }
        }
    }
}
