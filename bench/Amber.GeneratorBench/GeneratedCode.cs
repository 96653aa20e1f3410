using System.IO;
using System.Linq;

namespace Amber.GeneratorBench
{
    /// <summary>Counts what a generator wrote, from the files EmitCompilerGeneratedFiles leaves under its assembly's folder.</summary>
    public static class GeneratedCode
    {
        public static (int Files, long Lines) Count(string generatedDirectory, string generatorAssembly)
        {
            string folder = Path.Combine(generatedDirectory, generatorAssembly);
            if (!Directory.Exists(folder)) return (0, 0);
            string[] files = Directory.GetFiles(folder, "*.cs", SearchOption.AllDirectories);
            return (files.Length, files.Sum(f => (long)File.ReadLines(f).Count()));
        }
    }
}
