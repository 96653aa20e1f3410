using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    /// <summary>A shelf of N books: Title "Book {i}", Id i, BookData null, and the same private Secret every time.</summary>
    internal static class BookShelfGenerator
    {
        public static BookShelf Create(int n)
        {
            var books = new List<Book>(n);
            for (int i = 0; i < n; i++) books.Add(new Book { Title = "Book " + i, Id = i });
            return new BookShelf("private member value") { Books = books };
        }
    }
}
