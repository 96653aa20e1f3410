using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads
{
    /// <summary>A struct of three floats, like System.Numerics.Vector3.</summary>
    /// <remarks>MemoryPack copies an unmanaged struct as its memory in every mode (its version-tolerant mode does not apply to one).</remarks>
    [MemoryPackable]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial struct Vector3
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public float X;
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public float Y;
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public float Z;
    }

    public sealed class Vector3Workload : Workload
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
            var random = new Random(BenchScale.Seed);
            var values = new Vector3[scale.Vectors];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = new Vector3 { X = (float)random.NextDouble() * 100f, Y = (float)random.NextDouble() * 100f, Z = (float)random.NextDouble() * 100f };
            }
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

        public static void Compare(Comparer c, Vector3[] e, Vector3[] a) => c.Sequence("", e, a, (cc, p, x, y) =>
        {
            cc.Equal(p + ".X", x.X, y.X);
            cc.Equal(p + ".Y", x.Y, y.Y);
            cc.Equal(p + ".Z", x.Z, y.Z);
        });
    }
}
