using System;
using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    public sealed partial class EnvelopeWorkload : Workload
    {
        public override string Name => "envelope";

        public override string Description => "one network message: Header \"Test\", fresh From/To Guids, everything else default";

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            MessageEnvelope value = EnvelopeGenerator.Create(new Random(BenchScale.Seed));
            yield return new WorkloadCase<MessageEnvelope>(Name, 1, value, Compare);
        }
    }
}
