using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using Xunit;

namespace Amber.ApiBaselines
{
    /// <summary>
    /// Prints the public surface of a shipped assembly, one line per type and member, and compares it with a
    /// baseline in tests/PublicApi/: a type or member added, removed or changed fails the test until the
    /// baseline is updated on purpose (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test …</c>, then review the diff).
    /// One source file, linked into each test project that pins a package (Amber.Tests: Amber and
    /// Amber.Compression; Amber.Tests.NetStandardRuntime: Amber's netstandard2.1 build; each integration
    /// package's own test project: that package; Amber.Tool.Tests: the amber tool's command line, its usage text).
    /// The output is deterministic: types by full name, members sorted within their type, default values in the
    /// invariant culture. Types and members that exist only for generated code are
    /// <c>[EditorBrowsable(Never)]</c>, printed with "(generated code)". A type parameter shows the attributes
    /// Amber defines on it (<c>[AmberX] T</c>); compiler-emitted attributes (nullability) are not printed.
    /// </summary>
    internal static class PublicApiBaseline
    {
        /// <summary>The folder of the baselines: the folder of this source file.</summary>
        public static string Folder => Path.GetDirectoryName(ThisFile())!;

        /// <summary>
        /// Asserts that <paramref name="assembly"/>'s public surface is the one in <paramref name="baseline"/>
        /// (a file name in <see cref="Folder"/>); rewrites the baseline instead when AMBER_UPDATE_PUBLIC_API is 1.
        /// </summary>
        public static void AssertMatches(Assembly assembly, string baseline) =>
            AssertText(string.Join("\n", Describe(assembly)) + "\n", baseline);

        /// <summary>
        /// Asserts that <paramref name="actual"/> is the text of <paramref name="baseline"/> (line ends aside); rewrites the
        /// baseline instead when AMBER_UPDATE_PUBLIC_API is 1. For a surface that is text, not types: the amber tool's usage.
        /// </summary>
        public static void AssertText(string actual, string baseline)
        {
            actual = actual.Replace("\r\n", "\n");
            string path = Path.Combine(Folder, baseline);
            if (Environment.GetEnvironmentVariable("AMBER_UPDATE_PUBLIC_API") == "1") File.WriteAllText(path, actual);
            Assert.True(File.Exists(path), $"{path} is missing: run the test with AMBER_UPDATE_PUBLIC_API=1 to write it, then review it.");
            string expected = File.ReadAllText(path).Replace("\r\n", "\n");
            Assert.Equal(expected, actual);
        }

        /// <summary>Reads a baseline's lines.</summary>
        public static string[] Read(string baseline) =>
            File.ReadAllText(Path.Combine(Folder, baseline)).Replace("\r\n", "\n").TrimEnd('\n').Split('\n');

        public static bool Hidden(MemberInfo m) =>
            m.GetCustomAttribute<EditorBrowsableAttribute>()?.State == EditorBrowsableState.Never;

        public static IEnumerable<string> Describe(Assembly assembly)
        {
            const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            foreach (Type t in assembly.GetExportedTypes().OrderBy(t => t.FullName, StringComparer.Ordinal))
            {
                yield return Kind(t) + " " + Declaration(t) + (Hidden(t) ? " (generated code)" : "");
                var lines = new List<string>();
                foreach (MemberInfo m in t.GetMembers(Declared))
                {
                    string? line = m switch
                    {
                        ConstructorInfo c when Visible(c) => "ctor(" + Parameters(c) + ")",
                        MethodInfo mi when Visible(mi) && !mi.IsSpecialName => (mi.IsStatic ? "static " : "") + Name(mi.ReturnType) + " " + mi.Name + Generic(mi) + "(" + Parameters(mi) + ")",
                        PropertyInfo p when (p.GetMethod is { } g && Visible(g)) || (p.SetMethod is { } s && Visible(s)) =>
                            ((p.GetMethod ?? p.SetMethod)!.IsStatic ? "static " : "") + "property " + Name(p.PropertyType) + " " + p.Name + " {" + (p.GetMethod is { } pg && Visible(pg) ? " get;" : "") + (p.SetMethod is { } ps && Visible(ps) ? " set;" : "") + " }",
                        FieldInfo f when f.IsPublic || f.IsFamily || f.IsFamilyOrAssembly => (f.IsLiteral ? "const " : f.IsStatic ? "static " : "") + Name(f.FieldType) + " " + f.Name,
                        EventInfo e when e.AddMethod is { } a && Visible(a) => "event " + Name(e.EventHandlerType!) + " " + e.Name,
                        _ => null,
                    };
                    if (line != null) lines.Add("  " + line + (Hidden(m) ? " (generated code)" : ""));
                }
                foreach (string line in lines.OrderBy(l => l, StringComparer.Ordinal)) yield return line;
            }
        }

