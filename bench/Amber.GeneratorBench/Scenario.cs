using System.Collections.Generic;

namespace Amber.GeneratorBench
{
    /// <summary>How the model's classes refer to each other, and where they are serialized.</summary>
    public enum ModelShape
    {
        /// <summary>C{i} refers to C{i+1}, and every class is serialized at a call site of its own.</summary>
        Connected,

        /// <summary>A binary tree: C{i} refers to C{2i+1} and C{2i+2}; one call site, on the root C0.</summary>
        Tree,
    }

    /// <summary>Which serializer the model is written for.</summary>
    public enum SerializerKind
    {
        /// <summary>Plain classes; Amber's generator finds them from the call sites.</summary>
        Amber,

        /// <summary>The same classes, <c>[MemoryPackable] partial</c>.</summary>
        MemoryPack,

        /// <summary>
        /// The same classes in MemoryPack's version-tolerant mode (<c>[MemoryPackable(GenerateType.VersionTolerant)]</c>, a
        /// <c>[MemoryPackOrder]</c> on each member): the mode whose data survives members added and removed, as Amber's does.
        /// </summary>
        MemoryPackVersionTolerant,

        /// <summary>The same classes and call sites with no serializer: the baseline build.</summary>
        None,

        /// <summary>
        /// Amber with a schema baseline of the model given to the build (an <c>AmberSchemaBaseline</c> item, full mode): the
        /// generator also checks every type against it on each build. Not in the default run: <c>--serializers Amber,AmberBaseline</c>.
        /// </summary>
        AmberBaseline,
    }

    public static class SerializerKinds
    {
        /// <summary>The assembly name of the serializer's generator, as csc's analyzer report and the emitted files' folder name it.</summary>
        /// <summary>The serializer's name in the table, as the comparison suite names it.</summary>
        public static string DisplayName(this SerializerKind kind) => kind switch
        {
            SerializerKind.MemoryPackVersionTolerant => "MemoryPack (version tolerant)",
            SerializerKind.AmberBaseline => "Amber (checked against a schema baseline)",
            _ => kind.ToString(),
        };

        /// <summary>Whether the model is Amber's: plain classes, Amber's runtime and generator.</summary>
        public static bool IsAmber(this SerializerKind kind) => kind is SerializerKind.Amber or SerializerKind.AmberBaseline;

        public static string? GeneratorAssembly(this SerializerKind kind) => kind switch
        {
            SerializerKind.Amber or SerializerKind.AmberBaseline => "Amber.Generator",
            SerializerKind.MemoryPack or SerializerKind.MemoryPackVersionTolerant => "MemoryPack.Generator",
            _ => null,
        };
    }

    /// <summary>One row of the result table: a serializer, a shape and a number of types, and what was measured for it.</summary>
    public sealed class Scenario
    {
        public Scenario(SerializerKind serializer, ModelShape shape, int types)
        {
            Serializer = serializer;
            Shape = shape;
            Types = types;
        }

        public SerializerKind Serializer { get; }
        public ModelShape Shape { get; }
        public int Types { get; }

        /// <summary>The folder name of the scenario's project in the scratch folder.</summary>
        public string Name => $"{ShapeName}-{Types}-{Serializer.ToString().ToLowerInvariant()}";

        public string ShapeName => Shape.ToString().ToLowerInvariant();

        /// <summary>The serializer's generator's own time in each measured build, in seconds (none for <see cref="SerializerKind.None"/>).</summary>
        public List<double> GeneratorSeconds { get; } = new List<double>();

        /// <summary>The wall time of each measured `dotnet build`, in seconds.</summary>
        public List<double> BuildSeconds { get; } = new List<double>();

        /// <summary>The Csc task's time in each measured build (MSBuild's task performance summary): the compilation, generators and analyzers included.</summary>
        public List<double> CompileSeconds { get; } = new List<double>();

        /// <summary>How many measured builds compiled outside the compiler server (csc started afresh, the generator's code not yet compiled by the JIT).</summary>
        public int BuildsOffServer { get; set; }

        public int GeneratedFiles { get; set; }
        public long GeneratedLines { get; set; }

        /// <summary>Why the scenario has no figures, when a step failed.</summary>
        public string? Failure { get; set; }
    }
}
