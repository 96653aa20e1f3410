using System;
using System.Collections.Generic;

namespace Amber.Bench
{
    // The brief's workload types, as a user writes them: no attributes.

    public class MessageEnvelope
    {
        public bool IsInternal { get; set; }
        public DateTime TimeStamp { get; set; }
        public Guid MessageId { get; set; }
        public string? Header { get; set; }
        public Guid From { get; set; }
        public Guid To { get; set; }
        public Dictionary<string, string>? KeyValuePairs { get; set; }

        /// <summary>The brief's test message: Header "Test", fresh From/To, everything else default.</summary>
        public static MessageEnvelope Create(Random random) => new MessageEnvelope
        {
            Header = "Test",
            From = NewGuid(random),
            To = NewGuid(random),
        };

        private static Guid NewGuid(Random random)
        {
            var bytes = new byte[16];
            random.NextBytes(bytes);
            return new Guid(bytes);
        }
    }

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    public class BookShelf
    {
        public List<Book>? Books { get; set; }

        public static BookShelf Create(int n)
        {
            var books = new List<Book>(n);
            for (int i = 0; i < n; i++) books.Add(new Book { Title = $"Book {i}", Id = i });
            return new BookShelf { Books = books };
        }
    }
}
