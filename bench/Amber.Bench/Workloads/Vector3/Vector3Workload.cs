using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Amber.Bench.Workloads
{
    public sealed partial class Vector3Workload : Workload
    {
        public override string Name => "vector3";

        public override string Description => "Vector3[10,000]: bulk structs, the memory-copy path";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "vector3: the \"memory copy (reference)\" line is not a serializer: it copies the same bytes into a fresh Vector3[] (a new array whose memory is not zeroed first, GC.AllocateUninitializedArray, then Span.CopyTo), what reading them costs at best, timed in the same rounds; "
                + "the percentage is its time divided by Amber's deserialize time.",
        };

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            Vector3[] values = Vector3Generator.Create(new Random(BenchScale.Seed), scale.Vectors);
            yield return new WorkloadCase<Vector3[]>(Name, values.Length, values, Compare)
            {
                // What reading the bytes costs at best: the same bytes copied into a fresh array.
                Baseline = new Baseline("memory copy (reference)", (long)values.Length * Unsafe.SizeOf<Vector3>(), () =>
                {
                    Vector3[] copy = GC.AllocateUninitializedArray<Vector3>(values.Length);
                    values.AsSpan().CopyTo(copy);
                }),
            };
        }
    }
}
