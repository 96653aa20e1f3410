using System;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;

namespace Amber.Generator.Tests.SchemaCheck
{
    /// <summary>
    /// One version of a model: its source compiled with its generated code and loaded into a load context of its own, with a
    /// copy of Amber of its own, so that two versions whose types share names (as a model's releases do) never meet in one
    /// registry. Each version's root is <c>Model.Root</c>, and <c>Model.Sample.Make()</c> builds the value it writes.
    /// </summary>
    internal sealed class ModelVersion : IDisposable
    {
        // Beside each model: what the test calls, through reflection, inside the version's own load context.
        private const string Probe = """
            namespace CheckProbe
            {
                public static class Probe
                {
                    public static string Schema() => Amber.Inspection.AmberInspector.GetSchema(typeof(Model.Root).Assembly);
                    public static byte[] Write() => Amber.AmberSerializer.Serialize<Model.Root>(Model.Sample.Make());
                    public static string Read(byte[] data)
                    {
                        Model.Root? value = Amber.AmberSerializer.Deserialize<Model.Root>(data);
                        return Amber.Json.AmberJson.ToJson<Model.Root>(Amber.AmberSerializer.Serialize<Model.Root>(value!));
                    }
                    public static string View(byte[] data) => Amber.Json.AmberJson.ToJson<Model.Root>(data);
                }
            }
            """;

        private readonly Context _context;
        private readonly Type _probe;

        public ModelVersion(string source)
        {
            using MemoryStream stream = Execution.Compile("#nullable enable\nusing System;\nusing System.Collections.Generic;\nusing Amber;\n" + source + "\n" + Probe);
            _context = new Context();
            Assembly assembly = _context.LoadFromStream(stream);
            _probe = assembly.GetType("CheckProbe.Probe", throwOnError: true)!;
            Schema = (string)Call("Schema")!;
        }

        /// <summary>The schema document of the version's types (what <c>amber schema --assembly</c> writes).</summary>
        public string Schema { get; }

        /// <summary>A payload of the version's sample.</summary>
        public byte[] Write() => (byte[])Call("Write")!;

        /// <summary>Reads <paramref name="data"/> as the version's root, and gives what it read as JSON (its own payload of it, viewed).</summary>
        public string Read(byte[] data) => Compact((string)Call("Read", data)!);

        /// <summary>The JSON view of <paramref name="data"/> by the version's root type.</summary>
        public string View(byte[] data) => Compact((string)Call("View", data)!);

        /// <summary>JSON without the indentation, so a test names a part of it on one line.</summary>
        private static string Compact(string json) => System.Text.Json.Nodes.JsonNode.Parse(json)!.ToJsonString();

        private object? Call(string name, params object[] args)
        {
            try
            {
                return _probe.GetMethod(name)!.Invoke(null, args);
            }
            catch (TargetInvocationException e) when (e.InnerException != null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                throw;
            }
        }

        public void Dispose() => _context.Unload();

        /// <summary>A collectible context that loads its own Amber.dll; everything else comes from the default context.</summary>
        private sealed class Context : AssemblyLoadContext
        {
            public Context() : base("AmberSchemaCheckModel", isCollectible: true)
            {
            }

            protected override Assembly? Load(AssemblyName name) =>
                name.Name == "Amber" ? LoadFromAssemblyPath(typeof(AmberSerializer).Assembly.Location) : null;
        }
    }
}
