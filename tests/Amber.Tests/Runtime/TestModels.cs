using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Amber.Format;
using Amber.Metadata;

namespace Amber.Tests.Runtime
{
    public sealed class Book
    {
        public string? Title { get; set; }

        public int Year { get; set; }
    }

    public sealed class Shelf
    {
        public string? Name { get; set; }

        public List<Book?>? Books { get; set; }
    }

    /// <summary>A hand-written formatter in the style the generator will emit: shape, presence, fast and mapped paths.</summary>
    public sealed class BookFormatter : IAmberFormatter<Book?>
    {
        public static readonly AmberShape Shape = new AmberShape(new AmberShapeInfo { TypeName = "Book", MemberNames = new[] { "Title", "Year" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Title"), WireType.Bytes), AmberCode.Tag(AmberCode.KeyOf("Year"), WireType.Varint) } });

        public static readonly BookFormatter Instance = new BookFormatter();

        public WireType WireType => WireType.Object;

        public void Write(ref AmberWriter writer, Book? value)
        {
            if (value is null)
            {
                writer.WriteNull();
                return;
            }
            writer.EnterDepth();
            ulong presence = (value.Title != null ? 1UL : 0UL) | (value.Year != 0 ? 2UL : 0UL);
            writer.WriteObjectHeader(Shape, presence);
            if ((presence & 1) != 0) writer.WriteString(value.Title);
            if ((presence & 2) != 0) writer.WriteInt32(value.Year);
            writer.ExitDepth();
        }

        public Book? Read(ref AmberReader reader, WireType wireType)
        {
            reader.Expect(wireType, WireType.Object, "Object");
            if (!reader.ReadObjectHeader(Shape, out ShapeMatch match, out ulong presence)) return null;
            var book = new Book();
            if (match.IsIdentical)
            {
                for (int i = 0; i < Shape.Tags.Length; i++)
                {
                    if ((presence & (1UL << i)) != 0) ReadMember(ref reader, book, i, (WireType)(Shape.Tags[i] & 7));
                }
            }
            else
            {
                for (int i = 0; i < match.Count; i++)
                {
                    if ((presence & (1UL << i)) == 0) continue;
                    int member = match.Map![i];
                    if (member < 0) reader.SkipValue(match.WireTypeAt(i));
                    else ReadMember(ref reader, book, member, match.WireTypeAt(i));
                }
            }
            reader.ExitDepth();
            return book;
        }

        private static void ReadMember(ref AmberReader reader, Book book, int member, WireType wireType)
        {
            try
            {
                switch (member)
                {
                    case 0:
                        reader.Expect(wireType, WireType.Bytes, "a string (Bytes)");
                        book.Title = reader.ReadString();
                        break;
                    case 1:
                        reader.ExpectVarint(wireType);
                        book.Year = reader.ReadInt32();
                        break;
                }
            }
            catch (AmberException ex)
            {
                ex.PrependMember(Shape.MemberNames[member]);
                throw;
            }
        }
    }

    public sealed class ShelfFormatter : IAmberFormatter<Shelf?>
    {
        public static readonly AmberShape Shape = new AmberShape(new AmberShapeInfo { TypeName = "Shelf", MemberNames = new[] { "Name", "Books" }, Tags = new[] { AmberCode.Tag(AmberCode.KeyOf("Name"), WireType.Bytes), AmberCode.Tag(AmberCode.KeyOf("Books"), WireType.Sequence) } });

        public static readonly ShelfFormatter Instance = new ShelfFormatter();

        public WireType WireType => WireType.Object;

        public void Write(ref AmberWriter writer, Shelf? value)
        {
            if (value is null)
            {
                writer.WriteNull();
                return;
            }
            writer.EnterDepth();
            ulong presence = (value.Name != null ? 1UL : 0UL) | (value.Books != null ? 2UL : 0UL);
            writer.WriteObjectHeader(Shape, presence);
            if (value.Name != null) writer.WriteString(value.Name);
            if (value.Books != null)
            {
                writer.EnterDepth();
                writer.WriteSequenceHeader(value.Books.Count, (byte)WireType.Object);
                foreach (Book? b in value.Books) BookFormatter.Instance.Write(ref writer, b);
                writer.ExitDepth();
            }
            writer.ExitDepth();
        }

        public Shelf? Read(ref AmberReader reader, WireType wireType)
        {
            reader.Expect(wireType, WireType.Object, "Object");
            if (!reader.ReadObjectHeader(Shape, out ShapeMatch match, out ulong presence)) return null;
            var shelf = new Shelf();
            int count = match.IsIdentical ? Shape.Tags.Length : match.Count;
            for (int i = 0; i < count; i++)
            {
                if ((presence & (1UL << i)) == 0) continue;
                int member = match.IsIdentical ? i : match.Map![i];
                WireType wt = match.IsIdentical ? (WireType)(Shape.Tags[i] & 7) : match.WireTypeAt(i);
                if (member < 0)
                {
                    reader.SkipValue(wt);
                    continue;
                }
                try
                {
                    if (member == 0)
                    {
                        reader.Expect(wt, WireType.Bytes, "a string (Bytes)");
                        shelf.Name = reader.ReadString();
                    }
                    else
                    {
                        reader.Expect(wt, WireType.Sequence, "a sequence");
                        shelf.Books = ReadBooks(ref reader);
                    }
                }
                catch (AmberException ex)
                {
                    ex.PrependMember(Shape.MemberNames[member]);
                    throw;
                }
            }
            reader.ExitDepth();
            return shelf;
        }

        private static List<Book?>? ReadBooks(ref AmberReader reader)
        {
            int n = reader.ReadSequenceHeader(out byte descriptor);
            if (n < 0) return null;
            var list = new List<Book?>(n);
            if (n == 0) return list;
            if (descriptor != (byte)WireType.Object) throw new AmberException("Books must be a plain sequence of objects", reader.Position, null);
            reader.EnterDepth();
            for (int i = 0; i < n; i++)
            {
                try
                {
                    list.Add(BookFormatter.Instance.Read(ref reader, WireType.Object));
                }
                catch (AmberException ex)
                {
                    ex.PrependIndex(i);
                    throw;
                }
            }
            reader.ExitDepth();
            return list;
        }
    }

    /// <summary>A formatter for a plain int root (Varint), to drive the serializer's entry points.</summary>
    public sealed class Int32Formatter : IAmberFormatter<int>
    {
        public WireType WireType => WireType.Varint;

        public void Write(ref AmberWriter writer, int value) => writer.WriteInt32(value);

        public int Read(ref AmberReader reader, WireType wireType)
        {
            reader.ExpectVarint(wireType);
            return reader.ReadInt32();
        }
    }

    /// <summary>
    /// A payload that mixes every kind of value: short and long strings (non-ASCII, emoji), extreme
    /// varints, a Guid, packed ints, objects with shape definitions and references, a null element,
    /// a decimal, a DateTime, doubles, a map with nullable values and an absent member.
    /// </summary>
    public static class MixedPayload
    {
        public static readonly string[] Names =
        {
            "Short", "Long", "Big", "Neg", "Id", "Numbers", "Favorite", "Books", "Price", "When", "Ratio", "Counts", "Missing", "Ratio32",
        };

        public static readonly WireType[] Types =
        {
            WireType.Bytes, WireType.Bytes, WireType.Varint, WireType.Varint, WireType.Fixed128, WireType.Sequence, WireType.Object,
            WireType.Sequence, WireType.Bytes, WireType.Fixed64, WireType.Fixed64, WireType.Map, WireType.Varint, WireType.Fixed32,
        };

        public static readonly AmberShape Shape = MakeShape("Mixed", Names);

        public const ulong Presence = 0b10_1111_1111_1111; // every member but "Missing"

        public static readonly string ShortText = "héllo";

        public static readonly string LongText = MakeLongText();

        public static readonly Guid Id = new Guid("00112233-4455-6677-8899-aabbccddeeff");

        public static readonly int[] Numbers = { 1, -1, int.MaxValue, int.MinValue, 300 };

        public static readonly DateTime When = new DateTime(2024, 5, 17, 13, 45, 30, DateTimeKind.Local).AddTicks(1234567);

        /// <summary>A shape over a subset of <see cref="Names"/>, with the wire types of <see cref="Types"/>.</summary>
        public static AmberShape MakeShape(string typeName, params string[] names)
        {
            var tags = new ushort[names.Length];
            for (int i = 0; i < names.Length; i++)
            {
                int index = Array.IndexOf(Names, names[i]);
                tags[i] = AmberCode.Tag(AmberCode.KeyOf(names[i]), Types[index]);
            }
            return new AmberShape(new AmberShapeInfo { TypeName = typeName, MemberNames = names, Tags = tags });
        }

        private static string MakeLongText()
        {
            var sb = new StringBuilder();
            while (sb.Length < 300) sb.Append("ab\u00e9\u4e2d\U0001F600z");
            return sb.ToString();
        }

        public static byte[] Build() => TestWire.Write((ref AmberWriter w) => Write(ref w));

        public static void Write(ref AmberWriter w)
        {
            w.WritePayloadHeader(WireType.Object);
            w.WriteObjectHeader(Shape, Presence);
            w.WriteString(ShortText);
            w.WriteString(LongText);
            w.WriteUInt64(ulong.MaxValue);
            w.WriteInt64(long.MinValue);
            w.WriteGuid(Id);
            w.WritePacked<int>(Numbers);
            BookFormatter.Instance.Write(ref w, new Book { Title = "Dune", Year = 1965 });
            w.WriteSequenceHeader(3, (byte)WireType.Object);
            BookFormatter.Instance.Write(ref w, new Book { Title = "Emma", Year = 1815 });
            BookFormatter.Instance.Write(ref w, null);
            BookFormatter.Instance.Write(ref w, new Book { Title = null, Year = -44 });
            w.WriteDecimal(-1234.5678m);
            w.WriteDateTime(When);
            w.WriteDouble(Math.PI);
            w.WriteMapHeader(3, (byte)((int)WireType.Bytes | ((int)WireType.Varint << 4) | AmberCode.MapNullableValues));
            w.WriteString("one");
            w.WritePresence(true);
            w.WriteInt32(1);
            w.WriteString("none");
            w.WritePresence(false);
            w.WriteString("minus");
            w.WritePresence(true);
            w.WriteInt32(-1000);
            w.WriteSingle(-0.5f);
        }

        /// <summary>The trace that <see cref="Read"/> produces for <see cref="Build"/>'s payload.</summary>
        public static string ExpectedTrace()
        {
            var sb = new StringBuilder();
            sb.Append("Short=").Append(ShortText).Append('\n');
            sb.Append("Long=").Append(LongText).Append('\n');
            sb.Append("Big=").Append(ulong.MaxValue.ToString(CultureInfo.InvariantCulture)).Append('\n');
            sb.Append("Neg=").Append(long.MinValue.ToString(CultureInfo.InvariantCulture)).Append('\n');
            sb.Append("Id=").Append(Id.ToString()).Append('\n');
            sb.Append("Numbers=").Append(string.Join(",", Numbers)).Append('\n');
            sb.Append("Favorite=Dune/1965\n");
            sb.Append("Books=Emma/1815;null;(null)/-44\n");
            sb.Append("Price=-1234.5678\n");
            sb.Append("When=").Append(When.Ticks.ToString(CultureInfo.InvariantCulture)).Append('/').Append(When.Kind).Append('\n');
            sb.Append("Ratio=").Append(BitConverter.DoubleToInt64Bits(Math.PI).ToString(CultureInfo.InvariantCulture)).Append('\n');
            sb.Append("Counts=one:1;none:null;minus:-1000\n");
            sb.Append("Ratio32=").Append(BitConverter.SingleToInt32Bits(-0.5f).ToString(CultureInfo.InvariantCulture)).Append('\n');
            return sb.ToString();
        }

        /// <summary>Reads the payload with <paramref name="shape"/> (the full shape or a subset); returns a trace of the members it knows.</summary>
        public static string Read(ref AmberReader r, AmberShape shape)
        {
            var sb = new StringBuilder();
            WireType root = r.ReadPayloadHeader();
            r.Expect(root, WireType.Object, "Object");
            if (!r.ReadObjectHeader(shape, out ShapeMatch match, out ulong presence)) throw new AmberException("test reader: the root is null", r.Position, null);
            int writerCount = match.IsIdentical ? shape.Tags.Length : match.Count;
            for (int i = 0; i < writerCount; i++)
            {
                if ((presence & (1UL << i)) == 0) continue;
                int member = match.IsIdentical ? i : match.Map![i];
                if (member < 0)
                {
                    r.SkipValue(match.WireTypeAt(i));
                    continue;
                }
                string name = shape.MemberNames[member];
                sb.Append(name).Append('=');
                ReadMember(ref r, name, sb);
                sb.Append('\n');
            }
            r.ExitDepth();
            r.EnsureEnd();
            return sb.ToString();
        }

        private static void ReadMember(ref AmberReader r, string name, StringBuilder sb)
        {
            switch (name)
            {
                case "Short":
                case "Long":
                    sb.Append(r.ReadString());
                    break;
                case "Big":
                    sb.Append(r.ReadUInt64().ToString(CultureInfo.InvariantCulture));
                    break;
                case "Neg":
                    sb.Append(r.ReadInt64().ToString(CultureInfo.InvariantCulture));
                    break;
                case "Id":
                    sb.Append(r.ReadGuid().ToString());
                    break;
                case "Numbers":
                {
                    int n = r.ReadSequenceHeader(out byte d);
                    if (n > 0) sb.Append(string.Join(",", r.ReadPrimitiveArray<int>(n, d)));
                    break;
                }
                case "Favorite":
                    AppendBook(sb, BookFormatter.Instance.Read(ref r, WireType.Object));
                    break;
                case "Books":
                {
                    int n = r.ReadSequenceHeader(out byte d);
                    if (n > 0 && d != (byte)WireType.Object) throw new AmberException("test reader: Books is not a plain sequence of objects", r.Position, null);
                    for (int i = 0; i < n; i++)
                    {
                        if (i > 0) sb.Append(';');
                        AppendBook(sb, BookFormatter.Instance.Read(ref r, WireType.Object));
                    }
                    break;
                }
                case "Price":
                    sb.Append(r.ReadDecimal().ToString(CultureInfo.InvariantCulture));
                    break;
                case "When":
                {
                    DateTime dt = r.ReadDateTime();
                    sb.Append(dt.Ticks.ToString(CultureInfo.InvariantCulture)).Append('/').Append(dt.Kind);
                    break;
                }
                case "Ratio":
                    sb.Append(BitConverter.DoubleToInt64Bits(r.ReadDouble()).ToString(CultureInfo.InvariantCulture));
                    break;
                case "Counts":
                {
                    int n = r.ReadMapHeader(out byte d);
                    bool nullable = (d & AmberCode.MapNullableValues) != 0;
                    for (int i = 0; i < n; i++)
                    {
                        if (i > 0) sb.Append(';');
                        r.Expect((WireType)(d & 7), WireType.Bytes, "string keys");
                        sb.Append(r.ReadString()).Append(':');
                        if (nullable && !r.ReadPresence()) sb.Append("null");
                        else sb.Append(r.ReadInt32().ToString(CultureInfo.InvariantCulture));
                    }
                    break;
                }
                case "Missing":
                    sb.Append(r.ReadInt32().ToString(CultureInfo.InvariantCulture));
                    break;
                case "Ratio32":
                    sb.Append(BitConverter.SingleToInt32Bits(r.ReadSingle()).ToString(CultureInfo.InvariantCulture));
                    break;
                default:
                    throw new InvalidOperationException(name);
            }
        }

        private static void AppendBook(StringBuilder sb, Book? b)
        {
            if (b is null) sb.Append("null");
            else sb.Append(b.Title ?? "(null)").Append('/').Append(b.Year.ToString(CultureInfo.InvariantCulture));
        }
    }
}
