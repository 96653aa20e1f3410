using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Amber.GeneratorBench
{
    /// <summary>The command line.</summary>
    public sealed class GeneratorBenchOptions
    {
        /// <summary>Sizes up to this many types get <see cref="SmallRuns"/> measured builds by default, larger ones <see cref="LargeRuns"/>.</summary>
        public const int SmallSizeLimit = 300;
        public const int SmallRuns = 3;
        public const int LargeRuns = 1;

        public IReadOnlyList<int> Types { get; private set; } = new[] { 100, 300, 1000 };
        public IReadOnlyList<ModelShape> Shapes { get; private set; } = new[] { ModelShape.Connected, ModelShape.Tree };
        public IReadOnlyList<SerializerKind> Serializers { get; private set; } = new[] { SerializerKind.Amber, SerializerKind.MemoryPack, SerializerKind.MemoryPackVersionTolerant, SerializerKind.None };

        /// <summary>Measured builds per row when given on the command line; otherwise <see cref="RunsFor"/> decides by size.</summary>
        public int? Runs { get; private set; }

        /// <summary>The Amber checkout whose src/Amber and src/Amber.Generator the models build against.</summary>
        public string Repo { get; private set; } = "";

        /// <summary>The scratch folder the model projects are written to and built in.</summary>
        public string Work { get; private set; } = Path.Combine(Path.GetTempPath(), "amber-generatorbench");

        public string? MarkdownPath { get; private set; }
        public bool Help { get; private set; }

        public const string Usage = @"Amber's source generator at scale: the generator's own time, the whole build's time and the generated
code for models of N classes, beside MemoryPack's generator and a build with no serializer.

usage: dotnet run -c Release --project bench/Amber.GeneratorBench -- [options]

  --types N[,N]            model sizes in classes (default 100,300,1000)
  --shapes NAME[,NAME]     connected (a chain, every class serialized at its own call site) and/or
                           tree (a binary tree, one call site on its root); default connected,tree
  --serializers NAME[,NAME]
                           Amber, MemoryPack, MemoryPackVersionTolerant, None (the same model with no serializer); default all four;
                           AmberBaseline (Amber with the model's own schema as a baseline, checked on every build) on request
  --runs N                 measured builds per row (default 3 up to 300 types, 1 above)
  --repo PATH              the Amber checkout whose src/Amber and src/Amber.Generator are built against
                           (default: the checkout this tool is in)
  --work DIR               the scratch folder (default: amber-generatorbench in the system temp folder);
                           each row's project is written there anew
  --markdown FILE          also write the result table and figures to FILE
  --help                   this text";

        public int RunsFor(int types) => Runs ?? (types <= SmallSizeLimit ? SmallRuns : LargeRuns);

        public static GeneratorBenchOptions Parse(string[] args)
        {
            var o = new GeneratorBenchOptions();
            string? repo = null;
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                switch (a)
                {
                    case "--help": case "-h": case "-?": o.Help = true; break;
                    case "--types": o.Types = List(args, ref i, a).Select(t => PositiveInt(t, a)).Distinct().OrderBy(t => t).ToArray(); break;
                    case "--shapes": o.Shapes = List(args, ref i, a).Select(s => Enum<ModelShape>(s, a)).Distinct().ToArray(); break;
                    case "--serializers": o.Serializers = List(args, ref i, a).Select(s => Enum<SerializerKind>(s, a)).Distinct().ToArray(); break;
                    case "--runs": o.Runs = PositiveInt(Value(args, ref i, a), a); break;
                    case "--repo": repo = Value(args, ref i, a); break;
                    case "--work": o.Work = Path.GetFullPath(Value(args, ref i, a)); break;
                    case "--markdown": o.MarkdownPath = Path.GetFullPath(Value(args, ref i, a)); break;
                    default: throw new ArgumentException($"Unknown option '{a}'. Run with --help.");
                }
            }
            if (o.Help) return o;
            o.Repo = repo != null ? Path.GetFullPath(repo) : EnclosingCheckout();
            ModelWriter.CheckScratchFolder(o.Work);
            if (o.Serializers.Any(s => s.IsAmber()))
            {
                foreach (string project in new[] { ModelWriter.RuntimeProject(o.Repo), ModelWriter.GeneratorProject(o.Repo) })
                {
                    if (!File.Exists(project)) throw new ArgumentException($"--repo {o.Repo}: {project} does not exist; point --repo at an Amber checkout.");
                }
            }
            return o;
        }

        /// <summary>The checkout this tool runs from: the first folder above its build output that holds a solution file.</summary>
        private static string EnclosingCheckout()
        {
            for (DirectoryInfo? d = new DirectoryInfo(AppContext.BaseDirectory); d != null; d = d.Parent)
            {
                if (d.EnumerateFiles("*.sln").Any() || d.EnumerateFiles("*.slnx").Any()) return d.FullName;
            }
            throw new ArgumentException($"No solution file above {AppContext.BaseDirectory}; pass --repo PATH.");
        }

        private static string Value(string[] args, ref int i, string name)
        {
            if (i + 1 >= args.Length) throw new ArgumentException($"{name} needs a value.");
            return args[++i];
        }

        private static string[] List(string[] args, ref int i, string name)
        {
            string[] items = Value(args, ref i, name).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            return items.Length > 0 ? items : throw new ArgumentException($"{name} needs at least one value.");
        }

        private static int PositiveInt(string text, string name) =>
            int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int value) && value > 0
                ? value
                : throw new ArgumentException($"{name}: '{text}' is not a positive whole number.");

        private static T Enum<T>(string text, string name) where T : struct, System.Enum =>
            !char.IsAsciiDigit(text[0]) && System.Enum.TryParse(text, ignoreCase: true, out T value)
                ? value
                : throw new ArgumentException($"{name}: '{text}' is none of {string.Join(", ", System.Enum.GetNames<T>())}.");
    }
}
