using System;
using System.Collections.Generic;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    public class SmokeTests
    {
        [Fact]
        public void Person_round_trips()
        {
            var p = new Person { Name = "Ada", Age = 36 };
            byte[] bytes = AmberSerializer.Serialize(p);
            Person? back = AmberSerializer.Deserialize<Person>(bytes);
            Assert.NotNull(back);
            Assert.Equal("Ada", back!.Name);
            Assert.Equal(36, back.Age);
        }

        /// <summary>
        /// The suite's envelope with Header, From and To set is 47 bytes, as README.md ("47 bytes against protobuf-net's 52")
        /// and docs/format.md §8 say: 1 payload header + 1 object header + 7 shape bytes (count + 3 members × 2) + 1 presence
        /// + 5 for "Test" + 16 + 16 for the two Guids.
        /// </summary>
        [Fact]
        public void The_envelope_is_47_bytes_as_the_docs_say()
        {
            var e = new MessageEnvelope { Header = "Test", From = Guid.NewGuid(), To = Guid.NewGuid() };
            byte[] bytes = AmberSerializer.Serialize(e);
            var back = AmberSerializer.Deserialize<MessageEnvelope>(bytes)!;
            Assert.Equal(e.From, back.From);
            Assert.Equal(e.To, back.To);
            Assert.Equal("Test", back.Header);
            Assert.Equal(47, bytes.Length);
        }

        [Fact]
        public void Record_and_struct_array_round_trip()
        {
            var r = AmberSerializer.Deserialize<PersonRecord>(AmberSerializer.Serialize(new PersonRecord("Bo", 5)));
            Assert.Equal(new PersonRecord("Bo", 5), r);
            var v = new[] { new Vector3 { X = 1, Y = 2, Z = 3 } };
            var vb = AmberSerializer.Deserialize<Vector3[]>(AmberSerializer.Serialize(v))!;
            Assert.Equal(3f, vb[0].Z);
            var shelf = new BookShelf { Books = new List<Book> { new Book { Title = "A", Id = 1 }, new Book { Title = "B", Id = 2 } } };
            var sb = AmberSerializer.Deserialize<BookShelf>(AmberSerializer.Serialize(shelf))!;
            Assert.Equal("B", sb.Books![1].Title);
        }
    }
}

namespace Amber.Tests.Serialization
{
    public class StringEdgeTests
    {
        [Fact]
        public void Lone_surrogate_is_written_as_replacement_character()
        {
            var p = new Amber.Tests.Models.Person { Name = "a\uD800b", Age = 1 };
            var back = AmberSerializer.Deserialize<Amber.Tests.Models.Person>(AmberSerializer.Serialize(p))!;
            Assert.Equal("a\uFFFDb", back.Name);
        }

        [Fact]
        public void Error_path_names_generic_roots_like_csharp()
        {
            byte[] good = AmberSerializer.Serialize(new System.Collections.Generic.List<Amber.Tests.Models.Person> { new Amber.Tests.Models.Person { Name = "x" } });
            byte[] cut = good.AsSpan(0, good.Length - 1).ToArray();
            var ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<System.Collections.Generic.List<Amber.Tests.Models.Person>>(cut));
            Assert.StartsWith("List<Person>[0].", ex.MemberPath);
        }
    }
}
