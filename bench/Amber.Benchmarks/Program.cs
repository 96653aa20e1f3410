using BenchmarkDotNet.Running;

namespace Amber.Benchmarks
{
    /// <summary>
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --filter '*'
    /// (add --job short for a quick look; --list flat lists the benchmarks).
    /// </summary>
    public static class Program
    {
        public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
    }
}
