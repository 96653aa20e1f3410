using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Security;
using System.Text;
using System.Xml.Linq;

namespace Amber.GeneratorBench
{
    /// <summary>Where one scenario's project lives in the scratch folder.</summary>
    public sealed class ModelProject
    {
        public ModelProject(string root)
        {
            Root = root;
        }

        /// <summary>The scenario's folder: the project folder, the emitted generated files and the build logs sit side by side in it.</summary>
        public string Root { get; }
        public string ProjectDirectory => Path.Combine(Root, "Model");
        public string ProjectFile => Path.Combine(ProjectDirectory, "Model.csproj");

        /// <summary>Outside the project folder, so that the emitted files are never compiled back in.</summary>
        public string GeneratedDirectory => Path.Combine(Root, "generated");
        public string LogsDirectory => Path.Combine(Root, "logs");
    }

    /// <summary>
    /// Writes a scenario's model project: N classes of 12 members each (int, long, string, double, bool, DateTime, decimal, Guid,
    /// int?, an enum, then a list or a reference to another class, and a reference or an int), the call sites, and the project file.
    /// </summary>
    public sealed class ModelWriter
    {
        private const string Namespace = "GeneratorBenchModel";
        private const string EmitSwitch = "GeneratorBenchEmit";
        private const int MembersPerClass = 12;

        private readonly string _repo;
        private readonly string? _memoryPackVersion;

        public ModelWriter(string repo, string? memoryPackVersion)
        {
            _repo = repo;
            _memoryPackVersion = memoryPackVersion;
        }

        /// <summary>The schema baseline of an <see cref="SerializerKind.AmberBaseline"/> model, in its project folder.</summary>
        public const string BaselineFileName = "baseline.schema.json";

        /// <summary>The assembly a model project's Release build leaves.</summary>
        public static string ModelAssembly(ModelProject project) => Path.Combine(project.ProjectDirectory, "bin", "Release", "net10.0", Namespace + ".dll");

        /// <summary>The amber tool a Release build of src/Amber.Tool leaves.</summary>
        public static string ToolAssembly(string repo) => Path.Combine(repo, "src", "Amber.Tool", "bin", "Release", "net8.0", "Amber.Tool.dll");

        public static string ToolProject(string repo) => Path.Combine(repo, "src", "Amber.Tool", "Amber.Tool.csproj");

        /// <summary>The property that turns on EmitCompilerGeneratedFiles in a model project's build (<c>-p:GeneratorBenchEmit=true</c>).</summary>
        public static string EmitProperty => $"-p:{EmitSwitch}=true";

        public static string RuntimeProject(string repo) => Path.Combine(repo, "src", "Amber", "Amber.csproj");
        public static string GeneratorProject(string repo) => Path.Combine(repo, "src", "Amber.Generator", "Amber.Generator.csproj");

        /// <summary>The runtime assembly a Release build of src/Amber leaves (the target a net10.0 project picks from the package).</summary>
        public static string RuntimeAssembly(string repo) => Path.Combine(repo, "src", "Amber", "bin", "Release", "net8.0", "Amber.dll");

        /// <summary>The generator assembly a Release build of src/Amber leaves (the one the package carries under analyzers/dotnet/cs).</summary>
        public static string GeneratorAssembly(string repo) => Path.Combine(repo, "src", "Amber.Generator", "bin", "Release", "netstandard2.0", "Amber.Generator.dll");

        /// <summary>The MemoryPack version the checkout's Directory.Packages.props pins, so the comparison uses the version the suite does.</summary>
        public static string MemoryPackVersion(string repo)
        {
            string props = Path.Combine(repo, "Directory.Packages.props");
            if (!File.Exists(props)) throw new ArgumentException($"{props} does not exist: it gives the MemoryPack version to compare with.");
            string? version = XDocument.Load(props).Descendants("PackageVersion")
                .FirstOrDefault(e => (string?)e.Attribute("Include") == "MemoryPack")?.Attribute("Version")?.Value;
            return version ?? throw new ArgumentException($"{props} pins no MemoryPack version.");
        }

        private const string ScratchMarker = "Amber.GeneratorBench scratch folder";

        /// <summary>Refuses a folder that holds a Directory.Build.props this tool did not write: the tool overwrites it.</summary>
        public static void CheckScratchFolder(string work)
        {
            if (File.Exists(work)) throw new ArgumentException($"--work {work} is a file, not a folder.");
            string props = Path.Combine(work, "Directory.Build.props");
            if (File.Exists(props) && !File.ReadAllText(props).Contains(ScratchMarker, StringComparison.Ordinal))
            {
                throw new ArgumentException($"--work {work} holds a Directory.Build.props of its own: pass a folder for this tool's scratch projects.");
            }
        }

