namespace Amber.Bench.Workloads
{
    public sealed partial class BookShelfWorkload
    {
        public static void Compare(Comparer c, BookShelf e, BookShelf a)
        {
            c.Equal("Secret", BookShelfSecret.Get(e), BookShelfSecret.Get(a));
            c.Sequence("Books", e.Books, a.Books, (cc, p, x, y) =>
            {
                cc.Equal(p + ".Title", x.Title, y.Title);
                cc.Equal(p + ".Id", x.Id, y.Id);
                cc.Bytes(p + ".BookData", x.BookData, y.BookData);
            });
        }
    }
}
