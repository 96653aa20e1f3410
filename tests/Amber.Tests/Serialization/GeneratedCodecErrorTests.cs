using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Tests.Models;
using Xunit;
using Vector3 = Amber.Tests.Models.Vector3;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Failures caused by the input or by a limit are <see cref="AmberException"/>s that say what
    /// and where, never another exception type and never a crash.
    /// </summary>
    public class GeneratedCodecErrorTests
    {
        private static MessageEnvelope MakeEnvelope() => new MessageEnvelope
        {
            IsInternal = true,
            TimeStamp = new DateTime(638397614451234567L, DateTimeKind.Local),
            MessageId = Guid.Parse("fedcba98-7654-3210-fedc-ba9876543210"),
            Header = "Header \u00E9\u65E5",
            From = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
            To = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef"),
            KeyValuePairs = new Dictionary<string, string> { ["a"] = "1", ["bb"] = "" },
        };

        private static BookShelf MakeShelf(int count) => new BookShelf
        {
            Books = Enumerable.Range(0, count).Select(i => new Book
            {
                Title = i == 4 ? null : "Title " + i,
                Id = i * 1000 - 3,
                BookData = i % 2 == 0 ? new byte[] { (byte)i, 2, 3 } : null,
            }).ToList(),
        };

        // ------------------------------------------------------------------ wrong type

        [Fact]
        public void A_payload_read_as_a_type_of_another_wire_type_fails_with_AmberException()
        {
            byte[] person = AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 });
            byte[] vectors = AmberSerializer.Serialize(new[] { new Vector3 { X = 1 } });
            byte[] number = AmberSerializer.Serialize(12345);

            var ex1 = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<int[]>(person));
            Assert.Contains("Object", ex1.Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(person));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Dictionary<string, string>>(person));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<BookShelf>(vectors));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(number));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Guid>(number));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<double>(person));
        }

        [Fact]
        public void A_payload_read_as_an_object_type_whose_same_named_member_has_another_wire_type_fails()
        {
            byte[] person = AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 });
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<NamedById>(person));
            Assert.Equal("NamedById.Name", ex.MemberPath);
            Assert.Contains("NamedById.Name", ex.Message);
        }

        [Fact]
        public void A_sequence_of_objects_read_as_a_sequence_of_scalars_fails_naming_the_element()
        {
            byte[] shelf = AmberSerializer.Serialize(MakeShelf(3));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Vector3[]>(shelf));   // Object root, Sequence reader

            byte[] books = AmberSerializer.Serialize(MakeShelf(3).Books);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<int>>(books));
            Assert.Contains("Object", ex.Message);
            Assert.StartsWith("List", ex.MemberPath);
        }

        [Fact]
        public void Object_types_with_no_member_name_in_common_read_each_other_as_defaults()
        {
            // Documented consequence of §5 (unknown keys are skipped, missing members keep defaults)
            // and of the type name not being on the wire: an unrelated object type is not detected.
            byte[] envelope = AmberSerializer.Serialize(MakeEnvelope());
            Book book = AmberSerializer.Deserialize<Book>(envelope)!;
            Assert.Null(book.Title);
            Assert.Equal(0, book.Id);
            Assert.Null(book.BookData);
        }

        public static IEnumerable<object[]> Payloads()
        {
            yield return new object[] { "person", AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 }) };
            yield return new object[] { "envelope", AmberSerializer.Serialize(MakeEnvelope()) };
            yield return new object[] { "shelf", AmberSerializer.Serialize(MakeShelf(5)) };
            yield return new object[] { "vectors", AmberSerializer.Serialize(new[] { new Vector3 { X = 1, Y = 2, Z = 3 } }) };
            yield return new object[] { "record", AmberSerializer.Serialize(new PersonRecord("Bo", 5)) };
            yield return new object[] { "int", AmberSerializer.Serialize(-5) };
            yield return new object[] { "string", AmberSerializer.Serialize("text") };
            yield return new object[] { "map", AmberSerializer.Serialize(new Dictionary<string, int> { ["x"] = 1 }) };
            yield return new object[] { "list", AmberSerializer.Serialize(new List<int> { 1, 2 }) };
            yield return new object[] { "guid", AmberSerializer.Serialize(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff")) };
            yield return new object[] { "node", AmberSerializer.Serialize(new Node { Value = 1, Next = new Node { Value = 2 } }) };
        }

        private static readonly (string Name, Func<byte[], object?> Read)[] s_readers =
        {
            ("Person", b => AmberSerializer.Deserialize<Person>(b)),
            ("MessageEnvelope", b => AmberSerializer.Deserialize<MessageEnvelope>(b)),
            ("BookShelf", b => AmberSerializer.Deserialize<BookShelf>(b)),
            ("Book", b => AmberSerializer.Deserialize<Book>(b)),
            ("Vector3[]", b => AmberSerializer.Deserialize<Vector3[]>(b)),
            ("PersonRecord", b => AmberSerializer.Deserialize<PersonRecord>(b)),
            ("NamedById", b => AmberSerializer.Deserialize<NamedById>(b)),
            ("Node", b => AmberSerializer.Deserialize<Node>(b)),
            ("int", b => AmberSerializer.Deserialize<int>(b)),
            ("int?", b => AmberSerializer.Deserialize<int?>(b)),
            ("byte", b => AmberSerializer.Deserialize<byte>(b)),
            ("string", b => AmberSerializer.Deserialize<string>(b)),
            ("Guid", b => AmberSerializer.Deserialize<Guid>(b)),
            ("DateTime", b => AmberSerializer.Deserialize<DateTime>(b)),
            ("decimal", b => AmberSerializer.Deserialize<decimal>(b)),
            ("Uri", b => AmberSerializer.Deserialize<Uri>(b)),
            ("int[]", b => AmberSerializer.Deserialize<int[]>(b)),
            ("List<int>", b => AmberSerializer.Deserialize<List<int>>(b)),
            ("Dictionary<string,int>", b => AmberSerializer.Deserialize<Dictionary<string, int>>(b)),
            ("Dictionary<string,string>", b => AmberSerializer.Deserialize<Dictionary<string, string>>(b)),
        };

        [Theory]
        [MemberData(nameof(Payloads))]
        public void Any_payload_read_as_any_type_succeeds_or_throws_AmberException(string name, byte[] payload)
        {
            int failures = 0;
            foreach ((string reader, Func<byte[], object?> read) in s_readers)
            {
                try
                {
                    read(payload);
                }
                catch (AmberException)
                {
                    failures++;
                }
                catch (Exception ex)
                {
                    Assert.Fail($"Reading the {name} payload as {reader} threw {ex.GetType().Name}: {ex.Message}");
                }
            }
            Assert.True(failures > 0, $"the {name} payload read as every type");
        }

        // ------------------------------------------------------------------ truncation

        public static IEnumerable<object[]> TruncationCases()
        {
            yield return new object[] { "envelope" };
            yield return new object[] { "shelf" };
        }

        private static void ReadTruncated(string which, byte[] data)
        {
            if (which == "envelope")
            {
                AmberSerializer.Deserialize<MessageEnvelope>(data);
            }
            else
            {
                AmberSerializer.Deserialize<BookShelf>(data);
            }
        }

        [Theory]
        [MemberData(nameof(TruncationCases))]
        public void A_truncated_payload_of_every_length_throws_AmberException_through_every_entry_point(string which)
        {
            byte[] full = which == "envelope" ? AmberSerializer.Serialize(MakeEnvelope()) : AmberSerializer.Serialize(MakeShelf(10));
            ReadTruncated(which, full);   // the whole payload reads
            for (int length = 0; length < full.Length; length++)
            {
                byte[] cut = full.AsSpan(0, length).ToArray();
                string at = $"{which} cut to {length} of {full.Length} bytes";

                AssertAmber(at + " (span)", () => ReadTruncated(which, cut));
                AssertAmber(at + " (one-segment sequence)", () =>
                {
                    var seq = new ReadOnlySequence<byte>(cut);
                    if (which == "envelope") AmberSerializer.Deserialize<MessageEnvelope>(seq);
                    else AmberSerializer.Deserialize<BookShelf>(seq);
                });
                AssertAmber(at + " (one-byte segments)", () =>
                {
                    ReadOnlySequence<byte> seq = Segments.OneByte(cut);
                    if (which == "envelope") AmberSerializer.Deserialize<MessageEnvelope>(seq);
                    else AmberSerializer.Deserialize<BookShelf>(seq);
                });
                AssertAmber(at + " (two segments)", () =>
                {
                    ReadOnlySequence<byte> seq = Segments.SplitAt(cut, length / 2);
                    if (which == "envelope") AmberSerializer.Deserialize<MessageEnvelope>(seq);
                    else AmberSerializer.Deserialize<BookShelf>(seq);
                });
                AssertAmber(at + " (stream)", () =>
                {
                    var stream = new MemoryStream(cut);
                    if (which == "envelope") AmberSerializer.Deserialize<MessageEnvelope>(stream);
                    else AmberSerializer.Deserialize<BookShelf>(stream);
                });
                AssertAmber(at + " (async stream)", () =>
                {
                    var stream = new MemoryStream(cut);
                    if (which == "envelope") AmberSerializer.DeserializeAsync<MessageEnvelope>(stream).AsTask().GetAwaiter().GetResult();
                    else AmberSerializer.DeserializeAsync<BookShelf>(stream).AsTask().GetAwaiter().GetResult();
                });
            }
        }

        private static void AssertAmber(string what, Action action)
        {
            try
            {
                action();
            }
            catch (AmberException ex)
            {
                Assert.False(string.IsNullOrEmpty(ex.Message), what);
                return;
            }
            catch (Exception ex)
            {
                Assert.Fail($"{what}: threw {ex.GetType().Name} instead of AmberException: {ex.Message}");
            }
            Assert.Fail($"{what}: read without an error");
        }

        [Fact]
        public void The_truncation_error_says_the_data_ended_and_where()
        {
            byte[] guid = AmberSerializer.Serialize(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Guid>(guid.AsSpan(0, guid.Length - 3)));
            Assert.Contains("ended", ex.Message);
            Assert.Contains("3 more byte", ex.Message);

            // Inside an object: the path names the member being read; a length prefix that is longer
            // than what is left is reported as such.
            byte[] full = AmberSerializer.Serialize(MakeEnvelope());
            var ex2 = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<MessageEnvelope>(full.AsSpan(0, full.Length - 3)));
            Assert.Equal("MessageEnvelope.KeyValuePairs[1]", ex2.MemberPath);
            Assert.InRange(ex2.ByteOffset, 0, full.Length);
        }

        [Fact]
        public void Trailing_bytes_and_a_bad_header_are_AmberExceptions()
        {
            byte[] full = AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 });
            byte[] longer = full.Concat(new byte[] { 0 }).ToArray();
            Assert.Contains("follow", Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(longer)).Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(Segments.OneByte(longer)));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(new MemoryStream(longer)));

            byte[] version2 = (byte[])full.Clone();
            version2[0] = 0x25;
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(version2));
            // Bit 3 is reference mode (format §7.2), a valid header: a payload with no null string and
            // no shared value reads the same either way.
            byte[] referenceMode = (byte[])full.Clone();
            referenceMode[0] = 0x1D;
            Assert.Equal("Ada", AmberSerializer.Deserialize<Person>(referenceMode)!.Name);
        }

        [Fact]
        public void Corrupted_payloads_succeed_or_throw_AmberException()
        {
            var payloads = new[]
            {
                AmberSerializer.Serialize(MakeEnvelope()),
                AmberSerializer.Serialize(MakeShelf(6)),
            };
            var random = new Random(12345);
            foreach (byte[] original in payloads)
            {
                for (int i = 0; i < 2000; i++)
                {
                    byte[] damaged = (byte[])original.Clone();
                    int flips = 1 + random.Next(3);
                    for (int f = 0; f < flips; f++) damaged[random.Next(damaged.Length)] = (byte)random.Next(256);
                    foreach ((string reader, Func<byte[], object?> read) in s_readers)
                    {
                        try
                        {
                            read(damaged);
                        }
                        catch (AmberException)
                        {
                        }
                        catch (Exception ex)
                        {
                            Assert.Fail($"{Convert.ToHexString(damaged)} read as {reader} threw {ex.GetType().Name}: {ex.Message}");
                        }
                    }
                }
            }
        }

        [Fact]
        public void Corrupted_payloads_of_every_scalar_and_collection_kind_succeed_or_throw_AmberException()
        {
            var scalars = new AllScalars
            {
                String = "s\u00E9", Guid = Guid.NewGuid(), DateTime = new DateTime(5, DateTimeKind.Utc),
                DateTimeOffset = new DateTimeOffset(638397614451234567L, TimeSpan.FromMinutes(90)), TimeSpan = TimeSpan.FromTicks(-5),
                DateOnly = new DateOnly(2000, 1, 1), TimeOnly = new TimeOnly(1, 2), Half = (Half)1.5f, Int128 = -1, UInt128 = 7,
                BigInteger = System.Numerics.BigInteger.Pow(10, 30), Uri = new Uri("https://x.test/p"), Version = new Version(1, 2, 3),
            };
            var arrays = new AllArrays
            {
                Ints = new[] { 1, 2 }, Strings = new[] { "a", null }, NullableInts = new int?[] { null, 3 }, Jagged = new[] { new[] { 1 } },
                Grid = new[,] { { 1, 2 }, { 3, 4 } }, Cube = new string?[1, 2, 1] { { { "a" }, { null } } }, Bytes = new byte[] { 1 },
                Books = new Book?[] { new Book { Title = "b" } }, Vectors = new[] { new Vector3 { X = 1 } },
            };
            var collections = new AllCollections
            {
                IntList = new List<int> { 1 }, SortedSet = new SortedSet<int> { 2, 1 }, Stack = new Stack<int>(new[] { 1, 2 }),
                ImmutableArray = System.Collections.Immutable.ImmutableArray.Create(1, 2),
                ImmutableDictionary = System.Collections.Immutable.ImmutableDictionary<string, int>.Empty.Add("a", 1),
                SortedDictionary = new SortedDictionary<string, int> { ["z"] = 1, ["y"] = 2 }, HashSet = new HashSet<string> { "h" },
            };
            var dictionaries = new AllDictionaries
            {
                ByString = new Dictionary<string, string> { ["a"] = "b" }, ByInt = new Dictionary<int, string> { [1] = "x" },
                ByDateTime = new Dictionary<DateTime, int> { [new DateTime(10)] = 1 }, NullableValues = new Dictionary<string, int?> { ["n"] = null, ["v"] = 1 },
                ListValues = new Dictionary<long, List<string>> { [5] = new List<string> { "l" } },
            };
            var cases = new (byte[] Bytes, Func<byte[], object?> Read)[]
            {
                (AmberSerializer.Serialize(scalars), b => AmberSerializer.Deserialize<AllScalars>(b)),
                (AmberSerializer.Serialize(arrays), b => AmberSerializer.Deserialize<AllArrays>(b)),
                (AmberSerializer.Serialize(collections), b => AmberSerializer.Deserialize<AllCollections>(b)),
                (AmberSerializer.Serialize(dictionaries), b => AmberSerializer.Deserialize<AllDictionaries>(b)),
            };
            var random = new Random(54321);
            foreach ((byte[] original, Func<byte[], object?> read) in cases)
            {
                read(original);
                for (int i = 0; i < 3000; i++)
                {
                    byte[] damaged = (byte[])original.Clone();
                    int flips = 1 + random.Next(2);
                    for (int f = 0; f < flips; f++) damaged[random.Next(damaged.Length)] = (byte)random.Next(256);
                    try
                    {
                        read(damaged);
                    }
                    catch (AmberException)
                    {
                    }
                    catch (Exception ex)
                    {
                        Assert.Fail($"{Convert.ToHexString(damaged)} threw {ex.GetType().Name}: {ex.Message}");
                    }
                }
            }
        }

        // ------------------------------------------------------------------ no formatter

        private static byte[] Ser<T>(T v) => AmberSerializer.Serialize(v);

        private static T? De<T>(byte[] bytes) => AmberSerializer.Deserialize<T>(bytes);

        [Fact]
        public void A_type_only_used_through_generic_code_has_no_formatter_and_the_message_says_what_to_do()
        {
            var ex = Assert.Throws<AmberException>(() => Ser(new UnregisteredWidget { Size = 1 }));
            Assert.Contains("UnregisteredWidget", ex.Message);
            Assert.Contains("AmberSerializable", ex.Message);

            var ex2 = Assert.Throws<AmberException>(() => De<UnregisteredWidget>(new byte[] { 0x15, 0x00 }));
            Assert.Contains("UnregisteredWidget", ex2.Message);
            Assert.Contains("AmberSerializable", ex2.Message);

            Assert.Null(AmberFormatterRegistry.TryGet<UnregisteredWidget>());
            // A generic helper works for a type that is served elsewhere.
            Assert.Equal("Ada", De<Person>(Ser(new Person { Name = "Ada" }))!.Name);
        }

        // ------------------------------------------------------------------ cycles and depth

        [Fact]
        public void A_self_referencing_object_throws_AmberException_at_the_depth_limit()
        {
            var node = new Node { Value = 1 };
            node.Next = node;
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(node));
            Assert.Contains("depth", ex.Message);
            Assert.Contains("64", ex.Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Serialize(new ArrayBufferWriter<byte>(), node));
            Assert.Throws<AmberException>(() => AmberSerializer.Serialize(new MemoryStream(), node));

            // The thread's pooled state is still good afterwards.
            Assert.Equal("150204346000BA030441646148", Convert.ToHexString(AmberSerializer.Serialize(new Person { Name = "Ada", Age = 36 })));
        }

        [Fact]
        public void A_cycle_through_a_list_throws_AmberException()
        {
            var tree = new TreeNode { Name = "root", Children = new List<TreeNode>() };
            tree.Children.Add(new TreeNode { Name = "leaf" });
            tree.Children.Add(tree);
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Serialize(tree));
            Assert.Contains("depth", ex.Message);
        }

        private static Node Chain(int length)
        {
            var head = new Node { Value = 0 };
            Node cur = head;
            for (int i = 1; i < length; i++)
            {
                cur.Next = new Node { Value = i };
                cur = cur.Next;
            }
            return head;
        }

        [Fact]
        public void The_depth_limit_is_MaxDepth_when_writing_and_reading()
        {
            Node ok = AmberSerializer.Deserialize<Node>(AmberSerializer.Serialize(Chain(64)))!;
            int length = 0;
            for (Node? n = ok; n != null; n = n.Next) length++;
            Assert.Equal(64, length);
            Assert.Throws<AmberException>(() => AmberSerializer.Serialize(Chain(65)));

            var deep = new AmberOptions { MaxDepth = 500 };
            byte[] bytes = AmberSerializer.Serialize(Chain(300), deep);
            Node back = AmberSerializer.Deserialize<Node>(bytes, deep)!;
            Assert.Equal(299, Enumerable.Range(0, 299).Aggregate(back, (n, _) => n.Next!).Value);

            // A reader with the default limit refuses the deep payload instead of recursing on.
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Node>(bytes));
            Assert.Contains("depth", ex.Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Node>(Segments.OneByte(bytes)));
            // Skipping a deep value is limited too: a Person reader skips Node's unknown members.
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Person>(bytes));
        }
    }
}
