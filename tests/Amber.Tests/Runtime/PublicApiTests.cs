using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The public surface of the runtime package, pinned in tests/Amber.Tests/PublicApi/Amber.txt: a type or member
    /// added, removed or changed fails here until the baseline is updated on purpose
    /// (<c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Tests --filter PublicApiTests</c>, then review the diff).
    /// Types and members that exist only for generated code are marked <c>[EditorBrowsable(Never)]</c>; the baseline
    /// says so with "(generated code)".
    /// </summary>
    public class PublicApiTests
    {
        [Fact]
        public void The_public_surface_matches_the_baseline()
        {
            string actual = string.Join("\n", Describe(typeof(AmberSerializer).Assembly)) + "\n";
            string path = Path.Combine(Path.GetDirectoryName(ThisFile())!, "..", "PublicApi", "Amber.txt");
            if (Environment.GetEnvironmentVariable("AMBER_UPDATE_PUBLIC_API") == "1") File.WriteAllText(path, actual);
            string expected = File.ReadAllText(path).Replace("\r\n", "\n");
            Assert.Equal(expected, actual);
        }

        [Fact]
        public void Plumbing_for_generated_code_is_hidden_from_completion()
        {
            foreach (Type t in new[] { typeof(AmberShape), typeof(ShapeMatch), typeof(RowsMatch), typeof(AmberThrow), typeof(AmberCollections), typeof(AmberDefault), typeof(AmberCallbacks), typeof(PackedCode), typeof(AmberKeys), typeof(AmberBoxedWriter), typeof(AmberBoxedReader) })
            {
                Assert.True(Hidden(t), t.Name + " is plumbing for generated code and should be [EditorBrowsable(Never)]");
            }
            foreach (Type t in new[] { typeof(AmberSerializer), typeof(AmberOptions), typeof(AmberReader), typeof(AmberWriter), typeof(AmberException), typeof(IAmberFormatter<>), typeof(AmberFormatterRegistry), typeof(AmberStream) })
            {
                Assert.False(Hidden(t), t.Name + " is for users and should be visible");
            }
        }

        private static string ThisFile([CallerFilePath] string path = "") => path;

        private static bool Hidden(MemberInfo m) =>
            m.GetCustomAttribute<EditorBrowsableAttribute>()?.State == EditorBrowsableState.Never;

        private static IEnumerable<string> Describe(Assembly assembly)
        {
            const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            foreach (Type t in assembly.GetExportedTypes().OrderBy(t => t.FullName, StringComparer.Ordinal))
            {
                yield return Kind(t) + " " + Name(t) + (Hidden(t) ? " (generated code)" : "");
                var lines = new List<string>();
                foreach (MemberInfo m in t.GetMembers(Declared))
                {
                    string? line = m switch
                    {
                        ConstructorInfo c when Visible(c) => "ctor(" + Parameters(c) + ")",
                        MethodInfo mi when Visible(mi) && !mi.IsSpecialName => (mi.IsStatic ? "static " : "") + Name(mi.ReturnType) + " " + mi.Name + Generic(mi) + "(" + Parameters(mi) + ")",
                        PropertyInfo p when (p.GetMethod is { } g && Visible(g)) || (p.SetMethod is { } s && Visible(s)) =>
                            "property " + Name(p.PropertyType) + " " + p.Name + " {" + (p.GetMethod is { } pg && Visible(pg) ? " get;" : "") + (p.SetMethod is { } ps && Visible(ps) ? " set;" : "") + " }",
                        FieldInfo f when f.IsPublic || f.IsFamily || f.IsFamilyOrAssembly => (f.IsLiteral ? "const " : f.IsStatic ? "static " : "") + Name(f.FieldType) + " " + f.Name,
                        EventInfo e when e.AddMethod is { } a && Visible(a) => "event " + Name(e.EventHandlerType!) + " " + e.Name,
                        _ => null,
                    };
                    if (line != null) lines.Add("  " + line + (Hidden(m) ? " (generated code)" : ""));
                }
                foreach (string line in lines.OrderBy(l => l, StringComparer.Ordinal)) yield return line;
            }
        }

        private static bool Visible(MethodBase m) => m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly;

        private static string Kind(Type t) =>
            t.IsEnum ? "enum" : t.IsInterface ? "interface" : typeof(Delegate).IsAssignableFrom(t) ? "delegate" : t.IsValueType ? "struct" : t.IsAbstract && t.IsSealed ? "static class" : "class";

        private static string Generic(MethodInfo m) => m.IsGenericMethodDefinition ? "<" + string.Join(", ", m.GetGenericArguments().Select(a => a.Name)) + ">" : "";

        private static string Parameters(MethodBase m) =>
            string.Join(", ", m.GetParameters().Select(p => (p.IsOut ? "out " : p.ParameterType.IsByRef ? (p.IsIn ? "in " : "ref ") : "") + Name(p.ParameterType) + " " + p.Name + (p.HasDefaultValue ? " = " + (p.DefaultValue ?? "null") : "")));

        private static string Name(Type t)
        {
            if (t.IsByRef) return Name(t.GetElementType()!);
            if (t.IsArray) return Name(t.GetElementType()!) + "[" + new string(',', t.GetArrayRank() - 1) + "]";
            if (t.IsGenericParameter) return t.Name;
            string name = t.IsNested ? Name(t.DeclaringType!) + "." + t.Name : (t.Namespace == null ? "" : t.Namespace + ".") + t.Name;
            int tick = name.IndexOf('`');
            if (tick >= 0) name = name.Substring(0, tick);
            if (!t.IsGenericType) return name;
            Type[] args = t.GetGenericArguments();
            if (t.IsNested && t.DeclaringType!.IsGenericType) args = args.Skip(t.DeclaringType.GetGenericArguments().Length).ToArray();
            return args.Length == 0 ? name : name + "<" + string.Join(", ", args.Select(Name)) + ">";
        }
    }
}
