using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Amber.Generator
{
    /// <summary>Every diagnostic the generator reports. Each has a page in docs/diagnostics/.</summary>
    internal static class Diagnostics
    {
        private const string Category = "Amber";

        /// <summary>
        /// The one address of the help pages on the web, or null while none serves them: a descriptor's help link is this,
        /// its id and ".md". The pages ship inside the Amber package (docs/diagnostics/, packed by src/Amber/Amber.csproj),
        /// and every message names its page there, so a diagnostic points at a page that exists with or without it. When
        /// the pages get a public address, set it here and the package's RepositoryUrl to the same repository.
        /// </summary>
        internal const string? HelpLinkBase = null;

        /// <summary>Where a diagnostic's page is inside the Amber package.</summary>
        internal static string PagePath(string id) => "docs/diagnostics/" + id + ".md";

        /// <summary>The help link of a diagnostic: its page at <see cref="HelpLinkBase"/>, or none while the pages have no address.</summary>
        internal static string? HelpLinkOf(string id) => HelpLinkBase == null ? null : HelpLinkBase + id + ".md";

        /// <summary>The message, followed by where its page is in the Amber package.</summary>
        private static string WithPage(string id, string message) => message + " (See " + PagePath(id) + " in the Amber package.)";

        /// <summary>An error, enabled by default, whose message names its page in docs/diagnostics/.</summary>
        private static DiagnosticDescriptor Error(string id, string title, string message) => new DiagnosticDescriptor(
            id, title, WithPage(id, message), Category, DiagnosticSeverity.Error, isEnabledByDefault: true,
            helpLinkUri: HelpLinkOf(id));

        /// <summary>A warning, enabled by default, whose message names its page in docs/diagnostics/.</summary>
        private static DiagnosticDescriptor Warning(string id, string title, string message) => new DiagnosticDescriptor(
            id, title, WithPage(id, message), Category, DiagnosticSeverity.Warning, isEnabledByDefault: true,
            helpLinkUri: HelpLinkOf(id));

        /// <summary>An info diagnostic, enabled by default, whose message names its page in docs/diagnostics/.</summary>
        private static DiagnosticDescriptor Info(string id, string title, string message) => new DiagnosticDescriptor(
            id, title, WithPage(id, message), Category, DiagnosticSeverity.Info, isEnabledByDefault: true,
            helpLinkUri: HelpLinkOf(id));

        public static readonly DiagnosticDescriptor UnsupportedMemberType = Error("AMB001", "Member type cannot be serialized", "Member '{0}' has type '{1}', which Amber cannot serialize: {2}. Fix: mark the member [AmberIgnore], or give it a concrete serializable type.");

        public static readonly DiagnosticDescriptor NoConstructor = Error("AMB002", "No usable constructor", "Type '{0}' has no public parameterless constructor and no public constructor whose parameters all match serialized members by name. Fix: add a public parameterless constructor, or a constructor whose parameter names match the members (mark it [AmberConstructor] if there are several).");

        public static readonly DiagnosticDescriptor Inaccessible = Error("AMB003", "Type is not accessible to generated code", "Type '{0}' is {1}, so generated code in this assembly cannot use it. Fix: make it public or internal (and not nested inside a private type).");

        public static readonly DiagnosticDescriptor KeyCollision = Error("AMB004", "Member keys collide", "Members '{0}' and '{1}' of type '{2}' have the same wire key {3}, and [AmberKey] chose it for one of them. Fix: give [AmberKey(n)] a key unused by the other members (n from 0 to 8191), or remove it (keys that names share by chance need no fix).");

        // AMB005 (too many members) is retired: a type may have any number of members since shapes of more
        // than 64 write more presence words (docs/format.md §5). The id is never reused.

        public static readonly DiagnosticDescriptor NameClash = Error("AMB006", "Member names clash", "Member '{0}' of type '{1}' uses the wire name '{2}', which member '{3}' also uses (as its name or a former name). Fix: remove the duplicate [AmberFormerName], or rename one member.");

        public static readonly DiagnosticDescriptor BadKey = Error("AMB007", "Invalid member key", "Member '{0}' has [AmberKey({1})]; a key must be between 0 and 8191. Fix: choose a key in that range.");

        public static readonly DiagnosticDescriptor NoUnsafeAccessor = Error("AMB008", "Non-public member cannot be reached", "Member '{0}' is marked [AmberInclude] but is not accessible to generated code, and {1}. Fix: make the member (or its setter) internal, or target .NET 8 or later where Amber reaches private members through UnsafeAccessor.");

        public static readonly DiagnosticDescriptor BadSurrogate = Error("AMB009", "Surrogate or formatter cannot be used", "[{0}] for '{1}' cannot be used: {2}. Fix: {3}.");

        public static readonly DiagnosticDescriptor OpenGeneric = Error("AMB010", "Open generic type named", "[AmberSerializable] names the open generic type '{0}', which is not a type values can have. Fix: name each closed type you serialize, such as typeof({1}).");

        public static readonly DiagnosticDescriptor TooManyMembers = Error("AMB011", "More members than a shape can list", "Type '{0}' has {1} serialized members; a shape lists at most {2}. Fix: group members into nested types, or mark the ones that need not be saved [AmberIgnore].");

        public static readonly DiagnosticDescriptor BadUnknownMembers = Error("AMB012", "Unknown members cannot be kept", "Type '{0}' keeps unknown members in '{1}', but {2}. Fix: {3}.");

        public static readonly DiagnosticDescriptor LeftToOtherSerializer = Info(
            "AMB013", "Type left to another library's serializer",
            "Type '{0}', passed to another library's API, gets no Amber formatter: {1} Only that library's own serializer can carry it. Where the type is bound to Amber, sending it fails at run time.");

        public static readonly DiagnosticDescriptor BadServiceMethod = Error("AMB014", "Service contract member cannot be a remote call", "'{0}' of service contract '{1}' cannot be a remote call: {2}. Fix: {3}.");

        public static readonly DiagnosticDescriptor NoServiceContract = Error("AMB015", "No service contract", "'{0}' is named as a service, but {1}. Fix: {2}.");

        public static readonly DiagnosticDescriptor NeverSerializable = Error("AMB016", "Member of a type that cannot be serialized", "{0}, {1}, which can never be serialized: {2}. Fix: {3}.");

        public static readonly DiagnosticDescriptor MemberLeftOut = Info("AMB017", "Member left out of the data", "Member '{0}' (type '{1}') is not serialized: {2}. To serialize it, {3}; to say it is left out on purpose, mark it [AmberIgnore].");

        public static readonly DiagnosticDescriptor RefusedFrameworkType = Error("AMB018", "Framework type has no serialized form", "Member '{0}' has type '{1}', which Amber does not serialize: {2}. Fix: {3}.");

        public static readonly DiagnosticDescriptor BadDefaultSubtype = Error("AMB019", "Default subtype cannot be used", "[AmberDefaultSubtype(typeof({1}))] on '{0}' cannot be used: {2}. Fix: {3}.");

        // The schema check at build time (a baseline given as AdditionalFiles, Checking/BaselineCheck.cs): {0} where,
        // {1} the rule, {2} the directions, {3} the baselines, {4} what it does to data, {5} the fix.
        private const string BreaksDataMessage = "{0}: {1} ({2}, against {3}): {4}. Fix: {5}.";

        public static readonly DiagnosticDescriptor MemberChangeBreaksData = Warning("AMB020", "Member change breaks data of a released version", BreaksDataMessage);

        public static readonly DiagnosticDescriptor EnumChangeBreaksData = Warning("AMB021", "Enum change breaks data of a released version", BreaksDataMessage);

        public static readonly DiagnosticDescriptor TypeChangeBreaksData = Warning("AMB022", "Type change breaks data of a released version", BreaksDataMessage);

        public static readonly DiagnosticDescriptor BadBaseline = Warning("AMB023", "Schema baseline cannot be read", "The schema baseline '{0}' cannot be read, so the build does not check changes against it: {1}. Fix: give the file 'amber schema --assembly PATH --output FILE' wrote when the release was cut.");

        /// <summary>Every descriptor, in id order.</summary>
        public static readonly DiagnosticDescriptor[] All =
        {
            UnsupportedMemberType, NoConstructor, Inaccessible, KeyCollision, NameClash, BadKey, NoUnsafeAccessor, BadSurrogate,
            OpenGeneric, TooManyMembers, BadUnknownMembers, LeftToOtherSerializer, BadServiceMethod, NoServiceContract,
            NeverSerializable, MemberLeftOut, RefusedFrameworkType, BadDefaultSubtype, MemberChangeBreaksData, EnumChangeBreaksData,
            TypeChangeBreaksData, BadBaseline,
        };

        /// <summary>The message of a recorded diagnostic, as the user would read it.</summary>
        public static string MessageOf(DiagnosticInfo info)
        {
            DiagnosticDescriptor? descriptor = ById(info.Id);
            if (descriptor == null) return info.Id;
            return string.Format(System.Globalization.CultureInfo.InvariantCulture, descriptor.MessageFormat.ToString(System.Globalization.CultureInfo.InvariantCulture), info.Args.Cast<object>().ToArray());
        }

        public static DiagnosticDescriptor? ById(string id) => id switch
        {
            "AMB001" => UnsupportedMemberType,
            "AMB002" => NoConstructor,
            "AMB003" => Inaccessible,
            "AMB004" => KeyCollision,
            "AMB006" => NameClash,
            "AMB007" => BadKey,
            "AMB008" => NoUnsafeAccessor,
            "AMB009" => BadSurrogate,
            "AMB010" => OpenGeneric,
            "AMB011" => TooManyMembers,
            "AMB012" => BadUnknownMembers,
            "AMB013" => LeftToOtherSerializer,
            "AMB014" => BadServiceMethod,
            "AMB015" => NoServiceContract,
            "AMB016" => NeverSerializable,
            "AMB017" => MemberLeftOut,
            "AMB018" => RefusedFrameworkType,
            "AMB019" => BadDefaultSubtype,
            "AMB020" => MemberChangeBreaksData,
            "AMB021" => EnumChangeBreaksData,
            "AMB022" => TypeChangeBreaksData,
            "AMB023" => BadBaseline,
            _ => null,
        };
    }
}
