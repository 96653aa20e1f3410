using System;

namespace Amber.Interop
{
    /// <summary>The interop tool's entry point.</summary>
    public static class Program
    {
        /// <summary>Runs <see cref="InteropTool.Run"/> on the console.</summary>
        public static int Main(string[] args) => InteropTool.Run(args, Console.Out, Console.Error);
    }
}
