using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Xunit;

namespace Amber.Tests.Runtime
{
    public delegate void WriteAction(ref AmberWriter writer);

    public delegate void WriteValue<in T>(ref AmberWriter writer, T value);

    public delegate T ReadFunc<out T>(ref AmberReader reader);

    /// <summary>Helpers to drive <see cref="AmberWriter"/> and <see cref="AmberReader"/> directly.</summary>
    public static class TestWire
    {
        /// <summary>Runs <paramref name="action"/> on a fresh writer and returns the bytes.</summary>
        public static byte[] Write(WriteAction action, AmberOptions? options = null)
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new AmberWriter(output, options);
            try
            {
                action(ref writer);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
            return output.WrittenSpan.ToArray();
        }

        /// <summary>Like <see cref="Write"/> but into a buffer writer that hands out spans of exactly the size asked for.</summary>
        public static byte[] WriteStingy(WriteAction action, AmberOptions? options = null)
        {
            var output = new StingyBufferWriter();
            var writer = new AmberWriter(output, options);
            try
            {
                action(ref writer);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
            return output.ToArray();
        }

        /// <summary>Reads <paramref name="data"/> with <paramref name="read"/> and checks that every byte was consumed.</summary>
        public static T Read<T>(byte[] data, ReadFunc<T> read, AmberOptions? options = null)
        {
            var reader = new AmberReader(data, options);
            try
            {
                T value = read(ref reader);
                Assert.Equal(data.Length, reader.Position);
                Assert.Equal(0, reader.Remaining);
                reader.EnsureEnd();
                return value;
            }
            finally
            {
                reader.Dispose();
            }
        }

        /// <summary>Reads a sequence with <paramref name="read"/> and checks that every byte was consumed.</summary>
        public static T Read<T>(in ReadOnlySequence<byte> data, ReadFunc<T> read, AmberOptions? options = null)
        {
            var reader = new AmberReader(data, options);
            try
            {
                T value = read(ref reader);
                Assert.Equal(data.Length, reader.Position);
                Assert.Equal(0, reader.Remaining);
                reader.EnsureEnd();
                return value;
            }
            finally
            {
                reader.Dispose();
            }
        }

        /// <summary>
        /// Writes <paramref name="value"/>, checks that the stingy buffer writer produces the same bytes,
        /// then reads it back from one span, from one-byte segments and from every two-segment split
        /// (for short payloads), and returns the value read from the span plus the bytes.
        /// </summary>
        public static (T Value, byte[] Bytes) RoundTrip<T>(T value, WriteValue<T> write, ReadFunc<T> read, Action<T, T> assertEqual)
        {
            byte[] bytes = Write((ref AmberWriter w) => write(ref w, value));
            byte[] stingy = WriteStingy((ref AmberWriter w) => write(ref w, value));
            Assert.Equal(Hex(bytes), Hex(stingy));

            // The first value of a payload meets an empty output span, so the writer's fast paths
            // (which need room in the current span) only run for later values: write one after a byte.
            byte[] prefixed = Write((ref AmberWriter w) =>
            {
                w.WriteByteRaw(0xEE);
                write(ref w, value);
            });
            Assert.Equal(Hex(bytes), Hex(prefixed.AsSpan(1)));
            assertEqual(value, Read(prefixed, (ref AmberReader r) =>
            {
                Assert.Equal(0xEE, r.ReadByteRaw());
                return read(ref r);
            }));

            T fromSpan = Read(bytes, read);
            assertEqual(value, fromSpan);
            T fromSegments = Read(TestSequences.OneByteSegments(bytes), read);
            assertEqual(value, fromSegments);
            if (bytes.Length <= 64)
            {
                for (int i = 0; i <= bytes.Length; i++) assertEqual(value, Read(TestSequences.SplitAt(bytes, i), read));
            }
            else
            {
                assertEqual(value, Read(TestSequences.Chunked(bytes, 7), read));
                assertEqual(value, Read(TestSequences.SplitAt(bytes, bytes.Length / 2), read));
            }
            return (fromSpan, bytes);
        }

        /// <summary>Upper-case hex with spaces: "05 54 65".</summary>
        public static string Hex(ReadOnlySpan<byte> bytes)
        {
            var sb = new StringBuilder(bytes.Length * 3);
            for (int i = 0; i < bytes.Length; i++)
            {
                if (i > 0) sb.Append(' ');
                sb.Append(bytes[i].ToString("X2", CultureInfo.InvariantCulture));
            }
            return sb.ToString();
        }

        /// <summary>Parses "05 54 65" (spaces optional).</summary>
        public static byte[] Bytes(string hex)
        {
            string s = hex.Replace(" ", "", StringComparison.Ordinal);
            if (s.Length % 2 != 0) throw new ArgumentException("Odd hex length.", nameof(hex));
            var result = new byte[s.Length / 2];
            for (int i = 0; i < result.Length; i++) result[i] = byte.Parse(s.AsSpan(2 * i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
            return result;
        }

        /// <summary>Concatenates byte arrays.</summary>
        public static byte[] Concat(params byte[][] parts)
        {
            var list = new List<byte>();
            foreach (byte[] p in parts) list.AddRange(p);
            return list.ToArray();
        }
    }

    /// <summary>
    /// A buffer writer that returns spans of exactly the requested size, each a fresh array, so the
    /// writer's refill and slow paths run as often as possible.
    /// </summary>
    public sealed class StingyBufferWriter : IBufferWriter<byte>
    {
        private readonly List<byte> _written = new List<byte>();
        private byte[] _current = Array.Empty<byte>();

        public int SpansHandedOut { get; private set; }

        public void Advance(int count)
        {
            if (count < 0 || count > _current.Length) throw new InvalidOperationException("Advanced past the span handed out.");
            for (int i = 0; i < count; i++) _written.Add(_current[i]);
            _current = Array.Empty<byte>();
        }

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            _current = new byte[Math.Max(sizeHint, 1)];
            SpansHandedOut++;
            return _current;
        }

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

        public byte[] ToArray() => _written.ToArray();
    }
}

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// Calls the <see cref="AmberSerializer"/> entry points through generic methods only, so the
    /// source generator (which serves calls with a concrete type argument) never emits a formatter
    /// for the test types: these tests exercise the hand-written formatters registered by hand.
    /// </summary>
    public static class ViaRegistry
    {
        public static byte[] Serialize<T>(T value, AmberOptions? options = null) => AmberSerializer.Serialize<T>(value, options);

        public static void Serialize<T>(System.Buffers.IBufferWriter<byte> destination, T value, AmberOptions? options = null) =>
            AmberSerializer.Serialize<T>(destination, value, options);

        public static void Serialize<T>(System.IO.Stream destination, T value, AmberOptions? options = null) =>
            AmberSerializer.Serialize<T>(destination, value, options);

        public static System.Threading.Tasks.ValueTask SerializeAsync<T>(System.IO.Stream destination, T value) =>
            AmberSerializer.SerializeAsync<T>(destination, value);

        public static T? Deserialize<T>(byte[] source, AmberOptions? options = null) => AmberSerializer.Deserialize<T>(source.AsSpan(), options);

        public static T? Deserialize<T>(System.Buffers.ReadOnlySequence<byte> source, AmberOptions? options = null) => AmberSerializer.Deserialize<T>(source, options);

        public static T? Deserialize<T>(System.IO.Stream source, AmberOptions? options = null) => AmberSerializer.Deserialize<T>(source, options);

        public static System.Threading.Tasks.ValueTask<T?> DeserializeAsync<T>(System.IO.Stream source) => AmberSerializer.DeserializeAsync<T>(source);
    }
}
