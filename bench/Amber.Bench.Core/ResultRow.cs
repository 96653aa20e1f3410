namespace Amber.Bench.Runner
{
    /// <summary>One workload × serializer: the CSV's columns (null = not measured), and the spread of the times.</summary>
    public sealed class ResultRow
    {
        public string Workload { get; init; } = "";

        /// <summary>The workload's case, where its cases differ in shape (<see cref="Workloads.WorkloadCase.Case"/>); null otherwise.</summary>
        public string? Case { get; init; }

        /// <summary>The workload's name, and the case's after a colon when there is one ("everyday: records"): the CSV's workload column.</summary>
        public string Title => Case == null ? Workload : Workload + ": " + Case;

        public string Serializer { get; init; } = "";
        public int Objects { get; init; }
        public long? SizeBytes { get; init; }
        public double? SerializeNs { get; init; }
        public double? DeserializeNs { get; init; }
        public long? SerializeAllocBytes { get; init; }
        public long? DeserializeAllocBytes { get; init; }
        public long? PeakWorkingSetBytes { get; init; }

        /// <summary>The lowest and highest median of a single round of serializing (printed beside the median; not a CSV column).</summary>
        public (double Low, double High)? SerializeSpread { get; init; }

        /// <summary>The same for deserializing.</summary>
        public (double Low, double High)? DeserializeSpread { get; init; }
        public bool Verified { get; init; }

        /// <summary>Whether the serializer was set up to keep shared references (two references to one object come back as one); the summary compares like with like.</summary>
        public bool KeepsReferences { get; init; }

        /// <summary>A reference point (<see cref="Workloads.Baseline"/>), not a serializer: printed under its table, left out of the CSV, the chart and the summary.</summary>
        public bool IsBaseline { get; init; }

        /// <summary>Why the row has no figures (not available, failed), or the first difference when not verified.</summary>
        public string? Note { get; init; }

        public bool Measured => SizeBytes != null;
    }
}
