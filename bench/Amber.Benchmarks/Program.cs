using BenchmarkDotNet.Running;

namespace Amber.Benchmarks
{
    /// <summary>
    /// BenchmarkDotNet's switcher: pick benchmarks with --filter (a glob over Namespace.Class.Method).
    /// <code>
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --filter '*'            # everything
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --filter '*Envelope*'   # one shape beside the peers
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --filter '*BookShelf*' '*Vector3*'
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --filter '*Envelope*' --anyCategories Serialize
    /// dotnet run -c Release --project bench/Amber.Benchmarks -- --list flat             # list the benchmarks
    /// </code>
    /// Shapes beside the peers: EnvelopeBenchmarks, BookShelfBenchmarks, Vector3Benchmarks (PeerBenchmarks.cs),
    /// each with a Serialize and a Deserialize category whose baseline is Amber. The envelope as a relay sends it,
    /// 100,000 messages on one connection: EnvelopeConnectionBenchmarks (ConnectionBenchmarks.cs), Amber's connection
    /// writer and reader and AmberFraming beside the hand-written serializer (the baseline). Amber's codec loops:
    /// VarintBenchmarks, StringBenchmarks, PackedFloatBenchmarks (PrimitiveBenchmarks.cs). How fast an encoding of small
    /// ints can be written at all, Amber's compact form, a group varint and natural widths, by loops written for one type
    /// beside Amber and MemoryPack: EncodingFloorBenchmarks (EncodingFloorBenchmarks.cs). A payload that travels alone, through
    /// the packages' own serializers beside what their users would pick otherwise: KafkaRecordBenchmarks (a record value through
    /// Amber.Kafka) and HybridCacheEntryBenchmarks (an entry through Amber.Caching), in LonePayloadBenchmarks.cs. The walks of a
    /// payload that build no object, skipping, keeping unknown members and the JSON view: StructureBenchmarks.
    /// Add --job short for a quick look (indicative figures only), --job dry to check that everything runs.
    /// </summary>
    public static class Program
    {
        public static void Main(string[] args) => BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
    }
}
