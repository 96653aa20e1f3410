using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Format;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The reads from a window (<c>AmberReader.Read…At</c>, what generated code reads a run of members with): each scalar at
    /// its extremes gives the checked read's value and length, an absent member reads as its default and moves nothing, and
    /// bytes the checked read rejects are rejected with its error at the member's offset.
    /// </summary>
    public class WindowReadTests
    {
        private delegate T WindowRead<out T>(ref AmberReader r, ref byte window, ref int at, bool present);

        /// <summary>Reads <paramref name="member"/> from a window that starts after <paramref name="before"/> bytes and has the read room and slack after it.</summary>
        private static (T Value, int Read, long Position) ReadInWindow<T>(byte[] member, int room, bool present, WindowRead<T> read, int before = 3)
        {
            var bytes = new byte[before + Math.Max(room, member.Length) + AmberWindow.Slack];
            member.CopyTo(bytes, before);
            var r = new AmberReader(bytes);
            try
            {
                for (int i = 0; i < before; i++) r.ReadByte();
                Assert.True(r.HasReserved(room));
                ref byte window = ref r.OpenReadWindow();
                int at = 0;
                T value = read(ref r, ref window, ref at, present);
                r.CloseReadWindow(at);
                return (value, at, r.Position);
            }
            finally
            {
                r.Dispose();
            }
        }

        private static void AssertReadsAsChecked<T>(string scalar, T[] values, WriteValue<T> write, WindowRead<T> read)
        {
            int room = ScalarKinds.OfName(scalar)!.MaxWindowBytes;
            foreach (T value in values)
            {
                byte[] member = TestWire.Write((ref AmberWriter w) => write(ref w, value));
                var (got, length, position) = ReadInWindow(member, room, present: true, read);
                Assert.Equal(value, got);
                Assert.Equal(member.Length, length);
                Assert.Equal(3 + member.Length, position);
                var (absent, none, _) = ReadInWindow(member, room, present: false, read);
                Assert.Equal(default(T), absent);
                Assert.Equal(0, none);
            }
        }

        [Fact]
        public void Int32_at_its_extremes_reads_as_the_checked_read() =>
            AssertReadsAsChecked("Int32", new[] { 0, -1, 63, -64, 8191, -8192, 8192, 1 << 27, -(1 << 27) - 1, int.MinValue, int.MaxValue },
                (ref AmberWriter w, int v) => w.WriteInt32(v), (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadInt32At(ref b, ref at, p));

        [Fact]
        public void Int64_at_its_extremes_reads_as_the_checked_read_nine_and_ten_byte_varints_included() =>
            AssertReadsAsChecked("Int64", new[] { 0L, -1L, 8192L, 4_200_000_000L, (1L << 55) - 1, 1L << 55, -(1L << 55) - 1, 1L << 62, long.MinValue, long.MaxValue },
                (ref AmberWriter w, long v) => w.WriteInt64(v), (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadInt64At(ref b, ref at, p));

        [Fact]
        public void Boolean_single_double_and_DateTime_read_as_the_checked_reads()
        {
            AssertReadsAsChecked("Boolean", new[] { false, true }, (ref AmberWriter w, bool v) => w.WriteBoolean(v),
                (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadBooleanAt(ref b, ref at, p));
            AssertReadsAsChecked("Single", new[] { 0f, -0f, float.MinValue, float.MaxValue, float.Epsilon, float.NegativeInfinity },
                (ref AmberWriter w, float v) => w.WriteSingle(v), (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadSingleAt(ref b, ref at, p));
            AssertReadsAsChecked("Double", new[] { 0d, -0d, double.MinValue, double.MaxValue, double.Epsilon, double.PositiveInfinity },
                (ref AmberWriter w, double v) => w.WriteDouble(v), (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadDoubleAt(ref b, ref at, p));
            AssertReadsAsChecked("DateTime", new[] { default, DateTime.MinValue, DateTime.MaxValue, new DateTime(2026, 11, 28, 0, 0, 0, DateTimeKind.Utc), DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Local) },
                (ref AmberWriter w, DateTime v) => w.WriteDateTime(v), (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadDateTimeAt(ref b, ref at, p));
        }

        [Fact]
        public void An_overlong_bool_reads_as_the_checked_read_does()
        {
            // 0x81 0x00 is the varint 1 in two bytes: the checked read takes it as true, and so does the window.
            var (value, length, _) = ReadInWindow(new byte[] { 0x81, 0x00 }, 1, present: true,
                (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadBooleanAt(ref b, ref at, p));
            Assert.True(value);
            Assert.Equal(2, length);
        }

        public static IEnumerable<object[]> Rejected() => new[]
        {
            // A varint of 2^33 where an int's zig-zag form takes 32 bits.
            new object[] { "Int32", new byte[] { 0x80, 0x80, 0x80, 0x80, 0x20 }, "Int32" },
            new object[] { "Int64", new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F }, "varint" },
            new object[] { "Int64", Enumerable.Repeat((byte)0xFF, 11).ToArray(), "varint" },
            new object[] { "Boolean", new byte[] { 0x02 }, "bool has the value 2" },
            // Ticks past DateTime.MaxValue.
            new object[] { "DateTime", BitConverter.GetBytes(0x3FFF_FFFF_FFFF_FFFFUL), "DateTime" },
        };

        [Theory]
        [MemberData(nameof(Rejected))]
        public void Bytes_the_checked_read_rejects_are_rejected_at_the_members_offset(string scalar, byte[] member, string named)
        {
            WindowRead<object> read = scalar switch
            {
                "Int32" => (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadInt32At(ref b, ref at, p),
                "Int64" => (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadInt64At(ref b, ref at, p),
                "Boolean" => (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadBooleanAt(ref b, ref at, p),
                _ => (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadDateTimeAt(ref b, ref at, p),
            };
            // The member is the second in its window, after a one-byte int: its offset is 3 + 1.
            byte[] run = new byte[] { 0x02 }.Concat(member).ToArray();
            WindowRead<object> second = (ref AmberReader r, ref byte b, ref int at, bool p) =>
            {
                Assert.Equal(1, r.ReadInt32At(ref b, ref at, true));
                return read(ref r, ref b, ref at, p);
            };
            var ex = Assert.ThrowsAny<AmberException>(() => ReadInWindow(run, 1 + ScalarKinds.OfName(scalar)!.MaxWindowBytes, present: true, second));
            Assert.Equal(4, ex.ByteOffset);
            Assert.Contains(named, ex.Message, StringComparison.OrdinalIgnoreCase);
            // Absent, the same bytes are never looked at.
            var (_, length, _) = ReadInWindow(run, 1 + ScalarKinds.OfName(scalar)!.MaxWindowBytes, present: false, second);
            Assert.Equal(1, length);
        }
        [Theory]
        [InlineData("Boolean", new byte[] { 0x9F, 0x00 })]                           // 31 in two bytes
        [InlineData("Int32", new byte[] { 0x80, 0x80, 0x80, 0x80, 0xA0, 0x00 })]     // 2^33 in six bytes
        public void An_overlong_varint_the_checked_read_rejects_is_rejected_at_its_offset(string scalar, byte[] member)
        {
            // The checked read names a varint by its end less its shortest length; written longer than it needs, that is
            // inside the value, and the window must say the same.
            WindowRead<object> read = scalar == "Boolean"
                ? (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadBooleanAt(ref b, ref at, p)
                : (ref AmberReader r, ref byte b, ref int at, bool p) => r.ReadInt32At(ref b, ref at, p);
            var windowed = Assert.ThrowsAny<AmberException>(() => ReadInWindow(member, ScalarKinds.OfName(scalar)!.MaxWindowBytes + member.Length, present: true, read));
            var bytes = new byte[3 + member.Length];
            member.CopyTo(bytes, 3);
            var @checked = Assert.ThrowsAny<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                try
                {
                    for (int i = 0; i < 3; i++) r.ReadByte();
                    if (scalar == "Boolean") r.ReadBoolean();
                    else r.ReadInt32();
                }
                finally
                {
                    r.Dispose();
                }
            });
            Assert.Equal(@checked.Problem, windowed.Problem);
            Assert.Equal(@checked.ByteOffset, windowed.ByteOffset);
        }
    }
}
