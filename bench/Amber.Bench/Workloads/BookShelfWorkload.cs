using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    /// <summary>Report 5's type. The brief's Secret is private; until private members land (issue 4) it is a public property for every serializer.</summary>
    public class BookShelf
    {
        public List<Book>? Books { get; set; }
        public string? Secret { get; set; }
    }

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    public sealed class BookShelfWorkload : Workload
    {
        public static readonly int[] SweepSizes = { 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000 };

        public override string Name => "bookshelf";

        public override string Description => "BookShelf of N books: Title \"Book {i}\", Id i, BookData null";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "bookshelf: the brief's BookShelf.Secret is private; every serializer gets it as a public property until the suite configures private-member access for each peer (Amber has [AmberInclude] now: issue 4).",
        };

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            if (sweep && !scale.IsTiny)
            {
                foreach (int n in SweepSizes) yield return Create(n);
            }
            else
            {
                yield return Create(scale.BookshelfN);
            }
        }

        private WorkloadCase Create(int n)
        {
            var books = new List<Book>(n);
            for (int i = 0; i < n; i++) books.Add(new Book { Title = "Book " + i, Id = i });
            return new WorkloadCase<BookShelf>(Name, n, new BookShelf { Books = books, Secret = "private member value" }, Compare);
        }

        public static void Compare(Comparer c, BookShelf e, BookShelf a)
        {
            c.Equal("Secret", e.Secret, a.Secret);
            c.Sequence("Books", e.Books, a.Books, (cc, p, x, y) =>
            {
                cc.Equal(p + ".Title", x.Title, y.Title);
                cc.Equal(p + ".Id", x.Id, y.Id);
                cc.Bytes(p + ".BookData", x.BookData, y.BookData);
            });
        }
    }
}
