using System;
using System.Buffers;
using System.Collections;
using System.Diagnostics;
using System.Reflection;
using System.Runtime;

namespace Amber.Soak
{
    /// <summary>One reading of the process's memory after a full, compacting collection.</summary>
    internal readonly record struct MemorySample(long Heap, long PoolHeld, long WorkingSet, long Committed, int Gen2Count)
    {
        /// <summary>The heap less what ArrayPool&lt;byte&gt;.Shared holds: what the program and Amber keep.</summary>
        public long Held => PoolHeld >= 0 ? Heap - PoolHeld : Heap;
    }

    internal static class Memory
    {
        /// <summary>A full blocking collection that compacts the Large Object Heap too, twice around the finalizers, then a reading.</summary>
        public static MemorySample Settle()
        {
            for (int i = 0; i < 2; i++)
            {
                GCSettings.LargeObjectHeapCompactionMode = GCLargeObjectHeapCompactionMode.CompactOnce;
                GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
                GC.WaitForPendingFinalizers();
            }
            long heap = GC.GetTotalMemory(forceFullCollection: true);
            GCMemoryInfo info = GC.GetGCMemoryInfo(GCKind.Any);
            using Process self = Process.GetCurrentProcess();
            self.Refresh();
            return new MemorySample(heap, ArrayPoolHeld(), self.WorkingSet64, info.TotalCommittedBytes, GC.CollectionCount(2));
        }

        /// <summary>
        /// The bytes of the arrays <see cref="ArrayPool{T}.Shared"/> (of bytes) holds for reuse: its per-thread slots and
        /// its per-core stacks. Amber returns its large buffers there, and the pool keeps them until its own trimming (30 to
        /// 60 seconds after their last use), so the soak counts them apart from what Amber keeps. Read through the pool's
        /// private fields; -1 when this runtime's pool has another layout (then nothing is subtracted).
        /// </summary>
        public static long ArrayPoolHeld()
        {
            try
            {
                const BindingFlags Instance = BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public;
                object pool = ArrayPool<byte>.Shared;
                Type type = pool.GetType();
                long total = 0;
                if (type.GetField("_buckets", Instance)?.GetValue(pool) is not Array buckets) return -1;
                foreach (object? partitions in buckets)
                {
                    if (partitions == null) continue;
                    if (partitions.GetType().GetField("_partitions", Instance)?.GetValue(partitions) is not Array parts) return -1;
                    foreach (object? part in parts)
                    {
                        if (part == null) continue;
                        if (part.GetType().GetField("_arrays", Instance)?.GetValue(part) is not Array arrays) return -1;
                        foreach (object? a in arrays) if (a is byte[] b) total += b.Length;
                    }
                }
                if (type.GetField("_allTlsBuckets", Instance)?.GetValue(pool) is not IEnumerable threads) return -1;
                foreach (object? pair in threads)
                {
                    if (pair?.GetType().GetProperty("Key")?.GetValue(pair) is not Array slots) return -1;
                    foreach (object? slot in slots)
                    {
                        if (slot?.GetType().GetField("Array", Instance)?.GetValue(slot) is byte[] b) total += b.Length;
                    }
                }
                return total;
            }
            catch (Exception e) when (e is TargetException or FieldAccessException or MemberAccessException or InvalidCastException)
            {
                return -1;
            }
        }
    }
}
