using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Amber.Format;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>Bad input always fails with an <see cref="AmberException"/> that says where.</summary>
    public class ReaderErrorTests
    {
        static ReaderErrorTests()
        {
            AmberFormatterRegistry.Register<Book?>(BookFormatter.Instance);
            AmberFormatterRegistry.Register<Shelf?>(ShelfFormatter.Instance);
            AmberFormatterRegistry.Register<int>(new Int32Formatter());
        }

        private static string ReadFull(ref AmberReader r) => MixedPayload.Read(ref r, MixedPayload.Shape);

        private static AmberException AssertAmber(byte[] bytes, ReadFunc<object?> read, bool ensureEnd = true)
        {
            return Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                read(ref r);
                if (ensureEnd) r.EnsureEnd();
            });
        }

        private static AmberException AssertAmber(ReadOnlySequence<byte> bytes, ReadFunc<object?> read, bool ensureEnd = true)
        {
            return Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(bytes);
                read(ref r);
                if (ensureEnd) r.EnsureEnd();
            });
        }

        [Fact]
        public void Every_truncation_of_the_mixed_payload_throws_AmberException_with_the_offset()
        {
            byte[] payload = MixedPayload.Build();
            for (int length = 0; length < payload.Length; length++)
            {
                byte[] prefix = payload.AsSpan(0, length).ToArray();
                AmberException ex = AssertAmber(prefix, (ref AmberReader r) => ReadFull(ref r));
                Assert.Contains("byte offset", ex.Message, StringComparison.Ordinal);
                Assert.InRange(ex.ByteOffset, 0, length);

                AmberException seg = AssertAmber(TestSequences.OneByteSegments(prefix), (ref AmberReader r) => ReadFull(ref r));
                Assert.Contains("byte offset", seg.Message, StringComparison.Ordinal);
                Assert.InRange(seg.ByteOffset, 0, length);

                AmberException split = AssertAmber(TestSequences.SplitAt(prefix, length / 2), (ref AmberReader r) => ReadFull(ref r));
                Assert.Equal(ex.ByteOffset, split.ByteOffset);

                AmberException skip = AssertAmber(prefix, (ref AmberReader r) =>
                {
                    r.SkipValue(r.ReadPayloadHeader());
                    return null;
                });
                Assert.Contains("byte offset", skip.Message, StringComparison.Ordinal);
            }
        }

        [Fact]
        public void Every_truncation_of_a_scalar_payload_throws_AmberException()
        {
            byte[] payload = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteString("h\u00e9llo");
                w.WriteUInt64(ulong.MaxValue);
                w.WriteGuid(Guid.NewGuid());
                w.WriteDecimal(1.85m);
                w.WriteDateTimeOffset(DateTimeOffset.UnixEpoch);
                w.WriteBigInteger(new System.Numerics.BigInteger(-123456789));
                w.WritePacked<short>(new short[] { 1, 2, 3 });
                w.WriteBytes(new byte[] { 9, 8, 7 });
                w.WriteSingle(1f);
                w.WriteDateTime(DateTime.UnixEpoch);
                w.WriteUri(new Uri("https://x.y/"));
                w.WriteVersion(new Version(1, 2));
                w.WriteInt128(Int128.MaxValue);
            });
            ReadFunc<object?> read = (ref AmberReader r) =>
            {
                r.ReadString();
                r.ReadUInt64();
                r.ReadGuid();
                r.ReadDecimal();
                r.ReadDateTimeOffset();
                r.ReadBigInteger();
                int n = r.ReadSequenceHeader(out byte d);
                r.ReadPrimitiveArray<short>(n, d);
                r.ReadBytes();
                r.ReadSingle();
                r.ReadDateTime();
                r.ReadUri();
                r.ReadVersion();
                return r.ReadInt128();
            };
            Assert.Equal(Int128.MaxValue, TestWire.Read(payload, read));
            for (int length = 0; length < payload.Length; length++)
            {
                byte[] prefix = payload.AsSpan(0, length).ToArray();
                Assert.Contains("byte offset", AssertAmber(prefix, read).Message, StringComparison.Ordinal);
                Assert.Contains("byte offset", AssertAmber(TestSequences.OneByteSegments(prefix), read).Message, StringComparison.Ordinal);
            }
        }

        [Fact]
        public void Every_truncation_through_the_serializer_names_the_root_type()
        {
            var shelf = new Shelf { Name = "n", Books = new List<Book?> { new Book { Title = "t", Year = 3 }, null } };
            byte[] payload = ViaRegistry.Serialize<Shelf?>(shelf);
            Assert.Equal("t", ViaRegistry.Deserialize<Shelf?>(payload)!.Books![0]!.Title);
            for (int length = 0; length < payload.Length; length++)
            {
                byte[] prefix = payload.AsSpan(0, length).ToArray();
                var ex = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<Shelf?>(prefix));
                Assert.Contains("byte offset", ex.Message, StringComparison.Ordinal);
                Assert.StartsWith("Shelf", ex.MemberPath, StringComparison.Ordinal);
                var exSeq = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<Shelf?>(TestSequences.OneByteSegments(prefix)));
                Assert.Equal(ex.Message, exSeq.Message);
            }
        }

        [Fact]
        public void Corrupted_bytes_fail_only_with_AmberException()
        {
            // Not a proof, but a wide net: every single-byte corruption of the mixed payload either
            // reads or fails with AmberException, never with another exception type.
            byte[] payload = MixedPayload.Build();
            byte[] replacements = { 0x00, 0x01, 0x02, 0x03, 0x05, 0x7F, 0x80, 0xFF };
            var failures = new List<string>();
            for (int i = 0; i < payload.Length; i++)
            {
                foreach (byte b in replacements)
                {
                    if (payload[i] == b) continue;
                    byte[] bad = (byte[])payload.Clone();
                    bad[i] = b;
                    foreach (bool skip in new[] { false, true })
                    {
                        try
                        {
                            var r = new AmberReader(bad);
                            if (skip) r.SkipValue(r.ReadPayloadHeader());
                            else ReadFull(ref r);
                            r.EnsureEnd();
                        }
                        catch (AmberException)
                        {
                        }
                        catch (Exception ex)
                        {
                            failures.Add($"byte {i} = 0x{b:X2} ({(skip ? "skip" : "read")}): {ex.GetType().Name}: {ex.Message}");
                        }
                    }
                }
            }
            Assert.True(failures.Count == 0, string.Join("\n", failures));
        }

        [Theory]
        [InlineData(0x25)] // version 2
        [InlineData(0x05)] // version 0
        [InlineData(0xF5)] // version 15
        public void Bad_payload_header_throws(int header)
        {
            var bytes = new byte[] { (byte)header, 0x02 };
            AmberException ex = AssertAmber(bytes, (ref AmberReader r) => r.ReadPayloadHeader());
            Assert.Equal(0, ex.ByteOffset);
            Assert.Contains($"0x{header:X2}", ex.Message, StringComparison.Ordinal);
            Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<int>(bytes));
        }

        [Fact]
        public void Good_payload_header_gives_the_root_wire_type()
        {
            for (int wt = 0; wt < 8; wt++)
            {
                var bytes = new[] { (byte)(0x10 | wt) };
                Assert.Equal((WireType)wt, TestWire.Read(bytes, (ref AmberReader r) => r.ReadPayloadHeader()));
            }
            Assert.Equal(-3, ViaRegistry.Deserialize<int>(new byte[] { 0x10, 0x05 }));
        }

        [Fact]
        public void Trailing_bytes_are_an_error()
        {
            var ex = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<int>(new byte[] { 0x10, 0x05, 0x00, 0x00 }));
            Assert.Equal(2, ex.ByteOffset);
            Assert.Contains("2 byte(s) follow", ex.Message, StringComparison.Ordinal);
            Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<int>(TestSequences.OneByteSegments(new byte[] { 0x10, 0x05, 0x00 })));
        }

        [Fact]
        public void Root_wire_type_mismatch_is_reported()
        {
            var ex = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<int>(new byte[] { 0x14, 0x01 }));
            Assert.Contains("Bytes", ex.Message, StringComparison.Ordinal);
            Assert.Contains("byte offset", ex.Message, StringComparison.Ordinal);
            Assert.Equal("Int32", ex.MemberPath);
        }

        [Fact]
        public void Missing_formatter_is_an_AmberException_that_names_the_fix()
        {
            var ex = Assert.Throws<AmberException>(() => ViaRegistry.Serialize(new NeverRegistered()));
            Assert.Contains(nameof(NeverRegistered), ex.Message, StringComparison.Ordinal);
            Assert.Contains("AmberSerializable", ex.Message, StringComparison.Ordinal);
            Assert.Equal(-1, ex.ByteOffset);
            Assert.DoesNotContain("byte offset", ex.Message, StringComparison.Ordinal);
            Assert.Null(AmberFormatterRegistry.TryGet<NeverRegistered>());
        }

        private sealed class NeverRegistered
        {
        }

        private static byte[] NestedSequences(int depth)
        {
            var bytes = new List<byte>();
            for (int i = 0; i < depth; i++)
            {
                bytes.Add(0x02);                     // one element
                bytes.Add((byte)WireType.Sequence);  // that is a sequence
            }
            bytes.Add(0x01);                         // the innermost sequence is empty
            return bytes.ToArray();
        }

        [Fact]
        public void Skipping_nested_sequences_beyond_MaxDepth_throws()
        {
            var options = new AmberOptions { MaxDepth = 10 };
            TestWire.Read(NestedSequences(10), (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Sequence);
                return 0;
            }, options);
            byte[] tooDeep = NestedSequences(11);
            var ex = Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(tooDeep, options);
                r.SkipValue(WireType.Sequence);
            });
            Assert.Contains("limit of 10", ex.Message, StringComparison.Ordinal);
            Assert.Contains("byte offset", ex.Message, StringComparison.Ordinal);
            Assert.Contains("MaxDepth", ex.Message, StringComparison.Ordinal);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(TestSequences.OneByteSegments(tooDeep), options);
                r.SkipValue(WireType.Sequence);
            });
        }

        [Fact]
        public void Default_MaxDepth_is_64()
        {
            Assert.Equal(64, AmberOptions.Default.MaxDepth);
            TestWire.Read(NestedSequences(64), (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Sequence);
                return 0;
            });
            byte[] tooDeep = NestedSequences(65);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(tooDeep);
                r.SkipValue(WireType.Sequence);
            });
            // A hostile payload far deeper than the stack could take fails cleanly.
            byte[] hostile = NestedSequences(200_000);
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(hostile, new AmberOptions { MaxDepth = 10_000 });
                r.SkipValue(WireType.Sequence);
            });
        }

        [Fact]
        public void Depth_counts_maps_and_objects_too()
        {
            var options = new AmberOptions { MaxDepth = 3 };
            // map<int, map<int, map<int, int>>>: the outer map takes no level, each map in a map's values one: two levels.
            byte[] maps = TestWire.Bytes("02 70 00 02 70 00 02 00 00 00");
            TestWire.Read(maps, (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Map);
                return 0;
            }, new AmberOptions { MaxDepth = 2 });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(maps, new AmberOptions { MaxDepth = 1 });
                r.SkipValue(WireType.Map);
            });

            // A node with one member, "Child", an object: depth 4 of nested nodes.
            var node = new AmberShape(new AmberShapeInfo { TypeName = "Node", MemberNames = new[] { "Child" }, Tags = new[] { AmberCode.Tag(1, WireType.Object) } });
            byte[] nodes = TestWire.Write((ref AmberWriter w) =>
            {
                for (int i = 0; i < 3; i++) w.WriteObjectHeader(node, 1);
                w.WriteObjectHeader(node, 0);
            });
            Assert.Equal("02 02 0D 00 01 01 01 01 01 01 00", TestWire.Hex(nodes));
            TestWire.Read(nodes, (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Object);
                return 0;
            }, new AmberOptions { MaxDepth = 4 });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(nodes, options);
                r.SkipValue(WireType.Object);
            });
            Assert.Throws<AmberException>(() =>
            {
                var r = new AmberReader(nodes, options);
                for (int i = 0; i < 4; i++) r.ReadObjectHeader(node, out _, out _);
            });
        }

        [Fact]
        public void Writer_depth_limit_throws_without_an_offset()
        {
            var ex = Assert.Throws<AmberException>(() =>
            {
                var w = new AmberWriter(new ArrayBufferWriter<byte>(), new AmberOptions { MaxDepth = 2 });
                w.EnterDepth();
                w.EnterDepth();
                w.ExitDepth();
                w.EnterDepth();
                w.EnterDepth();
            });
            Assert.Equal(-1, ex.ByteOffset);
            Assert.Contains("limit of 2", ex.Message, StringComparison.Ordinal);
            Assert.DoesNotContain("byte offset", ex.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void MaxDepth_must_be_sane()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new AmberOptions { MaxDepth = 0 });
            Assert.Throws<ArgumentOutOfRangeException>(() => new AmberOptions { MaxDepth = 10_001 });
            Assert.Equal(10_000, new AmberOptions { MaxDepth = 10_000 }.MaxDepth);
        }

        [Theory]
        [InlineData("FF FF FF FF FF FF FF FF FF FF 01")]
        [InlineData("FF FF FF FF FF FF FF FF FF 02")]
        [InlineData("80 80 80 80 80 80 80 80 80 80 80 80")]
        public void Malformed_varint_throws_in_every_path(string hex)
        {
            byte[] bytes = TestWire.Bytes(hex);
            AmberException span = AssertAmber(bytes, (ref AmberReader r) => r.ReadVarint());
            Assert.Contains("longer than 64 bits", span.Message, StringComparison.Ordinal);
            Assert.Equal(0, span.ByteOffset);
            AmberException segments = AssertAmber(TestSequences.OneByteSegments(bytes), (ref AmberReader r) => r.ReadVarint());
            Assert.Contains("longer than 64 bits", segments.Message, StringComparison.Ordinal);
            Assert.Equal(0, segments.ByteOffset);
            // Also when the varint starts near the end of a span (the byte-by-byte path).
            byte[] shifted = TestWire.Concat(new byte[] { 0x01 }, bytes);
            AmberException late = AssertAmber(TestSequences.SplitAt(shifted, 5), (ref AmberReader r) =>
            {
                r.ReadVarint();
                return r.ReadVarint();
            });
            Assert.Equal(1, late.ByteOffset);
        }

        [Theory]
        [InlineData("03 C3 28")]       // bad continuation
        [InlineData("02 FF")]          // never valid in UTF-8
        [InlineData("04 ED A0 80")]    // an encoded surrogate
        [InlineData("03 C0 80")]       // overlong NUL
        [InlineData("02 C3")]          // truncated sequence at the end of the string
        public void Ill_formed_utf8_is_refused(string hex)
        {
            byte[] bytes = TestWire.Concat(new byte[] { 0x00 }, TestWire.Bytes(hex));
            ReadFunc<object?> read = (ref AmberReader r) =>
            {
                r.ReadByteRaw();
                return r.ReadString();
            };
            AmberException ex = AssertAmber(bytes, read);
            Assert.Contains("UTF-8", ex.Message, StringComparison.Ordinal);
            Assert.Equal(2, ex.ByteOffset);
            Assert.IsType<DecoderFallbackException>(ex.InnerException);
            Assert.Equal(2, AssertAmber(TestSequences.OneByteSegments(bytes), read).ByteOffset);
        }

        [Theory]
        [InlineData("00 00 00 00 00 00 00 C0", "DateTime")]               // kind 3
        [InlineData("00 C0 FF 3A 78 CB 2B 3F", "DateTime")]               // ticks past DateTime.MaxValue (kind 0)
        [InlineData("00", "decimal")]                                     // a null decimal
        [InlineData("01", "decimal")]                                     // an empty decimal
        [InlineData("03 1D 01", "decimal")]                               // scale 29
        [InlineData("0F 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D", "decimal")] // 13-byte mantissa
        [InlineData("0A 00 00 00 00 00 00 00 00 00", "DateTimeOffset")]    // 9 bytes
        [InlineData("0C 00 00 00 00 00 00 00 00 00 00 00", "DateTimeOffset")] // 11 bytes
        [InlineData("00", "DateTimeOffset")]                               // null
        [InlineData("0B 00 00 00 00 00 00 00 00 84 03", "DateTimeOffset")] // offset +15h
        [InlineData("0B FF FF FF FF FF FF FF 7F 00 00", "DateTimeOffset")] // ticks out of range
        [InlineData("0B 00 00 00 00 00 00 00 00 3C 00", "DateTimeOffset")] // year 1 at +01:00 is before the minimum
        [InlineData("00", "BigInteger")]
        [InlineData("01", "BigInteger")]
        [InlineData("04 78 2E 79", "Version")]
        [InlineData("80 80 80 80 08", "DateOnly")]
        [InlineData("80 80 80 80 80 80 80 80 01", "TimeOnly")]
        [InlineData("02", "Boolean")]
        public void Out_of_range_scalars_are_refused(string hex, string type)
        {
            byte[] bytes = TestWire.Bytes(hex);
            ReadFunc<object?> read = type switch
            {
                "DateTime" => (ref AmberReader r) => r.ReadDateTime(),
                "decimal" => (ref AmberReader r) => r.ReadDecimal(),
                "DateTimeOffset" => (ref AmberReader r) => r.ReadDateTimeOffset(),
                "BigInteger" => (ref AmberReader r) => r.ReadBigInteger(),
                "Version" => (ref AmberReader r) => r.ReadVersion(),
                "DateOnly" => (ref AmberReader r) => r.ReadDateOnly(),
                "TimeOnly" => (ref AmberReader r) => r.ReadTimeOnly(),
                _ => (ref AmberReader r) => r.ReadBoolean(),
            };
            // The read itself must fail (not a later end-of-payload check).
            AmberException ex = AssertAmber(bytes, read, ensureEnd: false);
            Assert.Contains("byte offset 0", ex.Message, StringComparison.Ordinal);
            AssertAmber(TestSequences.OneByteSegments(bytes), read, ensureEnd: false);
        }

        [Fact]
        public void Range_errors_point_at_the_start_of_the_value()
        {
            // One byte of padding, then the value that does not fit.
            byte[] big = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteByteRaw(0xAA);
                w.WriteInt64(1L << 40);
            });
            byte[] ubig = TestWire.Write((ref AmberWriter w) =>
            {
                w.WriteByteRaw(0xAA);
                w.WriteUInt64(1UL << 40);
            });
            var signed = new ReadFunc<object?>[]
            {
                (ref AmberReader r) => r.ReadInt32(),
                (ref AmberReader r) => r.ReadInt16(),
                (ref AmberReader r) => r.ReadSByte(),
            };
            var unsigned = new ReadFunc<object?>[]
            {
                (ref AmberReader r) => r.ReadUInt32(),
                (ref AmberReader r) => r.ReadUInt16(),
                (ref AmberReader r) => r.ReadByte(),
                (ref AmberReader r) => r.ReadChar(),
                (ref AmberReader r) => r.ReadBoolean(),
            };
            foreach ((byte[] bytes, ReadFunc<object?>[] reads) in new[] { (big, signed), (ubig, unsigned) })
            {
                foreach (ReadFunc<object?> read in reads)
                {
                    ReadFunc<object?> afterPadding = (ref AmberReader r) =>
                    {
                        r.ReadByteRaw();
                        return read(ref r);
                    };
                    Assert.Equal(1, AssertAmber(bytes, afterPadding).ByteOffset);
                    Assert.Equal(1, AssertAmber(TestSequences.OneByteSegments(bytes), afterPadding).ByteOffset);
                }
            }
        }

        [Fact]
        public void Bytes_length_past_the_end_is_refused_before_reading()
        {
            // A string claiming 2^40 bytes.
            byte[] bytes = TestWire.Bytes("81 80 80 80 80 20 41");
            AmberException ex = AssertAmber(bytes, (ref AmberReader r) => r.ReadString());
            Assert.Contains("larger than the", ex.Message, StringComparison.Ordinal);
            Assert.Equal(0, ex.ByteOffset);
            AssertAmber(bytes, (ref AmberReader r) => r.ReadBytes());
            AssertAmber(bytes, (ref AmberReader r) =>
            {
                r.SkipValue(WireType.Bytes);
                return null;
            });
        }

        [Fact]
        public void Wire_type_checks_name_what_was_expected()
        {
            AmberException a = AssertAmber(new byte[] { 0 }, (ref AmberReader r) =>
            {
                r.Expect(WireType.Bytes, WireType.Varint, "Varint");
                return null;
            });
            Assert.Contains("Found a Bytes value where Varint was expected", a.Message, StringComparison.Ordinal);
            AmberException b = AssertAmber(new byte[] { 0 }, (ref AmberReader r) =>
            {
                r.ExpectVarint(WireType.Fixed32);
                return null;
            });
            Assert.Contains("Fixed32", b.Message, StringComparison.Ordinal);
            AmberException c = AssertAmber(new byte[] { 0 }, (ref AmberReader r) =>
            {
                r.Expect(WireType.Sequence, WireType.Map, "a dictionary");
                return null;
            });
            Assert.Contains("a dictionary", c.Message, StringComparison.Ordinal);
            Assert.NotNull(c.Fix);
        }

        [Fact]
        public void Error_deep_in_a_graph_reports_the_member_path()
        {
            var shelf = new Shelf
            {
                Name = "Mine",
                Books = new List<Book?> { new Book { Title = "a" }, new Book { Title = "b" }, null, new Book { Title = "BAD!", Year = 4 } },
            };
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(shelf);
            int at = bytes.AsSpan().IndexOf(Encoding.ASCII.GetBytes("BAD!"));
            Assert.True(at > 0);
            bytes[at + 1] = 0xFF; // not UTF-8
            var ex = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<Shelf?>(bytes));
            Assert.Equal("Shelf.Books[3].Title", ex.MemberPath);
            Assert.Equal(at, ex.ByteOffset); // the string's first byte
            Assert.Equal($"A string is not valid UTF-8 (at byte offset {at}) in Shelf.Books[3].Title. The payload is damaged or not an Amber payload.", ex.Message);

            // A type change in a member is reported with its path too: Year written as a string.
            var yearAsString = new AmberShape(new AmberShapeInfo { TypeName = "Book", MemberNames = new[] { "Title", "Year" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Title"), WireType.Bytes), AmberCode.Tag(AmberCode.KeyOf("Year"), WireType.Bytes) } });
            byte[] changed = TestWire.Write((ref AmberWriter w) =>
            {
                w.WritePayloadHeader(WireType.Object);
                w.WriteObjectHeader(yearAsString, 2);
                w.WriteString("1999");
            });
            var ex2 = Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<Book?>(changed));
            Assert.Equal("Book.Year", ex2.MemberPath);
            Assert.Contains("Found a Bytes value where an integer (Varint) was expected", ex2.Message, StringComparison.Ordinal);
        }
    }
}
