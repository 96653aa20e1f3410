using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Sport;

namespace Amber.Bench.Workloads
{
    public sealed partial class SportEventsWorkload : Workload
    {
        public override string Name => "sportevents";

        public override string Description => "SportEvent records (a sports data topic's snapshot), ~19 members each, about 7–8 KB serialized";

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            var generator = new SportEventGenerator(new Random(BenchScale.Seed));
            var events = new List<SportEvent>(scale.SportEvents);
            for (int i = 0; i < scale.SportEvents; i++) events.Add(generator.Next(i));
            yield return new WorkloadCase<List<SportEvent>>(Name, events.Count, events, Compare);
        }
    }
}
