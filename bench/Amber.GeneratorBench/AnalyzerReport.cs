using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;

namespace Amber.GeneratorBench
{
    /// <summary>
    /// Reads csc's analyzer report (<c>-p:ReportAnalyzer=true</c>, logged at detailed verbosity): after the line
    /// "Total generator execution time: …" comes one line per generator assembly, then one per generator type in it:
    /// <code>
    ///    0.545   45   MemoryPack.Generator, Version=1.21.4.0, Culture=neutral, PublicKeyToken=df4c250b14d82627
    ///    0.545   45      MemoryPack.Generator.MemoryPackGenerator
    /// </code>
    /// </summary>
    public static class AnalyzerReport
    {
        private const string GeneratorSectionStart = "Total generator execution time:";

        // "<0.001" is how the report writes a time under a millisecond.
        private static readonly Regex s_assemblyLine = new Regex(
            @"^\s*(?:\d+>)?\s*<?(?<seconds>\d+\.\d+)\s+<?\d+\s+(?<name>[^\s,][^,]*), Version=", RegexOptions.CultureInvariant);

        /// <summary>The seconds the report gives the generator assembly <paramref name="assemblyName"/>, or null when the log has no such line.</summary>
        public static double? GeneratorSeconds(IEnumerable<string> logLines, string assemblyName)
        {
            bool inGenerators = false;
            foreach (string line in logLines)
            {
                if (line.Contains(GeneratorSectionStart, System.StringComparison.Ordinal))
                {
                    inGenerators = true;
                    continue;
                }
                if (!inGenerators) continue;
                Match m = s_assemblyLine.Match(line);
                if (m.Success && m.Groups["name"].Value == assemblyName)
                {
                    return double.Parse(m.Groups["seconds"].Value, NumberStyles.Float, CultureInfo.InvariantCulture);
                }
            }
            return null;
        }

        // The file logger's task performance summary ("performancesummary"): "     3406 ms  Csc      1 calls".
        private static readonly Regex s_cscLine = new Regex(@"^\s*(?<ms>\d+) ms\s+Csc\s+\d+ calls?\s*$", RegexOptions.CultureInvariant);

        /// <summary>The seconds MSBuild's task performance summary gives the Csc task (the compilation itself), or null when it has none.</summary>
        public static double? CscSeconds(IEnumerable<string> logLines)
        {
            double? found = null;
            foreach (string line in logLines)
            {
                Match m = s_cscLine.Match(line);
                if (m.Success) found = double.Parse(m.Groups["ms"].Value, NumberStyles.Integer, CultureInfo.InvariantCulture) / 1000;
            }
            return found;
        }
    }
}
