using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Amber.Format;
using Amber.Metadata;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>The <see cref="AmberSerializer"/> entry points over hand-registered formatters.</summary>
    public class SerializerTests
    {
        static SerializerTests()
        {
            AmberFormatterRegistry.Register<Book?>(BookFormatter.Instance);
            AmberFormatterRegistry.Register<Shelf?>(ShelfFormatter.Instance);
        }

        private static Shelf Sample() => new Shelf
        {
            Name = "Sample",
            Books = new List<Book?> { new Book { Title = "A", Year = 1 }, null, new Book { Title = "B" } },
        };

        private static void AssertSample(Shelf? back)
        {
            Assert.NotNull(back);
            Assert.Equal("Sample", back.Name);
            Assert.NotNull(back.Books);
            Assert.Equal(3, back.Books.Count);
            Assert.Equal("A", back.Books[0]!.Title);
            Assert.Equal(1, back.Books[0]!.Year);
            Assert.Null(back.Books[1]);
            Assert.Equal("B", back.Books[2]!.Title);
            Assert.Equal(0, back.Books[2]!.Year);
        }

        [Fact]
        public void Every_entry_point_writes_the_same_bytes_and_reads_them_back()
        {
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(Sample());
            Assert.Equal(0x15, bytes[0]);

            var buffer = new ArrayBufferWriter<byte>();
            ViaRegistry.Serialize<Shelf?>(buffer, Sample());
            Assert.Equal(bytes, buffer.WrittenSpan.ToArray());

            var stingy = new StingyBufferWriter();
            ViaRegistry.Serialize<Shelf?>(stingy, Sample());
            Assert.Equal(bytes, stingy.ToArray());

            var stream = new MemoryStream();
            ViaRegistry.Serialize<Shelf?>(stream, Sample());
            Assert.Equal(bytes, stream.ToArray());

            AssertSample(ViaRegistry.Deserialize<Shelf?>(bytes));
            AssertSample(ViaRegistry.Deserialize<Shelf?>(new ReadOnlySequence<byte>(bytes)));
            AssertSample(ViaRegistry.Deserialize<Shelf?>(TestSequences.OneByteSegments(bytes)));
            AssertSample(ViaRegistry.Deserialize<Shelf?>(new MemoryStream(bytes)));
        }

        [Fact]
        public async Task Async_entry_points()
        {
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(Sample());
            var stream = new MemoryStream();
            await ViaRegistry.SerializeAsync<Shelf?>(stream, Sample());
            Assert.Equal(bytes, stream.ToArray());
            stream.Position = 0;
            AssertSample(await ViaRegistry.DeserializeAsync<Shelf?>(stream));
        }

        [Fact]
        public void Null_root_round_trips()
        {
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(null);
            Assert.Equal("15 00", TestWire.Hex(bytes));
            Assert.Null(ViaRegistry.Deserialize<Shelf?>(bytes));
        }

        [Fact]
        public void Large_payload_through_a_stream()
        {
            var shelf = new Shelf { Name = new string('n', 70_000), Books = new List<Book?>() };
            for (int i = 0; i < 5000; i++) shelf.Books.Add(new Book { Title = "Title " + i, Year = i - 2500 });
            byte[] bytes = ViaRegistry.Serialize<Shelf?>(shelf);
            Shelf? back = ViaRegistry.Deserialize<Shelf?>(new MemoryStream(bytes));
            Assert.NotNull(back);
            Assert.Equal(shelf.Name, back.Name);
            Assert.Equal(5000, back.Books!.Count);
            Assert.Equal("Title 4999", back.Books[4999]!.Title);
            Assert.Equal(2499, back.Books[4999]!.Year);
        }

        [Fact]
        public void A_failed_write_does_not_leak_shape_ids_into_the_next_payload()
        {
            byte[] expected = ViaRegistry.Serialize<Shelf?>(Sample());
            var ex = Assert.Throws<AmberException>(() => ViaRegistry.Serialize<Shelf?>(Sample(), new AmberOptions { MaxDepth = 1 }));
            Assert.Equal("Shelf", ex.MemberPath);
            // Same thread, pooled writer state: the next payload must again define shapes from id 0.
            Assert.Equal(expected, ViaRegistry.Serialize<Shelf?>(Sample()));
        }

        [Fact]
        public void A_failed_read_does_not_leak_shapes_into_the_next_payload()
        {
            byte[] good = ViaRegistry.Serialize<Shelf?>(Sample());
            byte[] cut = good.AsSpan(0, good.Length - 2).ToArray();
            Assert.Throws<AmberException>(() => ViaRegistry.Deserialize<Shelf?>(cut));
            // Same thread, pooled reader state: shape 0 must be undefined again.
            AssertSample(ViaRegistry.Deserialize<Shelf?>(good));
            AssertSample(ViaRegistry.Deserialize<Shelf?>(good));
        }

        [Fact]
        public void Reading_with_a_changed_type_maps_members()
        {
            // Written by an older "Book" with one extra member (Pages) and no Year.
            var old = new AmberShape(new AmberShapeInfo { TypeName = "Book", MemberNames = new[] { "Pages", "Title" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Pages"), WireType.Varint), AmberCode.Tag(AmberCode.KeyOf("Title"), WireType.Bytes) } });
            byte[] bytes = TestWire.Write((ref AmberWriter w) =>
            {
                w.WritePayloadHeader(WireType.Object);
                w.WriteObjectHeader(old, 3);
                w.WriteInt32(320);
                w.WriteString("Old");
            });
            Book? back = ViaRegistry.Deserialize<Book?>(bytes);
            Assert.NotNull(back);
            Assert.Equal("Old", back.Title);
            Assert.Equal(0, back.Year);
        }
    }
}
