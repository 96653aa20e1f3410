using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The writes into a window of room made beforehand (<see cref="AmberWindow"/>), each scalar at its extremes: the bytes
    /// are those of the checked write, and no write touches a byte past the room the generator reserves for its type
    /// (<c>ScalarInfo.MaxWindowBytes</c>) and the window's slack for an 8-byte store (<c>AmberWindow.Slack</c>), present or
    /// not. A maximum set too low would fail here instead of overrunning.
    /// </summary>
    public class WindowWriteTests
    {
        private delegate int WindowWrite<in T>(ref byte window, int at, T value);

        private delegate int WindowWritePresent<in T>(ref byte window, int at, T value, bool present);

        private const byte Guard = 0xA5;

        /// <summary>One scalar's window writes and checked write, over its extremes.</summary>
        private sealed class Scalar
        {
            public Scalar(string name, Func<byte[], int, int, bool?, int> write, Func<int, byte[]> checkedBytes, int count)
            {
                Name = name;
                Write = write;
                CheckedBytes = checkedBytes;
                Count = count;
            }

            public string Name { get; }

            /// <summary>Writes value number k into the buffer at an offset (present: null for the write without presence); returns the new offset.</summary>
            public Func<byte[], int, int, bool?, int> Write { get; }

            /// <summary>What the checked writer writes for value number k.</summary>
            public Func<int, byte[]> CheckedBytes { get; }

            public int Count { get; }

            public override string ToString() => Name;
        }

        private static Scalar Of<T>(string name, T[] values, WindowWrite<T> write, WindowWritePresent<T> writePresent, WriteValue<T> checkedWrite) => new Scalar(
            name,
            (buffer, at, k, present) => present is bool p ? writePresent(ref buffer[0], at, values[k], p) : write(ref buffer[0], at, values[k]),
            k => TestWire.Write((ref AmberWriter w) => checkedWrite(ref w, values[k])),
            values.Length);

        private static readonly Scalar[] Scalars =
        {
            Of("Boolean", new[] { false, true }, AmberWindow.WriteBoolean, AmberWindow.WriteBoolean, (ref AmberWriter w, bool v) => w.WriteBoolean(v)),
            Of("Byte", new byte[] { 0, 0x7F, 0x80, byte.MaxValue }, AmberWindow.WriteByte, AmberWindow.WriteByte, (ref AmberWriter w, byte v) => w.WriteByte(v)),
            Of("SByte", new sbyte[] { 0, -1, 63, -64, 64, sbyte.MinValue, sbyte.MaxValue }, AmberWindow.WriteSByte, AmberWindow.WriteSByte, (ref AmberWriter w, sbyte v) => w.WriteSByte(v)),
            Of("Int16", new short[] { 0, -1, 8191, -8192, 8192, short.MinValue, short.MaxValue }, AmberWindow.WriteInt16, AmberWindow.WriteInt16, (ref AmberWriter w, short v) => w.WriteInt16(v)),
            Of("UInt16", new ushort[] { 0, 0x7F, 0x3FFF, 0x4000, ushort.MaxValue }, AmberWindow.WriteUInt16, AmberWindow.WriteUInt16, (ref AmberWriter w, ushort v) => w.WriteUInt16(v)),
            Of("Char", new[] { '\0', 'A', '\u3FFF', '\u4000', char.MaxValue }, AmberWindow.WriteChar, AmberWindow.WriteChar, (ref AmberWriter w, char v) => w.WriteChar(v)),
            Of("Int32", new[] { 0, -1, 8191, -8192, 8192, 1 << 27, -(1 << 27) - 1, int.MinValue, int.MaxValue }, AmberWindow.WriteInt32, AmberWindow.WriteInt32, (ref AmberWriter w, int v) => w.WriteInt32(v)),
            Of("UInt32", new[] { 0u, 0x3FFFu, 0x4000u, 0x0FFF_FFFFu, 0x1000_0000u, uint.MaxValue }, AmberWindow.WriteUInt32, AmberWindow.WriteUInt32, (ref AmberWriter w, uint v) => w.WriteUInt32(v)),
            Of("Int64", new[] { 0L, -1L, 8192L, 1L << 55, -(1L << 55) - 1, 1L << 62, long.MinValue, long.MaxValue }, AmberWindow.WriteInt64, AmberWindow.WriteInt64, (ref AmberWriter w, long v) => w.WriteInt64(v)),
            Of("UInt64", new[] { 0UL, 0x3FFFUL, 0x4000UL, (1UL << 56) - 1, 1UL << 56, 1UL << 63, ulong.MaxValue }, AmberWindow.WriteUInt64, AmberWindow.WriteUInt64, (ref AmberWriter w, ulong v) => w.WriteUInt64(v)),
            Of("Single", new[] { 0f, -0f, float.NaN, float.MinValue, float.MaxValue, float.Epsilon, float.NegativeInfinity }, AmberWindow.WriteSingle, AmberWindow.WriteSingle, (ref AmberWriter w, float v) => w.WriteSingle(v)),
            Of("Double", new[] { 0d, -0d, double.NaN, double.MinValue, double.MaxValue, double.Epsilon, double.PositiveInfinity }, AmberWindow.WriteDouble, AmberWindow.WriteDouble, (ref AmberWriter w, double v) => w.WriteDouble(v)),
            Of("DateTime", new[] { default, DateTime.MinValue, DateTime.MaxValue, new DateTime(2026, 11, 28, 0, 0, 0, DateTimeKind.Utc), DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Local) }, AmberWindow.WriteDateTime, AmberWindow.WriteDateTime, (ref AmberWriter w, DateTime v) => w.WriteDateTime(v)),
            Of("Decimal", new[] { 0m, -0.00m, 1m, -1m, 12.3400m, decimal.MaxValue, decimal.MinValue, new decimal(1, 0, 0, false, 28), 79228162514264337593543950335m / 1000000m },
                (ref byte window, int at, decimal v) => DecimalAt(ref window, at, v, true), DecimalAt, (ref AmberWriter w, decimal v) => w.WriteDecimal(v)),
            Of("Guid", new[] { Guid.Empty, new Guid("00112233-4455-6677-8899-aabbccddeeff"), new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff") }, AmberWindow.WriteGuid, AmberWindow.WriteGuid, (ref AmberWriter w, Guid v) => w.WriteGuid(v)),
        };

        /// <summary>A decimal's window write: the writer's, since a decimal is a Bytes value that reference mode counts.</summary>
        private static int DecimalAt(ref byte window, int at, decimal value, bool present)
        {
            var w = new AmberWriter(new System.Buffers.ArrayBufferWriter<byte>());
            try
            {
                return w.WriteDecimalAt(ref window, at, value, present);
            }
            finally
            {
                w.Dispose();
            }
        }

        public static IEnumerable<object[]> Names() => Scalars.Select(s => new object[] { s.Name });

        private static Scalar Named(string name) => Scalars.Single(s => s.Name == name);

        [Fact]
        public void Every_scalar_the_generator_writes_in_a_window_is_tested_here()
        {
            string[] bounded = { "Boolean", "Byte", "SByte", "Int16", "UInt16", "Char", "Int32", "UInt32", "Int64", "UInt64", "Single", "Double", "DateTime", "Decimal", "Guid" };
            Assert.Equal(bounded.OrderBy(n => n), Scalars.Select(s => s.Name).OrderBy(n => n));
            Assert.All(bounded, n => Assert.True(ScalarKinds.OfName(n)!.MaxWindowBytes > 0, n));
            Assert.Equal(0, ScalarKinds.OfName("String")!.MaxWindowBytes);
            Assert.Equal(0, ScalarKinds.OfName("BigInteger")!.MaxWindowBytes);
        }

        [Theory]
        [MemberData(nameof(Names))]
        public void A_window_write_at_each_extreme_is_the_checked_write_and_stays_within_its_room(string name)
        {
            Scalar scalar = Named(name);
            int room = ScalarKinds.OfName(name)!.MaxWindowBytes;
            for (int k = 0; k < scalar.Count; k++)
            {
                byte[] expected = scalar.CheckedBytes(k);
                Assert.True(expected.Length <= room, $"{name} #{k}: the checked write takes {expected.Length} bytes, more than the {room} reserved");
                foreach (bool? present in new bool?[] { null, true, false })
                {
                    // The window starts 3 bytes into the buffer; its room and slack end exactly where the guard bytes start.
                    var buffer = Enumerable.Repeat(Guard, 3 + room + AmberWindow.Slack + 16).ToArray();
                    int end = scalar.Write(buffer, 3, k, present);
                    Assert.True(buffer.Skip(3 + room + AmberWindow.Slack).All(b => b == Guard), $"{name} #{k} (present: {present?.ToString() ?? "always"}) wrote past its {room} bytes of room and the slack");
                    Assert.True(buffer.Take(3).All(b => b == Guard), $"{name} #{k} wrote before its offset");
                    if (present == false)
                    {
                        Assert.Equal(3, end);
                        continue;
                    }
                    Assert.Equal(3 + expected.Length, end);
                    Assert.Equal(expected, buffer.Skip(3).Take(expected.Length).ToArray());
                }
            }
        }

        [Fact]
        public void A_run_of_every_scalar_at_its_largest_fills_the_sum_of_their_rooms_and_the_slack_and_no_more()
        {
            // The generator reserves the sum of the members' rooms for a run: one of every scalar, each at its longest value.
            int room = Scalars.Sum(s => ScalarKinds.OfName(s.Name)!.MaxWindowBytes);
            var buffer = Enumerable.Repeat(Guard, room + AmberWindow.Slack + 16).ToArray();
            var expected = new List<byte>();
            int at = 0;
            foreach (Scalar s in Scalars)
            {
                int longest = Enumerable.Range(0, s.Count).OrderByDescending(k => s.CheckedBytes(k).Length).First();
                at = s.Write(buffer, at, longest, true);
                expected.AddRange(s.CheckedBytes(longest));
            }
            Assert.Equal(expected.Count, at);
            Assert.Equal(expected, buffer.Take(at).ToArray());
            Assert.True(buffer.Skip(room + AmberWindow.Slack).All(b => b == Guard), "a run wrote past the sum of its members' rooms and the slack");
        }

        [Fact]
        public void A_window_opened_on_the_writer_moves_its_position_once_by_what_was_written()
        {
            byte[] bytes = TestWire.WriteStingy((ref AmberWriter w) =>
            {
                w.WriteByte(7);
                ref byte window = ref w.OpenWindow(ScalarKinds.OfName("Int64")!.MaxWindowBytes + ScalarKinds.OfName("Boolean")!.MaxWindowBytes);
                int at = AmberWindow.WriteInt64(ref window, 0, -300);
                at = AmberWindow.WriteBoolean(ref window, at, true, present: false);
                at = AmberWindow.WriteBoolean(ref window, at, true);
                w.CloseWindow(at);
                w.WriteByte(9);
            });
            byte[] expected = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteByte(7);
                w.WriteInt64(-300);
                w.WriteBoolean(true);
                w.WriteByte(9);
            });
            Assert.Equal(expected, bytes);
        }
    }
}
