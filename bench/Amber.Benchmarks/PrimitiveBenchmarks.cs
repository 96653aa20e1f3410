using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;

namespace Amber.Benchmarks
{
    // The codec's inner loops through the public AmberWriter/AmberReader, as a hand-written formatter
    // calls them. Each invocation runs a loop of N operations (OperationsPerInvoke), so the figures
    // are per value. Note: a writer or reader made with the public constructor rents the per-payload
    // state that only AmberSerializer gives back, so the small allocation reported per invoke is that
    // state, not the loop.

    /// <summary>Varints of mixed lengths (1 to 5 bytes).</summary>
    [MemoryDiagnoser]
    public class VarintBenchmarks
    {
        private const int N = 1_000;
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(N * 10);
        private readonly ulong[] _values = new ulong[N];
        private byte[] _payload = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(20261122);
            for (int i = 0; i < N; i++)
            {
                // Mostly small numbers, as counts, ids and lengths are; some up to 32 bits.
                int bits = (i % 4) switch { 0 => 7, 1 => 14, 2 => 21, _ => 32 };
                _values[i] = (ulong)random.NextInt64(1L << bits);
            }
            WriteVarints();
            _payload = _output.WrittenSpan.ToArray();
        }

        [Benchmark(OperationsPerInvoke = N)]
        public int WriteVarints()
        {
            _output.ResetWrittenCount();
            var writer = new AmberWriter(_output);
            ulong[] values = _values;
            for (int i = 0; i < values.Length; i++) writer.WriteVarint(values[i]);
            writer.Flush();
            return _output.WrittenCount;
        }

        [Benchmark(OperationsPerInvoke = N)]
        public ulong ReadVarints()
        {
            var reader = new AmberReader(_payload);
            ulong sum = 0;
            for (int i = 0; i < N; i++) sum += reader.ReadVarint();
            return sum;
        }
    }

    /// <summary>Short ASCII strings ("Book 0" … "Book 999"): the bookshelf's titles.</summary>
    [MemoryDiagnoser]
    public class StringBenchmarks
    {
        private const int N = 1_000;
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(N * 16);
        private readonly string[] _values = new string[N];
        private byte[] _payload = null!;

        [GlobalSetup]
        public void Setup()
        {
            for (int i = 0; i < N; i++) _values[i] = "Book " + i;
            WriteStrings();
            _payload = _output.WrittenSpan.ToArray();
        }

        [Benchmark(OperationsPerInvoke = N)]
        public int WriteStrings()
        {
            _output.ResetWrittenCount();
            var writer = new AmberWriter(_output);
            string[] values = _values;
            for (int i = 0; i < values.Length; i++) writer.WriteString(values[i]);
            writer.Flush();
            return _output.WrittenCount;
        }

        [Benchmark(OperationsPerInvoke = N)]
        public int ReadStrings()
        {
            var reader = new AmberReader(_payload);
            int total = 0;
            for (int i = 0; i < N; i++) total += reader.ReadString()!.Length;
            return total;
        }
    }

    /// <summary>A packed float[10,000] (40 KB): the memory-copy path of bulk primitives.</summary>
    [MemoryDiagnoser]
    public class PackedFloatBenchmarks
    {
        private const int N = 10_000;
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(N * 4 + 16);
        private readonly float[] _values = new float[N];
        private readonly float[] _destination = new float[N];
        private byte[] _payload = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(20261122);
            for (int i = 0; i < N; i++) _values[i] = (float)random.NextDouble() * 100f;
            WritePacked();
            _payload = _output.WrittenSpan.ToArray();
        }

        [Benchmark]
        public int WritePacked()
        {
            _output.ResetWrittenCount();
            var writer = new AmberWriter(_output);
            writer.WritePacked<float>(_values);
            writer.Flush();
            return _output.WrittenCount;
        }

        /// <summary>Into an existing array: the header, then the copy.</summary>
        [Benchmark]
        public float ReadPacked()
        {
            var reader = new AmberReader(_payload);
            int count = (int)reader.ReadVarint() - 1;
            byte descriptor = reader.ReadByteRaw();
            reader.ReadPrimitives<float>(_destination.AsSpan(0, count), descriptor);
            return _destination[N - 1];
        }

        /// <summary>Into a new array, as a deserializer does.</summary>
        [Benchmark]
        public float[] ReadPackedArray()
        {
            var reader = new AmberReader(_payload);
            int count = (int)reader.ReadVarint() - 1;
            byte descriptor = reader.ReadByteRaw();
            return reader.ReadPrimitiveArray<float>(count, descriptor);
        }
    }
}
