using System;
using System.Buffers;
using System.Diagnostics;
using Amber;
using Amber.Bench;

// Report<T> below is generic, so the generator cannot see T at its call sites: name the types here.
[assembly: AmberSerializable(typeof(MessageEnvelope))]
[assembly: AmberSerializable(typeof(BookShelf))]

// A small working demo until the comparison suite (issue 3) replaces it: it serializes the brief's
// envelope and bookshelf workloads with Amber, checks the round trip, and prints size, median time
// and allocations per operation.
var random = new Random(20261122);
var envelope = MessageEnvelope.Create(random);
var shelf = BookShelf.Create(100_000);

Console.WriteLine("Amber demo (the comparison suite arrives with issue 3)");
Console.WriteLine($"{"workload",-22} {"size (B)",12} {"ser (us)",10} {"deser (us)",11} {"ser alloc",10} {"deser alloc",12}");
Report("envelope", envelope, 20_000, (a, b) => a.From == b.From && a.To == b.To && a.Header == b.Header);
Report("bookshelf N=100,000", shelf, 30, (a, b) => a.Books!.Count == b.Books!.Count && a.Books[^1].Title == b.Books[^1].Title);

static void Report<T>(string name, T value, int iterations, Func<T, T, bool> verify)
{
    var buffer = new ArrayBufferWriter<byte>(1 << 16);
    AmberSerializer.Serialize(buffer, value);
    byte[] payload = buffer.WrittenSpan.ToArray();
    T back = AmberSerializer.Deserialize<T>(payload)!;
    if (!verify(value, back)) throw new InvalidOperationException($"{name}: round trip differs");

    double ser = Median(iterations, () => { buffer.ResetWrittenCount(); AmberSerializer.Serialize(buffer, value); });
    double de = Median(iterations, () => AmberSerializer.Deserialize<T>(payload));
    long serAlloc = Allocated(() => { buffer.ResetWrittenCount(); AmberSerializer.Serialize(buffer, value); });
    long deAlloc = Allocated(() => AmberSerializer.Deserialize<T>(payload));
    Console.WriteLine($"{name,-22} {payload.Length,12:N0} {ser,10:N2} {de,11:N2} {serAlloc,10:N0} {deAlloc,12:N0}");
}

static double Median(int iterations, Action action)
{
    for (int i = 0; i < Math.Max(3, iterations / 10); i++) action();
    GC.Collect();
    var samples = new double[iterations];
    for (int i = 0; i < iterations; i++)
    {
        long t0 = Stopwatch.GetTimestamp();
        action();
        samples[i] = (Stopwatch.GetTimestamp() - t0) * 1_000_000.0 / Stopwatch.Frequency;
    }
    Array.Sort(samples);
    return samples[iterations / 2];
}

static long Allocated(Action action)
{
    action();
    long before = GC.GetAllocatedBytesForCurrentThread();
    action();
    return GC.GetAllocatedBytesForCurrentThread() - before;
}