        private static string ThisFile([CallerFilePath] string path = "") => path;

        private static bool Visible(MethodBase m) => m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly;

        private static string Kind(Type t) =>
            t.IsEnum ? "enum" : t.IsInterface ? "interface" : typeof(Delegate).IsAssignableFrom(t) ? "delegate" : t.IsValueType ? "struct" : t.IsAbstract && t.IsSealed ? "static class" : t.IsAbstract ? "abstract class" : "class";

        /// <summary>A type as it is declared: its name, with its own type parameters and their attributes.</summary>
        private static string Declaration(Type t)
        {
            string name = Name(t);
            if (!t.IsGenericTypeDefinition) return name;
            int open = name.LastIndexOf('<');
            Type[] own = OwnArguments(t);
            return own.Length == 0 ? name : name.Substring(0, open) + "<" + string.Join(", ", own.Select(TypeParameter)) + ">";
        }

        private static string Generic(MethodInfo m) =>
            m.IsGenericMethodDefinition ? "<" + string.Join(", ", m.GetGenericArguments().Select(TypeParameter)) + ">" : "";

        /// <summary>A type parameter with the attributes Amber defines on it, by name, so the line is the same on every run.</summary>
        private static string TypeParameter(Type p)
        {
            string[] attributes = p.GetCustomAttributesData()
                .Select(a => a.AttributeType)
                .Where(a => a.Namespace != null && (a.Namespace == "Amber" || a.Namespace.StartsWith("Amber.", StringComparison.Ordinal)))
                .Select(a => "[" + (a.Name.EndsWith("Attribute", StringComparison.Ordinal) ? a.Name.Substring(0, a.Name.Length - "Attribute".Length) : a.Name) + "] ")
                .OrderBy(a => a, StringComparer.Ordinal)
                .ToArray();
            return string.Concat(attributes) + p.Name;
        }

        private static string Parameters(MethodBase m) =>
            string.Join(", ", m.GetParameters().Select(p => (p.IsOut ? "out " : p.ParameterType.IsByRef ? (p.IsIn ? "in " : "ref ") : "") + Name(p.ParameterType) + " " + p.Name
                + (p.HasDefaultValue ? " = " + (p.DefaultValue == null ? "null" : Convert.ToString(p.DefaultValue, CultureInfo.InvariantCulture)) : "")));

        private static Type[] OwnArguments(Type t)
        {
            Type[] args = t.GetGenericArguments();
            return t.IsNested && t.DeclaringType!.IsGenericType ? args.Skip(t.DeclaringType.GetGenericArguments().Length).ToArray() : args;
        }

        private static string Name(Type t)
        {
            if (t.IsByRef) return Name(t.GetElementType()!);
            if (t.IsArray) return Name(t.GetElementType()!) + "[" + new string(',', t.GetArrayRank() - 1) + "]";
            if (t.IsGenericParameter) return t.Name;
            string name = t.IsNested ? Name(t.DeclaringType!) + "." + t.Name : (t.Namespace == null ? "" : t.Namespace + ".") + t.Name;
            int tick = name.IndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            if (!t.IsGenericType) return name;
            Type[] args = OwnArguments(t);
            return args.Length == 0 ? name : name + "<" + string.Join(", ", args.Select(Name)) + ">";
        }
    }
}