        /// <summary>
        /// Empty Directory.Build.props, Directory.Build.targets and Directory.Packages.props at the scratch root, so that no
        /// folder above it adds settings to the model projects; and the checkout's NuGet configuration, if it has one, so the
        /// models restore from the same sources.
        /// </summary>
        public void WriteScratchRoot(string work)
        {
            CheckScratchFolder(work);
            Directory.CreateDirectory(work);
            const string empty = "<Project>\n  <!-- " + ScratchMarker + ": stops MSBuild's search upwards, so no settings from folders above apply to the model projects. -->\n</Project>\n";
            foreach (string name in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props" })
            {
                File.WriteAllText(Path.Combine(work, name), empty);
            }
            foreach (string name in new[] { "nuget.config", "NuGet.config", "NuGet.Config" })
            {
                string source = Path.Combine(_repo, name);
                if (File.Exists(source))
                {
                    File.Copy(source, Path.Combine(work, "nuget.config"), overwrite: true);
                    break;
                }
            }
        }

        /// <summary>Writes the scenario's project anew under <paramref name="work"/> (removing any earlier copy).</summary>
        public ModelProject Write(Scenario scenario, string work)
        {
            var project = new ModelProject(Path.Combine(work, scenario.Name));
            if (Directory.Exists(project.Root)) Directory.Delete(project.Root, recursive: true);
            Directory.CreateDirectory(project.ProjectDirectory);
            Directory.CreateDirectory(project.LogsDirectory);

            File.WriteAllText(project.ProjectFile, ProjectFile(scenario, project));
            File.WriteAllText(Path.Combine(project.ProjectDirectory, "Kind.cs"), KindSource());
            for (int i = 0; i < scenario.Types; i++)
            {
                File.WriteAllText(ClassFile(project, i), ClassSource(scenario, i, revision: 0));
            }
            File.WriteAllText(Path.Combine(project.ProjectDirectory, "CallSites.cs"), CallSitesSource(scenario));
            return project;
        }

        /// <summary>Edits the root class's file (a comment that names the revision), so the next build compiles again.</summary>
        public void Edit(Scenario scenario, ModelProject project, int revision) =>
            File.WriteAllText(ClassFile(project, 0), ClassSource(scenario, 0, revision));

        private static string ClassFile(ModelProject project, int i) => Path.Combine(project.ProjectDirectory, $"C{i}.cs");

        private string ProjectFile(Scenario scenario, ModelProject project)
        {
            var b = new StringBuilder();
            b.AppendLine("<Project Sdk=\"Microsoft.NET.Sdk\">");
            b.AppendLine("  <PropertyGroup>");
            b.AppendLine("    <TargetFramework>net10.0</TargetFramework>");
            b.AppendLine($"    <AssemblyName>{Namespace}</AssemblyName>");
            b.AppendLine("    <Nullable>enable</Nullable>");
            b.AppendLine("    <ImplicitUsings>disable</ImplicitUsings>");
            b.AppendLine("    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>");
            b.AppendLine("    <NuGetAudit>false</NuGetAudit>");
            b.AppendLine($"    <EmitCompilerGeneratedFiles Condition=\"'$({EmitSwitch})' == 'true'\">true</EmitCompilerGeneratedFiles>");
            b.AppendLine($"    <CompilerGeneratedFilesOutputPath>{SecurityElement.Escape(project.GeneratedDirectory)}</CompilerGeneratedFilesOutputPath>");
            b.AppendLine("  </PropertyGroup>");
            switch (scenario.Serializer)
            {
                case SerializerKind.Amber:
                case SerializerKind.AmberBaseline:
                    b.AppendLine("  <ItemGroup>");
                    // What the Amber package gives a project: the runtime as a reference and the generator as an analyzer, both
                    // built once before any model project (BuildRunner.BuildAmber), so a model build evaluates no other project.
                    b.AppendLine($"    <Reference Include=\"Amber\" HintPath=\"{SecurityElement.Escape(RuntimeAssembly(_repo))}\" />");
                    b.AppendLine($"    <Analyzer Include=\"{SecurityElement.Escape(GeneratorAssembly(_repo))}\" />");
                    b.AppendLine("  </ItemGroup>");
                    if (scenario.Serializer == SerializerKind.AmberBaseline)
                    {
                        // The package's build files, and the model's own schema as the baseline of a release (written after the
                        // warm-up build, BaselineFile): every build then checks all the model's types against it, in both directions.
                        b.AppendLine($"  <Import Project=\"{SecurityElement.Escape(Path.Combine(_repo, "src", "Amber", "build", "Amber.props"))}\" />");
                        b.AppendLine("  <ItemGroup>");
                        b.AppendLine($"    <AmberSchemaBaseline Include=\"{BaselineFileName}\" Condition=\"Exists('{BaselineFileName}')\" />");
                        b.AppendLine("  </ItemGroup>");
                        b.AppendLine("  <PropertyGroup>");
                        b.AppendLine("    <AmberSchemaCheckMode>full</AmberSchemaCheckMode>");
                        b.AppendLine("  </PropertyGroup>");
                        b.AppendLine($"  <Import Project=\"{SecurityElement.Escape(Path.Combine(_repo, "src", "Amber", "build", "Amber.targets"))}\" />");
                    }
                    break;
                case SerializerKind.MemoryPack:
                case SerializerKind.MemoryPackVersionTolerant:
                    b.AppendLine("  <ItemGroup>");
                    b.AppendLine($"    <PackageReference Include=\"MemoryPack\" Version=\"{_memoryPackVersion ?? throw new InvalidOperationException("No MemoryPack version.")}\" />");
                    b.AppendLine("  </ItemGroup>");
                    break;
            }
            b.AppendLine("</Project>");
            return b.ToString();
        }

        private static string KindSource() =>
            $"namespace {Namespace}\n{{\n    public enum Kind\n    {{\n        None,\n        Standard,\n        Priority,\n        Archived,\n    }}\n}}\n";

        private static string ClassSource(Scenario scenario, int i, int revision)
        {
            bool memoryPack = scenario.Serializer is SerializerKind.MemoryPack or SerializerKind.MemoryPackVersionTolerant;
            bool versionTolerant = scenario.Serializer == SerializerKind.MemoryPackVersionTolerant;
            var b = new StringBuilder();
            b.AppendLine("using System;");
            b.AppendLine("using System.Collections.Generic;");
            if (memoryPack) b.AppendLine("using MemoryPack;");
            b.AppendLine();
            b.AppendLine($"namespace {Namespace}");
            b.AppendLine("{");
            if (memoryPack) b.AppendLine(versionTolerant ? "    [MemoryPackable(GenerateType.VersionTolerant)]" : "    [MemoryPackable]");
            b.AppendLine($"    public {(memoryPack ? "partial " : "")}class C{i}");
            b.AppendLine("    {");
            List<string> members = Members(scenario, i).ToList();
            Debug.Assert(members.Count == MembersPerClass);
            for (int m = 0; m < members.Count; m++) b.AppendLine("        " + (versionTolerant ? $"[MemoryPackOrder({m})] " : "") + members[m]);
            b.AppendLine("    }");
            b.AppendLine("}");
            if (revision > 0) b.AppendLine($"// revision {revision}");
            return b.ToString();
        }

        private static IEnumerable<string> Members(Scenario scenario, int i)
        {
            yield return "public int Id { get; set; }";
            yield return "public long Ticks { get; set; }";
            yield return "public string Name { get; set; } = \"\";";
            yield return "public double Score { get; set; }";
            yield return "public bool Active { get; set; }";
            yield return "public DateTime Created { get; set; }";
            yield return "public decimal Amount { get; set; }";
            yield return "public Guid Key { get; set; }";
            yield return "public int? Rank { get; set; }";
            yield return "public Kind Kind { get; set; }";
            string list = i % 2 == 0
                ? "public List<int> Values { get; set; } = new List<int>();"
                : "public List<string> Tags { get; set; } = new List<string>();";
            const string extra = "public int Extra { get; set; }";
            if (scenario.Shape == ModelShape.Connected)
            {
                yield return list;
                yield return i + 1 < scenario.Types ? $"public C{i + 1}? Next {{ get; set; }}" : extra;
            }
            else
            {
                // Node i's children are 2i+1 and 2i+2; a member that has no child to refer to keeps the list or the int.
                int left = 2 * i + 1, right = 2 * i + 2;
                yield return left < scenario.Types ? $"public C{left}? Left {{ get; set; }}" : list;
                yield return right < scenario.Types ? $"public C{right}? Right {{ get; set; }}" : extra;
            }
        }

        private static string CallSitesSource(Scenario scenario)
        {
            var b = new StringBuilder();
            b.AppendLine("using System;");
            b.AppendLine("using System.Buffers;");
            b.AppendLine();
            b.AppendLine($"namespace {Namespace}");
            b.AppendLine("{");
            b.AppendLine("    public static class CallSites");
            b.AppendLine("    {");
            int sites = scenario.Shape == ModelShape.Connected ? scenario.Types : 1;
            for (int i = 0; i < sites; i++)
            {
                if (i > 0) b.AppendLine();
                b.AppendLine($"        public static void SerializeC{i}(ArrayBufferWriter<byte> writer)");
                b.AppendLine("        {");
                b.AppendLine($"            var value = new C{i}();");
                b.AppendLine(scenario.Serializer switch
                {
                    SerializerKind.Amber or SerializerKind.AmberBaseline => "            global::Amber.AmberSerializer.Serialize(writer, value);",
                    SerializerKind.MemoryPack or SerializerKind.MemoryPackVersionTolerant => "            global::MemoryPack.MemoryPackSerializer.Serialize(writer, value);",
                    _ => "            GC.KeepAlive(writer);\n            GC.KeepAlive(value);",
                });
                b.AppendLine("        }");
            }
            b.AppendLine("    }");
            b.AppendLine("}");
            return b.ToString();
        }
    }
}
