namespace Amber.Bench.Runner
{
    /// <summary>One workload × serializer: exactly the CSV's columns (null = not measured).</summary>
    public sealed class ResultRow
    {
        public string Workload { get; init; } = "";
        public string Serializer { get; init; } = "";
        public int Objects { get; init; }
        public long? SizeBytes { get; init; }
        public double? SerializeNs { get; init; }
        public double? DeserializeNs { get; init; }
        public long? SerializeAllocBytes { get; init; }
        public long? DeserializeAllocBytes { get; init; }
        public long? PeakWorkingSetBytes { get; init; }
        public bool Verified { get; init; }

        /// <summary>Why the row has no figures (not available, failed), or the first difference when not verified.</summary>
        public string? Note { get; init; }

        public bool Measured => SizeBytes != null;
    }
}
