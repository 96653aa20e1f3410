using System;
using System.Buffers;
using System.Collections.Generic;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MemoryPack;

namespace Amber.Benchmarks
{
    /// <summary>
    /// How fast an encoding can be written at best, apart from any serializer: 50,000 objects of seven small ints (0 to
    /// 99), written by loops written for this one type (no null, depth or reference handling, one capacity check per
    /// call), beside Amber and MemoryPack. The loops write, per object after the first:
    /// <list type="bullet">
    /// <item><c>CompactFloor</c>: Amber's own bytes (a one-byte shape reference, the presence varint, seven zig-zag
    /// varints, each of at most two bytes here, stored without a branch on its length). Setup checks that they are
    /// the bytes <see cref="AmberSerializer"/> writes.</item>
    /// <item><c>GroupVarintFloor</c>: the same values with a two-bit length per value in a control word (1 to 4
    /// bytes each, one 4-byte store and a move of the offset per value).</item>
    /// <item><c>NaturalWidthFloor</c>: each present value in its 4 bytes, offsets moved by presence (the fixed-width
    /// form a version-tolerant format with presence could have).</item>
    /// </list>
    /// <c>CompactFloorRead</c> reads the compact bytes back into new objects, as a deserializer must.
    /// </summary>
    [MemoryDiagnoser]
    [GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
    [CategoriesColumn]
    public class EncodingFloorBenchmarks
    {
        private const int N = 50_000;
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(N * 40 + 1024);
        private SmallInts _value = null!;
        private byte[] _amber = null!, _memoryPack = null!, _compact = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(20261128);
            _value = new SmallInts();
            for (int i = 0; i < N; i++)
            {
                _value.Items.Add(new SevenInts
                {
                    A = random.Next(100), B = random.Next(100), C = random.Next(100), D = random.Next(100),
                    E = random.Next(100), F = random.Next(100), G = random.Next(100),
                });
            }
            _amber = AmberSerializer.Serialize(_value);
            _memoryPack = MemoryPackSerializer.Serialize(_value);
            CompactFloor();
            _compact = new byte[_output.WrittenCount + 16];   // the floor reader's loads of two bytes need slack past the end
            _output.WrittenSpan.CopyTo(_compact);
            // The floor writes Amber's format: every object after the first (which also defines the shape) is byte for
            // byte what the serializer wrote, and the payload ends with them.
            int first = 2 + Compact.Length(_value.Items[0]);
            if (!_amber.AsSpan().EndsWith(_compact.AsSpan(first, _output.WrittenCount - first)))
                throw new InvalidOperationException("The compact floor does not write the bytes Amber writes.");
            List<SevenInts> back = CompactFloorRead();
            for (int i = 0; i < N; i++)
            {
                if (!back[i].SameAs(_value.Items[i])) throw new InvalidOperationException($"The compact floor reads object {i} wrong.");
            }
        }

        [Benchmark(Baseline = true, OperationsPerInvoke = N)]
        [BenchmarkCategory("Serialize")]
        public int Amber()
        {
            _output.ResetWrittenCount();
            AmberSerializer.Serialize(_output, _value);
            return _output.WrittenCount;
        }

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Serialize")]
        public int MemoryPack()
        {
            _output.ResetWrittenCount();
            MemoryPackSerializer.Serialize(_output, _value);
            return _output.WrittenCount;
        }

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Serialize")]
        public int CompactFloor()
        {
            _output.ResetWrittenCount();
            List<SevenInts> items = _value.Items;
            ref byte b = ref MemoryMarshal.GetReference(_output.GetSpan(items.Count * 20));
            int o = 0;
            foreach (SevenInts x in items) o = Compact.Write(ref b, o, x);
            _output.Advance(o);
            return o;
        }

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Serialize")]
        public int GroupVarintFloor()
        {
            _output.ResetWrittenCount();
            List<SevenInts> items = _value.Items;
            ref byte b = ref MemoryMarshal.GetReference(_output.GetSpan(items.Count * 36));
            int o = 0;
            foreach (SevenInts x in items)
            {
                uint p = x.Presence();
                int control = Head(ref b, o, p);
                o = control + 2;
                uint lengths = 0;
                o = Group(ref b, o, x.A, p, 0, ref lengths);
                o = Group(ref b, o, x.B, p, 1, ref lengths);
                o = Group(ref b, o, x.C, p, 2, ref lengths);
                o = Group(ref b, o, x.D, p, 3, ref lengths);
                o = Group(ref b, o, x.E, p, 4, ref lengths);
                o = Group(ref b, o, x.F, p, 5, ref lengths);
                o = Group(ref b, o, x.G, p, 6, ref lengths);
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, control), (ushort)lengths);
            }
            _output.Advance(o);
            return o;
        }

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Serialize")]
        public int NaturalWidthFloor()
        {
            _output.ResetWrittenCount();
            List<SevenInts> items = _value.Items;
            ref byte b = ref MemoryMarshal.GetReference(_output.GetSpan(items.Count * 32));
            int o = 0;
            foreach (SevenInts x in items)
            {
                uint p = x.Presence();
                o = Head(ref b, o, p);
                o = Natural(ref b, o, x.A, p & 1);
                o = Natural(ref b, o, x.B, p & 2);
                o = Natural(ref b, o, x.C, p & 4);
                o = Natural(ref b, o, x.D, p & 8);
                o = Natural(ref b, o, x.E, p & 16);
                o = Natural(ref b, o, x.F, p & 32);
                o = Natural(ref b, o, x.G, p & 64);
            }
            _output.Advance(o);
            return o;
        }

        [Benchmark(Baseline = true, OperationsPerInvoke = N)]
        [BenchmarkCategory("Deserialize")]
        public SmallInts? AmberRead() => AmberSerializer.Deserialize<SmallInts>(_amber);

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Deserialize")]
        public SmallInts? MemoryPackRead() => MemoryPackSerializer.Deserialize<SmallInts>(_memoryPack);

        [Benchmark(OperationsPerInvoke = N)]
        [BenchmarkCategory("Deserialize")]
        public List<SevenInts> CompactFloorRead()
        {
            ReadOnlySpan<byte> data = _compact;
            var items = new List<SevenInts>(N);
            ref byte b = ref MemoryMarshal.GetReference(data);
            int o = 0;
            for (int i = 0; i < N; i++)
            {
                if (data.Length - o < 2 + 7 * 2 + 1) throw new InvalidOperationException("short input");
                if (Unsafe.Add(ref b, o) != 0x05) throw new InvalidOperationException("another shape");
                uint p = Unsafe.Add(ref b, o + 1);
                o += 2;
                var x = new SevenInts();
                x.A = Compact.Read(ref b, ref o, (p & 1) != 0);
                x.B = Compact.Read(ref b, ref o, (p & 2) != 0);
                x.C = Compact.Read(ref b, ref o, (p & 4) != 0);
                x.D = Compact.Read(ref b, ref o, (p & 8) != 0);
                x.E = Compact.Read(ref b, ref o, (p & 16) != 0);
                x.F = Compact.Read(ref b, ref o, (p & 32) != 0);
                x.G = Compact.Read(ref b, ref o, (p & 64) != 0);
                items.Add(x);
            }
            return items;
        }

        /// <summary>An object's header after the first: the shape of id 1 by reference (the list's root object has id 0), and its presence byte.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Head(ref byte b, int o, uint presence)
        {
            Unsafe.Add(ref b, o) = 0x05;
            Unsafe.Add(ref b, o + 1) = (byte)presence;
            return o + 2;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Group(ref byte b, int o, int value, uint presence, int index, ref uint lengths)
        {
            uint z = (uint)((value << 1) ^ (value >> 31));
            int length = (39 - BitOperations.LeadingZeroCount(z | 1)) >> 3;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, o), z);
            lengths |= (uint)(length - 1) << (2 * index);
            return ((presence >> index) & 1) != 0 ? o + length : o;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static int Natural(ref byte b, int o, int value, uint present)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, o), value);
            return present != 0 ? o + 4 : o;
        }

        /// <summary>Amber's compact form of one object after the first, for values whose zig-zag form is below 2^14.</summary>
        private static class Compact
        {
            public static int Length(SevenInts x)
            {
                var scratch = new byte[32];
                return Write(ref scratch[0], 0, x) - 2;
            }

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public static int Write(ref byte b, int o, SevenInts x)
            {
                uint p = x.Presence();
                o = Head(ref b, o, p);
                o = Varint(ref b, o, x.A, p & 1);
                o = Varint(ref b, o, x.B, p & 2);
                o = Varint(ref b, o, x.C, p & 4);
                o = Varint(ref b, o, x.D, p & 8);
                o = Varint(ref b, o, x.E, p & 16);
                o = Varint(ref b, o, x.F, p & 32);
                return Varint(ref b, o, x.G, p & 64);
            }

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            private static int Varint(ref byte b, int o, int value, uint present)
            {
                uint z = (uint)((value << 1) ^ (value >> 31));
                if (z >= 1u << 14) throw new ArgumentOutOfRangeException(nameof(value), "The floor's values fit two bytes.");
                uint more = z >= 0x80 ? 1u : 0u;
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, o), (ushort)((z & 0x7F) | (more << 7) | ((z >> 7) << 8)));
                return present != 0 ? o + 1 + (int)more : o;
            }

            [MethodImpl(MethodImplOptions.AggressiveInlining)]
            public static int Read(ref byte b, ref int o, bool present)
            {
                uint w = Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref b, o));
                if ((w & 0x8080) == 0x8080 && present) throw new InvalidOperationException("The floor's values fit two bytes.");
                uint more = (w >> 7) & 1;
                uint z = (w & 0x7F) | (((w >> 8) & (0u - more)) << 7);
                o += present ? 1 + (int)more : 0;
                int value = (int)(z >> 1) ^ -(int)(z & 1);
                return present ? value : 0;
            }
        }
    }

    /// <summary>Seven small ints: the shape of a row of counters or codes.</summary>
    [MemoryPackable]
    public sealed partial class SevenInts
    {
        public int A { get; set; }
        public int B { get; set; }
        public int C { get; set; }
        public int D { get; set; }
        public int E { get; set; }
        public int F { get; set; }
        public int G { get; set; }

        internal uint Presence() =>
            (A != 0 ? 1u : 0) | (B != 0 ? 2u : 0) | (C != 0 ? 4u : 0) | (D != 0 ? 8u : 0) | (E != 0 ? 16u : 0) | (F != 0 ? 32u : 0) | (G != 0 ? 64u : 0);

        internal bool SameAs(SevenInts o) => A == o.A && B == o.B && C == o.C && D == o.D && E == o.E && F == o.F && G == o.G;
    }

    /// <summary>The root: a list of them.</summary>
    [MemoryPackable]
    public sealed partial class SmallInts
    {
        public List<SevenInts> Items { get; set; } = new List<SevenInts>();
    }
}
